// Package dfftest builds vehicle fixtures with the project's own writers:
// a San Andreas-style car clump (wheel dummies, one wheel under
// wheel_rf_dummy, placeholder paint and light colours, intact, damaged
// and low-detail parts, an embedded collision model, 2DFX entries and
// night colours) and a game folder around it (data/vehicles.ide,
// carcols.dat, handling.cfg, the car's TXD and generic/vehicle.txd).
// Tests of several packages share it; no game file is used.
package dfftest

import (
	"image/color"

	"rummage/formats/col"
	"rummage/formats/dff"
	"rummage/formats/geom"
	"rummage/formats/rw"
)

// Stamp is San Andreas' library ID (3.6.0.3).
var Stamp = rw.Pack(0x36003, 0xFFFF)

// Paint placeholders and light placeholders, as the car's materials carry them.
var (
	Primary    = color.NRGBA{0x3C, 0xFF, 0x00, 255}
	Secondary  = color.NRGBA{0xFF, 0x00, 0xAF, 255}
	Third      = color.NRGBA{0x00, 0xFF, 0xFF, 255}
	Fourth     = color.NRGBA{0xFF, 0x00, 0xFF, 255}
	LightLF    = color.NRGBA{0xFF, 0xAF, 0x00, 255}
	LightRF    = color.NRGBA{0x00, 0xFF, 0xC8, 255}
	LightLR    = color.NRGBA{0xB9, 0xFF, 0x00, 255}
	LightRR    = color.NRGBA{0xFF, 0x3C, 0x00, 255}
	Plain      = color.NRGBA{0x80, 0x80, 0x80, 255}
	NightColor = color.NRGBA{20, 20, 60, 255}
)

// Wheel dummy positions (x right, y forward, z up).
var WheelDummies = map[string]geom.Vec3{
	"wheel_rf_dummy": {0.8, 1.3, -0.2}, "wheel_lf_dummy": {-0.8, 1.3, -0.2},
	"wheel_rb_dummy": {0.8, -1.3, -0.2}, "wheel_lb_dummy": {-0.8, -1.3, -0.2},
}

// The wheel as modelled: 0.7 across (Y and Z), 0.3 wide (X), with a hub
// point HubX out on +X (the outside of a right wheel).
const (
	WheelDiameter = 0.7
	WheelWidth    = 0.3
	HubX          = 0.25
	// WheelExtentX is the wheel's whole extent across X (the box and the
	// hub): a double rear wheel sits this far inside the outer one.
	WheelExtentX = WheelWidth/2 + HubX
)

// WheelFrameOffset is the local offset of the "wheel" frame under
// wheel_rf_dummy, which the game drops when it collapses the frames.
var WheelFrameOffset = geom.Vec3{0.05, 0, 0}

// part accumulates a geometry.
type part struct{ s dff.GeometrySpec }

func (p *part) vertex(v geom.Vec3, uv geom.Vec2) uint16 {
	p.s.Positions = append(p.s.Positions, v)
	if len(p.s.UVs) == 0 {
		p.s.UVs = [][]geom.Vec2{nil}
	}
	p.s.UVs[0] = append(p.s.UVs[0], uv)
	p.s.Prelit = append(p.s.Prelit, color.NRGBA{200, 200, 200, 255})
	return uint16(len(p.s.Positions) - 1)
}

// quad adds a, b, c, d (counter-clockwise seen from outside) in slot mat.
func (p *part) quad(a, b, c, d geom.Vec3, mat uint16) {
	i, j, k, l := p.vertex(a, geom.Vec2{0, 1}), p.vertex(b, geom.Vec2{1, 1}), p.vertex(c, geom.Vec2{1, 0}), p.vertex(d, geom.Vec2{0, 0})
	p.s.Tris = append(p.s.Tris, [3]uint16{i, j, k}, [3]uint16{i, k, l})
	p.s.TriMats = append(p.s.TriMats, mat, mat)
}

// box adds a box with the slots of its -y, +y, -x, +x, -z, +z faces.
func (p *part) box(lo, hi geom.Vec3, m [6]uint16) {
	x0, y0, z0, x1, y1, z1 := lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]
	p.quad(geom.Vec3{x0, y0, z0}, geom.Vec3{x1, y0, z0}, geom.Vec3{x1, y0, z1}, geom.Vec3{x0, y0, z1}, m[0])
	p.quad(geom.Vec3{x1, y1, z0}, geom.Vec3{x0, y1, z0}, geom.Vec3{x0, y1, z1}, geom.Vec3{x1, y1, z1}, m[1])
	p.quad(geom.Vec3{x0, y1, z0}, geom.Vec3{x0, y0, z0}, geom.Vec3{x0, y0, z1}, geom.Vec3{x0, y1, z1}, m[2])
	p.quad(geom.Vec3{x1, y0, z0}, geom.Vec3{x1, y1, z0}, geom.Vec3{x1, y1, z1}, geom.Vec3{x1, y0, z1}, m[3])
	p.quad(geom.Vec3{x0, y1, z0}, geom.Vec3{x1, y1, z0}, geom.Vec3{x1, y0, z0}, geom.Vec3{x0, y0, z0}, m[4])
	p.quad(geom.Vec3{x0, y0, z1}, geom.Vec3{x1, y0, z1}, geom.Vec3{x1, y1, z1}, geom.Vec3{x0, y1, z1}, m[5])
}

