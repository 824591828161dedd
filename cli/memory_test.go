package cli

import (
	"os"
	"path/filepath"
	"testing"
)

func TestMemoryLimit(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a"), make([]byte, 1000), 0o644)
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "sub", "b"), make([]byte, 24), 0o644)
	if got := MemoryLimit([]string{"--json", filepath.Join(dir, "a"), "missing"}); got != 64<<20+8000 {
		t.Errorf("one file: %d", got)
	}
	if got := MemoryLimit([]string{dir}); got != 64<<20+8*1024 {
		t.Errorf("a folder: %d", got)
	}
}
