//go:build unix

package cli

import (
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestKilledBuildLeavesNothing kills `build img` and `build txd` at random
// moments (kill -9): no hidden temporary file is left beside the output,
// and the output is absent or complete.
func TestKilledBuildLeavesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("kills child processes")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	src := t.TempDir()
	for i := 0; i < 4; i++ {
		b := make([]byte, 8<<20)
		rand.New(rand.NewSource(int64(i))).Read(b[:1<<20])
		os.WriteFile(filepath.Join(src, "part"+string(rune('a'+i))+".dat"), b, 0o644)
	}
	images := writeImages(t, 3, 512, 512)
	out := t.TempDir()
	for _, c := range [][]string{
		{"build", "img", "--out", filepath.Join(out, "big.img"), src},
		{"build", "txd", "--platform", "d3d9", "--format", "8888", "--out", filepath.Join(out, "big.txd"), images},
	} {
		target := c[len(c)-2]
		start := time.Now()
		if code, _, stderr := runChild(t, exe, c, -1); code != 0 {
			t.Fatalf("%v: status %d: %s", c[:2], code, stderr)
		}
		full := time.Since(start)
		t.Logf("%v: a whole run takes %v", c[:2], full)
		want, _ := os.ReadFile(target)
		rng := rand.New(rand.NewSource(1))
		left := 0
		for i := 0; i < 16; i++ {
			os.Remove(target)
			// Kills land in the later part of the run, where the file is written.
			runChild(t, exe, append(c, "--overwrite"), full/4+time.Duration(rng.Int63n(int64(full)*3/4+1)))
			if b, err := os.ReadFile(target); err == nil && string(b) != string(want) {
				t.Fatalf("%v: trial %d left an incomplete %s", c[:2], i, filepath.Base(target))
			}
			ents, _ := os.ReadDir(out)
			for _, e := range ents {
				if strings.Contains(e.Name(), ".rummage-") {
					left++
					os.Remove(filepath.Join(out, e.Name()))
				}
			}
		}
		if left > 0 {
			t.Errorf("%v: 16 killed runs left %d temporary files beside the output", c[:2], left)
		}
	}
}

// runChild runs command args in a child process (see init in
// levelmem_test.go), killed after kill when kill ≥ 0.
func runChild(t *testing.T, exe string, args []string, kill time.Duration) (int, string, string) {
	t.Helper()
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), "RUMMAGE_CLI_CHILD="+strings.Join(args, "\x1f"))
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if kill >= 0 {
		time.AfterFunc(kill, func() { cmd.Process.Signal(syscall.SIGKILL) })
	}
	cmd.Wait()
	return cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()
}
