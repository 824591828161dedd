package diskfolder

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"

	"rummage/formats"
	_ "rummage/formats/all"
	"rummage/samples"
)

// sample returns the bytes of the built-in sample file name.
func sample(t testing.TB, name string) []byte {
	t.Helper()
	for _, f := range samples.Files() {
		if f.Name == name {
			return f.Data
		}
	}
	t.Fatalf("no sample %s", name)
	return nil
}

// makeTree writes files (path → bytes, slash-separated) under a new
// folder and returns it.
func makeTree(t testing.TB, files map[string][]byte) string {
	t.Helper()
	dir := t.TempDir()
	for name, b := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// names lists the nodes as "name kind type".
func names(nodes []formats.Node) string {
	var out []string
	for _, n := range nodes {
		out = append(out, strings.TrimSpace(fmt.Sprintf("%s %s %s", n.Name(), n.Kind(), formats.SafeType(n))))
	}
	return strings.Join(out, ", ")
}

// A folder lists its subfolders, then its files, each in name order
// (letter case aside), every file known by its first bytes; files no
// format recognises are hidden from Children until asked for; hidden
// names, backups, FIFOs and links to folders are left out.
func TestListing(t *testing.T) {
	txd := sample(t, "rumbler.txd")
	dir := makeTree(t, map[string][]byte{
		"rumbler.txd": txd, "B.dff": sample(t, "rumbler.dff"), "a.lib": sample(t, "Material.lib"),
		"notes.txt": []byte("hello"), "empty.bin": nil, ".hidden.txd": txd, "a.lib.bak": txd, "a.lib.bak2": txd,
		"models/x.txd": txd, "Data/y.txd": txd, ".git/z.txd": txd,
	})
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.txd"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Symlink(filepath.Join(dir, "models"), filepath.Join(dir, "loop"))
	os.Symlink(filepath.Join(dir, "rumbler.txd"), filepath.Join(dir, "link.txd"))

	root := New(dir, nil)
	if root.Listed() {
		t.Fatal("listed before its children were asked for")
	}
	kids, err := root.Children()
	if err != nil {
		t.Fatal(err)
	}
	want := "Data archive folder, models archive folder, a.lib archive NRes, B.dff mesh DFF, link.txd archive TXD, rumbler.txd archive TXD"
	if got := names(kids); got != want {
		t.Errorf("children\n %s\nwant\n %s", got, want)
	}
	all, _ := root.Entries()
	if got := names(all); got != "Data archive folder, models archive folder, a.lib archive NRes, B.dff mesh DFF, empty.bin raw, link.txd archive TXD, notes.txt raw, rumbler.txd archive TXD" {
		t.Errorf("entries %s", got)
	}
	root.SetShowUnrecognised(true)
	if kids, _ := root.Children(); len(kids) != len(all) {
		t.Errorf("%d children with the unrecognised shown, want %d", len(kids), len(all))
	}
	sub, _ := kids[1].(*Folder).Children()
	if names(sub) != "x.txd archive TXD" || sub[0].(*File).Path() != filepath.Join(dir, "models", "x.txd") {
		t.Errorf("models/: %s", names(sub))
	}
	if f, c, u := root.Counts(); f != 2 || c != 6 || u != 2 {
		t.Errorf("counts %d folders, %d files, %d unrecognised", f, c, u)
	}
}

// An unopened file opens as its own root; describing it reads nothing
// more.
func TestOpenFile(t *testing.T) {
	dir := makeTree(t, map[string][]byte{"rumbler.txd": sample(t, "rumbler.txd")})
	kids, _ := New(dir, nil).Children()
	f := kids[0].(*File)
	if _, ok := f.Describe(); ok != nil {
		t.Fatal(ok)
	}
	file, err := f.OpenFile()
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	if tag := formats.SafeType(file.Root); tag != f.Type() || file.Path != f.Path() {
		t.Errorf("opened %s %s, listed as %s", tag, file.Path, f.Type())
	}
	if n, _ := formats.SafeChildren(file.Root); len(n) == 0 {
		t.Error("the opened TXD has no textures")
	}
}

// manyFiles writes n small files (every third one unrecognised) into a
// new folder.
func manyFiles(t testing.TB, n int) string {
	t.Helper()
	dir := t.TempDir()
	txd := sample(t, "rumbler.txd")[:256]
	for i := range n {
		b := txd
		if i%3 == 1 {
			b = []byte("not a game file")
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%06d.txd", i)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// List reports the entries as they are sniffed, each report a longer
// prefix of the final entries, the last one all of them; it holds no
// file open afterwards.
func TestListProgress(t *testing.T) {
	dir := manyFiles(t, 3000)
	fds := openFDs(t)
	root := New(dir, nil)
	var reports [][]formats.Node
	if err := root.List(context.Background(), func(e []formats.Node) { reports = append(reports, e) }); err != nil {
		t.Fatal(err)
	}
	all, _ := root.Entries()
	if len(reports) == 0 || len(reports[0]) > firstChunk || len(reports[len(reports)-1]) != len(all) || len(all) != 3000 {
		t.Fatalf("%d reports, first of %d, last of %d, %d entries", len(reports), len(reports[0]), len(reports[len(reports)-1]), len(all))
	}
	for _, r := range reports {
		for i, n := range r {
			if n != all[i] {
				t.Fatalf("a report of %d is not a prefix of the entries at %d", len(r), i)
			}
		}
	}
	if now := openFDs(t); now > fds {
		t.Errorf("%d file descriptors open after listing, %d before", now, fds)
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

// A cancelled listing leaves the folder unlisted; listings of one folder
// from several goroutines agree.
func TestListCancelAndConcurrent(t *testing.T) {
	dir := manyFiles(t, 2000)
	root := New(dir, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := root.List(ctx, nil); err != context.Canceled || root.Listed() {
		t.Fatalf("cancelled listing: %v, listed %v", err, root.Listed())
	}
	var wg sync.WaitGroup
	got := make([]int, runtime.GOMAXPROCS(0)+2)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			kids, _ := root.Children()
			got[i] = len(kids)
		}()
	}
	wg.Wait()
	for _, n := range got {
		if n != got[0] || n != 2000-667 {
			t.Fatalf("children counts %v, want %d each", got, 2000-667)
		}
	}
}

// A folder that cannot be read is an error naming it.
func TestUnreadable(t *testing.T) {
	root := New(filepath.Join(t.TempDir(), "gone"), nil)
	kids, err := root.Children()
	if err == nil || !strings.Contains(err.Error(), "gone") || len(kids) != 0 || !root.Listed() {
		t.Errorf("%d children, error %v", len(kids), err)
	}
}
