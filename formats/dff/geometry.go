package dff

import (
	"image/color"

	"rummage/formats/binread"
	"rummage/formats/geom"
	"rummage/formats/rw"
)

func (p *parser) readGeometryList(s sub) ([]*Geometry, error) {
	kids, err := p.children(s, "Geometry List")
	if err != nil {
		return nil, err
	}
	cur := kids[0].cursor()
	n := int64(cur.U32())
	if err := cur.Err(); err != nil {
		return nil, err
	}
	if n > int64(len(kids)-1) {
		return nil, binread.Errorf(kids[0].off+rw.HeaderSize, "Geometry List says %d geometries, %d sections follow", n, len(kids)-1)
	}
	out := make([]*Geometry, n)
	k := 1
	for i := range out {
		j, ok := p.find(kids, k, "in the Geometry List", IDGeometry)
		if !ok {
			return nil, binread.Errorf(kids[0].off+rw.HeaderSize, "Geometry List says %d geometries, %d follow", n, i)
		}
		if out[i], err = p.readGeometry(kids[j]); err != nil {
			return nil, err
		}
		k = j + 1
	}
	p.skip(kids[k:], "in the Geometry List after its geometries")
	return out, nil
}

func (p *parser) readGeometry(s sub) (*Geometry, error) {
	kids, err := p.children(s, "Geometry")
	if err != nil {
		return nil, err
	}
	g := &Geometry{Stamp: s.Stamp, Off: s.off, Len: rw.HeaderSize + int64(len(s.data))}
	if err := g.readStruct(kids[0]); err != nil {
		return nil, err
	}
	i, ok := p.find(kids, 1, "in the Geometry", IDMaterialList)
	if !ok {
		return nil, binread.Errorf(s.off, "Geometry has no Material List")
	}
	if err := p.readMaterials(g, kids[i]); err != nil {
		return nil, err
	}
	if g.Ext, err = p.ext(kids, i+1, "Geometry"); err != nil {
		return nil, err
	}
	return g, g.readPlugins()
}

// readStruct reads the geometry struct: counts, vertex data, triangles
// and morph targets.
func (g *Geometry) readStruct(s sub) error {
	cur := s.cursor()
	g.Flags = cur.U32()
	at := cur.Off()
	g.NumTris, g.NumVerts = cur.I32(), cur.I32()
	numMorph := cur.I32()
	if cur.Err() != nil {
		return cur.Err()
	}
	if g.NumTris < 0 || g.NumVerts < 0 || numMorph < 0 {
		return binread.Errorf(at, "Geometry counts %d triangles, %d vertices, %d morph targets are negative", g.NumTris, g.NumVerts, numMorph)
	}
	if int(g.Flags>>16)&0xFF > MaxUVSets {
		return binread.Errorf(at-4, "Geometry has %d UV sets (at most %d)", g.Flags>>16&0xFF, MaxUVSets)
	}
	if s.Version() < 0x34000 {
		g.Surface = &[3]float32{cur.F32(), cur.F32(), cur.F32()}
	}
	if !g.IsNative() {
		if err := g.readVertexData(cur); err != nil {
			return err
		}
	}
	if err := binread.CheckCount(at+8, "morph target", int64(numMorph), 24, int64(cur.Len())); err != nil {
		return err
	}
	g.Morph = make([]MorphTarget, numMorph)
	for i := range g.Morph {
		g.readMorph(cur, &g.Morph[i])
	}
	if cur.Err() != nil {
		return cur.Err()
	}
	if cur.Len() != 0 {
		return binread.Errorf(cur.Off(), "%d bytes left over at the end of the Geometry struct", cur.Len())
	}
	return nil
}

// need checks that n items of size bytes remain.
func need(cur *binread.Cursor, what string, n int32, size int) bool {
	if err := binread.CheckCount(cur.Off(), what, int64(n), int64(size), int64(cur.Len())); err != nil {
		cur.Fail(err)
		return false
	}
	return true
}

func (g *Geometry) readVertexData(cur *binread.Cursor) error {
	nv := g.NumVerts
	if g.Flags&FlagPrelit != 0 && need(cur, "prelit colour", nv, 4) {
		g.Prelit = make([]color.NRGBA, nv)
		for i := range g.Prelit {
			b := cur.Take(4)
			g.Prelit[i] = color.NRGBA{b[0], b[1], b[2], b[3]}
		}
	}
	for range g.UVSets() {
		if !need(cur, "texture coordinate", nv, 8) {
			break
		}
		uv := make([]geom.Vec2, nv)
		for i := range uv {
			uv[i] = geom.Vec2{cur.F32(), cur.F32()}
		}
		g.UVs = append(g.UVs, uv)
	}
	if need(cur, "triangle", g.NumTris, 8) {
		g.Tris = make([]Tri, g.NumTris)
		for i := range g.Tris {
			at := cur.Off()
			t := Tri{B: cur.U16(), A: cur.U16(), Mat: cur.U16(), C: cur.U16()}
			if int32(t.A) >= nv || int32(t.B) >= nv || int32(t.C) >= nv {
				cur.Fail(binread.Errorf(at, "triangle %d uses vertex %d past the %d vertices", i, max(t.A, t.B, t.C), nv))
				break
			}
			g.Tris[i] = t
		}
	}
	return cur.Err()
}

