package xrlevel

import (
	"bytes"
	"math"
	"testing"

	"rummage/formats/geom"
)

// bigLevel is the sample level plus a 250×250-cell terrain visual in
// sector 0 (125,000 more triangles).
func bigLevel(t testing.TB) []byte {
	lv := SampleLevel()
	sb := &sampleBuilder{lv: lv, vbs: map[uint32]int{}, verts: map[int][]vertex{}}
	vs, idx := grid(geom.Vec3{-300, -5, -300}, 250, 250, 2, func(x, z float32) float32 {
		return float32(math.Sin(float64(x)*0.05) * math.Cos(float64(z)*0.07) * 8)
	}, 1)
	v := sb.addMesh(0x212, 0, 1, 0x3e, vs, idx, 0)
	vb := lv.VBs[len(lv.VBs)-1]
	vb.Count = len(sb.verts[vb.Index])
	vb.Data = encodeVertices(vb.Format, sb.verts[vb.Index])
	root := lv.Visuals[lv.Sectors[0].Root]
	root.Children = append(root.Children, v)
	b, err := WriteV4(lv, WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestBigLevel(t *testing.T) {
	b := bigLevel(t)
	lv, err := Parse(bytes.NewReader(b), 0, int64(len(b)), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(lv.Diags) != 0 || lv.Totals().VisualTriangles != 728+125000 {
		t.Fatalf("diags %v totals %+v", lv.Diags, lv.Totals())
	}
	if m := lv.LevelMesh(); m.Triangles() != 728+125000+8 {
		t.Fatalf("mesh %d", m.Triangles())
	}
}

// BenchmarkParseLevel decodes a level with 125,000 triangles of terrain
// (its compressed chunks included) and builds the level mesh.
func BenchmarkParseLevel(b *testing.B) {
	data := bigLevel(b)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		lv, err := Parse(bytes.NewReader(data), 0, int64(len(data)), "")
		if err != nil {
			b.Fatal(err)
		}
		lv.LevelMesh()
		lv.Stats()
	}
}

// TestConcurrentMeshes builds meshes of one level on several goroutines
// at once (the window does, in the background): the payloads read again
// and dropped under them give every goroutine the same mesh.
func TestConcurrentMeshes(t *testing.T) {
	b := bigLevel(t)
	lv, err := Parse(bytes.NewReader(b), 0, int64(len(b)), "")
	if err != nil {
		t.Fatal(err)
	}
	want := lv.LevelMesh().Triangles()
	errs := make(chan string, 8)
	for g := 0; g < 4; g++ {
		go func() {
			m := lv.LevelMesh()
			cf, err := lv.CFormMesh()
			switch {
			case m.Triangles() != want:
				errs <- "level mesh differs"
			case err != nil || cf.Triangles() == 0:
				errs <- "no collision mesh"
			default:
				errs <- ""
			}
		}()
	}
	for g := 0; g < 4; g++ {
		if e := <-errs; e != "" {
			t.Error(e)
		}
	}
}
