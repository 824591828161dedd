//go:build unix

package ui

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"rummage/internal/instance"
)

// The first window becomes the primary instance; files sent by a later
// `rummage FILE` are opened in it, and that later call is told to exit.
func TestSingleInstance(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	t.Setenv("RUMMAGE_SINGLE_INSTANCE", "")
	file := filepath.Join(t.TempDir(), "sent.bin")
	if err := os.WriteFile(file, []byte("NRes not really"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := make(chan []string, 4)
	old := handOver
	handOver = func(_ *window, p []string) { got <- p }
	defer func() { handOver = old }()
	w := newTestWindow(t)
	forwarded, stop := w.claimInstance(config{})
	if forwarded {
		t.Fatal("the first window forwarded")
	}
	defer stop()

	w2 := newTestWindow(t)
	if fwd, stop2 := w2.claimInstance(config{files: []string{file}}); !fwd {
		stop2()
		t.Fatal("the second call did not hand its file over")
	}
	// Options are not handed over: a window of its own, not the primary.
	if fwd, stop3 := w2.claimInstance(config{files: []string{file}, materials: "m.lib"}); fwd {
		t.Error("a command line with --materials was handed over")
	} else {
		stop3()
	}
	if fwd, stop4 := w2.claimInstance(config{files: []string{file}, txd: []string{"t.txd"}}); fwd {
		t.Error("a command line with --txd was handed over")
	} else {
		stop4()
	}
	var paths []string
	select {
	case paths = <-got:
	case <-time.After(10 * time.Second):
		t.Fatal("the primary got nothing")
	}
	w.openHandedOver(paths) // what handOver does on the UI goroutine
	w.waitJobs()
	if len(w.files) != 1 || w.files[0].path != file {
		t.Fatalf("primary files %v", w.files)
	}
	if len(w2.files) != 0 {
		t.Error("the second window opened the file itself")
	}

	dir, err := instance.DefaultDir(AppID)
	if err != nil {
		t.Fatal(err)
	}
	stop()
	if err := instance.Send(dir, []string{file}); err == nil {
		t.Error("the primary still answers after stop")
	}
}

func TestSingleInstanceOff(t *testing.T) {
	t.Setenv("XDG_RUNTIME_DIR", t.TempDir())
	t.Setenv("RUMMAGE_SINGLE_INSTANCE", "0")
	w := newTestWindow(t)
	fwd, stop := w.claimInstance(config{})
	defer stop()
	dir, _ := instance.DefaultDir(AppID)
	if fwd || instance.Send(dir, []string{"/x"}) == nil {
		t.Error("RUMMAGE_SINGLE_INSTANCE=0 still listens")
	}
}
