package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats/nres"
)

// TestTooDeep: an archive nested past the depth limit makes `ls -r` and
// `export` exit 1 with a line naming the node and its offset.
func TestTooDeep(t *testing.T) {
	data := []byte("leaf")
	for i := 0; i < 70; i++ {
		var err error
		if data, err = nres.Build([]nres.Entry{{TypeID: nres.TypeID("NRES"), Attr3: 1, Name: "in", Data: data}}); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "deep.lib")
	os.WriteFile(file, data, 0o644)
	for _, args := range [][]string{
		{"ls", "-r", file},
		{"ls", "-r", "--json", file},
		{"export", "--out", filepath.Join(dir, "out"), file},
	} {
		code, _, errs := run(t, args...)
		if code != 1 || !strings.Contains(errs, "levels deep") || !strings.Contains(errs, "offset 0x") || !strings.Contains(errs, "in/in/in") {
			t.Errorf("%s: status %d, stderr %q; want 1 and the node with its offset", args[0], code, errs)
		}
	}
}
