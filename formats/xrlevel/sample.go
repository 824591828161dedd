package xrlevel

import (
	"encoding/binary"
	"math"

	"rummage/formats/geom"
)

// vertex is a vertex being built for a sample level.
type vertex struct {
	pos, normal geom.Vec3
	color       [4]uint8 // r, g, b, a (stored as B,G,R,A)
	uv          [][2]float32
}

// encodeVertices packs vertices for a layout made of position, normal,
// diffuse and 2-float texture sets (what the sample uses).
func encodeVertices(f VertexFormat, vs []vertex) []byte {
	out := make([]byte, 0, len(vs)*f.Stride)
	for _, v := range vs {
		start := len(out)
		out = append(out, make([]byte, f.Stride)...)
		b := out[start:]
		put := func(off int, fs ...float32) {
			for i, x := range fs {
				binary.LittleEndian.PutUint32(b[off+4*i:], math.Float32bits(x))
			}
		}
		for _, a := range f.Attrs {
			switch a.Usage {
			case "position":
				put(a.Off, v.pos[:]...)
			case "normal":
				put(a.Off, v.normal[:]...)
			case "diffuse":
				b[a.Off], b[a.Off+1], b[a.Off+2], b[a.Off+3] = v.color[2], v.color[1], v.color[0], v.color[3]
			case "texcoord":
				if a.Index < len(v.uv) {
					put(a.Off, v.uv[a.Index][0], v.uv[a.Index][1])
				}
			}
		}
	}
	return out
}

// sampleBuilder accumulates a v4 level.
type sampleBuilder struct {
	lv    *Level
	vbs   map[uint32]int // FVF -> buffer index
	verts map[int][]vertex
	tris  [][3]geom.Vec3 // for the CFORM
	triSc []uint16
}

func (sb *sampleBuilder) buffer(fvf uint32) int {
	if i, ok := sb.vbs[fvf]; ok {
		return i
	}
	f, _ := ParseFVF(fvf)
	i := len(sb.lv.VBs)
	sb.lv.VBs = append(sb.lv.VBs, &VertexBuffer{Index: i, Format: f})
	sb.vbs[fvf] = i
	return i
}

// addMesh adds a normal visual with the vertices and triangles given.
func (sb *sampleBuilder) addMesh(fvf uint32, tex, shader int, flags uint16, vs []vertex, idx []uint16, sector uint16) int {
	b := sb.buffer(fvf)
	base := len(sb.verts[b])
	sb.verts[b] = append(sb.verts[b], vs...)
	v := &Visual{Index: len(sb.lv.Visuals), OGFVersion: 2, Type: 0, Flags: flags, TextureIndex: tex, ShaderIndex: shader,
		VB: b, VBase: base, VCount: len(vs), IB: -1, Indices: idx, HasIndices: true, HasBBox: true, HasSphere: true}
	mn, mx := vs[0].pos, vs[0].pos
	for _, x := range vs {
		for k := 0; k < 3; k++ {
			mn[k] = min(mn[k], x.pos[k])
			mx[k] = max(mx[k], x.pos[k])
		}
	}
	v.BBox = [2]geom.Vec3{mn, mx}
	c := geom.Bounds{Min: mn, Max: mx}
	cc := c.Center()
	v.Sphere = [4]float32{cc[0], cc[1], cc[2], c.Radius()}
	sb.lv.Visuals = append(sb.lv.Visuals, v)
	for t := 0; t+2 < len(idx); t += 3 {
		sb.tris = append(sb.tris, [3]geom.Vec3{vs[idx[t]].pos, vs[idx[t+1]].pos, vs[idx[t+2]].pos})
		sb.triSc = append(sb.triSc, sector)
	}
	return v.Index
}

// addHierarchy adds a hierarchy visual over children.
func (sb *sampleBuilder) addHierarchy(children []int) int {
	v := &Visual{Index: len(sb.lv.Visuals), OGFVersion: 2, Type: 1, TextureIndex: -1, ShaderIndex: -1, VB: -1, IB: -1,
		Children: children, HasBBox: true, HasSphere: true}
	first := true
	for _, c := range children {
		cb := sb.lv.Visuals[c].BBox
		if first {
			v.BBox = cb
			first = false
			continue
		}
		for k := 0; k < 3; k++ {
			v.BBox[0][k] = min(v.BBox[0][k], cb[0][k])
			v.BBox[1][k] = max(v.BBox[1][k], cb[1][k])
		}
	}
	b := geom.Bounds{Min: v.BBox[0], Max: v.BBox[1]}
	cc := b.Center()
	v.Sphere = [4]float32{cc[0], cc[1], cc[2], b.Radius()}
	sb.lv.Visuals = append(sb.lv.Visuals, v)
	return v.Index
}

