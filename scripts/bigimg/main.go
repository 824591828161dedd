// Command bigimg writes a large GTA VER2 IMG archive of texture
// dictionaries with the project's own TXD and IMG writers, for measuring
// listings and exports at scale (issue 18 item 9, issue 17 item 4):
//
//	go run ./scripts/bigimg -size 1G -out /tmp/big.img
//
// Each dictionary holds three 64×64 D3D9 8888 textures with mipmaps
// (about 64 KB); the count is size / that. The archive is streamed to
// disk, never held in memory.
package main

import (
	"bufio"
	"encoding/binary"
	"flag"
	"fmt"
	"image"
	"image/color"
	"os"
	"strconv"
	"strings"

	"rummage/formats/img"
	"rummage/formats/txd"
)

func main() {
	size := flag.String("size", "1G", "archive size (K, M or G suffix)")
	out := flag.String("out", "", "archive to write")
	flag.Parse()
	n, err := parseSize(*size)
	if err != nil || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: bigimg -size 1G -out FILE.img")
		os.Exit(2)
	}
	if err := write(*out, n); err != nil {
		fmt.Fprintln(os.Stderr, "bigimg:", err)
		os.Exit(1)
	}
}

func parseSize(s string) (int64, error) {
	mul := int64(1)
	switch {
	case strings.HasSuffix(s, "K"):
		mul = 1 << 10
	case strings.HasSuffix(s, "M"):
		mul = 1 << 20
	case strings.HasSuffix(s, "G"):
		mul = 1 << 30
	}
	v, err := strconv.ParseInt(strings.TrimRight(s, "KMG"), 10, 64)
	return v * mul, err
}

// dictionary builds the TXD every entry holds (its textures differ by
// colour so a decoder cannot share them).
func dictionary() ([]byte, error) {
	d := txd.NewDictionary(txd.StampSA, 2)
	for k := 0; k < 3; k++ {
		im := image.NewNRGBA(image.Rect(0, 0, 64, 64))
		for i := 0; i < len(im.Pix); i += 4 {
			c := color.NRGBA{uint8(i * (k + 1)), uint8(i >> 8), uint8(40 * k), 255}
			copy(im.Pix[i:], []byte{c.R, c.G, c.B, c.A})
		}
		t, err := txd.NewD3D(txd.PlatformD3D9, im, txd.Options{Name: fmt.Sprintf("tex%d", k), Format: txd.Fmt8888, Mipmaps: true})
		if err != nil {
			return nil, err
		}
		d.Add(t)
	}
	return d.Marshal()
}

// write streams the archive: the directory, then each entry padded to
// whole sectors.
func write(path string, size int64) error {
	data, err := dictionary()
	if err != nil {
		return err
	}
	sectors := (len(data) + img.SectorSize - 1) / img.SectorSize
	count := max(int(size/int64(sectors*img.SectorSize)), 1)
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<20)
	dirEnd := 8 + count*img.EntrySize
	pos := (dirEnd + img.SectorSize - 1) / img.SectorSize
	hdr := binary.LittleEndian.AppendUint32([]byte("VER2"), uint32(count))
	w.Write(hdr)
	for i := 0; i < count; i++ {
		var e [img.EntrySize]byte
		binary.LittleEndian.PutUint32(e[:], uint32(pos+i*sectors))
		binary.LittleEndian.PutUint16(e[4:], uint16(sectors))
		copy(e[8:], fmt.Sprintf("dict%05d.txd", i))
		w.Write(e[:])
	}
	w.Write(make([]byte, pos*img.SectorSize-dirEnd))
	padded := make([]byte, sectors*img.SectorSize)
	copy(padded, data)
	for i := 0; i < count; i++ {
		if _, err := w.Write(padded); err != nil {
			return err
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Printf("%s: %d dictionaries of %d bytes, %d bytes\n", path, count, len(data), int64(pos+count*sectors)*img.SectorSize)
	return f.Close()
}
