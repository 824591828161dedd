package ifp

import (
	"encoding/binary"
	"fmt"
	"math"

	"rummage/formats/geom"
)

// WriteANPK encodes animations as a GTA III / Vice City package named
// name, as the games store it: rotations inverted, absolute key times; vc
// writes the 44-byte ANIM header that carries each track's bone tag (its
// ID). Every track's channels must have one key per time.
func WriteANPK(name string, anims []*geom.Animation, vc bool) ([]byte, error) {
	body := chunkBytes("INFO", append(le32(nil, uint32(len(anims))), zstr(name)...))
	for _, a := range anims {
		dg := chunkBytes("INFO", le32(nil, uint32(len(a.Tracks)), 0))
		for i := range a.Tracks {
			cp, err := cpanBytes(&a.Tracks[i], vc)
			if err != nil {
				return nil, fmt.Errorf("animation %q: %w", a.Name, err)
			}
			dg = append(dg, chunkBytes("CPAN", cp)...)
		}
		body = append(body, chunkBytes("NAME", zstr(a.Name))...)
		body = append(body, chunkBytes("DGAN", dg)...)
	}
	return chunkBytes(TagANPK, body), nil
}

// WrapANLF puts ANPK packages into an ANLF container.
func WrapANLF(packages ...[]byte) []byte {
	out := chunkBytes(TagANLF, le32(nil, uint32(len(packages))))
	for _, p := range packages {
		out = append(out, p...)
	}
	return out
}

// cpanBytes encodes one sequence: its ANIM header and key chunk.
func cpanBytes(t *geom.Track, vc bool) ([]byte, error) {
	n := len(t.Times)
	if len(t.Rot) != n || (t.Trans != nil && len(t.Trans) != n) || (t.Scale != nil && len(t.Scale) != n) {
		return nil, fmt.Errorf("track %q: channels of %d, %d, %d keys for %d times", t.Bone, len(t.Rot), len(t.Trans), len(t.Scale), n)
	}
	h := make([]byte, 40, 44)
	copy(h[:24], t.Bone)
	binary.LittleEndian.PutUint32(h[28:], uint32(n))
	binary.LittleEndian.PutUint32(h[36:], uint32(max(n-1, 0)))
	if vc {
		h = le32(h, uint32(t.ID))
	}
	out := chunkBytes("ANIM", h)
	if n == 0 {
		return out, nil
	}
	tag := "KR00"
	switch {
	case t.Scale != nil:
		tag = "KRTS"
	case t.Trans != nil:
		tag = "KRT0"
	}
	var keys []byte
	for i := 0; i < n; i++ {
		q := t.Rot[i]
		keys = f32s(keys, -q.V[0], -q.V[1], -q.V[2], q.W)
		if t.Trans != nil || t.Scale != nil {
			tr := geom.Vec3{}
			if t.Trans != nil {
				tr = t.Trans[i]
			}
			keys = f32s(keys, tr[:]...)
		}
		if t.Scale != nil {
			keys = f32s(keys, t.Scale[i][:]...)
		}
		keys = f32s(keys, t.Times[i])
	}
	return append(out, chunkBytes(tag, keys)...), nil
}

// WriteANP3 encodes a San Andreas package (ANP3): rotations as stored,
// absolute key times; compressed stores int16 keys (rotation × 4096, time
// × 60, translation × 1024).
func WriteANP3(name string, anims []*geom.Animation, compressed bool) ([]byte, error) {
	var body []byte
	body = append(body, fixed(name, ifpNameSize)...)
	body = le32(body, uint32(len(anims)))
	for _, a := range anims {
		var seqs []byte
		keyBytes := 0
		for i := range a.Tracks {
			t := &a.Tracks[i]
			s, n, err := anp3Seq(t, compressed)
			if err != nil {
				return nil, fmt.Errorf("animation %q: %w", a.Name, err)
			}
			seqs = append(seqs, s...)
			keyBytes += n
		}
		body = append(body, fixed(a.Name, ifpNameSize)...)
		body = le32(body, uint32(len(a.Tracks)), uint32(keyBytes), b2u(compressed))
		body = append(body, seqs...)
	}
	out := append([]byte(TagANP3), le32(nil, uint32(len(body)))...)
	return append(out, body...), nil
}

// anp3Seq encodes one ANP3 sequence and returns the bytes of its keys.
func anp3Seq(t *geom.Track, compressed bool) ([]byte, int, error) {
	n := len(t.Times)
	if len(t.Rot) != n || (t.Trans != nil && len(t.Trans) != n) {
		return nil, 0, fmt.Errorf("track %q: channels of %d, %d keys for %d times", t.Bone, len(t.Rot), len(t.Trans), n)
	}
	typ := uint32(1)
	if t.Trans != nil {
		typ = 2
	}
	if compressed {
		typ += 2
	}
	out := append(fixed(t.Bone, ifpNameSize), le32(nil, typ, uint32(n), uint32(t.ID))...)
	start := len(out)
	for i := 0; i < n; i++ {
		q := t.Rot[i]
		if !compressed {
			out = f32s(out, q.V[0], q.V[1], q.V[2], q.W, t.Times[i])
			if t.Trans != nil {
				out = f32s(out, t.Trans[i][:]...)
			}
			continue
		}
		out = i16s(out, 4096, q.V[0], q.V[1], q.V[2], q.W)
		out = i16s(out, 60, t.Times[i])
		if t.Trans != nil {
			out = i16s(out, 1024, t.Trans[i][:]...)
		}
	}
	return out, len(out) - start, nil
}

func chunkBytes(tag string, payload []byte) []byte {
	out := append([]byte(tag), le32(nil, uint32(len(payload)))...)
	out = append(out, payload...)
	for len(out)%4 != 0 {
		out = append(out, 0)
	}
	return out
}

func le32(b []byte, v ...uint32) []byte {
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, x)
	}
	return b
}

func f32s(b []byte, v ...float32) []byte {
	for _, x := range v {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	return b
}

// i16s appends each value × scale, rounded, as an int16.
func i16s(b []byte, scale float32, v ...float32) []byte {
	for _, x := range v {
		r := math.Round(float64(x * scale))
		b = binary.LittleEndian.AppendUint16(b, uint16(int16(max(min(r, math.MaxInt16), math.MinInt16))))
	}
	return b
}

// zstr is a NUL-terminated string padded to four bytes.
func zstr(s string) []byte {
	b := make([]byte, (len(s)+4)&^3)
	copy(b, s)
	return b
}

// fixed is s in a NUL-padded field of n bytes.
func fixed(s string, n int) []byte {
	b := make([]byte, n)
	copy(b[:n-1], s)
	return b
}

func b2u(v bool) uint32 {
	if v {
		return 1
	}
	return 0
}
