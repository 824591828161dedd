package txd

import (
	"bytes"
	"encoding/json"
	"image"
	"testing"

	"rummage/formats"
	"rummage/formats/rw"
	"rummage/internal/testutil"
)

func openBytes(t testing.TB, name string, b []byte) formats.Node {
	t.Helper()
	n, err := formats.OpenFile(formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Name: name})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestNodesDescribeAndPaths(t *testing.T) {
	a, _ := NewPS2(pattern(32, 32, 16, nil, 1), Options{Name: "brick", Mask: "brickm", Format: FmtPal4 | Fmt8888})
	b, _ := NewD3D(PlatformD3D9, pattern(8, 8, 0, nil, 2), Options{Name: "brick", Compression: CompDXT1})
	c, _ := NewD3D(PlatformD3D8, pattern(8, 8, 0, nil, 2), Options{Name: "wall", Format: Fmt565, Mipmaps: true})
	file := dict(t, StampSA, 6, a, b, c)
	root := openBytes(t, "x.txd", file)
	if root.Kind() != formats.KindArchive || root.(formats.Typer).Type() != "TXD" {
		t.Fatalf("root %v", root.Kind())
	}
	kids, _ := root.Children()
	names := formats.ChildNames(kids, formats.Folds(root))
	if len(names) != 3 || names[0] != "brick@0" || names[1] != "brick@1" || names[2] != "wall" {
		t.Fatalf("names %v", names)
	}
	n, err := formats.Resolve(root, "wall")
	if err != nil {
		t.Fatal(err)
	}
	desc, _ := n.(formats.Describer).Describe()
	js, _ := json.Marshal(desc)
	var m map[string]any
	json.Unmarshal(js, &m)
	for k, want := range map[string]any{"name": "wall", "width": 8.0, "height": 8.0, "levels": 4.0, "format": "565",
		"platform": "d3d8", "rwVersion": "3.6.0.3", "depth": 16.0, "paletteFormat": "", "swizzled": false,
		"filter": "LINEARMIPLINEAR", "uAddress": "WRAP", "vAddress": "WRAP", "mask": "", "kind": "texture"} {
		if m[k] != want {
			t.Errorf("%s = %v, want %v", k, m[k], want)
		}
	}
	if m["rasterFormat"] != float64(0x8200) {
		t.Errorf("rasterFormat %v", m["rasterFormat"])
	}
	p, _ := formats.Resolve(root, "brick@0")
	pd, _ := p.(formats.Describer).Describe()
	pm := pd.(map[string]any)
	if pm["platform"] != "ps2" || pm["format"] != "PAL4" || pm["swizzled"] != true || pm["paletteFormat"] != "8888" || pm["mask"] != "brickm" {
		t.Errorf("ps2 describe %v", pm)
	}
	im, err := p.(formats.Imager).Image(0)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := im.(*image.NRGBA); !ok {
		t.Fatalf("image is %T, want *image.NRGBA", im)
	}
	if r, ok := p.(formats.Rawer); !ok || r.Offset() <= 0 || r.Size() <= 0 {
		t.Fatal("texture node is not a Rawer over its chunk")
	}
	// Saver: untouched is byte-identical; an edit changes only what it must.
	s := root.(formats.Saver)
	var out bytes.Buffer
	if s.Edited() {
		t.Fatal("fresh root says edited")
	}
	s.WriteTo(&out)
	if !bytes.Equal(out.Bytes(), file) {
		t.Fatal("untouched save differs")
	}
	tn := n.(*TexNode)
	rn, err := Rename(tn.Texture(), "wall2", "")
	if err != nil {
		t.Fatal(err)
	}
	old, _ := tn.Set(rn)
	if !s.Edited() || n.Name() != "wall2" {
		t.Fatal("rename did not apply")
	}
	out.Reset()
	s.WriteTo(&out)
	re := openBytes(t, "y.txd", out.Bytes())
	if _, err := formats.Resolve(re, "wall2"); err != nil {
		t.Fatal(err)
	}
	if len(out.Bytes()) != len(file) {
		t.Fatalf("rename 'wall'→'wall2' changed the size %d → %d (names are fixed fields)", len(file), out.Len())
	}
	tn.Set(old)
	out.Reset()
	s.WriteTo(&out)
	if s.Edited() || !bytes.Equal(out.Bytes(), file) {
		t.Fatal("undo did not restore the original bytes")
	}
}

