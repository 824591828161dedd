package dff

import (
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/geom"
	"rummage/formats/rw"
)

func init() {
	formats.Register(formats.Format{
		Name:     "dff",
		Kind:     formats.KindMesh,
		Priority: 10, // before the generic RW section tree
		Match:    func(p formats.Probe) bool { return IsDFF(p.Head, p.Size, p.Name) },
		Open:     Open,
		Tag:      formats.FixedTag("DFF"),
	})
}

// IsDFF reports whether head starts like a clump of size bytes: a Clump
// section with a RenderWare stamp whose first child is its Struct (a
// clump cut short and a locked one, whose Struct size field is neither 4
// nor 12 but whose stamp is the clump's, are clumps too: Open names them),
// or a .dff that starts with a UV animation dictionary.
func IsDFF(head []byte, size int64, name string) bool {
	h, ok := rw.ParseHeader(head)
	if !ok || !rw.Plausible(h.Stamp) {
		return false
	}
	if h.Type == 0x2B {
		return int64(h.Size)+rw.HeaderSize <= size && strings.EqualFold(filepath.Ext(name), ".dff")
	}
	if h.Type != IDClump {
		return false
	}
	st, ok := rw.ParseHeader(head[rw.HeaderSize:])
	return ok && st.Type == IDStruct && (st.Size == 4 || st.Size == 12 || st.Stamp == h.Stamp)
}

// Open opens a .dff; it is read when first asked for. A clump cut short
// and a locked one are refused here, from their headers.
func Open(s formats.Source) (formats.Node, error) {
	base := max(s.Base, 0)
	if s.Size < rw.HeaderSize {
		return nil, binread.Errorf(base, "file of %d bytes is too short for a clump", s.Size)
	}
	head := make([]byte, min(s.Size, 4*rw.HeaderSize))
	if _, err := s.R.ReadAt(head, 0); err != nil && err != io.EOF {
		return nil, binread.Errorf(base, "reading the header: %w", err)
	}
	if h, _ := rw.ParseHeader(head); h.Type == IDClump {
		if int64(h.Size)+rw.HeaderSize > s.Size {
			return nil, truncated(h, base, int(s.Size))
		}
		if err := checkClumpStruct(sub{Header: h, off: base, data: head[rw.HeaderSize:]}); err != nil {
			return nil, err
		}
	}
	return &Root{Raw: *formats.NewRaw(s, formats.KindMesh, "DFF"), src: s}, nil
}

// Root is a .dff: a mesh node (the clump) whose children are its
// geometries, geometry_N, and its embedded collision model ("collision")
// when it has one.
type Root struct {
	formats.Raw
	src formats.Source

	once   sync.Once
	file   *File
	err    error
	parsed atomic.Bool // once has run: file and err are set

	kidsOnce sync.Once
	kids     []formats.Node

	veh vehicleState // a vehicle's facts and assembled meshes

	texMu sync.Mutex
	tex   *textureSet
}

// File parses the file (once).
func (r *Root) File() (*File, error) {
	r.once.Do(func() {
		base := max(r.src.Base, 0)
		b, err := binread.ReadAt(r.src.R, base, 0, r.src.Size, r.src.Size)
		if err != nil {
			r.err = err
			return
		}
		r.file, r.err = Parse(b, base)
		r.parsed.Store(true)
	})
	return r.file, r.err
}

// Diagnostics returns the reader's findings (chunks skipped as the game
// skips them, a trailer that is not zero padding) once the file has been
// read.
func (r *Root) Diagnostics() []formats.Diagnostic {
	if !r.parsed.Load() || r.file == nil {
		return nil
	}
	return r.file.Diags
}

// Children returns one mesh node per geometry of the geometry list, then
// the collision model of the clump's collision plugin.
func (r *Root) Children() ([]formats.Node, error) {
	f, err := r.File()
	if err != nil {
		return nil, err
	}
	r.kidsOnce.Do(func() {
		r.kids = make([]formats.Node, len(f.Clump.Geometries))
		for i, g := range f.Clump.Geometries {
			r.kids[i] = &GeometryNode{root: r, Index: i, G: g}
		}
		if cn := r.collisionNode(f.Clump); cn != nil {
			r.kids = append(r.kids, cn)
		}
	})
	return r.kids, nil
}

// Mesh returns the clump: its atomics placed by their frames, textured; a
// vehicle assembled and painted as the game shows it, with the parts,
// colour set and day or night colours of the file's options (see
// VehicleMesh). It is built again when the textures are looked up again
// (--txd changed).
func (r *Root) Mesh() (*geom.Mesh, error) { return r.VehicleMesh(r.view()) }

// Scene returns the clump as its frame hierarchy with the shown atomics'
// geometries, textured (see Clump.Scene); a vehicle assembled and painted,
// every part unless the file's options narrow them.
func (r *Root) Scene() (*geom.Scene, error) {
	f, err := r.File()
	if err != nil {
		return nil, err
	}
	return r.vehicleScene(f.Clump)
}

