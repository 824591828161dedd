package export

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/qmuntal/gltf"

	"rummage/formats"
	_ "rummage/formats/all" // register every format
	"rummage/formats/geom"
	"rummage/samples"
)

// sampleMeshes opens the built-in samples (written to a folder, so that
// their material libraries are found beside them) and returns every mesh
// and level node's mesh by node path.
func sampleMeshes(t *testing.T) map[string]*geom.Mesh {
	t.Helper()
	dir := t.TempDir()
	for _, f := range samples.Files() {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := map[string]*geom.Mesh{}
	var walk func(n formats.Node, path string, depth int)
	walk = func(n formats.Node, path string, depth int) {
		if ms, ok := n.(formats.Mesher); ok && (n.Kind() == formats.KindMesh || n.Kind() == formats.KindLevel) {
			if m, err := ms.Mesh(); err == nil && m != nil {
				out[path] = m
			}
			return
		}
		kids, err := formats.SafeChildren(n)
		if err != nil || depth > 6 {
			return
		}
		for i, k := range kids {
			walk(k, path+"/"+formats.ChildNames(kids, formats.Folds(n))[i], depth+1)
		}
	}
	for _, f := range samples.Files() {
		file, err := formats.Open(filepath.Join(dir, f.Name), nil)
		if err != nil {
			continue // not every sample is a mesh format
		}
		walk(file.Root, f.Name, 0)
		file.Close()
	}
	if len(out) < 2 {
		t.Fatalf("only %d sample meshes: the test covers less than it says", len(out))
	}
	return out
}

// Every mesh of the built-in samples as glTF: one primitive per group
// that draws, every vertex and triangle kept, one image per distinct
// texture page the materials name.
func TestGLBSamples(t *testing.T) {
	for path, m := range sampleMeshes(t) {
		doc := meshGLB(t, m, filepath.Base(path))
		parts, mats := splitParts(m, path)
		prims := doc.Meshes[0].Primitives
		if len(prims) != max(len(parts), 1) {
			t.Errorf("%s: %d primitives for %d parts", path, len(prims), len(parts))
		}
		if n := doc.Accessors[prims[0].Attributes[gltf.POSITION]].Count; n != len(m.Positions) {
			t.Errorf("%s: %d vertices, want %d", path, n, len(m.Positions))
		}
		tris, want := 0, 0
		for i, p := range prims {
			if p.Mode == gltf.PrimitiveTriangles && p.Indices != nil {
				tris += doc.Accessors[*p.Indices].Count / 3
				want += len(parts[i].tris)
			}
		}
		if tris != want {
			t.Errorf("%s: %d triangles, want %d", path, tris, want)
		}
		pages := map[[32]byte]bool{}
		for _, mt := range mats {
			if mt.surf.tex != nil {
				pages[mt.surf.tex.sum] = true
			}
		}
		if len(doc.Images) != len(pages) {
			t.Errorf("%s: %d images for %d distinct texture pages", path, len(doc.Images), len(pages))
		}
		t.Logf("%s: %d vertices, %d primitives, %d materials, %d images", path, len(m.Positions), len(prims), len(doc.Materials), len(doc.Images))
	}
}
