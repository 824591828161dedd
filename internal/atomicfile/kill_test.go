//go:build unix

package atomicfile

import (
	"bytes"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// payload is what the killed children write: big enough to take a while.
func payload() []byte { return bytes.Repeat([]byte("0123456789abcdef"), 4<<20) }

// TestKilledWriterLeavesNothing kills children while they write a 64 MB
// file (new, or replacing one), at random moments: the folder then holds
// nothing but the complete file or what was there before, and no
// temporary file survives the next write into the folder.
func TestKilledWriterLeavesNothing(t *testing.T) {
	if p := os.Getenv("ATOMICFILE_CHILD"); p != "" {
		namedOnly = os.Getenv("ATOMICFILE_NAMED") != ""
		pol := NoReplace
		if os.Getenv("ATOMICFILE_REPLACE") != "" {
			pol = Replace
		}
		data := payload()
		if err := Write(p, Options{Policy: pol}, func(w io.Writer) error {
			for b := data; len(b) > 0; b = b[1<<20:] { // in steps, so a kill lands inside
				if _, err := w.Write(b[:1<<20]); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			os.Exit(3)
		}
		os.Exit(0)
	}
	if testing.Short() {
		t.Skip("kills child processes")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	for _, named := range []bool{false, true} {
		for _, replace := range []bool{false, true} {
			name := "unnamed"
			if named {
				name = "named"
			}
			t.Run(name+"/replace="+strconv.FormatBool(replace), func(t *testing.T) {
				killTrials(t, exe, named, replace)
			})
		}
	}
}

func killTrials(t *testing.T, exe string, named, replace bool) {
	dir := t.TempDir()
	p := filepath.Join(dir, "big.img")
	child := func(kill time.Duration) time.Duration {
		if replace {
			os.WriteFile(p, []byte("old"), 0o644)
		} else {
			os.Remove(p)
		}
		cmd := exec.Command(exe, "-test.run=^TestKilledWriterLeavesNothing$")
		cmd.Env = append(os.Environ(), "ATOMICFILE_CHILD="+p)
		if named {
			cmd.Env = append(cmd.Env, "ATOMICFILE_NAMED=1")
		}
		if replace {
			cmd.Env = append(cmd.Env, "ATOMICFILE_REPLACE=1")
		}
		start := time.Now()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if kill >= 0 {
			time.AfterFunc(kill, func() { cmd.Process.Signal(syscall.SIGKILL) })
		}
		err := cmd.Wait()
		if kill < 0 && err != nil {
			t.Fatalf("child: %v", err)
		}
		return time.Since(start)
	}
	full := child(-1)
	rng := rand.New(rand.NewSource(1))
	temps := 0
	for i := 0; i < 12; i++ {
		child(time.Duration(rng.Int63n(int64(full) + 1)))
		b, err := os.ReadFile(p)
		switch {
		case err != nil && !replace:
		case err == nil && (bytes.Equal(b, payload()) || replace && string(b) == "old"):
		default:
			t.Fatalf("trial %d: the file is neither what was there nor the complete new one (%d bytes, %v)", i, len(b), err)
		}
		if n := strings.Count(names(t, dir), tempMark); n > 0 {
			if !named && !replace {
				t.Fatalf("trial %d: an unnamed write left %s", i, names(t, dir))
			}
			temps += n
		}
	}
	t.Logf("%d temporary files left by 12 killed writers (full write %v)", temps, full)
	cleaned.Delete(dir)
	if err := WriteFile(filepath.Join(dir, "next"), nil, Options{}); err != nil {
		t.Fatal(err)
	}
	if got := names(t, dir); strings.Contains(got, tempMark) {
		t.Errorf("the next write into the folder left the stale temporaries: %s", got)
	}
}
