package ifp

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

// fixtureAnims are two animations: "walk" (a root bone with translation,
// a child with rotation only; bone ids 0 and 2) and "Idle" (one bone, one
// key).
func fixtureAnims() []*geom.Animation {
	q := func(deg float32, axis mgl32.Vec3) mgl32.Quat { return mgl32.QuatRotate(mgl32.DegToRad(deg), axis) }
	z, x := mgl32.Vec3{0, 0, 1}, mgl32.Vec3{1, 0, 0}
	walk := &geom.Animation{Name: "walk", Tracks: []geom.Track{
		{Bone: " Pelvis", ID: 0, Times: []float32{0, 0.5, 1}, Rot: []mgl32.Quat{q(0, z), q(90, z), q(180, z)},
			Trans: []geom.Vec3{{0, 0, 1}, {0, 0.5, 1}, {0, 1, 1}}},
		{Bone: " Spine", ID: 2, Times: []float32{0, 1}, Rot: []mgl32.Quat{q(0, x), q(30, x)}},
	}}
	idle := &geom.Animation{Name: "Idle", Tracks: []geom.Track{{Bone: "Head", ID: 5, Times: []float32{0}, Rot: []mgl32.Quat{q(45, x)}}}}
	return []*geom.Animation{walk, idle}
}

