package xrlevel

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/geom"
)

func init() {
	formats.Register(formats.Format{
		Name:     "xray-level",
		Priority: 3,
		Match:    func(p formats.Probe) bool { return Probe(p.Head, p.Size) },
		Open:     Open,
	})
}

// LevelNode is the root node of a level file.
type LevelNode struct {
	formats.Raw
	src  formats.Source
	base int64
	hdr  Header

	once    sync.Once
	decoded atomic.Bool
	lv      *Level
	err     error
	kids    []formats.Node
}

// Decoded reports whether the level has been decoded already (so Level,
// Stats and Children return at once).
func (n *LevelNode) Decoded() bool { return n.decoded.Load() }

// Open opens a level: it reads the header chunk only; the rest is decoded
// when first asked for.
func Open(s formats.Source) (formats.Node, error) {
	base := s.Base
	if base < 0 {
		base = 0
	}
	head := make([]byte, min(s.Size, 136))
	if _, err := s.R.ReadAt(head, 0); err != nil && err != io.EOF {
		return nil, binread.Errorf(base, "reading the header: %v", err)
	}
	if !Probe(head, s.Size) {
		return nil, binread.Errorf(base, "not an X-Ray level: no header chunk at the start")
	}
	h, err := ParseHeader(head[8:])
	if err != nil {
		return nil, binread.Errorf(base+8, "%v", err)
	}
	n := &LevelNode{Raw: *formats.NewRaw(s, formats.KindLevel, "level"), src: s, base: base, hdr: h}
	return n, nil
}

// Level decodes (once) and returns the whole level.
func (n *LevelNode) Level() (*Level, error) {
	n.once.Do(func() {
		dir := ""
		if n.src.Path != "" && n.src.Parent == nil {
			dir = filepath.Dir(n.src.Path)
		}
		r := io.NewSectionReader(n.src.R, 0, n.src.Size)
		n.lv, n.err = Parse(r, n.base, n.src.Size, dir)
		if n.err == nil {
			n.kids = n.makeChildren()
		}
		n.decoded.Store(true)
	})
	return n.lv, n.err
}

// Stats returns the level's statistics.
func (n *LevelNode) Stats() (*Stats, error) {
	lv, err := n.Level()
	if err != nil {
		return nil, err
	}
	return lv.Stats(), nil
}

// Children returns one node per chunk (and the level.geom / level.cform
// parts found beside the file).
func (n *LevelNode) Children() ([]formats.Node, error) {
	if _, err := n.Level(); err != nil {
		return nil, err
	}
	return n.kids, nil
}

// Describe returns the facts of the CLI contract.
func (n *LevelNode) Describe() (any, error) {
	lv, err := n.Level()
	if err != nil {
		return nil, err
	}
	chunks := make([]map[string]any, 0, len(lv.Chunks))
	for _, c := range lv.Chunks {
		chunks = append(chunks, map[string]any{"id": c.ID, "name": c.Name, "offset": c.Off, "size": c.Size,
			"compressed": c.Compressed, "unpackedSize": c.Unpacked})
	}
	return map[string]any{"kind": string(formats.KindLevel), "version": lv.Version, "description": lv.Description,
		"chunks": chunks, "counts": lv.Totals()}, nil
}

// Mesh returns the whole level's geometry.
func (n *LevelNode) Mesh() (*geom.Mesh, error) {
	lv, err := n.Level()
	if err != nil {
		return nil, err
	}
	return lv.LevelMesh(), nil
}

// Diagnostics returns the findings of the validation checklist.
func (n *LevelNode) Diagnostics() []formats.Diagnostic {
	lv, err := n.Level()
	if err != nil {
		return []formats.Diagnostic{{Off: formats.ErrorOffset(err), Msg: err.Error()}}
	}
	return lv.Diags
}

// Version returns the xrLC version from the header.
func (n *LevelNode) Version() int { return n.hdr.Version }

