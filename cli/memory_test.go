package cli

import (
	"os"
	"path/filepath"
	"testing"
)

func TestMemoryLimit(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a")
	os.WriteFile(a, make([]byte, 1000), 0o644)
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "sub", "b"), make([]byte, 24), 0o644)
	const base = 64 << 20
	for _, c := range []struct {
		cmd  string
		args []string
		want int64
	}{
		{"ls", []string{"--json", a, "missing"}, base + 8000},
		{"ls", []string{dir}, base + 8*1024},
		{"info", []string{a, dir}, base + 8*2024}, // a folder after FILE is a FILE too
		{"export", []string{"--txd", a, "--txd", a, "--out", dir, a, "node"}, base + 3*8000},
		// NODE words are node paths, never files: a folder there is not walked
		{"render", []string{"--out", filepath.Join(dir, "x.png"), a, dir}, base + 8000},
		{"render", []string{"--out", "x.png", a, "/"}, base + 8000},
		{"build", []string{"img", "--out", a, filepath.Join(dir, "sub")}, base + 8*24},
		{"samples", []string{dir}, base},
		{"ls", []string{"--bad-flag", dir}, base},
		{"nosuch", []string{dir}, base},
	} {
		if got := MemoryLimit(c.cmd, c.args); got != c.want {
			t.Errorf("%s %q: %d, want %d", c.cmd, c.args, got, c.want)
		}
	}
}
