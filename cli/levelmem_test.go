//go:build unix

package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"

	"rummage/formats/geom"
	"rummage/formats/xray"
	"rummage/formats/xrlevel"
)

// childArgs runs a command in a child process (this test binary) when the
// environment says so: the child's peak resident memory is then the
// command's alone, as the design's memory budget counts it.
func init() {
	if p := os.Getenv("RUMMAGE_CLI_BIGLEVEL"); p != "" {
		b, err := bigChunkLevel(40)
		if err == nil {
			err = os.WriteFile(p, b, 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
		os.Exit(0)
	}
	if a := os.Getenv("RUMMAGE_CLI_PEAK"); a != "" {
		// A launcher: a process with a small peak of its own, because a
		// child's peak (ru_maxrss) starts from its parent's peak at exec.
		code, peak, stderr := runMeasured(strings.Split(a, "\x1f"))
		fmt.Printf("%d %d\n%s", code, peak, stderr)
		os.Exit(0)
	}
	if a := os.Getenv("RUMMAGE_CLI_CHILD"); a != "" {
		args := strings.Split(a, "\x1f")
		debug.SetMemoryLimit(MemoryLimit(args[0], args[1:])) // as main does
		os.Exit(Run(args, os.Stdout, os.Stderr))
	}
}

// peakOf runs the command args in a grandchild process, started by a
// small launcher child, and returns its status, its peak resident memory
// in bytes and its error output.
func peakOf(t *testing.T, args ...string) (int, int64, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), "RUMMAGE_CLI_PEAK="+strings.Join(args, "\x1f"))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	var code int
	var peak int64
	head, stderr, _ := strings.Cut(string(out), "\n")
	if _, err := fmt.Sscan(head, &code, &peak); err != nil {
		t.Fatalf("launcher said %q", out)
	}
	return code, peak, stderr
}

// runMeasured runs the command args in a child process (this test binary)
// and returns its status, its peak resident memory and its error output.
func runMeasured(args []string) (int, int64, string) {
	exe, err := os.Executable()
	if err != nil {
		return -1, 0, err.Error()
	}
	cmd := exec.Command(exe, "-test.run=^$")
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "RUMMAGE_CLI_PEAK=") {
			cmd.Env = append(cmd.Env, e)
		}
	}
	cmd.Env = append(cmd.Env, "RUMMAGE_CLI_CHILD="+strings.Join(args, "\x1f"))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	cmd.Run()
	if cmd.ProcessState == nil {
		return -1, 0, "did not start"
	}
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return cmd.ProcessState.ExitCode(), ru.Maxrss * 1024, stderr.String()
}

// bigChunkLevel is the sample level with its three compressed chunks
// (visuals, vertex buffers, CFORM) each grown by about mb MB of zeros: a
// file of a few MB that unpacks to three times mb.
func bigChunkLevel(mb int) ([]byte, error) {
	big := mb << 20
	lv := xrlevel.SampleLevel()
	f, _ := xrlevel.ParseFVF(0x002)
	lv.VBs = append(lv.VBs, &xrlevel.VertexBuffer{Format: f, Count: big / f.Stride, Data: make([]byte, big/f.Stride*f.Stride)})
	v := *lv.Visuals[0]
	v.Index, v.Material = len(lv.Visuals), make([]byte, big)
	lv.Visuals = append(lv.Visuals, &v)
	lv.CForm.Verts = append(lv.CForm.Verts, make([]geom.Vec3, big/12)...)
	return xrlevel.WriteV4(lv, xrlevel.WriteOptions{})
}

// TestLevelUnpacksWithinBudget: a 2.6 MB level whose three LZHUF chunks
// unpack to 40 MB each is listed, described, exported and rendered within
// 64 MB + 8 × the file + the largest chunk (chunks are unpacked one at a
// time and dropped once parsed), where all three used to be held at once.
func TestLevelUnpacksWithinBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 120 MB-unpacking level and runs child processes")
	}
	if raceEnabled {
		t.Skip("peak memory is measured without the race detector (make unit runs it)")
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "level")
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	// Built by a child: a child's peak starts from its parent's resident set.
	gen := exec.Command(exe, "-test.run=^$")
	gen.Env = append(os.Environ(), "RUMMAGE_CLI_BIGLEVEL="+file)
	if out, err := gen.CombinedOutput(); err != nil {
		t.Fatalf("building the level: %v %s", err, out)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	largest := int64(0)
	for _, c := range xray.Scan(b, 0).Chunks {
		if n, ok := xray.UnpackedSize(b[c.DataOff:]); c.Compressed && ok {
			largest = max(largest, int64(n))
		}
	}
	budget := 64<<20 + 8*int64(len(b)) + largest
	size := len(b)
	for _, args := range [][]string{
		{"ls", "-r", "--json", file},
		{"info", "--json", file},
		{"export", "--out", filepath.Join(dir, "out"), file},
		{"render", "--size", "64x64", "--out", filepath.Join(dir, "x.png"), file, "visuals/0"},
	} {
		code, peak, stderr := peakOf(t, args...)
		if code != 0 {
			t.Errorf("%s: status %d: %s", args[0], code, stderr)
		}
		t.Logf("%-6s peak %3d MB, budget %3d MB", args[0], peak>>20, budget>>20)
		if peak > budget {
			t.Errorf("%s: peak %d MB over the budget of %d MB (64 + 8 × %d KB + %d MB)", args[0], peak>>20, budget>>20, size>>10, largest>>20)
		}
	}
}

// TestLevelRefusesImpossibleUnpacking: a chunk declaring more than 64 ×
// its packed size is refused with its offset before anything is unpacked.
func TestLevelRefusesImpossibleUnpacking(t *testing.T) {
	b, err := xrlevel.WriteV4(xrlevel.SampleLevel(), xrlevel.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	c, _ := xray.Scan(b, 0).Find(5)
	n := 65 * uint32(c.Size)
	b[c.DataOff], b[c.DataOff+1], b[c.DataOff+2], b[c.DataOff+3] = byte(n), byte(n>>8), byte(n>>16), byte(n>>24)
	file := filepath.Join(t.TempDir(), "level")
	os.WriteFile(file, b, 0o644)
	code, _, stderr := run(t, "info", "--json", file)
	want := fmt.Sprintf("offset 0x%X (%d): chunk 0x5 declares %d unpacked bytes from %d packed, more than 64×", c.DataOff, c.DataOff, n, c.Size)
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("status %d, stderr %q; want 1 and %q", code, stderr, want)
	}
}
