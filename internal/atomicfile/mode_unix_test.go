//go:build unix

package atomicfile

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestNewFileModeFollowsUmask(t *testing.T) {
	both(t, func(t *testing.T) {
		for _, mask := range []int{0o022, 0o077, 0} {
			old := syscall.Umask(mask)
			dir := t.TempDir()
			p := filepath.Join(dir, "out.bin")
			err := WriteFile(p, []byte("x"), Options{})
			syscall.Umask(old)
			if err != nil {
				t.Fatal(err)
			}
			st, _ := os.Stat(p)
			if want := fs.FileMode(0o666 &^ mask); st.Mode().Perm() != want {
				t.Errorf("umask %03o: mode %v, want %v (as os.Create)", mask, st.Mode().Perm(), want)
			}
		}
	})
}
