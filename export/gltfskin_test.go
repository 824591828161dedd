package export

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/samples"
)

// sampleWalker opens the built-in walker and its animations: the clump's
// scene and the two motions.
func sampleWalker(t *testing.T) (*Scene, *geom.Mesh, []*geom.Animation) {
	t.Helper()
	var model, anims []byte
	for _, f := range samples.Files() {
		switch f.Name {
		case "walker.dff":
			model = f.Data
		case "walker.ifp":
			anims = f.Data
		}
	}
	mf, err := formats.OpenBytes("walker.dff", model, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := mf.Root.(formats.Scener).Scene()
	if err != nil {
		t.Fatal(err)
	}
	m, err := mf.Root.(formats.Mesher).Mesh()
	if err != nil {
		t.Fatal(err)
	}
	af, err := formats.OpenBytes("walker.ifp", anims, nil)
	if err != nil {
		t.Fatal(err)
	}
	kids, _ := af.Root.Children()
	var out []*geom.Animation
	for _, k := range kids {
		a, err := k.(formats.Animator).Animation()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, a)
	}
	return s, m, out
}

// TestGLBSkinAndAnimations writes the walker with its two motions and
// reads the file back with qmuntal/gltf: one joint per frame, the weights
// of the source, one animation per motion with the source's key counts,
// and the skinned mesh's node at the root without a transform.
func TestGLBSkinAndAnimations(t *testing.T) {
	s, src, anims := sampleWalker(t)
	s.Animations = anims
	doc := sceneGLB(t, s)
	if len(doc.Skins) != 1 || len(doc.Skins[0].Joints) != len(src.Skin.Skeleton.Bones) {
		t.Fatalf("skins %v, want one of %d joints", doc.Skins, len(src.Skin.Skeleton.Bones))
	}
	var skinned *gltf.Node
	for _, i := range doc.Scenes[0].Nodes {
		if n := doc.Nodes[i]; n.Skin != nil {
			skinned = n
		}
	}
	if skinned == nil || skinned.Matrix != gltf.DefaultMatrix && skinned.Matrix != [16]float64{} {
		t.Fatalf("no skinned root node without a transform: %+v", skinned)
	}
	prim := doc.Meshes[*skinned.Mesh].Primitives[0]
	w, err := modeler.ReadWeights(doc, doc.Accessors[prim.Attributes[gltf.WEIGHTS_0]], nil)
	if err != nil {
		t.Fatal(err)
	}
	j, err := modeler.ReadJoints(doc, doc.Accessors[prim.Attributes[gltf.JOINTS_0]], nil)
	if err != nil {
		t.Fatal(err)
	}
	blended := 0
	for v := range w {
		var sum float32
		for k := 0; k < 4; k++ {
			sum += w[v][k]
			if w[v][k] != 0 && doc.Nodes[doc.Skins[0].Joints[j[v][k]]].Name == "" {
				t.Fatalf("vertex %d joint %d is an unnamed node", v, j[v][k])
			}
		}
		if math.Abs(float64(sum-1)) > 1e-6 {
			t.Errorf("vertex %d weights %v sum to %v", v, w[v], sum)
		}
		if w[v][1] != 0 {
			blended++
		}
	}
	if len(w) == 0 || blended == 0 {
		t.Errorf("%d vertices, %d on two bones", len(w), blended)
	}
	if len(doc.Animations) != len(anims) {
		t.Fatalf("%d animations, want %d", len(doc.Animations), len(anims))
	}
	for i, a := range anims {
		ga := doc.Animations[i]
		want := 0
		for _, tr := range a.Tracks {
			want += min(len(tr.Rot), 1) + min(len(tr.Trans), 1)
		}
		if ga.Name != a.Name || len(ga.Channels) != want {
			t.Errorf("animation %q: %d channels, want %d", ga.Name, len(ga.Channels), want)
		}
		in := doc.Accessors[ga.Samplers[0].Input]
		if in.Count != len(a.Tracks[0].Times) || in.Max[0] != float64(a.Tracks[0].Times[len(a.Tracks[0].Times)-1]) {
			t.Errorf("animation %q: %d keys up to %v, want %d", a.Name, in.Count, in.Max, len(a.Tracks[0].Times))
		}
	}
}

// TestGLBAnimationKeys: key times are clamped to 0 and strictly
// increasing (San Andreas has a key at −0.05 s), rotations unit length
// on one hemisphere, Z-up turned Y-up.
func TestGLBAnimationKeys(t *testing.T) {
	sk := &geom.Skeleton{Bones: []geom.Bone{{Name: "root", ID: -1, Parent: -1, Local: mgl32.Ident4()}}}
	m := &geom.Mesh{Positions: []geom.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, Indices: []uint32{0, 1, 2}, Up: geom.ZUp,
		Skin: &geom.Skin{Skeleton: sk, Joints: make([][4]uint16, 3), Weights: [][4]float32{{1}, {1}, {1}}, InverseBind: []mgl32.Mat4{mgl32.Ident4()}}}
	q := mgl32.QuatRotate(0.5, mgl32.Vec3{0, 0, 1})
	a := &geom.Animation{Name: "spin", Tracks: []geom.Track{{Bone: "root", ID: -1, Index: -1,
		Times: []float32{-0.05, 0, 0.5, 0.5, 1},
		Rot:   []mgl32.Quat{q, q, q.Scale(-1), q.Scale(2), q},
		Trans: []geom.Vec3{{0, 1, 0}, {0, 1, 0}, {0, 2, 0}, {0, 3, 0}, {0, 4, 0}}}}}
	s := geom.SkinnedScene(m, "spin")
	s.Animations = []*geom.Animation{a}
	doc := sceneGLB(t, s)
	ga := doc.Animations[0]
	in := doc.Accessors[ga.Samplers[0].Input]
	if in.Count != 3 || in.Min[0] != 0 || in.Max[0] != 1 {
		t.Fatalf("input %d keys %v..%v, want 3 keys 0..1", in.Count, in.Min, in.Max)
	}
	rot, err := modeler.ReadAccessor(doc, doc.Accessors[ga.Samplers[0].Output], nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rot.([][4]float32)
	// Z-up (0, 0, s) turns to Y-up (0, s, 0); the doubled key is normalised.
	for k, v := range r {
		if math.Abs(float64(v[1]-float32(math.Sin(0.25)))) > 1e-6 || v[2] != 0 || math.Abs(float64(v[3]-float32(math.Cos(0.25)))) > 1e-6 {
			t.Errorf("key %d rotation %v", k, v)
		}
	}
	tr, _ := modeler.ReadAccessor(doc, doc.Accessors[ga.Samplers[1].Output], nil)
	if got := tr.([][3]float32); got[1] != [3]float32{0, 0, -3} {
		t.Errorf("translations %v: the later of two keys at 0.5 s, Y-up", got)
	}
}
