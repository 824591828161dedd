package material

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"strings"
	"testing"

	"rummage/formats/binread"
	"rummage/internal/testutil"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// phase builds a stored phase from its parameter bytes and texture name.
func phase(tex string, p ...byte) Phase {
	var ph Phase
	copy(ph.P[:], p)
	copy(ph.Texture[:], tex)
	return ph
}

// buildMat0 writes a MAT0 payload by hand (independently of Encode).
func buildMat0(version uint32, prefix []byte, phases []Phase, blocks []Block) []byte {
	var b bytes.Buffer
	binary.Write(&b, binary.LittleEndian, uint16(len(phases)))
	binary.Write(&b, binary.LittleEndian, uint16(len(blocks)))
	b.Write(prefix[:PrefixLen(version)])
	for _, p := range phases {
		b.Write(p.P[:])
		b.Write(p.Texture[:])
	}
	for _, bl := range blocks {
		binary.Write(&b, binary.LittleEndian, bl.Header)
		binary.Write(&b, binary.LittleEndian, uint16(len(bl.Keys)))
		for _, k := range bl.Keys {
			binary.Write(&b, binary.LittleEndian, [3]uint16{k.Phase, k.EndMs, k.K2})
		}
	}
	return b.Bytes()
}

var prefix10 = []byte{3, 0xFF, 0, 0, 0x80, 0x3F, 0, 0x40, 0x1C, 0x46}

// waterPhases are two phases that differ in every group.
var waterPhases = []Phase{
	phase("WATER0.0", 10, 20, 30, 100, 40, 50, 60, 255, 70, 80, 90, 255, 0, 0, 0, 255, 5, 0xFF),
	phase("WATER1.0", 110, 120, 130, 50, 140, 150, 160, 7, 170, 180, 190, 8, 200, 210, 220, 9, 3, 2),
}

func TestParseMat0(t *testing.T) {
	tex := phase("A", 1)
	tex.Texture = [16]byte{'A', 0, 'j', 'u', 'n', 'k'} // bytes after the NUL are kept
	cases := []struct {
		name    string
		version uint32
		phases  []Phase
		blocks  []Block
	}{
		{"v0 no prefix", 0, []Phase{phase("T.0", 1, 2, 3)}, nil},
		{"v1 no prefix", 1, []Phase{phase("T.0")}, nil},
		{"v2 two bytes", 2, []Phase{phase("T.0")}, nil},
		{"v3 six bytes", 3, []Phase{phase("T.0")}, nil},
		{"v6 ten bytes", 6, waterPhases, []Block{{Header: 0 | 0x1F<<3, Keys: []Key{{0, 200, 0}, {1, 400, 7}}}}},
		{"zero phases", 6, nil, nil},
		{"zero keys", 6, waterPhases, []Block{{Header: 2}}},
		{"texture tail", 6, []Phase{tex}, nil},
		{"19 blocks", 6, waterPhases, make([]Block, 19)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := buildMat0(c.version, prefix10, c.phases, c.blocks)
			m, err := Parse(data, 8, c.version, 0x100)
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Prefix) != PrefixLen(c.version) || !bytes.Equal(m.Prefix, prefix10[:PrefixLen(c.version)]) {
				t.Errorf("prefix %v", m.Prefix)
			}
			if len(m.Phases) != len(c.phases) || len(m.Blocks) != len(c.blocks) {
				t.Fatalf("got %d phases %d blocks", len(m.Phases), len(m.Blocks))
			}
			for i := range c.phases {
				if m.Phases[i] != c.phases[i] {
					t.Errorf("phase %d: %v", i, m.Phases[i])
				}
			}
			for i := range c.blocks {
				if m.Blocks[i].Header != c.blocks[i].Header || len(m.Blocks[i].Keys) != len(c.blocks[i].Keys) {
					t.Errorf("block %d: %+v", i, m.Blocks[i])
				}
			}
			out, err := m.Encode()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out, data) {
				t.Errorf("re-encoding differs:\n got % X\nwant % X", out, data)
			}
			if m.Attr1 != 8 || m.Category() != 2 {
				t.Errorf("attr1 %d category %d", m.Attr1, m.Category())
			}
		})
	}
}

