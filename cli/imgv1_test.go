package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// TestV1IMGFirstEntryDFF: a version 1 IMG whose first entry is a DFF opens
// as the IMG with its .dir (the .dir decides before the first bytes are
// sniffed), not as that DFF; its .dir given instead opens the same.
func TestV1IMGFirstEntryDFF(t *testing.T) {
	samples, _ := writeSamples(t)
	src := t.TempDir()
	for from, to := range map[string]string{"rumbler.dff": "a_first.dff", "rumbler.txd": "b.txd"} {
		b, err := os.ReadFile(filepath.Join(samples, from))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(src, to), b, 0o644)
	}
	out := filepath.Join(t.TempDir(), "gta3.img")
	if code, _, stderr := run(t, "build", "img", "--version", "1", "--out", out, src); code != 0 {
		t.Fatalf("build img: %d %s", code, stderr)
	}
	for _, file := range []string{out, filepath.Join(filepath.Dir(out), "gta3.dir")} {
		rows := lsJSON(t, "ls", "--json", file)
		if len(rows) != 2 || rows[0].Name != "a_first.dff" || rows[1].Name != "b.txd" {
			t.Errorf("ls %s: %+v; want the archive's two entries", filepath.Base(file), rows)
		}
	}
}
