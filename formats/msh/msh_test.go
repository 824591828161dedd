package msh

import (
	"bytes"
	"flag"
	"math"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/nres"
	"rummage/internal/testutil"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func emptySlots() [15]uint16 {
	var s [15]uint16
	for i := range s {
		s[i] = None
	}
	return s
}

// twoQuads is a root quad (rows 0 and 1), a child quad posed by a key
// (translated by (0,0,5), rotated 90° about Z) and a cockpit quad.
func twoQuads() *Model {
	quad := func(x float32) [][3]float32 {
		return [][3]float32{{x, 0, 0}, {x + 1, 0, 0}, {x + 1, 1, 0}, {x, 1, 0}}
	}
	m := &Model{}
	m.Positions = append(append(quad(0), quad(0)...), quad(10)...)
	m.Indices = []uint16{0, 1, 2, 0, 2, 3, 0, 1, 2, 0, 2, 3, 0, 1, 2, 0, 2, 3}
	m.Batches = []Batch{
		{Material: 1, IndexCount: 3, IndexStart: 0, BaseVertex: 0},
		{Material: 0, IndexCount: 3, IndexStart: 3, BaseVertex: 0},
		{Material: 1, IndexCount: 6, IndexStart: 6, BaseVertex: 4},
		{Material: 2, IndexCount: 6, IndexStart: 12, BaseVertex: 8},
	}
	m.Slots = []Slot{{BatchStart: 0, BatchCount: 2}, {BatchStart: 2, BatchCount: 1}, {BatchStart: 3, BatchCount: 1}}
	root := Node{Parent: None, AnimMapStart: None, FallbackKey: 2, Slots: emptySlots()}
	root.Slots[0] = 0
	child := Node{Parent: 0, AnimMapStart: 0, FallbackKey: 1, Slots: emptySlots()}
	child.Slots[0] = 1
	cockpit := Node{Flags: FlagCockpit, Parent: 0, AnimMapStart: None, FallbackKey: 2, Slots: emptySlots()}
	cockpit.Slots[0] = 2
	m.Nodes = []Node{root, child, cockpit}
	s := int16(math.Round(32767 * math.Sqrt(0.5)))
	m.Keys = []Key{
		{T: [3]float32{0, 0, 5}, Q: [4]int16{s, 0, 0, -s}}, // frame 0: the rest pose (stored conjugated)
		{T: [3]float32{0, 0, 9}, Q: [4]int16{32767, 0, 0, 0}},
		{},
	}
	m.FrameMap = []uint16{0, 1}
	m.Frames = 2
	// Every quad faces +Z except the child's, which faces +X; UVs span
	// the unit square, the fourth normal byte is a marker the writer keeps.
	for i := range m.Positions {
		n := [4]int8{0, 0, 127, int8(i)}
		if i >= 4 && i < 8 {
			n = [4]int8{127, 0, 0, int8(i)}
		}
		m.Normals = append(m.Normals, n)
		c := [][2]int16{{0, 0}, {UVScale, 0}, {UVScale, UVScale}, {0, UVScale}}[i%4]
		m.UV0 = append(m.UV0, c)
	}
	return m
}

func encode(t testing.TB, m *Model) []byte {
	b, err := m.Encode(nil)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestParseAndMesh(t *testing.T) {
	data := encode(t, twoQuads())
	m, err := NewModel(bytes.NewReader(data), 0, int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Nodes) != 3 || len(m.Slots) != 3 || len(m.Batches) != 4 || len(m.Positions) != 12 || len(m.Keys) != 3 || m.Frames != 2 {
		t.Fatalf("counts: %d nodes %d slots %d batches %d positions %d keys %d frames", len(m.Nodes), len(m.Slots), len(m.Batches), len(m.Positions), len(m.Keys), m.Frames)
	}
	mesh, err := m.Mesh(nil)
	if err != nil {
		t.Fatal(err)
	}
	// The cockpit quad (row 2) is left out: rows 0 and 1 remain, sorted.
	if mesh.Triangles() != 4 || len(mesh.Groups) != 2 {
		t.Fatalf("%d triangles, groups %+v", mesh.Triangles(), mesh.Groups)
	}
	if g := mesh.Groups[0]; g.Name != "material 0" || g.TriCount != 1 || g.FirstTri != 0 {
		t.Errorf("group 0 %+v", g)
	}
	if g := mesh.Groups[1]; g.Name != "material 1" || g.TriCount != 3 || g.FirstTri != 1 {
		t.Errorf("group 1 %+v", g)
	}
	// The child's vertex (1,0,0) rotated 90° about Z and lifted by 5: (0,1,5).
	found := false
	for _, p := range mesh.Positions {
		if math.Abs(float64(p[0])) < 1e-4 && math.Abs(float64(p[1]-1)) < 1e-4 && math.Abs(float64(p[2]-5)) < 1e-4 {
			found = true
		}
		if p[0] >= 10 {
			t.Errorf("cockpit vertex %v in the mesh", p)
		}
	}
	if !found {
		t.Errorf("posed child vertex missing: %v", mesh.Positions)
	}
	if mesh.Up != 1 {
		t.Error("Parkan meshes are Z-up")
	}
}

// streams opens the NRes archive data and returns its entries, ready to be
// edited and passed to nres.Build.
func streams(t *testing.T, data []byte) []nres.Entry {
	t.Helper()
	a, err := nres.NewArchive(bytes.NewReader(data), 0, int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var ents []nres.Entry
	for i := 0; i < a.Len(); i++ {
		e := a.Entry(i)
		d, _ := a.Data(i)
		ents = append(ents, nres.Entry{TypeID: e.TypeID, Attr1: e.Attr1, Attr2: e.Attr2, Attr3: e.Attr3, Name: e.Name(), Data: d})
	}
	return ents
}

func TestParseBroken(t *testing.T) {
	build := func(edit func(ents []nres.Entry) []nres.Entry) []byte {
		b, err := nres.Build(edit(streams(t, encode(t, twoQuads()))))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	byType := func(ents []nres.Entry, id uint32) *nres.Entry {
		for i := range ents {
			if ents[i].TypeID == id {
				return &ents[i]
			}
		}
		t.Fatalf("no stream %d", id)
		return nil
	}
	cases := []struct {
		name  string
		data  []byte
		want  string
		atUse bool // the error comes from Mesh, not NewModel
	}{
		{"not nres", []byte("NRes\x00\x01"), "", false},
		{"missing batches", build(func(e []nres.Entry) []nres.Entry {
			for i := range e {
				if e[i].TypeID == StreamBatches {
					return append(e[:i], e[i+1:]...)
				}
			}
			return e
		}), "stream 13 is missing", false},
		{"odd node stride", build(func(e []nres.Entry) []nres.Entry {
			n := byType(e, StreamNodes)
			n.Data = n.Data[:len(n.Data)-1]
			return e
		}), "not a multiple of the 38-byte record", false},
		{"short slot header", build(func(e []nres.Entry) []nres.Entry {
			byType(e, StreamSlots).Data = make([]byte, 100)
			return e
		}), "not 140 + n × 68", false},
		{"positions not 12", build(func(e []nres.Entry) []nres.Entry {
			p := byType(e, StreamPositions)
			p.Data = p.Data[:len(p.Data)-4]
			return e
		}), "multiple of 12", false},
		{"batch past indices", build(func(e []nres.Entry) []nres.Entry {
			b := byType(e, StreamBatches)
			b.Data[8] = 200 // index count of batch 0
			return e
		}), "exceed the 18 indices", true},
		{"vertex past positions", build(func(e []nres.Entry) []nres.Entry {
			b := byType(e, StreamBatches)
			b.Data[16] = 100 // base vertex of batch 0
			return e
		}), "past the 12 positions", true},
		{"parent after child", build(func(e []nres.Entry) []nres.Entry {
			n := byType(e, StreamNodes)
			n.Data[38+2] = 2 // node 1's parent = 2
			return e
		}), "parents must come first", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := NewModel(bytes.NewReader(c.data), 0, int64(len(c.data)))
			if c.atUse {
				if err != nil {
					t.Fatal(err)
				}
				_, err = m.Mesh(nil)
			}
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("%q does not mention %q", err, c.want)
			}
			if formats.ErrorOffset(err) < 0 {
				t.Errorf("%q names no offset", err)
			}
		})
	}
}

func TestNodeDescribe(t *testing.T) {
	data := encode(t, twoQuads())
	n, err := Open(formats.Source{R: bytes.NewReader(data), Size: int64(len(data)), Name: "QUADS.msh", Base: 0})
	if err != nil {
		t.Fatal(err)
	}
	kids, _ := n.Children()
	if len(kids) != 9 || kids[0].Name() != "stream_1" {
		t.Errorf("children %d, first %q", len(kids), kids[0].Name())
	}
	d, err := n.(formats.Describer).Describe()
	if err != nil {
		t.Fatal(err)
	}
	testutil.GoldenJSON(t, "quads.json", d, *update)
	if bs := n.(*MeshNode).Batches(); len(bs) != 4 || bs[3].Node != -1 || bs[2].Node != 1 || bs[0].Via != "missing" {
		t.Errorf("batches %+v", bs)
	}
}

func FuzzMSH(f *testing.F) {
	f.Add(encode(f, twoQuads()))
	bare := twoQuads()
	bare.Normals, bare.UV0 = nil, nil
	f.Add(encode(f, bare))
	short := twoQuads()
	short.UV0 = short.UV0[:5] // a UV stream shorter than the positions
	f.Add(encode(f, short))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := NewModel(bytes.NewReader(data), 0, int64(len(data)))
		testutil.FileError(t, err, int64(len(data)))
		if err != nil {
			return
		}
		m.RestPose()
		m.VertexFindings()
		if mesh, err := m.Mesh(nil); err == nil && ((mesh.Normals != nil && len(mesh.Normals) != len(mesh.Positions)) || (mesh.UVs != nil && len(mesh.UVs[0]) != len(mesh.Positions))) {
			t.Fatalf("%d positions, %d normals, UVs %d", len(mesh.Positions), len(mesh.Normals), len(mesh.UVs))
		}
	})
}