func TestParseMat0Broken(t *testing.T) {
	good := buildMat0(6, prefix10, waterPhases, []Block{{Header: 1, Keys: []Key{{0, 100, 0}, {1, 200, 0}}}})
	le16 := func(b []byte, off int, v uint16) []byte {
		c := append([]byte(nil), b...)
		binary.LittleEndian.PutUint16(c[off:], v)
		return c
	}
	keyCountOff := 4 + 10 + 2*PhaseSize + 4
	cases := []struct {
		name    string
		data    []byte
		version uint32
		off     int64 // expected error offset relative to the payload, -1 to skip
		want    string
	}{
		{"empty", nil, 6, 0, "need 2 bytes"},
		{"short header", good[:3], 6, 2, "need 2 bytes"},
		{"short prefix", good[:9], 6, 4, "prefix"},
		{"phases past end", le16(good, 0, 9), 6, 0, "phase count 9"},
		{"trailing byte", append(append([]byte(nil), good...), 0), 6, int64(len(good)), "trailing"},
		{"missing key byte", good[:len(good)-1], 6, int64(keyCountOff), "key count 2"},
		{"key count past end", le16(good, keyCountOff, 3), 6, int64(keyCountOff), "key count 3"},
		{"missing block", le16(good, 2, 2), 6, int64(len(good)), "need 4 bytes"},
		{"too many blocks", le16(good, 2, 20), 6, 2, "20 animation blocks"},
		{"wrong version leaves trailing bytes", good, 0, -1, "trailing"},
		{"wrong version misses bytes", buildMat0(0, prefix10, waterPhases[:1], nil), 6, 0, "phase count 1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(c.data, 0, c.version, 0x1000)
			if err == nil {
				t.Fatal("no error")
			}
			var fe *binread.FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("not a FormatError: %v", err)
			}
			if c.off >= 0 && fe.Off != 0x1000+c.off {
				t.Errorf("offset 0x%X, want 0x%X (%v)", fe.Off, 0x1000+c.off, err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not mention %q", err, c.want)
			}
		})
	}
}

func TestEncodeEdited(t *testing.T) {
	m := &Mat0{Version: 6, Prefix: prefix10, Phases: append([]Phase(nil), waterPhases...)}
	c := m.Clone()
	c.Phases[0].P[0] = 99
	if m.Phases[0].P[0] == 99 {
		t.Fatal("Clone shares phases")
	}
	if err := c.Phases[1].SetTextureName("ABCDEFGHIJKLMNOP"); err == nil {
		t.Error("16-byte name accepted")
	}
	if err := c.Phases[1].SetTextureName("NEW.0"); err != nil || c.Phases[1].TextureName() != "NEW.0" {
		t.Fatal(err)
	}
	var cyr Phase
	if err := cyr.SetTextureName("ВОДА.0"); err != nil || cyr.Texture[0] != 0xC2 || cyr.TextureName() != "ВОДА.0" {
		t.Errorf("CP1251 name: % X %q %v", cyr.Texture[:6], cyr.TextureName(), err)
	}
	if err := cyr.SetTextureName("水.0"); err == nil {
		t.Error("a name outside CP1251 accepted")
	}
	b, err := c.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(b, 0, 6, 0)
	if err != nil {
		t.Fatal(err)
	}
	if back.Phases[0].P[0] != 99 || back.Phases[1].TextureName() != "NEW.0" {
		t.Errorf("edit lost: %+v", back.Phases)
	}
	c.Prefix = nil
	if _, err := c.Encode(); err == nil {
		t.Error("prefix of the wrong length accepted")
	}
}

func TestValuesConversion(t *testing.T) {
	v := waterPhases[0].Values()
	if v.Additive[1] != float32(20)/255 || v.Opacity != 1 || v.Directional[3] != 1 || v.Power != 5 || v.Page != -1 || v.Texture != "WATER0.0" {
		t.Errorf("%+v", v)
	}
	if waterPhases[1].Values().Page != 2 || waterPhases[1].Values().Opacity != 0.5 {
		t.Errorf("%+v", waterPhases[1].Values())
	}
}

func TestDescribeGolden(t *testing.T) {
	m, err := Parse(buildMat0(6, prefix10, waterPhases, []Block{
		{Header: 1 | 0x1F<<3, Keys: []Key{{0, 200, 0}, {1, 400, 3}}},
		{Header: 7, Keys: nil},
	}), 8, 6, 0)
	if err != nil {
		t.Fatal(err)
	}
	d := Describe("WATER_M", m)
	s, err := m.SampleAt(0, 1300, 1000, 0)
	if err != nil {
		t.Fatal(err)
	}
	d["sample"] = s
	testutil.GoldenJSON(t, "water_m.json", d, *update)
}

func FuzzMat0(f *testing.F) {
	f.Add(buildMat0(6, prefix10, waterPhases, []Block{{Header: 9, Keys: []Key{{0, 100, 0}, {1, 300, 0}}}}), uint32(6))
	f.Add(buildMat0(2, prefix10, waterPhases[:1], nil), uint32(2))
	f.Add([]byte{0, 0, 0, 0}, uint32(0))
	f.Fuzz(func(t *testing.T, data []byte, version uint32) {
		m, err := Parse(data, 0, version, 0)
		testutil.FileError(t, err, int64(len(data)))
		if err != nil {
			return
		}
		out, err := m.Encode()
		if err != nil {
			t.Fatalf("parsed but does not encode: %v", err)
		}
		if !bytes.Equal(out, data) {
			t.Fatalf("round trip differs")
		}
		for b := range m.Blocks {
			m.SampleAt(b, 12345, 0, 77)
			m.SampleAt(b, 0, 12345, 77)
		}
		m.Check()
		Describe("x", m)
	})
}