// Describe returns the mesh facts of the contract with the clump's.
func (r *Root) Describe() (any, error) {
	f, err := r.File()
	if err != nil {
		return nil, err
	}
	m, err := r.Mesh()
	if err != nil {
		return nil, err
	}
	c := f.Clump
	d := map[string]any{"kind": string(formats.KindMesh), "name": r.NodeName, "rwVersion": rw.VersionString(rw.Header{Stamp: c.Stamp}.Version())}
	var verts, tris, batches, uvSets int
	var normals, prelit bool
	mats := []map[string]any{}
	for _, g := range c.Geometries {
		gd, err := r.geometryFacts(g)
		if err != nil {
			return nil, err
		}
		verts += int(g.NumVerts)
		tris += gd["triangles"].(int)
		batches += gd["batches"].(int)
		uvSets = max(uvSets, gd["uvSets"].(int))
		normals = normals || gd["normals"].(bool)
		prelit = prelit || gd["prelit"].(bool)
		mats = append(mats, gd["materials"].([]map[string]any)...)
	}
	frames := make([]map[string]any, len(c.Frames))
	for i, fr := range c.Frames {
		frames[i] = map[string]any{"name": formats.EscapeName(fr.Name), "parent": fr.Parent}
	}
	b := m.Bounds()
	d["nodes"], d["vertices"], d["triangles"], d["batches"] = len(c.Frames), verts, tris, batches
	d["bounds"] = map[string]any{"min": b.Min, "max": b.Max}
	d["uvSets"], d["normals"], d["prelit"], d["materials"] = uvSets, normals, prelit, mats
	d["geometries"], d["atomics"], d["frames"] = len(c.Geometries), len(c.Atomics), frames
	if err := r.vehicleFacts(c, d); err != nil {
		return nil, err
	}
	return d, addBoneFacts(d, c)
}

// geometryFacts are the facts of one geometry.
func (r *Root) geometryFacts(g *Geometry) (map[string]any, error) {
	m, err := g.Mesh(nil)
	if err != nil {
		return nil, err
	}
	tris := m.Triangles()
	if len(g.Tris) > 0 {
		tris = len(g.Tris)
	}
	batches := len(m.Groups)
	if g.BinMesh != nil {
		batches = len(g.BinMesh.Splits)
	}
	ts := r.surfaces()
	mats := make([]map[string]any, len(g.Materials))
	for i, mt := range g.Materials {
		e := map[string]any{"texture": "", "mask": "", "color": []int{int(mt.Color.R), int(mt.Color.G), int(mt.Color.B), int(mt.Color.A)}, "found": nil}
		if mt.Texture != nil {
			// escaped as paths print names, so a texture name that is not
			// UTF-8 still matches its TXD entry's path segment
			e["texture"], e["mask"] = formats.EscapeName(mt.Texture.Name), formats.EscapeName(mt.Texture.Mask)
			if p := ts.found(mt.Texture.Name); p != "" {
				e["found"] = p
			}
		}
		mats[i] = e
	}
	b := m.Bounds()
	d := map[string]any{
		"kind": string(formats.KindMesh), "nodes": 1, "vertices": int(g.NumVerts), "triangles": tris, "batches": batches,
		"bounds": map[string]any{"min": b.Min, "max": b.Max}, "uvSets": len(m.UVs),
		"normals": len(m.Normals) > 0, "prelit": len(m.Colors) > 0, "materials": mats,
		"flags": g.Flags, "native": g.IsNative(), "morphTargets": len(g.Morph),
		"nightColors": g.NightColors() != nil,
	}
	if len(g.Morph) > 0 {
		d["sphere"] = g.Morph[0].Sphere
	}
	if g.BinMesh != nil {
		d["binMesh"] = map[bool]string{true: "strip", false: "list"}[g.BinMesh.Strip]
	}
	if g.Skin != nil {
		d["skin"] = map[string]any{"bones": g.Skin.Bones, "usedBones": g.Skin.UsedBones, "maxWeights": g.Skin.MaxWeights}
	}
	return d, nil
}

// GeometryNode is one geometry of the clump, a mesh in its own frame.
type GeometryNode struct {
	root  *Root
	Index int
	G     *Geometry

	mu   sync.Mutex
	mesh *geom.Mesh
	err  error
	tex  *textureSet // the texture set mesh was built with
}

// Root returns the .dff the geometry belongs to.
func (n *GeometryNode) Root() *Root { return n.root }

// Name returns geometry_N.
func (n *GeometryNode) Name() string { return "geometry_" + strconv.Itoa(n.Index) }

// Kind returns KindMesh.
func (n *GeometryNode) Kind() formats.Kind { return formats.KindMesh }

// Type returns "geometry".
func (n *GeometryNode) Type() string { return "geometry" }

// Children returns the geometry's 2DFX table ("2dfx") when it has one.
func (n *GeometryNode) Children() ([]formats.Node, error) {
	if e := findExt(n.G.Ext, ID2DFX); e != nil {
		return []formats.Node{&EffectsNode{geom: n, ext: e}}, nil
	}
	return nil, nil
}

// IsLeaf reports a geometry without 2DFX entries.
func (n *GeometryNode) IsLeaf() bool { return findExt(n.G.Ext, ID2DFX) == nil }

// Mesh returns the geometry, textured, a vehicle's painted as the clump is
// (built again when the textures are looked up again).
func (n *GeometryNode) Mesh() (*geom.Mesh, error) {
	ts := n.root.surfaces()
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.tex != ts {
		n.mesh, n.err = n.G.Mesh(n.root.paintedSurface(ts))
		n.tex = ts
	}
	return n.mesh, n.err
}

// Describe returns the geometry's facts.
func (n *GeometryNode) Describe() (any, error) {
	d, err := n.root.geometryFacts(n.G)
	if err != nil {
		return nil, err
	}
	d["name"] = n.Name()
	return d, nil
}

// Offset returns the chunk's absolute offset (-1 for in-memory data).
func (n *GeometryNode) Offset() int64 {
	if n.root.src.Base < 0 {
		return -1
	}
	return n.G.Off
}

// Size returns the chunk's bytes.
func (n *GeometryNode) Size() int64 { return n.G.Len }

// Open returns the chunk's bytes.
func (n *GeometryNode) Open() io.Reader {
	return io.NewSectionReader(n.root.src.R, n.G.Off-max(n.root.src.Base, 0), n.G.Len)
}
