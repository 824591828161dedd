package ipl

import (
	"encoding/binary"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/binread"
)

// sample are three instances: a house with its LOD (row 2), a turned
// lamp with no LOD and the LOD itself, in an interior with a flag.
func sample() []Instance {
	s := float32(math.Sin(math.Pi / 4))
	return []Instance{
		{ID: 1000, Model: "house", Pos: [3]float32{10, 20, 3}, Rot: [4]float32{0, 0, 0, 1}, LOD: 2},
		{ID: 1001, Model: "lamp", Interior: 3 | 4<<8, Pos: [3]float32{-5.25, 0.5, 1}, Rot: [4]float32{0, 0, s, s}, LOD: -1},
		{ID: 1002, Model: "lodhouse", Pos: [3]float32{10, 20, 3}, Rot: [4]float32{0, 0, 0, 1}, LOD: -1},
	}
}

func TestTextRoundTrip(t *testing.T) {
	cars := []Car{{Pos: [3]float32{1, 2, 3}, Angle: 90, ID: -1, Colors: [2]int32{-1, -1}, Alarm: 10, DoorLock: 50}}
	b := Text(sample(), cars, []TextSection{{"enex", []string{"1, 2, 3"}}, {"weird", []string{"anything at all"}}})
	f, err := ParseText(b, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Diags) != 0 {
		t.Errorf("diagnostics %v", f.Diags)
	}
	if len(f.Instances) != 3 || len(f.Cars) != 1 {
		t.Fatalf("%d instances, %d cars", len(f.Instances), len(f.Cars))
	}
	for i, want := range sample() {
		got := f.Instances[i]
		got.Line, got.Off = 0, 0
		want.Scale = [3]float32{1, 1, 1}
		if got != want {
			t.Errorf("instance %d = %+v, want %+v", i, got, want)
		}
	}
	if f.Instances[0].Line != 3 || f.Instances[0].Off != 100+int64(strings.Index(string(b), "1000,")) {
		t.Errorf("instance 0 at line %d offset %d", f.Instances[0].Line, f.Instances[0].Off)
	}
	if c := f.Cars[0]; c.Angle != 90 || c.ID != -1 || c.Alarm != 10 || c.DoorLock != 50 {
		t.Errorf("car %+v", c)
	}
	var names []string
	for _, s := range f.Sections {
		names = append(names, s.Name)
	}
	if strings.Join(names, " ") != "inst cars enex weird" {
		t.Errorf("sections %q", names)
	}
	if f.LODInstance(0) != 2 || f.LODInstance(1) != -1 {
		t.Errorf("LODs %d %d", f.LODInstance(0), f.LODInstance(1))
	}
	if in := f.Instances[1]; in.Area() != 3 || in.Flags() != 4 {
		t.Errorf("area %d flags %d", in.Area(), in.Flags())
	}
}

// Rows of GTA III and Vice City read with their scales; a row that
// cannot be read is left out with its line and offset, and the LOD
// indices (which count rows) still find their instances.
func TestTextVariants(t *testing.T) {
	text := "# comment\r\ninst\r\n" +
		"1, a, 1, 2, 3, 2, 2, 2, 0, 0, 0, 1\r\n" + // GTA III
		"2, b, 0, 1, 2, 3, 1, 1, 3, 0, 0, 0, 1\r\n" + // Vice City
		"3, c, 0, 1, 2, x, 0, 0, 0, 1, -1\r\n" + // bad number
		"4, d, 0, 1, 2, 3, 0, 0, 0, 1, 4\r\n" + // its LOD is the next row
		"5, lodd, 0, 1, 2, 3, 0, 0, 0, 1, -1\r\n" +
		"end\r\n"
	f, err := ParseText([]byte(text), 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Instances) != 4 {
		t.Fatalf("%d instances, want 4", len(f.Instances))
	}
	if s := f.Instances[0].Scale; s != [3]float32{2, 2, 2} || f.Instances[0].Pos != [3]float32{1, 2, 3} {
		t.Errorf("GTA III row %+v", f.Instances[0])
	}
	if s := f.Instances[1].Scale; s != [3]float32{1, 1, 3} {
		t.Errorf("Vice City row scale %v", s)
	}
	if len(f.Diags) != 1 || f.Diags[0].Off != int64(strings.Index(text, "3, c")) || !strings.Contains(f.Diags[0].Msg, "line 5") {
		t.Errorf("diagnostics %v", f.Diags)
	}
	if got := f.LODInstance(2); got != 3 || f.Instances[3].Model != "lodd" {
		t.Errorf("row 3's LOD is instance %d", got)
	}
}

