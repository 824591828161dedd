package preview

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
)

// LODChoice is which of a scene's instances a frame draws: the high-detail
// ones, the low-detail stand-ins, or each by its distance from the eye.
type LODChoice uint8

// The choices.
const (
	LODByDistance LODChoice = iota // high detail within its draw distance, its stand-in beyond
	LODHigh                        // every instance that is not another's stand-in
	LODLow                         // the stand-ins, and the instances that have none
)

var lodNames = [...]string{"distance", "hd", "lod"}

// String returns the choice's name as `rummage render --lod` spells it.
func (c LODChoice) String() string {
	if int(c) < len(lodNames) {
		return lodNames[c]
	}
	return "LODChoice(" + string(rune('0'+c)) + ")"
}

// ParseLOD returns the choice named s ("hd", "lod", "distance").
func ParseLOD(s string) (LODChoice, bool) {
	for i, n := range lodNames {
		if n == s {
			return LODChoice(i), true
		}
	}
	return 0, false
}

// WorldOptions choose what a frame of a world shows besides Options.
type WorldOptions struct {
	LOD LODChoice
	// Far is the distance culling: instances farther from the eye are
	// not drawn (0: no limit).
	Far float32
	// DistScale scales the instances' draw distances (0 means 1).
	DistScale float32
	// HideMissing leaves out the instances of missing models (drawn as
	// see-through boxes otherwise).
	HideMissing bool
	// Outline is the instance whose box is outlined over the frame (the
	// selected one), as its index + 1: 0 outlines none.
	Outline int
}

// WorldStats describe a frame of a world.
type WorldStats struct {
	Stats
	Instances int // instances drawn
	Culled    int // instances left out by the frustum or the distance
	Missing   int // instances drawn as missing-model boxes
}

// sunDir is the fixed light of scenes, from above, the south-west: a
// direction towards the light in the world's Z-up axes.
var sunDir = mgl32.Vec3{-0.4, -0.55, 1}.Normalize()

// The fixed light: a floor and the share of n·sun added to it.
const (
	sunFloor = 0.58
	sunShare = 0.42
)

// WorldView draws a geom.World. It lays every instance's model out once
// in one mesh in the world's frame, with the fixed light baked into the
// vertex colours, triangles ordered by model mesh (models sharing a mesh,
// as missing ones of one size do, count as one) and material so that the
// mesh has one group per mesh material; each frame it picks the
// instances to draw (frustum and distance culling, the LOD choice) and
// has the renderer draw their parts of the mesh.
type WorldView struct {
	World *geom.World
	Mesh  *geom.Mesh // every instance placed

	inst   []instLayout // per instance
	meshes []*geom.Mesh // the distinct model meshes
	first  []int32      // per mesh: its first group in Mesh
	// blocks map a triangle of Mesh to its instance: a block is a group of
	// a mesh laid out for each of its instances in turn.
	blocks []triBlock
	byMesh [][]int // per mesh: its instances, in layout order
	parts  Parts
	drawn  []bool // per instance, this frame
	need   []bool // per instance: a stand-in some instance in view needs, this frame
	order  []nearInst
}

// nearInst is a drawn instance and its distance from the eye.
type nearInst struct {
	d float32
	i int32
}

// instLayout is where an instance's vertices and triangles sit in Mesh.
type instLayout struct {
	vert Span
	tris []int32 // per group of its mesh: its first triangle
	mesh int
}

// triBlock is a group of a mesh laid out for all its instances.
type triBlock struct {
	start, per int // first triangle, triangles per instance
	mesh       int
	blended    bool // drawn in the blended pass (a see-through material)
}

// NewWorldView lays w out for drawing.
func NewWorldView(w *geom.World) *WorldView {
	v := &WorldView{World: w, inst: make([]instLayout, len(w.Instances)), drawn: make([]bool, len(w.Instances))}
	slot := map[*geom.Mesh]int{}
	for i, in := range w.Instances {
		if in.Model < 0 || in.Model >= len(w.Models) || w.Models[in.Model].Mesh == nil {
			continue
		}
		m := w.Models[in.Model].Mesh
		k, ok := slot[m]
		if !ok {
			k = len(v.meshes)
			slot[m] = k
			v.meshes = append(v.meshes, m)
			v.byMesh = append(v.byMesh, nil)
		}
		v.byMesh[k] = append(v.byMesh[k], i)
	}
	v.layout()
	return v
}

