package preview

import (
	"image/color"
	"testing"

	"rummage/formats/geom"
)

// The solid view's light, worked out by hand: the head light points along
// (-0.45, 0.6, 1) in view space, whose length is exactly 1.25, so its unit
// vector is (-0.36, 0.48, 0.8). A side lit at n·light = d gets
// 0.35 + 0.65·d (d > 0), else 0.35; a white surface shows 255 times that,
// rounded. The expected values below are those sums, not calls of lit.
func TestHeadLightByHand(t *testing.T) {
	if d := headLight.Sub([3]float32{-0.36, 0.48, 0.8}).Len(); d > 1e-6 {
		t.Fatalf("head light %v, want (-0.36, 0.48, 0.8)", headLight)
	}
	// In frontCam's view (the eye on −Y, Z up) view x is world +X, view y
	// world +Z and view z (towards the eye) world −Y: a view-space normal
	// (x, y, z) is the mesh normal (x, −z, y).
	for _, c := range []struct {
		what   string
		normal geom.Vec3 // mesh axes
		want   uint8
	}{
		{"facing the eye, d = 0.8: 0.35 + 0.52 = 0.87", geom.Vec3{0, -1, 0}, 222},           // 221.85
		{"along the light, d = 1: 0.35 + 0.65 = 1", geom.Vec3{-0.36, -0.8, 0.48}, 255},      // 255
		{"view (0.8, 0, 0.6), d = 0.192: 0.4748", geom.Vec3{0.8, -0.6, 0}, 121},             // 121.07
		{"view (0, 0.6, 0.8), d = 0.928: 0.9532", geom.Vec3{0, -0.8, 0.6}, 243},             // 243.07
		{"view (1, 0, 0), d = -0.36: ambient 0.35", geom.Vec3{1, 0, 0}, 89},                 // 89.25
		{"view (0.36, -0.48, -0.8), d = -1: ambient 0.35", geom.Vec3{0.36, 0.8, -0.48}, 89}, // 89.25
		{"view (-0.6, 0, 0.8), d = 0.856: 0.9064", geom.Vec3{-0.6, -0.8, 0}, 231},           // 231.13
	} {
		got := litQuad(t, c.normal)
		if got.R != c.want || got.G != c.want || got.B != c.want || got.A != 255 {
			t.Errorf("%s: pixel %v, want grey %d", c.what, got, c.want)
		}
	}
}

// litQuad renders a white quad facing the eye whose vertex normals are all
// normal (smooth shading lights it by them) and returns its centre pixel.
func litQuad(t *testing.T, normal geom.Vec3) color.RGBA {
	t.Helper()
	m := &geom.Mesh{Up: geom.ZUp}
	quad(m, geom.Vec3{}, &geom.Material{Color: color.NRGBA{255, 255, 255, 255}}, color.NRGBA{})
	for range m.Positions {
		m.Normals = append(m.Normals, normal)
	}
	opt := fillOpt(ModeSolid)
	opt.Shading = ShadeSmooth
	return renderFill(t, m, frontCam(), opt, 64, 64).RGBAAt(32, 32)
}

// TestFlatFaceByHand: flat shading lights a face by its own plane: the
// white quad facing the eye is 0.87 × 255 = 221.85, so 222, whatever
// normals it carries.
func TestFlatFaceByHand(t *testing.T) {
	m := &geom.Mesh{Up: geom.ZUp}
	quad(m, geom.Vec3{}, &geom.Material{Color: color.NRGBA{255, 255, 255, 255}}, color.NRGBA{})
	m.Normals = make([]geom.Vec3, len(m.Positions))
	for i := range m.Normals {
		m.Normals[i] = geom.Vec3{1, 0, 0}
	}
	opt := fillOpt(ModeSolid)
	opt.Shading = ShadeFlat
	if got := renderFill(t, m, frontCam(), opt, 64, 64).RGBAAt(32, 32); got != (color.RGBA{222, 222, 222, 255}) {
		t.Errorf("flat quad facing the eye: %v, want grey 222", got)
	}
}

// TestGoldenSolidCube: the neutral grey cube from iso, flat and smooth
// shaded, against images kept in testdata, within one step per channel: a
// change of the light's strengths or direction changes the faces' greys by
// far more.
func TestGoldenSolidCube(t *testing.T) {
	for _, sh := range []struct {
		name    string
		shading Shading
	}{{"cube_solid_flat.png", ShadeFlat}, {"cube_solid_smooth.png", ShadeSmooth}} {
		m := zCube(nil)
		opt := fillOpt(ModeSolid)
		opt.Shading = sh.shading
		img := renderFill(t, m, StillCamera(Iso, m.Bounds(), m.Up, 96, 96), opt, 96, 96)
		goldenWithin(t, sh.name, img, 1, 0)
	}
}
