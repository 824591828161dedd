package rw

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"rummage/formats"
	"rummage/formats/binread"
)

func TestStampsOfTheSpecTable(t *testing.T) {
	cases := []struct {
		stamp   uint32
		version string
		build   uint32
	}{
		{0x00000310, "3.1.0.0", 0},
		{0x0401FFFF, "3.1.0.1", 0xFFFF},
		{0x0800FFFF, "3.2.0.0", 0xFFFF},
		{0x0C02FFFF, "3.3.0.2", 0xFFFF},
		{0x1003FFFF, "3.4.0.3", 0xFFFF},
		{0x1005FFFF, "3.4.0.5", 0xFFFF},
		{0x1400FFFF, "3.5.0.0", 0xFFFF},
		{0x1803FFFF, "3.6.0.3", 0xFFFF},
	}
	for _, c := range cases {
		v, b := Unpack(c.stamp)
		if got := VersionString(v); got != c.version || b != c.build {
			t.Errorf("Unpack(%#x) = %s build %#x, want %s build %#x", c.stamp, got, b, c.version, c.build)
		}
		if p := Pack(v, b); p != c.stamp {
			t.Errorf("Pack(%#x, %#x) = %#x, want %#x", v, b, p, c.stamp)
		}
		if !Plausible(c.stamp) {
			t.Errorf("stamp %#x not plausible", c.stamp)
		}
	}
	for _, bad := range []uint32{0, 0xFFFFFFFF, 0x00000100} {
		if Plausible(bad) {
			t.Errorf("stamp %#x accepted as plausible", bad)
		}
	}
}

func TestParseTree(t *testing.T) {
	const st = 0x1803FFFF
	inner := append(Chunk(IDStruct, st, make([]byte, 64)), Chunk(IDStruct, st, []byte{1, 2, 3, 4})...)
	native := Chunk(IDTextureNative, st,
		Chunk(IDStruct, st, []byte{'P', 'S', '2', 0, 2, 0x11, 0, 0}),
		Chunk(IDString, st, []byte("abc\x00")),
		Chunk(IDStruct, st, inner),
		Chunk(IDExtension, st, Chunk(IDSkyMipmapVal, st, []byte{0xC0, 0x0F, 0, 0})))
	file := Chunk(IDTexDictionary, st, Chunk(IDStruct, st, []byte{1, 0, 6, 0}), native, Chunk(IDExtension, st))
	secs, err := Parse(file, 100)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	Walk(secs, func(s *Section, d int) {
		got = append(got, string(rune('0'+d))+s.Name())
	})
	want := []string{"0Texture Dictionary", "1Struct", "1Texture Native", "2Struct", "2String", "2Struct", "3Struct", "3Struct", "2Extension", "3Sky Mipmap Val", "1Extension"}
	if len(got) != len(want) {
		t.Fatalf("walk = %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("walk = %v, want %v", got, want)
		}
	}
	if secs[0].Off != 100 || secs[0].Children[1].Off != 100+12+16 {
		t.Fatalf("offsets %d %d", secs[0].Off, secs[0].Children[1].Off)
	}
	if v := secs[0].Version(); VersionString(v) != "3.6.0.3" {
		t.Fatalf("version %x", v)
	}
}

func TestParseTruncated(t *testing.T) {
	file := Chunk(0x10, 0x1803FFFF, Chunk(IDStruct, 0x1803FFFF, make([]byte, 8)))
	file = file[:len(file)-3]
	secs, err := Parse(file, 0)
	var fe *binread.FormatError
	if !errors.As(err, &fe) || fe.Off != 4 {
		t.Fatalf("err = %v, want a FormatError at offset 4", err)
	}
	if len(secs) != 1 || secs[0].Err == nil {
		t.Fatalf("sections %v", secs)
	}
	if _, err := Parse([]byte{1, 2, 3}, 0); err == nil {
		t.Fatal("3 bytes parsed")
	}
}

func FuzzParse(f *testing.F) {
	f.Add(Chunk(0x10, 0x1803FFFF, Chunk(IDStruct, 0x1803FFFF, make([]byte, 8))))
	f.Add(Chunk(IDStruct, 0x310, Chunk(IDStruct, 0x310, []byte{1})))
	f.Fuzz(func(t *testing.T, b []byte) {
		secs, _ := Parse(b, 0)
		Walk(secs, func(s *Section, d int) {
			if d > maxDepth+1 {
				t.Fatalf("depth %d", d)
			}
		})
	})
}

