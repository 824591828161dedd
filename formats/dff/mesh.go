package dff

import (
	"fmt"
	"image/color"
	"strconv"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/geom"
)

// Surfacer gives the look of material slot i of geometry g (nil: plain).
type Surfacer func(g *Geometry, slot int) *geom.Material

// Triangles returns the geometry's triangle count as the facts count it:
// the stored triangle list when there is one, else the triangles of the
// Bin Mesh (strips unrolled, degenerate ones dropped) or of the native data.
func (g *Geometry) Triangles() (int, error) {
	if len(g.Tris) > 0 {
		return len(g.Tris), nil
	}
	m, err := g.Mesh(nil)
	if err != nil {
		return 0, err
	}
	return m.Triangles(), nil
}

// Mesh builds the geometry's mesh in its own frame: morph target 0, one
// group per material slot that has triangles, looks from surf.
func (g *Geometry) Mesh(surf Surfacer) (*geom.Mesh, error) {
	g.baseOnce.Do(func() {
		b := &g.base
		if g.IsNative() {
			b.m, b.bySlot, b.err = g.nativeMesh()
		} else {
			b.m, b.bySlot, b.err = g.pcMesh()
		}
	})
	if g.base.err != nil {
		return nil, g.base.err
	}
	bm, bySlot := g.base.m, g.base.bySlot
	m := &geom.Mesh{Positions: bm.Positions, Normals: bm.Normals, UVs: bm.UVs, Colors: bm.Colors, Up: geom.ZUp}
	for slot, tris := range bySlot {
		if len(tris) == 0 {
			continue
		}
		grp := geom.Group{Name: g.slotName(slot), FirstTri: len(m.Indices) / 3, TriCount: len(tris), Material: g.slotTexture(slot)}
		if slot < len(g.Materials) {
			grp.Color = g.Materials[slot].Color
			grp.Color.A = 255
		}
		if surf != nil {
			grp.Surface = surf(g, slot)
		}
		for _, t := range tris {
			m.Indices = append(m.Indices, t[0], t[1], t[2])
		}
		m.Groups = append(m.Groups, grp)
	}
	return m, nil
}

// slotName names a material slot's group: its texture, or "material N".
func (g *Geometry) slotName(slot int) string {
	if t := g.slotTexture(slot); t != "" {
		return t
	}
	return "material " + strconv.Itoa(slot)
}

func (g *Geometry) slotTexture(slot int) string {
	if slot < len(g.Materials) && g.Materials[slot].Texture != nil {
		return g.Materials[slot].Texture.Name
	}
	return ""
}

// pcMesh takes the vertex arrays of a PC geometry and its triangles per
// material slot: the stored list, else the Bin Mesh.
func (g *Geometry) pcMesh() (*geom.Mesh, [][][3]uint32, error) {
	m := &geom.Mesh{}
	if len(g.Morph) == 0 || !g.Morph[0].HasPositions {
		if g.NumVerts > 0 {
			return nil, nil, binread.Errorf(g.Off, "Geometry has %d vertices but no positions in morph target 0", g.NumVerts)
		}
	} else {
		m.Positions = g.Morph[0].Positions
		m.Normals = g.Morph[0].Normals
	}
	m.UVs = g.UVs
	m.Colors = g.Prelit
	slots := make([][][3]uint32, len(g.Materials))
	switch {
	case len(g.Tris) > 0:
		for i, t := range g.Tris {
			if int(t.Mat) >= len(slots) {
				return nil, nil, binread.Errorf(g.Off, "triangle %d uses material %d of %d", i, t.Mat, len(slots))
			}
			slots[t.Mat] = append(slots[t.Mat], [3]uint32{uint32(t.A), uint32(t.B), uint32(t.C)})
		}
	case g.BinMesh != nil:
		for i := range g.BinMesh.Splits {
			s := &g.BinMesh.Splits[i]
			slots[s.Material] = append(slots[s.Material], g.BinMesh.Triangles(s)...)
		}
	}
	return m, slots, nil
}

// ClumpMesh builds the clump's mesh: every atomic's geometry placed by its
// frame's world transform, leaving out the hidden atomics (see Hidden)
// unless all of them are hidden; a vehicle as the game assembles it (see
// Clump.assemble), its intact parts, unpainted.
func (c *Clump) ClumpMesh(surf Surfacer) (*geom.Mesh, error) {
	return c.drawMesh(c.assemble(formats.PartsOK, wheelSetup{}), look{surf: surf})
}

