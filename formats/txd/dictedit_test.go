package txd

import (
	"bytes"
	"image"
	"testing"

	"rummage/formats"
)

// editRoot opens a two-texture D3D9 dictionary written by our writer.
func editRoot(t *testing.T) (*Root, []byte) {
	t.Helper()
	a, err := NewD3D(PlatformD3D9, pattern(16, 16, 0, nil, 1), Options{Name: "a", Format: Fmt8888})
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewD3D(PlatformD3D9, pattern(8, 8, 16, nil, 2), Options{Name: "b", Format: FmtPal8 | Fmt8888})
	if err != nil {
		t.Fatal(err)
	}
	raw := dict(t, StampSA, 2, a, b)
	n, err := Open(formats.Source{Name: "t.txd", R: bytes.NewReader(raw), Size: int64(len(raw))})
	if err != nil {
		t.Fatal(err)
	}
	return n.(*Root), raw
}

func names(t *testing.T, r *Root) []string {
	t.Helper()
	kids, err := r.Children()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, k := range kids {
		out = append(out, k.Name())
	}
	return out
}

// reread parses the saved bytes again and returns the names and count.
func reread(t *testing.T, r *Root) ([]string, uint16) {
	t.Helper()
	var buf bytes.Buffer
	if _, err := r.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	d := mustParse(t, buf.Bytes())
	var out []string
	for _, tx := range d.Textures() {
		out = append(out, tx.Name)
	}
	return out, d.Count
}

func eq(a, b []string) bool { return bytes.Equal([]byte(join(a)), []byte(join(b))) }
func join(s []string) string {
	out := ""
	for _, x := range s {
		out += x + ","
	}
	return out
}

