//go:build unix

package formats

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestReadSideFile(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "x.dir")
	os.WriteFile(small, make([]byte, 64), 0o644)
	if b, err := ReadSideFile(small, 64); err != nil || len(b) != 64 {
		t.Errorf("64-byte file: %d bytes, %v", len(b), err)
	}
	if _, err := ReadSideFile(small, 63); err == nil || !strings.Contains(err.Error(), "more than the 63") {
		t.Errorf("over the limit: %v", err)
	}
	zero := filepath.Join(dir, "zero.wea")
	if err := os.Symlink("/dev/zero", zero); err == nil {
		if _, err := ReadSideFile(zero, 1<<30); err == nil || !strings.Contains(err.Error(), "device") {
			t.Errorf("/dev/zero: %v", err)
		}
	}
	fifo := filepath.Join(dir, "fifo.dir")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 1)
	go func() { _, err := ReadSideFile(fifo, 1<<20); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "FIFO") {
			t.Errorf("FIFO: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("reading a FIFO hangs")
	}
	if _, err := ReadSideFile(dir, 1<<20); err == nil || !strings.Contains(err.Error(), "folder") {
		t.Errorf("folder: %v", err)
	}
}

func TestOpenRefusesFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "level")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan error, 1)
	go func() {
		f, err := Open(fifo, nil)
		f.Close()
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "is a FIFO") {
			t.Errorf("FIFO: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("opening a FIFO hangs")
	}
}

// TestReadRegularOneAllocation: a file is read into one buffer of its
// stat'd size, not grown by doubling as io.ReadAll does.
func TestReadRegularOneAllocation(t *testing.T) {
	p := filepath.Join(t.TempDir(), "level.geom")
	const size = 24 << 20
	os.WriteFile(p, make([]byte, size), 0o644)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	b, err := ReadSideFile(p, 1<<30)
	runtime.ReadMemStats(&after)
	if err != nil || len(b) != size {
		t.Fatalf("%d bytes, %v", len(b), err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > size+size/8 {
		t.Errorf("reading %d MB allocated %d MB", size>>20, got>>20)
	}
}
