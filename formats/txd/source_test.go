package txd

import (
	"bytes"
	"image/png"
	"testing"

	"rummage/formats/dds"
	"rummage/formats/dxt"
	"rummage/formats/tga"
)

// A DXT1 DDS with mips builds into a D3D9 texture holding its levels and
// its blocks byte for byte; into an 8888 one, its decoded levels.
func TestLoadDDSKeepsMipsAndBlocks(t *testing.T) {
	file, err := dds.Encode(smooth(32, 32, false), dds.BlockFormat(dxt.DXT1), 0)
	if err != nil {
		t.Fatal(err)
	}
	src, err := LoadSource("dir/wall.dds", file)
	if err != nil {
		t.Fatal(err)
	}
	if src.Name != "wall" || len(src.Levels) != 6 || src.DXT != 1 {
		t.Fatalf("source %q: %d levels, DXT%d", src.Name, len(src.Levels), src.DXT)
	}
	tx, err := BuildTexture(src, BuildOptions{Platform: PlatformD3D9})
	if err != nil {
		t.Fatal(err)
	}
	got := roundTrip(t, NewDictionaryOf([]*Texture{tx})).Textures()[0]
	if got.Compression != CompDXT1 || len(got.Levels) != 6 {
		t.Fatalf("DXT%d with %d levels", got.Compression, len(got.Levels))
	}
	for i := range got.Levels {
		if !bytes.Equal(got.Levels[i].Data, src.Blocks[i]) {
			t.Fatalf("level %d: blocks differ from the DDS", i)
		}
	}
	tx, _ = BuildTexture(src, BuildOptions{Platform: PlatformD3D9, Format: "8888"})
	got = roundTrip(t, NewDictionaryOf([]*Texture{tx})).Textures()[0]
	for i := range src.Levels {
		img, _ := got.Image(i)
		sameImage(t, "8888 from DDS", img, src.Levels[i], 0)
	}
}

// PNG and TGA files load as one level named after the file; other
// extensions are refused.
func TestLoadPNGAndTGA(t *testing.T) {
	img := pattern(8, 4, 0, []byte{255, 7}, 1)
	var p, g bytes.Buffer
	png.Encode(&p, img)
	tga.Encode(&g, img)
	for name, b := range map[string][]byte{"a.PNG": p.Bytes(), "b.tga": g.Bytes()} {
		src, err := LoadSource(name, b)
		if err != nil {
			t.Fatal(err)
		}
		if len(src.Levels) != 1 || src.Name != name[:1] {
			t.Fatalf("%s: %q with %d levels", name, src.Name, len(src.Levels))
		}
		sameImage(t, name, src.Levels[0], img, 0)
	}
	if _, err := LoadSource("c.bmp", p.Bytes()); err == nil {
		t.Fatal("c.bmp: no error")
	}
}
