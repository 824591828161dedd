package cli

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/formats/omf"
	"rummage/formats/xrlevel"
	"rummage/pose"
)

// xrayGun writes an OGF v4 "gun" of three bones (body; bolt and trigger
// under it, bind poses in S_IKDATA), a skinned box per bone, and an .omf
// with one motion over the three bones; it returns the two paths.
func xrayGun(t *testing.T) (model, motions string) {
	t.Helper()
	bones := []xrlevel.Bone{{Name: "wpn_body"}, {Name: "bolt", Parent: "wpn_body"}, {Name: "trigger", Parent: "wpn_body"}}
	binds := []xrlevel.BoneBind{{Pos: geom.Vec3{0, 0.1, 0}}, {Pos: geom.Vec3{0, 0.02, 0.1}}, {Rot: geom.Vec3{0.1, 0, 0}, Pos: geom.Vec3{0, -0.05, 0.02}}}
	sk := &geom.Skeleton{}
	for i, b := range binds {
		p := -1
		if i > 0 {
			p = 0
		}
		sk.Bones = append(sk.Bones, geom.Bone{Parent: p, Local: b.BindMatrix()})
	}
	worlds := sk.Worlds()
	var vs []xrlevel.SkinVertex
	var idx []uint16
	for bi, w := range worlds {
		o := w.Col(3)
		first := uint16(len(vs))
		for c := 0; c < 8; c++ {
			d := geom.Vec3{float32(c&1)*0.04 - 0.02, float32(c>>1&1)*0.04 - 0.02, float32(c>>2&1)*0.1 - 0.05}
			vs = append(vs, xrlevel.SkinVertex{Pos: geom.Vec3{o[0] + d[0], o[1] + d[1], o[2] + d[2]}, Normal: geom.Vec3{0, 1, 0}, Bones: [4]uint16{uint16(bi)}, Weights: [4]float32{1}})
		}
		for _, f := range [][4]uint16{{0, 1, 3, 2}, {4, 6, 7, 5}, {0, 4, 5, 1}, {2, 3, 7, 6}, {0, 2, 6, 4}, {1, 5, 7, 3}} {
			idx = append(idx, first+f[0], first+f[1], first+f[2], first+f[0], first+f[2], first+f[3])
		}
	}
	vb, err := xrlevel.SkinnedBuffer(xrlevel.SkinLinks1, 4, false, vs)
	if err != nil {
		t.Fatal(err)
	}
	child := &xrlevel.Visual{OGFVersion: 4, Type: 5, TextureName: "wpn\\gun", ShaderName: "models\\weapons", OwnVertices: vb, Indices: idx, HasIndices: true}
	root := &xrlevel.ModelVisual{Visual: &xrlevel.Visual{OGFVersion: 4, Type: 10}, Children: []*xrlevel.ModelVisual{{Visual: child}}}
	mb, err := xrlevel.WriteModel(root, xrlevel.ModelWriteOptions{Bones: bones, Binds: binds})
	if err != nil {
		t.Fatal(err)
	}
	shoot := &geom.Animation{Name: "shoot", Tracks: []geom.Track{
		{Bone: "wpn_body", Rot: []mgl32.Quat{mgl32.QuatIdent()}, Trans: []geom.Vec3{{0, 0.1, 0}}},
		{Bone: "bolt", Rot: []mgl32.Quat{mgl32.QuatIdent()}},
		{Bone: "trigger", Trans: []geom.Vec3{{0, -0.05, 0.02}}},
	}}
	for k := 0; k < 10; k++ {
		shoot.Tracks[1].Trans = append(shoot.Tracks[1].Trans, geom.Vec3{0, 0.02, 0.1 - 0.01*float32(k)})
		shoot.Tracks[2].Rot = append(shoot.Tracks[2].Rot, mgl32.QuatRotate(0.1+0.05*float32(k), mgl32.Vec3{1, 0, 0}))
	}
	ob, err := omf.Write([]*geom.Animation{shoot}, omf.WriteOptions{Wide: true})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	model, motions = filepath.Join(dir, "gun_hud.ogf"), filepath.Join(dir, "gun_hud_animation.omf")
	if err := os.WriteFile(model, mb, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(motions, ob, 0o644); err != nil {
		t.Fatal(err)
	}
	return model, motions
}

// handKeys reads motion name of an .omf by hand, as the engine's loader
// does: per bone its flags, the raw quaternion and translation of key k.
func handKeys(t *testing.T, b []byte, name string, bones, k int) (q [][4]int16, tr []mgl32.Vec3) {
	t.Helper()
	u32 := func(p int) int { return int(binary.LittleEndian.Uint32(b[p:])) }
	f32 := func(p int) float32 { return math.Float32frombits(binary.LittleEndian.Uint32(b[p:])) }
	i16 := func(p int) int16 { return int16(binary.LittleEndian.Uint16(b[p:])) }
	p := 0
	for u32(p) != 0xE { // find S_MOTIONS
		p += 8 + u32(p+4)
	}
	end := p + 8 + u32(p+4)
	for p += 8; p < end; p += 8 + u32(p+4) {
		body := b[p+8 : p+8+u32(p+4)]
		if u32(p) == 0 || !bytes.HasPrefix(body, append([]byte(name), 0)) {
			continue
		}
		o := p + 8 + len(name) + 1
		n := u32(o)
		o += 4
		for bi := 0; bi < bones; bi++ {
			flags := b[o]
			o++
			kr := k
			if flags&2 != 0 {
				kr = 0
			} else {
				o += 4
			}
			q = append(q, [4]int16{i16(o + 8*kr), i16(o + 8*kr + 2), i16(o + 8*kr + 4), i16(o + 8*kr + 6)})
			if flags&2 != 0 {
				o += 8
			} else {
				o += 8 * n
			}
			if flags&1 == 0 {
				tr = append(tr, mgl32.Vec3{f32(o), f32(o + 4), f32(o + 8)})
				o += 12
				continue
			}
			o += 4
			size := 3
			if flags&4 != 0 {
				size = 6
			}
			key := o + size*k
			o += size * n
			var v mgl32.Vec3
			for c := 0; c < 3; c++ {
				raw := float32(int8(b[key+c]))
				if size == 6 {
					raw = float32(i16(key + 2*c))
				}
				v[c] = raw*f32(o+4*c) + f32(o+12+4*c)
			}
			tr = append(tr, v)
			o += 24
		}
		return q, tr
	}
	t.Fatalf("no motion %q", name)
	return nil, nil
}

// engineWorlds chains the bones as the engine does: mk_xform(q, t) of the
// raw quaternion as a row-vector 4×3 matrix, world = local × parent's
// world; it returns each bone's world origin.
func engineWorlds(q [][4]int16, tr []mgl32.Vec3, parents []int) []mgl32.Vec3 {
	type m43 [4][3]float64
	mul := func(a, b m43) (r m43) {
		for i := 0; i < 4; i++ {
			for j := 0; j < 3; j++ {
				r[i][j] = a[i][0]*b[0][j] + a[i][1]*b[1][j] + a[i][2]*b[2][j]
				if i == 3 {
					r[i][j] += b[3][j]
				}
			}
		}
		return r
	}
	world := make([]m43, len(q))
	out := make([]mgl32.Vec3, len(q))
	for i, k := range q {
		x, y, z, w := float64(k[0])/32767, float64(k[1])/32767, float64(k[2])/32767, float64(k[3])/32767
		l := m43{
			{1 - 2*(y*y+z*z), 2 * (x*y - w*z), 2 * (x*z + w*y)},
			{2 * (x*y + w*z), 1 - 2*(x*x+z*z), 2 * (y*z - w*x)},
			{2 * (x*z - w*y), 2 * (y*z + w*x), 1 - 2*(x*x+y*y)},
			{float64(tr[i][0]), float64(tr[i][1]), float64(tr[i][2])},
		}
		world[i] = l
		if p := parents[i]; p >= 0 {
			world[i] = mul(l, world[p])
		}
		out[i] = mgl32.Vec3{float32(world[i][3][0]), float32(world[i][3][1]), float32(world[i][3][2])}
	}
	return out
}

// checkBonesAtKey poses model by motion at key k and compares every bone's
// position with the engine-style reading of the .omf, within tol per
// metre of distance from the model's origin.
func checkBonesAtKey(t *testing.T, model, motions, motion string, k int, tol float32) {
	t.Helper()
	f, err := formats.Open(model, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := f.Root.(formats.Mesher).Mesh()
	if err != nil || m.Skin == nil {
		t.Fatalf("model mesh %v, skin %v", err, m != nil && m.Skin != nil)
	}
	anims, err := (&env{}).loadMotions(motionFlags{file: motions, motion: motion})
	if err != nil {
		t.Fatal(err)
	}
	p, err := pose.New(m, anims[0])
	if err != nil {
		t.Fatal(err)
	}
	p.At(float32(k) / omf.SampleFPS)
	sk := m.Skin.Skeleton
	parents := make([]int, len(sk.Bones))
	for i := range sk.Bones {
		parents[i] = sk.Bones[i].Parent
	}
	raw, _ := os.ReadFile(motions)
	q, tr := handKeys(t, raw, motion, len(sk.Bones), k)
	want := engineWorlds(q, tr, parents)
	for i, w := range p.Worlds() {
		// The engine does not normalise a key's quaternion (Rummage does):
		// they differ by the keys' quantum, relative to the distance.
		if d := w.Col(3).Vec3().Sub(want[i]).Len(); d > tol*max(1, want[i].Len()) {
			t.Errorf("%s key %d bone %s at %v, the engine's reading %v", motion, k, sk.Bones[i].Name, w.Col(3).Vec3(), want[i])
		}
	}
}

// TestXRayBonesAtKey: the bone positions the pose engine gives at a key
// equal an independent reading of the .omf chained the engine's way (raw
// quaternion, row-vector matrices); two times give two images.
func TestXRayBonesAtKey(t *testing.T) {
	model, motions := xrayGun(t)
	for _, k := range []int{0, 4, 9} {
		checkBonesAtKey(t, model, motions, "shoot", k, 1e-5)
	}
	out := t.TempDir()
	var imgs [2][]byte
	for i, at := range []string{"0", "250"} {
		png := filepath.Join(out, at+".png")
		code, _, stderr := run(t, "render", "--size", "120x90", "--camera", "right", "--anim", motions, "--at", at, "--out", png, model, "")
		if code != 0 {
			t.Fatalf("render at %s: %d %s", at, code, stderr)
		}
		imgs[i], _ = os.ReadFile(png)
	}
	if bytes.Equal(imgs[0], imgs[1]) {
		t.Error("the motion at 0 and 250 ms gives the same image")
	}
}

// TestRealXRayBonesAtKey does the same on a real hud weapon and its
// motions ($RUMMAGE_OGF_REAL: the TheParaziT/x-ray-monolith-guns-gamedata
// snapshot).
func TestRealXRayBonesAtKey(t *testing.T) {
	dir := os.Getenv("RUMMAGE_OGF_REAL")
	if dir == "" {
		t.Skip("RUMMAGE_OGF_REAL is not set")
	}
	d := filepath.Join(dir, "gamedata", "meshes", "dynamics", "weapons", "wpn_walter99")
	model, motions := filepath.Join(d, "wpn_walter99_hud.ogf"), filepath.Join(d, "wpn_walter99_hud_animation.omf")
	if _, err := os.Stat(model); err != nil {
		t.Skip(err)
	}
	for _, k := range []int{0, 20, 50} {
		checkBonesAtKey(t, model, motions, "p99_reload", k, 1e-4)
	}
}
