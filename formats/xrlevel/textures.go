package xrlevel

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"rummage/formats"
	"rummage/formats/dds"
)

// Texture lookup: a level's base textures are .dds files under a
// textures/ folder of its game data, found beside the level or in a
// parent folder (gamedata/levels/NAME/level → gamedata/textures/). Names
// are the level's own ("terrain\terrain_escape"), matched without regard
// to case, with either separator; ".dds" is added.

// Caps on what textures may cost.
const (
	// PreviewSide is the largest side of a texture image on a mesh: a
	// smaller mip is used when the file has one.
	PreviewSide = 512
	// maxTextureBytes caps the decoded bytes of all of a level's textures;
	// past it the rest are drawn as flat colours.
	maxTextureBytes = 256 << 20
	maxDirEntries   = 1 << 16 // entries read from one folder of the tree
)

// TextureFile is where a texture name was found, or why not.
type TextureFile struct {
	Name string // as the level names it
	Path string // the .dds file, "" when not found
	Err  error  // the file's header did not read, or its pixels did not decode

	once sync.Once
	img  image.Image
}

// textureStore resolves and caches a level's textures.
type textureStore struct {
	roots []string // textures folders, nearest first
	from  string   // the folder the roots were looked for from ("" when none)
	mu    sync.Mutex
	dirs  map[string]map[string]string // folder -> lower-case name -> stored name
	files map[string]*TextureFile      // by lower-case name with '/' separators
	bytes int64                        // decoded so far
}

