package cli

// A tiny container format used by the CLI tests, registered only in the
// test binary, so the tests do not depend on any real format's details.
//
// Layout (little-endian): "TEST", u32 count, count × 32-byte entries
// {name[16], tag[4], offset u32 (from the container's start), size u32,
// attr u32}, then the data. Entries are opened with formats.OpenSource and
// the tag as hint, so a nested "TEST" entry is a sub-container. Tags TEXR,
// MATL, MESH and PANC pick the fake leaf formats below.

import (
	"encoding/binary"
	"errors"
	"image"
	"image/color"
	"io"
	"strings"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/geom"
)

func init() {
	formats.Register(formats.Format{Name: "test", Priority: 10,
		Match: func(p formats.Probe) bool { return strings.HasPrefix(string(p.Head), "TEST") },
		Open:  openFake})
	formats.Register(formats.Format{Name: "test-texture", Priority: 5,
		Match: func(p formats.Probe) bool { return p.Hint == "TEXR" },
		Open:  openFakeTexture})
	formats.Register(formats.Format{Name: "test-material", Priority: 5,
		Match: func(p formats.Probe) bool { return p.Hint == "MATL" },
		Open: func(s formats.Source) (formats.Node, error) {
			m := &fakeMaterial{Raw: *formats.NewRaw(s, formats.KindMaterial, "MATL")}
			if s.Opts != nil {
				m.library = s.Opts.Materials
			}
			return m, nil
		}})
	formats.Register(formats.Format{Name: "test-mesh", Priority: 5,
		Match: func(p formats.Probe) bool { return p.Hint == "MESH" },
		Open: func(s formats.Source) (formats.Node, error) {
			return &fakeMesh{Raw: *formats.NewRaw(s, formats.KindMesh, "MESH")}, nil
		}})
	formats.Register(formats.Format{Name: "test-panic", Priority: 5,
		Match: func(p formats.Probe) bool { return p.Hint == "PANC" },
		Open: func(s formats.Source) (formats.Node, error) {
			return &panicNode{Raw: *formats.NewRaw(s, formats.KindRaw, "PANC")}, nil
		}})
}

// fakeEntry is one entry of a fixture container.
type fakeEntry struct {
	name string
	tag  string
	data []byte
	attr uint32
}

// buildFake writes a TEST container.
func buildFake(entries []fakeEntry) []byte {
	head := 8 + 32*len(entries)
	out := make([]byte, head)
	copy(out, "TEST")
	binary.LittleEndian.PutUint32(out[4:], uint32(len(entries)))
	for i, e := range entries {
		d := out[8+32*i:]
		copy(d[:16], e.name)
		copy(d[16:20], e.tag)
		binary.LittleEndian.PutUint32(d[20:], uint32(len(out)))
		binary.LittleEndian.PutUint32(d[24:], uint32(len(e.data)))
		binary.LittleEndian.PutUint32(d[28:], e.attr)
		out = append(out, e.data...)
	}
	return out
}

// fakeTexture builds TEXR data: u16 w, u16 h, u8 levels, then the NRGBA
// pixels of each level (pix(x, y, level) gives each pixel).
func fakeTexture(w, h, levels int, pix func(x, y, l int) color.NRGBA) []byte {
	b := []byte{byte(w), byte(w >> 8), byte(h), byte(h >> 8), byte(levels)}
	for l := 0; l < levels; l++ {
		lw, lh := max(w>>l, 1), max(h>>l, 1)
		for y := 0; y < lh; y++ {
			for x := 0; x < lw; x++ {
				c := pix(x, y, l)
				b = append(b, c.R, c.G, c.B, c.A)
			}
		}
	}
	return b
}

type fakeContainer struct {
	formats.Raw
	src    formats.Source
	dir    []byte
	opened bool
	kids   []formats.Node
}

// Children opens the entries on first use (lazily, like real containers).
func (c *fakeContainer) Children() ([]formats.Node, error) {
	if !c.opened {
		c.opened = true
		c.open()
	}
	return c.kids, nil
}
func (c *fakeContainer) FoldNames() bool { return true }
func (c *fakeContainer) Describe() (any, error) {
	return map[string]any{"kind": "archive", "format": "test", "entries": len(c.dir) / 32, "fileSize": c.N}, nil
}

func openFake(s formats.Source) (formats.Node, error) {
	head, err := binread.ReadAt(s.R, s.Base, 0, 8, s.Size)
	if err != nil {
		return nil, err
	}
	cur := binread.NewCursor(head, s.Base)
	cur.Skip(4)
	count := cur.U32()
	if err := binread.CheckCount(s.Base+4, "entry", int64(count), 32, s.Size-8); err != nil {
		return nil, err
	}
	dir, err := binread.ReadAt(s.R, s.Base, 8, int64(count)*32, s.Size)
	if err != nil {
		return nil, err
	}
	return &fakeContainer{Raw: *formats.NewRaw(s, formats.KindArchive, "TEST"), src: s, dir: dir}, nil
}

