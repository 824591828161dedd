package ui

import (
	"context"
	"os"
	"path/filepath"

	"rummage/formats"
	"rummage/formats/diskfolder"
	"rummage/internal/atomicfile"
	"rummage/samples"
)

// openFile is one file shown in the tree: a root, or a file opened inside
// a folder root (a member: see folderroot.go).
type openFile struct {
	name    string // shown as the root's name; a member's is its folder root's name and its path there ("game/models/x.txd")
	path    string // on disk; "" for samples and other in-memory data
	root    formats.Node
	err     error         // why the file could not be opened (root is then broken)
	file    *formats.File // the opened file, to close
	uid     string        // the root's tree uid (a member's: its row's)
	changes int           // edits applied minus edits undone since the last save

	folder *diskfolder.Folder // a folder root's folder (its root), nil for a file
	parent *openFile          // a member's folder root, nil for a root
	stub   formats.Node       // a member's node before it was opened, shown again when it closes

	bgCtx  context.Context // cancelled when the file closes (see ctx)
	bgStop context.CancelFunc
}

// ctx is cancelled when the file closes: the work done for it in the
// background stops (UI goroutine only).
func (f *openFile) ctx() context.Context {
	if f.bgCtx == nil {
		f.bgCtx, f.bgStop = context.WithCancel(context.Background())
	}
	return f.bgCtx
}

// dirty reports whether the file has unsaved edits.
func (f *openFile) dirty() bool { return f.changes != 0 }

// saver returns the root as a Saver, if it can be written back.
func (f *openFile) saver() (formats.Saver, bool) {
	s, ok := f.root.(formats.Saver)
	return s, ok
}

// close releases the file handle and stops the work done for it in the
// background.
func (f *openFile) close() {
	if f.bgStop != nil {
		f.bgStop()
	}
	f.file.Close()
}

// topFile is the root f belongs to: f itself, or a member's folder root.
func (f *openFile) topFile() *openFile {
	if f.parent != nil {
		return f.parent
	}
	return f
}

// openDisk opens the file at path, a folder as a folder root (listed
// later, in the background). A file that fails to open or decode is still
// returned, with a broken root carrying the error.
func openDisk(path, name string, opts *formats.Options) *openFile {
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return openFolder(path, opts)
	}
	atomicfile.CleanStaleIn(filepath.Dir(path)) // what a killed save left beside it
	f, err := formats.Open(path, opts)
	return &openFile{name: name, path: path, root: f.Root, err: err, file: f}
}

// openMemory opens in-memory data (a built-in sample).
func openMemory(name string, data []byte, opts *formats.Options) *openFile {
	f, err := formats.OpenBytes(name, data, opts)
	return &openFile{name: name, root: f.Root, err: err, file: f}
}

// sampleFiles opens the built-in sample set: one root per sample file.
func sampleFiles(opts *formats.Options) []*openFile {
	var out []*openFile
	for _, s := range samples.Files() {
		out = append(out, openMemory(s.Name, s.Data, opts))
	}
	// The meshes made in code, for the wireframe preview.
	shapes := &formats.Folder{NodeName: "shapes", Tag: "code", Items: samples.Nodes()}
	return append(out, &openFile{name: shapes.NodeName, root: shapes})
}

// target is one file or folder to open: its path and the name shown for
// it.
type target struct{ path, name string }

// targetsOf are the files and folders of paths to open, each named by its
// base name; a folder opens as one root (see folderroot.go).
func targetsOf(paths []string) []target {
	out := make([]target, 0, len(paths))
	for _, p := range paths {
		out = append(out, target{path: p, name: filepath.Base(filepath.Clean(p))})
	}
	return out
}
