package dff

import (
	"encoding/binary"
	"errors"
	"testing"

	"rummage/formats"
	"rummage/formats/binread"
)

func openFixture(t *testing.T, data []byte) formats.Node {
	t.Helper()
	f, err := formats.OpenBytes("car.dff", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	return f.Root
}

func TestNodeFacts(t *testing.T) {
	root := openFixture(t, encode(t, fixture(t)))
	if root.Kind() != formats.KindMesh || formats.SafeType(root) != "DFF" {
		t.Fatalf("root is %s %s", root.Kind(), formats.SafeType(root))
	}
	kids, err := root.Children()
	if err != nil || len(kids) != 2 || kids[1].Name() != "geometry_1" || kids[1].Kind() != formats.KindMesh {
		t.Fatalf("children %v, %v", kids, err)
	}
	d, err := root.(formats.Describer).Describe()
	if err != nil {
		t.Fatal(err)
	}
	m := d.(map[string]any)
	for k, want := range map[string]any{"vertices": 16, "triangles": 24, "geometries": 2, "atomics": 2, "nodes": 2, "uvSets": 2, "normals": true, "prelit": true, "batches": 3} {
		if m[k] != want {
			t.Errorf("%s = %v, want %v", k, m[k], want)
		}
	}
	frames := m["frames"].([]map[string]any)
	if len(frames) != 2 || frames[1]["name"] != "wheel_rf_dummy" || frames[1]["parent"] != int32(0) || frames[0]["parent"] != int32(-1) {
		t.Errorf("frames %v", frames)
	}
	mats := m["materials"].([]map[string]any)
	if len(mats) != 3 || mats[0]["texture"] != "body" || mats[0]["mask"] != "bodym" || mats[1]["texture"] != "" || mats[0]["found"] != nil {
		t.Errorf("materials %v", mats)
	}
	gd, err := kids[1].(formats.Describer).Describe()
	if err != nil {
		t.Fatal(err)
	}
	g := gd.(map[string]any)
	if g["triangles"] != 12 || g["binMesh"] != "strip" || g["uvSets"] != 0 || g["normals"] != false {
		t.Errorf("geometry_1 facts %v", g)
	}
	mesh, err := root.(formats.Mesher).Mesh()
	if err != nil || mesh.Triangles() != 24 {
		t.Fatalf("clump mesh: %v", err)
	}
}

// mutate returns data with the u32 at off replaced by v.
func mutate(data []byte, off int, v uint32) []byte {
	b := append([]byte(nil), data...)
	binary.LittleEndian.PutUint32(b[off:], v)
	return b
}

// TestBrokenBytes: every cut and every u32 set to a hostile value either
// parses or fails with a FormatError inside the file, never a panic; what
// parses also builds its meshes.
func TestBrokenBytes(t *testing.T) {
	data := encode(t, fixture(t))
	var cases [][]byte
	for n := 0; n < len(data); n += 3 {
		cases = append(cases, data[:n])
	}
	for off := 0; off+4 <= len(data); off += 4 {
		for _, v := range []uint32{0, 0xFFFFFFFF, 0x7FFFFFFF, 1 << 20, binary.LittleEndian.Uint32(data[off:]) + 1} {
			cases = append(cases, mutate(data, off, v))
		}
	}
	failed := 0
	for _, b := range cases {
		f, err := Parse(b, 100)
		if err != nil {
			failed++
			if off := formats.ErrorOffset(err); off < 100 || off > 100+int64(len(b)) {
				t.Fatalf("error %v is not a FormatError or UnsupportedError inside the %d bytes", err, len(b))
			}
			continue
		}
		if _, err := f.Clump.ClumpMesh(nil); err != nil {
			continue
		}
		for _, g := range f.Clump.Geometries {
			g.Triangles()
		}
	}
	if failed < len(data)/3 {
		t.Fatalf("only %d of %d broken variants failed", failed, len(cases))
	}
}

// TestBrokenCounts names the offset of a count that cannot fit.
func TestBrokenCounts(t *testing.T) {
	data := encode(t, fixture(t))
	f, _ := Parse(data, 0)
	g := f.Clump.Geometries[0]
	at := int(g.Off) + 12 + 12 + 8 // geometry header, struct header, flags, triangle count -> vertex count
	_, err := Parse(mutate(data, at, 1<<28), 0)
	var fe *binread.FormatError
	if !errors.As(err, &fe) {
		t.Fatalf("huge vertex count: %v", err)
	}
	if fe.Off < int64(at) || fe.Off > int64(g.Off+g.Len) {
		t.Fatalf("huge vertex count error at 0x%X, not inside geometry 0 (0x%X..0x%X): %v", fe.Off, g.Off, g.Off+g.Len, err)
	}
	// A frame whose parent is itself's descendant: a cycle.
	fl := int(f.Clump.Off) + 12 + 24 + 12 + 12 + 4 // clump header, its struct, frame list header, struct header, count
	cyc := mutate(data, fl+48, 1)                  // frame 0's parent = frame 1, whose parent is 0
	if _, err := Parse(cyc, 0); err == nil {
		t.Fatal("a frame cycle parsed")
	}
}

func FuzzDFF(f *testing.F) {
	f.Add(encode(f, fixture(f)))
	ps2, _ := ps2Fixture(f)
	f.Add(ps2)
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(data, 0)
		if err != nil {
			return
		}
		if _, err := file.Bytes(); err != nil {
			t.Fatalf("a parsed file does not encode: %v", err)
		}
		file.Clump.ClumpMesh(nil)
		for _, g := range file.Clump.Geometries {
			g.Mesh(nil)
		}
	})
}
