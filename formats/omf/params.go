package omf

import (
	"bytes"

	"rummage/formats/binread"
)

// Params is S_SMPARAMS: the bone partitions (which name each bone and
// give its id, its place in the model's bone list) and each motion's
// playback settings.
type Params struct {
	Version    uint16
	Partitions []Partition
	Motions    []MotionParams
}

// Partition is a named group of bones motions can play on alone.
type Partition struct {
	Name  string
	Bones []PartBone
}

// PartBone is a bone of a partition: its name (versions 2–4) and id
// (versions 1, 3, 4; in version 2 its place in the partition's list).
type PartBone struct {
	Name string
	ID   int
}

// MotionParams are one motion's settings.
type MotionParams struct {
	Name                          string
	Flags                         uint32
	BoneOrPart, Motion            uint16
	Speed, Power, Accrue, Falloff float32
}

// Caps on the params of one file.
const (
	maxParts       = 1 << 8
	maxParamBones  = 1 << 12
	maxParamMotion = 1 << 16
	maxMarks       = 1 << 12
)

// ReadParams decodes S_SMPARAMS held in p (byte 0 at file offset base).
func ReadParams(p []byte, base int64) (*Params, error) {
	cur := binread.NewCursor(p, base)
	ps := &Params{Version: cur.U16()}
	if cur.Err() == nil && (ps.Version < 1 || ps.Version > 4) {
		return nil, binread.Unsupportedf(base, "motion parameters version %d (1 to 4 are read)", ps.Version)
	}
	nparts := int(cur.U16())
	if nparts > maxParts || nparts*3 > cur.Len() {
		return nil, binread.Errorf(base+2, "%d bone partitions do not fit the %d bytes left", nparts, cur.Len())
	}
	for i := 0; i < nparts && cur.Err() == nil; i++ {
		part := Partition{Name: zstr(cur)}
		n := int(cur.U16())
		if n > maxParamBones || n > cur.Len() {
			return nil, binread.Errorf(cur.Off()-2, "partition %q has %d bones in %d bytes", part.Name, n, cur.Len())
		}
		for k := 0; k < n && cur.Err() == nil; k++ {
			var b PartBone
			switch ps.Version {
			case 1:
				b.ID = int(cur.U32())
			case 2:
				b.Name, b.ID = zstr(cur), k
			default:
				b.Name = zstr(cur)
				b.ID = int(cur.U32())
			}
			part.Bones = append(part.Bones, b)
		}
		ps.Partitions = append(ps.Partitions, part)
	}
	if err := ps.readMotions(cur); err != nil {
		return nil, err
	}
	return ps, cur.Err()
}

// readMotions reads the motion settings after the partitions.
func (ps *Params) readMotions(cur *binread.Cursor) error {
	n := int(cur.U16())
	if cur.Err() != nil {
		return cur.Err()
	}
	if n > maxParamMotion || n*25 > cur.Len() {
		return binread.Errorf(cur.Off()-2, "%d motion settings do not fit the %d bytes left", n, cur.Len())
	}
	for i := 0; i < n && cur.Err() == nil; i++ {
		m := MotionParams{Name: zstr(cur), Flags: cur.U32(), BoneOrPart: cur.U16(), Motion: cur.U16()}
		m.Speed, m.Power, m.Accrue, m.Falloff = cur.F32(), cur.F32(), cur.F32(), cur.F32()
		if ps.Version == 4 {
			skipMarks(cur)
		}
		ps.Motions = append(ps.Motions, m)
	}
	return nil
}

// skipMarks moves past a version-4 motion's marks: a count, then per mark
// a name (a text line) and its intervals.
func skipMarks(cur *binread.Cursor) {
	n := int(cur.U32())
	if n > maxMarks {
		cur.Failf("motion has %d marks (at most %d)", n, maxMarks)
		return
	}
	for k := 0; k < n && cur.Err() == nil; k++ {
		rest := cur.Bytes()[cur.Pos():]
		end := bytes.IndexByte(rest, '\n')
		if end < 0 {
			cur.Failf("motion mark %d has no end of line", k)
			return
		}
		cur.Skip(end + 1)
		cnt := cur.Count("mark interval", 8)
		cur.Skip(8 * cnt)
	}
}

// BoneCount is how many bones the partitions hold: the bones every motion
// has a track for.
func (ps *Params) BoneCount() int {
	n := 0
	for _, p := range ps.Partitions {
		n += len(p.Bones)
	}
	return n
}

// BoneNames returns the name of each bone id (""  where none is known).
func (ps *Params) BoneNames() []string {
	out := make([]string, ps.BoneCount())
	for _, p := range ps.Partitions {
		for _, b := range p.Bones {
			if b.ID >= 0 && b.ID < len(out) {
				out[b.ID] = b.Name
			}
		}
	}
	return out
}

// zstr reads a NUL-terminated string (Windows-1251 bytes kept as Latin-1).
func zstr(cur *binread.Cursor) string {
	rest := cur.Bytes()[cur.Pos():]
	end := bytes.IndexByte(rest, 0)
	if end < 0 {
		cur.Failf("string has no terminating NUL")
		return ""
	}
	s := latin1(rest[:end])
	cur.Skip(end + 1)
	return s
}

// latin1 maps bytes to the runes of the same value, so names with
// Windows-1251 letters stay one rune per byte.
func latin1(b []byte) string {
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}
