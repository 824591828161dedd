package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConvertRefusesWhatLsRejects: a TXD whose RenderWare version stamp is
// no 3.x version is not a file ls opens; convert txd refuses it too, with
// the offset, and writes nothing (it used to write a TXD nothing reads).
func TestConvertRefusesWhatLsRejects(t *testing.T) {
	dir, _ := writeSamples(t)
	b, err := os.ReadFile(filepath.Join(dir, "pc_d3d9.txd"))
	if err != nil {
		t.Fatal(err)
	}
	b[10], b[11] = 0xFF, 0xFF // the library id's version bits
	in := filepath.Join(dir, "odd.txd")
	os.WriteFile(in, b, 0o644)
	if code, _, _ := run(t, "ls", in); code != 1 {
		t.Fatalf("ls accepts the mutant (status %d): the test needs one it rejects", code)
	}
	out := filepath.Join(t.TempDir(), "out.txd")
	code, stdout, stderr := run(t, "convert", "txd", "--platform", "ps2", "--out", out, in)
	if code != 1 || stdout != "" || !strings.Contains(stderr, "offset 0x8 (8): RenderWare version stamp") {
		t.Errorf("status %d, stderr %q; want 1 and the stamp's offset", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("convert wrote a TXD from a file ls rejects")
	}
}
