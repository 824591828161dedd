package col

import (
	"bytes"
	"encoding/binary"
	"reflect"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/geom"
)

// fixture is a model with spheres, boxes, faces, face groups and (COL3+)
// a shadow mesh; vertices are multiples of 1/128 so COL2+ keeps them.
func fixture(version int, name string) *Model {
	m := &Model{Version: version, Name: name, ModelID: 1234,
		Bounds:   Bounds{Min: geom.Vec3{-2, -2, -1}, Max: geom.Vec3{2, 2, 1}, Center: geom.Vec3{0, 0, 0}, Radius: 3},
		Spheres:  []Sphere{{Center: geom.Vec3{0, 0, 0.5}, Radius: 0.5, Surface: Surface{Material: 7, Flag: 1, Brightness: 2, Light: 3}}},
		Boxes:    []Box{{Min: geom.Vec3{-1, -1, -1}, Max: geom.Vec3{1, 1, 0}, Surface: Surface{Material: 4, Light: 9}}, {Min: geom.Vec3{1, 1, 0}, Max: geom.Vec3{2, 2, 1}, Surface: Surface{Material: 7}}},
		Vertices: []geom.Vec3{{-2, -2, 0}, {2, -2, 0}, {2, 2, 0}, {-2, 2, 0}, {0, 0, 1.5}},
		Faces: []Face{{A: 0, B: 1, C: 2, Surface: Surface{Material: 1, Light: 5}}, {A: 0, B: 2, C: 3, Surface: Surface{Material: 1}},
			{A: 0, B: 1, C: 4, Surface: Surface{Material: 2}}},
	}
	if version == 1 {
		for i := range m.Faces {
			m.Faces[i].Surface.Flag, m.Faces[i].Surface.Brightness = 1, 2 // COLL keeps the whole surface
		}
		return m
	}
	for i := range m.Faces {
		m.Faces[i].Surface.Flag, m.Faces[i].Surface.Brightness = 0, 0
	}
	m.FaceGroups = []FaceGroup{{Min: geom.Vec3{-2, -2, 0}, Max: geom.Vec3{2, 2, 0}, Start: 0, End: 1}, {Min: geom.Vec3{-2, -2, 0}, Max: geom.Vec3{2, 2, 1.5}, Start: 2, End: 2}}
	m.Flags = FlagNotEmpty | FlagFaceGroups
	if version >= 3 {
		m.ShadowVertices = []geom.Vec3{{-1, -1, 0}, {1, -1, 0}, {0, 1, 0}}
		m.ShadowFaces = []Face{{A: 0, B: 1, C: 2, Surface: Surface{Material: 9}}}
		m.Flags |= FlagShadow
	}
	if version == 4 {
		m.Extra = 0xCAFE
	}
	return m
}

func encode(t testing.TB, ms ...*Model) []byte {
	t.Helper()
	var out []byte
	for _, m := range ms {
		b, err := m.Bytes()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b...)
	}
	return out
}

func TestRoundTrip(t *testing.T) {
	for v := 1; v <= 4; v++ {
		want := fixture(v, "model"+Tags[v])
		b := encode(t, want)
		got, err := ParseModel(b, 0)
		if err != nil {
			t.Fatalf("v%d: %v", v, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("v%d: read back\n%+v\nwant\n%+v", v, got, want)
		}
		if string(b[:4]) != Tags[v] || int(binary.LittleEndian.Uint32(b[4:])) != len(b)-8 {
			t.Errorf("v%d: header %q size %d of %d bytes", v, b[:4], binary.LittleEndian.Uint32(b[4:]), len(b))
		}
	}
}

func TestBody1(t *testing.T) {
	want := fixture(1, "car")
	got, err := ParseBody1(want.Body1(), 100, "car")
	if err != nil {
		t.Fatal(err)
	}
	want.ModelID = 0 // the body has no header
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read back %+v", got)
	}
}

// open opens b as a .col file named name.
func open(t testing.TB, b []byte) *Root {
	t.Helper()
	n, err := formats.OpenFile(formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Name: "test.col"})
	if err != nil {
		t.Fatal(err)
	}
	return n.(*Root)
}

func describe(t testing.TB, n formats.Node) map[string]any {
	t.Helper()
	d, err := n.(formats.Describer).Describe()
	if err != nil {
		t.Fatal(err)
	}
	return d.(map[string]any)
}

func TestArchive(t *testing.T) {
	b := encode(t, fixture(1, "a"), fixture(2, "b"), fixture(3, "b"), fixture(4, "c"))
	b = append(b, make([]byte, 1996)...) // zero padding after the last model
	r := open(t, b)
	kids, _ := r.Children()
	names := formats.ChildNames(kids, false)
	if strings.Join(names, ",") != "a,b@1,b@2,c" {
		t.Errorf("names %v", names)
	}
	if len(r.Diagnostics()) != 0 {
		t.Errorf("zero padding warned: %v", r.Diagnostics())
	}
	d := describe(t, kids[2])
	if d["spheres"] != 1 || d["boxes"] != 2 || d["faces"] != 3 || d["vertices"] != 5 || d["faceGroups"] != 2 || d["shadowFaces"] != 1 || d["type"] != "COL3" {
		t.Errorf("COL3 facts %v", d)
	}
	s := d["surfaces"].([]SurfaceCount)
	if !reflect.DeepEqual(s, []SurfaceCount{{1, 2, 0, 0}, {2, 1, 0, 0}, {4, 0, 0, 1}, {7, 0, 1, 1}}) {
		t.Errorf("surfaces %v", s)
	}
	if kids[1].Kind() != formats.KindMesh || kids[1].(formats.Rawer).Offset() != int64(len(encode(t, fixture(1, "a")))) {
		t.Errorf("model b: kind %s, offset %d", kids[1].Kind(), kids[1].(formats.Rawer).Offset())
	}
}

