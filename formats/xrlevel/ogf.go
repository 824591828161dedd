package xrlevel

import (
	"encoding/binary"
	"fmt"
	"strings"

	"rummage/formats/binread"
	"rummage/formats/geom"
	"rummage/formats/xray"
)

// Visual is one OGF visual of the level's visual list.
type Visual struct {
	Index  int
	Rel    int64        // offset of its chunk in the (unpacked) visuals chunk
	Size   int64        // payload bytes
	Chunks []xray.Chunk // raw sub-chunks, offsets relative to the visuals chunk

	OGFVersion int
	Type       int
	Flags      uint16 // OGF v2: legacy render-state flags; v3: unused; v4: shader id

	TextureIndex int // TEXTURE_L (-1 none)
	ShaderIndex  int
	TextureName  string // OGF_TEXTURE strings (stand-alone models)
	ShaderName   string

	BBox      [2]geom.Vec3
	HasBBox   bool
	Sphere    [4]float32
	HasSphere bool

	VB, VBase, VCount int // VCONTAINER (VB -1 none)
	IB, IBase, ICount int // ICONTAINER / GCONTAINER (IB -1 none)
	Indices           []uint16
	HasIndices        bool
	OwnVertices       *VertexBuffer // OGF_VERTICES

	Children []int // CHILDREN_L
	SWI      []SWI // OGF v4 SWIDATA
	Xform    *[16]float32
	FastPath bool
	// Fast is the FASTPATH GCONTAINER (v13+): vb, v_base, v_count, ib,
	// i_base, i_count into the level.geomx buffers.
	Fast *[6]int

	Material   []byte   // OGF v2 MATERIAL (raw)
	SFLink     string   // OGF v2 SF_LINK
	ChildNames []string // OGF v2 CHIELDS / v3 CHILD_REFS: file names of stand-alone children
	PMap       []byte   // OGF v2 P_MAP progressive-mesh data (raw)
	Unknown    []uint32
}

// Legacy OGF v2 render-state flags (inferred from the 2000 exporters).
var legacyFlagNames = []struct {
	bit  uint16
	name string
}{{1, "specular"}, {2, "light"}, {4, "alpha"}, {8, "fog"}, {16, "ztest"}, {32, "zwrite"}}

// LegacyFlags names the set bits of an OGF v2 header's flags.
func LegacyFlags(f uint16) []string {
	out := []string{}
	for _, b := range legacyFlagNames {
		if f&b.bit != 0 {
			out = append(out, b.name)
		}
	}
	if rest := f &^ 0x3F; rest != 0 {
		out = append(out, fmt.Sprintf("0x%X", rest))
	}
	return out
}

var typeNamesV2 = []string{"normal", "hierarchy", "progressive", "progressive_fixed", "shadow_form", "field_arrows",
	"field_walls", "skeleton_part", "skeleton", "shotmark"}
var typeNamesV3 = []string{"normal", "hierarchy", "progressive", "skeleton_geomdef_pm", "skeleton_anim", "type5",
	"detail_patch", "skeleton_geomdef_st", "cached", "particle", "progressive2", "lod", "tree"}
var typeNamesV4 = []string{"normal", "hierarchy", "progressive", "skeleton_anim", "skeleton_geomdef_pm",
	"skeleton_geomdef_st", "lod", "tree_st", "particle_effect", "particle_group", "skeleton_rigid", "tree_pm", "3dfluid"}

// TypeName names the visual's model type for its OGF version.
func (v *Visual) TypeName() string {
	var names []string
	switch v.OGFVersion {
	case 2:
		names = typeNamesV2
	case 3:
		names = typeNamesV3
	case 4:
		names = typeNamesV4
	}
	if v.Type >= 0 && v.Type < len(names) {
		return names[v.Type]
	}
	return fmt.Sprintf("type%d", v.Type)
}