// grid makes an nx × nz height field of cell size s at origin o.
func grid(o geom.Vec3, nx, nz int, s float32, h func(x, z float32) float32, lm int) ([]vertex, []uint16) {
	var vs []vertex
	for j := 0; j <= nz; j++ {
		for i := 0; i <= nx; i++ {
			x, z := o[0]+float32(i)*s, o[2]+float32(j)*s
			y := o[1] + h(x, z)
			// normal from central differences
			dx := h(x+0.01, z) - h(x-0.01, z)
			dz := h(x, z+0.01) - h(x, z-0.01)
			n := normalize(geom.Vec3{-dx / 0.02, 1, -dz / 0.02})
			uvl := [2]float32{float32(i) / float32(nx), float32(j) / float32(nz)}
			uvb := [2]float32{float32(i) / 2, float32(j) / 2}
			v := vertex{pos: geom.Vec3{x, y, z}, normal: n, color: [4]uint8{200, 200, 200, 255}}
			if lm > 0 {
				v.uv = [][2]float32{uvl, uvb}
			} else {
				v.uv = [][2]float32{uvb}
			}
			vs = append(vs, v)
		}
	}
	var idx []uint16
	w := uint16(nx + 1)
	for j := 0; j < nz; j++ {
		for i := 0; i < nx; i++ {
			a := uint16(j)*w + uint16(i)
			idx = append(idx, a, a+w, a+1, a+1, a+w, a+w+1)
		}
	}
	return vs, idx
}

func normalize(v geom.Vec3) geom.Vec3 {
	l := float32(math.Sqrt(float64(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])))
	if l == 0 {
		return v
	}
	return geom.Vec3{v[0] / l, v[1] / l, v[2] / l}
}

// box makes an axis-aligned box (24 vertices, 12 triangles) with a colour.
func box(mn, mx geom.Vec3, col [4]uint8, lm bool) ([]vertex, []uint16) {
	var vs []vertex
	var idx []uint16
	faces := []struct {
		n       geom.Vec3
		corners [4]geom.Vec3
	}{
		{geom.Vec3{0, 0, -1}, [4]geom.Vec3{{mn[0], mn[1], mn[2]}, {mn[0], mx[1], mn[2]}, {mx[0], mx[1], mn[2]}, {mx[0], mn[1], mn[2]}}},
		{geom.Vec3{0, 0, 1}, [4]geom.Vec3{{mx[0], mn[1], mx[2]}, {mx[0], mx[1], mx[2]}, {mn[0], mx[1], mx[2]}, {mn[0], mn[1], mx[2]}}},
		{geom.Vec3{-1, 0, 0}, [4]geom.Vec3{{mn[0], mn[1], mx[2]}, {mn[0], mx[1], mx[2]}, {mn[0], mx[1], mn[2]}, {mn[0], mn[1], mn[2]}}},
		{geom.Vec3{1, 0, 0}, [4]geom.Vec3{{mx[0], mn[1], mn[2]}, {mx[0], mx[1], mn[2]}, {mx[0], mx[1], mx[2]}, {mx[0], mn[1], mx[2]}}},
		{geom.Vec3{0, 1, 0}, [4]geom.Vec3{{mn[0], mx[1], mn[2]}, {mn[0], mx[1], mx[2]}, {mx[0], mx[1], mx[2]}, {mx[0], mx[1], mn[2]}}},
		{geom.Vec3{0, -1, 0}, [4]geom.Vec3{{mn[0], mn[1], mx[2]}, {mn[0], mn[1], mn[2]}, {mx[0], mn[1], mn[2]}, {mx[0], mn[1], mx[2]}}},
	}
	uvs := [4][2]float32{{0, 1}, {0, 0}, {1, 0}, {1, 1}}
	for fi, f := range faces {
		base := uint16(len(vs))
		shade := uint8(255 - 20*fi)
		c := [4]uint8{uint8(int(col[0]) * int(shade) / 255), uint8(int(col[1]) * int(shade) / 255), uint8(int(col[2]) * int(shade) / 255), col[3]}
		for k, p := range f.corners {
			v := vertex{pos: p, normal: f.n, color: c}
			if lm {
				v.uv = [][2]float32{{(float32(fi) + uvs[k][0]) / 6, uvs[k][1]}, uvs[k]}
			} else {
				v.uv = [][2]float32{uvs[k]}
			}
			vs = append(vs, v)
		}
		idx = append(idx, base, base+1, base+2, base, base+2, base+3)
	}
	return vs, idx
}