func mustANPK(t testing.TB, vc bool) []byte {
	b, err := WriteANPK("ped", fixtureAnims(), vc)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustANP3(t testing.TB, compressed bool) []byte {
	b, err := WriteANP3("ped", fixtureAnims(), compressed)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func open(t *testing.T, name string, b []byte) formats.Node {
	t.Helper()
	f, err := formats.OpenBytes(name, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	return f.Root
}

func anims(t *testing.T, root formats.Node) []formats.Node {
	t.Helper()
	kids, err := root.Children()
	if err != nil {
		t.Fatal(err)
	}
	return kids
}

// sameAnim compares decoded keys with the source within tol.
func sameAnim(t *testing.T, what string, got, want *geom.Animation, tol float32, ids bool) {
	t.Helper()
	if got.Name != want.Name || len(got.Tracks) != len(want.Tracks) {
		t.Fatalf("%s: %q with %d tracks, want %q with %d", what, got.Name, len(got.Tracks), want.Name, len(want.Tracks))
	}
	near := func(a, b float32) bool { return math.Abs(float64(a-b)) <= float64(tol) }
	for i := range want.Tracks {
		g, w := &got.Tracks[i], &want.Tracks[i]
		if g.Bone != w.Bone || (ids && g.ID != w.ID) || len(g.Times) != len(w.Times) || (g.Trans == nil) != (w.Trans == nil) {
			t.Fatalf("%s track %d: %+v, want %+v", what, i, g, w)
		}
		for k := range w.Times {
			r, s := g.Rot[k], w.Rot[k]
			if !near(g.Times[k], w.Times[k]) || !near(r.W, s.W) || !near(r.V[0], s.V[0]) || !near(r.V[1], s.V[1]) || !near(r.V[2], s.V[2]) {
				t.Errorf("%s track %d key %d: %v %v, want %v %v", what, i, k, g.Times[k], r, w.Times[k], s)
			}
			if w.Trans != nil && !(near(g.Trans[k][0], w.Trans[k][0]) && near(g.Trans[k][1], w.Trans[k][1]) && near(g.Trans[k][2], w.Trans[k][2])) {
				t.Errorf("%s track %d key %d: translation %v, want %v", what, i, k, g.Trans[k], w.Trans[k])
			}
		}
	}
}

func TestReadBack(t *testing.T) {
	cases := []struct {
		name string
		b    []byte
		typ  string
		tol  float32
		ids  bool
	}{
		{"anpk-iii.ifp", mustANPK(t, false), TagANPK, 0, false},
		{"anpk-vc.ifp", mustANPK(t, true), TagANPK, 0, true},
		{"anlf.ifp", WrapANLF(mustANPK(t, true)), TagANPK, 0, true},
		{"anp3.ifp", mustANP3(t, false), TagANP3, 0, true},
		{"anp3c.ifp", mustANP3(t, true), TagANP3, 1.0 / 60, true},
	}
	for _, c := range cases {
		root := open(t, c.name, c.b)
		if root.Kind() != formats.KindArchive || root.(formats.Typer).Type() != c.typ {
			t.Errorf("%s: %s %s", c.name, root.Kind(), root.(formats.Typer).Type())
		}
		kids := anims(t, root)
		if len(kids) != 2 || kids[0].Name() != "walk" || kids[1].Name() != "Idle" || kids[0].Kind() != formats.KindAnimation {
			t.Fatalf("%s: children %v", c.name, kids)
		}
		for i, want := range fixtureAnims() {
			got, err := kids[i].(formats.Animator).Animation()
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			sameAnim(t, c.name, got, want, c.tol, c.ids)
		}
		if !c.ids {
			a, _ := kids[0].(formats.Animator).Animation()
			if a.Tracks[0].ID != -1 {
				t.Errorf("%s: a III sequence has bone id %d, want -1", c.name, a.Tracks[0].ID)
			}
		}
		if d := root.(formats.Diagnoser).Diagnostics(); len(d) != 0 {
			t.Errorf("%s: findings %v", c.name, d)
		}
	}
}

// TestANPKRotationsInverted reads a KR00 key by hand: the stored x, y, z
// are the negated rotation the game uses.
func TestANPKRotationsInverted(t *testing.T) {
	b := mustANPK(t, false)
	a, _ := anims(t, open(t, "p.ifp", b))[1].(formats.Animator).Animation()
	want := fixtureAnims()[1].Tracks[0].Rot[0] // 45° about x: (sin 22.5°, 0, 0, cos 22.5°)
	// The last 20 bytes of the file are Idle's one KR00 key.
	k := b[len(b)-20:]
	x := math.Float32frombits(binary.LittleEndian.Uint32(k))
	if math.Abs(float64(x+want.V[0])) > 1e-6 || math.Abs(float64(a.Tracks[0].Rot[0].V[0]-want.V[0])) > 1e-6 {
		t.Errorf("stored x %v, read x %v; want stored %v (inverted) and read %v", x, a.Tracks[0].Rot[0].V[0], -want.V[0], want.V[0])
	}
}

func TestFacts(t *testing.T) {
	kids := anims(t, open(t, "p.ifp", mustANP3(t, true)))
	d, err := kids[0].(formats.Describer).Describe()
	if err != nil {
		t.Fatal(err)
	}
	f := d.(map[string]any)
	bones := f["bones"].([]map[string]any)
	if f["kind"] != "animation" || f["duration"] != int64(1000) || f["frames"] != 3 || len(bones) != 2 {
		t.Fatalf("facts %v", f)
	}
	if bones[0]["name"] != " Pelvis" || bones[0]["id"] != 0 || bones[0]["keys"] != 3 || bones[0]["type"] != "compressed rotation+translation" ||
		bones[1]["type"] != "compressed rotation" {
		t.Errorf("bones %v", bones)
	}
}

// TestTrailingData: bytes after the package are accepted; a warning says
// so when they are not zero padding.
func TestTrailingData(t *testing.T) {
	for _, fill := range []byte{0, 0xAB} {
		b := append(mustANP3(t, true), make([]byte, 100)...)
		for i := len(b) - 100; i < len(b); i++ {
			b[i] = fill
		}
		root := open(t, "p.ifp", b)
		if n := len(anims(t, root)); n != 2 {
			t.Fatalf("fill %x: %d animations", fill, n)
		}
		d := root.(formats.Diagnoser).Diagnostics()
		if (fill != 0) != (len(d) == 1) {
			t.Errorf("fill %x: findings %v", fill, d)
		}
	}
}

// TestBrokenAnimation: a bad sequence type breaks its animation (a node
// with the offset) and the ones after it cannot be located; those before
// open.
func TestBrokenAnimation(t *testing.T) {
	b := mustANP3(t, false)
	p, _ := ReadIndex(b, 0)
	at := p.Entries[1].Off + anp3AnimHead + ifpNameSize // Idle's first sequence type
	binary.LittleEndian.PutUint32(b[at:], 9)
	kids := anims(t, open(t, "p.ifp", b))
	if len(kids) != 2 {
		t.Fatalf("%d children", len(kids))
	}
	if err := kids[0].(formats.Broken).Err(); err != nil {
		t.Errorf("walk broken by its sibling: %v", err)
	}
	var fe *binread.FormatError
	if err := kids[1].(formats.Broken).Err(); !errors.As(err, &fe) || fe.Off != at {
		t.Errorf("Idle: %v, want an error at 0x%X", err, at)
	}
	// ANPK: a key count too large for its chunk breaks that animation only.
	b = mustANPK(t, true)
	p, _ = ReadIndex(b, 0)
	for i := p.Entries[0].Off; i < p.Entries[0].End-4; i++ {
		if string(b[i:i+4]) == "ANIM" {
			binary.LittleEndian.PutUint32(b[i+8+28:], 1000)
			break
		}
	}
	kids = anims(t, open(t, "p.ifp", b))
	if kids[0].(formats.Broken).Err() == nil || kids[1].(formats.Broken).Err() != nil {
		t.Errorf("ANPK: walk %v, Idle %v", kids[0].(formats.Broken).Err(), kids[1].(formats.Broken).Err())
	}
}

func TestCountTooLarge(t *testing.T) {
	b := mustANP3(t, false)
	binary.LittleEndian.PutUint32(b[32:], 1<<30)
	kids := anims(t, open(t, "p.ifp", b))
	if len(kids) != 1 || kids[0].(formats.Broken).Err() == nil {
		t.Errorf("a count of 2^30: %d children", len(kids))
	}
}

func TestProbe(t *testing.T) {
	if Probe([]byte("ANP3\xff\xff\xff\x7f"), 100) || Probe([]byte("ANPX\x00\x00\x00\x00"), 100) || !Probe(mustANP3(t, false), int64(len(mustANP3(t, false)))) {
		t.Error("probe")
	}
}

// TestCheckTimes: a key time that goes backwards breaks the animation in
// the listing (Err, which checks without decoding) as in its decoding.
func TestCheckTimes(t *testing.T) {
	for _, compressed := range []bool{false, true} {
		b := mustANP3(t, compressed)
		p, _ := ReadIndex(b, 0)
		// walk's first sequence, its third key: time back to 0.
		keys := p.Entries[0].Off + anp3AnimHead + anp3SeqHead
		if compressed {
			binary.LittleEndian.PutUint16(b[keys+2*16+8:], 0)
		} else {
			binary.LittleEndian.PutUint32(b[keys+2*32+16:], 0)
		}
		kids := anims(t, open(t, "p.ifp", b))
		_, derr := kids[0].(formats.Animator).Animation()
		if kids[0].(formats.Broken).Err() == nil || derr == nil || kids[1].(formats.Broken).Err() != nil {
			t.Errorf("compressed=%v: listing %v, decoding %v", compressed, kids[0].(formats.Broken).Err(), derr)
		}
	}
}
