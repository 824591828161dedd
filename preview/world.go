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

// WorldView draws a geom.World. It keeps each model once, as the world
// does, laid out for placing (unit normals, the UV set its materials
// use), and no placed copy of the world: each frame it picks the
// instances to draw (frustum and distance culling, the LOD choice) and,
// for the solid and textured views, places their vertices a chunk at a
// time into buffers the renderer draws and then reuses (see
// renderChunks), so a frame holds a chunk's vertices, not the world's. A
// placed vertex gets the fixed light baked into its colour, as its
// instance turns it. The frame's groups are every model's groups, model
// by model (models sharing a mesh, as missing ones of one size do, count
// as one). The wire views draw every instance's edges: for them the view
// lays every instance out in one mesh, the first time one is drawn (see
// PlacedMesh), or, with WireChunks, the wire view draws them a chunk at a
// time in that mesh's order. A WorldView is not safe for concurrent use.
type WorldView struct {
	World *geom.World
	// WireChunks draws the wire view a chunk of instances at a time,
	// holding a chunk's edges instead of the whole world laid out in one
	// mesh: far less memory and a quicker first frame, slower frames
	// after it (each places every instance again). For one frame, as
	// render draws.
	WireChunks bool

	models []modelLayout // the distinct model meshes
	slot   []int32       // per instance: its entry of models, -1 for none
	groups []geom.Group  // the frame's groups: each model's in turn
	byMesh [][]int       // per model: its instances, in world order
	drawn  []bool        // per instance, this frame
	need   []bool        // per instance: a stand-in some instance in view needs, this frame
	order  []nearInst
	runs   []drawRun   // this frame's groups of instances, in drawing order
	bounds geom.Bounds // around the instances drawn this frame
	chunk  chunkBuf
	// chunkWorkers is the workers of the renderer filling chunks.
	chunkWorkers int
	merged       *mergedLayout // the wire views': every instance placed
	wire         wireBuf       // the wire view's chunk (WireChunks)
}

// nearInst is a drawn instance and its distance from the eye.
type nearInst struct {
	d float32
	i int32
}

// modelLayout is a model mesh laid out for placing: its groups, its unit
// normals and the UV set its textures use.
type modelLayout struct {
	mesh    *geom.Mesh
	groups  []modelGroup
	normals []geom.Vec3 // unit
	uv      []geom.Vec2 // nil: every UV is (0, 0)
}

// modelGroup is one group of a model: its triangles, its entry in the
// frame's groups, and whether it is drawn in the blended pass (a
// see-through material).
type modelGroup struct {
	first, count int
	group        uint16
	blended      bool
}

// drawRun is one group of a drawn instance.
type drawRun struct {
	inst  int32
	group int32 // in its model's groups
}

// NewWorldView lays w out for drawing.
func NewWorldView(w *geom.World) *WorldView {
	v := &WorldView{World: w, slot: make([]int32, len(w.Instances)), drawn: make([]bool, len(w.Instances))}
	slot := map[*geom.Mesh]int{}
	for i, in := range w.Instances {
		v.slot[i] = -1
		if in.Model < 0 || in.Model >= len(w.Models) || w.Models[in.Model].Mesh == nil {
			continue
		}
		m := w.Models[in.Model].Mesh
		k, ok := slot[m]
		if !ok {
			k = len(v.models)
			slot[m] = k
			v.models = append(v.models, v.layoutModel(m))
			v.byMesh = append(v.byMesh, nil)
		}
		v.slot[i] = int32(k)
		v.byMesh[k] = append(v.byMesh[k], i)
	}
	return v
}

// layoutModel lays m out and adds its groups to the frame's.
func (v *WorldView) layoutModel(m *geom.Mesh) modelLayout {
	ml := modelLayout{mesh: m, normals: unitNormalsOf(m), uv: modelUVs(m)}
	for _, g := range groupsOf(m) {
		blended := g.Surface != nil && g.Surface.Blend != geom.BlendOpaque
		ml.groups = append(ml.groups, modelGroup{first: g.FirstTri, count: g.TriCount,
			group: uint16(min(len(v.groups), math.MaxUint16)), blended: blended})
		if g.Surface != nil && g.Surface.UVSet != 0 {
			s := *g.Surface
			s.UVSet = 0 // a placed vertex keeps the set its model's materials use as its one set
			g.Surface = &s
		}
		g.FirstTri, g.TriCount = 0, 0 // a frame's triangles name their group
		v.groups = append(v.groups, g)
	}
	return ml
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

// place writes the model's vertices placed by mat into pos, col and uv
// (each len(ml.mesh.Positions) long): the positions, the colours (white
// without prelit ones) times the fixed light on the turned unit normals,
// and the UVs.
func (ml *modelLayout) place(mat *mgl32.Mat4, pos []geom.Vec3, col []color.NRGBA, uv []geom.Vec2) {
	m := ml.mesh
	// the sun in the model's frame: n·(Rᵀ sun) = (R n)·sun for a rotation R
	sun := mat.Mat3().Transpose().Mul3x1(sunDir)
	if l := sun.Len(); l > 0 {
		sun = sun.Mul(1 / l) // a scaled instance
	}
	for i, p := range m.Positions {
		pos[i] = placePoint(mat, p)
	}
	if ml.uv != nil {
		copy(uv, ml.uv)
	} else {
		clear(uv)
	}
	colored := len(m.Colors) == len(m.Positions)
	for i, n := range ml.normals[:len(col)] {
		l := float32(sunFloor + sunShare)
		if n != (geom.Vec3{}) {
			l = sunFloor + sunShare*max(n[0]*sun[0]+n[1]*sun[1]+n[2]*sun[2], 0)
		}
		c := color.NRGBA{255, 255, 255, 255}
		if colored {
			c = m.Colors[i]
		}
		col[i] = color.NRGBA{scale8(c.R, l), scale8(c.G, l), scale8(c.B, l), c.A}
	}
}

// placePoint is p placed by mat: mat.Mul4x1 of (p, 1), term for term,
// written out so that it is inlined.
func placePoint(mat *mgl32.Mat4, p geom.Vec3) geom.Vec3 {
	return geom.Vec3{
		mat[0]*p[0] + mat[4]*p[1] + mat[8]*p[2] + mat[12],
		mat[1]*p[0] + mat[5]*p[1] + mat[9]*p[2] + mat[13],
		mat[2]*p[0] + mat[6]*p[1] + mat[10]*p[2] + mat[14],
	}
}

func scale8(v uint8, k float32) uint8 { return uint8(min(float32(v)*k+0.5, 255)) }

// finiteBox reports whether b's corners are finite numbers.
func finiteBox(b geom.Bounds) bool {
	s := b.Min[0] + b.Min[1] + b.Min[2] + b.Max[0] + b.Max[1] + b.Max[2]
	return !math.IsNaN(float64(s)) && !math.IsInf(float64(s), 0)
}
