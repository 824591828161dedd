package ifp

import (
	"encoding/binary"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/binread"
	"rummage/formats/geom"
)

// Decode reads the keys of animation e of a package in b (byte 0 at file
// offset base).
func (p *Package) Decode(b []byte, base int64, e Entry) (*geom.Animation, error) {
	if e.Err != nil {
		return nil, e.Err
	}
	if e.Off < 0 || e.End > int64(len(b)) || e.Off > e.End {
		return nil, binread.Errorf(base+e.Off, "animation %q lies outside the file", e.Name)
	}
	var a *geom.Animation
	var err error
	if p.Format == TagANPK {
		a, err = decodeANPK(b, base, e)
	} else {
		a, err = decodeANP3(b[e.Off:e.End], base+e.Off, p.Format == TagANP3)
	}
	if err != nil {
		return nil, err
	}
	for i := range a.Tracks {
		if n := len(a.Tracks[i].Times); n > 0 {
			a.Duration = max(a.Duration, a.Tracks[i].Times[n-1])
		}
	}
	return a, nil
}

// Sequence types of ANP3 and their names in the facts.
var anp3Kinds = [...]string{1: "rotation", 2: "rotation+translation", 3: "compressed rotation", 4: "compressed rotation+translation"}

// decodeANP3 reads one ANP2/ANP3 animation held in b (byte 0 at base).
func decodeANP3(b []byte, base int64, anp3 bool) (*geom.Animation, error) {
	cur := binread.NewCursor(b, base)
	a := &geom.Animation{Name: cur.CString(ifpNameSize)}
	seqs := int(cur.U32())
	if anp3 {
		cur.Skip(8)
	}
	a.Tracks = make([]geom.Track, 0, min(seqs, maxSequences))
	for k := 0; k < seqs && cur.Err() == nil; k++ {
		t := geom.Track{Bone: cur.CString(ifpNameSize), Index: -1}
		at := cur.Off()
		typ, n := cur.U32(), int(cur.U32())
		t.ID = cur.I32()
		if cur.Err() != nil || keySize(typ) == 0 || n > maxKeys || n*keySize(typ) > cur.Len() {
			return nil, binread.Errorf(at, "animation %q sequence %d: type %d with %d keys does not fit", a.Name, k, typ, n)
		}
		t.Kind = anp3Kinds[typ]
		readANP3Keys(cur, &t, typ, n)
		if err := checkTimes(&t, at, a.Name, k); err != nil {
			return nil, err
		}
		a.Tracks = append(a.Tracks, t)
	}
	return a, cur.Err()
}

// readANP3Keys reads n keys of an ANP3 sequence type into t.
func readANP3Keys(cur *binread.Cursor, t *geom.Track, typ uint32, n int) {
	t.Times = make([]float32, n)
	t.Rot = make([]mgl32.Quat, n)
	trans := typ == 2 || typ == 4
	if trans {
		t.Trans = make([]geom.Vec3, n)
	}
	for i := 0; i < n; i++ {
		if typ <= 2 {
			x, y, z, w := cur.F32(), cur.F32(), cur.F32(), cur.F32()
			t.Rot[i] = mgl32.Quat{W: w, V: mgl32.Vec3{x, y, z}}
			t.Times[i] = cur.F32()
			if trans {
				t.Trans[i] = geom.Vec3{cur.F32(), cur.F32(), cur.F32()}
			}
			continue
		}
		q := func() float32 { return float32(cur.I16()) / 4096 }
		x, y, z, w := q(), q(), q(), q()
		t.Rot[i] = mgl32.Quat{W: w, V: mgl32.Vec3{x, y, z}}
		t.Times[i] = float32(cur.I16()) / 60
		if trans {
			tr := func() float32 { return float32(cur.I16()) / 1024 }
			t.Trans[i] = geom.Vec3{tr(), tr(), tr()}
		}
	}
}

// checkTimes refuses key times that are not finite or run backwards.
func checkTimes(t *geom.Track, at int64, anim string, seq int) error {
	for i, v := range t.Times {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) || (i > 0 && v < t.Times[i-1]) {
			return binread.Errorf(at, "animation %q sequence %d: key %d time %v is not after the one before", anim, seq, i, v)
		}
	}
	return nil
}

// decodeANPK reads one ANPK animation: NAME, then DGAN with INFO (the
// sequence count) and per sequence a CPAN holding ANIM (name, key count,
// Vice City's bone tag) and the key chunk (KR00, KRT0 or KRTS).
func decodeANPK(b []byte, base int64, e Entry) (*geom.Animation, error) {
	nm, err := readChunk(b, base, e.Off, e.End, "NAME")
	if err != nil {
		return nil, err
	}
	a := &geom.Animation{Name: cstr(b[nm.data : nm.data+nm.size])}
	dg, err := readChunk(b, base, nm.end, e.End, "DGAN")
	if err != nil {
		return nil, err
	}
	info, err := readChunk(b, base, dg.data, dg.end, "INFO")
	if err != nil || info.size < 4 {
		return nil, binread.Errorf(base+dg.data, "animation %q has no INFO chunk with its sequence count", a.Name)
	}
	n := int64(binary.LittleEndian.Uint32(b[info.data:]))
	if err := binread.CheckCount(base+info.data, "sequence", n, 16, dg.end-info.end); err != nil {
		return nil, err
	}
	pos := info.end
	for k := 0; k < int(n); k++ {
		t, end, err := decodeCPAN(b, base, pos, dg.end, a.Name, k)
		if err != nil {
			return nil, err
		}
		a.Tracks = append(a.Tracks, t)
		pos = end
	}
	return a, nil
}

