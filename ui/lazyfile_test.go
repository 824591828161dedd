package ui

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/storage"
)

// The writer Fyne's save dialog gets opens nothing until written.
func TestLazyFileWriter(t *testing.T) {
	newTestWindow(t)
	path := filepath.Join(t.TempDir(), "keep.bin")
	os.WriteFile(path, []byte("keep"), 0o644)
	wc, err := storage.Writer(storage.NewFileURI(path))
	if err != nil {
		t.Fatal(err)
	}
	if err := wc.Close(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "keep" {
		t.Errorf("an unwritten writer left %q", b)
	}
	fresh := filepath.Join(filepath.Dir(path), "new.bin")
	wc, _ = storage.Writer(storage.NewFileURI(fresh))
	wc.Close()
	if exists(fresh) {
		t.Error("an unwritten writer created the file")
	}
	wc, _ = storage.Writer(storage.NewFileURI(path))
	if _, err := wc.Write([]byte("new")); err != nil || wc.Close() != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Errorf("written %q", b)
	}
	wc, _ = storage.Writer(storage.NewFileURI(filepath.Join(path, "under-a-file")))
	if _, err := wc.Write([]byte("x")); err == nil {
		t.Error("writing below a file succeeded")
	}
}

// exists reports whether path exists.
func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
