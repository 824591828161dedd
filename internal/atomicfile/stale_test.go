//go:build unix

package atomicfile

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// deadPID is the id of a process that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Skip(err)
	}
	return cmd.Process.Pid
}

func TestCleanStale(t *testing.T) {
	dir := t.TempDir()
	dead, self := deadPID(t), os.Getpid()
	mk := func(name string, age time.Duration) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte("partial"), 0o644)
		when := time.Now().Add(-age)
		os.Chtimes(p, when, when)
		return p
	}
	deadTemp := mk(".a.img.rummage-"+strconv.Itoa(dead)+"-1.tmp", 0)
	liveTemp := mk(".b.img.rummage-"+strconv.Itoa(self)+"-1.tmp", 0)
	oldUnlocked := mk(".c.img.rummage-"+strconv.Itoa(self)+"-2.tmp", 2*StaleAge)
	lockedOld := mk(".d.img.rummage-"+strconv.Itoa(dead)+"-3.tmp", 2*StaleAge)
	f, err := os.Open(lockedOld)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lockFile(f) // a writer still at work (its process id reused, say)
	other := mk(".e.img.rummage-x.tmp", 2*StaleAge)
	user := mk(".bashrc", 2*StaleAge)
	d, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	d.CleanStale()
	for p, want := range map[string]bool{deadTemp: false, liveTemp: true, oldUnlocked: false, lockedOld: true, other: true, user: true} {
		if _, err := os.Stat(p); (err == nil) != want {
			t.Errorf("%s: kept %v, want %v", filepath.Base(p), err == nil, want)
		}
	}
}
