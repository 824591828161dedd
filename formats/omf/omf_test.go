package omf

import (
	"encoding/binary"
	"errors"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/geom"
)

// fixtureMotion is one motion "shoot" of three bones over 4 frames: the
// body constant, the bolt sliding back along −Z (translations), the
// trigger turning about X (rotations only).
func fixtureMotion() *geom.Animation {
	n := 4
	body := geom.Track{Bone: "wpn_body", Rot: []mgl32.Quat{mgl32.QuatIdent()}, Trans: []geom.Vec3{{0, 0.1, 0}}}
	bolt := geom.Track{Bone: "bolt", Rot: []mgl32.Quat{mgl32.QuatIdent()}}
	trig := geom.Track{Bone: "trigger", Trans: []geom.Vec3{{0, -0.05, 0.02}}}
	for k := 0; k < n; k++ {
		bolt.Trans = append(bolt.Trans, geom.Vec3{0, 0.02, 0.1 - 0.03*float32(k)})
		trig.Rot = append(trig.Rot, mgl32.QuatRotate(0.2*float32(k), mgl32.Vec3{1, 0, 0}))
	}
	return &geom.Animation{Name: "shoot", Tracks: []geom.Track{body, bolt, trig}}
}

func mustWrite(t testing.TB, wide bool) []byte {
	b, err := Write([]*geom.Animation{fixtureMotion()}, WriteOptions{Wide: wide})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestReadBack(t *testing.T) {
	for _, wide := range []bool{false, true} {
		f, err := formats.OpenBytes("w.omf", mustWrite(t, wide), nil)
		if err != nil {
			t.Fatal(err)
		}
		kids, err := f.Root.Children()
		if err != nil || len(kids) != 1 || kids[0].Name() != "shoot" || kids[0].Kind() != formats.KindAnimation {
			t.Fatalf("children %v %v", kids, err)
		}
		a, err := kids[0].(formats.Animator).Animation()
		if err != nil {
			t.Fatal(err)
		}
		want := fixtureMotion()
		if len(a.Tracks) != 3 || a.Duration != 0.1 || a.Tracks[1].Bone != "bolt" || a.Tracks[2].Index != 2 {
			t.Fatalf("motion %+v", a)
		}
		tol := 0.1 / 127.0
		if wide {
			tol = 0.1 / 32767.0
		}
		for k, tr := range want.Tracks[1].Trans {
			if d := mgl32.Vec3(a.Tracks[1].Trans[k]).Sub(tr).Len(); float64(d) > tol {
				t.Errorf("wide=%v bolt key %d at %v, want %v", wide, k, a.Tracks[1].Trans[k], tr)
			}
		}
		for k, q := range want.Tracks[2].Rot {
			if !a.Tracks[2].Rot[k].OrientationEqualThreshold(q, 1e-4) {
				t.Errorf("trigger key %d %v, want %v", k, a.Tracks[2].Rot[k], q)
			}
		}
		if len(a.Tracks[0].Rot) != 1 || a.Tracks[0].Kind != "constant" || a.Tracks[0].Trans[0] != (geom.Vec3{0, 0.1, 0}) {
			t.Errorf("constant body %+v", a.Tracks[0])
		}
		d, _ := f.Root.(formats.Describer).Describe()
		if d.(map[string]any)["bones"] != 3 || d.(map[string]any)["paramsVersion"] != uint16(4) {
			t.Errorf("facts %v", d)
		}
	}
}

// TestStoredRotationSense reads a key by hand: the stored quaternion is
// the engine's, whose matrix is the transpose of the usual one, so the
// decoded rotation is its conjugate.
func TestStoredRotationSense(t *testing.T) {
	b := mustWrite(t, false)
	a, _ := ReadArchive(b, 0)
	m := a.Motions[0]
	// Bone 0: flags (1) + one quaternion (8) + translation (12); bone 1:
	// flags, one quaternion, CRC, 4×3 int8 keys, size, init; bone 2:
	// flags, CRC, then key 0.
	at := int(m.Off) + len("shoot") + 1 + 4 + 21 + (1 + 8 + 4 + 12 + 12 + 12) + 1 + 4 + 8 // key 1
	x := float32(int16(binary.LittleEndian.Uint16(b[at:]))) / 32767
	got, _ := a.Decode(0)
	want := mgl32.QuatRotate(0.2, mgl32.Vec3{1, 0, 0})
	if math.Abs(float64(x+want.V[0])) > 1e-4 || math.Abs(float64(got.Tracks[2].Rot[1].V[0]-want.V[0])) > 1e-4 {
		t.Errorf("stored x %v, decoded x %v; want stored %v and decoded %v", x, got.Tracks[2].Rot[1].V[0], -want.V[0], want.V[0])
	}
}

func TestBroken(t *testing.T) {
	good := mustWrite(t, true)
	a, _ := ReadArchive(good, 0)
	at := a.Motions[0].Off + int64(len("shoot")+1+4)
	b := append([]byte(nil), good...)
	b[at] = 0x40 // bone 0 flags: undefined bit
	f, _ := formats.OpenBytes("w.omf", b, nil)
	kids, _ := f.Root.Children()
	var fe *binread.FormatError
	if err := kids[0].(formats.Broken).Err(); !errors.As(err, &fe) || fe.Off != at {
		t.Errorf("bad flags: %v, want an error at 0x%X", err, at)
	}
	// A frame count past the bytes.
	b = append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(b[at-4:], 1<<19)
	f, _ = formats.OpenBytes("w.omf", b, nil)
	if kids, _ := f.Root.Children(); kids[0].(formats.Broken).Err() == nil {
		t.Error("2^19 frames in a small motion decoded")
	}
	// A motions chunk whose count disagrees: the file is refused.
	b = append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(b[16:], 7)
	if f, err := formats.OpenBytes("w.omf", b, nil); err == nil {
		if _, err := f.Root.Children(); err == nil {
			t.Error("a count of 7 motions over 1 opened")
		}
	}
}

func TestProbe(t *testing.T) {
	b := mustWrite(t, false)
	if !Probe(b, int64(len(b))) || Probe(b[:15], 15) || Probe(append([]byte{0xF, 0, 0, 0, 9, 0, 0, 0, 9, 0}, make([]byte, 10)...), 20) {
		t.Error("probe")
	}
}

func FuzzOMF(f *testing.F) {
	f.Add(mustWrite(f, false))
	f.Add(mustWrite(f, true))
	f.Fuzz(func(t *testing.T, b []byte) {
		a, err := ReadArchive(b, 0)
		if err != nil {
			return
		}
		for i := range a.Motions {
			if an, err := a.Decode(i); err == nil {
				formats.AnimationFacts(an, "omf")
			}
		}
	})
}