func TestTextNoSection(t *testing.T) {
	_, err := ParseText([]byte("# nothing\n1, 2, 3\n"), 7)
	var fe *binread.FormatError
	if !errors.As(err, &fe) || fe.Off != 7 {
		t.Fatalf("error %v", err)
	}
}

func TestLooksText(t *testing.T) {
	for _, c := range []struct {
		head string
		size int64
		name string
		want bool
	}{
		{"inst\nend\n", 9, "a.ipl", true},
		{"# IPL generated from Max file\ninst\n", 100, "A.IPL", true},
		{"inst\n", 5, "a.txt", false},
		{"hello\n", 6, "a.ipl", false},
		{"# a long comment that fills the whole head of the file, and more", 1000, "a.ipl", true},
		{"# a long comment that fills the whole head of the file, and more", 64, "a.ipl", false},
		{"\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\nin", 1000, "a.ipl", true},
		{"bnry", 100, "a.ipl", false},
	} {
		if got := LooksText([]byte(c.head), c.size, c.name); got != c.want {
			t.Errorf("LooksText(%q, %d, %q) = %v", c.head, c.size, c.name, got)
		}
	}
}

func TestBinaryRoundTrip(t *testing.T) {
	in := sample()
	for i := range in {
		in[i].Model = ""
	}
	cars := []Car{{Pos: [3]float32{1, 2, 3}, Angle: 1.5, ID: 400, Colors: [2]int32{1, 2}, ForceSpawn: 1, Alarm: 2, DoorLock: 3, Unknown: [2]int32{4, 5}}}
	b := Binary(in, cars)
	if len(b)%2048 != 0 || string(b[:4]) != "bnry" || binary.LittleEndian.Uint32(b[4:]) != 3 || binary.LittleEndian.Uint32(b[20:]) != 1 ||
		binary.LittleEndian.Uint32(b[28:]) != 76 || binary.LittleEndian.Uint32(b[60:]) != 76+3*40 {
		t.Fatalf("header % X", b[:76])
	}
	f, err := ParseBinary(b, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range in {
		want.Scale, want.Off = [3]float32{1, 1, 1}, 76+40*int64(i)
		if f.Instances[i] != want {
			t.Errorf("instance %d = %+v, want %+v", i, f.Instances[i], want)
		}
	}
	want := cars[0]
	want.Off = 76 + 3*40
	if len(f.Cars) != 1 || f.Cars[0] != want {
		t.Errorf("cars %+v", f.Cars)
	}
}

// A count or offset that does not fit the file is an error at the field
// that says it; an unknown table that is not empty is a diagnostic.
func TestBinaryBroken(t *testing.T) {
	good := Binary(sample(), nil)
	for _, c := range []struct {
		name string
		at   int
		val  int32
		off  int64
	}{
		{"count too big", 4, 1000, 4},
		{"negative count", 4, -1, 4},
		{"offset past the end", 28, 1 << 20, 28},
		{"offset in the header", 28, 8, 28},
		{"cars past the end", 20, 60, 20},
	} {
		b := append([]byte(nil), good...)
		binary.LittleEndian.PutUint32(b[c.at:], uint32(c.val))
		if c.name == "cars past the end" {
			binary.LittleEndian.PutUint32(b[60:], 76)
		}
		_, err := ParseBinary(b, 0)
		var fe *binread.FormatError
		if !errors.As(err, &fe) || fe.Off != c.off {
			t.Errorf("%s: error %v, want one at %d", c.name, err, c.off)
		}
	}
	if _, err := ParseBinary(good[:50], 0); err == nil {
		t.Error("a cut header reads")
	}
	b := append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(b[12:], 2)
	f, err := ParseBinary(b, 0)
	if err != nil || len(f.Diags) != 1 || f.Diags[0].Off != 12 {
		t.Errorf("unknown table: %v %v", err, f.Diags)
	}
}

// The stored quaternion is the inverse rotation: a stored +90° turn about
// Z places the model turned -90°, so its +X axis points along -Y.
func TestRotationIsConjugated(t *testing.T) {
	in := sample()[1]
	m := in.Matrix()
	x := m.Mul4x1(mgl32.Vec4{1, 0, 0, 1})
	want := mgl32.Vec4{-5.25, 0.5 - 1, 1, 1}
	if !x.ApproxEqualThreshold(want, 1e-5) {
		t.Errorf("+X goes to %v, want %v", x, want)
	}
	z := Instance{Rot: [4]float32{}}
	if z.Rotation() != mgl32.QuatIdent() {
		t.Errorf("a zero quaternion turns: %v", z.Rotation())
	}
}