func TestTrailerThatIsNotPadding(t *testing.T) {
	b := append(encode(t, fixture(2, "a")), 0, 0, 'x', 0)
	r := open(t, b)
	d := r.Diagnostics()
	if len(d) != 1 || d[0].Off != int64(len(b)-2) || !strings.Contains(d[0].Msg, "4 bytes") {
		t.Errorf("diagnostics %v", d)
	}
	if n, _ := r.ChildCount(); n != 1 {
		t.Errorf("%d models", n)
	}
}

func TestMesh(t *testing.T) {
	m := fixture(3, "m").Mesh()
	var names []string
	lines := 0
	for _, g := range m.Groups {
		names = append(names, g.Name)
		if g.Lines {
			lines += g.TriCount
		}
		if !g.Lines && (g.Surface == nil || g.Surface.Color != g.Color || !g.Surface.TwoSided) {
			t.Errorf("group %s: surface %+v colour %v", g.Name, g.Surface, g.Color)
		}
	}
	if strings.Join(names, ",") != "surface 1,surface 2,surface 4,surface 7,shadow mesh" {
		t.Errorf("groups %v", names)
	}
	if lines != 3 {
		t.Errorf("shadow outline of %d segments, want 3", lines)
	}
	// a box's 12 triangles face out: each normal points away from its centre
	box := fixture(1, "x")
	box.Spheres, box.Faces, box.Vertices, box.Boxes = nil, nil, nil, box.Boxes[:1]
	bm := box.Mesh()
	c := geom.Vec3{0, 0, -0.5}
	for i := 0; i < bm.Triangles(); i++ {
		a, b, d := bm.Positions[bm.Indices[3*i]], bm.Positions[bm.Indices[3*i+1]], bm.Positions[bm.Indices[3*i+2]]
		n := cross(sub(b, a), sub(d, a))
		if dot(n, sub(a, c)) <= 0 {
			t.Errorf("box triangle %d faces in", i)
		}
	}
	if SurfaceColor(7) == SurfaceColor(8) {
		t.Error("surface colours are not one per material")
	}
}

func sub(a, b geom.Vec3) geom.Vec3 { return geom.Vec3{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func dot(a, b geom.Vec3) float32   { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func cross(a, b geom.Vec3) geom.Vec3 {
	return geom.Vec3{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// TestBrokenModels mutates one model's bytes: it becomes a broken node
// with the offset of what is wrong, and its siblings still open.
func TestBrokenModels(t *testing.T) {
	good := encode(t, fixture(2, "ok"))
	m3 := encode(t, fixture(3, "bad"))
	base := int64(len(good))
	for _, c := range []struct {
		name string
		at   int
		val  uint32
		off  int64 // the offset the error names
		msg  string
	}{
		{"sphere offset past the end", 0x54, 1 << 20, 0x54, "sphere offset"},
		{"face count too big", 0x4C, 0xFFFF, 0x64, "face count"},
		{"shadow face count too big", 0x6C, 5000, 0x74, "shadow face count"},
		{"face groups say too many", 0, 0, -1, "face group"},
	} {
		b := append([]byte{}, m3...)
		if c.at == 0 {
			faces := binary.LittleEndian.Uint32(b[0x64:])
			binary.LittleEndian.PutUint32(b[faces:], 999) // the group count before the faces
			c.off = int64(faces)
		} else if c.at == 0x4C {
			binary.LittleEndian.PutUint16(b[c.at:], uint16(c.val))
		} else {
			binary.LittleEndian.PutUint32(b[c.at:], c.val)
		}
		r := open(t, append(append([]byte{}, good...), b...))
		kids, _ := r.Children()
		err := kids[1].(formats.Broken).Err()
		if err == nil || formats.ErrorOffset(err) != base+c.off || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v (want offset 0x%X)", c.name, err, base+c.off)
		}
		if kids[0].(formats.Broken).Err() != nil {
			t.Errorf("%s: the intact sibling is broken", c.name)
		}
	}
	// a size past the end: the last node is broken at the size field
	b := append(append([]byte{}, good...), m3[:60]...)
	r := open(t, b)
	kids, _ := r.Children()
	if err := kids[1].(formats.Broken).Err(); err == nil || formats.ErrorOffset(err) != base+4 {
		t.Errorf("cut model: %v", err)
	}
}

func TestCOLLLinesRefused(t *testing.T) {
	b := encode(t, fixture(1, "l"))
	at := HeaderSize + 40 + 4 + 20 // after the bounds and the one sphere
	binary.LittleEndian.PutUint32(b[at:], 2)
	if _, err := ParseModel(b, 0); err == nil || formats.ErrorOffset(err) != int64(at) {
		t.Errorf("COLL with lines: %v", err)
	}
}

func FuzzCOL(f *testing.F) {
	for v := 1; v <= 4; v++ {
		b, _ := fixture(v, "f").Bytes()
		f.Add(b)
	}
	f.Add(fixture(1, "f").Body1())
	f.Fuzz(func(t *testing.T, data []byte) {
		if m, err := ParseModel(data, 0); err == nil {
			m.Mesh()
			Facts(m, nil)
		}
		if m, err := ParseBody1(data, 0, "x"); err == nil {
			m.Mesh()
		}
		if !IsCOL(data) {
			return
		}
		n, err := formats.OpenFile(formats.Source{R: bytes.NewReader(data), Size: int64(len(data)), Name: "f.col"})
		if err != nil {
			return
		}
		kids, _ := n.Children()
		for _, k := range kids {
			if d, ok := k.(formats.Describer); ok {
				d.Describe()
			}
		}
	})
}