func (n *LevelNode) makeChildren() []formats.Node {
	lv := n.lv
	var kids []formats.Node
	have := map[string]bool{}
	for _, c := range lv.Chunks {
		first, _ := lv.List.Find(c.ID)
		cn := &ChunkNode{
			Raw: formats.Raw{NodeName: c.Name, NodeKind: formats.KindChunk, Tag: "chunk",
				R: io.NewSectionReader(n.src.R, c.DataOff-n.base, c.Avail), N: c.Avail, Abs: c.DataOff},
			lv: lv, info: c, role: c.Name, path: c.Name,
		}
		if n.src.Base < 0 {
			cn.Abs = -1
		}
		if first.Index != c.Index {
			cn.role = "" // a repeated chunk: shown raw
		} else {
			cn.payload = lv.Unpacked[c.ID]
		}
		cn.setup()
		have[c.Name] = true
		kids = append(kids, cn)
	}
	for _, role := range []string{NameVBs, NameIBs, NameSWIs, NameCForm} {
		sp, ok := lv.Side[role]
		if !ok || have[role] {
			continue
		}
		cn := &ChunkNode{Raw: formats.Raw{NodeName: role, NodeKind: formats.KindChunk, Tag: "chunk",
			R: bytes.NewReader(sp.Data), N: int64(len(sp.Data)), Abs: -1},
			lv: lv, role: role, side: true, info: sp.Info, payload: sp.Data, file: sp.File, path: role}
		cn.setup()
		kids = append(kids, cn)
	}
	// level.geomx: a folder of its buffers, over a view of the level whose
	// buffers are the fast-path ones.
	if lv.GeomxFile != "" {
		fx := &Level{Version: lv.Version, Roles: lv.Roles, VBs: lv.FastVBs, IBs: lv.FastIBs, SWIs: lv.FastSWIs, Diags: lv.Diags}
		f := &formats.Folder{NodeName: geomxNode, NodeKind: formats.KindChunk, Tag: "level.geomx"}
		for _, role := range []string{NameVBs, NameIBs, NameSWIs} {
			sp, ok := lv.Side[GeomxPrefix+role]
			if !ok {
				continue
			}
			cn := &ChunkNode{Raw: formats.Raw{NodeName: role, NodeKind: formats.KindChunk, Tag: "chunk",
				R: bytes.NewReader(sp.Data), N: int64(len(sp.Data)), Abs: -1},
				lv: fx, role: role, side: true, info: sp.Info, payload: sp.Data, file: sp.File, path: lv.sidePath(GeomxPrefix, role)}
			cn.setup()
			f.Items = append(f.Items, cn)
		}
		kids = append(kids, f)
	}
	return kids
}

// ChunkNode is one top-level chunk of a level.
type ChunkNode struct {
	formats.Raw
	lv      *Level
	info    ChunkInfo
	role    string
	payload []byte
	side    bool   // comes from level.geom / level.cform
	file    string // that file
	path    string // node path from the level's root, which its findings carry
	kids    []formats.Node
}

func (c *ChunkNode) setup() {
	switch c.role {
	case NameTextures, NameShaders, NameLights, NameLightKeys, NameGlows, NamePortals, NameIBs, NameSWIs:
		c.NodeKind = formats.KindTable
	case NameCForm:
		c.NodeKind = formats.KindMesh
	case NameVisuals:
		for i := range c.lv.Visuals {
			c.kids = append(c.kids, &VisualNode{itemRaw: c.item(strconv.Itoa(i), "visual", c.lv.Visuals[i].Rel, c.lv.Visuals[i].Size), lv: c.lv, i: i})
		}
	case NameSectors:
		for i, s := range c.lv.Sectors {
			c.kids = append(c.kids, &SectorNode{itemRaw: c.item(strconv.Itoa(i), "sector", s.Rel, s.Size), lv: c.lv, i: i})
		}
	case NameVBs:
		for i, vb := range c.lv.VBs {
			c.kids = append(c.kids, &VBNode{itemRaw: c.item(strconv.Itoa(i), "vertex_buffer", -1, 0), lv: c.lv, vb: vb})
		}
	}
}