func TestDictEditsRoundTripAndUndo(t *testing.T) {
	r, raw := editRoot(t)
	kidsBefore, _ := r.Children()
	items, _ := r.Items()
	c, err := NewTextureFor(pattern(32, 32, 0, []byte{0, 255}, 3), AddOptions{Name: "c", Platform: PlatformD3D9, Stamp: StampSA, Format: "auto", Mips: 0})
	if err != nil {
		t.Fatal(err)
	}
	if c.FormatName() != "DXT1" || len(c.Levels) != 6 || c.Alpha() != "1-bit" {
		t.Errorf("auto: %s, %d levels, alpha %s", c.FormatName(), len(c.Levels), c.Alpha())
	}
	steps := []struct {
		name string
		edit func([]*Item) ([]*Item, error)
		want []string
	}{
		{"add", func(it []*Item) ([]*Item, error) { return AddTextures(it, c) }, []string{"a", "b", "c"}},
		{"move", func(it []*Item) ([]*Item, error) { return MoveChild(it, 2, 0) }, []string{"c", "a", "b"}},
		{"dup", func(it []*Item) ([]*Item, error) { return DuplicateChild(it, 1, UniqueName(it, "a")) }, []string{"c", "a", "a_2", "b"}},
		{"remove", func(it []*Item) ([]*Item, error) { return RemoveChildren(it, 0, 3) }, []string{"a", "a_2"}},
	}
	var undo [][]*Item
	for _, s := range steps {
		next, err := s.edit(items)
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		old, err := r.SetItems(next)
		if err != nil {
			t.Fatal(err)
		}
		undo = append(undo, old)
		items = next
		if got := names(t, r); !eq(got, s.want) {
			t.Fatalf("%s: children %v, want %v", s.name, got, s.want)
		}
		if got, n := reread(t, r); !eq(got, s.want) || int(n) != len(s.want) {
			t.Fatalf("%s: saved %v count %d, want %v", s.name, got, n, s.want)
		}
	}
	for i := len(undo) - 1; i >= 0; i-- {
		if _, err := r.SetItems(undo[i]); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	r.WriteTo(&buf)
	if r.Edited() || !bytes.Equal(buf.Bytes(), raw) {
		t.Error("undoing every edit does not give back the original bytes")
	}
	kidsAfter, _ := r.Children()
	if kidsAfter[0] != kidsBefore[0] {
		t.Error("undo made new nodes for the textures that stayed")
	}
}

func TestDictEditErrors(t *testing.T) {
	r, _ := editRoot(t)
	items, _ := r.Items()
	dup, _ := Rename(items[0].Tex, "B", "")
	if _, err := AddTextures(items, dup); err == nil {
		t.Error("adding a name that exists (other case) is not an error")
	}
	if _, err := RemoveChildren(items, 5); err == nil {
		t.Error("removing child 5 of 2 is not an error")
	}
	if _, err := MoveChild(items, 0, 2); err == nil {
		t.Error("moving to 2 of 2 is not an error")
	}
	if _, err := NewTextureFor(pattern(8, 8, 0, nil, 1), AddOptions{Name: "x", Platform: PlatformPS2, Format: "DXT1"}); err == nil {
		t.Error("DXT1 on PS2 is not an error")
	}
	if _, err := NewTextureFor(pattern(8, 8, 0, nil, 1), AddOptions{Name: "x", Platform: PlatformD3D9, Format: "BC7"}); err == nil {
		t.Error("an unknown format is not an error")
	}
}

func TestWithMipsAndReplaceNamed(t *testing.T) {
	r, _ := editRoot(t)
	items, _ := r.Items()
	a := items[0].Tex
	for _, f := range []MipFilter{MipBox, MipLanczos} {
		m, err := WithMips(a, 0, f)
		if err != nil {
			t.Fatal(err)
		}
		if len(m.Levels) != 5 || m.RasterFormat&FmtMipmap == 0 {
			t.Fatalf("%s: %d levels, raster %s", f, len(m.Levels), RasterFormatText(m.RasterFormat))
		}
		img, err := m.Image(4)
		if err != nil || img.Bounds().Dx() != 1 {
			t.Fatalf("%s: level 4: %v", f, err)
		}
		none, err := WithMips(m, 1, f)
		if err != nil || len(none.Levels) != 1 || none.RasterFormat&FmtMipmap != 0 {
			t.Fatalf("%s: keeping none: %v", f, err)
		}
	}
	// Lanczos and box differ on a detailed image.
	box, _ := WithMips(a, 2, MipBox)
	lz, _ := WithMips(a, 2, MipLanczos)
	if bytes.Equal(box.Levels[1].Data, lz.Levels[1].Data) {
		t.Error("lanczos level 1 equals the box level")
	}
	idx, texs, un, err := ReplaceNamed(items, map[string]image.Image{"B": pattern(8, 8, 0, nil, 9), "zz": pattern(4, 4, 0, nil, 1)})
	if err != nil || len(idx) != 1 || idx[0] != 1 || len(un) != 1 || un[0] != "zz" {
		t.Fatalf("ReplaceNamed: %v %v %v", idx, un, err)
	}
	if texs[0].Name != "b" || texs[0].FormatName() != "PAL8" {
		t.Errorf("replaced %q %s", texs[0].Name, texs[0].FormatName())
	}
}

func TestAlpha(t *testing.T) {
	for _, c := range []struct {
		alphas []byte
		format string
		want   string
	}{{nil, "8888", "no"}, {[]byte{7, 255}, "8888", "yes"}, {[]byte{0, 255}, "1555", "1-bit"}, {nil, "565", "no"}, {[]byte{0, 255}, "DXT1", "1-bit"}, {nil, "DXT1", "no"}, {[]byte{0, 255}, "PAL8", "1-bit"}, {[]byte{7, 255}, "PAL8", "yes"}, {nil, "PAL8", "no"}} {
		tx, err := NewTextureFor(pattern(8, 8, 16, c.alphas, 1), AddOptions{Name: "x", Platform: PlatformD3D9, Format: c.format, Mips: 1})
		if err != nil {
			t.Fatal(err)
		}
		if got := tx.Alpha(); got != c.want {
			t.Errorf("%s alphas %v: alpha %q, want %q", c.format, c.alphas, got, c.want)
		}
	}
}