// look is how drawn geometries look: their surfaces, and for a vehicle
// the group colours taken from the painted surfaces and the night colours.
type look struct {
	surf    Surfacer
	recolor bool // group colour hints from the surfaces (painted vehicles)
	night   bool // night vertex colours where a geometry has them
	named   bool // each group named after its part: "part/group"
}

// geometryMesh is geometry gi's mesh with look l.
func (c *Clump) geometryMesh(gi int32, l look) (*geom.Mesh, error) {
	g := c.Geometries[gi]
	m, err := g.Mesh(l.surf)
	if err != nil {
		return nil, fmt.Errorf("geometry %d: %w", gi, err)
	}
	if l.recolor {
		for i := range m.Groups {
			if s := m.Groups[i].Surface; s != nil {
				m.Groups[i].Color = color.NRGBA{s.Color.R, s.Color.G, s.Color.B, 255}
			}
		}
	}
	if l.night {
		if night := g.NightColors(); len(night) == len(m.Positions) {
			m.Colors = night
		}
	}
	return m, nil
}

// drawMesh merges the placed geometries of a into one mesh.
func (c *Clump) drawMesh(a assembly, l look) (*geom.Mesh, error) {
	out := &geom.Mesh{Up: geom.ZUp}
	cache := map[int32]*geom.Mesh{}
	var parts []part
	for _, p := range a.items {
		gi := c.Atomics[p.atomic].Geometry
		gm, ok := cache[gi]
		if !ok {
			var err error
			if gm, err = c.geometryMesh(gi, l); err != nil {
				return nil, err
			}
			cache[gi] = gm
		}
		if l.named {
			gm = renamed(gm, p.name)
		}
		parts = append(parts, part{gm, c.placedWorld(gi, p.world), p.atomic, p.frame})
	}
	merge(out, parts)
	return out, c.skinMesh(out, parts)
}

// renamed is m (sharing its arrays) with each group named "part/group".
func renamed(m *geom.Mesh, part string) *geom.Mesh {
	if part == "" {
		return m
	}
	c := &geom.Mesh{Positions: m.Positions, Indices: m.Indices, Up: m.Up, Normals: m.Normals, UVs: m.UVs, Colors: m.Colors}
	c.Groups = append([]geom.Group(nil), m.Groups...)
	for i := range c.Groups {
		c.Groups[i].Name = part + "/" + c.Groups[i].Name
	}
	return c
}

type part struct {
	m      *geom.Mesh
	world  mgl32.Mat4
	atomic int // the atomic drawn
	frame  int // the frame it hangs under (skinMesh: a rigid part follows it)
}

// merge appends the parts, transformed, to out. Optional arrays are kept
// only when every part has them.
func merge(out *geom.Mesh, parts []part) {
	normals, colors, uvSets := true, true, MaxUVSets
	for _, p := range parts {
		normals = normals && len(p.m.Normals) == len(p.m.Positions)
		colors = colors && len(p.m.Colors) == len(p.m.Positions)
		full := 0
		for full < len(p.m.UVs) && len(p.m.UVs[full]) == len(p.m.Positions) {
			full++
		}
		uvSets = min(uvSets, full)
	}
	out.UVs = make([][]geom.Vec2, uvSets)
	for _, p := range parts {
		base := uint32(len(out.Positions))
		rot := p.world.Mat3()
		for i, v := range p.m.Positions {
			out.Positions = append(out.Positions, geom.Vec3(p.world.Mul4x1(mgl32.Vec3(v).Vec4(1)).Vec3()))
			if normals {
				out.Normals = append(out.Normals, geom.Vec3(rot.Mul3x1(mgl32.Vec3(p.m.Normals[i]))))
			}
			if colors {
				out.Colors = append(out.Colors, p.m.Colors[i])
			}
		}
		for k := range out.UVs {
			out.UVs[k] = append(out.UVs[k], p.m.UVs[k]...)
		}
		first := len(out.Indices) / 3
		for _, ix := range p.m.Indices {
			out.Indices = append(out.Indices, ix+base)
		}
		for _, g := range p.m.Groups {
			g.FirstTri += first
			out.Groups = append(out.Groups, g)
		}
	}
	if !normals {
		out.Normals = nil
	}
	if !colors {
		out.Colors = nil
	}
	if uvSets == 0 {
		out.UVs = nil
	}
}
