package xrlevel

import (
	"fmt"

	"rummage/formats/geom"
	"rummage/formats/xray"
)

// Visual is one OGF visual of the level's visual list.
type Visual struct {
	Index int
	// Err is the first problem that leaves the visual without its true
	// geometry (a buffer that does not exist, an index past its vertices):
	// its mesh and facts then fail with it instead of counting wrong.
	Err error
	// ErrSide says Err comes from a missing side file (level.geom): the
	// level's own facts still hold, with a warning naming the file.
	ErrSide bool
	Rel     int64        // offset of its chunk in the (unpacked) visuals chunk
	Size    int64        // payload bytes
	Chunks  []xray.Chunk // raw sub-chunks, offsets relative to the visuals chunk

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

	// Material and PMap are OGF v2 MATERIAL and P_MAP (raw) of a visual
	// made in memory; a visual read from a file reads them when asked
	// (MaterialBytes, PMapBytes).
	Material   []byte
	SFLink     string   // OGF v2 SF_LINK
	ChildNames []string // OGF v2 CHIELDS / v3 CHILD_REFS: file names of stand-alone children
	PMap       []byte
	material   lazyBytes
	pmap       lazyBytes
	// Nested holds the OGF_CHILDREN sub-chunks of a stand-alone model:
	// its child visuals stored inside it. Skeleton holds its S_* chunks
	// (bone names, motions, IK data...).
	Nested   []xray.Chunk
	Skeleton []xray.Chunk
	Unknown  []uint32

	// cut says where the visual's bytes end early (its chunk, or one of its
	// sub-chunks, declares more than is there): it is then broken.
	cut *cutChunk
}

// cutChunk is a chunk that declares more bytes than its list holds.
type cutChunk struct {
	what      string
	c         xray.Chunk
	container string
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
		0x16: "TREEDEF2", 0x1C: "S_IKDATA"},
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

// visualIndices returns the visual's triangle indices (relative to its base
// vertex), or nil when it has none.
func (lv *Level) visualIndices(v *Visual) []uint16 {
	if v.HasIndices {
		if len(v.SWI) > 0 { // a progressive mesh: its full-detail run
			s := v.SWI[0]
			start, end := int64(s.Offset), int64(s.Offset)+3*int64(s.NumTris)
			if start > int64(len(v.Indices)) {
				return nil
			}
			return v.Indices[start:min(end, int64(len(v.Indices)))]
		}
		return v.Indices
	}
	if ib, start, end, ok := lv.ibRange(v); ok {
		return ib.span(start, end)
	}
	return nil
}

// ibRange is the run of index buffer ib a visual without indices of its
// own draws: start..end (within the buffer); ok false when it has none.
func (lv *Level) ibRange(v *Visual) (ib *IndexBuffer, start, end int, ok bool) {
	if v.HasIndices || v.IB < 0 || v.IB >= len(lv.IBs) {
		return nil, 0, 0, false
	}
	ib = &lv.IBs[v.IB]
	s, n := int64(v.IBase), int64(v.ICount)
	if len(v.SWI) > 0 {
		s += int64(v.SWI[0].Offset)
		n = int64(v.SWI[0].NumTris) * 3
	}
	if s < 0 || s > int64(ib.Count) {
		return nil, 0, 0, false
	}
	return ib, int(s), int(min(s+max(n, 0), int64(ib.Count))), true
}

// indexCount is how many indices visualIndices returns, without reading
// an index buffer.
func (lv *Level) indexCount(v *Visual) int {
	if v.HasIndices {
		return len(lv.visualIndices(v))
	}
	if _, start, end, ok := lv.ibRange(v); ok {
		return end - start
	}
	return 0
}

// Triangles returns the visual's own triangle count.
func (lv *Level) Triangles(v *Visual) int { return lv.indexCount(v) / 3 }

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

// MaterialBytes returns the OGF v2 MATERIAL bytes (nil without one).
func (v *Visual) MaterialBytes() []byte { return lazyOr(v.Material, v.material) }

// PMapBytes returns the OGF v2 P_MAP bytes (nil without one).
func (v *Visual) PMapBytes() []byte { return lazyOr(v.PMap, v.pmap) }
