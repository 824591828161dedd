package preview

import (
	"image/color"

	"rummage/formats/geom"
)

// mergedLayout is every instance of a world placed in one mesh, in the
// world's frame, as the wire views draw it: vertices instance by
// instance (model by model), then for each model, each group's triangles
// for each of its instances in turn, so that the mesh's groups are the
// frame's groups.
type mergedLayout struct {
	mesh  *geom.Mesh
	inst  []instLayout // per instance
	first []int32      // per model: its first group
	// blocks map a triangle of mesh to its instance: a block is a group
	// of a model laid out for each of its instances in turn.
	blocks []triBlock
	parts  Parts
}

// instLayout is where an instance's vertices and triangles sit in the
// merged mesh.
type instLayout struct {
	vert Span
	tris []int32 // per group of its model: its first triangle
}

// triBlock is a group of a model laid out for all its instances.
type triBlock struct {
	start, per int // first triangle, triangles per instance
	model      int
}

// PlacedMesh returns every instance placed in one mesh, in the world's
// frame, as the wire views draw it, laying it out the first time.
func (v *WorldView) PlacedMesh() *geom.Mesh { return v.mergedLayout().mesh }

// mergedLayout returns the merged layout, made the first time.
func (v *WorldView) mergedLayout() *mergedLayout {
	if v.merged != nil {
		return v.merged
	}
	w := v.World
	nv, nt := 0, 0
	for mi, list := range v.byMesh {
		nv += len(v.models[mi].mesh.Positions) * len(list)
		nt += v.models[mi].mesh.Triangles() * len(list)
	}
	out := &geom.Mesh{Up: w.Up, Positions: make([]geom.Vec3, nv), Indices: make([]uint32, 0, 3*nt),
		Colors: make([]color.NRGBA, nv), UVs: [][]geom.Vec2{make([]geom.Vec2, nv)}, Groups: make([]geom.Group, len(v.groups))}
	copy(out.Groups, v.groups)
	ml := &mergedLayout{mesh: out, inst: make([]instLayout, len(w.Instances)), first: make([]int32, len(v.models))}
	at := 0
	for mi, list := range v.byMesh {
		md := &v.models[mi]
		n := len(md.mesh.Positions)
		for _, i := range list {
			ml.inst[i] = instLayout{vert: Span{at, n}, tris: make([]int32, 0, len(md.groups))}
			md.place(&w.Instances[i].Matrix, out.Positions[at:at+n], out.Colors[at:at+n], out.UVs[0][at:at+n])
			at += n
		}
		if len(md.groups) > 0 {
			ml.first[mi] = int32(md.groups[0].group)
		}
		for _, g := range md.groups {
			grp := &out.Groups[g.group]
			grp.FirstTri, grp.TriCount = out.Triangles(), g.count*len(list)
			ml.blocks = append(ml.blocks, triBlock{start: out.Triangles(), per: g.count, model: mi})
			for _, i := range list {
				ml.inst[i].tris = append(ml.inst[i].tris, int32(out.Triangles()))
				base := uint32(ml.inst[i].vert.First)
				for _, x := range md.mesh.Indices[3*g.first : 3*(g.first+g.count)] {
					out.Indices = append(out.Indices, x+base)
				}
			}
		}
	}
	v.merged = ml
	return ml
}

// Instance returns the instance triangle t of PlacedMesh belongs to, -1
// when none does.
func (v *WorldView) Instance(t int) int {
	ml := v.mergedLayout()
	lo, hi := 0, len(ml.blocks)
	for lo < hi {
		mid := (lo + hi) / 2
		if ml.blocks[mid].start <= t {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == 0 || t < 0 {
		return -1
	}
	b := ml.blocks[lo-1]
	if b.per <= 0 {
		return -1
	}
	k := (t - b.start) / b.per
	if list := v.byMesh[b.model]; k < len(list) {
		return list[k]
	}
	return -1
}

// mergedParts sets the merged layout's parts to this frame's runs.
func (v *WorldView) mergedParts() *mergedLayout {
	ml := v.mergedLayout()
	p := &ml.parts
	p.Tris, p.Verts, p.Bounds = p.Tris[:0], p.Verts[:0], v.bounds
	for _, list := range v.byMesh {
		for _, i := range list {
			if v.drawn[i] {
				p.Verts = appendSpan(p.Verts, ml.inst[i].vert)
			}
		}
	}
	for _, r := range v.runs {
		g := v.models[v.slot[r.inst]].groups[r.group]
		p.Tris = appendSpan(p.Tris, Span{int(ml.inst[r.inst].tris[r.group]), g.count})
	}
	return ml
}