func (g *Geometry) readMorph(cur *binread.Cursor, m *MorphTarget) {
	for k := range m.Sphere {
		m.Sphere[k] = cur.F32()
	}
	m.HasPositions, m.HasNormals = cur.U32() != 0, cur.U32() != 0
	vec := func(what string) []geom.Vec3 {
		if !need(cur, what, g.NumVerts, 12) {
			return nil
		}
		v := make([]geom.Vec3, g.NumVerts)
		for i := range v {
			v[i] = geom.Vec3{cur.F32(), cur.F32(), cur.F32()}
		}
		return v
	}
	if m.HasPositions {
		m.Positions = vec("vertex position")
	}
	if m.HasNormals {
		m.Normals = vec("vertex normal")
	}
}

func (p *parser) readMaterials(g *Geometry, s sub) error {
	kids, err := p.children(s, "Material List")
	if err != nil {
		return err
	}
	g.MatList.Stamp = s.Stamp
	cur := kids[0].cursor()
	n := cur.Count("material", 4)
	idx := make([]int32, n)
	for i := range idx {
		idx[i] = cur.I32()
	}
	if cur.Err() != nil {
		return cur.Err()
	}
	g.MatList.Indices = idx
	g.Materials = make([]*Material, n)
	k := 1
	for i, ref := range idx {
		at := kids[0].off + rw.HeaderSize + 4 + 4*int64(i)
		switch {
		case ref < 0:
			j, ok := p.find(kids, k, "in the Material List", IDMaterial)
			if !ok {
				return binread.Errorf(at, "material %d should follow the Material List struct, but the list ends", i)
			}
			m, err := p.readMaterial(kids[j])
			if err != nil {
				return err
			}
			k = j + 1
			g.MatList.Own = append(g.MatList.Own, m)
			g.Materials[i] = m
		case int(ref) < i:
			g.Materials[i] = g.Materials[ref]
		default:
			return binread.Errorf(at, "material %d reuses material %d, which is not an earlier one", i, ref)
		}
	}
	p.skip(kids[k:], "in the Material List after its materials")
	return nil
}

func (p *parser) readMaterial(s sub) (*Material, error) {
	kids, err := p.children(s, "Material")
	if err != nil {
		return nil, err
	}
	m := &Material{Stamp: s.Stamp, Off: s.off}
	cur := kids[0].cursor()
	m.Flags = cur.U32()
	c := cur.Take(4)
	m.Unused, m.Textured = cur.I32(), cur.I32()
	if len(kids[0].data) >= 28 {
		m.Surface = &[3]float32{cur.F32(), cur.F32(), cur.F32()}
	}
	if cur.Err() != nil {
		return nil, cur.Err()
	}
	if cur.Len() != 0 {
		return nil, binread.Errorf(cur.Off(), "%d bytes left over in the Material struct", cur.Len())
	}
	m.Color = color.NRGBA{c[0], c[1], c[2], c[3]}
	i := 1
	if m.Textured != 0 {
		j, ok := p.find(kids, i, "in the Material", IDTexture)
		if !ok {
			return nil, binread.Errorf(s.off, "textured Material has no Texture section")
		}
		if m.Texture, err = p.readTexture(kids[j]); err != nil {
			return nil, err
		}
		i = j + 1
	}
	m.Ext, err = p.ext(kids, i, "Material")
	return m, err
}

func (p *parser) readTexture(s sub) (*Texture, error) {
	kids, err := p.children(s, "Texture")
	if err != nil {
		return nil, err
	}
	t := &Texture{Stamp: s.Stamp, Off: s.off}
	cur := kids[0].cursor()
	t.Filter = cur.U32()
	if cur.Err() != nil || len(kids[0].data) != 4 {
		return nil, binread.Errorf(kids[0].off+4, "Texture struct of %d bytes (4 expected)", len(kids[0].data))
	}
	i := 1
	for k, dst := range []*[]byte{&t.NameRaw, &t.MaskRaw} {
		j, ok := p.find(kids, i, "in the Texture", IDString, IDUnicodeString)
		if !ok {
			return nil, binread.Errorf(s.off, "Texture has no %s string", [2]string{"name", "mask"}[k])
		}
		*dst = kids[j].data
		if k == 0 {
			t.NameID = kids[j].Type
		} else {
			t.MaskID = kids[j].Type
		}
		i = j + 1
	}
	t.Name, t.Mask = cstr(t.NameRaw), cstr(t.MaskRaw)
	t.Ext, err = p.ext(kids, i, "Texture")
	return t, err
}
