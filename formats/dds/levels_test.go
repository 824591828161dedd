package dds

import (
	"bytes"
	"image"
	"testing"

	"rummage/formats/dxt"
)

// EncodeBlocks and EncodeLevels write files Open reads back level for
// level; levels of the wrong size or count are errors.
func TestEncodeGivenLevels(t *testing.T) {
	blocks := [][]byte{bytes.Repeat([]byte{1}, 64), bytes.Repeat([]byte{2}, 16), bytes.Repeat([]byte{3}, 8)}
	b, err := EncodeBlocks(BlockFormat(dxt.DXT1), 16, 8, blocks)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Open(bytes.NewReader(b), 0, int64(len(b)))
	if err != nil || len(f.Levels) != 3 || !bytes.Equal(b[f.Levels[1].Offset:][:16], blocks[1]) {
		t.Fatalf("blocks: %v %+v", err, f)
	}
	if _, err := EncodeBlocks(BlockFormat(dxt.DXT1), 16, 8, blocks[:1]); err != nil {
		t.Fatal(err)
	}
	if _, err := EncodeBlocks(BlockFormat(dxt.DXT1), 16, 8, [][]byte{blocks[1]}); err == nil {
		t.Fatal("short level: no error")
	}
	lv := []*image.NRGBA{image.NewNRGBA(image.Rect(0, 0, 4, 2)), image.NewNRGBA(image.Rect(0, 0, 2, 1))}
	lv[1].Pix[0], lv[1].Pix[3] = 200, 100
	b, err = EncodeLevels(Format{}, lv)
	if err != nil {
		t.Fatal(err)
	}
	f, _ = Open(bytes.NewReader(b), 0, int64(len(b)))
	img, err := f.Image(1)
	if err != nil || !bytes.Equal(img.Pix, lv[1].Pix) {
		t.Fatalf("level 1: %v", err)
	}
	if _, err := EncodeLevels(Format{}, []*image.NRGBA{lv[0], lv[0]}); err == nil {
		t.Fatal("level not halved: no error")
	}
}