// item makes the Raw part of a list item: the payload of the child chunk
// whose header sits at rel in the unpacked payload (none when rel < 0).
func (c *ChunkNode) item(name, tag string, rel, size int64) itemRaw {
	r := formats.Raw{NodeName: name, NodeKind: formats.KindMesh, Tag: tag, R: bytes.NewReader(nil), Abs: -1}
	if rel >= 0 && c.payload != nil && rel+8+size <= int64(len(c.payload)) {
		r.R = bytes.NewReader(c.payload[rel+8 : rel+8+size])
		r.N = size
		if !c.info.Compressed && !c.side && c.Raw.Abs >= 0 {
			r.Abs = c.info.DataOff + rel + 8
		}
	}
	return itemRaw{r}
}

type itemRaw struct{ formats.Raw }

// Children returns the list items (visuals, sectors, vertex buffers).
func (c *ChunkNode) Children() ([]formats.Node, error) { return c.kids, nil }

// IsLeaf reports whether the chunk has no items.
func (c *ChunkNode) IsLeaf() bool { return len(c.kids) == 0 }

// Err reports a chunk that failed to decode.
func (c *ChunkNode) Err() error { return c.info.Err }

// Open returns the chunk's bytes: the payload as stored.
func (c *ChunkNode) Open() io.Reader { return c.Raw.Open() }

// Role returns the chunk's role name ("" for unknown or repeated chunks).
func (c *ChunkNode) Role() string { return c.role }

// Info returns the chunk's table entry.
func (c *ChunkNode) Info() ChunkInfo { return c.info }

// Describe returns the chunk's facts and, for tables, its rows.
func (c *ChunkNode) Describe() (any, error) {
	d := map[string]any{"kind": string(c.NodeKind), "name": c.NodeName, "id": c.info.ID, "offset": c.info.Off,
		"size": c.info.Size, "compressed": c.info.Compressed, "unpackedSize": c.info.Unpacked}
	if c.info.Items >= 0 {
		d["items"] = c.info.Items
	}
	if c.side {
		d["file"] = c.file
	}
	if c.info.Err != nil {
		d["error"] = c.info.Err.Error()
	}
	lv := c.lv
	switch c.role {
	case NameHeader:
		d["version"] = lv.Version
		if lv.Quality >= 0 {
			d["quality"] = lv.Quality
		}
		if lv.HasName {
			d["description"] = lv.Description
		}
	case NameCForm:
		if cf := lv.CForm; cf != nil {
			d["version"] = cf.Version
			d["vertices"] = len(cf.Verts)
			d["triangles"] = len(cf.Tris)
			d["bbox"] = map[string]any{"min": cf.BBox[0], "max": cf.BBox[1]}
			d["triangleSize"] = cf.TriSize
			sect := map[int]int{}
			for _, t := range cf.Tris {
				sect[int(t.Sector)]++
			}
			d["sectors"] = len(sect)
			if m, err := lv.CFormMesh(); err == nil {
				addMeshFacts(d, m, 1)
			}
			// The collision counts, as in the level's counts object: the
			// mesh above adds the portal outlines.
			d["vertices"] = len(cf.Verts)
			d["triangles"] = len(cf.Tris)
		}
	}
	if t := c.table(); t != nil {
		d["columns"] = t.Columns
		d["rows"] = t.objects()
	}
	return jsonSafe(d), nil
}

// Mesh returns the collision mesh (cform) or the portal outlines (portals).
func (c *ChunkNode) Mesh() (*geom.Mesh, error) {
	switch c.role {
	case NameCForm:
		return c.lv.CFormMesh()
	case NamePortals:
		return c.lv.PortalMesh(), nil
	}
	return nil, fmt.Errorf("chunk %s has no geometry", c.NodeName)
}

// HasMesh reports whether Mesh returns geometry.
func (c *ChunkNode) HasMesh() bool { return c.role == NameCForm || c.role == NamePortals }