func TestGenericRWFile(t *testing.T) {
	const st = 0x1803FFFF
	clump := Chunk(0x10, st, Chunk(IDStruct, st, []byte{1, 0, 0, 0}),
		Chunk(0x0E, st, Chunk(IDStruct, st, make([]byte, 4)), Chunk(IDExtension, st, Chunk(0x253F2FE, st, []byte("root")))),
		Chunk(0xABCD, st, []byte{9, 9}))
	if !IsRW(clump, int64(len(clump))) {
		t.Fatal("clump not recognised")
	}
	if IsRW(clump, 10) || IsRW([]byte("NRes\x00\x01\x00\x00xxxxxxxxxxxxxxxx"), 100) {
		t.Fatal("false positive")
	}
	n, err := Open(formats.Source{R: bytes.NewReader(clump), Size: int64(len(clump)), Name: "a.dff"})
	if err != nil {
		t.Fatal(err)
	}
	kids, _ := n.Children()
	if len(kids) != 1 || kids[0].Name() != "Clump" {
		t.Fatalf("kids %v", kids)
	}
	sub, _ := kids[0].Children()
	if len(sub) != 3 || sub[1].Name() != "Frame List" || sub[2].Name() != "Unknown 0xABCD" {
		t.Fatalf("sub %v %v", sub[1].Name(), sub[2].Name())
	}
	fr, _ := sub[1].Children()
	ext, _ := fr[1].Children()
	if ext[0].Name() != "Frame" {
		t.Fatalf("plugin name %q", ext[0].Name())
	}
	d, _ := sub[2].(formats.Describer).Describe()
	m := d.(map[string]any)
	if m["version"] != "3.6.0.3" || m["offset"].(int64) != sub[2].(formats.Rawer).Offset() {
		t.Fatalf("describe %v", m)
	}
	raw, _ := io.ReadAll(sub[2].(formats.Rawer).Open())
	if len(raw) != 14 || raw[12] != 9 {
		t.Fatalf("raw bytes %v", raw)
	}
}

// An RW file inside an IMG archive is padded with zeros to whole sectors:
// the padding is not a run of "NA Object" sections nor an error.
func TestZeroPaddingIsNotSections(t *testing.T) {
	const st = 0x1803FFFF
	file := Chunk(IDTexDictionary, st, Chunk(IDStruct, st, []byte{0, 0, 6, 0}), Chunk(IDExtension, st))
	padded := append(bytes.Clone(file), make([]byte, 2048-len(file))...)
	secs, err := Parse(padded, 0x800)
	if err != nil || len(secs) != 1 {
		t.Fatalf("padded file: %d sections, err %v", len(secs), err)
	}
	if n := Padding(padded, secs, 0x800); n != 2048-len(file) {
		t.Fatalf("padding %d, want %d", n, 2048-len(file))
	}
	// Non-zero bytes after the chunk are a trailer with a warning, not a
	// section and not an error.
	bad := bytes.Clone(padded)
	bad[len(bad)-1] = 1
	secs, err = Parse(bad, 0x800)
	if err != nil || len(secs) != 1 {
		t.Fatalf("non-zero tail: %d sections, err %v", len(secs), err)
	}
	if Padding(bad, secs, 0x800) != 0 {
		t.Fatal("non-zero tail counted as padding")
	}
	tail := Tail(bad, secs, 0x800)
	if tail.Off != 0x800+int64(len(file)) || tail.Len != 2048-len(file) || tail.Zero {
		t.Fatalf("tail %+v", tail)
	}
	if d := tail.Diagnostics(); len(d) != 1 || d[0].Off != tail.Off {
		t.Fatalf("tail diagnostics %v", d)
	}
	if d := Tail(padded, secs, 0x800).Diagnostics(); d != nil {
		t.Fatalf("zero padding warned: %v", d)
	}
}

// Bytes after the last chunk that look like a chunk header but are not a
// whole chunk with a RenderWare stamp are the trailer; a second whole chunk
// is a section.
func TestTrailerAfterLastChunk(t *testing.T) {
	const st = 0x1803FFFF
	clump := Chunk(0x10, st, Chunk(IDStruct, st, []byte{0, 0, 0, 0}))
	garbage := []byte("junk left by a tool, longer than a header")
	for _, c := range []struct {
		name  string
		file  []byte
		secs  int
		trail int
	}{
		{"garbage", append(bytes.Clone(clump), garbage...), 1, len(garbage)},
		{"huge size", append(bytes.Clone(clump), Header{Type: 0x10, Size: 1 << 30, Stamp: st}.Append(nil)...), 1, HeaderSize},
		{"no stamp", append(bytes.Clone(clump), Chunk(0x10, 0x12345678, []byte{1})...), 1, HeaderSize + 1},
		{"second clump", append(bytes.Clone(clump), clump...), 2, 0},
	} {
		secs, err := Parse(c.file, 0)
		if err != nil || len(secs) != c.secs {
			t.Fatalf("%s: %d sections, err %v", c.name, len(secs), err)
		}
		tail := Tail(c.file, secs, 0)
		if tail.Len != c.trail {
			t.Fatalf("%s: trailer %+v, want %d bytes", c.name, tail, c.trail)
		}
		n, _ := Open(formats.Source{R: bytes.NewReader(c.file), Size: int64(len(c.file)), Name: "x.dff"})
		kids, err := n.Children()
		if err != nil || len(kids) != c.secs {
			t.Fatalf("%s: %d children, err %v", c.name, len(kids), err)
		}
		d := n.(formats.Diagnoser).Diagnostics()
		if (len(d) == 1) != (c.trail > 0) || c.trail > 0 && d[0].Off != int64(len(clump)) {
			t.Fatalf("%s: diagnostics %v", c.name, d)
		}
	}
}
