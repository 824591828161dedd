package txd

import (
	"bytes"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/rw"
)

// A chunk the game does not read inside the dictionary or inside a native
// is skipped with a warning at its offset; the textures open, and the
// file saves as it was.
func TestUnknownChunksInTXDSkipped(t *testing.T) {
	odd := rw.Chunk(0xABCD, StampVCPC, []byte("mystery"))
	nat := d3dNative(PlatformD3D8, "door", Fmt8888, 0, 1, 1, 32, 1, 0, nil, []byte{1, 2, 3, 4})
	natOdd := rw.Chunk(rw.IDTextureNative, StampVCPC, append(bytes.Clone(nat[rw.HeaderSize:]), odd...))
	file := rawDict(StampVCPC, natOdd, odd)
	d := mustParse(t, file)
	tex := d.Textures()
	if len(tex) != 1 || tex[0].Name != "door" {
		t.Fatalf("textures %v", tex)
	}
	inNative := int64(rw.HeaderSize + rw.HeaderSize + 4 + len(nat))
	inDict := inNative + int64(len(odd))
	if g := tex[0].Diags; len(g) != 1 || g[0].Off != inNative || !strings.Contains(g[0].Msg, "Unknown 0xABCD chunk") {
		t.Fatalf("native findings %v, want one at 0x%X", g, inNative)
	}
	if g := d.Diags; len(g) != 1 || g[0].Off != inDict || !strings.Contains(g[0].Msg, "in the Texture Dictionary skipped") {
		t.Fatalf("dictionary findings %v, want one at 0x%X", g, inDict)
	}
	out, err := d.Bytes()
	if err != nil || !bytes.Equal(out, file) {
		t.Fatalf("saved %d bytes (err %v), want the %d read", len(out), err, len(file))
	}
}

// Bytes after the dictionary: zeros are padding, anything else is a
// warning at its offset on the dictionary node.
func TestTXDTrailer(t *testing.T) {
	file := rawDict(StampVCPC, d3dNative(PlatformD3D8, "door", Fmt8888, 0, 1, 1, 32, 1, 0, nil, []byte{1, 2, 3, 4}))
	for _, c := range []struct {
		tail []byte
		warn bool
	}{{make([]byte, 300), false}, {[]byte("left by a tool"), true}} {
		f, err := formats.OpenBytes("d.txd", append(bytes.Clone(file), c.tail...), nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Root.Children(); err != nil {
			t.Fatal(err)
		}
		g := formats.SafeDiagnostics(f.Root)
		if c.warn != (len(g) == 1) || c.warn && (g[0].Off != int64(len(file)) || !strings.Contains(g[0].Msg, "not zero padding")) {
			t.Fatalf("tail %q: findings %v", c.tail, g)
		}
	}
}
