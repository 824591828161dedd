package geom

import (
	"image"
	"image/color"
	"math"
	"testing"
)

func near3(a, b Vec3) bool {
	for i := range a {
		if math.Abs(float64(a[i]-b[i])) > 1e-5 {
			return false
		}
	}
	return true
}

// box is a 2×2×2 cube round the origin, each face cut along a diagonal,
// fronts out.
func box() *Mesh {
	m := &Mesh{}
	for i := 0; i < 8; i++ {
		m.Positions = append(m.Positions, Vec3{float32(i&1)*2 - 1, float32(i>>1&1)*2 - 1, float32(i>>2&1)*2 - 1})
	}
	for _, q := range [6][4]uint32{{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}} {
		m.Indices = append(m.Indices, q[0], q[1], q[2], q[0], q[2], q[3])
	}
	return m
}

// Weighting by angle makes a cube corner's normal the diagonal whichever
// way its faces are cut (weighting by area would lean towards the face
// whose two triangles meet there).
func TestSmoothNormalsCube(t *testing.T) {
	m := box()
	n := m.SmoothNormals()
	s := float32(1 / math.Sqrt(3))
	for i, p := range m.Positions {
		if want := (Vec3{p[0] * s, p[1] * s, p[2] * s}); !near3(n[i], want) {
			t.Errorf("corner %v: normal %v, want %v", p, n[i], want)
		}
	}
}

// A flat fan has the plane's normal everywhere, on the front side; bad
// triangles add nothing and an unused vertex gets zero.
func TestSmoothNormalsFlat(t *testing.T) {
	nan := float32(math.NaN())
	m := &Mesh{
		Positions: []Vec3{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {-1, 0.2, 0}, {5, 5, 5}, {nan, 0, 0}},
		Indices:   []uint32{0, 1, 2, 0, 2, 3, 0, 3, 4, 0, 0, 1, 0, 1, 99, 0, 1, 6},
	}
	n := m.SmoothNormals()
	for i := 0; i < 5; i++ {
		if !near3(n[i], Vec3{0, 0, 1}) {
			t.Errorf("vertex %d: %v, want +Z", i, n[i])
		}
	}
	if n[5] != (Vec3{}) || n[6] != (Vec3{}) {
		t.Errorf("unused or broken vertices: %v %v, want zero", n[5], n[6])
	}
}

func TestComputeNormalsKeepsOwn(t *testing.T) {
	m := box()
	m.ComputeNormals()
	if len(m.Normals) != 8 {
		t.Fatalf("%d normals", len(m.Normals))
	}
	own := make([]Vec3, 8)
	own[3] = Vec3{0, 7, 0}
	m.Normals = own
	m.ComputeNormals()
	if m.Normals[3] != (Vec3{0, 7, 0}) {
		t.Error("ComputeNormals replaced normals the mesh had")
	}
	m.Normals = m.Normals[:5]
	m.ComputeNormals()
	if len(m.Normals) != 8 {
		t.Error("ComputeNormals kept a list of the wrong length")
	}
}

type pulse struct{}

func (pulse) At(ms uint32) Look { return Look{Color: color.NRGBA{uint8(ms), 0, 0, 255}} }

func TestMaterialLook(t *testing.T) {
	tex := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	m := &Material{Color: color.NRGBA{1, 2, 3, 4}, Texture: tex, Page: image.Rect(0, 0, 2, 2)}
	if l := m.Look(77); l.Color != m.Color || l.Texture != tex || l.Page != m.Page {
		t.Errorf("still material: %+v", l)
	}
	m.Anim = pulse{}
	if l := m.Look(77); l.Color.R != 77 || l.Texture != nil {
		t.Errorf("animated material: %+v", l)
	}
}

func TestFaceNormals(t *testing.T) {
	m := box()
	m.Indices = append(m.Indices, 0, 0, 1, 0, 1, 99)
	n := m.FaceNormals()
	if len(n) != 14 {
		t.Fatalf("%d normals", len(n))
	}
	for tr := 0; tr < 12; tr++ {
		var c Vec3 // the triangle's centre points out, as its normal must
		for _, v := range m.Indices[3*tr : 3*tr+3] {
			for k := range c {
				c[k] += m.Positions[v][k]
			}
		}
		dot := c[0]*n[tr][0] + c[1]*n[tr][1] + c[2]*n[tr][2]
		l := n[tr][0]*n[tr][0] + n[tr][1]*n[tr][1] + n[tr][2]*n[tr][2]
		if dot <= 0 || math.Abs(float64(l)-1) > 1e-5 {
			t.Errorf("triangle %d: normal %v", tr, n[tr])
		}
	}
	if n[12] != (Vec3{}) || n[13] != (Vec3{}) {
		t.Errorf("degenerate and broken triangles: %v %v, want zero", n[12], n[13])
	}
}
