package xrlevel

import (
	"bytes"
	"fmt"
	"io"
	"strconv"

	"rummage/formats"
	"rummage/formats/geom"
)

// ChunkNode is one top-level chunk of a level.
type ChunkNode struct {
	formats.Raw
	lv   *Level
	info ChunkInfo
	role string
	ref  *payloadRef // its payload (unpacked), read when an item's bytes are
	side bool        // comes from level.geom / level.cform
	file string      // that file
	path string      // node path from the level's root, which its findings carry
	kids []formats.Node
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
	switch {
	case rel < 0 || rel+8+size > c.info.Unpacked:
	case !c.info.Compressed && !c.side:
		r.R, r.N = io.NewSectionReader(c.Raw.R, rel+8, size), size // in place in the file
		if c.Raw.Abs >= 0 {
			r.Abs = c.info.DataOff + rel + 8
		}
	case c.ref != nil:
		r.R, r.N = readerAt{c.ref, rel + 8, size}, size // unpacked when read
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
			d["bbox"] = map[string]any{"min": cf.BBox[0], "max": cf.BBox[1]}
			d["triangleSize"] = cf.TriSize
			sect, _ := cf.Sectors()
			d["sectors"] = len(sect)
			if m, err := lv.CFormMesh(); err == nil {
				addMeshFacts(d, m, 1)
			}
			// The collision counts, as in the level's counts object: the
			// mesh above adds the portal outlines.
			d["vertices"], d["triangles"] = cf.Counts()
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

// Diagnostics returns the findings about this chunk and its items.
func (c *ChunkNode) Diagnostics() []formats.Diagnostic {
	if c.role == "" {
		return nil
	}
	return c.lv.diagsUnder(c.path)
}
