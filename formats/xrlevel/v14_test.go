package xrlevel

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"rummage/formats"
)

const v14Dir = "../../../shared/samples/xray-v14"

func openV14(t *testing.T) *LevelNode {
	t.Helper()
	p := filepath.Join(v14Dir, "level")
	if _, err := os.Stat(p); err != nil {
		t.Skip("shared v14 sample not present")
	}
	f, err := formats.Open(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	n, ok := f.Root.(*LevelNode)
	if !ok {
		t.Fatalf("root is %T", f.Root)
	}
	return n
}

func TestV14Sample(t *testing.T) {
	n := openV14(t)
	lv, err := n.Level()
	if err != nil {
		t.Fatal(err)
	}
	if lv.Version != 14 {
		t.Fatalf("version %d", lv.Version)
	}
	st := lv.Totals()
	if st.CFormVertices != 33 || st.CFormTriangles != 44 {
		t.Errorf("cform %d/%d, want 33/44", st.CFormVertices, st.CFormTriangles)
	}
	if st.VertexBuffers == 0 || st.Visuals == 0 || st.VisualTriangles == 0 {
		t.Errorf("totals %+v", st)
	}
	m, err := n.Mesh()
	if err != nil || m.Triangles() == 0 {
		t.Fatalf("level mesh: %v, %d triangles", err, m.Triangles())
	}
	cf, err := Resolve(t, n, "cform").(formats.Mesher).Mesh()
	if err != nil || cf.Triangles() < 44 {
		t.Fatalf("cform mesh %v", err)
	}
	for _, d := range lv.Diags {
		t.Logf("diag: %+v", d)
	}
	if testing.Verbose() {
		d, _ := n.Describe()
		b, _ := json.MarshalIndent(d, "", " ")
		t.Logf("%s", b)
	}
}

// Resolve resolves a node path or fails the test.
func Resolve(t *testing.T, root formats.Node, path string) formats.Node {
	t.Helper()
	n, err := formats.Resolve(root, path)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
