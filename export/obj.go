package export

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"rummage/formats/geom"
)

// yUp returns p in the Y-up frame that OBJ and glTF readers expect: Z-up
// meshes turn (x, y, z) into (x, z, -y), a rotation, so the winding stays.
// Non-finite coordinates become 0.
func yUp(p geom.Vec3, up geom.Up) geom.Vec3 {
	for i, v := range p {
		if v-v != 0 {
			p[i] = 0
		}
	}
	if up == geom.ZUp {
		return geom.Vec3{p[0], p[2], -p[1]}
	}
	return p
}

// part is a run of triangles written as one OBJ object or glTF primitive.
type part struct {
	name     string
	material int // index into the material list
	lines    bool
	tris     []int32 // triangle numbers
}

// material is one entry of the MTL file or the glTF material list.
type material struct {
	name  string
	color [3]float32 // linear 0..1 as the colour hint's sRGB bytes / 255
}

// splitParts assigns every valid triangle to its first group (or to a
// part named after the node when no group holds it) and lists the
// materials: one per distinct group material name (or group name).
func splitParts(m *geom.Mesh, name string) ([]part, []material) {
	nt := m.Triangles()
	nv := uint32(len(m.Positions))
	owner := make([]int32, nt)
	for i := range owner {
		owner[i] = -1
	}
	for gi := len(m.Groups) - 1; gi >= 0; gi-- {
		g := m.Groups[gi]
		if g.FirstTri < 0 || g.TriCount <= 0 || g.FirstTri >= nt {
			continue
		}
		for t := g.FirstTri; t < min(nt, g.FirstTri+g.TriCount); t++ {
			owner[t] = int32(gi)
		}
	}
	var mats []material
	matIndex := map[string]int{}
	matFor := func(n string, c [3]float32) int {
		if i, ok := matIndex[n]; ok {
			return i
		}
		matIndex[n] = len(mats)
		mats = append(mats, material{n, c})
		return len(mats) - 1
	}
	parts := make([]part, len(m.Groups))
	for gi, g := range m.Groups {
		mn := g.Material
		if mn == "" {
			mn = g.Name
		}
		if mn == "" {
			mn = "group" + strconv.Itoa(gi)
		}
		c := g.Color
		if c.A == 0 {
			c = geom.Palette(gi)
		}
		gn := g.Name
		if gn == "" {
			gn = "group" + strconv.Itoa(gi)
		}
		parts[gi] = part{name: gn, material: matFor(mn, [3]float32{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255}), lines: g.Lines}
	}
	rest := part{name: name, material: -1}
	for t := 0; t < nt; t++ {
		a, b, c := m.Indices[3*t], m.Indices[3*t+1], m.Indices[3*t+2]
		if a >= nv || b >= nv || c >= nv {
			continue
		}
		if o := owner[t]; o >= 0 {
			parts[o].tris = append(parts[o].tris, int32(t))
		} else {
			rest.tris = append(rest.tris, int32(t))
		}
	}
	if len(rest.tris) > 0 {
		rest.material = matFor("default", [3]float32{0.8, 0.8, 0.8})
		parts = append(parts, rest)
	}
	out := parts[:0]
	for _, p := range parts {
		if len(p.tris) > 0 {
			out = append(out, p)
		}
	}
	return out, mats
}

// objName makes a name usable after "o", "usemtl" and "newmtl": OBJ splits
// on white space, so spaces and controls become "_".
func objName(s string) string {
	if s == "" {
		return "_"
	}
	return strings.Map(func(r rune) rune {
		if r <= ' ' || r == 0x7F {
			return '_'
		}
		return r
	}, s)
}

// WriteOBJ writes m as a Wavefront OBJ file to objw and its material library
// to mtlw (mtlName is the MTL file's base name, for "mtllib"; an empty mtlw
// means no MTL is needed): every position ("v", Y-up), then one
// object ("o") per group with its material ("usemtl") and faces ("f", or
// "l" for outline groups); the MTL holds one material per group material
// with the group's colour hint as Kd. Invalid triangles are left out.
func WriteOBJ(objw, mtlw io.Writer, m *geom.Mesh, name, mtlName string) error {
	parts, mats := splitParts(m, name)
	w := bufio.NewWriter(objw)
	fmt.Fprintf(w, "# %s exported by Rummage\n# %d vertices, %d triangles, %d objects\n", objName(name), len(m.Positions), m.Triangles(), len(parts))
	if len(mats) > 0 {
		fmt.Fprintf(w, "mtllib %s\n", mtlName)
	}
	var buf []byte
	for _, p := range m.Positions {
		q := yUp(p, m.Up)
		buf = append(buf[:0], 'v')
		for _, v := range q {
			buf = append(buf, ' ')
			buf = strconv.AppendFloat(buf, float64(v), 'g', -1, 32)
		}
		buf = append(buf, '\n')
		w.Write(buf)
	}
	for _, p := range parts {
		fmt.Fprintf(w, "o %s\n", objName(p.name))
		if p.material >= 0 {
			fmt.Fprintf(w, "usemtl %s\n", objName(mats[p.material].name))
		}
		for _, t := range p.tris {
			tri := m.Indices[3*t : 3*t+3]
			buf = buf[:0]
			if p.lines {
				vs := distinct(tri)
				if len(vs) < 2 {
					continue
				}
				buf = append(buf, 'l')
				for _, v := range vs {
					buf = append(buf, ' ')
					buf = strconv.AppendUint(buf, uint64(v)+1, 10)
				}
			} else {
				buf = append(buf, 'f')
				for _, v := range tri {
					buf = append(buf, ' ')
					buf = strconv.AppendUint(buf, uint64(v)+1, 10)
				}
			}
			buf = append(buf, '\n')
			w.Write(buf)
		}
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("writing OBJ: %w", err)
	}
	if len(mats) == 0 {
		return nil
	}
	mw := bufio.NewWriter(mtlw)
	fmt.Fprintf(mw, "# materials of %s exported by Rummage\n", objName(name))
	for _, mt := range mats {
		fmt.Fprintf(mw, "\nnewmtl %s\nKa 0 0 0\nKd %s %s %s\nKs 0 0 0\nd 1\nillum 1\n", objName(mt.name),
			fmtF(mt.color[0]), fmtF(mt.color[1]), fmtF(mt.color[2]))
	}
	if err := mw.Flush(); err != nil {
		return fmt.Errorf("writing MTL: %w", err)
	}
	return nil
}

func fmtF(v float32) string { return strconv.FormatFloat(float64(v), 'g', 4, 32) }

// distinct returns the triangle's vertices without repeats, in order.
func distinct(tri []uint32) []uint32 {
	out := []uint32{tri[0]}
	for _, v := range tri[1:] {
		if v != out[len(out)-1] && v != out[0] {
			out = append(out, v)
		}
	}
	return out
}
