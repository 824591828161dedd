package msh

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/formats/material"
	"rummage/formats/nres"
)

func init() {
	formats.Register(formats.Format{
		Name:     "msh",
		Kind:     formats.KindMesh,
		Priority: 11, // before plain NRes: an MSH is an NRes
		Match: func(p formats.Probe) bool {
			return bytes.HasPrefix(p.Head, []byte(nres.Magic)) && (p.Hint == "MSH" || p.Hint == "MESH" || strings.HasSuffix(strings.ToLower(p.Name), ".msh"))
		},
		Open: Open,
		Tag:  formats.FixedTag("MSH"),
	})
}

// MeshNode is an MSH model: its children are the streams (stream_N), and
// it is a formats.Mesher for LOD 0 / variant 0.
type MeshNode struct {
	formats.Raw
	Loc material.Locator

	arch      *nres.Archive
	base      int64
	modelOnce sync.Once
	model     *Model
	modelErr  error
	once      sync.Once
	built     atomic.Bool
	mesh      *geom.Mesh
	err       error
	diags     []formats.Diagnostic
	kids      []formats.Node
}

// Open opens an MSH entry or file.
func Open(s formats.Source) (formats.Node, error) {
	base := s.Base
	if base < 0 {
		base = 0
	}
	a, err := nres.NewArchive(s.R, base, s.Size)
	if err != nil {
		return nil, err
	}
	// Only the directory is read here; the streams are decoded when the
	// model is first needed (Model, Mesh, Describe, Batches).
	n := &MeshNode{Raw: *formats.NewRaw(s, formats.KindMesh, "MSH"), Loc: material.LocatorFor(s), arch: a, base: base}
	for _, st := range StreamsOf(a) {
		r, sbase, size, err := a.EntryReader(st.Index)
		src := formats.Source{R: r, Size: size, Base: sbase, Name: "stream_" + strconv.Itoa(int(st.Type)), Hint: nres.FourCC(st.Type), Opts: s.Opts, Budget: s.Budget,
			Fields: fields{"attr1": st.Attr1, "attr2": st.Attr2, "attr3": st.Attr3, "sortIndex": a.Entry(st.Index).SortIndex}}
		if err != nil {
			src.R, src.Size = bytes.NewReader(nil), 0
			n.kids = append(n.kids, formats.NewBroken(src, formats.KindTable, src.Hint, err))
			continue
		}
		n.kids = append(n.kids, &StreamNode{Raw: *formats.NewRaw(src, formats.KindTable, src.Hint), Stream: st})
	}
	return n, nil
}

// Model decodes the model's streams (once).
func (n *MeshNode) Model() (*Model, error) {
	n.modelOnce.Do(func() { n.model, n.modelErr = FromArchive(n.arch, n.base) })
	return n.model, n.modelErr
}

// Children returns the streams, named stream_N by type id.
func (n *MeshNode) Children() ([]formats.Node, error) { return n.kids, nil }

// IsLeaf reports whether the mesh has no streams.
func (n *MeshNode) IsLeaf() bool { return len(n.kids) == 0 }

// fields is a fixed set of ls fields.
type fields map[string]any

// ListFields returns the fields.
func (f fields) ListFields() map[string]any { return f }

// StreamNode is one stream of a model.
type StreamNode struct {
	formats.Raw
	Stream Stream
}

// Describe returns the stream's record facts.
func (s *StreamNode) Describe() (any, error) {
	return map[string]any{"kind": string(formats.KindTable), "name": s.NodeName, "typeId": s.Stream.Type, "entryName": s.Stream.Name,
		"attr1": s.Stream.Attr1, "attr2": s.Stream.Attr2, "attr3": s.Stream.Attr3, "size": s.N, "offset": s.Abs}, nil
}

