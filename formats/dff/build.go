package dff

import (
	"fmt"
	"image/color"

	"rummage/formats/geom"
)

// Builder makes a clump in memory for the writer (test fixtures and the
// built-in samples).
type Builder struct {
	stamp uint32
	c     *Clump
}

// NewBuilder starts an empty clump stamped with a library ID (see rw.Pack).
func NewBuilder(stamp uint32) *Builder {
	return &Builder{stamp: stamp, c: &Clump{Stamp: stamp, FrameListStamp: stamp, GeomListStamp: stamp, Ext: []Ext{}}}
}

// AddFrame adds a frame at pos (no rotation) under parent (-1: a root)
// and returns its index.
func (b *Builder) AddFrame(name string, parent int, pos geom.Vec3) int {
	f := Frame{Rot: [9]float32{1, 0, 0, 0, 1, 0, 0, 0, 1}, Pos: pos, Parent: int32(parent), Name: name, Ext: []Ext{}}
	if name != "" {
		f.Ext = []Ext{{Type: IDFrameName, Stamp: b.stamp, Off: -1, Data: []byte(name)}}
	}
	b.c.Frames = append(b.c.Frames, f)
	return len(b.c.Frames) - 1
}

// MaterialSpec is a material for GeometrySpec.
type MaterialSpec struct {
	Color         color.NRGBA
	Texture, Mask string // "" for an untextured material
}

// GeometrySpec is one geometry for AddGeometry. Tris index the vertices;
// TriMats gives each triangle's material slot.
type GeometrySpec struct {
	Positions []geom.Vec3
	Normals   []geom.Vec3   // optional
	UVs       [][]geom.Vec2 // optional, up to MaxUVSets
	Prelit    []color.NRGBA // optional
	Tris      [][3]uint16
	TriMats   []uint16
	Materials []MaterialSpec
	Strips    bool // write the Bin Mesh as triangle strips (else lists)
	NoList    bool // store no triangle list: only the Bin Mesh has them
}

// AddGeometry adds a geometry and returns its index.
func (b *Builder) AddGeometry(s GeometrySpec) (int, error) {
	nv := len(s.Positions)
	if len(s.Tris) != len(s.TriMats) || len(s.UVs) > MaxUVSets || nv > 0xFFFF {
		return 0, fmt.Errorf("geometry: %d triangles with %d materials, %d UV sets, %d vertices", len(s.Tris), len(s.TriMats), len(s.UVs), nv)
	}
	g := &Geometry{Stamp: b.stamp, Flags: FlagPositions | FlagLight | FlagModulate | uint32(len(s.UVs))<<16, NumVerts: int32(nv), Ext: []Ext{}}
	if len(s.UVs) > 0 {
		g.Flags |= FlagTextured
	}
	if len(s.Normals) > 0 {
		g.Flags |= FlagNormals
	}
	if len(s.Prelit) > 0 {
		g.Flags |= FlagPrelit
	}
	if s.Strips {
		g.Flags |= FlagTriStrip
	}
	g.Prelit, g.UVs = s.Prelit, s.UVs
	if !s.NoList {
		for i, t := range s.Tris {
			g.Tris = append(g.Tris, Tri{A: t[0], B: t[1], C: t[2], Mat: s.TriMats[i]})
		}
	}
	g.NumTris = int32(len(g.Tris))
	mt := MorphTarget{Sphere: sphere(s.Positions), HasPositions: true, Positions: s.Positions, HasNormals: len(s.Normals) > 0, Normals: s.Normals}
	g.Morph = []MorphTarget{mt}
	g.MatList.Stamp = b.stamp
	for _, ms := range s.Materials {
		m := &Material{Stamp: b.stamp, Color: ms.Color, Surface: &[3]float32{1, 1, 1}, Ext: []Ext{}}
		if ms.Texture != "" {
			m.Textured = 1
			m.Texture = &Texture{Stamp: b.stamp, Filter: 0x1106, Name: ms.Texture, Mask: ms.Mask, Ext: []Ext{}}
		}
		g.MatList.Indices = append(g.MatList.Indices, -1)
		g.MatList.Own = append(g.MatList.Own, m)
		g.Materials = append(g.Materials, m)
	}
	g.BinMesh = binMeshOf(s)
	for _, sp := range g.BinMesh.Splits {
		if int(sp.Material) >= len(g.Materials) {
			return 0, fmt.Errorf("geometry: a triangle uses material %d of %d", sp.Material, len(g.Materials))
		}
	}
	b.c.Geometries = append(b.c.Geometries, g)
	return len(b.c.Geometries) - 1, nil
}

// AddAtomic places geometry on frame.
func (b *Builder) AddAtomic(frame, geometry int) {
	b.c.Atomics = append(b.c.Atomics, Atomic{Stamp: b.stamp, Frame: int32(frame), Geometry: int32(geometry), Flags: 5, Ext: []Ext{}})
	b.c.NumAtomics = uint32(len(b.c.Atomics))
}

// File returns the built file.
func (b *Builder) File() *File { return &File{Clump: b.c} }

// binMeshOf splits the triangles per material, as lists or strips.
func binMeshOf(s GeometrySpec) *BinMesh {
	bm := &BinMesh{Strip: s.Strips}
	byMat := map[uint16][][3]uint16{}
	var order []uint16
	for i, t := range s.Tris {
		m := s.TriMats[i]
		if _, ok := byMat[m]; !ok {
			order = append(order, m)
		}
		byMat[m] = append(byMat[m], t)
	}
	for _, m := range order {
		var idx []uint32
		if s.Strips {
			idx = stripOf(byMat[m])
		} else {
			for _, t := range byMat[m] {
				idx = append(idx, uint32(t[0]), uint32(t[1]), uint32(t[2]))
			}
		}
		bm.Splits = append(bm.Splits, Split{Material: uint32(m), NumIndices: uint32(len(idx)), Indices: idx})
		bm.Total += uint32(len(idx))
	}
	return bm
}

// stripOf joins triangles into one strip with degenerate triangles
// between them, keeping each triangle's winding.
func stripOf(tris [][3]uint16) []uint32 {
	var s []uint32
	for _, t := range tris {
		a, b, c := uint32(t[0]), uint32(t[1]), uint32(t[2])
		if len(s) > 0 {
			s = append(s, s[len(s)-1], a)
			// The next triangle starts at len(s)-0: an odd start swaps
			// its first two corners, so repeat a once more.
			if len(s)%2 == 1 {
				s = append(s, a)
			}
		}
		s = append(s, a, b, c)
	}
	return s
}

// sphere is a bounding sphere around points: the box centre and the
// farthest point's distance.
func sphere(p []geom.Vec3) [4]float32 {
	m := geom.Mesh{Positions: p}
	c := m.Bounds().Center()
	var r2 float32
	for _, v := range p {
		dx, dy, dz := v[0]-c[0], v[1]-c[1], v[2]-c[2]
		r2 = max(r2, dx*dx+dy*dy+dz*dz)
	}
	return [4]float32{c[0], c[1], c[2], sqrt32(r2)}
}