// Sub-chunk names per OGF version.
var ogfChunkNames = map[int]map[uint32]string{
	2: {1: "HEADER", 2: "TEXTURE", 3: "TEXTURE_L", 4: "MATERIAL", 5: "CHIELDS", 6: "BBOX", 7: "VERTICES", 8: "INDICES",
		9: "P_MAP", 0xa: "SF_LINK", 0xb: "VCONTAINER", 0xc: "BSPHERE", 0xd: "CHIELDS_L"},
	3: {1: "HEADER", 2: "TEXTURE", 3: "TEXTURE_L", 5: "CHILD_REFS", 6: "BBOX", 7: "VERTICES", 8: "INDICES", 9: "LODDATA",
		0xa: "VCONTAINER", 0xb: "BSPHERE", 0xc: "CHILDREN_L", 0xd: "S_BONE_NAMES", 0xe: "S_MOTIONS", 0xf: "DPATCH",
		0x10: "LODS", 0x11: "CHILDREN", 0x12: "S_SMPARAMS", 0x13: "ICONTAINER", 0x14: "S_SMPARAMS_NEW", 0x15: "LODDEF2",
		0x16: "TREEDEF2"},
	4: {1: "HEADER", 2: "TEXTURE", 3: "VERTICES", 4: "INDICES", 5: "P_MAP", 6: "SWIDATA", 7: "VCONTAINER",
		8: "ICONTAINER", 9: "CHILDREN", 0xa: "CHILDREN_L", 0xb: "LODDEF2", 0xc: "TREEDEF2", 0xd: "S_BONE_NAMES",
		0xe: "S_MOTIONS", 0xf: "S_SMPARAMS", 0x10: "S_IKDATA", 0x11: "S_USERDATA", 0x12: "S_DESC", 0x13: "S_MOTION_REFS",
		0x14: "SWICONTAINER", 0x15: "GCONTAINER", 0x16: "FASTPATH", 0x17: "S_LODS", 0x18: "S_MOTION_REFS2"},
}

// OGFChunkName names an OGF sub-chunk.
func OGFChunkName(version int, id uint32) string {
	if n, ok := ogfChunkNames[version][id]; ok {
		return n
	}
	return fmt.Sprintf("0x%X", id)
}

// per-version ids of the chunks the reader decodes
type ogfIDs struct {
	texture, textureL, bbox, vertices, indices, vcontainer, bsphere, childrenL, icontainer, gcontainer, swidata, treedef, fastpath, material, sflink, childNames, pmap uint32
}

var ogfIDTable = map[int]ogfIDs{
	2: {texture: 2, textureL: 3, material: 4, childNames: 5, bbox: 6, vertices: 7, indices: 8, pmap: 9, sflink: 0xa, vcontainer: 0xb, bsphere: 0xc, childrenL: 0xd},
	3: {texture: 2, textureL: 3, childNames: 5, bbox: 6, vertices: 7, indices: 8, vcontainer: 0xa, bsphere: 0xb, childrenL: 0xc, icontainer: 0x13, treedef: 0x16},
	4: {texture: 2, vertices: 3, indices: 4, swidata: 6, vcontainer: 7, icontainer: 8, childrenL: 0xa, treedef: 0xc, gcontainer: 0x15, fastpath: 0x16},
}

func (lv *Level) parseVisuals(b []byte, l loc) []*Visual {
	list := xray.ScanN(b, 0, l.itemCap(MaxVisuals))
	for _, d := range list.Diags {
		lv.diagAt(l, d.Off, "visual list: %s", d.Msg)
	}
	out := make([]*Visual, 0, len(list.Chunks))
	for i, ch := range list.Chunks {
		if ch.ID != uint32(i) {
			lv.diagAt(l.item(i), ch.Off, "visual %d has chunk id %d (ids should count up from 0)", i, ch.ID)
		}
		body := b[ch.DataOff : ch.DataOff+ch.Avail]
		base := ch.DataOff
		if ch.Compressed {
			var err error
			if body, err = lv.decodeNested(body); err != nil {
				lv.diagAt(l.item(i), ch.Off, "visual %d: %v", i, err)
				out = append(out, &Visual{Index: i, Rel: ch.Off, TextureIndex: -1, ShaderIndex: -1, VB: -1, IB: -1})
				continue
			}
			base = ch.DataOff // offsets inside are approximate
		}
		out = append(out, lv.parseVisual(i, body, base, ch, l))
	}
	return out
}

