// Package dff reads and writes RenderWare clumps (.dff models of GTA III,
// Vice City and San Andreas): the frame hierarchy, the geometry list with
// vertex data, triangles, materials and the Bin Mesh split, the atomics
// that place geometries on frames, skin facts, and the PS2 native geometry
// of San Andreas PS2 (VIF-packed instance data). Textures are found through
// .ide files and TXDs beside the model or in the same IMG archive.
package dff

import (
	"image/color"
	"sync"

	"rummage/formats"
	"rummage/formats/geom"
)

// Section ids of a clump.
const (
	IDStruct        = 0x01
	IDString        = 0x02
	IDUnicodeString = 0x13
	IDExtension     = 0x03
	IDCamera        = 0x05
	IDTexture       = 0x06
	IDMaterial      = 0x07
	IDMaterialList  = 0x08
	IDFrameList     = 0x0E
	IDGeometry      = 0x0F
	IDClump         = 0x10
	IDLight         = 0x12
	IDAtomic        = 0x14
	IDGeometryList  = 0x1A
	IDSkin          = 0x116
	IDHAnim         = 0x11E
	IDBinMesh       = 0x50E
	IDNativeData    = 0x510
	IDFrameName     = 0x253F2FE
)

// Geometry format flags.
const (
	FlagTriStrip  = 0x01
	FlagPositions = 0x02
	FlagTextured  = 0x04
	FlagPrelit    = 0x08
	FlagNormals   = 0x10
	FlagLight     = 0x20
	FlagModulate  = 0x40
	FlagTextured2 = 0x80
	FlagNative    = 0x01000000
)

// MaxUVSets is the most UV sets a geometry may have.
const MaxUVSets = 8

// Ext is one extension (plugin) chunk, kept as it was stored.
type Ext struct {
	Type  uint32
	Stamp uint32
	Off   int64 // absolute offset of the chunk header, -1 when built
	Data  []byte
}

// Chunk is a section kept whole (lights, cameras, sections before or after
// the clump): its header and payload.
type Chunk struct {
	Type  uint32
	Stamp uint32
	Off   int64
	Data  []byte
}

// File is a whole .dff: the clump and any sections around it.
type File struct {
	Before  []Chunk // top-level sections before the clump (a UV animation dictionary)
	Clump   *Clump
	After   []Chunk // top-level sections after it
	Trailer []byte  // bytes after the last section (IMG sector padding)
	// Diags are the reader's findings: chunks skipped as the engine skips
	// them (not written back by Bytes) and a trailer that is not zeros.
	Diags []formats.Diagnostic
}

// Clump is a model: frames, geometries and the atomics joining them.
type Clump struct {
	Stamp      uint32
	Off        int64
	NumAtomics uint32
	NumLights  uint32
	NumCameras uint32
	OldStruct  bool // the struct holds only the atomic count (before 3.3)

	Frames         []Frame
	FrameListStamp uint32
	Geometries     []*Geometry
	GeomListStamp  uint32
	Atomics        []Atomic
	Extra          []Chunk // lights and cameras with their structs, in order
	Ext            []Ext
}

// Frame is one node of the hierarchy: a local transform and its parent.
type Frame struct {
	Off    int64      // absolute offset of its 56-byte record in the Frame List struct
	Rot    [9]float32 // right, up, at vectors (rows)
	Pos    geom.Vec3
	Parent int32 // index of the parent frame, -1 for a root
	Flags  uint32
	Name   string // from the frame-name extension, "" when absent
	Ext    []Ext
}

// Atomic places a geometry on a frame.
type Atomic struct {
	Stamp    uint32
	Off      int64
	Frame    int32
	Geometry int32
	Flags    uint32
	Unused   uint32
	Ext      []Ext
}

// Tri is a stored triangle: three vertex indices and a material index.
type Tri struct {
	A, B, C uint16
	Mat     uint16
}

// MorphTarget is one key shape of a geometry; the model uses target 0.
type MorphTarget struct {
	Sphere       [4]float32 // centre and radius
	HasPositions bool
	HasNormals   bool
	Positions    []geom.Vec3
	Normals      []geom.Vec3
}

// Geometry is one mesh: vertices, triangles and materials.
type Geometry struct {
	Stamp    uint32
	Off      int64  // absolute offset of the chunk header
	Len      int64  // chunk bytes, header included
	Flags    uint32 // format word: flags, UV set count (bits 16..23), native bit
	NumTris  int32
	NumVerts int32
	// Surface holds ambient, specular and diffuse of pre-3.4 files.
	Surface *[3]float32
	Prelit  []color.NRGBA
	UVs     [][]geom.Vec2
	Tris    []Tri
	Morph   []MorphTarget

	MatList   MaterialList
	Materials []*Material // one per list slot (shared slots point to the same material)

	BinMesh *BinMesh
	Skin    *Skin
	Native  *Ext // the Native Data extension of a native geometry
	Ext     []Ext

	baseOnce sync.Once
	base     baseMesh
}

// baseMesh is a geometry's decoded vertices and its triangles per
// material slot, made once and shared by every Mesh call.
type baseMesh struct {
	m      *geom.Mesh // no indices or groups
	bySlot [][][3]uint32
	err    error
}

// MaterialList is the material list as stored: per slot -1 (a material
// follows) or the index of an earlier slot it reuses.
type MaterialList struct {
	Stamp   uint32
	Indices []int32
	Own     []*Material // the stored materials, in order
}

// Material is a surface: colour and optional texture.
type Material struct {
	Stamp    uint32
	Off      int64
	Flags    uint32
	Color    color.NRGBA
	Unused   int32
	Textured int32
	Surface  *[3]float32 // ambient, specular, diffuse (3.4 and later)
	Texture  *Texture
	Ext      []Ext
}

// Texture is a material's texture reference: names and sampling.
type Texture struct {
	Stamp   uint32
	Off     int64
	Filter  uint32 // filter mode (bits 0..7), U and V addressing (8..11, 12..15), flags
	Name    string
	Mask    string
	NameRaw []byte // the stored string payloads, for byte-identical writing
	MaskRaw []byte
	NameID  uint32 // string chunk type (0x02, or 0x13 for Unicode)
	MaskID  uint32
	Ext     []Ext
}

// BinMesh is the Bin Mesh extension: the geometry split per material.
type BinMesh struct {
	Strip  bool // triangle strips, else triangle lists
	Total  uint32
	Splits []Split
	Native bool // the splits store no indices (native geometry)
}

// Split is one material's run of indices.
type Split struct {
	Material   uint32
	NumIndices uint32
	Indices    []uint32 // nil for native geometry
}

// UVSets returns the number of UV sets the format word says.
func (g *Geometry) UVSets() int {
	n := int(g.Flags>>16) & 0xFF
	if n == 0 {
		switch {
		case g.Flags&FlagTextured2 != 0:
			n = 2
		case g.Flags&FlagTextured != 0:
			n = 1
		}
	}
	return min(n, MaxUVSets)
}

// IsNative reports native (platform-specific) geometry.
func (g *Geometry) IsNative() bool { return g.Flags&FlagNative != 0 }
