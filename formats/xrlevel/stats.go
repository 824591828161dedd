package xrlevel

import (
	"math"
	"path/filepath"
	"slices"
	"strings"

	"rummage/formats"
	"rummage/formats/geom"
)

func finite(b [2]geom.Vec3) bool {
	for _, v := range b {
		for _, x := range v {
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				return false
			}
		}
	}
	return true
}

// Totals are the level's headline counts.
type Totals struct {
	Textures        int `json:"textures"`
	Shaders         int `json:"shaders"`
	Visuals         int `json:"visuals"`
	VertexBuffers   int `json:"vertexBuffers"`
	Vertices        int `json:"vertices"`
	VisualTriangles int `json:"visualTriangles"`
	CFormVertices   int `json:"cformVertices"`
	CFormTriangles  int `json:"cformTriangles"`
	Portals         int `json:"portals"`
	Lights          int `json:"lights"`
	Glows           int `json:"glows"`
	Sectors         int `json:"sectors"`
}

// ChunkStat is one row of the chunk table.
type ChunkStat struct {
	ID         uint32 `json:"id"`
	Name       string `json:"name"`
	Offset     int64  `json:"offset"`
	Size       int64  `json:"size"`
	Compressed bool   `json:"compressed"`
	Unpacked   int64  `json:"unpackedSize"`
	Items      int    `json:"items"` // -1 when the chunk is not a list
	Error      string `json:"error,omitempty"`
}

// SectorStat is one row of the per-sector table.
type SectorStat struct {
	Index     int      `json:"index"`
	Root      int      `json:"root"`
	Visuals   int      `json:"visuals"`   // visuals in the root's subtree
	Triangles int      `json:"triangles"` // their triangles
	Vertices  int      `json:"vertices"`  // their vertex ranges
	Portals   int      `json:"portals"`
	Lights    int      `json:"lights"`
	Glows     int      `json:"glows"`
	Occluders int      `json:"occluders"`
	CFormTris int      `json:"cformTriangles"`
	Textures  []string `json:"textures"`
	// Bounds is the union of the BBOX chunks in the subtree (nil when none).
	Bounds *[2]geom.Vec3 `json:"bounds,omitempty"`
	// Partial is set when the subtree figures stop short: the hierarchy
	// walks of all sectors together exceeded walkBudget visuals.
	Partial bool `json:"partial,omitempty"`
}

// walkBudget caps the visuals visited by the per-sector walks of Stats
// (beyond four per visual of the level).
const walkBudget = 1 << 22

// Usage lists the visuals that use one texture or shader.
type Usage struct {
	Index   int    `json:"index"`
	Name    string `json:"name"`
	Visuals []int  `json:"visuals"`
	Glows   []int  `json:"glows,omitempty"`
}

// Stats is everything the statistics inspector shows.
type Stats struct {
	Version     int          `json:"version"`
	Description string       `json:"description"`
	Chunks      []ChunkStat  `json:"chunks"`
	Totals      Totals       `json:"counts"`
	Sectors     []SectorStat `json:"sectors"`
	Textures    []Usage      `json:"textures"`
	Shaders     []Usage      `json:"shaders"`
	// ShaderTextures are the textures the shaders of a version 12+ level
	// name ("shader/texture,lightmap"): such a level has no textures
	// chunk. Nil for older versions.
	ShaderTextures []Usage              `json:"shaderTextures,omitempty"`
	Diagnostics    []formats.Diagnostic `json:"diagnostics"`
}

// Totals counts the level's parts.
func (lv *Level) Totals() Totals {
	t := Totals{
		Textures: len(lv.Textures), Shaders: len(lv.Shaders), Visuals: len(lv.Visuals), VertexBuffers: len(lv.VBs),
		Portals: len(lv.Portals), Lights: len(lv.Lights), Glows: len(lv.Glows), Sectors: len(lv.Sectors),
	}
	for _, vb := range lv.VBs {
		t.Vertices += vb.Count
	}
	for _, v := range lv.Visuals {
		t.VisualTriangles += lv.Triangles(v)
	}
	if lv.CForm != nil {
		t.CFormVertices, t.CFormTriangles = lv.CForm.Counts()
	}
	return t
}

// Stats returns the statistics of the level (computed once; do not modify
// the result).
func (lv *Level) Stats() *Stats {
	lv.statsOnce.Do(func() { lv.stats = lv.computeStats() })
	return lv.stats
}

func (lv *Level) computeStats() *Stats {
	st := &Stats{Version: lv.Version, Description: lv.Description, Totals: lv.Totals(), Diagnostics: lv.Diags}
	st.Chunks = lv.chunkStats()
	st.Sectors = lv.sectorStats()
	st.Textures, st.Shaders = lv.usage()
	st.ShaderTextures = lv.shaderTextures(st.Shaders)
	return st
}

// shaderTextures lists the textures the shaders of a version 12+ level
// name ("shader/texture,lightmap,…"), in the order first named, each with
// the visuals and glows whose shader names it.
func (lv *Level) shaderTextures(shaders []Usage) []Usage {
	if lv.Version < 12 {
		return nil
	}
	out := []Usage{}
	index := map[string]int{}
	for _, su := range shaders {
		k := strings.IndexByte(su.Name, '/')
		if k < 0 {
			continue
		}
		for _, ref := range SplitTextures(su.Name[k+1:]) {
			if ref.Name == "" {
				continue
			}
			key := strings.ToLower(ref.Name)
			i, ok := index[key]
			if !ok {
				i = len(out)
				index[key] = i
				out = append(out, Usage{Index: i, Name: ref.Name, Visuals: []int{}})
			}
			out[i].Visuals = append(out[i].Visuals, su.Visuals...)
			out[i].Glows = append(out[i].Glows, su.Glows...)
		}
	}
	for i := range out {
		out[i].Visuals = sortedSet(out[i].Visuals)
		if out[i].Glows != nil {
			out[i].Glows = sortedSet(out[i].Glows)
		}
	}
	return out
}

