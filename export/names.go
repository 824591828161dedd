package export

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// namer hands out unique file and folder names. Names are compared
// case-insensitively, so an export also works on Windows and macOS. Files
// already on disk under the output folder are handled by the Existing
// policy; folders on disk are reused.
type namer struct {
	// used holds the names claimed in each folder, by the folder's
	// relative path, both in lower case; a folder's set is dropped once
	// its subtree is planned (forget), as nothing more is named in it.
	used map[string]map[string]bool
	// texOwners holds the texture stems (see texStem) of the OBJ files
	// claimed: the names STEM_texN.png are theirs. texNames holds the
	// stems of the claimed names of that shape. Both are lower case.
	texOwners map[string]bool
	texNames  map[string]bool
	root      string                // the output folder on disk
	existing  Existing              // what to do with a file that exists
	ask       func(string) Existing // Options.Ask
	// absent says of the folders looked at whether they are missing on
	// disk: nothing is looked up inside a missing one (a fresh export
	// looks at each folder once, not at each file).
	absent map[string]bool
}

func newNamer(o Options) *namer {
	root := o.Dir
	if root == "" {
		root = "."
	}
	return &namer{used: map[string]map[string]bool{}, texOwners: map[string]bool{}, texNames: map[string]bool{}, root: root, existing: o.Existing, ask: o.Ask, absent: map[string]bool{}}
}

// base is the file name stem of seg (SafeName: never a dotfile).
func (n *namer) base(seg string) string { return SafeName(seg) }

// candidate is the i-th try of dir/base: base, base_2, base_3, ...
func candidate(dir, base string, i int) string {
	if i > 1 {
		base += "_" + strconv.Itoa(i)
	}
	if dir == "" {
		return base
	}
	return path.Join(dir, base)
}

// onDisk returns the file mode of rel under the output folder, ok false
// when nothing is there.
func (n *namer) onDisk(rel string) (fs.FileMode, bool) {
	if n.missingDir(path.Dir(rel)) {
		return 0, false
	}
	st, err := os.Lstat(filepath.Join(n.root, filepath.FromSlash(rel)))
	if err != nil {
		return 0, false
	}
	return st.Mode(), true
}

// missingDir reports whether the folder rel ("." for the output folder)
// is missing on disk (what is there but no folder counts as missing: no
// file can be inside it), looking each folder up once.
func (n *namer) missingDir(rel string) bool {
	if v, ok := n.absent[rel]; ok {
		return v
	}
	missing := rel != "." && n.missingDir(path.Dir(rel))
	if !missing {
		st, err := os.Stat(filepath.Join(n.root, filepath.FromSlash(rel)))
		missing = err != nil || !st.IsDir()
	}
	n.absent[rel] = missing
	return missing
}

// claimDir returns a folder name for seg in dir: a folder that exists on
// disk is reused, any other file there makes it try the next name.
func (n *namer) claimDir(dir, seg string) string {
	base := n.base(seg)
	for i := 1; ; i++ {
		cand := candidate(dir, base, i)
		if n.isUsed(cand) {
			continue
		}
		if mode, ok := n.onDisk(cand); ok && !mode.IsDir() {
			continue
		}
		n.use(cand)
		return cand
	}
}

// claim returns dir/NAME+ext with NAME the sanitised seg, made unique by
// "_2", "_3", ... before ext, and what to do on disk: KeepBoth (a new file,
// nothing is replaced), Overwrite (replace the file there) or Skip.
func (n *namer) claim(dir, seg, ext string) (string, Existing) {
	return n.claimSet(dir, seg, func(cand string) []string { return []string{cand + ext} }, ext, false)
}

// claimPair claims dir/NAME.obj and dir/NAME.mtl together, and the names
// of the textures written beside them (texStem(dir/NAME)_texN.png for
// every N), and returns dir/NAME.
func (n *namer) claimPair(dir, seg string) (string, Existing) {
	return n.claimSet(dir, seg, func(cand string) []string {
		return []string{cand + ".obj", cand + ".mtl"}
	}, "", true)
}

// texStem is the stem of the texture files of the OBJ file rel+".obj":
// rel with white space in its last segment made "_", as MTL readers split
// map_Kd on it.
func texStem(rel string) string {
	return path.Join(path.Dir(rel), objName(path.Base(rel)))
}

// texOwner returns the stem of a name of the shape STEM_texN.png, in
// lower case.
func texOwner(name string) (string, bool) {
	low := strings.ToLower(name)
	rest, ok := strings.CutSuffix(low, ".png")
	i := strings.LastIndex(rest, "_tex")
	if !ok || i < 0 || i+4 == len(rest) {
		return "", false
	}
	for _, r := range rest[i+4:] {
		if r < '0' || r > '9' {
			return "", false
		}
	}
	return rest[:i], true
}

