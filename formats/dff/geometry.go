package dff

import (
	"image/color"

	"rummage/formats/binread"
	"rummage/formats/geom"
	"rummage/formats/rw"
)

func readGeometryList(s sub) ([]*Geometry, error) {
	kids, err := s.children("Geometry List")
	if err != nil {
		return nil, err
	}
	cur := kids[0].cursor()
	n := int64(cur.U32())
	if err := cur.Err(); err != nil {
		return nil, err
	}
	if int64(len(kids)-1) != n {
		return nil, binread.Errorf(kids[0].off+rw.HeaderSize, "Geometry List says %d geometries, %d sections follow", n, len(kids)-1)
	}
	out := make([]*Geometry, n)
	for i := range out {
		if err := kids[i+1].expect(IDGeometry, "Geometry List"); err != nil {
			return nil, err
		}
		if out[i], err = readGeometry(kids[i+1]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func readGeometry(s sub) (*Geometry, error) {
	kids, err := s.children("Geometry")
	if err != nil {
		return nil, err
	}
	g := &Geometry{Stamp: s.Stamp, Off: s.off, Len: rw.HeaderSize + int64(len(s.data))}
	if err := g.readStruct(kids[0]); err != nil {
		return nil, err
	}
	if len(kids) < 2 {
		return nil, binread.Errorf(s.off, "Geometry has no Material List")
	}
	if err := kids[1].expect(IDMaterialList, "Geometry"); err != nil {
		return nil, err
	}
	if err := g.readMaterials(kids[1]); err != nil {
		return nil, err
	}
	if g.Ext, err = optExt(kids, 2, "Geometry"); err != nil {
		return nil, err
	}
	if len(kids) > 3 {
		return nil, binread.Errorf(kids[3].off, "%s after the Geometry's extension", rw.TypeName(kids[3].Type))
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

func (g *Geometry) readMaterials(s sub) error {
	kids, err := s.children("Material List")
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
		switch {
		case ref < 0:
			if k >= len(kids) {
				return binread.Errorf(kids[0].off+rw.HeaderSize+4+4*int64(i), "material %d should follow the Material List struct, but the list ends", i)
			}
			m, err := readMaterial(kids[k])
			if err != nil {
				return err
			}
			k++
			g.MatList.Own = append(g.MatList.Own, m)
			g.Materials[i] = m
		case int(ref) < i:
			g.Materials[i] = g.Materials[ref]
		default:
			return binread.Errorf(kids[0].off+rw.HeaderSize+4+4*int64(i), "material %d reuses material %d, which is not an earlier one", i, ref)
		}
	}
	if k < len(kids) {
		return binread.Errorf(kids[k].off, "%d sections after the %d materials of the Material List", len(kids)-k, len(g.MatList.Own))
	}
	return nil
}

func readMaterial(s sub) (*Material, error) {
	if err := s.expect(IDMaterial, "Material List"); err != nil {
		return nil, err
	}
	kids, err := s.children("Material")
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
		if i >= len(kids) {
			return nil, binread.Errorf(s.off, "textured Material has no Texture section")
		}
		if m.Texture, err = readTexture(kids[i]); err != nil {
			return nil, err
		}
		i++
	}
	if m.Ext, err = optExt(kids, i, "Material"); err != nil {
		return nil, err
	}
	if i+1 < len(kids) {
		return nil, binread.Errorf(kids[i+1].off, "%s after the Material's extension", rw.TypeName(kids[i+1].Type))
	}
	return m, nil
}

func readTexture(s sub) (*Texture, error) {
	if err := s.expect(IDTexture, "Material"); err != nil {
		return nil, err
	}
	kids, err := s.children("Texture")
	if err != nil {
		return nil, err
	}
	t := &Texture{Stamp: s.Stamp, Off: s.off}
	cur := kids[0].cursor()
	t.Filter = cur.U32()
	if cur.Err() != nil || len(kids[0].data) != 4 {
		return nil, binread.Errorf(kids[0].off+4, "Texture struct of %d bytes (4 expected)", len(kids[0].data))
	}
	if len(kids) < 3 {
		return nil, binread.Errorf(s.off, "Texture has no name and mask strings")
	}
	for k, dst := range []*[]byte{&t.NameRaw, &t.MaskRaw} {
		str := kids[1+k]
		if str.Type != IDString && str.Type != 0x13 {
			return nil, binread.Errorf(str.off, "Texture: %s where a String was expected", rw.TypeName(str.Type))
		}
		*dst = str.data
		if k == 0 {
			t.NameID = str.Type
		} else {
			t.MaskID = str.Type
		}
	}
	t.Name, t.Mask = cstr(t.NameRaw), cstr(t.MaskRaw)
	if t.Ext, err = optExt(kids, 3, "Texture"); err != nil {
		return nil, err
	}
	if len(kids) > 4 {
		return nil, binread.Errorf(kids[4].off, "%s after the Texture's extension", rw.TypeName(kids[4].Type))
	}
	return t, nil
}
