package msh

import (
	"fmt"
	"path/filepath"
	"strings"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/formats/material"
)

// BatchTwoSided is the batch flag that turns the facing test off (trees,
// fences: docs/formats/parkan.md, PP's DisableFacingTest).
const BatchTwoSided = 0x2

// alphaRef is the alpha-test reference of the blended categories. The
// engine takes it from the draw range, not the material
// (docs/formats/parkan.md, MAT0), so a viewer keeps every texel that is not fully transparent.
const alphaRef = 1

// surfaces resolves the surface of every WEAR row a drawn batch uses:
// MAT0 colour, phase textures and pages, blend category, alpha test,
// two-sidedness and, when block 0 animates, a material.Player. A missing
// link gives the row its stable colour and a finding naming what is
// missing; it never fails the mesh.
func (n *MeshNode) surfaces(m *Model, bs []BatchInfo) (map[int]*geom.Material, []formats.Diagnostic) {
	out := map[int]*geom.Material{}
	var diags []formats.Diagnostic
	note := func(off int64, format string, args ...any) {
		diags = append(diags, formats.Diagnostic{Off: off, Msg: fmt.Sprintf(format, args...)})
	}
	twoSided := map[int]bool{}
	first := map[int]*BatchInfo{}
	var rows []int
	for i := range bs {
		b := &bs[i]
		if b.Node < 0 {
			continue
		}
		if _, ok := first[b.Row]; !ok {
			first[b.Row] = b
			rows = append(rows, b.Row)
		}
		twoSided[b.Row] = twoSided[b.Row] || b.Batch.Flags&BatchTwoSided != 0
	}
	if len(rows) > 0 && first[rows[0]].Wear == nil {
		note(n.Abs, "MSH: no WEAR table for %s (an entry named like it or the only WEAR in its archive, or %s.wea beside it): its groups are drawn in stable colours", n.NodeName, stem(n.NodeName))
	}
	sets := map[string]*material.TextureSet{}
	needUV := false
	for _, row := range rows {
		b := first[row]
		s := &geom.Material{Color: rowColor(row), TwoSided: twoSided[row]}
		out[row] = s
		if b.Wear == nil {
			continue
		}
		mat, off, ok := n.rowMaterial(m, b, note)
		if !ok {
			continue
		}
		mn := b.MatNode.(*material.Node)
		key := fmt.Sprintf("%p\x00%s", mn.Loc.Parent, mn.Loc.Path)
		set := sets[key]
		if set == nil {
			loc := mn.Loc
			set = &material.TextureSet{Find: func(name string) formats.Node { return material.FindTexture(loc, name) }}
			sets[key] = set
		}
		imgs, found := set.Phases(mat)
		for _, f := range found {
			note(off, "MSH: WEAR row %d material %s %s", row, b.Material, f)
		}
		n.fillSurface(s, mat, imgs, off, row, b.Material, note)
		needUV = needUV || s.Texture != nil || s.Anim != nil
	}
	if needUV && !m.HasUVs() {
		note(m.RecordOffset(StreamPositions, 0, 12, 0), "MSH: the model has no UVs (stream 5) for its positions: textures are not shown")
	}
	return out, diags
}

// rowMaterial returns the decoded material of a batch's WEAR row and its
// file offset, or notes why there is none.
func (n *MeshNode) rowMaterial(m *Model, b *BatchInfo, note func(int64, string, ...any)) (*material.Mat0, int64, bool) {
	boff := m.RecordOffset(StreamBatches, 0, BatchSize, b.Index)
	switch {
	case b.Row >= len(b.Wear.Wear.Rows):
		note(boff, "MSH: batch %d uses WEAR row %d, but %s has %d rows", b.Index, b.Row, b.Wear.Name(), len(b.Wear.Wear.Rows))
		return nil, 0, false
	case b.MatNode == nil:
		note(boff, "MSH: WEAR row %d names material %s, and no material library was found (Material.lib in the archive, beside the file or above it, or --materials)", b.Row, b.WearName)
		return nil, 0, false
	}
	off, _, _ := formats.SafeRange(b.MatNode)
	mn, ok := b.MatNode.(*material.Node)
	if !ok {
		why := "not a MAT0 material"
		if err := formats.SafeErr(b.MatNode); err != nil {
			why = err.Error()
		}
		note(off, "MSH: WEAR row %d material %s does not decode: %s", b.Row, b.Material, why)
		return nil, 0, false
	}
	if b.Via != material.ViaName {
		note(boff, "MSH: WEAR row %d names material %s, which the library lacks: drawn with %s (as the game does)", b.Row, b.WearName, b.Material)
	}
	return mn.Material(), off, true
}

// fillSurface sets a resolved material's look on s: its look at clock 0,
// blend category, alpha test and, when block 0 animates, the player.
func (n *MeshNode) fillSurface(s *geom.Material, mat *material.Mat0, imgs []material.PhaseImage, off int64, row int, name string, note func(int64, string, ...any)) {
	p := material.NewPlayer(mat, 0, imgs)
	look := p.At(0)
	s.Color, s.Texture, s.TextureName, s.Page = look.Color, look.Texture, look.TextureName, look.Page
	if p.Animated() {
		s.Anim = p
	}
	switch c := mat.Category(); {
	case c <= int(geom.BlendModulate2X):
		s.Blend = geom.BlendMode(c)
		s.AlphaTest = c != 0
		if s.AlphaTest {
			s.AlphaRef = alphaRef
		}
	default:
		note(off, "MSH: WEAR row %d material %s has blend category %d, which has no blend state: drawn opaque", row, name, c)
	}
}

// stem is a file name without its extension.
func stem(name string) string { return strings.TrimSuffix(name, filepath.Ext(name)) }