func TestReplaceKeepsFormat(t *testing.T) {
	for _, o := range []struct {
		plat uint32
		o    Options
	}{
		{PlatformPS2, Options{Name: "p8", Format: FmtPal8 | Fmt8888}},
		{PlatformPS2, Options{Name: "p4m", Format: FmtPal4 | Fmt8888, Mipmaps: true}},
		{PlatformD3D9, Options{Name: "dxt5", Compression: CompDXT5, Mipmaps: true}},
		{PlatformD3D8, Options{Name: "pal4", Format: FmtPal4 | Fmt8888}},
		{PlatformXbox, Options{Name: "xb", Format: Fmt4444}},
	} {
		var orig *Texture
		var err error
		if o.plat == PlatformPS2 {
			orig, err = NewPS2(pattern(64, 32, 16, nil, 1), o.o)
		} else {
			orig, err = NewD3D(o.plat, pattern(64, 32, 16, nil, 1), o.o)
		}
		if err != nil {
			t.Fatal(err)
		}
		repl := pattern(50, 70, 300, nil, 9) // other size, too many colours
		nt, err := Replace(orig, repl)
		if err != nil {
			t.Fatalf("%s: %v", o.o.Name, err)
		}
		if nt.Platform != orig.Platform || nt.Width != 64 || nt.Height != 32 || nt.FormatName() != orig.FormatName() ||
			len(nt.Levels) != len(orig.Levels) || nt.Name != orig.Name || nt.FilterWord != orig.FilterWord {
			t.Fatalf("%s: replaced %s %dx%d %s %d levels", o.o.Name, nt.PlatformName(), nt.Width, nt.Height, nt.FormatName(), len(nt.Levels))
		}
		if n := len(nt.Palette()); orig.Palettised() && n != len(orig.Palette()) {
			t.Fatalf("%s: palette %d entries", o.o.Name, n)
		}
		d := mustParse(t, dict(t, orig.Stamp, 0, nt))
		if _, err := d.Textures()[0].Image(0); err != nil {
			t.Fatal(err)
		}
	}
}

func FuzzTXD(f *testing.F) {
	a, _ := NewPS2(pattern(32, 16, 16, nil, 1), Options{Name: "a", Format: FmtPal4 | Fmt8888, Mipmaps: true})
	b, _ := NewPS2(pattern(16, 16, 100, nil, 1), Options{Name: "b", Format: FmtPal8 | Fmt1555})
	c, _ := NewD3D(PlatformD3D9, pattern(8, 8, 0, nil, 2), Options{Name: "c", Compression: CompDXT3, Mipmaps: true})
	d, _ := NewD3D(PlatformD3D8, pattern(6, 5, 30, nil, 2), Options{Name: "d", Format: FmtPal8 | Fmt888})
	e, _ := NewD3D(PlatformXbox, pattern(8, 4, 30, nil, 2), Options{Name: "e", Format: FmtPal8 | Fmt8888})
	g, _ := NewPS2(pattern(8, 8, 0, nil, 1), Options{Name: "g", Format: Fmt8888})
	for _, x := range []*Texture{a, b, c, d, e, g} {
		nd := NewDictionary(StampSA, 0)
		nd.Add(x)
		bs, _ := nd.Marshal()
		f.Add(bs)
	}
	// Hand-built natives: the headerless PS2 layout, an unknown platform, D3D8 DXT1.
	old := ps2Fixture{stamp: StampGTA3PS2, w: 16, h: 4, depth: 8, format: 0x2504, sver: 1, pixelSize: 64, palSize: 1024, data: make([]byte, 64+1024)}
	f.Add(rawDict(StampGTA3PS2, old.native("old")))
	f.Add(rawDict(StampSA, rw.Chunk(rw.IDTextureNative, StampSA, rw.Chunk(rw.IDStruct, StampSA, make([]byte, 88)))))
	f.Add(rawDict(StampVCPC, d3dNative(PlatformD3D8, "dxt", Fmt565, 0, 4, 4, 16, 2, 1, nil, make([]byte, 8), make([]byte, 8))))
	f.Fuzz(func(t *testing.T, data []byte) {
		// The header-only count agrees with the children, whenever it answers.
		if n, ok := countNatives(bytes.NewReader(data), int64(len(data))); ok {
			root := &Root{src: formats.Source{R: bytes.NewReader(data), Size: int64(len(data))}, base: 0}
			if kids, err := root.Children(); err == nil && len(kids) != n {
				t.Fatalf("header count %d, %d children", n, len(kids))
			}
		}
		d, err := Parse(data, 0)
		testutil.FileError(t, err, int64(len(data)))
		if err != nil {
			return
		}
		for _, tex := range d.Textures() {
			for lv := range tex.Levels {
				img, err := tex.Image(lv)
				if err == nil && img.Rect.Dx()*img.Rect.Dy() > 64*len(data)+1<<16 {
					t.Fatalf("image %v from %d bytes", img.Rect, len(data))
				}
				tex.StoredImage(lv)
			}
			tex.Describe()
			tex.Palette()
			if _, err := tex.EncodeFields(); err != nil {
				t.Fatalf("re-encode of a parsed texture failed: %v", err)
			}
			// Replace from an image: when the writer accepts the texture,
			// its output must read back as the same kind of texture.
			if tex.Width*tex.Height <= 1<<12 {
				nt, err := Replace(tex, pattern(tex.Width, tex.Height, 20, []byte{255, 0}, 1))
				if err != nil {
					continue
				}
				nd := NewDictionary(StampSA, 0)
				nd.Add(nt)
				b, err := nd.Marshal()
				if err != nil {
					t.Fatalf("replaced texture does not encode: %v", err)
				}
				back, err := Parse(b, 0)
				if err != nil || len(back.Textures()) != 1 {
					t.Fatalf("replaced texture does not parse: %v", err)
				}
				g := back.Textures()[0]
				if g.Width != tex.Width || g.Height != tex.Height || g.FormatName() != tex.FormatName() || g.Platform != tex.Platform {
					t.Fatalf("replaced %s %dx%d %s, was %s %dx%d %s", g.PlatformName(), g.Width, g.Height, g.FormatName(), tex.PlatformName(), tex.Width, tex.Height, tex.FormatName())
				}
				if _, err := g.Image(0); err != nil {
					t.Fatalf("replaced texture does not decode: %v", err)
				}
			}
		}
		out, err := d.Bytes()
		if err != nil || !bytes.Equal(out, data[:len(out)]) {
			t.Fatalf("untouched re-save differs (%v)", err)
		}
	})
}