func (c *fakeContainer) open() {
	s, dir := c.src, c.dir
	for i := 0; i < len(dir)/32; i++ {
		d := binread.NewCursor(dir[32*i:32*i+32], s.Base+8+32*int64(i))
		name := d.CString(16)
		tag := strings.TrimRight(string(d.Take(4)), "\x00")
		off, size, attr := int64(d.U32()), int64(d.U32()), d.U32()
		sub := formats.Source{Name: name, Path: s.Path, Hint: tag, Opts: s.Opts, Parent: c,
			Fields: fieldMap{"attr1": attr, "index": i}}
		if off < 8 || off > s.Size || size > s.Size-off { // data never overlaps the header: no self-nesting
			sub.R, sub.Size, sub.Base = strings.NewReader(""), 0, s.Base+off
			c.kids = append(c.kids, formats.NewBroken(sub, formats.KindRaw, tag,
				binread.Errorf(s.Base+8+32*int64(i)+20, "entry data %d bytes at 0x%X run past the end", size, off)))
			continue
		}
		sub.R, sub.Size, sub.Base = io.NewSectionReader(s.R, off, size), size, s.Base+off
		c.kids = append(c.kids, formats.OpenSource(sub))
	}
}

// fieldMap is a fixed set of ls fields.
type fieldMap map[string]any

func (f fieldMap) ListFields() map[string]any { return f }

type fakeTex struct {
	formats.Raw
	w, h, levels int
	pix          []byte
}

func openFakeTexture(s formats.Source) (formats.Node, error) {
	b, err := binread.ReadAt(s.R, s.Base, 0, s.Size, s.Size)
	if err != nil {
		return nil, err
	}
	if len(b) < 5 {
		return nil, binread.Errorf(s.Base, "texture header needs 5 bytes, have %d", len(b))
	}
	t := &fakeTex{Raw: *formats.NewRaw(s, formats.KindTexture, "TEXR"),
		w: int(binary.LittleEndian.Uint16(b)), h: int(binary.LittleEndian.Uint16(b[2:])), levels: int(b[4])}
	need := 0
	for l := 0; l < t.levels; l++ {
		need += 4 * max(t.w>>l, 1) * max(t.h>>l, 1)
	}
	if len(b)-5 < need {
		return nil, binread.Errorf(s.Base+5, "texture pixels need %d bytes, have %d", need, len(b)-5)
	}
	t.pix = b[5:]
	return t, nil
}

func (t *fakeTex) Levels() int { return t.levels }
func (t *fakeTex) Image(level int) (image.Image, error) {
	if level < 0 || level >= t.levels {
		return nil, errors.New("no such level")
	}
	off := 0
	for l := 0; l < level; l++ {
		off += 4 * max(t.w>>l, 1) * max(t.h>>l, 1)
	}
	w, h := max(t.w>>level, 1), max(t.h>>level, 1)
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	copy(img.Pix, t.pix[off:off+4*w*h])
	return img, nil
}
func (t *fakeTex) Describe() (any, error) {
	return map[string]any{"kind": "texture", "name": t.NodeName, "width": t.w, "height": t.h, "levels": t.levels, "format": "8888"}, nil
}

type fakeMaterial struct {
	formats.Raw
	library string // Options.Materials as the format saw it
}

func (m *fakeMaterial) Describe() (any, error) {
	return map[string]any{"kind": "material", "name": m.NodeName, "version": 2, "library": m.library,
		"blend":  map[string]any{"src": "ONE", "dst": "ZERO", "blending": false, "alphaTest": nil},
		"phases": []any{map[string]any{"opacity": 0.5, "additive": []float64{1, 0, 0.25}, "texture": ""}}}, nil
}

func (m *fakeMaterial) Sample(q formats.SampleQuery) (any, error) {
	if q.Block > 0 {
		return nil, binread.Errorf(m.Abs, "material has 1 animation block, not %d", q.Block+1)
	}
	return map[string]any{"block": q.Block, "localMs": q.AtMs - q.StartMs, "key": 0, "next": 0, "alpha": 0.25,
		"random": q.Random, "phase": map[string]any{"opacity": 0.5}}, nil
}

type fakeMesh struct{ formats.Raw }

func (m *fakeMesh) Mesh() (*geom.Mesh, error) {
	return &geom.Mesh{Positions: []geom.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, Indices: []uint32{0, 1, 2}}, nil
}

type panicNode struct{ formats.Raw }

func (p *panicNode) Describe() (any, error)            { panic("fake decoder bug") }
func (p *panicNode) Children() ([]formats.Node, error) { panic("fake decoder bug in Children") }
