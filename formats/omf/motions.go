package omf

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/binread"
	"rummage/formats/geom"
	"rummage/formats/xray"
)

// Chunk ids of motion data, in an .omf and in an OGF v4's own chunks.
const (
	ChunkMotions = 0xE // S_MOTIONS: chunk 0 the count, chunk k motion k-1
	ChunkParams  = 0xF // S_SMPARAMS
)

// SampleFPS is the key rate of X-Ray motions: key k is at k/30 s.
const SampleFPS = 30

// Per-bone flags of a motion.
const (
	FlagTPresent = 1 // translation keys follow (else one constant translation)
	FlagRAbsent  = 2 // one rotation and no CRC (else a CRC and a key per frame)
	FlagT16      = 4 // translation keys are int16 (else int8)
)

// Motion is one motion of a motions chunk: its name, frame count and
// where its bytes are (relative to the file's first byte).
type Motion struct {
	Name     string
	Frames   int
	Off, End int64
	Err      error
}

// Caps on a motions chunk.
const (
	maxMotions = 1 << 16
	maxFrames  = 1 << 20
)

// ReadMotions indexes a motions chunk's payload p (byte 0 at file offset
// base): its count chunk and one chunk per motion, each with a name and
// frame count. A motion chunk that is cut short is a Motion with Err.
func ReadMotions(p []byte, base int64) ([]Motion, error) {
	list := xray.ScanN(p, base, maxMotions+1)
	if len(list.Chunks) == 0 || list.Chunks[0].ID != 0 || list.Chunks[0].Avail < 4 {
		return nil, binread.Errorf(base, "motions chunk does not start with its count")
	}
	c0 := list.Chunks[0]
	n := int(binary.LittleEndian.Uint32(p[c0.DataOff-base:]))
	if n != len(list.Chunks)-1 {
		return nil, binread.Errorf(c0.DataOff, "motions chunk says %d motions, %d follow", n, len(list.Chunks)-1)
	}
	out := make([]Motion, 0, n)
	for k, c := range list.Chunks[1:] {
		m := Motion{Off: c.DataOff - base, End: c.DataOff - base + c.Avail}
		body := p[m.Off:m.End]
		switch {
		case c.ID != uint32(k+1):
			m.Err = binread.Errorf(c.Off, "motion chunk %d has id %d", k+1, c.ID)
		case c.Truncated():
			m.Err = binread.Errorf(c.Off+4, "motion chunk of %d bytes runs past the end (%d left)", c.Size, c.Avail)
		}
		end := bytes.IndexByte(body, 0)
		if end < 0 || end+5 > len(body) {
			m.Name = fmt.Sprintf("motion %d", k)
			if m.Err == nil {
				m.Err = binread.Errorf(c.DataOff, "motion %d has no name and frame count", k)
			}
		} else {
			m.Name = latin1(body[:end])
			m.Frames = int(binary.LittleEndian.Uint32(body[end+1:]))
		}
		m.Off, m.End = m.Off+base, m.End+base
		out = append(out, m)
	}
	return out, nil
}

// Decode reads motion m's keys from p (the file's bytes, byte 0 at
// offset base) for bones bones: per bone its flags, rotation keys (int16
// ÷ 32767, conjugated to the usual rotation sense: the engine's matrix of
// a quaternion is the transpose of the common one) and translation keys
// (int8 or int16 × size + init, or one constant). names, when long
// enough, name the tracks.
func Decode(p []byte, base int64, m Motion, bones int, names []string) (*geom.Animation, error) {
	if m.Err != nil {
		return nil, m.Err
	}
	body := p[m.Off-base : m.End-base]
	cur := binread.NewCursor(body, m.Off)
	zstr(cur)
	n := int(cur.U32())
	if n < 1 || n > maxFrames {
		return nil, binread.Errorf(cur.Off()-4, "motion %q has %d frames", m.Name, n)
	}
	a := &geom.Animation{Name: m.Name, FPS: SampleFPS, Duration: float32(n-1) / SampleFPS}
	times := make([]float32, n)
	for k := range times {
		times[k] = float32(k) / SampleFPS
	}
	for b := 0; b < bones; b++ {
		t := geom.Track{ID: -1, Index: b, Times: times}
		if b < len(names) {
			t.Bone = names[b]
		}
		if err := readTrack(cur, &t, n); err != nil {
			return nil, fmt.Errorf("motion %q bone %d: %w", m.Name, b, err)
		}
		a.Tracks = append(a.Tracks, t)
	}
	if cur.Len() != 0 {
		return nil, binread.Errorf(cur.Off(), "motion %q: %d bytes left after its %d bones", m.Name, cur.Len(), bones)
	}
	return a, nil
}

// readTrack reads one bone's keys.
func readTrack(cur *binread.Cursor, t *geom.Track, n int) error {
	at := cur.Off()
	flags := cur.U8()
	if flags&^7 != 0 {
		return binread.Errorf(at, "bone flags 0x%X (bits 0–2 are defined)", flags)
	}
	rkeys := n
	if flags&FlagRAbsent != 0 {
		rkeys = 1
	} else {
		cur.Skip(4) // CRC32 of the keys
	}
	if err := binread.CheckCount(cur.Off(), "rotation key", int64(rkeys), 8, int64(cur.Len())); err != nil {
		return err
	}
	t.Rot = make([]mgl32.Quat, rkeys)
	for k := range t.Rot {
		x, y, z, w := cur.I16(), cur.I16(), cur.I16(), cur.I16()
		t.Rot[k] = mgl32.Quat{W: float32(w) / 32767, V: mgl32.Vec3{-float32(x) / 32767, -float32(y) / 32767, -float32(z) / 32767}}
	}
	t.Kind = "rotation"
	if flags&FlagTPresent == 0 {
		t.Trans = []geom.Vec3{vec3(cur)}
		if flags&FlagRAbsent != 0 {
			t.Kind = "constant"
		}
		return cur.Err()
	}
	return readTranslations(cur, t, n, flags&FlagT16 != 0)
}

// readTranslations reads a bone's quantised translation keys, then their
// scale and offset.
func readTranslations(cur *binread.Cursor, t *geom.Track, n int, wide bool) error {
	cur.Skip(4) // CRC32
	size := 3
	if wide {
		size = 6
	}
	if err := binread.CheckCount(cur.Off(), "translation key", int64(n), int64(size), int64(cur.Len())); err != nil {
		return err
	}
	raw := cur.Take(n * size)
	scale, init := vec3(cur), vec3(cur)
	t.Trans = make([]geom.Vec3, n)
	for k := range t.Trans {
		for c := 0; c < 3; c++ {
			var q float32
			if wide {
				q = float32(int16(binary.LittleEndian.Uint16(raw[6*k+2*c:])))
			} else {
				q = float32(int8(raw[3*k+c]))
			}
			t.Trans[k][c] = q*scale[c] + init[c]
		}
	}
	t.Kind = "rotation+translation"
	if wide {
		t.Kind += " (16-bit)"
	}
	return cur.Err()
}

func vec3(cur *binread.Cursor) geom.Vec3 { return geom.Vec3{cur.F32(), cur.F32(), cur.F32()} }