// sortedSet sorts s and drops repeats.
func sortedSet(s []int) []int {
	slices.Sort(s)
	return slices.Compact(s)
}

// chunkStats lists the level's chunks, then the parts read from side files.
func (lv *Level) chunkStats() []ChunkStat {
	var out []ChunkStat
	for _, c := range lv.Chunks {
		cs := ChunkStat{ID: c.ID, Name: c.Name, Offset: c.Off, Size: int64(c.Size), Compressed: c.Compressed, Unpacked: c.Unpacked, Items: c.Items}
		if c.Err != nil {
			cs.Error = c.Err.Error()
		}
		out = append(out, cs)
	}
	for _, role := range []string{NameVBs, NameIBs, NameSWIs, NameCForm, GeomxPrefix + NameVBs, GeomxPrefix + NameIBs, GeomxPrefix + NameSWIs} {
		if sp, ok := lv.Side[role]; ok {
			role = strings.TrimPrefix(role, GeomxPrefix)
			c := sp.Info
			out = append(out, ChunkStat{ID: c.ID, Name: role + " (" + filepath.Base(sp.File) + ")", Offset: c.Off,
				Size: int64(c.Size), Compressed: c.Compressed, Unpacked: c.Unpacked, Items: c.Items})
		}
	}
	return out
}

// sectorStats sums each sector's visuals. Sectors sharing a root share its
// figures; the walks of all sectors together visit at most walkBudget
// visuals (a crafted hierarchy shared by many sectors would otherwise take
// sectors × visuals steps).
func (lv *Level) sectorStats() []SectorStat {
	cfBySector := map[int]int{}
	if lv.CForm != nil {
		cfBySector, _ = lv.CForm.Sectors()
	}
	var out []SectorStat
	byRoot := map[int]SectorStat{}
	budget := walkBudget + 4*len(lv.Visuals)
	for _, s := range lv.Sectors {
		ss := SectorStat{Index: s.Index, Root: s.Root, Portals: len(s.Portals), Lights: len(s.Lights), Glows: len(s.Glows),
			Occluders: len(s.Occluders), CFormTris: cfBySector[s.Index], Textures: []string{}}
		if r, ok := byRoot[s.Root]; ok {
			ss.Visuals, ss.Triangles, ss.Vertices, ss.Textures, ss.Bounds, ss.Partial = r.Visuals, r.Triangles, r.Vertices, r.Textures, r.Bounds, r.Partial
			out = append(out, ss)
			continue
		}
		lv.sumVisuals(&ss, budget)
		budget -= ss.Visuals
		if budget <= 0 {
			ss.Partial = true
		}
		byRoot[s.Root] = ss
		out = append(out, ss)
	}
	return out
}

// sumVisuals adds up the visuals under ss.Root (at most budget of them):
// triangles, vertices, bounds and base textures.
func (lv *Level) sumVisuals(ss *SectorStat, budget int) {
	seenTex := map[string]bool{}
	ss.Visuals = lv.walk(ss.Root, nil, budget, func(v *Visual) {
		ss.Triangles += lv.Triangles(v)
		if lv.indexCount(v) > 0 {
			_, _, n := lv.vertexSource(v)
			ss.Vertices += n
		}
		if v.HasBBox && finite(v.BBox) {
			if ss.Bounds == nil {
				b := v.BBox
				ss.Bounds = &b
			} else {
				for k := 0; k < 3; k++ {
					ss.Bounds[0][k] = min(ss.Bounds[0][k], v.BBox[0][k])
					ss.Bounds[1][k] = max(ss.Bounds[1][k], v.BBox[1][k])
				}
			}
		}
		if t := lv.BaseTexture(v); t != "" && !seenTex[t] {
			seenTex[t] = true
			ss.Textures = append(ss.Textures, t)
		}
	})
}

// usage lists which visuals and glows use each texture and shader.
func (lv *Level) usage() (texUse, shUse []Usage) {
	tex := lv.textureList()
	texUse = make([]Usage, len(lv.Textures))
	for i, t := range lv.Textures {
		texUse[i] = Usage{Index: i, Name: t, Visuals: []int{}}
	}
	shUse = make([]Usage, len(lv.Shaders))
	for i, s := range lv.Shaders {
		shUse[i] = Usage{Index: i, Name: s, Visuals: []int{}}
	}
	for _, v := range lv.Visuals {
		ti, si := v.TextureIndex, v.ShaderIndex
		if v.OGFVersion == 4 {
			ti, si = -1, int(v.Flags)
		}
		if lv.Version > 5 && ti >= 0 && ti < len(shUse) {
			shUse[ti].Visuals = appendOnce(shUse[ti].Visuals, v.Index)
		} else if ti >= 0 && ti < len(texUse) && len(tex) == len(texUse) {
			texUse[ti].Visuals = append(texUse[ti].Visuals, v.Index)
		}
		if si >= 0 && si < len(shUse) {
			shUse[si].Visuals = appendOnce(shUse[si].Visuals, v.Index)
		}
	}
	for i, g := range lv.Glows {
		if g.Texture >= 0 && int(g.Texture) < len(texUse) {
			texUse[g.Texture].Glows = append(texUse[g.Texture].Glows, i)
		}
		if g.Shader >= 0 && int(g.Shader) < len(shUse) {
			shUse[g.Shader].Glows = append(shUse[g.Shader].Glows, i)
		}
	}
	return texUse, shUse
}

func appendOnce(s []int, v int) []int {
	if len(s) > 0 && s[len(s)-1] == v {
		return s
	}
	return append(s, v)
}
