package xrlevel

import (
	"strconv"
	"testing"

	"rummage/formats"
)

// TestMeshFactsCountSolidTriangles checks the mesh "vertices"/"triangles"
// of info --json: cform reports the collision counts of the level's counts
// object, and no mesh counts its portal outlines (line segments and their
// vertices) as triangles.
func TestMeshFactsCountSolidTriangles(t *testing.T) {
	n := openBytes(t, sampleBytes(t, WriteOptions{}))
	lv, _ := n.Level()
	tot := lv.Totals()
	describe := func(p string) map[string]any {
		t.Helper()
		node, err := formats.Resolve(n, p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		d, err := node.(formats.Describer).Describe()
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		return d.(map[string]any)
	}
	cf := describe("cform")
	if cf["vertices"] != tot.CFormVertices || cf["triangles"] != tot.CFormTriangles {
		t.Errorf("cform vertices %v triangles %v, want %d %d", cf["vertices"], cf["triangles"], tot.CFormVertices, tot.CFormTriangles)
	}
	sum := 0
	st := lv.Stats()
	for i := range lv.Sectors {
		d := describe("sectors/" + strconv.Itoa(i))
		got, _ := d["triangles"].(int)
		sum += got
		if want := st.Sectors[i].Vertices; d["vertices"] != want || got != st.Sectors[i].Triangles {
			t.Errorf("sector %d: vertices %v triangles %d, want the sector stats' %d %d", i, d["vertices"], got, want, st.Sectors[i].Triangles)
		}
	}
	if sum != tot.VisualTriangles {
		t.Errorf("sector triangles sum to %d, want the visuals' %d", sum, tot.VisualTriangles)
	}
}