// findTextureRoots lists the textures folders beside the level and in its
// parents (a folder called textures, or gamedata/textures), nearest first.
func findTextureRoots(dir string) []string {
	if dir == "" {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for up, d := 0, dir; up <= maxSideUp+1; up, d = up+1, filepath.Dir(d) {
		for _, p := range [][]string{{"textures"}, {"gamedata", "textures"}} {
			if r, ok := lookupFold(d, p); ok && !seen[r] {
				if st, err := os.Stat(r); err == nil && st.IsDir() {
					seen[r] = true
					out = append(out, r)
				}
			}
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return out
}

// lookupFold follows the path parts below dir, each matched without
// regard to case (folders are listed, at most maxDirEntries entries each).
func lookupFold(dir string, parts []string) (string, bool) {
	p := dir
	for _, part := range parts {
		ents, err := readDirNames(p)
		if err != nil {
			return "", false
		}
		name, ok := ents[strings.ToLower(part)]
		if !ok {
			return "", false
		}
		p = filepath.Join(p, name)
	}
	return p, true
}

// readDirNames lists a folder as lower-case name -> stored name (the first
// in sorted order wins when two differ only in case).
func readDirNames(dir string) (map[string]string, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	names, err := f.Readdirnames(maxDirEntries)
	if err != nil && len(names) == 0 {
		return nil, err
	}
	sort.Strings(names)
	out := make(map[string]string, len(names))
	for _, n := range names {
		if _, dup := out[strings.ToLower(n)]; !dup {
			out[strings.ToLower(n)] = n
		}
	}
	return out, nil
}

// textureKey normalises a texture name: lower case, '/' separators, no
// empty or dot parts. ok is false for a name that would leave the tree.
func textureKey(name string) (key string, parts []string, ok bool) {
	for _, p := range strings.FieldsFunc(name, func(r rune) bool { return r == '\\' || r == '/' }) {
		switch p {
		case ".":
			continue
		case "..":
			return "", nil, false
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return "", nil, false
	}
	if !strings.HasSuffix(strings.ToLower(parts[len(parts)-1]), ".dds") {
		parts[len(parts)-1] += ".dds"
	}
	return strings.ToLower(strings.Join(parts, "/")), parts, true
}

// file resolves a texture name (once per name) to its .dds file.
func (ts *textureStore) file(name string) *TextureFile {
	key, parts, ok := textureKey(name)
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if tf, ok := ts.files[key]; ok {
		return tf
	}
	tf := &TextureFile{Name: name}
	ts.files[key] = tf
	if !ok {
		return tf
	}
	for _, root := range ts.roots {
		if p, ok := ts.lookup(root, parts); ok {
			tf.Path = p
			tf.Err = checkDDS(p)
			break
		}
	}
	return tf
}

// lookup is lookupFold with the folder listings cached.
func (ts *textureStore) lookup(dir string, parts []string) (string, bool) {
	p := dir
	for _, part := range parts {
		ents, ok := ts.dirs[p]
		if !ok {
			ents, _ = readDirNames(p)
			ts.dirs[p] = ents
		}
		name, ok := ents[strings.ToLower(part)]
		if !ok {
			return "", false
		}
		p = filepath.Join(p, name)
	}
	return p, true
}

// checkDDS reads a texture file's header.
func checkDDS(path string) error {
	f, st, err := formats.OpenRegular(path)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := dds.Open(f, 0, st.Size()); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// image decodes the texture once (the first mip no larger than
// PreviewSide on a side), within the store's byte budget; nil when it is
// missing, broken or over the budget.
func (ts *textureStore) image(tf *TextureFile) image.Image {
	tf.once.Do(func() {
		if tf.Path == "" || tf.Err != nil {
			return
		}
		img, err := decodePreview(tf.Path, ts.reserve)
		if err != nil {
			tf.Err = err
			return
		}
		tf.img = img
	})
	return tf.img
}

// reserve takes n decoded bytes from the budget; false when they do not fit.
func (ts *textureStore) reserve(n int64) bool {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if ts.bytes+n > maxTextureBytes {
		return false
	}
	ts.bytes += n
	return true
}

// decodePreview reads the .dds at path and decodes its first level that
// fits PreviewSide (the smallest one when none does).
func decodePreview(path string, reserve func(int64) bool) (*image.NRGBA, error) {
	f, st, err := formats.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	d, err := dds.Open(f, 0, st.Size())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	level := len(d.Levels) - 1
	for i, L := range d.Levels {
		if L.Width <= PreviewSide && L.Height <= PreviewSide {
			level = i
			break
		}
	}
	L := d.Levels[level]
	if !reserve(4 * int64(L.Width) * int64(L.Height)) {
		return nil, fmt.Errorf("%s: the level's textures already take %d MiB; drawn as a flat colour", path, maxTextureBytes>>20)
	}
	img, err := d.Image(level)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return img, nil
}

// findTextures looks up every base texture the level's visuals name
// (levels on disk only) and records a finding for each one not found or
// broken. A level with no textures folder anywhere gets no finding: it is
// outside a game tree, and its textures are flat colours by design.
func (lv *Level) findTextures(dir string) {
	lv.tex = &textureStore{dirs: map[string]map[string]string{}, files: map[string]*TextureFile{}}
	if dir == "" {
		return
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs // a relative path has no parents to search
	}
	lv.tex.from = dir
	lv.tex.roots = findTextureRoots(dir)
	if len(lv.tex.roots) == 0 {
		return
	}
	for _, n := range lv.baseTextureNames() {
		tf := lv.tex.file(n)
		switch {
		case tf.Err != nil:
			lv.diag("", -1, "texture %s: %v", n, tf.Err)
		case tf.Path == "":
			lv.diag("", -1, "texture %s is missing: no %s under %s", n, ddsName(n), strings.Join(lv.tex.roots, ", "))
		}
	}
}

// ddsName is the file name looked for.
func ddsName(name string) string {
	if _, parts, ok := textureKey(name); ok {
		return strings.Join(parts, "/")
	}
	return name
}

// baseTextureNames lists the distinct base textures of the visuals with
// triangles, in visual order.
func (lv *Level) baseTextureNames() []string {
	var out []string
	seen := map[string]bool{}
	for _, v := range lv.Visuals {
		if v.Type == 1 || lv.indexCount(v) == 0 {
			continue
		}
		if t := lv.BaseTexture(v); t != "" && !seen[strings.ToLower(t)] {
			seen[strings.ToLower(t)] = true
			out = append(out, t)
		}
	}
	return out
}

// TextureFile returns where the level's texture name was found (nil for
// a level that was not read from disk).
func (lv *Level) TextureFile(name string) *TextureFile {
	if lv.tex == nil || name == "" {
		return nil
	}
	return lv.tex.file(name)
}
