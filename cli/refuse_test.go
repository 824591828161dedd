//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"rummage/samples"
)

// refused checks a refused write: status 1, nothing on stdout, one line
// naming the file.
func refused(t *testing.T, what string, code int, stdout, stderr, file string) {
	t.Helper()
	if code != 1 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, file) ||
		!strings.Contains(stderr, "--overwrite") {
		t.Errorf("%s: status %d, stdout %q, stderr %q; want 1 and one line naming %s", what, code, stdout, stderr, file)
	}
}

// TestRenderRefusesExisting: render onto an existing file is refused with
// status 1 and the file kept; --overwrite replaces it, keeping its mode.
func TestRenderRefusesExisting(t *testing.T) {
	dir, _ := writeSamples(t)
	png := filepath.Join(t.TempDir(), "x.png")
	os.WriteFile(png, []byte("mine"), 0o600)
	args := []string{"render", "--size", "32x32", "--out", png, filepath.Join(dir, "tank.rlb"), "TANK.msh"}
	code, stdout, stderr := run(t, args...)
	refused(t, "render", code, stdout, stderr, png)
	if b, _ := os.ReadFile(png); string(b) != "mine" {
		t.Errorf("render replaced the file without --overwrite: %d bytes", len(b))
	}
	if code, _, stderr := run(t, append(args, "--overwrite")...); code != 0 {
		t.Fatalf("--overwrite: status %d: %s", code, stderr)
	}
	readPNG(t, png)
	if st, _ := os.Stat(png); st.Mode().Perm() != 0o600 {
		t.Errorf("the replaced file's mode is %v, want the old 0600", st.Mode().Perm())
	}
}

// TestSamplesRefuseExisting: samples into a folder that holds one of the
// names refuses with status 1 and writes none of them; --overwrite writes
// them all.
func TestSamplesRefuseExisting(t *testing.T) {
	files := samples.Files()
	if len(files) == 0 {
		t.Skip("no samples in this build")
	}
	dir := t.TempDir()
	last := filepath.Join(dir, files[len(files)-1].Name)
	os.WriteFile(last, []byte("mine"), 0o644)
	code, stdout, stderr := run(t, "samples", dir)
	refused(t, "samples", code, stdout, stderr, last)
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("a refused samples run wrote %d files", len(ents)-1)
	}
	if code, _, stderr := run(t, "samples", "--overwrite", dir); code != 0 {
		t.Fatalf("--overwrite: status %d: %s", code, stderr)
	}
	if b, _ := os.ReadFile(last); string(b) != string(files[len(files)-1].Data) {
		t.Error("--overwrite did not replace the file")
	}
}

// TestOutputModes: build txd, build img and convert txd create their
// files 0666 less the umask (as os.Create does), not the private 0600 of a
// temporary file, and a replaced file keeps its mode.
func TestOutputModes(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	src := writeImages(t, 2, 8, 8)
	dir := t.TempDir()
	out := func(n string) string { return filepath.Join(dir, n) }
	cmds := [][]string{
		{"build", "txd", "--platform", "d3d9", "--out", out("a.txd"), src},
		{"convert", "txd", "--platform", "ps2", "--out", out("b.txd"), out("a.txd")},
		{"build", "img", "--version", "1", "--out", out("c.img"), src},
	}
	for _, c := range cmds {
		if code, _, stderr := run(t, c...); code != 0 {
			t.Fatalf("%v: status %d: %s", c, code, stderr)
		}
	}
	for _, n := range []string{"a.txd", "b.txd", "c.img", "c.dir"} {
		if st, _ := os.Stat(out(n)); st.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v, want 0644", n, st.Mode().Perm())
		}
		os.Chmod(out(n), 0o640)
	}
	for _, c := range cmds {
		if code, _, stderr := run(t, append(c, "--overwrite")...); code != 0 {
			t.Fatalf("%v --overwrite: status %d: %s", c, code, stderr)
		}
	}
	for _, n := range []string{"a.txd", "b.txd", "c.img", "c.dir"} {
		if st, _ := os.Stat(out(n)); st.Mode().Perm() != 0o640 {
			t.Errorf("%s replaced: mode %v, want the old 0640", n, st.Mode().Perm())
		}
	}
}
