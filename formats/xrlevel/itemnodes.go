package xrlevel

import (
	"bytes"
	"io"
	"strconv"

	"rummage/formats"
	"rummage/formats/geom"
)

// VisualNode is one visual of the level.
type VisualNode struct {
	itemRaw
	lv *Level
	i  int
}

// Visual returns the decoded visual.
func (v *VisualNode) Visual() *Visual { return v.lv.Visuals[v.i] }

// Children returns nil: child visuals are listed by index in Describe.
func (v *VisualNode) Children() ([]formats.Node, error) { return nil, nil }

// IsLeaf returns true: the node has no children.
func (v *VisualNode) IsLeaf() bool { return true }

// Mesh returns the visual's geometry (with its subtree for a hierarchy).
func (v *VisualNode) Mesh() (*geom.Mesh, error) { return v.lv.VisualMesh(v.i) }

// Describe returns the visual's decoded sub-chunks.
func (v *VisualNode) Describe() (any, error) {
	lv := v.lv
	if err := lv.subtreeErr(v.i); err != nil {
		return nil, err
	}
	vis := lv.Visuals[v.i]
	tex, sh := lv.Material(vis)
	d := map[string]any{"kind": string(formats.KindMesh), "name": v.NodeName, "index": vis.Index,
		"ogfVersion": vis.OGFVersion, "type": vis.Type, "typeName": vis.TypeName(), "flags": vis.Flags,
		"texture": tex, "shader": sh, "textureIndex": vis.TextureIndex, "shaderIndex": vis.ShaderIndex,
		"textures": SplitTextures(tex), "children": nonNil(vis.Children)}
	if vis.OGFVersion == 2 {
		d["legacyFlags"] = LegacyFlags(vis.Flags)
	}
	if vis.OGFVersion == 4 {
		d["shaderId"] = vis.Flags
	}
	describeGeometry(d, vis)
	describeExtras(d, vis)
	var chunks []map[string]any
	for _, c := range vis.Chunks {
		chunks = append(chunks, map[string]any{"id": c.ID, "name": OGFChunkName(vis.OGFVersion, c.ID), "size": c.Size, "compressed": c.Compressed})
	}
	d["chunks"] = chunks
	m, _ := lv.VisualMesh(v.i)
	n := lv.Walk(v.i, func(*Visual) {})
	addMeshFacts(d, m, n)
	lv.addMaterialFacts(d, m)
	d["ownTriangles"] = lv.Triangles(vis)
	return jsonSafe(d), nil
}

// describeGeometry adds a visual's bounds and the buffers it draws from.
func describeGeometry(d map[string]any, vis *Visual) {
	if vis.HasBBox {
		d["bbox"] = map[string]any{"min": vis.BBox[0], "max": vis.BBox[1]}
	}
	if vis.HasSphere {
		d["sphere"] = map[string]any{"center": vis.Sphere[:3], "radius": vis.Sphere[3]}
	}
	if vis.VB >= 0 {
		d["vcontainer"] = map[string]any{"buffer": vis.VB, "base": vis.VBase, "count": vis.VCount}
	}
	if vis.IB >= 0 {
		d["icontainer"] = map[string]any{"buffer": vis.IB, "base": vis.IBase, "count": vis.ICount}
	}
	if vis.HasIndices {
		d["indexCount"] = len(vis.Indices)
	}
	if f := vis.Fast; f != nil {
		d["fastpath"] = map[string]any{"vertexBuffer": f[0], "vertexBase": f[1], "vertexCount": f[2],
			"indexBuffer": f[3], "indexBase": f[4], "indexCount": f[5]}
	}
	if vis.OwnVertices != nil {
		d["ownVertices"] = map[string]any{"format": vis.OwnVertices.Format.String(), "count": vis.OwnVertices.Count}
	}
	if vis.SWI != nil {
		d["swi"] = vis.SWI
	}
}

// describeExtras adds the sub-chunks few visuals have: transform, OGF v2
// link, material, child names and progressive map, unknown chunks.
func describeExtras(d map[string]any, vis *Visual) {
	if vis.Xform != nil {
		d["xform"] = vis.Xform[:]
	}
	if vis.SFLink != "" {
		d["sfLink"] = vis.SFLink
	}
	if n := lazySize(vis.Material, vis.material); vis.Material != nil || vis.material.p != nil {
		d["materialBytes"] = n
	}
	if vis.ChildNames != nil {
		d["childNames"] = vis.ChildNames
	}
	if n := lazySize(vis.PMap, vis.pmap); vis.PMap != nil || vis.pmap.p != nil {
		d["pMapBytes"] = n
	}
	if len(vis.Unknown) > 0 {
		d["unknownChunks"] = vis.Unknown
	}
}

