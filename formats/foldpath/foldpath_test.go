package foldpath

import (
	"os"
	"path/filepath"
	"testing"
)

func TestJoin(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "DATA", "maps", "Vegas"), 0o755)
	want := filepath.Join(root, "DATA", "maps", "Vegas", "VEGASE.IPL")
	os.WriteFile(want, nil, 0o644)
	for _, c := range []struct{ rel, want string }{
		{`data\MAPS\vegas\vegasE.ipl`, want},
		{"data/maps/vegas/vegase.ipl", want},
		{`data\maps\..\maps\vegas\vegase.ipl`, ""},
		{`data\maps\nothere.ipl`, ""},
		{`C:\data`, ""},
		{"/etc/passwd", ""},
		{"", ""},
	} {
		if got := Join(root, c.rel); got != c.want {
			t.Errorf("Join(%q) = %q, want %q", c.rel, got, c.want)
		}
	}
	// a file added later is found: the listing is read again
	os.WriteFile(filepath.Join(root, "DATA", "Late.dat"), nil, 0o644)
	if Child(filepath.Join(root, "DATA"), "late.DAT") == "" {
		t.Error("a new file is not found")
	}
}
