//go:build unix

package img

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"rummage/formats"
)

// TestV1HostileDir: a version 1 archive whose .dir is missing, a link to
// /dev/zero, a FIFO or far too large fails at once with an error naming it.
func TestV1HostileDir(t *testing.T) {
	imgData, _, err := BuildV1([]File{{"x.txd", sampleTXD(t)}})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		make func(p string) error
		want string
	}{
		{"missing", func(string) error { return nil }, "its directory gta3.dir is missing"},
		{"zero", func(p string) error { return os.Symlink("/dev/zero", p) }, "is a device"},
		{"fifo", func(p string) error { return syscall.Mkfifo(p, 0o644) }, "is a FIFO"},
		{"huge", func(p string) error {
			f, err := os.Create(p)
			if err == nil {
				err = f.Truncate(600 << 20) // sparse: no disk used
				f.Close()
			}
			return err
		}, "more than the"},
	}
	for _, c := range cases {
		dir := t.TempDir()
		p := filepath.Join(dir, "gta3.img")
		os.WriteFile(p, imgData, 0o644)
		if err := c.make(filepath.Join(dir, "gta3.dir")); err != nil {
			t.Skip(err)
		}
		done := make(chan error, 1)
		go func() {
			_, err := OpenV1(formats.Source{R: bytes.NewReader(imgData), Size: int64(len(imgData)), Name: "gta3.img", Path: p})
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "gta3.img: ") {
				t.Errorf("%s: %v, want %q", c.name, err, c.want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: opening hangs", c.name)
		}
	}
}
