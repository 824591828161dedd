//go:build unix

package cli

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// pngClaiming is a PNG whose header claims w×h pixels, followed by a few
// bytes of nonsense: nothing but the header may be read before a refusal.
func pngClaiming(w, h uint32) []byte {
	b := []byte("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		b = binary.BigEndian.AppendUint32(b, uint32(len(data)))
		start := len(b)
		b = append(b, typ...)
		b = append(b, data...)
		b = binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[start:]))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	chunk("IHDR", append(ihdr, 8, 6, 0, 0, 0)) // 8-bit RGBA
	chunk("IDAT", []byte("not zlib at all"))
	chunk("IEND", nil)
	return b
}

// TestBuildRefusesClaimedSizes: a PNG whose header claims more than a
// texture may be, or more than the memory budget allows for the format, is
// refused from its header with what it claims; nothing is decoded (the
// refusal allocates next to nothing) and nothing written.
func TestBuildRefusesClaimedSizes(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.txd")
	for _, c := range []struct {
		w, h     uint32
		platform string
		format   string
		want     string
	}{
		{16384, 16384, "d3d9", "auto", "claims 16384×16384 pixels; a d3d9 texture is at most 4096×4096"},
		{2048, 2048, "ps2", "auto", "claims 2048×2048 pixels; a ps2 texture is at most 1024×1024"},
		{4096, 4096, "d3d9", "8888", "claims 4096×4096 pixels: building it as 8888 needs about"},
	} {
		src := filepath.Join(dir, "big.png")
		os.WriteFile(src, pngClaiming(c.w, c.h), 0o644)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		code, stdout, stderr := run(t, "build", "txd", "--platform", c.platform, "--format", c.format, "--out", out, src)
		runtime.ReadMemStats(&after)
		if code != 1 || stdout != "" || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, src) {
			t.Errorf("%d×%d %s: status %d, stderr %q; want 1 and %q", c.w, c.h, c.format, code, stderr, c.want)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 8<<20 {
			t.Errorf("%d×%d: refusing it allocated %d MB: the image was decoded", c.w, c.h, got>>20)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused build wrote its output")
	}
}

// TestBuildDecodeErrorNamesFile: a PNG that cannot be decoded is named,
// with the decoder's message wrapped in what was being read.
func TestBuildDecodeErrorNamesFile(t *testing.T) {
	src := filepath.Join(t.TempDir(), "bad.png")
	os.WriteFile(src, pngClaiming(8, 8), 0o644)
	code, _, stderr := run(t, "build", "txd", "--platform", "d3d9", "--out", filepath.Join(t.TempDir(), "o.txd"), src)
	if code != 1 || !strings.Contains(stderr, src+": decoding the 8×8 PNG image: zlib: invalid header") {
		t.Errorf("status %d, stderr %q", code, stderr)
	}
}

// TestBuildInputsMustBeRegular: a FIFO or a device given as an input of
// build txd, build img or convert txd is refused at once (exit 1, naming
// it) without being read: a FIFO would block for ever, /dev/zero grow
// without end. A folder given to convert txd stands for its TXDs, none of
// which are there: FIFOs and devices in a folder are passed over.
func TestBuildInputsMustBeRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.png")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	zero := filepath.Join(dir, "zero.png")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Skip(err)
	}
	out := filepath.Join(dir, "out")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"build", "txd", "--platform", "d3d9", "--out", out, fifo}, "is a FIFO"},
		{[]string{"build", "txd", "--platform", "d3d9", "--out", out, zero}, "is a device"},
		{[]string{"build", "img", "--out", out, fifo}, "is a FIFO"},
		{[]string{"build", "img", "--out", out, zero}, "is a device"},
		{[]string{"convert", "txd", "--platform", "ps2", "--out", out, fifo}, "is a FIFO"},
		{[]string{"convert", "txd", "--platform", "ps2", "--out", out, zero}, "is a device"},
		{[]string{"convert", "txd", "--platform", "ps2", "--out", out, dir}, "no .txd file in the folder"},
	} {
		done := make(chan [3]any, 1)
		go func() {
			code, _, stderr := run(t, c.args...)
			done <- [3]any{code, stderr}
		}()
		select {
		case r := <-done:
			if r[0].(int) != 1 || !strings.Contains(r[1].(string), c.want) {
				t.Errorf("%v: status %v, stderr %q; want 1 and %q", c.args[:2], r[0], r[1], c.want)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%v: still running after 10 s (reading a FIFO or a device)", c.args)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused build wrote its output")
	}
}

// TestReadAllFirstError: build img reads its inputs on several goroutines
// and still reports the first file in order that fails, whatever finishes
// first, and reads every file when none does.
func TestReadAllFirstError(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for i := range 200 {
		p := filepath.Join(dir, fmt.Sprintf("f%03d", i))
		size := 10
		if i == 37 || i == 150 {
			size = 100 // over the limit below
		}
		os.WriteFile(p, make([]byte, size), 0o644)
		files = append(files, p)
	}
	for range 20 {
		_, err := readAll(files, 50)
		if err == nil || !strings.Contains(err.Error(), "f037") {
			t.Fatalf("error %v, want the one of f037", err)
		}
	}
	datas, err := readAll(files[:37], 50)
	if err != nil || len(datas) != 37 || len(datas[36]) != 10 {
		t.Fatalf("%d files read, %v", len(datas), err)
	}
}
