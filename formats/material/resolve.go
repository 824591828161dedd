package material

import (
	"os"
	"path/filepath"
	"strings"
	"sync"

	"rummage/formats"
)

// Library is a list of named resources in directory order: the MAT0
// entries of a material library or the Texm entries of a texture library.
type Library struct {
	Where   string         // the archive's path, or "this archive"
	Entries []formats.Node // in directory order
}

// Find returns the index of the first entry named name (case-insensitive,
// like the engine), or -1.
func (l *Library) Find(name string) int {
	if l == nil {
		return -1
	}
	for i, e := range l.Entries {
		if strings.EqualFold(e.Name(), name) {
			return i
		}
	}
	return -1
}

// How a WEAR row resolved (the "via" of the JSON contract).
const (
	ViaName    = "name"
	ViaDefault = "default"
	ViaFirst   = "first"
	ViaMissing = "missing"
)

// Resolve finds a material by name: the name itself, then DEFAULT, then the
// library's entry 0 (directory order). It returns the index and how it was
// found; -1 and ViaMissing when the library is missing or empty.
func (l *Library) Resolve(name string) (int, string) {
	if l == nil || len(l.Entries) == 0 {
		return -1, ViaMissing
	}
	if i := l.Find(name); i >= 0 {
		return i, ViaName
	}
	if i := l.Find("DEFAULT"); i >= 0 {
		return i, ViaDefault
	}
	return 0, ViaFirst
}

// Locator finds the libraries a resource refers to: first in its own
// archive (Parent), then as a file beside Path or in a parent folder, then
// the --materials option (material libraries only), then, for data that is
// not on disk, the Options' Libraries.
type Locator struct {
	Parent formats.Node
	Path   string
	Opts   *formats.Options
}

// LocatorFor returns the locator of a source.
func LocatorFor(s formats.Source) Locator {
	return Locator{Parent: s.Parent, Path: s.Path, Opts: s.Opts}
}

// The library kinds a Locator looks for.
const (
	LibMaterials = "Material.lib"
	LibTextures  = "Textures.lib"
	LibLightmaps = "LightMap.lib"
)

func typeFor(lib string) string {
	if lib == LibMaterials {
		return "MAT0"
	}
	return "Texm"
}

// Library returns the library of the given kind (LibMaterials, LibTextures
// or LibLightmaps), or nil when none is found.
func (l Locator) Library(kind string) *Library {
	tag := typeFor(kind)
	if l.Parent != nil {
		if lib := fromNode(l.Parent, tag, "this archive"); lib != nil {
			return lib
		}
	}
	if l.Path != "" {
		dir := filepath.Dir(l.Path)
		for {
			if p := findFold(dir, kind); p != "" && !samePath(p, l.Path) {
				if lib := openLibrary(p, tag, l.Opts); lib != nil {
					return lib
				}
			}
			up := filepath.Dir(dir)
			if up == dir {
				break
			}
			dir = up
		}
	}
	if kind == LibMaterials && l.Opts != nil && l.Opts.Materials != "" {
		return openLibrary(l.Opts.Materials, tag, l.Opts)
	}
	if l.Path != "" || l.Opts == nil || l.Opts.Libraries == nil {
		return nil
	}
	for _, f := range l.Opts.Libraries() {
		if !strings.EqualFold(f.Name(), kind) {
			continue
		}
		if lib := fromNode(f, tag, f.Name()); lib != nil {
			return lib
		}
	}
	return nil
}

func samePath(a, b string) bool {
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}

func fromNode(n formats.Node, tag, where string) *Library {
	kids, err := n.Children()
	if err != nil {
		return nil
	}
	lib := &Library{Where: where}
	for _, k := range kids {
		if t, ok := k.(formats.Typer); ok && t.Type() == tag {
			lib.Entries = append(lib.Entries, k)
		}
	}
	if len(lib.Entries) == 0 {
		return nil
	}
	return lib
}

// findFold returns the path of the regular file in dir whose name equals
// name case-insensitively, or "". name is a plain file name: one with a
// path separator or "." / ".." finds nothing, so a lookup never leaves dir.
func findFold(dir, name string) string {
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\`) {
		return ""
	}
	p := filepath.Join(dir, name)
	if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
		return p
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	for _, e := range ents {
		if strings.EqualFold(e.Name(), name) {
			p := filepath.Join(dir, e.Name())
			if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
				return p
			}
		}
	}
	return ""
}

var (
	libMu    sync.Mutex
	libCache = map[string]*cachedLib{}
)

type cachedLib struct {
	mod  int64
	size int64
	file *formats.File
	lib  *Library
}

// openLibrary opens a library file once and keeps it open for later
// lookups (it is reopened when the file changes).
func openLibrary(path, tag string, opts *formats.Options) *Library {
	st, err := os.Stat(path)
	if err != nil {
		return nil
	}
	key := tag + "\x00" + path
	libMu.Lock()
	defer libMu.Unlock()
	if c, ok := libCache[key]; ok {
		if c.mod == st.ModTime().UnixNano() && c.size == st.Size() {
			return c.lib
		}
		c.file.Close()
		delete(libCache, key)
	}
	o := &formats.Options{}
	if opts != nil {
		*o = *opts
	}
	f, err := formats.Open(path, o)
	if err != nil {
		f.Close()
		return nil
	}
	lib := fromNode(f.Root, tag, path)
	if lib == nil {
		f.Close()
		return nil
	}
	libCache[key] = &cachedLib{mod: st.ModTime().UnixNano(), size: st.Size(), file: f, lib: lib}
	return lib
}