func TestFilterEditChangesOnlyTheWord(t *testing.T) {
	a, _ := NewPS2(pattern(16, 16, 16, nil, 1), Options{Name: "f", Format: FmtPal4 | Fmt8888})
	b, _ := NewD3D(PlatformD3D9, pattern(8, 8, 0, nil, 1), Options{Name: "g", Format: Fmt8888})
	file := dict(t, StampSA, 6, a, b)
	root := openBytes(t, "f.txd", file)
	desc, _ := root.(formats.Describer).Describe()
	if m := desc.(map[string]any); m["textures"] != 2 || m["device"] != "PS2" || m["rwVersion"] != "3.6.0.3" {
		t.Fatalf("root describe %v", m)
	}
	kids, _ := root.Children()
	for _, k := range kids {
		tn := k.(*TexNode)
		nt := WithFilter(tn.Texture(), 1, 3, 2)
		tn.Set(nt)
		if FilterName(nt.Filter()) != "NEAREST" || AddressName(nt.UAddress()) != "CLAMP" || AddressName(nt.VAddress()) != "MIRROR" {
			t.Fatal("filter fields")
		}
	}
	var out bytes.Buffer
	root.(formats.Saver).WriteTo(&out)
	got := out.Bytes()
	if len(got) != len(file) {
		t.Fatalf("size changed %d → %d", len(file), len(got))
	}
	var diff []int
	for i := range got {
		if got[i] != file[i] {
			diff = append(diff, i)
		}
	}
	// Only byte 1 of each filter word changes (0x11 → 0x23), 0x02 → 0x01 in byte 0.
	if len(diff) != 4 {
		t.Fatalf("%d bytes differ: %v", len(diff), diff)
	}
	secs, err := root.(*Root).Sections()
	if err != nil || len(secs) != 1 {
		t.Fatal(err)
	}
}

func TestSwizzleIndexMatchesTable(t *testing.T) {
	tab := swizzleTable(64, 16)
	for y := 0; y < 16; y++ {
		for x := 0; x < 64; x++ {
			if SwizzleIndex(x, y, 64) != int(tab[y*64+x]) {
				t.Fatalf("(%d,%d)", x, y)
			}
		}
	}
	if !ValidSwizzle(16, 4) || ValidSwizzle(8, 4) || ValidSwizzle(16, 6) {
		t.Fatal("ValidSwizzle")
	}
}
