package xrlevel

import (
	"fmt"
	"slices"

	"rummage/formats/binread"
)

// validate runs the checklist of docs/formats/xray.md (and its equivalents for later
// versions), one rule per function, in a fixed order. Each finding carries
// the offset of the record it concerns: the absolute offset in a stored
// chunk, the chunk's header offset plus an "unpacked +N" note in a
// compressed one.
func (lv *Level) validate() {
	lv.checkVisuals()
	lv.checkSectors()
	lv.checkPortals()
	lv.checkLights()
	lv.checkCFormSectors()
	lv.checkGlows()
	if lv.Version == 4 && !lv.HasName {
		lv.diagAt(lv.chunkLoc(NameHeader), 0, "version 4 header without the 124-byte description")
	}
}

// becauseBroken is ": chunk NAME is broken" when the first chunk of that
// role could not be decoded, else "".
func (lv *Level) becauseBroken(name string) string {
	if err := lv.ChunkErr(name); err != nil {
		return " (chunk " + name + " is broken)"
	}
	if lv.geomMissing() {
		return " (the buffers are in level.geom, which is missing)"
	}
	return ""
}

// geomMissing reports whether the level's buffers live in a level.geom
// that was not found.
func (lv *Level) geomMissing() bool { return slices.Contains(lv.Missing, "level.geom") }

// finding records one finding about a list item.
type finding func(format string, args ...any)

// checkVisuals checks every visual's references into the other chunks.
func (lv *Level) checkVisuals() {
	vl := lv.chunkLoc(NameVisuals)
	for _, v := range lv.Visuals {
		at := func(format string, args ...any) {
			lv.diagAt(vl.item(v.Index), v.Rel, "visual %d: %s", v.Index, fmt.Sprintf(format, args...))
		}
		// Geometry findings also break the visual (see Visual.Err).
		broken := func(format string, args ...any) {
			at(format, args...)
			if v.Err == nil {
				v.ErrSide = lv.geomMissing()
				l := vl.item(v.Index)
				v.Err = binread.ErrorAt(l.abs(v.Rel), "%s: visual %d: %s", l.where(v.Rel), v.Index, fmt.Sprintf(format, args...))
			}
		}
		lv.checkVisualCut(v, vl.item(v.Index))
		lv.checkVisualMaterial(v, at)
		lv.checkVisualBuffers(v, broken)
		lv.checkVisualIndices(v, broken)
		lv.checkFastPath(v, broken)
		for _, ch := range v.Children {
			if ch < 0 || ch >= len(lv.Visuals) {
				at("child %d, %d visuals", ch, len(lv.Visuals))
			}
		}
	}
}

// checkVisualCut breaks a visual whose bytes end early (a hole cut in the
// visuals chunk): what it draws cannot be trusted, so its facts, its mesh
// and the level's fail with the offset of the cut chunk instead of
// counting what was left (batches 0, an empty mesh).
func (lv *Level) checkVisualCut(v *Visual, l loc) {
	c := v.cut
	if c == nil || v.Err != nil {
		return
	}
	v.Err = binread.ErrorAt(l.abs(c.c.Off), "%s: visual %d is cut short: %s declares %d bytes, but only %d remain in %s",
		l.where(c.c.Off), v.Index, c.what, c.c.Size, c.c.Avail, c.container)
}

// checkVisualMaterial checks the TEXTURE_L indices.
func (lv *Level) checkVisualMaterial(v *Visual, at finding) {
	tex, sh := lv.textureList(), lv.Shaders
	if v.TextureIndex >= 0 && v.TextureIndex >= len(tex) {
		at("texture index %d, %d textures", v.TextureIndex, len(tex))
	}
	if v.ShaderIndex >= 0 && v.ShaderIndex >= len(sh) {
		at("shader index %d, %d shaders", v.ShaderIndex, len(sh))
	}
}

// checkVisualBuffers checks the vertex and index ranges of the containers.
func (lv *Level) checkVisualBuffers(v *Visual, at finding) {
	if v.VB >= 0 {
		if v.VB >= len(lv.VBs) {
			at("vertex buffer %d, %d buffers%s", v.VB, len(lv.VBs), lv.becauseBroken(NameVBs))
		} else if vb := lv.VBs[v.VB]; int64(v.VBase)+int64(v.VCount) > int64(vb.Count) {
			at("vertices %d..%d outside buffer %d (%d vertices)", v.VBase, int64(v.VBase)+int64(v.VCount), v.VB, vb.Count)
		}
	}
	if v.IB >= 0 {
		if v.IB >= len(lv.IBs) {
			at("index buffer %d, %d buffers%s", v.IB, len(lv.IBs), lv.becauseBroken(NameIBs))
		} else if int64(v.IBase)+int64(v.ICount) > int64(lv.IBs[v.IB].Count) {
			at("indices %d..%d outside index buffer %d (%d indices)", v.IBase, int64(v.IBase)+int64(v.ICount), v.IB, lv.IBs[v.IB].Count)
		}
	}
}

// checkVisualIndices checks that the triangle indices make whole triangles
// of the visual's own vertices.
func (lv *Level) checkVisualIndices(v *Visual, at finding) {
	idx := lv.visualIndices(v)
	if idx == nil {
		return
	}
	if len(idx)%3 != 0 {
		at("%d indices, not a multiple of 3", len(idx))
	}
	if v.VB >= 0 {
		for _, i := range idx {
			if int(i) >= v.VCount {
				at("index %d ≥ vertex count %d", i, v.VCount)
				break
			}
		}
	}
}

