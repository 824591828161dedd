package xrlevel

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// realOGFs lists the .ogf files under $RUMMAGE_OGF_REAL (real S.T.A.L.K.E.R.
// game data kept outside the repository); the test skips without it.
func realOGFs(t *testing.T) []string {
	dir := os.Getenv("RUMMAGE_OGF_REAL")
	if dir == "" {
		t.Skip("RUMMAGE_OGF_REAL is not set")
	}
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".ogf") {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// TestRealOGFs opens every real model: each one with an OGF header opens
// whole (skinned vertices of every game included); only files protected
// on purpose (chunk ids with bit 31 set) are left out.
func TestRealOGFs(t *testing.T) {
	opened, protected := 0, 0
	for _, p := range realOGFs(t) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) >= 4 && binary.LittleEndian.Uint32(b)&(1<<31) != 0 {
			protected++
			continue
		}
		m, err := ParseModel(b, "")
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		if err := m.subtreeErr(0); err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		opened++
	}
	t.Logf("%d models opened, %d protected ones left out", opened, protected)
}
