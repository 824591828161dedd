package build

import (
	"math"

	"rummage/formats/material"
	"rummage/formats/msh"
	"rummage/formats/nres"
)

func init() {
	Register(Builder{Name: "tank.rlb", Build: buildTankArchive})
}

// tankWear maps the model's batch rows to materials of the sample
// Material.lib; RUST is not there and falls back to DEFAULT, WATER_M
// cycles four water textures, and the lightmap is in no LightMap.lib
// (slot -1).
const tankWear = "6\r\n0 HULL\r\n1 TRACKS\r\n2 GLASS\r\n3 FIRESTORM\r\n4 RUST\r\n5 WATER_M\r\n\r\nLIGHTMAPS\r\n1\r\n0 tank_l_00.0\r\n"

// boxPart is a box of the model: centre, half size, how its 12 triangles
// split into batches (a run of triangles per WEAR row), how many world
// units one repeat of the texture spans (0: each face shows it once) and
// whether its x+ face comes last (a barrel's muzzle).
type boxPart struct {
	c, h   [3]float32
	runs   [][2]int // {triangle count, WEAR row}
	repeat float32
	muzzle bool
}

// boxFace is one face of a box: its outward normal, and the directions the
// texture's u (right) and v (down) run on it, seen from outside with +Z up.
type boxFace struct{ n, right, down [3]float32 }

// boxFaces are in batch order: bottom, y-, x+, y+, x-, top (x+ last on a
// muzzle).
var boxFaces = [6]boxFace{
	{[3]float32{0, 0, -1}, [3]float32{1, 0, 0}, [3]float32{0, 1, 0}},
	{[3]float32{0, -1, 0}, [3]float32{1, 0, 0}, [3]float32{0, 0, -1}},
	{[3]float32{1, 0, 0}, [3]float32{0, 1, 0}, [3]float32{0, 0, -1}},
	{[3]float32{0, 1, 0}, [3]float32{-1, 0, 0}, [3]float32{0, 0, -1}},
	{[3]float32{-1, 0, 0}, [3]float32{0, -1, 0}, [3]float32{0, 0, -1}},
	{[3]float32{0, 0, 1}, [3]float32{1, 0, 0}, [3]float32{0, -1, 0}},
}

// addBox appends a box's 24 vertices (four a face, so each face has its
// own normal and UVs) and returns its 36 indices relative to the first.
func addBox(m *msh.Model, p boxPart) []uint16 {
	var idx []uint16
	dot := func(a [3]float32) float32 { return abs32(a[0]*p.h[0] + a[1]*p.h[1] + a[2]*p.h[2]) }
	order := []int{0, 1, 2, 3, 4, 5}
	if p.muzzle {
		order = []int{0, 1, 3, 4, 5, 2}
	}
	for fi, face := range order {
		f := boxFaces[face]
		w, ht := 2*dot(f.right), 2*dot(f.down)
		su, sv := float32(1), float32(1)
		if p.repeat > 0 {
			su, sv = w/p.repeat, ht/p.repeat
		}
		for _, c := range [4][2]float32{{0, 0}, {0, 1}, {1, 1}, {1, 0}} {
			var pos [3]float32
			for k := 0; k < 3; k++ {
				pos[k] = p.c[k] + f.n[k]*p.h[k] + f.right[k]*(c[0]-0.5)*w + f.down[k]*(c[1]-0.5)*ht
			}
			m.Positions = append(m.Positions, pos)
			m.Normals = append(m.Normals, [4]int8{int8(127 * f.n[0]), int8(127 * f.n[1]), int8(127 * f.n[2]), 0})
			m.UV0 = append(m.UV0, [2]int16{uvUnits(c[0] * su), uvUnits(c[1] * sv)})
		}
		b := uint16(4 * fi)
		idx = append(idx, b, b+1, b+2, b, b+2, b+3)
	}
	return idx
}

// uvUnits is a texture coordinate in stream 5's units.
func uvUnits(v float32) int16 { return int16(math.Round(float64(v * msh.UVScale))) }

func abs32(v float32) float32 { return float32(math.Abs(float64(v))) }