// checkFastPath checks a FASTPATH container against the level.geomx
// buffers.
func (lv *Level) checkFastPath(v *Visual, at finding) {
	f := v.Fast
	if f == nil || lv.GeomxFile == "" {
		return
	}
	switch {
	case f[0] < 0 || f[0] >= len(lv.FastVBs):
		at("FASTPATH vertex buffer %d, %d in level.geomx", f[0], len(lv.FastVBs))
	case int64(f[1])+int64(f[2]) > int64(lv.FastVBs[f[0]].Count):
		at("FASTPATH vertices %d..%d outside level.geomx buffer %d (%d vertices)", f[1], int64(f[1])+int64(f[2]), f[0], lv.FastVBs[f[0]].Count)
	}
	switch {
	case f[3] < 0 || f[3] >= len(lv.FastIBs):
		at("FASTPATH index buffer %d, %d in level.geomx", f[3], len(lv.FastIBs))
	case int64(f[4])+int64(f[5]) > int64(lv.FastIBs[f[3]].Count):
		at("FASTPATH indices %d..%d outside level.geomx index buffer %d (%d indices)", f[4], int64(f[4])+int64(f[5]), f[3], lv.FastIBs[f[3]].Count)
	}
}

// checkSectors checks each sector's root visual and its portal, glow and
// light lists.
func (lv *Level) checkSectors() {
	sl := lv.chunkLoc(NameSectors)
	for _, s := range lv.Sectors {
		at := func(format string, args ...any) {
			lv.diagAt(sl.item(s.Index), s.Rel, "sector %d %s", s.Index, fmt.Sprintf(format, args...))
		}
		if s.Root < 0 {
			at("has no root visual")
		} else if s.Root >= len(lv.Visuals) {
			at("has root visual %d, %d visuals", s.Root, len(lv.Visuals))
		}
		checkList(s.Portals, len(lv.Portals), "portal", at)
		checkList(s.Glows, len(lv.Glows), "glow", at)
		checkList(s.Lights, len(lv.Lights), "light", at)
	}
}

// checkList reports each element of a sector's list that is not below n,
// the length of the list it indexes.
func checkList(list []uint16, n int, what string, at finding) {
	for _, e := range list {
		if int(e) >= n {
			at("lists %s %d, %d %ss", what, e, n, what)
		}
	}
}

// checkPortals checks each portal's sectors and vertex count.
func (lv *Level) checkPortals() {
	pl := lv.chunkLoc(NamePortals)
	for i, p := range lv.Portals {
		if lv.Sectors != nil && (int(p.Front) >= len(lv.Sectors) || int(p.Back) >= len(lv.Sectors)) {
			lv.diagAt(pl, int64(i*80), "portal %d joins sectors %d and %d, %d sectors", i, p.Front, p.Back, len(lv.Sectors))
		}
		if p.Count < 3 || p.Count > 6 {
			lv.diagAt(pl, int64(i*80), "portal %d has %d vertices (3..6 expected)", i, p.Count)
		}
	}
}

// checkLights checks the light-key range of each procedural v4/v5 light.
func (lv *Level) checkLights() {
	ll := lv.chunkLoc(NameLights)
	for i, li := range lv.Lights {
		if li.Flags&LightProcedural != 0 && lv.Version <= 5 && int(li.KeyStart)+int(li.KeyCount) > len(lv.LightKeys) {
			lv.diagAt(ll, int64(i*LightSize(lv.Version)), "light %d: keys %d..%d, %d light keys", i, li.KeyStart, int(li.KeyStart)+int(li.KeyCount), len(lv.LightKeys))
		}
	}
}

// checkCFormSectors reports, once, the collision triangles that name a
// sector the level does not have.
func (lv *Level) checkCFormSectors() {
	if lv.CForm == nil || lv.Sectors == nil {
		return
	}
	bad, first, sector := 0, -1, 0
	count, firstIn := lv.CForm.Sectors()
	for s, n := range count {
		if s >= len(lv.Sectors) {
			bad += n
			if f := firstIn[s]; first < 0 || f < first {
				first, sector = f, s
			}
		}
	}
	if bad > 0 {
		cl := lv.chunkLoc(NameCForm)
		nv, _ := lv.CForm.Counts()
		lv.diagAt(cl, 36+12*int64(nv)+int64(first*lv.CForm.TriSize),
			"%d CFORM triangles name a sector ≥ %d (the first is triangle %d, sector %d)", bad, len(lv.Sectors), first, sector)
	}
}

// checkGlows checks each glow's shader and texture indices.
func (lv *Level) checkGlows() {
	gl := lv.chunkLoc(NameGlows)
	for i, g := range lv.Glows {
		if g.Shader >= 0 && int(g.Shader) >= len(lv.Shaders) {
			lv.diagAt(gl, int64(i*GlowSize(lv.Version)), "glow %d: shader %d, %d shaders", i, g.Shader, len(lv.Shaders))
		}
		if g.Texture >= 0 && lv.Textures != nil && int(g.Texture) >= len(lv.Textures) {
			lv.diagAt(gl, int64(i*GlowSize(lv.Version)), "glow %d: texture %d, %d textures", i, g.Texture, len(lv.Textures))
		}
	}
}