// SampleLevel builds the small version 4 level of the built-in sample set
// (and the tests): three sectors joined by two portals, a terrain height
// field (FVF 0x212, lightmap UVs first), vertex-lit boxes (FVF 0x152),
// hierarchy roots, a CFORM made from the same triangles, lights (one
// procedural, with keys), glows and an occluder.
func SampleLevel() *Level {
	lv := &Level{Version: 4, Description: "Rummage sample level (xrLC v4 layout)", HasName: true}
	lv.Textures = []string{"LMAP:L#1,STD:terrain\\grass", "LMAP:L#2,STD:walls\\bricks1", "STD:metal\\crate", "STD:fx\\glow"}
	lv.Shaders = []string{"default", "lmap_base", "vertex_lit", "fx_glow"}
	sb := &sampleBuilder{lv: lv, vbs: map[uint32]int{}, verts: map[int][]vertex{}}
	root0 := sb.terrainSector()
	root1 := sb.roomSector()
	root2 := sb.towerSector()
	for b, vs := range sb.verts {
		vb := lv.VBs[b]
		vb.Count = len(vs)
		vb.Data = encodeVertices(vb.Format, vs)
	}
	sampleRecords(lv)
	lv.Sectors = []*Sector{
		{Index: 0, Root: root0, Portals: []uint16{0}},
		{Index: 1, Root: root1, Portals: []uint16{0, 1}, Lights: []uint16{1}, Glows: []uint16{0},
			Occluders: []Occluder{{Sector: 1, Count: 4, Verts: [6]geom.Vec3{{8, 0, -4}, {8, 3, -4}, {8, 3, -1}, {8, 0, -1}}}}},
		{Index: 2, Root: root2, Portals: []uint16{1}, Lights: []uint16{0, 2}, Glows: []uint16{1}},
	}
	lv.CForm = cformFrom(sb.tris, sb.triSc)
	return lv
}

// terrainSector adds sector 0's visuals, rolling terrain at x -16..0, z
// -8..8, and returns its root.
func (sb *sampleBuilder) terrainSector() int {
	hill := func(x, z float32) float32 {
		return 0.6*float32(math.Sin(float64(x)*0.4)) + 0.4*float32(math.Cos(float64(z)*0.5))
	}
	tv, ti := grid(geom.Vec3{-16, 0, -8}, 16, 16, 1, hill, 1)
	t0 := sb.addMesh(0x212, 0, 1, 0x3e, tv, ti, 0)
	rockV, rockI := box(geom.Vec3{-10, 0, -3}, geom.Vec3{-8, 2, -1}, [4]uint8{150, 140, 120, 255}, false)
	r0 := sb.addMesh(0x152, 2, 2, 0x1e, rockV, rockI, 0)
	return sb.addHierarchy([]int{t0, r0})
}

// roomSector adds sector 1's visuals, a room at x 0..8 (floor and walls as
// boxes, crates inside), and returns its root.
func (sb *sampleBuilder) roomSector() int {
	var s1 []int
	floorV, floorI := box(geom.Vec3{0, -0.2, -4}, geom.Vec3{8, 0, 4}, [4]uint8{180, 180, 180, 255}, true)
	s1 = append(s1, sb.addMesh(0x212, 1, 1, 0x3e, floorV, floorI, 1))
	for _, w := range [][2]geom.Vec3{
		{{0, 0, -4.2}, {8, 3, -4}}, {{0, 0, 4}, {8, 3, 4.2}}, {{8, 0, -4}, {8.2, 3, 4}},
	} {
		wv, wi := box(w[0], w[1], [4]uint8{200, 120, 90, 255}, true)
		s1 = append(s1, sb.addMesh(0x212, 1, 1, 0x3e, wv, wi, 1))
	}
	for k := 0; k < 3; k++ {
		x := 2 + float32(k)*2
		cv, ci := box(geom.Vec3{x, 0, -1}, geom.Vec3{x + 1, 1, 0}, [4]uint8{90, uint8(140 + 40*k), 220, 255}, false)
		s1 = append(s1, sb.addMesh(0x152, 2, 2, 0x1e, cv, ci, 1))
	}
	crates := sb.addHierarchy(s1[4:])
	return sb.addHierarchy(append(append([]int{}, s1[:4]...), crates))
}

