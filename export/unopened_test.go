package export

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/diskfolder"
	"rummage/internal/testutil"
	"rummage/samples"
)

// gameFolder writes some samples into a folder with a subfolder, a
// truncated dictionary and a file no format recognises.
func gameFolder(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	data := map[string][]byte{}
	for _, f := range samples.Files() {
		data[f.Name] = f.Data
	}
	files := map[string][]byte{
		"rumbler.dff": data["rumbler.dff"], "rumbler.txd": data["rumbler.txd"], "Material.lib": data["Material.lib"],
		"models/tank.rlb": data["tank.rlb"], "models/Textures.lib": data["Textures.lib"],
		"models/bad.txd": data["xbox.txd"][:200], "notes.txt": []byte("not a game file"),
	}
	for name, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// openedTree is the folder at dir as a tree of opened files (what Export
// saw before folders were lazy): a formats.Folder of each listed file's
// root, subfolders as folders. The caller closes the files.
func openedTree(t *testing.T, f *diskfolder.Folder, files *[]*formats.File) formats.Node {
	kids, _ := f.Children()
	out := &formats.Folder{NodeName: f.Name(), Tag: "folder"}
	for _, k := range kids {
		switch k := k.(type) {
		case *diskfolder.Folder:
			out.Items = append(out.Items, openedTree(t, k, files))
		case *diskfolder.File:
			file, _ := k.OpenFile()
			*files = append(*files, file)
			out.Items = append(out.Items, file.Root)
		}
	}
	return out
}

// A folder on disk exports as the same files, byte for byte, as the tree
// of its files opened beforehand: every recognised file opened in turn
// while it is written, none left open, a broken one a failure naming its
// path while the others are written; the unrecognised files only when
// they are shown (raw copies, as raw nodes default to in the window).
func TestExportFolderOnDisk(t *testing.T) {
	dir := gameFolder(t)
	Export(context.Background(), []Item{{Node: diskfolder.New(dir, nil), Path: "warm"}}, Options{Dir: t.TempDir()}) // the runtime's own descriptors
	fds := openFDs(t)
	lazy := diskfolder.New(dir, nil)
	got := t.TempDir()
	res, err := Export(context.Background(), []Item{{Node: lazy, Path: "game"}}, Options{Dir: got})
	if err != nil {
		t.Fatal(err)
	}
	if n := openFDs(t); n > fds {
		t.Errorf("%d file descriptors open after the export, %d before", n, fds)
	}
	var opened []*formats.File
	defer func() {
		for _, f := range opened {
			f.Close()
		}
	}()
	want := t.TempDir()
	wres, err := Export(context.Background(), []Item{{Node: openedTree(t, diskfolder.New(dir, nil), &opened), Path: "game"}}, Options{Dir: want})
	if err != nil {
		t.Fatal(err)
	}
	gotFiles, wantFiles := testutil.ListFiles(t, got), testutil.ListFiles(t, want)
	if !slices.Equal(gotFiles, wantFiles) || len(gotFiles) < 20 {
		t.Fatalf("files\n %v\nwant\n %v", gotFiles, wantFiles)
	}
	for _, f := range gotFiles {
		a, _ := os.ReadFile(filepath.Join(got, f))
		b, _ := os.ReadFile(filepath.Join(want, f))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs", f)
		}
	}
	if len(res.Written) != len(wres.Written) || len(res.Failures) != 1 || !strings.HasPrefix(res.Failures[0].Path, "game/models/bad.txd/") ||
		!strings.Contains(res.Failures[0].Err.Error(), "offset") {
		t.Errorf("written %d (want %d), failures %v", len(res.Written), len(wres.Written), res.Failures)
	}
	if slices.Contains(gotFiles, "game/notes.txt") {
		t.Error("a hidden unrecognised file was exported")
	}
	lazy.SetShowUnrecognised(true)
	again := t.TempDir()
	raw := map[formats.Kind]string{formats.KindRaw: Raw}
	if r, err := Export(context.Background(), []Item{{Node: lazy, Path: "game"}}, Options{Dir: again, ByKind: raw}); err != nil {
		t.Fatal(err, r.Failures)
	} else if len(r.Failures) != 1 {
		t.Errorf("failures %v", r.Failures)
	}
	if b, err := os.ReadFile(filepath.Join(again, "game", "notes.txt")); err != nil || string(b) != "not a game file" {
		t.Errorf("shown unrecognised file: %q, %v", b, err)
	}
}

// A file of the folder chosen alone exports as its opened root would.
func TestExportUnopenedFile(t *testing.T) {
	dir := gameFolder(t)
	kids, _ := diskfolder.New(dir, nil).Children()
	var dff formats.Node
	for _, k := range kids {
		if k.Name() == "rumbler.dff" {
			dff = k
		}
	}
	out := t.TempDir()
	res, err := Export(context.Background(), []Item{{Node: dff, Path: "game/rumbler.dff"}}, Options{Dir: out, As: OBJ})
	if err != nil || len(res.Failures) != 0 {
		t.Fatal(err, res.Failures)
	}
	if got := strings.Join(testutil.ListFiles(t, out), ","); got != "rumbler.dff.mtl,rumbler.dff.obj,rumbler_body.png,rumbler_glass.png,rumbler_rim.png,rumbler_tyre.png" {
		t.Errorf("files %s", got)
	}
}

// openFDs counts the process's open file descriptors (Linux).
func openFDs(t *testing.T) int {
	des, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd")
	}
	return len(des)
}