// TestRecordLayout pins the byte layout of Node38 and Batch20 by writing
// fields at their documented offsets.
func TestRecordLayout(t *testing.T) {
	ents := streams(t, encode(t, twoQuads()))
	for _, e := range ents {
		d := e.Data // edited in place
		switch e.TypeID {
		case StreamNodes: // node 0: flags +0, parent +2, anim +4, fallback +6, slot[0] +8
			copy(d[0:10], []byte{0x01, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0x02, 0x00, 0x00, 0x00})
		case StreamBatches: // batch 1: flags +0 (u32), material +4 (u8), lightmap flag +5, node +6
			copy(d[20:28], []byte{0x08, 0x01, 0x00, 0x00, 0x07, 0xFF, 0x34, 0x12})
		}
	}
	b, err := nres.Build(ents)
	if err != nil {
		t.Fatal(err)
	}
	m, err := NewModel(bytes.NewReader(b), 0, int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	if n := m.Nodes[0]; n.Flags != 1 || n.Parent != None || n.AnimMapStart != None || n.FallbackKey != 2 || n.Slots[0] != 0 {
		t.Errorf("node 0 %+v", n)
	}
	if bt := m.Batches[1]; bt.Flags != 0x108 || bt.Material != 7 || bt.LightmapFlag != 0xFF || bt.Node != 0x1234 || bt.IndexCount != 3 || bt.IndexStart != 3 {
		t.Errorf("batch 1 %+v", bt)
	}
}

// TestLazyModel: opening reads the directory only; a model whose streams
// are broken opens, lists its streams and reports the error when asked.
func TestLazyModel(t *testing.T) {
	m := twoQuads()
	m.Batches[0].IndexCount = 300 // past the index buffer
	data := encode(t, m)
	n, err := Open(formats.Source{R: bytes.NewReader(data), Size: int64(len(data)), Name: "BAD.msh"})
	if err != nil {
		t.Fatal(err)
	}
	if kids, _ := n.Children(); len(kids) != 9 {
		t.Errorf("%d streams", len(kids))
	}
	if _, err := n.(formats.Mesher).Mesh(); err == nil || !strings.Contains(err.Error(), "exceed") {
		t.Errorf("mesh error %v", err)
	}
}