// Mesh builds (once) the mesh of LOD 0 / variant 0 without cockpit nodes,
// posed, one group per material row, each with its surface resolved
// through WEAR → MAT0 → Texm (textures decoded here, once). What the
// chain lacks becomes a finding (Diagnostics), not an error.
func (n *MeshNode) Mesh() (*geom.Mesh, error) {
	n.once.Do(func() {
		defer n.built.Store(true)
		m, err := n.Model()
		if err != nil {
			n.err = err
			return
		}
		if m.Landscape {
			n.err = fmt.Errorf("%s is a landscape mesh (streams 11/21), which is not decoded", n.NodeName)
			return
		}
		for _, f := range m.VertexFindings() {
			n.diags = append(n.diags, formats.Diagnostic{Off: f.Off, Msg: f.Msg})
		}
		names := map[int]string{}
		mats := map[int]string{}
		bs := n.Batches()
		for _, b := range bs {
			names[b.Row] = b.Label()
			mats[b.Row] = b.Texture
			if b.Texture == "" {
				mats[b.Row] = b.Material
			}
		}
		surf, diags := n.surfaces(m, bs)
		n.diags = append(n.diags, diags...)
		n.mesh, n.err = m.MeshWith(func(row int, g *geom.Group) {
			g.Name, g.Material, g.Surface = names[row], mats[row], surf[row]
		})
	})
	return n.mesh, n.err
}

// Diagnostics lists what the mesh was built without: a WEAR table,
// material or texture that is missing or broken, a normal or UV stream
// that does not fit. It is empty until the mesh is built (Mesh, or
// Describe, which builds it), so listing a model costs nothing.
func (n *MeshNode) Diagnostics() []formats.Diagnostic {
	if !n.built.Load() {
		return nil
	}
	return n.diags
}

// BatchInfo is one batch with the material chain resolved: MSH batch →
// WEAR row → MAT0 → phase 0 → Texm.
type BatchInfo struct {
	Index      int
	Node, Slot int // -1 when the batch is not drawn by LOD 0 / variant 0
	Batch      Batch
	Row        int
	WearName   string       // the row's material name, "" when the row is missing
	Material   string       // the resolved material, "" when missing
	Via        string       // how it resolved
	MatNode    formats.Node // the material node, nil when missing
	Texture    string       // phase 0's texture name
	Page       int          // phase 0's page index
	TexNode    formats.Node // the texture node, nil when missing
	Wear       *material.WearNode
	WearSource string
}

// Label is a short group name: the WEAR material name or "material N".
func (b *BatchInfo) Label() string {
	if b.WearName != "" {
		return b.WearName
	}
	return "material " + strconv.Itoa(b.Row)
}

// maxWearBytes caps a loose .wea beside a model: a WEAR table is text of
// a few kilobytes.
const maxWearBytes = 16 << 20

// FindWear returns the model's WEAR table: an entry of the same archive
// named like the model (any extension), else the archive's only WEAR, else
// a loose NAME.wea beside the file.
func (n *MeshNode) FindWear() *material.WearNode {
	stem := strings.ToLower(strings.TrimSuffix(n.NodeName, filepath.Ext(n.NodeName)))
	if n.Loc.Parent != nil {
		if kids, err := n.Loc.Parent.Children(); err == nil {
			var only []*material.WearNode
			for _, k := range kids {
				w, ok := k.(*material.WearNode)
				if !ok {
					continue
				}
				if strings.ToLower(strings.TrimSuffix(w.Name(), filepath.Ext(w.Name()))) == stem {
					return w
				}
				only = append(only, w)
			}
			if len(only) == 1 {
				return only[0]
			}
		}
	}
	if n.Loc.Path != "" && n.Loc.Parent == nil {
		dir := filepath.Dir(n.Loc.Path)
		ents, _ := os.ReadDir(dir)
		for _, e := range ents {
			if strings.EqualFold(e.Name(), stem+".wea") {
				p := filepath.Join(dir, e.Name())
				b, err := formats.ReadSideFile(p, maxWearBytes)
				if err != nil {
					return nil
				}
				node, err := material.OpenWear(formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Base: 0, Name: e.Name(), Path: p, Opts: n.Loc.Opts})
				if err != nil {
					return nil
				}
				w, _ := node.(*material.WearNode)
				return w
			}
		}
	}
	return nil
}