func (lv *Level) parseVisual(i int, body []byte, base int64, ch xray.Chunk, l loc) *Visual {
	l = l.item(i)
	v := &Visual{Index: i, Rel: ch.Off, Size: ch.Avail, TextureIndex: -1, ShaderIndex: -1, VB: -1, IB: -1}
	sub := xray.ScanN(body, base, maxSubChunks)
	v.Chunks = sub.Chunks
	for _, d := range sub.Diags {
		lv.diagAt(l, d.Off, "visual %d: %s", i, d.Msg)
	}
	at := func(c xray.Chunk) []byte {
		s := c.DataOff - base
		return body[s : s+c.Avail]
	}
	hc, ok := sub.Find(1)
	if !ok {
		lv.diagAt(l, ch.Off, "visual %d has no OGF header chunk", i)
		return v
	}
	h := at(hc)
	if len(h) < 4 {
		lv.diagAt(l, hc.Off, "visual %d: OGF header is %d bytes", i, len(h))
		return v
	}
	v.OGFVersion, v.Type, v.Flags = int(h[0]), int(h[1]), binary.LittleEndian.Uint16(h[2:])
	ids, known := ogfIDTable[v.OGFVersion]
	if !known {
		lv.diagAt(l, hc.Off, "visual %d: OGF version %d is not supported", i, v.OGFVersion)
		return v
	}
	if v.OGFVersion == 4 {
		if len(h) >= 44 {
			c := binread.NewCursor(h[4:], 0)
			v.BBox[0], v.BBox[1] = vec3(c), vec3(c)
			v.Sphere = [4]float32{c.F32(), c.F32(), c.F32(), c.F32()}
			v.HasBBox, v.HasSphere = true, true
		} else {
			lv.diagAt(l, hc.Off, "visual %d: OGF v4 header is %d bytes, want 44", i, len(h))
		}
	}
	seen := map[uint32]bool{}
	for _, c := range sub.Chunks {
		if seen[c.ID] {
			continue
		}
		seen[c.ID] = true
		p := at(c)
		if c.Compressed && len(p) > 0 {
			d, err := lv.decodeNested(p)
			if err != nil {
				lv.diagAt(l, c.Off, "visual %d sub-chunk 0x%X: %v", i, c.ID, err)
				continue
			}
			p = d
		}
		cur := binread.NewCursor(p, 0)
		short := func(want int) bool {
			if len(p) < want {
				lv.diagAt(l, c.Off, "visual %d: %s is %d bytes, want %d", i, OGFChunkName(v.OGFVersion, c.ID), len(p), want)
				return true
			}
			return false
		}
		switch c.ID {
		case 0:
			v.Unknown = append(v.Unknown, c.ID)
		case 1:
		case ids.textureL:
			if !short(8) {
				v.TextureIndex, v.ShaderIndex = int(cur.U32()), int(cur.U32())
			}
		case ids.texture:
			parts := strings.SplitN(string(p), "\x00", 3)
			if len(parts) >= 1 {
				v.TextureName = latin1([]byte(parts[0]))
			}
			if len(parts) >= 2 {
				v.ShaderName = latin1([]byte(parts[1]))
			}
		case ids.bbox:
			if !short(24) {
				v.BBox[0], v.BBox[1] = vec3(cur), vec3(cur)
				v.HasBBox = true
			}
		case ids.bsphere:
			if !short(16) {
				v.Sphere = [4]float32{cur.F32(), cur.F32(), cur.F32(), cur.F32()}
				v.HasSphere = true
			}
		case ids.vcontainer:
			if !short(12) {
				v.VB, v.VBase, v.VCount = int(cur.U32()), int(cur.U32()), int(cur.U32())
			}
		case ids.icontainer:
			if !short(12) {
				v.IB, v.IBase, v.ICount = int(cur.U32()), int(cur.U32()), int(cur.U32())
			}
		case ids.gcontainer:
			if !short(24) {
				v.VB, v.VBase, v.VCount = int(cur.U32()), int(cur.U32()), int(cur.U32())
				v.IB, v.IBase, v.ICount = int(cur.U32()), int(cur.U32()), int(cur.U32())
			}
		case ids.fastpath:
			// a nested chunk list holding a GCONTAINER into level.geomx
			v.FastPath = true
			fl := xray.ScanN(p, 0, maxSubChunks)
			if g, ok := fl.Find(ids.gcontainer); ok && g.Avail >= 24 {
				gc := binread.NewCursor(p[g.DataOff:g.DataOff+g.Avail], 0)
				var f [6]int
				for k := range f {
					f[k] = int(gc.U32())
				}
				v.Fast = &f
			} else {
				lv.diagAt(l, c.Off, "visual %d: FASTPATH holds no 24-byte GCONTAINER", i)
			}
		case ids.indices:
			n := cur.Count("index", 2)
			if cur.Err() != nil {
				lv.diagAt(l, c.Off, "visual %d indices: %v", i, cur.Err())
				break
			}
			v.Indices = readU16s(cur.Take(2 * n))
			v.HasIndices = true
		case ids.vertices:
			vb := &VertexBuffer{Index: -1, Rel: c.Off}
			fvf := cur.U32()
			f, err := ParseFVF(fvf)
			if err != nil {
				lv.diagAt(l, c.Off, "visual %d vertices: %v", i, err)
				break
			}
			vb.Format = f
			n := cur.Count("vertex", max(f.Stride, 1))
			if cur.Err() != nil {
				lv.diagAt(l, c.Off, "visual %d vertices: %v", i, cur.Err())
				break
			}
			vb.Count, vb.Data = n, cur.Take(n*f.Stride)
			v.OwnVertices = vb
		case ids.childrenL:
			n := cur.Count("child", 4)
			if cur.Err() != nil {
				lv.diagAt(l, c.Off, "visual %d children: %v", i, cur.Err())
				break
			}
			for k := 0; k < n; k++ {
				v.Children = append(v.Children, int(cur.U32()))
			}
		case ids.swidata:
			if v.OGFVersion == 4 {
				v.SWI = parseSWIList(cur)
				if cur.Err() != nil {
					lv.diagAt(l, c.Off, "visual %d SWIDATA: %v", i, cur.Err())
				}
			}
		case ids.treedef:
			if !short(64) {
				var m [16]float32
				for k := range m {
					m[k] = cur.F32()
				}
				v.Xform = &m
			}
		case ids.material:
			if v.OGFVersion == 2 {
				v.Material = p
			}
		case ids.sflink:
			if v.OGFVersion == 2 {
				v.SFLink = cstr(p)
			}
		case ids.pmap:
			if v.OGFVersion == 2 {
				v.PMap = p
			}
		case ids.childNames:
			if v.OGFVersion > 3 {
				v.Unknown = append(v.Unknown, c.ID)
				break
			}
			n := cur.Count("child name", 1)
			rest := p[cur.Pos():]
			for k := 0; k < n; k++ {
				end := 0
				for end < len(rest) && rest[end] != 0 {
					end++
				}
				if end >= len(rest) {
					lv.diagAt(l, c.Off, "visual %d: child name %d of %d is not terminated", i, k, n)
					break
				}
				v.ChildNames = append(v.ChildNames, latin1(rest[:end]))
				rest = rest[end+1:]
			}
		default:
			v.Unknown = append(v.Unknown, c.ID)
		}
	}
	if !v.HasBBox && v.OGFVersion < 4 {
		lv.diagAt(l, ch.Off, "visual %d has no bounding box (the engine requires one)", i)
	}
	return v
}