// claimGroup claims dir/NAME_mip0.png .. NAME_mip(levels-1).png together
// and returns dir/NAME.
func (n *namer) claimGroup(dir, seg string, levels int) (string, Existing) {
	return n.claimSet(dir, seg, func(cand string) []string {
		files := make([]string, levels)
		for l := range files {
			files[l] = cand + "_mip" + strconv.Itoa(l) + ".png"
		}
		return files
	}, "", false)
}

// claimSet returns dir/NAME (dir/NAME+ext when ext is given) with NAME the
// sanitised seg, made unique by "_2", "_3", ..., so that none of the names
// files(dir/NAME) is taken by this export, and claims them all; with
// textures, also the names of its textures (see claimPair). A name whose
// files exist on disk is passed over, overwritten or skipped as the
// Existing policy (or Ask) says; once it is passed over (KeepBoth), the
// names after it that exist are passed over too, without asking again.
func (n *namer) claimSet(dir, seg string, files func(cand string) []string, ext string, textures bool) (string, Existing) {
	base := n.base(seg)
	keeping := false
	for i := 1; ; i++ {
		cand := candidate(dir, base, i)
		names := files(cand)
		if n.taken(names) || textures && n.texNames[strings.ToLower(texStem(cand))] {
			continue
		}
		exists, d := n.decide(names, keeping)
		if exists && d == KeepBoth {
			keeping = true
			continue
		}
		for _, f := range names {
			n.use(f)
			if stem, ok := texOwner(f); ok {
				n.texNames[stem] = true
			}
		}
		if textures {
			n.texOwners[strings.ToLower(texStem(cand))] = true
		}
		if !exists {
			return cand + ext, KeepBoth
		}
		return cand + ext, d
	}
}

// use claims the name rel (a file or a folder) in its folder.
func (n *namer) use(rel string) {
	dir, name := path.Split(strings.ToLower(rel))
	set := n.used[dir]
	if set == nil {
		set = map[string]bool{}
		n.used[dir] = set
	}
	set[name] = true
}

// isUsed reports whether rel is claimed.
func (n *namer) isUsed(rel string) bool {
	dir, name := path.Split(strings.ToLower(rel))
	return n.used[dir][name]
}

// forget drops the names claimed inside folder rel (its own name stays
// claimed in its parent): its subtree is planned.
func (n *namer) forget(rel string) {
	if rel != "" {
		delete(n.used, strings.ToLower(rel)+"/")
	}
}

// taken reports whether one of names is claimed by this export already.
func (n *namer) taken(names []string) bool {
	for _, f := range names {
		if n.isUsed(f) {
			return true
		}
		if stem, ok := texOwner(f); ok && n.texOwners[stem] {
			return true
		}
	}
	return false
}

// decide says whether one of names exists on disk and, if so, what to do
// with it: KeepBoth when keeping (the name before it was kept), else the
// policy's (or Ask's) answer. A folder or a symbolic link in the way is
// never replaced.
func (n *namer) decide(names []string, keeping bool) (exists bool, d Existing) {
	for _, f := range names {
		mode, ok := n.onDisk(f)
		if !ok {
			continue
		}
		if mode.IsDir() || keeping {
			return true, KeepBoth
		}
		if n.ask != nil {
			return true, n.ask(filepath.Join(n.root, filepath.FromSlash(f)))
		}
		return true, n.existing
	}
	return false, KeepBoth
}

// maxNameRunes caps file name length (most file systems allow 255 bytes).
const maxNameRunes = 120

// SafeName turns a node name into a file name that is valid on every
// common file system and never hidden: path separators, reserved and
// control characters become "_", trailing dots and spaces are dropped, and
// reserved device names ("CON", "NUL", ...), empty names and names that
// start with a dot get a "_" prefix (a crafted entry ".bashrc" is written
// as "_.bashrc", whatever the flags; "..@4" as "_..@4").
func SafeName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x20 || r == 0x7F || r == 0xFFFD:
			b.WriteByte('_')
		case strings.ContainsRune(`/\:*?"<>|`, r):
			b.WriteByte('_')
		default:
			b.WriteRune(r)
		}
	}
	out := b.String()
	if r := []rune(out); len(r) > maxNameRunes {
		out = string(r[:maxNameRunes])
	}
	out = strings.TrimRight(out, ". ")
	if out == "" {
		return "_"
	}
	if out[0] == '.' {
		return "_" + out
	}
	stem := strings.ToUpper(out)
	if i := strings.IndexByte(stem, '.'); i >= 0 {
		stem = stem[:i]
	}
	switch stem {
	case "CON", "PRN", "AUX", "NUL", "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8", "COM9",
		"LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9":
		return "_" + out
	}
	return out
}
