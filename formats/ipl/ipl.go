// Package ipl reads and writes GTA item placement files (.ipl): the text
// files of GTA III, Vice City and San Andreas (sections inst, cull, grge,
// enex, pick, jump, tcyc, auzo, mult, cars, occl, zone, path, ...) and San
// Andreas' binary streams ("bnry", kept in gta3.img as NAME_streamN.ipl).
//
// An instance is a model placed in the world: its id (and, in text files,
// its name), interior, position, rotation and the index of its low-detail
// instance. The rotation is stored as the inverse of the object's turn:
// Rotation conjugates it, as the game does.
//
// The binary layout (San Andreas): a 76-byte header, "bnry", then six
// counts at +4 (instances), +8, +12, +16, +20 (parked cars), +24, then six
// offset/size pairs from +28 (instances at +28, cars at +60); 40-byte
// instances (position, quaternion x y z w, id, interior, lod) and 48-byte
// cars (position, angle, id, two colours, force spawn, alarm, door lock,
// two unknown values).
package ipl

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats"
	"rummage/formats/sectext"
)

// Instance is one placed object: an inst row or a binary instance.
type Instance struct {
	ID       int32
	Model    string // the model's name ("" in binary files: ids only)
	Interior int32  // as stored: the area in the low 8 bits, flags above
	Pos      [3]float32
	Scale    [3]float32 // GTA III and Vice City rows; 1, 1, 1 otherwise
	Rot      [4]float32 // the stored quaternion x, y, z, w: the inverse rotation
	LOD      int32      // index of its low-detail instance among the text file's inst rows, -1 for none
	Line     int        // 1-based line of a text row, 0 for a binary record
	Off      int64      // absolute offset of the row or record
}

// Area is the interior the instance belongs to (0 outside).
func (in *Instance) Area() int { return int(in.Interior & 0xFF) }

// Flags are the bits of the interior value above the area.
func (in *Instance) Flags() int { return int(uint32(in.Interior) >> 8) }

// Rotation returns the instance's rotation as a unit quaternion (w, x, y,
// z): the conjugate of the stored one, which is the inverse rotation. A
// zero or non-finite stored quaternion gives no rotation.
func (in *Instance) Rotation() mgl32.Quat {
	q := mgl32.Quat{W: in.Rot[3], V: mgl32.Vec3{-in.Rot[0], -in.Rot[1], -in.Rot[2]}}
	l := q.Len()
	if !(l > 1e-6) || math.IsInf(float64(l), 0) {
		return mgl32.QuatIdent()
	}
	return q.Scale(1 / l)
}

// Matrix returns the instance's placement, model to world: scaled, turned
// by Rotation, then moved to Pos. Non-finite positions and scales count
// as 0 and 1.
func (in *Instance) Matrix() mgl32.Mat4 {
	s := in.Scale
	for k := range s {
		if !finite(s[k]) || s[k] == 0 {
			s[k] = 1
		}
	}
	p := in.Pos
	for k := range p {
		if !finite(p[k]) {
			p[k] = 0
		}
	}
	m := in.Rotation().Mat4().Mul4(mgl32.Scale3D(s[0], s[1], s[2]))
	m[12], m[13], m[14] = p[0], p[1], p[2]
	return m
}

func finite(v float32) bool { return v-v == 0 }

// Car is a parked car generator: a cars row or a binary car.
type Car struct {
	Pos        [3]float32
	Angle      float32
	ID         int32 // vehicle model id, -1 for a random one
	Colors     [2]int32
	ForceSpawn int32
	Alarm      int32 // percent
	DoorLock   int32 // percent
	Unknown    [2]int32
	Line       int
	Off        int64
}

// File is a read item placement file.
type File struct {
	Binary    bool
	Instances []Instance
	Cars      []Car
	// Sections are a text file's sections in file order (a binary file
	// has none: its instances and cars are its two tables).
	Sections []sectext.Section
	// InstRows maps each inst row of a text file, in order, to its index
	// in Instances (-1 for a row that could not be read), so that LOD
	// indices, which count rows, find their instance.
	InstRows []int
	// Header is a binary file's six counts and six offset/size pairs.
	Header [18]int32
	Diags  []formats.Diagnostic
}

// LODInstance returns the index in Instances of instance i's low-detail
// instance, -1 when it has none or its index leads nowhere.
func (f *File) LODInstance(i int) int {
	l := f.Instances[i].LOD
	if l < 0 {
		return -1
	}
	if f.Binary {
		return -1 // a stream's LOD indexes its text file's rows
	}
	if int(l) < len(f.InstRows) {
		return f.InstRows[l]
	}
	return -1
}