// textureList returns the list TEXTURE_L's texture index points into.
func (lv *Level) textureList() []string {
	if lv.Version <= 5 {
		return lv.Textures
	}
	return lv.Shaders
}

// TextureRef is one element of a comma-separated texture list.
type TextureRef struct {
	Class string `json:"class"` // "LMAP", "STD", ... (v4), "" when absent
	Name  string `json:"name"`
	UVSet int    `json:"uvSet"` // texture k uses UV set k
}

// SplitTextures splits a texture string at commas, then strips a `CLASS:`
// prefix from each element.
func SplitTextures(s string) []TextureRef {
	if s == "" {
		return nil
	}
	var out []TextureRef
	for k, e := range strings.Split(s, ",") {
		r := TextureRef{Name: e, UVSet: k}
		if c := strings.IndexByte(e, ':'); c > 0 && !strings.ContainsAny(e[:c], `\/.`) {
			r.Class, r.Name = e[:c], e[c+1:]
		}
		out = append(out, r)
	}
	return out
}

// IsLightmap reports whether a texture element is a lightmap.
func (t TextureRef) IsLightmap() bool {
	return strings.EqualFold(t.Class, "LMAP") || strings.HasPrefix(t.Name, "L#") || strings.HasPrefix(strings.ToLower(t.Name), "lmap")
}

