package msh

import (
	"bytes"
	"image"
	"image/color"
	"math/rand"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/formats/material"
	"rummage/formats/nres"
	"rummage/formats/texm"
)

// surfaceFixture is twoQuads (rows 0 and 1 drawn) in an archive with its
// WEAR, materials and textures: row 0 PAINT (category 0, texture PAINT.0
// page 1), row 1 WATER (category 1, two phases on W0.0 and W1.0 looping
// every 200 ms). edit may change the entries before the archive is built.
func surfaceFixture(t *testing.T, edit func(m *Model, ents []nres.Entry) []nres.Entry) *MeshNode {
	t.Helper()
	m := twoQuads()
	phase := func(tex string, page int8, diffuse byte) material.Phase {
		var p material.Phase
		p.P[3], p.P[4], p.P[5], p.P[6], p.P[17] = 100, diffuse, diffuse, diffuse, byte(page)
		if err := p.SetTextureName(tex); err != nil {
			t.Fatal(err)
		}
		return p
	}
	mat := func(m *material.Mat0) []byte {
		m.Version, m.Prefix = 6, make([]byte, 10)
		b, err := m.Encode()
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	tex := func(c color.NRGBA, pages []texm.Page) []byte {
		img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
		for i := 0; i < len(img.Pix); i += 4 {
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
		}
		b, err := texm.Build(img, texm.Format8888, 1, nil, pages)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	water := &material.Mat0{Phases: []material.Phase{phase("W0.0", -1, 100), phase("W1.0", -1, 200)},
		Blocks: []material.Block{{Header: uint32(material.ModeLoop) | material.MaskDirectional<<3, Keys: []material.Key{{Phase: 0, EndMs: 100}, {Phase: 1, EndMs: 200}}}}}
	ents := []nres.Entry{
		{TypeID: nres.TypeID("MESH"), Name: "QUADS.msh"},
		{TypeID: material.TypeWEAR, Name: "QUADS.wea", Data: []byte("2\r\n0 PAINT\r\n1 WATER\r\n")},
		{TypeID: material.TypeMAT0, Attr1: 0, Attr2: 6, Name: "PAINT", Data: mat(&material.Mat0{Phases: []material.Phase{phase("PAINT.0", 1, 255)}})},
		{TypeID: material.TypeMAT0, Attr1: 4, Attr2: 6, Name: "WATER", Data: mat(water)},
		{TypeID: nres.TypeID("Texm"), Name: "PAINT.0", Data: tex(color.NRGBA{200, 0, 0, 255}, []texm.Page{{W: 2, H: 2}, {X: 2, Y: 2, W: 2, H: 2}})},
		{TypeID: nres.TypeID("Texm"), Name: "W0.0", Data: tex(color.NRGBA{0, 0, 200, 128}, nil)},
		{TypeID: nres.TypeID("Texm"), Name: "W1.0", Data: tex(color.NRGBA{0, 200, 200, 128}, nil)},
	}
	if edit != nil {
		ents = edit(m, ents)
	}
	ents[0].Data = encode(t, m)
	arch, err := nres.Build(ents)
	if err != nil {
		t.Fatal(err)
	}
	root, err := formats.OpenFile(formats.Source{R: bytes.NewReader(arch), Size: int64(len(arch)), Name: "surf.lib", Opts: &formats.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	kids, err := root.Children()
	if err != nil {
		t.Fatal(err)
	}
	n, ok := kids[0].(*MeshNode)
	if !ok {
		t.Fatalf("entry 0 is %T", kids[0])
	}
	return n
}

// meshOf builds the node's mesh, which must have the two groups.
func meshOf(t *testing.T, n *MeshNode) *geom.Mesh {
	t.Helper()
	g, err := n.Mesh()
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Groups) != 2 {
		t.Fatalf("groups %+v", g.Groups)
	}
	return g
}

// TestSurfaces: each group's surface comes through WEAR → MAT0 → Texm with
// its page, category, alpha test and two-sidedness; the animated one's
// look changes with the clock and At allocates nothing.
func TestSurfaces(t *testing.T) {
	n := surfaceFixture(t, func(m *Model, e []nres.Entry) []nres.Entry {
		m.Batches[2].Flags |= BatchTwoSided // the child's row-1 batch
		return e
	})
	if d := n.Diagnostics(); d != nil {
		t.Errorf("findings before the mesh is built: %v", d)
	}
	g := meshOf(t, n)
	if d := n.Diagnostics(); len(d) != 0 {
		t.Errorf("findings %+v", d)
	}
	paint, water := g.Groups[0].Surface, g.Groups[1].Surface
	if paint == nil || water == nil {
		t.Fatal("a group has no surface")
	}
	if paint.Texture == nil || paint.Page != image.Rect(2, 2, 4, 4) || paint.Blend != geom.BlendOpaque || paint.AlphaTest || paint.TwoSided || paint.Anim != nil {
		t.Errorf("PAINT %+v", paint)
	}
	if c := paint.Texture.At(3, 3).(color.NRGBA); c != (color.NRGBA{200, 0, 0, 255}) || paint.Color != (color.NRGBA{255, 255, 255, 255}) {
		t.Errorf("PAINT texel %v colour %v", c, paint.Color)
	}
	if water.Blend != geom.BlendAlpha || !water.AlphaTest || water.AlphaRef != alphaRef || !water.TwoSided || water.Anim == nil {
		t.Fatalf("WATER %+v", water)
	}
	a, b := water.Anim.At(0), water.Anim.At(150)
	if a.Texture == b.Texture || a.Color == b.Color || a.Texture != water.Texture {
		t.Errorf("WATER does not change between 0 and 150 ms: %+v / %+v", a, b)
	}
	if c := b.Texture.At(0, 0).(color.NRGBA); c != (color.NRGBA{0, 200, 200, 128}) {
		t.Errorf("WATER at 150 ms shows %v, want W1.0", c)
	}
	if water.Anim.At(200) != a {
		t.Error("WATER does not loop at 200 ms")
	}
	ms := uint32(0)
	if allocs := testing.AllocsPerRun(200, func() { ms += 7; water.Anim.At(ms) }); allocs != 0 {
		t.Errorf("Animator.At allocates %v times a call", allocs)
	}
}

// TestSurfacesBroken: every missing or broken link of the chain still
// gives the mesh, with a finding naming what was missing; the rows it
// hits keep their stable colour.
func TestSurfacesBroken(t *testing.T) {
	drop := func(name string) func(*Model, []nres.Entry) []nres.Entry {
		return func(_ *Model, e []nres.Entry) []nres.Entry {
			for i := range e {
				if e[i].Name == name {
					return append(e[:i], e[i+1:]...)
				}
			}
			t.Fatalf("no entry %s", name)
			return nil
		}
	}
	mutate := func(name string, f func([]byte) []byte) func(*Model, []nres.Entry) []nres.Entry {
		return func(_ *Model, e []nres.Entry) []nres.Entry {
			for i := range e {
				if e[i].Name == name {
					e[i].Data = f(append([]byte(nil), e[i].Data...))
				}
			}
			return e
		}
	}
	cases := []struct {
		name, want string
		edit       func(*Model, []nres.Entry) []nres.Entry
		plain      []int // groups drawn in their row colour
	}{
		{"no WEAR", "no WEAR table for QUADS.msh", drop("QUADS.wea"), []int{0, 1}},
		{"WEAR garbled", "no WEAR table", mutate("QUADS.wea", func([]byte) []byte { return []byte("x\r\n") }), []int{0, 1}},
		{"WEAR short", "uses WEAR row 1, but QUADS.wea has 1 rows", mutate("QUADS.wea", func([]byte) []byte { return []byte("1\r\n0 PAINT\r\n") }), []int{1}},
		{"MAT0 cut", "material WATER does not decode", mutate("WATER", func(b []byte) []byte { return b[:len(b)-3] }), []int{1}},
		{"MAT0 missing", "names material WATER, which the library lacks: drawn with PAINT", drop("WATER"), nil},
		{"Texm missing", `phase 1: texture "W1.0" is not in the texture library`, drop("W1.0"), nil},
		{"Texm cut", `texture "PAINT.0" is not a decodable texture`, mutate("PAINT.0", func(b []byte) []byte { return b[:40] }), nil},
		{"page past the table", "page 1 is not in the page table", mutate("PAINT.0", func(b []byte) []byte { return b[:texm.HeaderSize+64] }), nil},
		{"category 7", "blend category 7", func(_ *Model, e []nres.Entry) []nres.Entry { e[3].Attr1 = 7 << 2; return e }, nil},
		{"no UVs", "has no UVs", func(m *Model, e []nres.Entry) []nres.Entry { m.UV0 = nil; return e }, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n := surfaceFixture(t, c.edit)
			g := meshOf(t, n)
			var msgs []string
			for _, d := range n.Diagnostics() {
				msgs = append(msgs, d.Msg)
				if d.Off < 0 {
					t.Errorf("finding %q has no offset", d.Msg)
				}
			}
			if !strings.Contains(strings.Join(msgs, "\n"), c.want) {
				t.Errorf("findings %q lack %q", msgs, c.want)
			}
			for _, gi := range c.plain {
				s := g.Groups[gi].Surface
				if s == nil || s.Texture != nil || s.Anim != nil || s.Color != rowColor(gi) {
					t.Errorf("group %d: %+v, want its row colour only", gi, s)
				}
			}
		})
	}
}

// TestSurfaceChainMutations mutates the bytes of the whole archive (model,
// WEAR, materials, textures) and builds the mesh each time: whatever
// breaks, nothing panics, and a mesh that builds has a surface per group.
func TestSurfaceChainMutations(t *testing.T) {
	var arch []byte
	surfaceFixture(t, func(m *Model, e []nres.Entry) []nres.Entry {
		e[0].Data = encode(t, m)
		b, err := nres.Build(e)
		if err != nil {
			t.Fatal(err)
		}
		arch = b
		return e
	})
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 400; i++ {
		d := append([]byte(nil), arch...)
		for k := 0; k < 1+rng.Intn(4); k++ {
			d[rng.Intn(len(d))] = byte(rng.Intn(256))
		}
		root, err := formats.OpenFile(formats.Source{R: bytes.NewReader(d), Size: int64(len(d)), Name: "surf.lib", Opts: &formats.Options{}})
		if err != nil {
			continue
		}
		kids, err := root.Children()
		if err != nil || len(kids) == 0 {
			continue
		}
		n, ok := kids[0].(*MeshNode)
		if !ok {
			continue
		}
		g, err := n.Mesh()
		n.Diagnostics()
		if err != nil {
			continue
		}
		for _, gr := range g.Groups {
			if gr.Surface == nil {
				t.Fatalf("mutation %d: group %s has no surface", i, gr.Name)
			}
			if gr.Surface.Anim != nil {
				gr.Surface.Anim.At(uint32(i) * 37)
			}
		}
	}
}
