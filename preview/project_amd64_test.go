//go:build !purego

package preview

import (
	"math"
	"math/rand"
	"testing"

	"rummage/formats/geom"
)

// projRun gives, four at a time, the vertices and rows the Go loop gives:
// sane ones, ones near the sides, behind the eye, huge, NaN and infinite.
func TestProjRunMatchesGo(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	odd := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 1e30, -1e30, 3e-39}
	m := &geom.Mesh{Up: geom.ZUp}
	for i := 0; i < 4099; i++ {
		p := geom.Vec3{rng.Float32()*4 - 2, rng.Float32()*4 - 2, rng.Float32()*4 - 2}
		if i%50 == 0 {
			p[rng.Intn(3)] = odd[rng.Intn(len(odd))]
		}
		if i%7 == 0 {
			p[0] *= 30 // off the sides, or behind the eye
		}
		m.Positions = append(m.Positions, p)
	}
	box := geom.Bounds{Min: geom.Vec3{-2, -2, -2}, Max: geom.Vec3{2, 2, 2}}
	defer func() { projAsm = true }()
	checked := 0
	for k := 0; k < 8; k++ {
		cam := NewCamera(box, geom.ZUp, 1.4)
		cam.Orbit(rng.Float32()*6, rng.Float32()*2-1)
		cam.Dolly([]float32{1, 0.5, 0.1, 3}[k%4])
		if k == 5 {
			cam.Projection = Orthographic
		}
		if k == 6 {
			cam.SwapYZ = true
		}
		r := newRendererN(1)
		r.mesh, r.dst = m, nil
		r.fr = cam.Frame(box, 301, 207)
		r.opt = DefaultOptions()
		r.setEdgeLook()
		c := r.projConsts()
		n := len(m.Positions) - k // tails of every length
		got, want := make([]vert, n), make([]vert, n)
		projAsm = true
		k4, lo1, hi1, wild1 := r.projectFast(m.Positions[:n], got, &c)
		lo2, hi2, wild2 := r.projectLoop(m.Positions[:k4], want[:k4], nil, nil, &c)
		r.Close()
		if k4 != n&^3 {
			t.Fatalf("projRun took %d of %d", k4, n)
		}
		for i := 0; i < k4; i++ {
			if got[i] != want[i] {
				t.Fatalf("view %d, vertex %d %v: projRun %+v, Go %+v", k, i, m.Positions[i], got[i], want[i])
			}
		}
		if lo1 != lo2 || hi1 != hi2 || wild1 != wild2 {
			t.Errorf("view %d: rows %d..%d wild %v, want %d..%d wild %v", k, lo1, hi1, wild1, lo2, hi2, wild2)
		}
		checked += k4
	}
	if checked < 30000 {
		t.Fatalf("only %d vertices compared", checked)
	}
}

// Frames drawn with projRun and with the Go loop are the same.
func TestProjRunFrames(t *testing.T) {
	sameFrames(t, func(on bool) { projAsm = on })
}
