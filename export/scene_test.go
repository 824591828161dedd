package export

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"

	"rummage/formats/geom"
)

// A frame hierarchy (as a DFF clump has): a Z-up scene turned Y-up, child
// matrices conjugated so that points land where they did, a mesh shared
// by two nodes written once.
func TestGLBSceneHierarchy(t *testing.T) {
	m := texturedQuads()
	m.Up = geom.ZUp
	turn := mgl32.Translate3D(1, 2, 3).Mul4(mgl32.HomogRotate3DZ(math.Pi / 2))
	wheel := &SceneNode{Name: "wheel", Matrix: turn, Mesh: m}
	pivot := &SceneNode{Name: "pivot", Matrix: mgl32.Translate3D(0, 0, 5), Children: []*SceneNode{wheel}}
	body := &SceneNode{Name: "body", Mesh: m, Children: []*SceneNode{pivot}}
	doc := sceneGLB(t, &Scene{Name: "car", Up: geom.ZUp, Nodes: []*SceneNode{body, {Name: "empty"}}})
	if len(doc.Nodes) != 4 || len(doc.Meshes) != 1 || len(doc.Scenes[0].Nodes) != 2 {
		t.Fatalf("%d nodes, %d meshes, %d roots", len(doc.Nodes), len(doc.Meshes), len(doc.Scenes[0].Nodes))
	}
	names := []string{}
	for _, n := range doc.Nodes {
		names = append(names, n.Name)
	}
	if strings.Join(names, ",") != "body,pivot,wheel,empty" || doc.Nodes[0].Children[0] != 1 || doc.Nodes[1].Children[0] != 2 {
		t.Fatalf("nodes %v", names)
	}
	if doc.Nodes[0].Mesh == nil || doc.Nodes[2].Mesh == nil || *doc.Nodes[0].Mesh != *doc.Nodes[2].Mesh || doc.Nodes[1].Mesh != nil {
		t.Error("the shared mesh is not one glTF mesh on both nodes")
	}
	// the wheel's matrix takes the turned point where the Z-up matrix took the point
	got := nodeMatrix(doc.Nodes[2])
	p := mgl32.Vec3{0.5, -2, 7}
	want := turn.Mul4x1(p.Vec4(1)).Vec3()
	y := got.Mul4x1(mgl32.Vec3(yUp(p, geom.ZUp)).Vec4(1)).Vec3()
	if !y.ApproxEqualThreshold(mgl32.Vec3(yUp(want, geom.ZUp)), 1e-5) {
		t.Errorf("wheel matrix maps to %v, want %v", y, yUp(want, geom.ZUp))
	}
	if tr := nodeMatrix(doc.Nodes[1]); tr[12] != 0 || tr[13] != 5 || tr[14] != 0 {
		t.Errorf("pivot translation %v, want (0, 5, 0)", tr[12:15])
	}
}

// nodeMatrix is a glTF node's local transform: its matrix, or T·R·S.
func nodeMatrix(n *gltf.Node) mgl32.Mat4 {
	var m mgl32.Mat4
	if mm := n.MatrixOrDefault(); mm != gltf.DefaultMatrix {
		for i, v := range mm {
			m[i] = float32(v)
		}
		return m
	}
	t, r, s := n.TranslationOrDefault(), n.RotationOrDefault(), n.ScaleOrDefault()
	q := mgl32.Quat{W: float32(r[3]), V: mgl32.Vec3{float32(r[0]), float32(r[1]), float32(r[2])}}
	return mgl32.Translate3D(float32(t[0]), float32(t[1]), float32(t[2])).Mul4(q.Mat4()).Mul4(mgl32.Scale3D(float32(s[0]), float32(s[1]), float32(s[2])))
}

func TestGLBSceneErrors(t *testing.T) {
	loop := &SceneNode{Name: "loop"}
	loop.Children = []*SceneNode{loop}
	bad := mgl32.Ident4()
	bad[3] = float32(math.Inf(1))
	for _, c := range []struct {
		s    *Scene
		want string
	}{
		{&Scene{Nodes: []*SceneNode{loop}}, `"loop" appears twice`},
		{&Scene{Nodes: []*SceneNode{nil}}, "nil node"},
		{&Scene{Nodes: []*SceneNode{{Name: "nan", Matrix: bad}}}, `"nan" has a non-finite matrix`},
	} {
		err := WriteSceneGLB(&bytes.Buffer{}, c.s)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
}
