package cli

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"rummage/formats"
	"rummage/formats/img"
)

// targets are the files a command works on, from its positional words.
//
// A NODE is told apart from a FILE only in one case: exactly one FILE,
// which is not a folder, followed by words of which the first is not an
// existing file or folder; then the words after FILE are NODE paths (the
// single-file form, unchanged). Every other word is a FILE or a folder:
// a folder stands for the files inside it that a format recognises
// (recursively, symbolic links to folders not followed), the others are
// skipped and counted.
type targets struct {
	files   []target
	nodes   []string // NODE words (single-file form only)
	many    bool     // several files (or a folder): one record per file
	skipped int      // files inside folders that no format recognises
}

// target is one file to work on; err is why it cannot be (a missing
// path), reported in its turn.
type target struct {
	path string
	size int64
	err  error
}

// resolveTargets reads a.pos as targets.
func resolveTargets(pos []string) *targets {
	if single(pos) {
		t := &targets{files: []target{{path: pos[0]}}, nodes: pos[1:]}
		if st, err := os.Stat(pos[0]); err == nil {
			t.files[0].size = st.Size()
		}
		return t
	}
	t := &targets{many: true}
	for _, p := range pos {
		st, err := os.Stat(p)
		switch {
		case err != nil:
			t.files = append(t.files, target{path: p, err: plainErr(err)})
		case st.IsDir():
			t.walk(p)
		default:
			t.files = append(t.files, target{path: p, size: st.Size()})
		}
	}
	return t
}

// single reports whether pos is the single-file form: one FILE that is not
// a folder, then no word or NODE words whose first is not on disk.
func single(pos []string) bool {
	if st, err := os.Stat(pos[0]); err == nil && st.IsDir() {
		return false
	}
	if len(pos) == 1 {
		return true
	}
	_, err := os.Lstat(pos[1])
	return err != nil
}

// walk adds the recognised files under dir in name order; a folder that
// cannot be read is a failed target.
func (t *targets) walk(dir string) {
	var found []target
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir {
				return err
			}
			found = append(found, target{path: p, err: plainErr(err)})
			return nil
		}
		if d.IsDir() {
			return nil
		}
		st, err := os.Stat(p) // a symbolic link to a file counts as the file
		if err != nil || !st.Mode().IsRegular() {
			t.skipped++
			return nil
		}
		if !recognised(p, st.Size()) {
			t.skipped++
			return nil
		}
		found = append(found, target{path: p, size: st.Size()})
		return nil
	})
	if err != nil {
		t.files = append(t.files, target{path: dir, err: plainErr(err)})
		return
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].path < found[j].path })
	t.files = append(t.files, found...)
}

// recognised reports whether a format claims the file at p by its first
// bytes and name. A version 1 IMG directory (.dir) is not counted when its
// .img is beside it: the .img is the file that opens.
func recognised(p string, size int64) bool {
	if size == 0 {
		return false
	}
	f, err := os.Open(p)
	if err != nil {
		return true // reported when it is opened
	}
	head := make([]byte, formats.HeadSize)
	n, _ := f.ReadAt(head, 0)
	f.Close()
	fm := formats.Detect(formats.Probe{Head: head[:n], Size: size, Name: filepath.Base(p), Path: p})
	if fm == nil {
		return false
	}
	if fm.Name == "img-dir" { // listed as its .img
		_, beside := img.ImgBesideDir(p)
		return !beside
	}
	return true
}

// skippedNote is the stderr note about skipped files ("" when none).
func (t *targets) skippedNote(cmd string) string {
	if t.skipped == 0 {
		return ""
	}
	s := "s"
	if t.skipped == 1 {
		s = ""
	}
	return fmt.Sprintf("rummage %s: skipped %d file%s that no format recognises", cmd, t.skipped, s)
}
