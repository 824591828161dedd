package atomicfile

import (
	"io"
	"path/filepath"
	"testing"
)

// TestUnnamedWhileWriting: on Linux the file has no name at all until it
// is complete.
func TestUnnamedWhileWriting(t *testing.T) {
	dir := t.TempDir()
	var during string
	err := Write(filepath.Join(dir, "x.png"), Options{}, func(w io.Writer) error {
		during = names(t, dir)
		_, err := w.Write([]byte("png"))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if during != "" {
		t.Errorf("folder while writing: %q, want nothing (O_TMPFILE)", during)
	}
	if got := names(t, dir); got != "x.png" {
		t.Errorf("folder: %s", got)
	}
}
