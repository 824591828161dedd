//go:build unix

package formats

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestSaveModes: a new file gets 0666 less the umask, as os.Create gives
// (not the 0600 of a temporary file); a replaced one keeps its mode.
func TestSaveModes(t *testing.T) {
	dir := t.TempDir()
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	p := filepath.Join(dir, "new.txd")
	if err := SaveFile(p, content("x")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o644 {
		t.Errorf("new file mode %v, want 0644", st.Mode().Perm())
	}
	os.Chmod(p, 0o600)
	if err := SaveFile(p, content("y")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(p); st.Mode().Perm() != 0o600 {
		t.Errorf("replaced file mode %v, want the old 0600", st.Mode().Perm())
	}
}
