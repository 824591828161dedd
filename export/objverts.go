package export

import (
	"bufio"
	"strconv"

	"rummage/formats/geom"
)

// objWriter writes the vertex lines and faces of one OBJ file.
type objWriter struct {
	w       *bufio.Writer
	m       *geom.Mesh
	uvBlock map[int]int // UV set → number of its first "vt" line, 0-based
	normals bool
	buf     []byte
}

// vertices writes the "v" lines, a block of "vt" lines for set 0 and for
// every other set a textured material of mats uses (sets without one UV
// per position are left out), and the "vn" lines.
func (o *objWriter) vertices(mats []material) {
	m, nv := o.m, len(o.m.Positions)
	for _, p := range m.Positions {
		q := yUp(p, m.Up)
		o.line("v", q[:])
	}
	o.uvBlock = map[int]int{}
	sets := []int{0}
	for _, mt := range mats {
		if mt.surf.tex != nil {
			sets = append(sets, mt.surf.uvSet)
		}
	}
	for _, s := range sets {
		if _, done := o.uvBlock[s]; done || s < 0 || s >= len(m.UVs) || len(m.UVs[s]) != nv || nv == 0 {
			continue
		}
		o.uvBlock[s] = len(o.uvBlock) * nv
		for _, t := range m.UVs[s] {
			for k, v := range t {
				if v-v != 0 {
					t[k] = 0
				}
			}
			o.line("vt", []float32{t[0], 1 - t[1]}) // OBJ's v runs up the image
		}
	}
	if len(m.Normals) == nv && nv > 0 {
		o.normals = true
		for _, n := range m.Normals {
			q := unitNormal(n, m.Up)
			o.line("vn", q[:])
		}
	}
}

// line writes one vertex line: tag and the numbers of v.
func (o *objWriter) line(tag string, v []float32) {
	o.buf = append(o.buf[:0], tag...)
	for _, x := range v {
		o.buf = append(o.buf, ' ')
		o.buf = strconv.AppendFloat(o.buf, float64(x), 'g', -1, 32)
	}
	o.buf = append(o.buf, '\n')
	o.w.Write(o.buf)
}

// faces writes the faces ("f") or line segments ("l") of p; face corners
// name UV set uvSet's "vt" (when written) and the "vn" of their vertex.
func (o *objWriter) faces(p part, uvSet int) {
	block, uv := o.uvBlock[uvSet]
	for _, t := range p.tris {
		tri := o.m.Indices[3*t : 3*t+3]
		o.buf = o.buf[:0]
		if p.lines {
			vs := distinct(tri)
			if len(vs) < 2 {
				continue
			}
			o.buf = append(o.buf, 'l')
			for _, v := range vs {
				o.buf = append(o.buf, ' ')
				o.buf = strconv.AppendUint(o.buf, uint64(v)+1, 10)
			}
		} else {
			o.buf = append(o.buf, 'f')
			for _, v := range tri {
				o.corner(v, block, uv)
			}
		}
		o.buf = append(o.buf, '\n')
		o.w.Write(o.buf)
	}
}

// corner appends one face corner: v, v/vt, v//vn or v/vt/vn (1-based).
func (o *objWriter) corner(v uint32, block int, uv bool) {
	o.buf = append(o.buf, ' ')
	o.buf = strconv.AppendUint(o.buf, uint64(v)+1, 10)
	if !uv && !o.normals {
		return
	}
	o.buf = append(o.buf, '/')
	if uv {
		o.buf = strconv.AppendUint(o.buf, uint64(block)+uint64(v)+1, 10)
	}
	if o.normals {
		o.buf = append(o.buf, '/')
		o.buf = strconv.AppendUint(o.buf, uint64(v)+1, 10)
	}
}
