package export

import (
	"maps"
	"math"

	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"rummage/formats/geom"
)

// attrs is a primitive's attribute map (name → accessor).
type attrs gltf.PrimitiveAttributes

func (a attrs) clone() gltf.PrimitiveAttributes { return maps.Clone(gltf.PrimitiveAttributes(a)) }

// vertexAttributes writes the attributes every primitive of m shares:
// POSITION (Y-up, with its exact min and max), and NORMAL and COLOR_0 when
// the mesh has one per position.
func (b *gltfBuilder) vertexAttributes(m *geom.Mesh) attrs {
	nv := len(m.Positions)
	pos := make([][3]float32, nv)
	for i, p := range m.Positions {
		pos[i] = yUp(p, b.up)
	}
	a := attrs{gltf.POSITION: modeler.WritePosition(b.doc, pos)}
	if len(m.Normals) == nv {
		nrm := pos // reuse: the positions are in the buffer now
		for i, n := range m.Normals {
			nrm[i] = unitNormal(n, b.up)
		}
		a[gltf.NORMAL] = modeler.WriteNormal(b.doc, nrm)
	}
	if len(m.Colors) == nv {
		col := make([][4]uint16, nv)
		for i, c := range m.Colors {
			col[i] = [4]uint16{linear16[c.R], linear16[c.G], linear16[c.B], uint16(c.A) * 257}
		}
		a[gltf.COLOR_0] = modeler.WriteColor(b.doc, col)
	}
	b.skinAttributes(m, a)
	return a
}

// linear16 maps an sRGB byte to a linear 16-bit value (glTF vertex
// colours are linear).
var linear16 = func() (t [256]uint16) {
	for i := range t {
		t[i] = uint16(math.Round(srgbToLinear(float64(i)/255) * 65535))
	}
	return t
}()

// writeUVs writes one UV set as a TEXCOORD accessor and returns it; glTF
// and geom share the convention ((0, 0) is the image's top left).
// Non-finite values become 0.
func (b *gltfBuilder) writeUVs(uv []geom.Vec2) int {
	out := make([][2]float32, len(uv))
	for i, t := range uv {
		for k, v := range t {
			if v-v == 0 {
				out[i][k] = v
			}
		}
	}
	return modeler.WriteTextureCoord(b.doc, out)
}

// primitive writes the indices of part p and returns its primitive
// (attributes and material still to set), nil when p draws nothing.
// Indices are uint16 when every vertex number fits below 65535 (the
// largest value of the type is reserved for primitive restart).
func (b *gltfBuilder) primitive(m *geom.Mesh, p part) *gltf.Primitive {
	idx := make([]uint32, 0, 3*len(p.tris))
	for _, t := range p.tris {
		tri := m.Indices[3*t : 3*t+3]
		if !p.lines {
			idx = append(idx, tri...)
			continue
		}
		vs := distinct(tri)
		for i := 0; i+1 < len(vs); i++ {
			idx = append(idx, vs[i], vs[i+1])
		}
		if len(vs) == 3 {
			idx = append(idx, vs[2], vs[0])
		}
	}
	if len(idx) == 0 {
		return nil
	}
	mode := gltf.PrimitiveTriangles
	if p.lines {
		mode = gltf.PrimitiveLines
	}
	prim := &gltf.Primitive{Mode: mode, Extras: map[string]any{"name": p.name}}
	if len(m.Positions) <= math.MaxUint16 {
		small := make([]uint16, len(idx))
		for i, v := range idx {
			small[i] = uint16(v)
		}
		prim.Indices = gltf.Index(modeler.WriteIndices(b.doc, small))
	} else {
		prim.Indices = gltf.Index(modeler.WriteIndices(b.doc, idx))
	}
	return prim
}
