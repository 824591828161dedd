package xrlevel

import (
	"fmt"
	"path/filepath"

	"rummage/formats"
)

// TextureReport says which of the level's base textures were not found
// (or did not read) and where they were looked for.
func (lv *Level) TextureReport() formats.TextureReport {
	names := lv.baseTextureNames()
	r := formats.TextureReport{Named: len(names)}
	if lv.tex == nil {
		r.Missing = names
		return r
	}
	for _, n := range names {
		if tf := lv.tex.file(n); tf.Path == "" || tf.Err != nil {
			r.Missing = append(r.Missing, n)
		}
	}
	r.Looked = lv.tex.looked()
	return r
}

// looked is where the store looks for textures: its textures folders, or
// how they were searched for when none was found (nothing for a level
// that is not on disk).
func (ts *textureStore) looked() []string {
	if len(ts.roots) > 0 {
		return append([]string(nil), ts.roots...)
	}
	if ts.from == "" {
		return nil
	}
	n, folders := foldersAbove(ts.from), "folders"
	if n == 1 {
		folders = "folder"
	}
	return []string{fmt.Sprintf("textures/ or gamedata/textures/ in %s and the %d %s above it", ts.from, n, folders)}
}

// foldersAbove is how many parents of dir findTextureRoots searches.
func foldersAbove(dir string) int {
	n := 0
	for d := dir; n < maxSideUp+1 && filepath.Dir(d) != d; d = filepath.Dir(d) {
		n++
	}
	return n
}

// TextureReport is the level's (see Level.TextureReport); empty when it
// does not decode (its error says why).
func (n *LevelNode) TextureReport() formats.TextureReport {
	lv, err := n.Level()
	if err != nil {
		return formats.TextureReport{}
	}
	return lv.TextureReport()
}

// TextureReport is the model's (see Level.TextureReport); empty when it
// does not decode.
func (n *ModelNode) TextureReport() formats.TextureReport {
	m, err := n.Model()
	if err != nil {
		return formats.TextureReport{}
	}
	return m.Level.TextureReport()
}
