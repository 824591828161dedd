package preview

import (
	"cmp"
	"image"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
)

// Render draws the world seen by cam into dst: the instances chosen by
// wo (see Select), textured as their models are, lit by the fixed light
// baked into their placed vertices (opt.Unlit is set: the camera's head
// light does not apply). The solid and textured views place the chosen
// instances a chunk at a time; the wire views draw every instance, from
// PlacedMesh, or with WireChunks the wire view a chunk at a time too
// (renderWire).
func (v *WorldView) Render(r *Renderer, dst *image.RGBA, cam *Camera, opt *Options, wo WorldOptions) WorldStats {
	st := v.Select(cam, dst.Rect.Dx(), dst.Rect.Dy(), wo)
	o := *opt
	o.Unlit = true
	done := false
	if o.Mode == ModeSolid || o.Mode == ModeTextured {
		st.Stats, done = v.renderChunks(r, dst, cam, &o), true
	} else if v.WireChunks && o.Mode == ModeTexturedWire {
		st.Stats, done = v.renderTexturedWire(r, dst, cam, &o)
	} else if v.WireChunks {
		st.Stats, done = v.renderWire(r, dst, cam, &o)
	}
	if !done {
		ml := v.mergedParts()
		if o.Mode == ModeTexturedWire {
			// its edges are every instance's: every vertex is projected
			ml.parts.Verts = append(ml.parts.Verts[:0], Span{0, len(ml.mesh.Positions)})
		}
		st.Stats = r.RenderParts(dst, ml.mesh, &ml.parts, cam, &o)
	}
	if i := wo.Outline - 1; i >= 0 && i < len(v.World.Instances) && finiteBox(v.World.Instances[i].Bounds) {
		r.outlineBox(dst, v.World.Instances[i].Bounds)
	}
	return st
}

// Drawn reports whether instance i was drawn in the last frame Select
// chose.
func (v *WorldView) Drawn(i int) bool { return i >= 0 && i < len(v.drawn) && v.drawn[i] }

// Bounds returns the box around the instances the last Select chose.
func (v *WorldView) Bounds() geom.Bounds { return v.bounds }

// Pick returns the instance seen at point (x, y) of the last frame Select
// chose for a w×h view of cam (pixels, y down), -1 when the point shows
// none: the nearest drawn triangle the ray through it hits, back faces of
// one-sided materials passed through as the frame culls them.
func (v *WorldView) Pick(cam *Camera, w, h int, x, y float32) int {
	if w <= 0 || h <= 0 || len(v.runs) == 0 || !(x >= 0 && y >= 0 && x <= float32(w) && y <= float32(h)) {
		return -1
	}
	fr := cam.Frame(v.bounds, w, h)
	if !finiteMat(&fr.MVP) || !finiteMat(&fr.View) {
		return -1
	}
	o, d, ok := pickRay(&fr, x, y)
	if !ok {
		return -1
	}
	best, bestT := -1, math.Inf(1)
	near := float64(fr.Near)
	for _, run := range v.runs {
		ml := &v.models[v.slot[run.inst]]
		g := ml.groups[run.group]
		mat := &v.World.Instances[run.inst].Matrix
		surf := v.groups[g.group].Surface
		twoSided := surf != nil && surf.TwoSided
		pos, idx := ml.mesh.Positions, ml.mesh.Indices
		for t := g.first; t < g.first+g.count; t++ {
			a, b, c := placePoint(mat, pos[idx[3*t]]), placePoint(mat, pos[idx[3*t+1]]), placePoint(mat, pos[idx[3*t+2]])
			hit, front := rayTri(o, d, a, b, c)
			if hit >= near && hit < bestT && (front || twoSided) {
				best, bestT = int(run.inst), hit
			}
		}
	}
	return best
}

// Select chooses the instances a w×h frame of cam draws and lays their
// parts out: those whose box is in the view (frustum culling) and within
// wo.Far of the eye, the high-detail or low-detail ones as wo.LOD says.
// By distance, an instance with a stand-in is drawn within its draw
// distance (times wo.DistScale; an unknown distance never ends), and its
// stand-in is drawn when some instance it stands in for is beyond its own;
// an instance with no stand-in is drawn at any distance.
func (v *WorldView) Select(cam *Camera, w, h int, wo WorldOptions) WorldStats {
	wd := v.World
	fr := cam.Frame(wd.Bounds(), w, h)
	planes := frustumPlanes(&fr.MVP)
	eye := cam.Eye()
	scale := wo.DistScale
	if !(scale > 0) {
		scale = 1
	}
	var st WorldStats
	need := v.needStandIns(planes, eye, scale, wo)
	for i, in := range wd.Instances {
		v.drawn[i] = false
		if v.slot[i] < 0 {
			continue // no mesh
		}
		visible := inView(&planes, in.Bounds) && (wo.Far <= 0 || boxDistance(in.Bounds, eye) <= wo.Far) &&
			!(wo.HideMissing && wd.Models[in.Model].Missing)
		if !visible {
			st.Culled++
			continue
		}
		switch wo.LOD {
		case LODHigh:
			v.drawn[i] = !in.IsLOD
		case LODLow:
			v.drawn[i] = in.IsLOD || in.LOD < 0
		default:
			if in.IsLOD {
				v.drawn[i] = need[i]
			} else {
				v.drawn[i] = in.LOD < 0 || within(in, eye, scale)
			}
		}
		if v.drawn[i] {
			st.Instances++
			if wd.Models[in.Model].Missing {
				st.Missing++
			}
		}
	}
	v.collectParts(eye)
	return st
}

