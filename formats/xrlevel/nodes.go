package xrlevel

import (
	"io"
	"path/filepath"
	"sync"
	"sync/atomic"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/geom"
)

func init() {
	formats.Register(formats.Format{
		Name:     "xray-level",
		Kind:     formats.KindLevel,
		Priority: 3,
		Match:    func(p formats.Probe) bool { return Probe(p.Head, p.Size) },
		Open:     Open,
		Tag:      formats.FixedTag("level"),
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
		return nil, binread.Errorf(base, "reading the header: %w", err)
	}
	if !Probe(head, s.Size) {
		return nil, binread.Errorf(base, "not an X-Ray level: no header chunk at the start")
	}
	h, err := ParseHeader(head[8:])
	if err != nil {
		return nil, binread.Errorf(base+8, "%w", err)
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
		sf := SideFiles{Dir: dir}
		if n.src.Opts != nil && n.src.Parent == nil {
			sf.Geom = n.src.Opts.Geom
		}
		n.lv, n.err = ParseWith(r, n.base, n.src.Size, sf)
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
	if err := lv.LevelErr(); err != nil {
		return nil, err // the counts would be wrong
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
	if err := lv.GeometryErr(); err != nil {
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
			cn.ref = lv.payloads[c.ID]
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
			R: readerAt{sp.ref, 0, sp.Info.Unpacked}, N: sp.Info.Unpacked, Abs: -1},
			lv: lv, role: role, side: true, info: sp.Info, ref: sp.ref, file: sp.File, path: role}
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
				R: readerAt{sp.ref, 0, sp.Info.Unpacked}, N: sp.Info.Unpacked, Abs: -1},
				lv: fx, role: role, side: true, info: sp.Info, ref: sp.ref, file: sp.File, path: lv.sidePath(GeomxPrefix, role)}
			cn.setup()
			f.Items = append(f.Items, cn)
		}
		kids = append(kids, f)
	}
	return kids
}
