package preview

import (
	"image"
	"math/rand"
	"testing"

	"rummage/formats/geom"
)

// drawRun carries a hand-inlined copy of lineFixed for speed (the call cost
// about a tenth of a big frame), and on amd64 the frame is drawn by its
// assembly copy wireRun (TestWireAsmMatchesGo pins the two together). The
// copies must draw exactly what lineFixed draws: render meshes whose every
// edge takes the inlined path, then draw the same edges with lineFixed and
// compare the pixels.
func TestInlinedLineMatchesLineFixed(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	soup := &geom.Mesh{Up: geom.YUp}
	for i := 0; i < 300; i++ {
		for k := 0; k < 3; k++ {
			soup.Positions = append(soup.Positions, geom.Vec3{rng.Float32()*2 - 1, rng.Float32()*2 - 1, rng.Float32()*2 - 1})
		}
		soup.Indices = append(soup.Indices, uint32(3*i), uint32(3*i+1), uint32(3*i+2))
	}
	soup.Groups = []geom.Group{{Name: "a", FirstTri: 0, TriCount: 150}, {Name: "b", FirstTri: 150, TriCount: 150}}
	for _, m := range []*geom.Mesh{geom.Icosphere(1, 3, geom.ZUp), soup} {
		const w, h = 173, 131
		cam := NewCamera(m.Bounds(), m.Up, float32(w)/h)
		cam.Dolly(1.6) // keep every end well inside the image
		opt := DefaultOptions()
		opt.Axes, opt.BackFaces = false, false
		r := newRendererN(1)
		got := render(r, m, cam, opt, w, h)

		want := image.NewRGBA(image.Rect(0, 0, w, h))
		bd := newBand(want, 0, h)
		bd.clear(opt.Background)
		xe, ye := uint32(bd.w-3)*256-1, uint32(bd.y1-3)*256-1
		rr := r.renderer
		for e, ed := range rr.edges {
			va, vb := &rr.verts[ed.A], &rr.verts[ed.B]
			if uint32(va.x-256) > xe || uint32(vb.x-256) > xe || uint32(va.y-256) > ye || uint32(vb.y-256) > ye {
				t.Fatalf("edge %d does not take the inlined path; move the camera back", e)
			}
			g := int(rr.egroup[e])
			if g >= len(rr.palette) {
				g = 0
			}
			lineFixed(bd.pix, bd.stride, va.x, va.y, vb.x, vb.y, rr.palette[g], (va.a+vb.a)>>2)
		}
		r.Close()

		lit, diff := 0, 0
		for k := range got.Pix {
			if got.Pix[k] != want.Pix[k] {
				diff++
			}
			if k%4 == 0 && want.Pix[k] != want.Pix[0] {
				lit++
			}
		}
		if lit < 500 {
			t.Fatalf("%d edges: only %d pixels lit", len(rr.edges), lit)
		}
		if diff != 0 {
			t.Errorf("%d edges: %d bytes differ between the inlined line and lineFixed", len(rr.edges), diff)
		}
	}
}
