package export

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/export/glbtest"
	"rummage/formats"
	"rummage/formats/world/worldtest"
)

// openSmallScene writes the small test game and opens its text .ipl.
func openSmallScene(t *testing.T) formats.Node {
	t.Helper()
	path, err := worldtest.Small(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	f, err := formats.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f.Root
}

// A scene exports as glTF by default: each model's mesh once, one node
// per instance placing it (the stand-ins under a root of their own, the
// missing models as empty nodes), each texture embedded once.
func TestSceneGLTF(t *testing.T) {
	scene := openSmallScene(t)
	if DefaultFormat(scene.Kind()) != GLTF || IsContainer(scene) {
		t.Fatalf("a scene exports as %s (container %v)", DefaultFormat(scene.Kind()), IsContainer(scene))
	}
	out := t.TempDir()
	res, err := Export(context.Background(), []Item{{Node: scene}}, Options{Dir: out})
	if err != nil || len(res.Failures) > 0 || len(res.Written) != 1 || !strings.HasSuffix(res.Written[0], ".glb") {
		t.Fatalf("export: %v %v %v", err, res.Failures, res.Written)
	}
	glbtest.KeepFile(t, res.Written[0])
	b, _ := os.ReadFile(res.Written[0])
	doc := decodeGLB(t, b)
	if len(doc.Meshes) != 3 || len(doc.Images) != 3 || len(doc.Scenes[0].Nodes) != 2 {
		t.Errorf("%d meshes, %d images, %d roots", len(doc.Meshes), len(doc.Images), len(doc.Scenes[0].Nodes))
	}
	uses := map[int]int{}
	byName := map[string][]int{}
	for i, n := range doc.Nodes {
		if n.Mesh != nil {
			uses[*n.Mesh]++
		}
		byName[n.Name] = append(byName[n.Name], i)
	}
	if len(doc.Nodes) != 2+7 || len(byName["house"]) != 2 || len(byName["ghost (missing)"]) != 1 || len(byName["#4242 (missing)"]) != 1 {
		t.Errorf("%d nodes: %v", len(doc.Nodes), byName)
	}
	if h := byName["house"]; len(h) == 2 && *doc.Nodes[h[0]].Mesh != *doc.Nodes[h[1]].Mesh {
		t.Error("the two houses do not share their mesh")
	}
	lod := doc.Nodes[doc.Scenes[0].Nodes[1]]
	if lod.Name != "test.ipl LOD" || len(lod.Children) != 1 || doc.Nodes[lod.Children[0]].Name != "lodhouse" {
		t.Errorf("the LOD root %q holds %v", lod.Name, lod.Children)
	}
	// The lamp, stored turned +90° about Z, is turned -90°: glTF is Y-up
	// ((x, y, z) -> (x, z, -y) takes +Z to +Y), where that is -90° about
	// +Y.
	lamp := doc.Nodes[byName["lamp"][0]]
	q := mgl32.Quat{W: float32(lamp.Rotation[3]), V: mgl32.Vec3{float32(lamp.Rotation[0]), float32(lamp.Rotation[1]), float32(lamp.Rotation[2])}}
	if want := mgl32.QuatRotate(mgl32.DegToRad(-90), mgl32.Vec3{0, 1, 0}); !q.ApproxEqualThreshold(want, 1e-5) {
		t.Errorf("the lamp's rotation %v, want %v", q, want)
	}
}

// OBJ writes the placed triangles of the high-detail instances.
func TestSceneOBJ(t *testing.T) {
	scene := openSmallScene(t)
	out := t.TempDir()
	res, err := Export(context.Background(), []Item{{Node: scene}}, Options{Dir: out, As: OBJ})
	if err != nil || len(res.Failures) > 0 {
		t.Fatalf("export: %v %v", err, res.Failures)
	}
	b, err := os.ReadFile(filepath.Join(out, "test.ipl.obj"))
	if err != nil {
		t.Fatal(err)
	}
	faces := strings.Count(string(b), "\nf ")
	// two houses of 10 triangles, two lamps of 20, two missing boxes of 12
	if faces != 2*10+2*20+2*12 {
		t.Errorf("%d faces", faces)
	}
}
