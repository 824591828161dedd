package xrlevel

import (
	"image/color"
	"math"

	"rummage/formats/geom"
)

// vertexReader reads the normal, texture coordinates and colour of a
// buffer's vertices for the mesh, whatever the layout (FVF or D3D9
// declaration) and version stores them as.
type vertexReader struct {
	version  int
	normal   *Attr
	tangent  *Attr // its alpha byte corrects u (declarations, v10+)
	binormal *Attr // its alpha byte corrects v
	color    *Attr // FVF diffuse (vertex light) or declaration colour (light, sun)
	tex      [8]*Attr
}

func newVertexReader(f *VertexFormat, version int) *vertexReader {
	r := &vertexReader{version: version}
	for i := range f.Attrs {
		a := &f.Attrs[i]
		switch {
		case a.Usage == "normal" && a.Index == 0 && r.normal == nil:
			r.normal = a
		case a.Usage == "tangent" && a.Index == 0:
			r.tangent = a
		case a.Usage == "binormal" && a.Index == 0:
			r.binormal = a
		case (a.Usage == "diffuse" || a.Usage == "color") && a.Index == 0 && r.color == nil:
			r.color = a
		case a.Usage == "texcoord" && a.Index >= 0 && a.Index < len(r.tex) && r.tex[a.Index] == nil:
			r.tex[a.Index] = a
		}
	}
	return r
}

// Normal returns vertex v's normal: floats as stored, packed colours
// unpacked from 0..1 to -1..1 (x, y, z in the D3DCOLOR's r, g, b).
func (r *vertexReader) Normal(v []byte) (geom.Vec3, bool) {
	if r.normal == nil {
		return geom.Vec3{}, false
	}
	x := r.normal.Values(v)
	if len(x) < 3 {
		return geom.Vec3{}, false
	}
	switch r.normal.Type {
	case TypeFloat3, TypeFloat4, TypeShort4N:
		return geom.Vec3{x[0], x[1], x[2]}, true
	case TypeD3DColor, TypeUByte4N:
		return geom.Vec3{2*x[0] - 1, 2*x[1] - 1, 2*x[2] - 1}, true
	}
	return geom.Vec3{}, false
}

// Hemi returns the hemisphere-light term the declaration layouts keep in
// the packed normal's fourth byte (0 when there is none).
func (r *vertexReader) hemi(v []byte) float32 {
	if r.normal == nil || r.normal.Type != TypeD3DColor {
		return 0
	}
	if x := r.normal.Values(v); len(x) == 4 {
		return x[3]
	}
	return 0
}

// UV returns texture coordinate set k of vertex v, (0, 0) the texture's
// top left as in Direct3D. Declaration layouts pack them as shorts: the
// diffuse set in 1/1024 units (1/2048 for the four-short sets of v12+,
// plus the tangent and binormal alpha bytes as a sub-unit correction), a
// lightmap set in 1/32767 units (set 1, or the second pair of a four-short
// set 0 before v12).
func (r *vertexReader) UV(v []byte, k int) (geom.Vec2, bool) {
	if k < 0 || k >= len(r.tex) {
		return geom.Vec2{}, false
	}
	if k == 1 && r.tex[1] == nil && r.version < 12 && r.tex[0] != nil && r.tex[0].Type == TypeShort4 {
		x := r.tex[0].Values(v)
		if len(x) == 4 {
			return geom.Vec2{x[2] / 32767, x[3] / 32767}, true
		}
	}
	a := r.tex[k]
	if a == nil {
		return geom.Vec2{}, false
	}
	x := a.Values(v)
	switch {
	case len(x) == 0:
		return geom.Vec2{}, false
	case a.Type == TypeFloat1:
		return geom.Vec2{x[0], 0}, true
	case a.Type != TypeShort2 && a.Type != TypeShort4:
		return geom.Vec2{x[0], x[1]}, true
	case k > 0:
		return geom.Vec2{x[0] / 32767, x[1] / 32767}, true
	}
	scale := float32(1024)
	if a.Type == TypeShort4 && r.version >= 12 {
		scale = 2048
	}
	uv := geom.Vec2{x[0] / scale, x[1] / scale}
	if t, b := colorAlpha(r.tangent, v), colorAlpha(r.binormal, v); t >= 0 && b >= 0 {
		uv[0] += t / 1024
		uv[1] += b / 1024
	}
	return uv, true
}

// colorAlpha returns the 0..1 alpha of a D3DCOLOR attribute, -1 when a is
// missing or of another type.
func colorAlpha(a *Attr, v []byte) float32 {
	if a == nil || a.Type != TypeD3DColor {
		return -1
	}
	if x := a.Values(v); len(x) == 4 {
		return x[3]
	}
	return -1
}

// Color returns vertex v's colour. An FVF diffuse colour is vertex light
// as stored. A declaration colour holds the light in r, g, b and the sun's
// share in a; the engine adds weather-dependent hemisphere (the normal's
// fourth byte) and sun light to it, which Rummage stands in for with white
// at half strength: light + (hemi + sun)/2, opaque.
func (r *vertexReader) Color(v []byte) (color.NRGBA, bool) {
	if r.color == nil || r.color.Type != TypeD3DColor {
		return color.NRGBA{}, false
	}
	x := r.color.Values(v)
	if len(x) != 4 {
		return color.NRGBA{}, false
	}
	if r.color.Usage == "diffuse" {
		return color.NRGBA{unit8(x[0]), unit8(x[1]), unit8(x[2]), unit8(x[3])}, true
	}
	add := (r.hemi(v) + x[3]) / 2
	return color.NRGBA{unit8(x[0] + add), unit8(x[1] + add), unit8(x[2] + add), 255}, true
}

// unit8 maps 0..1 to 0..255, clamped and rounded.
func unit8(f float32) uint8 {
	return uint8(math.Round(float64(min(max(f, 0), 1)) * 255))
}
