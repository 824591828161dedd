package export

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
)

// nearlyOrthonormal is a rotation about a tilted axis by angle times the
// scale sc, then moved by t, whose 3×3 part is disturbed by up to eps per
// element (as frames of real models are, after float32 rounding and a
// modelling tool's arithmetic).
func nearlyOrthonormal(rng *rand.Rand, angle, eps float32, sc, t mgl32.Vec3) mgl32.Mat4 {
	axis := mgl32.Vec3{0.3, -0.5, 0.8}.Normalize()
	m := mgl32.Translate3D(t[0], t[1], t[2]).Mul4(mgl32.HomogRotate3D(angle, axis)).Mul4(mgl32.Scale3D(sc[0], sc[1], sc[2]))
	for c := range 3 {
		for r := range 3 {
			m[4*c+r] += eps * (2*rng.Float32() - 1)
		}
	}
	return m
}

// TestDecomposeTRS: matrices that are a rotation and scale to within
// float32 noise (mirrors included) come out as TRS that places points
// where the matrix does, with an exactly unit quaternion; a shear, a
// projection and a zero scale keep their matrix.
func TestDecomposeTRS(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		sc := mgl32.Vec3{0.5 + 2*rng.Float32(), 0.5 + 2*rng.Float32(), 0.5 + 2*rng.Float32()}
		if i%3 == 0 {
			sc[i%2] = -sc[i%2] // a mirror
		}
		m := nearlyOrthonormal(rng, 6*rng.Float32(), 2e-4, sc, mgl32.Vec3{4, -2, 7})
		tr, q, s, ok := decomposeTRS(m)
		if !ok {
			t.Fatalf("matrix %d %v: not decomposed", i, m)
		}
		if n := q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3]; math.Abs(n-1) > 1e-12 {
			t.Fatalf("matrix %d: quaternion %v of norm² %g", i, q, n)
		}
		quat := mgl32.Quat{W: float32(q[3]), V: mgl32.Vec3{float32(q[0]), float32(q[1]), float32(q[2])}}
		back := mgl32.Translate3D(float32(tr[0]), float32(tr[1]), float32(tr[2])).Mul4(quat.Mat4()).Mul4(mgl32.Scale3D(float32(s[0]), float32(s[1]), float32(s[2])))
		for _, p := range []mgl32.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {3, -4, 5}} {
			want, got := m.Mul4x1(p.Vec4(1)).Vec3(), back.Mul4x1(p.Vec4(1)).Vec3()
			if got.Sub(want).Len() > 1e-3*(1+p.Len())*3 {
				t.Fatalf("matrix %d: TRS takes %v to %v, the matrix to %v", i, p, got, want)
			}
		}
	}
	for name, m := range map[string]mgl32.Mat4{
		"shear":      {1, 0, 0, 0, 0.2, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1},
		"projection": {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0.5, 0, 0, 0, 1},
		"zero scale": mgl32.Scale3D(1, 0, 1),
	} {
		if _, _, _, ok := decomposeTRS(m); ok {
			t.Errorf("%s: decomposed", name)
		}
	}
}

// TestGLBNearlyOrthonormalFrames: a clump-like hierarchy whose frame
// matrices are a little off orthonormal is written with TRS nodes, not
// the matrices, which the Khronos validator (run on the file by `make
// test`) reports as NODE_MATRIX_NON_TRS when the rotation's error shows
// past its 5e-5 (the door's, next to its small translation); a sheared
// matrix, which no TRS can stand for, is kept.
func TestGLBNearlyOrthonormalFrames(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	m := texturedQuads()
	// a turn about Y by 0.5 whose first column is 3e-4 off: written as a
	// matrix, the validator reports this one
	c, sn := float32(math.Cos(0.5)), float32(math.Sin(0.5))
	door := mgl32.Mat4{c, 3e-4, -sn, 0, 0, 1, 0, 0, sn, 0, c, 0, 0.1, 0, 0.05, 1}
	leaf := &SceneNode{Name: "door", Matrix: door, Mesh: m}
	mid := &SceneNode{Name: "body", Matrix: nearlyOrthonormal(rng, -0.7, 1e-4, mgl32.Vec3{80, 80, 80}, mgl32.Vec3{1, 2, 3}), Children: []*SceneNode{leaf}}
	doc := sceneGLB(t, &Scene{Name: "frames", Up: geom.YUp, Nodes: []*SceneNode{mid}})
	for _, n := range doc.Nodes {
		if n.MatrixOrDefault() != [16]float64{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1} {
			t.Errorf("node %s written with a matrix %v", n.Name, n.Matrix)
		}
		if n.Rotation == [4]float64{0, 0, 0, 1} || n.Translation == [3]float64{} {
			t.Errorf("node %s: rotation %v, translation %v", n.Name, n.Rotation, n.Translation)
		}
	}
	// not kept for the validator: a shear is no TRS, and glTF has no other way
	shear := mgl32.Mat4{1, 0, 0, 0, 0.2, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}
	var buf bytes.Buffer
	if err := WriteSceneGLB(&buf, &Scene{Name: "shear", Up: geom.YUp, Nodes: []*SceneNode{{Name: "s", Matrix: shear, Mesh: m}}}); err != nil {
		t.Fatal(err)
	}
	if doc2 := decodeGLB(t, buf.Bytes()); doc2.Nodes[0].Matrix[4] != float64(float32(0.2)) {
		t.Errorf("a sheared node: matrix %v", doc2.Nodes[0].Matrix)
	}
}