// Material returns the visual's texture string and shader name as stored
// (texture string "lmap,base" lists in v4/v5; "shader/texture,lmap" in v12+).
func (lv *Level) Material(v *Visual) (texture, shader string) {
	if v.TextureName != "" || v.ShaderName != "" {
		return v.TextureName, v.ShaderName
	}
	if lv.Version >= 12 || v.OGFVersion == 4 {
		// "shader/texture[,lmap...]", by the OGF v4 shader id or TEXTURE_L
		id := v.TextureIndex
		if v.OGFVersion == 4 {
			id = int(v.Flags)
		}
		if id >= 0 && id < len(lv.Shaders) {
			s := lv.Shaders[id]
			if k := strings.IndexByte(s, '/'); k >= 0 {
				return s[k+1:], s[:k]
			}
			return "", s
		}
		return "", ""
	}
	tex := lv.textureList()
	if v.TextureIndex >= 0 && v.TextureIndex < len(tex) {
		texture = tex[v.TextureIndex]
	}
	if v.ShaderIndex >= 0 && v.ShaderIndex < len(lv.Shaders) {
		shader = lv.Shaders[v.ShaderIndex]
	}
	return texture, shader
}

// BaseTexture returns the visual's base (non-lightmap) texture name.
func (lv *Level) BaseTexture(v *Visual) string {
	t, _ := lv.Material(v)
	refs := SplitTextures(t)
	for i := len(refs) - 1; i >= 0; i-- {
		if !refs[i].IsLightmap() {
			if lv.Version >= 12 {
				return refs[0].Name
			}
			return refs[i].Name
		}
	}
	if len(refs) > 0 {
		return refs[0].Name
	}
	return ""
}

// visualIndices returns the visual's triangle indices (relative to its base
// vertex), or nil when it has none.
func (lv *Level) visualIndices(v *Visual) []uint16 {
	if v.HasIndices {
		return v.Indices
	}
	if v.IB >= 0 && v.IB < len(lv.IBs) {
		idx := lv.IBs[v.IB].Indices
		start, n := int64(v.IBase), int64(v.ICount)
		if len(v.SWI) > 0 {
			start += int64(v.SWI[0].Offset)
			n = int64(v.SWI[0].NumTris) * 3
		}
		if start < 0 || start > int64(len(idx)) {
			return nil
		}
		end := min(start+n, int64(len(idx)))
		return idx[start:end]
	}
	return nil
}

// Triangles returns the visual's own triangle count.
func (lv *Level) Triangles(v *Visual) int { return len(lv.visualIndices(v)) / 3 }

// vertexSource returns the buffer and range the visual's indices refer to.
func (lv *Level) vertexSource(v *Visual) (*VertexBuffer, int, int) {
	if v.OwnVertices != nil {
		return v.OwnVertices, 0, v.OwnVertices.Count
	}
	if v.VB >= 0 && v.VB < len(lv.VBs) {
		return lv.VBs[v.VB], v.VBase, v.VCount
	}
	return nil, 0, 0
}
