package export

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"rummage/export/glbtest"
	"rummage/formats"
	"rummage/samples"
)

// The sample car (a DFF) exports its frame hierarchy: one glTF node per
// frame under the same parents, the shown atomics' geometries as mesh
// nodes below their frames, and its textures embedded.
func TestGLBClumpKeepsFrames(t *testing.T) {
	dir := t.TempDir()
	for _, f := range samples.Files() {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	file, err := formats.Open(filepath.Join(dir, "rumbler.dff"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	sc, ok := file.Root.(formats.Scener)
	if !ok {
		t.Fatalf("%T is not a formats.Scener", file.Root)
	}
	s, err := sc.Scene()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteSceneGLB(&buf, s); err != nil {
		t.Fatal(err)
	}
	glbtest.Keep(t, "rumbler", buf.Bytes())
	doc := decodeGLB(t, buf.Bytes())

	facts, err := file.Root.(formats.Describer).Describe()
	if err != nil {
		t.Fatal(err)
	}
	frames := facts.(map[string]any)["frames"].([]map[string]any)
	byName := map[string]int{}
	meshNodes := 0
	for i, n := range doc.Nodes {
		if n.Mesh != nil {
			meshNodes++
			continue
		}
		byName[n.Name] = i
	}
	for _, f := range frames {
		name := f["name"].(string)
		i, ok := byName[name]
		if !ok {
			t.Errorf("frame %q has no glTF node", name)
			continue
		}
		p := f["parent"].(int32)
		if p < 0 {
			continue
		}
		parent := frames[p]["name"].(string)
		found := false
		for _, c := range doc.Nodes[byName[parent]].Children {
			found = found || c == i
		}
		if !found {
			t.Errorf("frame %q is not a child of %q", name, parent)
		}
	}
	if meshNodes == 0 || len(doc.Images) == 0 {
		t.Errorf("%d mesh nodes, %d images: the car's geometry or textures are missing", meshNodes, len(doc.Images))
	}
	t.Logf("%d nodes (%d with a mesh), %d meshes, %d images", len(doc.Nodes), meshNodes, len(doc.Meshes), len(doc.Images))
}