// layout builds Mesh: vertices instance by instance (by mesh), then for
// each mesh, each group's triangles for each of its instances.
func (v *WorldView) layout() {
	w := v.World
	nv, nt := 0, 0
	for mi, list := range v.byMesh {
		nv += len(v.meshes[mi].Positions) * len(list)
		nt += v.meshes[mi].Triangles() * len(list)
	}
	out := &geom.Mesh{Up: w.Up, Positions: make([]geom.Vec3, 0, nv), Indices: make([]uint32, 0, 3*nt),
		Colors: make([]color.NRGBA, 0, nv), UVs: [][]geom.Vec2{make([]geom.Vec2, 0, nv)}}
	v.first = make([]int32, len(v.meshes))
	for mi, list := range v.byMesh {
		m := v.meshes[mi]
		ns := unitNormalsOf(m)
		uv := modelUVs(m)
		base := make([]uint32, len(list))
		for k, ii := range list {
			base[k] = uint32(len(out.Positions))
			v.inst[ii] = instLayout{vert: Span{len(out.Positions), len(m.Positions)}, mesh: mi}
			placeInto(out, m, w.Instances[ii].Matrix, ns, uv)
		}
		v.first[mi] = int32(len(out.Groups))
		for gi, g := range groupsOf(m) {
			grp := g
			grp.FirstTri = out.Triangles()
			grp.TriCount = g.TriCount * len(list)
			blended := g.Surface != nil && g.Surface.Blend != geom.BlendOpaque
			v.blocks = append(v.blocks, triBlock{start: out.Triangles(), per: g.TriCount, mesh: mi, blended: blended})
			for k, ii := range list {
				if gi == 0 {
					v.inst[ii].tris = make([]int32, 0, len(m.Groups)+1)
				}
				v.inst[ii].tris = append(v.inst[ii].tris, int32(out.Triangles()))
				for t := g.FirstTri; t < g.FirstTri+g.TriCount; t++ {
					a, b, c := m.Indices[3*t], m.Indices[3*t+1], m.Indices[3*t+2]
					out.Indices = append(out.Indices, a+base[k], b+base[k], c+base[k])
				}
			}
			if grp.Surface != nil && grp.Surface.UVSet != 0 {
				s := *grp.Surface
				s.UVSet = 0 // the layout keeps the set each material uses as its one set
				grp.Surface = &s
			}
			out.Groups = append(out.Groups, grp)
		}
	}
	v.Mesh = out
}

// groupsOf is m's groups, the whole mesh as one group when it has none,
// each clipped to its triangles.
func groupsOf(m *geom.Mesh) []geom.Group {
	if len(m.Groups) == 0 {
		return []geom.Group{{TriCount: m.Triangles()}}
	}
	out := make([]geom.Group, 0, len(m.Groups))
	for _, g := range m.Groups {
		lo, hi := max(g.FirstTri, 0), min(g.FirstTri+g.TriCount, m.Triangles())
		if hi > lo {
			g.FirstTri, g.TriCount = lo, hi-lo
			out = append(out, g)
		}
	}
	return out
}

// modelUVs is the UV set m's textured materials use (the first one's;
// San Andreas map models texture from set 0), nil when none is whole.
func modelUVs(m *geom.Mesh) []geom.Vec2 {
	set := 0
	for _, g := range m.Groups {
		if g.Surface != nil && g.Surface.Texture != nil {
			set = g.Surface.UVSet
			break
		}
	}
	if set >= 0 && set < len(m.UVs) && len(m.UVs[set]) == len(m.Positions) {
		return m.UVs[set]
	}
	return nil
}

// unitNormalsOf is m's normals made unit length: its own, else smooth
// ones made from its triangles.
func unitNormalsOf(m *geom.Mesh) []geom.Vec3 {
	if len(m.Normals) == len(m.Positions) {
		return unitNormals(m.Normals)
	}
	return unitNormals(m.SmoothNormals())
}

// placeInto appends m's vertices placed by mat: positions, the UVs, and
// the colours (white without prelit ones) times the fixed light on the
// turned unit normals ns.
func placeInto(out *geom.Mesh, m *geom.Mesh, mat mgl32.Mat4, ns []geom.Vec3, uv []geom.Vec2) {
	// the sun in the model's frame: n·(Rᵀ sun) = (R n)·sun for a rotation R
	sun := mat.Mat3().Transpose().Mul3x1(sunDir)
	if l := sun.Len(); l > 0 {
		sun = sun.Mul(1 / l) // a scaled instance
	}
	colored := len(m.Colors) == len(m.Positions)
	for i, p := range m.Positions {
		out.Positions = append(out.Positions, geom.Vec3(mat.Mul4x1(mgl32.Vec3(p).Vec4(1)).Vec3()))
		t := geom.Vec2{}
		if uv != nil {
			t = uv[i]
		}
		out.UVs[0] = append(out.UVs[0], t)
		l := float32(sunFloor + sunShare)
		if n := mgl32.Vec3(ns[i]); n != (mgl32.Vec3{}) {
			l = sunFloor + sunShare*max(n.Dot(sun), 0)
		}
		c := color.NRGBA{255, 255, 255, 255}
		if colored {
			c = m.Colors[i]
		}
		out.Colors = append(out.Colors, color.NRGBA{scale8(c.R, l), scale8(c.G, l), scale8(c.B, l), c.A})
	}
}

func scale8(v uint8, k float32) uint8 { return uint8(min(float32(v)*k+0.5, 255)) }

// Instance returns the instance triangle t of Mesh belongs to, -1 when
// none does.
func (v *WorldView) Instance(t int) int {
	lo, hi := 0, len(v.blocks)
	for lo < hi {
		mid := (lo + hi) / 2
		if v.blocks[mid].start <= t {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	if lo == 0 || t < 0 {
		return -1
	}
	b := v.blocks[lo-1]
	if b.per <= 0 {
		return -1
	}
	k := (t - b.start) / b.per
	if list := v.byMesh[b.mesh]; k < len(list) {
		return list[k]
	}
	return -1
}

// finiteBox reports whether b's corners are finite numbers.
func finiteBox(b geom.Bounds) bool {
	s := b.Min[0] + b.Min[1] + b.Min[2] + b.Max[0] + b.Max[1] + b.Max[2]
	return !math.IsNaN(float64(s)) && !math.IsInf(float64(s), 0)
}