// Table returns the chunk's records as a table (nil when it is not a table).
func (c *ChunkNode) Table() *Table { return c.table() }

// solidTriangles counts the mesh's triangles without the outline groups
// (their "triangles" are line segments).
func solidTriangles(m *geom.Mesh) int {
	n := m.Triangles()
	for _, g := range m.Groups {
		if g.Lines {
			n -= g.TriCount
		}
	}
	return max(n, 0)
}

// outlineOnlyVertices counts the positions used by outline groups and by
// no triangle.
func outlineOnlyVertices(m *geom.Mesh) int {
	const lineUse, solidUse = 1, 2
	use := make([]uint8, len(m.Positions))
	mark := func(first, count int, u uint8) {
		for i := first * 3; i < (first+count)*3 && i < len(m.Indices); i++ {
			if v := m.Indices[i]; int(v) < len(use) {
				use[v] |= u
			}
		}
	}
	hasLines := false
	covered := 0
	for _, g := range m.Groups {
		covered += g.TriCount
		if g.Lines {
			hasLines = true
			mark(g.FirstTri, g.TriCount, lineUse)
		} else {
			mark(g.FirstTri, g.TriCount, solidUse)
		}
	}
	if !hasLines {
		return 0
	}
	if covered < m.Triangles() {
		// Triangles outside every group are solid.
		mark(0, m.Triangles(), solidUse)
		for _, g := range m.Groups {
			if g.Lines {
				mark(g.FirstTri, g.TriCount, lineUse)
			}
		}
	}
	n := 0
	for _, u := range use {
		if u == lineUse {
			n++
		}
	}
	return n
}

func addMeshFacts(d map[string]any, m *geom.Mesh, nodes int) {
	b := m.Bounds()
	d["nodes"] = nodes
	d["vertices"] = len(m.Positions) - outlineOnlyVertices(m)
	d["triangles"] = solidTriangles(m)
	d["batches"] = len(m.Groups)
	d["bounds"] = map[string]any{"min": b.Min, "max": b.Max}
}

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
	if vis.Material != nil {
		d["materialBytes"] = len(vis.Material)
	}
	if vis.ChildNames != nil {
		d["childNames"] = vis.ChildNames
	}
	if vis.PMap != nil {
		d["pMapBytes"] = len(vis.PMap)
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
func (v *VBNode) Size() int64 { return int64(len(v.vb.Data)) }

// Open returns the vertex bytes.
func (v *VBNode) Open() io.Reader { return bytes.NewReader(v.vb.Data) }

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
	for i := 0; i < min(v.vb.Count, MaxTableRows); i++ {
		row := []any{i}
		vx := v.vb.Vertex(i)
		for k := range f.Attrs {
			row = append(row, f.Attrs[k].Values(vx))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// Tabler is a node whose records can be shown as a table.
type Tabler interface {
	Table() *Table
}

// diagsUnder returns the findings about the node at path and the nodes
// below it.
func (lv *Level) diagsUnder(path string) []formats.Diagnostic {
	var out []formats.Diagnostic
	for _, d := range lv.Diags {
		if d.Path == path || strings.HasPrefix(d.Path, path+"/") {
			out = append(out, d)
		}
	}
	return out
}

// Diagnostics returns the findings about this chunk and its items.
func (c *ChunkNode) Diagnostics() []formats.Diagnostic {
	if c.role == "" {
		return nil
	}
	return c.lv.diagsUnder(c.path)
}

// Diagnostics returns the findings about this visual.
func (v *VisualNode) Diagnostics() []formats.Diagnostic {
	return v.lv.diagsUnder(NameVisuals + "/" + strconv.Itoa(v.i))
}

// Diagnostics returns the findings about this sector.
func (s *SectorNode) Diagnostics() []formats.Diagnostic {
	return s.lv.diagsUnder(NameSectors + "/" + strconv.Itoa(s.i))
}
