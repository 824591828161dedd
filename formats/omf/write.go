package omf

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math"

	"rummage/formats/geom"
	"rummage/formats/xray"
)

// WriteOptions chooses how Write stores translations.
type WriteOptions struct {
	// Wide stores moving translations as int16 keys (else int8).
	Wide bool
}

// Write encodes an .omf: S_MOTIONS with the animations (every one has a
// track per bone, in bone order, one key per frame at 30 a second) and
// S_SMPARAMS version 4 with one partition naming the bones by the first
// animation's tracks. A track with one rotation key is stored with the
// rotation-absent flag, one with one translation as a constant.
func Write(anims []*geom.Animation, opt WriteOptions) ([]byte, error) {
	if len(anims) == 0 {
		return nil, fmt.Errorf("no motions to write")
	}
	mot := xray.AppendChunk(nil, 0, binary.LittleEndian.AppendUint32(nil, uint32(len(anims))), false)
	for i, a := range anims {
		b, err := motionBytes(a, len(anims[0].Tracks), opt)
		if err != nil {
			return nil, fmt.Errorf("motion %q: %w", a.Name, err)
		}
		mot = xray.AppendChunk(mot, uint32(i+1), b, false)
	}
	out := xray.AppendChunk(nil, ChunkMotions, mot, false)
	return xray.AppendChunk(out, ChunkParams, paramsBytes(anims), false), nil
}

// paramsBytes is S_SMPARAMS v4: one partition "default" with every bone,
// then the motions' settings (speed 1, power 1, no marks).
func paramsBytes(anims []*geom.Animation) []byte {
	b := binary.LittleEndian.AppendUint16(nil, 4)
	b = binary.LittleEndian.AppendUint16(b, 1)
	b = append(append(b, "default"...), 0)
	b = binary.LittleEndian.AppendUint16(b, uint16(len(anims[0].Tracks)))
	for i, t := range anims[0].Tracks {
		b = append(append(b, t.Bone...), 0)
		b = binary.LittleEndian.AppendUint32(b, uint32(i))
	}
	b = binary.LittleEndian.AppendUint16(b, uint16(len(anims)))
	for i, a := range anims {
		b = append(append(b, a.Name...), 0)
		b = binary.LittleEndian.AppendUint32(b, 0)
		b = binary.LittleEndian.AppendUint16(b, 0)
		b = binary.LittleEndian.AppendUint16(b, uint16(i))
		for _, f := range []float32{1, 1, 2, 2} {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(f))
		}
		b = binary.LittleEndian.AppendUint32(b, 0) // marks
	}
	return b
}

// motionBytes encodes one motion: name, frame count, each bone's keys.
func motionBytes(a *geom.Animation, bones int, opt WriteOptions) ([]byte, error) {
	if len(a.Tracks) != bones {
		return nil, fmt.Errorf("%d tracks, the first motion has %d", len(a.Tracks), bones)
	}
	n := 0
	for _, t := range a.Tracks {
		n = max(n, t.Keys())
	}
	b := append(append([]byte(nil), a.Name...), 0)
	b = binary.LittleEndian.AppendUint32(b, uint32(max(n, 1)))
	for _, t := range a.Tracks {
		if (len(t.Rot) != 1 && len(t.Rot) != n) || (len(t.Trans) > 1 && len(t.Trans) != n) {
			return nil, fmt.Errorf("track %q: %d rotations and %d translations for %d frames", t.Bone, len(t.Rot), len(t.Trans), n)
		}
		b = appendTrack(b, &t, opt)
	}
	return b, nil
}

// appendTrack encodes one bone's flags and keys.
func appendTrack(b []byte, t *geom.Track, opt WriteOptions) []byte {
	var flags byte
	if len(t.Rot) == 1 {
		flags |= FlagRAbsent
	}
	if len(t.Trans) > 1 {
		flags |= FlagTPresent
		if opt.Wide {
			flags |= FlagT16
		}
	}
	b = append(b, flags)
	var q []byte
	for _, r := range t.Rot {
		for _, v := range []float32{-r.V[0], -r.V[1], -r.V[2], r.W} { // stored in the engine's sense
			q = binary.LittleEndian.AppendUint16(q, uint16(int16(math.Round(float64(v*32767)))))
		}
	}
	if flags&FlagRAbsent == 0 {
		b = binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(q))
	}
	b = append(b, q...)
	if flags&FlagTPresent == 0 {
		var c geom.Vec3
		if len(t.Trans) == 1 {
			c = t.Trans[0]
		}
		return f32s(b, c[:]...)
	}
	return appendTranslations(b, t.Trans, opt.Wide)
}

// appendTranslations quantises translation keys over their range: key =
// round((v − init) / size), size = range / steps.
func appendTranslations(b []byte, tr []geom.Vec3, wide bool) []byte {
	steps := float32(127)
	if wide {
		steps = 32767
	}
	var lo, hi geom.Vec3 = tr[0], tr[0]
	for _, v := range tr {
		for c := 0; c < 3; c++ {
			lo[c], hi[c] = min(lo[c], v[c]), max(hi[c], v[c])
		}
	}
	var init, size geom.Vec3
	for c := 0; c < 3; c++ {
		init[c] = (lo[c] + hi[c]) / 2
		size[c] = (hi[c] - lo[c]) / 2 / steps
	}
	var keys []byte
	for _, v := range tr {
		for c := 0; c < 3; c++ {
			k := float32(0)
			if size[c] != 0 {
				k = float32(math.Round(float64((v[c] - init[c]) / size[c])))
			}
			if wide {
				keys = binary.LittleEndian.AppendUint16(keys, uint16(int16(k)))
			} else {
				keys = append(keys, byte(int8(k)))
			}
		}
	}
	b = binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(keys))
	b = append(b, keys...)
	b = f32s(b, size[:]...)
	return f32s(b, init[:]...)
}

func f32s(b []byte, v ...float32) []byte {
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	return b
}