// Body material slots.
const (
	SlotPrimary = iota
	SlotSecondary
	SlotThird
	SlotFourth
	SlotLightLF
	SlotLightRF
	SlotLightLR
	SlotLightRR
	SlotPlain
)

// body is the chassis: a box painted in the four placeholders and the
// plain colour, four lamps with the light placeholders on
// vehiclelights128.
func body() dff.GeometrySpec {
	var p part
	p.box(geom.Vec3{-0.9, -2, -0.1}, geom.Vec3{0.9, 2, 0.5}, [6]uint16{SlotSecondary, SlotThird, SlotFourth, SlotPlain, SlotPlain, SlotPrimary})
	lamp := func(x, y float32, mat uint16) {
		p.box(geom.Vec3{x, y, 0.2}, geom.Vec3{x + 0.3, y + 0.05, 0.35}, [6]uint16{mat, mat, mat, mat, mat, mat})
	}
	lamp(-0.8, 2, SlotLightLF)
	lamp(0.5, 2, SlotLightRF)
	lamp(-0.8, -2.05, SlotLightLR)
	lamp(0.5, -2.05, SlotLightRR)
	lights := "vehiclelights128"
	p.s.Materials = []dff.MaterialSpec{
		{Color: Primary, Texture: "body"}, {Color: Secondary}, {Color: Third}, {Color: Fourth},
		{Color: LightLF, Texture: lights}, {Color: LightRF, Texture: lights}, {Color: LightLR, Texture: lights}, {Color: LightRR, Texture: lights},
		{Color: Plain},
	}
	return p.s
}

// wheel is a box wheel with a hub point on +X.
func wheel() dff.GeometrySpec {
	var p part
	r, w := float32(WheelDiameter/2), float32(WheelWidth/2)
	p.box(geom.Vec3{-w, -r, -r}, geom.Vec3{w, r, r}, [6]uint16{0, 0, 0, 0, 0, 0})
	hub := p.vertex(geom.Vec3{HubX, 0, 0}, geom.Vec2{0.5, 0.5})
	a, b := p.vertex(geom.Vec3{w, -0.1, 0}, geom.Vec2{0, 0}), p.vertex(geom.Vec3{w, 0.1, 0}, geom.Vec2{1, 0})
	p.s.Tris = append(p.s.Tris, [3]uint16{a, b, hub})
	p.s.TriMats = append(p.s.TriMats, 1)
	p.s.Materials = []dff.MaterialSpec{{Color: color.NRGBA{30, 30, 30, 255}}, {Color: color.NRGBA{200, 200, 200, 255}}}
	return p.s
}

// panel is a door part: a thin box in slot 0 painted primary.
func panel(x float32) dff.GeometrySpec {
	var p part
	p.box(geom.Vec3{x, -0.5, 0}, geom.Vec3{x + 0.05, 0.5, 0.4}, [6]uint16{})
	p.s.Materials = []dff.MaterialSpec{{Color: Primary}}
	return p.s
}

// Collision is the car's collision model: a sphere (surface 63), a box
// (surface 45) and two faces (surface 10).
func Collision() *col.Model {
	return &col.Model{Version: 1, Name: "testcar",
		Bounds:   col.Bounds{Min: geom.Vec3{-1, -2.2, -0.6}, Max: geom.Vec3{1, 2.2, 0.6}, Radius: 2.5},
		Spheres:  []col.Sphere{{Center: geom.Vec3{0, 1, 0}, Radius: 0.5, Surface: col.Surface{Material: 63}}},
		Boxes:    []col.Box{{Min: geom.Vec3{-0.9, -2, -0.1}, Max: geom.Vec3{0.9, 0, 0.5}, Surface: col.Surface{Material: 45}}},
		Vertices: []geom.Vec3{{-1, -1, 0.6}, {1, -1, 0.6}, {1, 1, 0.6}, {-1, 1, 0.6}},
		Faces:    []col.Face{{A: 0, B: 1, C: 2, Surface: col.Surface{Material: 10}}, {A: 0, B: 2, C: 3, Surface: col.Surface{Material: 10}}},
	}
}

// Effects are the body's 2DFX entries: a light and a particle.
func Effects() []dff.Effect {
	light := dff.FXLightData{Color: color.NRGBA{255, 200, 0, 200}, CoronaFarClip: 100, PointlightRange: 2, CoronaSize: 0.4, ShadowSize: 1,
		CoronaTexture: "coronastar", ShadowTexture: "shad_exp", Flags1: 0x40}
	particle := make([]byte, 24)
	copy(particle, "exhale")
	return []dff.Effect{
		{Pos: geom.Vec3{0.6, 2.1, 0.3}, Type: dff.FXLight, Off: -1, Data: light.Bytes()},
		{Pos: geom.Vec3{0.5, -2.1, 0}, Type: dff.FXParticle, Off: -1, Data: particle},
	}
}