func nonNil(s []int) []int {
	if s == nil {
		return []int{}
	}
	return s
}

// SectorNode is one sector.
type SectorNode struct {
	itemRaw
	lv *Level
	i  int
}

// Sector returns the decoded sector.
func (s *SectorNode) Sector() *Sector { return s.lv.Sectors[s.i] }

// Children returns nil.
func (s *SectorNode) Children() ([]formats.Node, error) { return nil, nil }

// IsLeaf returns true: the node has no children.
func (s *SectorNode) IsLeaf() bool { return true }

// Mesh returns the sector's geometry and portal outlines.
func (s *SectorNode) Mesh() (*geom.Mesh, error) { return s.lv.SectorMesh(s.i) }

// Describe returns the sector's lists and statistics.
func (s *SectorNode) Describe() (any, error) {
	sec := s.lv.Sectors[s.i]
	if err := s.lv.subtreeErr(sec.Root); err != nil {
		return nil, err
	}
	st := s.lv.Stats()
	d := map[string]any{"kind": string(formats.KindMesh), "name": s.NodeName, "index": sec.Index, "root": sec.Root,
		"portals": u16s(sec.Portals), "glows": u16s(sec.Glows), "lights": u16s(sec.Lights), "occluders": len(sec.Occluders)}
	if s.i < len(st.Sectors) {
		d["stats"] = st.Sectors[s.i]
	}
	var chunks []map[string]any
	for _, c := range sec.Chunks {
		chunks = append(chunks, map[string]any{"id": c.ID, "size": c.Size})
	}
	d["chunks"] = chunks
	m, _ := s.lv.SectorMesh(s.i)
	addMeshFacts(d, m, s.lv.Walk(sec.Root, func(*Visual) {}))
	s.lv.addMaterialFacts(d, m)
	return jsonSafe(d), nil
}

func u16s(s []uint16) []int {
	out := make([]int, len(s))
	for i, v := range s {
		out[i] = int(v)
	}
	return out
}

// VBNode is one vertex buffer.
type VBNode struct {
	itemRaw
	lv *Level
	vb *VertexBuffer
}

// Children returns nil.
func (v *VBNode) Children() ([]formats.Node, error) { return nil, nil }

// IsLeaf returns true: the node has no children.
func (v *VBNode) IsLeaf() bool { return true }

// Kind returns KindTable: the node lists vertices.
func (v *VBNode) Kind() formats.Kind { return formats.KindTable }

// Size returns the vertex bytes.
func (v *VBNode) Size() int64 { return int64(v.vb.Count) * int64(v.vb.Format.Stride) }

// Open returns the vertex bytes.
func (v *VBNode) Open() io.Reader { return bytes.NewReader(v.vb.Bytes()) }

// Buffer returns the decoded buffer.
func (v *VBNode) Buffer() *VertexBuffer { return v.vb }

// Describe returns the layout and the first vertices.
func (v *VBNode) Describe() (any, error) {
	f := v.vb.Format
	d := map[string]any{"kind": string(formats.KindTable), "name": v.NodeName, "index": v.vb.Index, "vertices": v.vb.Count,
		"stride": f.Stride, "layout": f.String(), "attributes": f.Attrs}
	if f.Decl == nil {
		d["fvf"] = f.FVF
	}
	t := v.Table()
	d["columns"] = t.Columns
	d["rows"] = t.objects()
	return jsonSafe(d), nil
}

// MaxTableRows caps the vertex rows shown for a buffer.
const MaxTableRows = 1000

// Table lists the first vertices, one column per attribute.
func (v *VBNode) Table() *Table {
	f := v.vb.Format
	t := &Table{Columns: []string{"#"}}
	for _, a := range f.Attrs {
		name := a.Usage
		if a.Usage == "texcoord" || a.Index > 0 {
			name += strconv.Itoa(a.Index)
		}
		if a.Type == TypeD3DColor {
			name += " (r,g,b,a)"
		}
		t.Columns = append(t.Columns, name)
	}
	data := v.vb.Bytes()
	for i := 0; i < min(v.vb.Count, MaxTableRows); i++ {
		row := []any{i}
		vx := v.vb.vertexIn(data, i)
		for k := range f.Attrs {
			row = append(row, f.Attrs[k].Values(vx))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// Diagnostics returns the findings about this visual.
func (v *VisualNode) Diagnostics() []formats.Diagnostic {
	return v.lv.diagsUnder(NameVisuals + "/" + strconv.Itoa(v.i))
}

// Diagnostics returns the findings about this sector.
func (s *SectorNode) Diagnostics() []formats.Diagnostic {
	return s.lv.diagsUnder(NameSectors + "/" + strconv.Itoa(s.i))
}
