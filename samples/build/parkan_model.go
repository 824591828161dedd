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
// Material.lib; RUST is not there and falls back to DEFAULT, and the
// lightmap is in no LightMap.lib (slot -1).
const tankWear = "5\r\n0 HULL\r\n1 TRACKS\r\n2 GLASS\r\n3 FIRESTORM\r\n4 RUST\r\n\r\nLIGHTMAPS\r\n1\r\n0 tank_l_00.0\r\n"

// boxPart is a box of the model: centre, half size, and how its 12
// triangles split into batches (a run of triangles per WEAR row).
type boxPart struct {
	c, h [3]float32
	runs [][2]int // {triangle count, WEAR row}
}

var boxTris = [12][3]uint16{
	{0, 2, 1}, {0, 3, 2}, // bottom (z-)
	{0, 1, 5}, {0, 5, 4}, // y-
	{1, 2, 6}, {1, 6, 5}, // x+
	{2, 3, 7}, {2, 7, 6}, // y+
	{3, 0, 4}, {3, 4, 7}, // x-
	{4, 5, 6}, {4, 6, 7}, // top (z+)
}

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
		{boxPart{[3]float32{0, 0, 0.5}, [3]float32{2, 1.2, 0.5}, [][2]int{{10, 0}, {2, 4}}}, msh.None, 0}, // hull: top is rusty
		{boxPart{[3]float32{0, 0, 0.35}, [3]float32{0.9, 0.7, 0.35}, [][2]int{{10, 0}, {2, 2}}}, 0, 0},    // turret, glass hatch on top
		{boxPart{[3]float32{1.3, 0, 0}, [3]float32{1.0, 0.12, 0.12}, [][2]int{{10, 0}, {2, 3}}}, 1, 0},    // barrel with a muzzle flash end
		{boxPart{[3]float32{0, 0, 0.3}, [3]float32{0.3, 0.3, 0.3}, [][2]int{{12, 2}}}, 1, msh.FlagCockpit},
		{boxPart{[3]float32{0, 1.35, 0.3}, [3]float32{2.1, 0.25, 0.35}, [][2]int{{12, 1}}}, 0, 0}, // tracks
		{boxPart{[3]float32{0, -1.35, 0.3}, [3]float32{2.1, 0.25, 0.35}, [][2]int{{12, 1}}}, 0, 0},
	}
	for pi, p := range parts {
		base := uint32(len(m.Positions))
		for k := 0; k < 8; k++ {
			sx := []float32{-1, 1, 1, -1}[k%4]
			sy := []float32{-1, -1, 1, 1}[k%4]
			sz := float32(-1)
			if k >= 4 {
				sz = 1
			}
			m.Positions = append(m.Positions, [3]float32{p.box.c[0] + sx*p.box.h[0], p.box.c[1] + sy*p.box.h[1], p.box.c[2] + sz*p.box.h[2]})
		}
		slot := msh.Slot{TriStart: uint16(len(m.Indices) / 3), TriCount: 12, BatchStart: uint16(len(m.Batches))}
		tri := 0
		for _, run := range p.box.runs {
			b := msh.Batch{Material: uint8(run[1]), LightmapFlag: 0xFF, Node: msh.None, IndexCount: uint16(3 * run[0]), IndexStart: uint32(len(m.Indices)), VertexCount: 8, BaseVertex: base}
			if run[1] == 2 || run[1] == 3 {
				b.Flags = 0x100 // translucent-ish pass
			}
			for t := tri; t < tri+run[0]; t++ {
				m.Indices = append(m.Indices, boxTris[t][:]...)
			}
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