// towerSector adds sector 2's visuals, a tower beyond the room at x
// 8.2..14, and returns its root.
func (sb *sampleBuilder) towerSector() int {
	var s2 []int
	padV, padI := grid(geom.Vec3{8.2, 0, -3}, 6, 6, 1, func(x, z float32) float32 { return 0 }, 1)
	s2 = append(s2, sb.addMesh(0x212, 0, 1, 0x3e, padV, padI, 2))
	for k := 0; k < 4; k++ {
		y := float32(k) * 1.5
		sz := 1.5 - float32(k)*0.25
		tv, ti := box(geom.Vec3{11 - sz, y, -sz}, geom.Vec3{11 + sz, y + 1.5, sz}, [4]uint8{220, 220, uint8(100 + 30*k), 255}, false)
		s2 = append(s2, sb.addMesh(0x152, 2, 2, 0x1e, tv, ti, 2))
	}
	return sb.addHierarchy(s2)
}

// sampleRecords sets the sample's portals, lights, light keys and glows.
func sampleRecords(lv *Level) {
	// Portals: terrain|room at x=0, room|tower at x=8.2 (a doorway).
	lv.Portals = []Portal{
		{Front: 0, Back: 1, Count: 4, Verts: [6]geom.Vec3{{0, 0, -4}, {0, 3, -4}, {0, 3, 4}, {0, 0, 4}}},
		{Front: 1, Back: 2, Count: 4, Verts: [6]geom.Vec3{{8.2, 0, -1}, {8.2, 2.2, -1}, {8.2, 2.2, 1}, {8.2, 0, 1}}},
	}

	// Lights: sun, a point light in the room, a procedural spot on the tower.
	lv.Lights = []Light{
		{Flight: Flight{Type: 3, Diffuse: [4]float32{1, 0.95, 0.8, 1}, Ambient: [4]float32{0.2, 0.2, 0.25, 1}, Direction: normalize(geom.Vec3{-0.3, -1, 0.2}), Range: 1000, Attenuation0: 1}, Flags: LightLMaps | LightModels, Controller: -1},
		{Flight: Flight{Type: 1, Diffuse: [4]float32{1, 0.7, 0.4, 1}, Position: geom.Vec3{4, 2.5, 0}, Range: 8, Attenuation0: 1, Attenuation1: 0.1}, Flags: LightLMaps, Controller: -1},
		{Flight: Flight{Type: 2, Diffuse: [4]float32{0.4, 0.6, 1, 1}, Position: geom.Vec3{11, 7, 0}, Direction: geom.Vec3{0, -1, 0}, Range: 10, Attenuation0: 1, Theta: 0.3, Phi: 0.6, Falloff: 1},
			Flags: LightModels | LightProcedural, PTime: 2, PSpeed: 1, KeyStart: 0, KeyCount: 2, Controller: -1},
	}
	k0 := lv.Lights[2].Flight
	k1 := k0
	k1.Diffuse = [4]float32{1, 0.2, 0.2, 1}
	lv.LightKeys = []Flight{k0, k1}

	lv.Glows = []Glow{
		{Position: geom.Vec3{4, 2.8, 0}, Radius: 0.5, Texture: 3, Shader: 3},
		{Position: geom.Vec3{11, 6.2, 0}, Radius: 0.8, Texture: 3, Shader: 3},
	}
}

// cformFrom welds triangle corners into a CFORM v2 with adjacency.
func cformFrom(tris [][3]geom.Vec3, sectors []uint16) *CForm {
	cf := &CForm{Version: 2, TriSize: 32}
	index := map[geom.Vec3]uint32{}
	for i, t := range tris {
		var ct CFTri
		for k, p := range t {
			id, ok := index[p]
			if !ok {
				id = uint32(len(cf.Verts))
				index[p] = id
				cf.Verts = append(cf.Verts, p)
			}
			ct.V[k] = id
		}
		ct.Sector = sectors[i]
		cf.Tris = append(cf.Tris, ct)
	}
	type edge struct{ a, b uint32 }
	owner := map[edge]uint32{}
	for i, t := range cf.Tris {
		for k := 0; k < 3; k++ {
			owner[edge{t.V[k], t.V[(k+1)%3]}] = uint32(i)
		}
	}
	for i := range cf.Tris {
		t := &cf.Tris[i]
		for k := 0; k < 3; k++ {
			t.Adj[k] = 0xFFFFFFFF
			if o, ok := owner[edge{t.V[(k+1)%3], t.V[k]}]; ok {
				t.Adj[k] = o
			}
		}
	}
	if len(cf.Verts) > 0 {
		b := (&geom.Mesh{Positions: cf.Verts}).Bounds()
		cf.BBox = [2]geom.Vec3{b.Min, b.Max}
	}
	return cf
}