// needStandIns marks, by distance, the stand-ins some instance in view
// is too far away for.
func (v *WorldView) needStandIns(planes [4][4]float32, eye mgl32.Vec3, scale float32, wo WorldOptions) []bool {
	if wo.LOD != LODByDistance {
		return nil
	}
	if len(v.need) != len(v.World.Instances) {
		v.need = make([]bool, len(v.World.Instances))
	}
	need := v.need
	clear(need)
	for _, in := range v.World.Instances {
		if in.LOD >= 0 && in.LOD < len(need) && !in.IsLOD && !within(in, eye, scale) && inView(&planes, in.Bounds) {
			need[in.LOD] = true
		}
	}
	return need
}

// within reports whether in is within its draw distance of eye.
func within(in geom.Instance, eye mgl32.Vec3, scale float32) bool {
	return in.DrawDist <= 0 || boxDistance(in.Bounds, eye) <= in.DrawDist*scale
}

// collectParts lays the frame's runs out, and the box around the drawn
// instances: the opaque runs nearest to eye first, then the blended ones
// farthest first.
func (v *WorldView) collectParts(eye mgl32.Vec3) {
	v.runs, v.order = v.runs[:0], v.order[:0]
	bounds := geom.Bounds{Min: geom.Vec3{inf32, inf32, inf32}, Max: geom.Vec3{-inf32, -inf32, -inf32}}
	some := false
	for _, list := range v.byMesh {
		for _, i := range list {
			if !v.drawn[i] {
				continue
			}
			b := v.World.Instances[i].Bounds
			if finiteBox(b) {
				some = true
				for k := range 3 {
					bounds.Min[k], bounds.Max[k] = min(bounds.Min[k], b.Min[k]), max(bounds.Max[k], b.Max[k])
				}
			}
			v.order = append(v.order, nearInst{boxDistance(b, eye), int32(i)})
		}
	}
	slices.SortFunc(v.order, func(a, b nearInst) int { return cmp.Compare(a.d, b.d) })
	for _, o := range v.order {
		v.appendRuns(o.i, false)
	}
	for k := len(v.order) - 1; k >= 0; k-- {
		v.appendRuns(v.order[k].i, true)
	}
	if !some {
		bounds = geom.Bounds{}
	}
	v.bounds = bounds
}

// appendRuns adds instance i's runs of its opaque or its blended groups.
func (v *WorldView) appendRuns(i int32, blended bool) {
	for g, mg := range v.models[v.slot[i]].groups {
		if mg.blended == blended && mg.count > 0 {
			v.runs = append(v.runs, drawRun{inst: i, group: int32(g)})
		}
	}
}

var inf32 = float32(math.Inf(1))

// appendSpan adds s to spans, joined to the last one when it follows it.
func appendSpan(spans []Span, s Span) []Span {
	if s.Count <= 0 {
		return spans
	}
	if n := len(spans); n > 0 && spans[n-1].First+spans[n-1].Count == s.First {
		spans[n-1].Count += s.Count
		return spans
	}
	return append(spans, s)
}

// frustumPlanes are the left, right, bottom and top planes of a
// projection (Gribb and Hartmann): a point p is inside when
// a·x + b·y + c·z + d >= 0 for each. Behind the eye of a perspective view
// no point is inside both side planes.
func frustumPlanes(m *mgl32.Mat4) [4][4]float32 {
	row := func(i int) [4]float32 { return [4]float32{m[i], m[4+i], m[8+i], m[12+i]} }
	r0, r1, r3 := row(0), row(1), row(3)
	var out [4][4]float32
	for k := range 4 {
		out[0][k] = r3[k] + r0[k]
		out[1][k] = r3[k] - r0[k]
		out[2][k] = r3[k] + r1[k]
		out[3][k] = r3[k] - r1[k]
	}
	return out
}

// inView reports whether box b is not wholly outside a plane.
func inView(planes *[4][4]float32, b geom.Bounds) bool {
	if !finiteBox(b) {
		return false
	}
	for _, p := range planes {
		// the corner farthest along the plane's normal
		x, y, z := b.Min[0], b.Min[1], b.Min[2]
		if p[0] > 0 {
			x = b.Max[0]
		}
		if p[1] > 0 {
			y = b.Max[1]
		}
		if p[2] > 0 {
			z = b.Max[2]
		}
		if p[0]*x+p[1]*y+p[2]*z+p[3] < 0 {
			return false
		}
	}
	return true
}

// boxDistance is the distance from p to the nearest point of box b.
func boxDistance(b geom.Bounds, p mgl32.Vec3) float32 {
	var d2 float32
	for k := range 3 {
		switch {
		case p[k] < b.Min[k]:
			d2 += (b.Min[k] - p[k]) * (b.Min[k] - p[k])
		case p[k] > b.Max[k]:
			d2 += (p[k] - b.Max[k]) * (p[k] - b.Max[k])
		}
	}
	return float32(math.Sqrt(float64(d2)))
}