// tankModel builds a small tank: hull, tracks, a turret posed by an
// animated key, a barrel below it and a cockpit node (flag 0x20) that the
// normal view leaves out.
func tankModel() *msh.Model {
	m := &msh.Model{}
	parts := []struct {
		box    boxPart
		parent uint16
		flags  uint16
	}{
		// hull: a rusty rear (x-) and a coolant pool on top, animated
		{boxPart{[3]float32{0, 0, 0.5}, [3]float32{2, 1.2, 0.5}, [][2]int{{8, 0}, {2, 4}, {2, 5}}, 1, false}, msh.None, 0},
		{boxPart{[3]float32{0, 0, 0.35}, [3]float32{0.9, 0.7, 0.35}, [][2]int{{10, 0}, {2, 2}}, 1, false}, 0, 0}, // turret, glass hatch on top
		{boxPart{[3]float32{1.3, 0, 0}, [3]float32{1.0, 0.12, 0.12}, [][2]int{{10, 0}, {2, 3}}, 0, true}, 1, 0},  // barrel with a muzzle flash end
		{boxPart{[3]float32{0, 0, 0.3}, [3]float32{0.3, 0.3, 0.3}, [][2]int{{12, 2}}, 0, false}, 1, msh.FlagCockpit},
		{boxPart{[3]float32{0, 1.35, 0.3}, [3]float32{2.1, 0.25, 0.35}, [][2]int{{12, 1}}, 0.5, false}, 0, 0}, // tracks
		{boxPart{[3]float32{0, -1.35, 0.3}, [3]float32{2.1, 0.25, 0.35}, [][2]int{{12, 1}}, 0.5, false}, 0, 0},
	}
	for pi, p := range parts {
		base := uint32(len(m.Positions))
		box := addBox(m, p.box)
		slot := msh.Slot{TriStart: uint16(len(m.Indices) / 3), TriCount: 12, BatchStart: uint16(len(m.Batches))}
		tri := 0
		for _, run := range p.box.runs {
			b := msh.Batch{Material: uint8(run[1]), LightmapFlag: 0xFF, Node: msh.None, IndexCount: uint16(3 * run[0]), IndexStart: uint32(len(m.Indices)), VertexCount: 24, BaseVertex: base}
			if run[1] == 2 || run[1] == 3 || run[1] == 5 {
				b.Flags = 0x100 // translucent-ish pass
			}
			m.Indices = append(m.Indices, box[3*tri:3*(tri+run[0])]...)
			tri += run[0]
			m.Batches = append(m.Batches, b)
		}
		slot.BatchCount = uint16(len(p.box.runs))
		for k := 0; k < 3; k++ {
			slot.Min[k], slot.Max[k] = p.box.c[k]-p.box.h[k], p.box.c[k]+p.box.h[k]
		}
		m.Slots = append(m.Slots, slot)
		n := msh.Node{Flags: p.flags, Parent: p.parent, AnimMapStart: msh.None, FallbackKey: 3}
		for s := range n.Slots {
			n.Slots[s] = msh.None
		}
		if p.flags&msh.FlagCockpit != 0 {
			n.Slots[4] = uint16(pi) // drawn only by the first-person view
		} else {
			n.Slots[0] = uint16(pi)
		}
		m.Nodes = append(m.Nodes, n)
	}
	rotZ := func(deg float64, t [3]float32, time float32) msh.Key {
		// Stored (w, x, y, z); the reader conjugates it.
		a := deg * math.Pi / 360
		return msh.Key{T: t, Time: time, Q: [4]int16{int16(math.Round(32767 * math.Cos(a))), 0, 0, int16(math.Round(-32767 * math.Sin(a)))}}
	}
	m.Keys = []msh.Key{
		rotZ(25, [3]float32{-0.3, 0, 1.0}, 0), // turret, frame 0 (the rest pose)
		rotZ(60, [3]float32{-0.3, 0, 1.0}, 1), // turret, frame 1 (its fallback key)
		rotZ(0, [3]float32{0.8, 0, 0.35}, 0),  // barrel
		rotZ(0, [3]float32{}, 0),              // identity
	}
	m.Nodes[1].AnimMapStart, m.Nodes[1].FallbackKey = 0, 1
	m.Nodes[2].FallbackKey = 2
	m.FrameMap = []uint16{0, 1}
	m.Frames = 2
	return m
}

func buildTankArchive() ([]byte, error) {
	model := tankModel()
	// The authored box is the posed LOD 0, as the game's exporter wrote it
	// (info reports "boundsFit": true).
	posed, err := model.Mesh(nil)
	if err != nil {
		return nil, err
	}
	box := posed.Bounds()
	bounds := make([]float32, 35)
	for i := 0; i < 8; i++ {
		for k := 0; k < 3; k++ {
			bounds[3*i+k] = box.Min[k]
			if i>>k&1 != 0 {
				bounds[3*i+k] = box.Max[k]
			}
		}
	}
	copy(bounds[24:], []float32{0, 0, 1, 2.9}) // sphere
	data, err := model.Encode(bounds)
	if err != nil {
		return nil, err
	}
	return nres.Build([]nres.Entry{
		{TypeID: nres.TypeID("MESH"), Attr3: 1, Name: "TANK.msh", Data: data},
		{TypeID: material.TypeWEAR, Attr3: 1, Name: "TANK.wea", Data: []byte(tankWear)},
	})
}
