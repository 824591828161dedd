package samples

import (
	"encoding/json"
	"testing"

	"rummage/formats"
)

func TestMeshNodes(t *testing.T) {
	nodes := Nodes()
	if len(nodes) == 0 {
		t.Fatal("no mesh nodes")
	}
	for _, n := range nodes {
		ms, ok := n.(formats.Mesher)
		if !ok || n.Kind() != formats.KindMesh {
			t.Fatalf("%s: not a mesh node", n.Name())
		}
		m, err := ms.Mesh()
		if err != nil || m.Triangles() == 0 {
			t.Fatalf("%s: mesh %v, %v", n.Name(), m, err)
		}
		d, err := n.(formats.Describer).Describe()
		if err != nil {
			t.Fatal(err)
		}
		js, _ := json.Marshal(d)
		var got struct {
			Kind                                string
			Nodes, Vertices, Triangles, Batches int
			Bounds                              struct{ Min, Max [3]float32 }
		}
		if err := json.Unmarshal(js, &got); err != nil {
			t.Fatal(err)
		}
		b := m.Bounds()
		if got.Kind != "mesh" || got.Vertices != len(m.Positions) || got.Triangles != m.Triangles() ||
			got.Batches != len(m.Groups) || got.Bounds.Min != b.Min || got.Bounds.Max != b.Max || got.Nodes != 1 {
			t.Fatalf("%s: describe %s", n.Name(), js)
		}
	}
}