// anpkKeyBytes is the record size of each ANPK key chunk.
var anpkKeyBytes = map[string]int{"KR00": 20, "KRT0": 32, "KRTS": 44}

// decodeCPAN reads one sequence at pos and returns where it ends.
func decodeCPAN(b []byte, base, pos, limit int64, anim string, k int) (geom.Track, int64, error) {
	t := geom.Track{ID: -1, Index: -1}
	cp, err := readChunk(b, base, pos, limit, "CPAN")
	if err != nil {
		return t, 0, err
	}
	an, err := readChunk(b, base, cp.data, cp.end, "ANIM")
	if err != nil || an.size < 32 {
		return t, 0, binread.Errorf(base+cp.data, "animation %q sequence %d has no ANIM header", anim, k)
	}
	h := b[an.data : an.data+an.size]
	t.Bone = cstr(h[:min(len(h), 28)])
	n := int64(int32(binary.LittleEndian.Uint32(h[28:])))
	if an.size >= 44 {
		t.ID = int32(binary.LittleEndian.Uint32(h[40:]))
	}
	if n == 0 {
		return t, cp.end, nil
	}
	kc, err := readChunk(b, base, an.end, cp.end, "")
	if err != nil {
		return t, 0, err
	}
	rec, ok := anpkKeyBytes[kc.tag]
	if !ok {
		return t, 0, binread.Errorf(base+kc.off, "animation %q sequence %d: key chunk %q (KR00, KRT0 or KRTS expected)", anim, k, kc.tag)
	}
	if n < 0 || n > maxKeys || n*int64(rec) > kc.size {
		return t, 0, binread.Errorf(base+an.data+28, "animation %q sequence %d: %d keys of %d bytes do not fit its %d-byte %s chunk", anim, k, n, rec, kc.size, kc.tag)
	}
	t.Kind = kc.tag
	readANPKKeys(binread.NewCursor(b[kc.data:kc.data+kc.size], base+kc.data), &t, kc.tag, int(n))
	return t, cp.end, checkTimes(&t, base+kc.off, anim, k)
}

// readANPKKeys reads n ANPK keys: rotation (stored inverted: conjugated
// here), translation and scale as the tag says, then the absolute time.
func readANPKKeys(cur *binread.Cursor, t *geom.Track, tag string, n int) {
	t.Times = make([]float32, n)
	t.Rot = make([]mgl32.Quat, n)
	if tag != "KR00" {
		t.Trans = make([]geom.Vec3, n)
	}
	if tag == "KRTS" {
		t.Scale = make([]geom.Vec3, n)
	}
	for i := 0; i < n; i++ {
		x, y, z, w := cur.F32(), cur.F32(), cur.F32(), cur.F32()
		t.Rot[i] = mgl32.Quat{W: w, V: mgl32.Vec3{-x, -y, -z}}
		if t.Trans != nil {
			t.Trans[i] = geom.Vec3{cur.F32(), cur.F32(), cur.F32()}
		}
		if t.Scale != nil {
			t.Scale[i] = geom.Vec3{cur.F32(), cur.F32(), cur.F32()}
		}
		t.Times[i] = cur.F32()
	}
}

// Check verifies what Decode would refuse in animation e (headers, key
// counts, key times) without building the keys: listings mark broken
// animations with it cheaply. ANPK animations are decoded.
func (p *Package) Check(b []byte, base int64, e Entry) error {
	if e.Err != nil {
		return e.Err
	}
	if p.Format == TagANPK || e.Off < 0 || e.End > int64(len(b)) || e.Off > e.End {
		_, err := p.Decode(b, base, e)
		return err
	}
	cur := binread.NewCursor(b[e.Off:e.End], base+e.Off)
	name := cur.CString(ifpNameSize)
	seqs := int(cur.U32())
	if p.Format == TagANP3 {
		cur.Skip(8)
	}
	for k := 0; k < seqs && cur.Err() == nil; k++ {
		cur.Skip(ifpNameSize)
		at := cur.Off()
		typ, n := cur.U32(), int(cur.U32())
		cur.Skip(4)
		ks := keySize(typ)
		if cur.Err() != nil || ks == 0 || n > maxKeys || n*ks > cur.Len() {
			return binread.Errorf(at, "animation %q sequence %d: type %d with %d keys does not fit", name, k, typ, n)
		}
		keys := cur.Take(n * ks)
		if err := checkKeyTimes(keys, typ, ks, n, at, name, k); err != nil {
			return err
		}
	}
	return cur.Err()
}

// checkKeyTimes checks the times of n keys of an ANP3 sequence type
// (float seconds after the rotation, or int16 sixtieths).
func checkKeyTimes(keys []byte, typ uint32, ks, n int, at int64, anim string, seq int) error {
	prev := float32(math.Inf(-1))
	for i := 0; i < n; i++ {
		var t float32
		if typ <= 2 {
			t = math.Float32frombits(binary.LittleEndian.Uint32(keys[i*ks+16:]))
		} else {
			t = float32(int16(binary.LittleEndian.Uint16(keys[i*ks+8:]))) / 60
		}
		if t != t || math.IsInf(float64(t), 0) || t < prev {
			return binread.Errorf(at, "animation %q sequence %d: key %d time %v is not after the one before", anim, seq, i, t)
		}
		prev = t
	}
	return nil
}
