// Package col reads and writes GTA collision files (.col): archives of
// collision models, each a header (a four-character tag, COLL for GTA III
// and Vice City, COL2, COL3 or COL4 for San Andreas, a size, the model's
// name and id) and a body of spheres, boxes and a triangle mesh with a
// surface material per element; San Andreas adds face groups and, from
// COL3 on, a shadow mesh. A .col file is an archive node whose children
// are its models (mesh nodes); the vehicle collision embedded in a
// RenderWare clump is read here too (see ParseModel and ParseBody1).
package col

import (
	"rummage/formats/geom"
)

// Surface is an element's surface: its material (the game's surface
// type), flags, brightness and light. COL2+ faces keep only the material
// and the light.
type Surface struct {
	Material, Flag, Brightness, Light uint8
}

// Sphere is a collision sphere.
type Sphere struct {
	Center  geom.Vec3
	Radius  float32
	Surface Surface
}

// Box is an axis-aligned collision box.
type Box struct {
	Min, Max geom.Vec3
	Surface  Surface
}

// Face is a triangle of the collision (or shadow) mesh: three vertex
// indices and its surface.
type Face struct {
	A, B, C uint32
	Surface Surface
}

// FaceGroup is a San Andreas face group: a box around a run of faces
// (Start..End inclusive), which the game tests before the faces.
type FaceGroup struct {
	Min, Max   geom.Vec3
	Start, End uint16
}

// Bounds is a model's bounding box and sphere.
type Bounds struct {
	Min, Max, Center geom.Vec3
	Radius           float32
}

// Flags of a COL2+ model.
const (
	FlagNotEmpty   = 0x02 // the model has spheres, boxes or faces
	FlagFaceGroups = 0x08 // face groups precede the faces
	FlagShadow     = 0x10 // a shadow mesh follows (COL3+)
)

// Model is one collision model.
type Model struct {
	Version int    // 1 (COLL) to 4 (COL4)
	Name    string // at most 21 bytes
	ModelID uint16 // San Andreas' model id (GTA III and Vice City: the name's last two bytes)
	Bounds  Bounds
	Flags   uint32 // COL2+
	Lines   int    // COL2+: the count of lines (cones), which are not read
	Extra   uint32 // COL4: the u32 after the header

	Spheres    []Sphere
	Boxes      []Box
	Vertices   []geom.Vec3
	Faces      []Face
	FaceGroups []FaceGroup
	// The shadow mesh (COL3+, flag FlagShadow): the simpler mesh San
	// Andreas casts shadows from.
	ShadowVertices []geom.Vec3
	ShadowFaces    []Face
}

// Tags are the four-character tags of the model versions 1..4.
var Tags = [...]string{1: "COLL", 2: "COL2", 3: "COL3", 4: "COL4"}

// versionOf returns the version of a tag, 0 when it is none.
func versionOf(tag []byte) int {
	for v := 1; v < len(Tags); v++ {
		if string(tag) == Tags[v] {
			return v
		}
	}
	return 0
}
