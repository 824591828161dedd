package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"rummage/formats"
	"rummage/formats/txd"
)

// buildTXDFlags are the flags of build txd (and, build img's being a
// subset, of build).
var buildTXDFlags = map[string]bool{"platform": true, "format": true, "mips": true, "quality": true, "version": true,
	"resize": true, "filter": true, "addressing": true, "out": true, "overwrite": false}

// txdSet is one TXD a build writes: its images with each one's options
// (the flags, with its folder's textures.json over them) and its file.
type txdSet struct {
	out   string
	files []string
	opts  []txd.BuildOptions
}

// maxSettingsBytes caps a textures.json.
const maxSettingsBytes = 16 << 20

// runBuildTXD builds one TXD of the images given, or, given folders of
// folders, one TXD per subfolder into the folder --out. Everything is
// checked before a pixel is decoded: the settings files, the names, what
// every image header claims against the memory budget and the outputs.
func runBuildTXD(e *env, a *args, out string) int {
	o, err := txdBuildOptions(a)
	if err != nil {
		return e.usagef("%v", err)
	}
	sets, err := txdSets(a.pos[1:], out, o)
	if err != nil {
		return e.fail("", "", err)
	}
	for _, s := range sets {
		if st := e.checkOut(a, s.out); st != exitOK {
			return st
		}
	}
	if err := checkSets(sets); err != nil {
		return e.fail("", "", err)
	}
	status := exitOK
	for _, s := range sets {
		if st := e.buildSet(a, s); st != exitOK {
			status = st
		}
	}
	return status
}

// buildSet builds and writes one TXD.
func (e *env) buildSet(a *args, s *txdSet) int {
	ts, err := txd.BuildAll(len(s.files), func(i int) (txd.Source, txd.BuildOptions, error) {
		o := s.opts[i]
		b, err := formats.ReadRegular(s.files[i], maxInputBytes)
		if err != nil {
			return txd.Source{}, o, plainErr(err)
		}
		src, err := txd.LoadSourceFor(s.files[i], b, o.Resize)
		if err != nil {
			return src, o, fmt.Errorf("%s: %w", s.files[i], err)
		}
		return src, o, nil
	})
	if err != nil {
		return e.fail("", "", err)
	}
	data, err := txd.NewDictionaryOf(ts).Marshal()
	if err != nil {
		return e.fail(s.out, "", err)
	}
	if dir := filepath.Dir(s.out); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return e.fail(s.out, "", plainErr(err))
		}
	}
	return e.save(a, s.out, bytes.NewReader(data))
}

// txdSets are the TXDs of a build: one of every image given, or, when
// every input is a folder of folders (no image of its own, subfolders
// with images), one per subfolder with images, written as
// OUT/SUBFOLDER.txd.
func txdSets(inputs []string, out string, o txd.BuildOptions) ([]*txdSet, error) {
	nested := 0
	for _, p := range inputs {
		if isFolderOfFolders(p) {
			nested++
		}
	}
	if nested == 0 {
		s, err := newTXDSet(inputs, out, o)
		return []*txdSet{s}, err
	}
	if nested < len(inputs) {
		return nil, errors.New("a folder of folders (one TXD per subfolder) cannot be built together with images")
	}
	if st, err := os.Stat(out); err == nil && !st.IsDir() || strings.EqualFold(filepath.Ext(out), ".txd") {
		return nil, fmt.Errorf("--out %s: a folder of folders builds one TXD per subfolder: --out names the folder they go into", out)
	}
	var sets []*txdSet
	seen := map[string]string{}
	for _, p := range inputs {
		for _, sub := range imageSubfolders(p) {
			name := filepath.Base(sub)
			if prev, ok := seen[strings.ToLower(name)]; ok {
				return nil, fmt.Errorf("%s and %s would both be %s.txd", prev, sub, name)
			}
			seen[strings.ToLower(name)] = sub
			s, err := newTXDSet([]string{sub}, filepath.Join(out, name+".txd"), o)
			if err != nil {
				return nil, err
			}
			sets = append(sets, s)
		}
	}
	return sets, nil
}

// newTXDSet lists the images of inputs and gives each its options: o,
// with the textures.json of the image's folder over it.
func newTXDSet(inputs []string, out string, o txd.BuildOptions) (*txdSet, error) {
	files, err := inputFiles(inputs, txd.SourceExts)
	if err != nil {
		return nil, err
	}
	if err := uniqueNames(files); err != nil {
		return nil, err
	}
	s := &txdSet{out: out, files: files, opts: make([]txd.BuildOptions, len(files))}
	settings := map[string]*txd.Settings{}
	for _, p := range inputs {
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			p = filepath.Clean(p) // as filepath.Dir gives it for its files
			if settings[p], err = readSettings(p, files); err != nil {
				return nil, err
			}
		}
	}
	for i, f := range files {
		s.opts[i] = settings[filepath.Dir(f)].Apply(textureName(f), o)
	}
	return s, nil
}

// readSettings reads dir's textures.json (nil when there is none) and
// checks that every texture it names is an image of dir among files.
func readSettings(dir string, files []string) (*txd.Settings, error) {
	p := filepath.Join(dir, txd.SettingsFile)
	if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	b, err := formats.ReadRegular(p, maxSettingsBytes)
	if err != nil {
		return nil, plainErr(err)
	}
	s, err := txd.ReadSettings(p, b)
	if err != nil {
		return nil, err
	}
	have := map[string]bool{}
	for _, f := range files {
		if filepath.Dir(f) == dir {
			have[strings.ToLower(textureName(f))] = true
		}
	}
	for _, n := range s.Names() {
		if !have[strings.ToLower(n)] {
			return nil, fmt.Errorf("%s: texture %q: no image of that name in %s (%s)", p, n, dir, strings.Join(txd.SourceExts, ", "))
		}
	}
	return s, nil
}

// textureName is the texture an image file becomes: its name without the
// extension.
func textureName(f string) string {
	b := filepath.Base(f)
	return strings.TrimSuffix(b, filepath.Ext(b))
}

// isFolderOfFolders reports whether p is a folder with no image of its own
// and a subfolder with images.
func isFolderOfFolders(p string) bool {
	ents, err := os.ReadDir(p)
	if err != nil {
		return false
	}
	for _, de := range ents {
		if de.Type().IsRegular() && hasExt(de.Name(), txd.SourceExts) {
			return false
		}
	}
	return len(imageSubfolders(p)) > 0
}

// imageSubfolders are p's subfolders (not symbolic links) that hold
// images, by name.
func imageSubfolders(p string) []string {
	ents, _ := os.ReadDir(p)
	var out []string
	for _, de := range ents {
		if !de.IsDir() {
			continue
		}
		sub := filepath.Join(p, de.Name())
		kids, _ := os.ReadDir(sub)
		for _, k := range kids {
			if k.Type().IsRegular() && hasExt(k.Name(), txd.SourceExts) {
				out = append(out, sub)
				break
			}
		}
	}
	return out
}
