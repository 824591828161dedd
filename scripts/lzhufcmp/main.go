// Command lzhufcmp is the Go side of scripts/lzhuf-vs-c.sh: it makes
// vertex-buffer-like data and runs Rummage's LZHUF codec as a whole process
// on files, the way the reference lzhuf.c of xray_re-tools runs.
//
//	lzhufcmp gen MB OUT       MB megabytes of 40-byte FVF 0x212-like vertices
//	lzhufcmp e IN OUT         compress IN into an X-Ray payload (u32 size prefix), streaming
//	lzhufcmp d IN OUT         decompress, streaming from IN to OUT
//	lzhufcmp prefix N IN OUT  rewrite the size prefix of IN as N bytes (4 or 8)
//	lzhufcmp vectors C4000 C8000 DIR
//	                          write the test vectors of formats/internal/lzhuf
//	                          into DIR: inputs made here, encoded by the
//	                          reference lzhuf.c built with MAX_FREQ 0x4000
//	                          (C4000) and 0x8000 (C8000), after checking that
//	                          each decodes Rummage's encoding of every input
package main

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"strconv"

	"rummage/formats/xray"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "lzhufcmp:", err)
		os.Exit(1)
	}
}

func run(a []string) error {
	switch {
	case len(a) == 3 && a[0] == "gen":
		mb, err := strconv.Atoi(a[1])
		if err != nil || mb < 1 {
			return fmt.Errorf("gen: bad size %q", a[1])
		}
		return os.WriteFile(a[2], vertices(mb<<20), 0o644)
	case len(a) == 3 && a[0] == "e":
		return encode(a[1], a[2])
	case len(a) == 3 && a[0] == "d":
		return decode(a[1], a[2])
	case len(a) == 4 && a[0] == "prefix":
		return prefix(a[1], a[2], a[3])
	case len(a) == 4 && a[0] == "vectors":
		return vectors(a[1], a[2], a[3])
	}
	return fmt.Errorf("usage: lzhufcmp gen MB OUT | e IN OUT | d IN OUT | prefix 4|8 IN OUT | vectors C4000 C8000 DIR")
}

// decode streams the payload in IN into OUT.
func decode(in, out string) error {
	src, err := os.Open(in)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.Create(out)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(dst, 64<<10)
	if _, err := xray.DecodeTo(w, bufio.NewReaderSize(src, 64<<10), 0); err != nil {
		dst.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}

// encode streams IN into an X-Ray payload in OUT (xray.EncodeTo: a few
// hundred kilobytes held, whatever the size).
func encode(in, out string) error {
	src, err := os.Open(in)
	if err != nil {
		return err
	}
	defer src.Close()
	st, err := src.Stat()
	if err != nil {
		return err
	}
	dst, err := os.Create(out)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(dst, 64<<10)
	if _, err := xray.EncodeTo(w, bufio.NewReaderSize(src, 64<<10), st.Size()); err != nil {
		dst.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}

// prefix rewrites the size prefix: lzhuf.c built for 64-bit Linux reads and
// writes it as an 8-byte unsigned long, X-Ray as 4 bytes.
func prefix(n, in, out string) error {
	b, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	var size uint64
	var body []byte
	switch {
	case len(b) >= 8 && binary.LittleEndian.Uint32(b[4:]) == 0 && n == "4": // 8-byte prefix in
		size, body = binary.LittleEndian.Uint64(b), b[8:]
	case len(b) >= 4 && n == "8":
		size, body = uint64(binary.LittleEndian.Uint32(b)), b[4:]
	default:
		return fmt.Errorf("prefix: want 4 or 8 and a payload with the other prefix")
	}
	hdr := make([]byte, 8)
	binary.LittleEndian.PutUint64(hdr, size)
	if n == "4" {
		hdr = hdr[:4]
	}
	return os.WriteFile(out, append(hdr, body...), 0o644)
}

// vertices returns n bytes of a height field laid out as X-Ray level
// vertices of FVF 0x212 (position, normal, one UV set: 40 bytes with the
// packed colour), rows of 256, the shape of vectors/lzhuf/vbuffer.
func vertices(n int) []byte {
	out := make([]byte, 0, n+40)
	for i := 0; len(out) < n; i++ {
		x, z := float64(i%256), float64(i/256)
		y := 8*math.Sin(x/13)*math.Cos(z/17) + 2*math.Sin((x+z)/5)
		nx, nz := -math.Cos(x/13)*math.Cos(z/17)*8/13, math.Sin(x/13)*math.Sin(z/17)*8/17
		l := math.Sqrt(nx*nx + 1 + nz*nz)
		for _, f := range []float64{x, y, z, nx / l, 1 / l, nz / l} {
			out = binary.LittleEndian.AppendUint32(out, math.Float32bits(float32(f)))
		}
		out = binary.LittleEndian.AppendUint32(out, 0xFF000000|uint32(i%256)<<8|uint32(i/256%256))
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(float32(x/255)))
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(float32(math.Mod(z, 256)/255)))
		out = binary.LittleEndian.AppendUint32(out, 0)
	}
	return out[:n]
}