// Batches lists every batch with its material and texture (none when the
// model does not decode).
func (n *MeshNode) Batches() []BatchInfo {
	m, err := n.Model()
	if err != nil {
		return nil
	}
	drawn := map[int]DrawBatch{}
	for _, d := range m.DrawBatches() {
		if _, ok := drawn[d.Index]; !ok {
			drawn[d.Index] = d
		}
	}
	w := n.FindWear()
	var res []material.Resolved
	if w != nil {
		res = w.Resolve()
	}
	// One texture library per material locator: a model's batches mostly
	// share one Material.lib, whose Textures.lib is looked up once.
	texLibs := map[string]*material.Library{}
	texture := func(mn *material.Node, name string) formats.Node {
		if name == "" {
			return nil
		}
		key := fmt.Sprintf("%p\x00%s", mn.Loc.Parent, mn.Loc.Path)
		lib, ok := texLibs[key]
		if !ok {
			lib = mn.Loc.Library(material.LibTextures)
			texLibs[key] = lib
		}
		if i := lib.Find(name); i >= 0 {
			return lib.Entries[i]
		}
		return nil
	}
	out := make([]BatchInfo, len(m.Batches))
	for i, b := range m.Batches {
		bi := BatchInfo{Index: i, Node: -1, Slot: -1, Batch: b, Row: int(b.Material), Page: -1, Wear: w, Via: material.ViaMissing}
		if d, ok := drawn[i]; ok {
			bi.Node, bi.Slot = d.Node, d.Slot
		}
		if bi.Row < len(res) {
			r := res[bi.Row]
			bi.WearName, bi.Material, bi.Via, bi.MatNode = r.Row.Name, r.Name, r.Via, r.Material
			if mn, ok := r.Material.(*material.Node); ok {
				if mat := mn.Material(); len(mat.Phases) > 0 {
					bi.Texture = mat.Phases[0].TextureName()
					bi.Page = mat.Phases[0].Page()
					bi.TexNode = texture(mn, bi.Texture)
				}
			}
		}
		out[i] = bi
	}
	return out
}

// Describe returns the mesh counts of the JSON contract. "vertices" and
// "triangles" count the model's streams (3 and 6: every LOD and damage
// variant, the figures the format notes quote); "lod0Vertices" and
// "lod0Triangles" count the mesh that is drawn and exported (LOD 0 /
// variant 0 without cockpit nodes), whose box "bounds" is. A model with
// an authored box (type 2) adds it as "authoredBounds" and "boundsFit":
// whether the posed mesh lies inside it (a check of the pose reading).
func (n *MeshNode) Describe() (any, error) {
	m, err := n.Model()
	if err != nil {
		return nil, err
	}
	d := map[string]any{
		"kind":      string(formats.KindMesh),
		"name":      n.NodeName,
		"nodes":     len(m.Nodes),
		"vertices":  len(m.Positions),
		"triangles": len(m.Indices) / 3,
		"batches":   len(m.Batches),
		"streams":   len(m.Streams),
	}
	if m.Landscape {
		d["landscape"] = true
		return d, nil
	}
	mesh, err := n.Mesh()
	if err != nil {
		return nil, err
	}
	b := mesh.Bounds()
	d["bounds"] = map[string]any{"min": b.Min, "max": b.Max}
	if m.HasBox {
		d["authoredBounds"] = map[string]any{"min": m.Box[0], "max": m.Box[1]}
		d["boundsFit"] = len(mesh.Positions) == 0 || m.BoxFits(b.Min, b.Max)
	}
	d["lod0Vertices"] = len(mesh.Positions)
	d["lod0Triangles"] = mesh.Triangles()
	return d, nil
}
