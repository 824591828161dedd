package dff

import (
	"encoding/binary"
	"errors"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/geom"
	"rummage/formats/rw"
	"rummage/pose"
)

// layDown is the rotation San Andreas peds keep on the frame that holds
// their skinned atomic: it lays the stored (upright, Z-up) vertices on
// their back when it is applied to them.
var layDown = [9]float32{0, 0, 1, 1, 0, 0, 0, 1, 0}

// skinnedFixture builds a San Andreas-like skinned clump of 3 bones: a
// root frame, "Normal" (rotated by layDown, holding the atomic and the
// HAnim hierarchy, bone 0), " Pelvis" (bone 1) and " Spine" (bone 2)
// above it. Its geometry is a vertical strip of 6 vertices stored
// upright: the bottom pair on the pelvis, the middle pair half pelvis
// half spine, the top pair on the spine.
func skinnedFixture(t testing.TB, old bool) *File {
	t.Helper()
	b := NewBuilder(stampSA)
	root := b.AddFrame("", -1, geom.Vec3{})
	normal := b.AddFrame("Normal", root, geom.Vec3{})
	b.c.Frames[normal].Rot = layDown
	pelvis := b.AddFrame(" Pelvis", normal, geom.Vec3{0, 0, 1}) // laid down: along +Y
	spine := b.AddFrame(" Spine", pelvis, geom.Vec3{0, 0, 0.5})
	b.SetHAnim(normal, 0, []HAnimNode{{ID: 0, Index: 0}, {ID: 1, Index: 1}, {ID: 2, Index: 2, Flags: HAnimPop}})
	b.SetHAnim(pelvis, 1, nil)
	b.SetHAnim(spine, 2, nil)
	p := []geom.Vec3{{-0.1, 0, 0.9}, {0.1, 0, 0.9}, {-0.1, 0, 1.5}, {0.1, 0, 1.5}, {-0.1, 0, 2}, {0.1, 0, 2}}
	tris := [][3]uint16{{0, 1, 3}, {0, 3, 2}, {2, 3, 5}, {2, 5, 4}}
	g, err := b.AddGeometry(GeometrySpec{Positions: p, Tris: tris, TriMats: make([]uint16, len(tris)), Materials: []MaterialSpec{{Texture: "skin"}}})
	if err != nil {
		t.Fatal(err)
	}
	b.AddAtomic(normal, g)
	worlds := b.File().Clump.FrameNodes()
	atomic := worlds[normal].World
	spec := SkinSpec{Old: old}
	for _, f := range []int{normal, pelvis, spine} {
		spec.InverseBind = append(spec.InverseBind, worlds[f].World.Inv().Mul4(atomic))
	}
	for i := range p {
		switch i / 2 {
		case 0:
			spec.Indices, spec.Weights = append(spec.Indices, [4]uint8{1}), append(spec.Weights, [4]float32{1})
		case 1:
			spec.Indices, spec.Weights = append(spec.Indices, [4]uint8{1, 2}), append(spec.Weights, [4]float32{0.5, 0.5})
		default:
			spec.Indices, spec.Weights = append(spec.Indices, [4]uint8{2}), append(spec.Weights, [4]float32{1})
		}
	}
	if err := b.SetSkin(g, spec); err != nil {
		t.Fatal(err)
	}
	return b.File()
}

func parseSkinned(t *testing.T, old bool) *File {
	t.Helper()
	f, err := Parse(encode(t, skinnedFixture(t, old)), 0)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestSkinRead(t *testing.T) {
	for _, old := range []bool{false, true} {
		f := parseSkinned(t, old)
		s := f.Clump.Geometries[0].Skin
		if s == nil || s.Old != old || s.Bones != 3 || s.UsedBones != 2 || s.MaxWeights != 2 || len(s.Weights) != 6 || len(s.InverseBind) != 3 {
			t.Fatalf("old=%v: skin %+v", old, s)
		}
		if s.Indices[2] != [4]uint8{1, 2} || s.Weights[2] != [4]float32{0.5, 0.5} {
			t.Errorf("old=%v: vertex 2 links %v %v", old, s.Indices[2], s.Weights[2])
		}
	}
}

// TestSkinnedBindPose pins the bind pose as stored: the atomic's frame
// (which would lay the model down) is not applied to skinned geometry.
func TestSkinnedBindPose(t *testing.T) {
	f := parseSkinned(t, false)
	m, err := f.Clump.ClumpMesh(nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []geom.Vec3{{-0.1, 0, 0.9}, {0.1, 0, 0.9}, {-0.1, 0, 1.5}, {0.1, 0, 1.5}, {-0.1, 0, 2}, {0.1, 0, 2}}
	for i, p := range m.Positions {
		if p != want[i] {
			t.Fatalf("vertex %d at %v, want %v as stored", i, p, want[i])
		}
	}
	if m.Skin == nil || len(m.Skin.Joints) != 6 {
		t.Fatalf("clump mesh skin %+v", m.Skin)
	}
	// Bone k of the skin is frame k+1 (Normal, Pelvis, Spine).
	if m.Skin.Joints[0][0] != 2 || m.Skin.Joints[2] != [4]uint16{2, 3, 0, 0} || m.Skin.Joints[5][0] != 3 || m.Skin.MaxWeights != 2 {
		t.Errorf("joints %v, max weights %d", m.Skin.Joints, m.Skin.MaxWeights)
	}
	// In the bind pose every bone's world times its inverse bind is the
	// identity: no vertex moves.
	worlds := m.Skin.Skeleton.Worlds()
	for i := range worlds {
		if !worlds[i].Mul4(m.Skin.InverseBind[i]).ApproxEqualThreshold(mgl32.Ident4(), 1e-5) {
			t.Errorf("bone %d: world × inverse bind = %v", i, worlds[i].Mul4(m.Skin.InverseBind[i]))
		}
	}
	// The skinned bones' bind pose comes from the skin: Normal stands
	// upright (no layDown) and the pelvis is 1 up in the stored Z-up space.
	if p := worlds[2].Col(3); math.Abs(float64(p[2]-1)) > 1e-5 || math.Abs(float64(p[0])) > 1e-5 {
		t.Errorf("pelvis at %v, want (0, 0, 1)", p)
	}
}

func TestRigParents(t *testing.T) {
	f := parseSkinned(t, false)
	hs, root, err := f.Clump.FrameHAnims()
	if err != nil || root != 1 {
		t.Fatalf("hierarchy on frame %d, %v", root, err)
	}
	if got := hs[root].NodeParents(); got[0] != -1 || got[1] != 0 || got[2] != 1 {
		t.Errorf("node parents %v", got)
	}
	h := &HAnim{Nodes: []HAnimNode{{ID: 0}, {ID: 1, Flags: HAnimPush}, {ID: 2, Flags: HAnimPop}, {ID: 3, Flags: HAnimPop}}}
	if got := h.NodeParents(); got[1] != 0 || got[2] != 1 || got[3] != 0 {
		t.Errorf("push/pop parents %v, want [-1 0 1 0]", got)
	}
	sk, err := f.Clump.Skeleton()
	if err != nil || sk.Bones[2].ID != 1 || sk.Bones[0].ID != -1 || sk.FindName("pelvis") != 2 || sk.Find(2) != 3 {
		t.Errorf("skeleton %+v %v", sk, err)
	}
}

func TestSkinnedFacts(t *testing.T) {
	file, err := formats.OpenBytes("ped.dff", encode(t, skinnedFixture(t, false)), nil)
	if err != nil {
		t.Fatal(err)
	}
	d, err := file.Root.(formats.Describer).Describe()
	if err != nil {
		t.Fatal(err)
	}
	bones, _ := d.(map[string]any)["bones"].([]map[string]any)
	want := []map[string]any{{"name": "Normal", "id": int32(0), "parent": -1}, {"name": "Pelvis", "id": int32(1), "parent": 0}, {"name": "Spine", "id": int32(2), "parent": 1}}
	if len(bones) != 3 {
		t.Fatalf("bones %v", d.(map[string]any)["bones"])
	}
	for i := range want {
		for k, v := range want[i] {
			if bones[i][k] != v {
				t.Errorf("bone %d %s = %v, want %v", i, k, bones[i][k], v)
			}
		}
	}
	kids, _ := file.Root.Children()
	gd, _ := kids[0].(formats.Describer).Describe()
	sk, _ := gd.(map[string]any)["skin"].(map[string]any)
	if sk["bones"] != 3 || sk["usedBones"] != 2 || sk["maxWeights"] != 2 {
		t.Errorf("geometry skin facts %v", sk)
	}
}

// skinExt returns the Skin extension payload of the fixture's encoded
// bytes and its offset.
func skinExt(t *testing.T, b []byte) int {
	f, err := Parse(b, 0)
	if err != nil {
		t.Fatal(err)
	}
	return int(findExt(f.Clump.Geometries[0].Ext, IDSkin).Off) + rw.HeaderSize
}

func TestSkinBroken(t *testing.T) {
	good := encode(t, skinnedFixture(t, false))
	at := skinExt(t, good)
	// A vertex that uses bone 7 of 3, with weight 1.
	b := append([]byte(nil), good...)
	b[at+4+2] = 7 // header 4 + used bones 2: vertex 0 index 0
	_, err := Parse(b, 0)
	var fe *binread.FormatError
	if !errors.As(err, &fe) || fe.Off != int64(at+4+2) {
		t.Errorf("bone past the skin: %v, want an error at 0x%X", err, at+4+2)
	}
	// A bone count whose matrices do not fit.
	b = append([]byte(nil), good...)
	b[at] = 200
	if _, err := Parse(b, 0); err == nil {
		t.Error("200 bones of matrices in a small skin parsed")
	}
	// A used bone past the bones.
	b = append([]byte(nil), good...)
	b[at+4] = 9
	if _, err := Parse(b, 0); err == nil {
		t.Error("used bone 9 of 3 parsed")
	}
}

// TestSkinWithoutHierarchy: a skinned clump whose frames hold no HAnim
// hierarchy cannot place its bones: its mesh is an error, not a guess.
func TestSkinWithoutHierarchy(t *testing.T) {
	f := skinnedFixture(t, false)
	for i := range f.Clump.Frames {
		fr := &f.Clump.Frames[i]
		var kept []Ext
		for _, e := range fr.Ext {
			if e.Type != IDHAnim {
				kept = append(kept, e)
			}
		}
		fr.Ext = kept
	}
	p, err := Parse(encode(t, f), 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Clump.ClumpMesh(nil); err == nil {
		t.Error("a skin without a hierarchy built a mesh")
	}
}

func TestHAnimBroken(t *testing.T) {
	good := encode(t, skinnedFixture(t, false))
	f, _ := Parse(good, 0)
	e := findExt(f.Clump.Frames[1].Ext, IDHAnim)
	at := int(e.Off) + rw.HeaderSize
	b := append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(b[at+8:], 5000) // node count
	p, err := Parse(b, 0)
	if err != nil {
		t.Fatal(err) // frames keep their extensions raw: the file opens
	}
	if _, _, err := p.Clump.FrameHAnims(); err == nil {
		t.Error("a hierarchy of 5000 nodes in a short extension was read")
	}
}

// TestNativeSkinHeader reads the PS2 native layout: a struct with the
// platform, the bone header and matrices, and no vertex data.
func TestNativeSkinHeader(t *testing.T) {
	src := skinnedFixture(t, false).Clump.Geometries[0].Skin
	src.BoneLimit = 0
	data := nativeSkinBytes(src, stampSA)
	g := &Geometry{Flags: FlagNative, NumVerts: 6}
	s, err := readSkin(&Ext{Type: IDSkin, Off: 100, Data: data}, g)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Native || s.Bones != 3 || s.UsedBones != 2 || s.Indices != nil || !s.InverseBind[2].ApproxEqual(src.InverseBind[2]) {
		t.Errorf("native skin %+v", s)
	}
	binary.LittleEndian.PutUint32(data[rw.HeaderSize:], PlatformXbox)
	if _, err := readSkin(&Ext{Type: IDSkin, Off: 100, Data: data}, g); err == nil {
		t.Error("an Xbox native skin read as PS2")
	}
}

// nativeSkinBytes wraps a skin's bone header and matrices as the PS2
// native Skin extension stores them (tests of the native reader).
func nativeSkinBytes(s *Skin, stamp uint32) []byte {
	body := u32s(PlatformPS2)
	body = append(body, uint8(s.Bones), uint8(s.UsedBones), uint8(s.MaxWeights), 0)
	body = append(body, s.Used...)
	for _, m := range s.InverseBind {
		body = appendF32(body, m[:]...)
	}
	body = append(body, make([]byte, 16)...)
	body = u32sTo(body, 0, 0, 0)
	return rw.Chunk(IDStruct, stamp, body)
}

// TestAnimationFiles finds the model's own .ifp beside it and the game's
// anim/ped.ifp above it.
func TestAnimationFiles(t *testing.T) {
	root := t.TempDir()
	models := filepath.Join(root, "MODELS", "GTA3.IMG")
	for _, d := range []string{models, filepath.Join(root, "ANIM")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	b := encode(t, skinnedFixture(t, false))
	for _, p := range []string{filepath.Join(models, "ped.dff"), filepath.Join(models, "PED.IFP"), filepath.Join(root, "ANIM", "PED.IFP")} {
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f, err := formats.Open(filepath.Join(models, "ped.dff"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got := f.Root.(formats.AnimationSourcer).AnimationFiles()
	if len(got) != 2 || got[0] != filepath.Join(models, "PED.IFP") || got[1] != filepath.Join(root, "ANIM", "PED.IFP") {
		t.Errorf("animation files %v", got)
	}
}

// TestPS2NativeSkinWeights reads the weights RenderWare's PS2 skin
// pipeline keeps in input slot 4: per vertex four floats whose low ten
// bits hold (bone + 1) << 2.
func TestPS2NativeSkinWeights(t *testing.T) {
	const n = 6
	var xyz, wts []byte
	for i := 0; i < n; i++ {
		for _, c := range [4]float32{float32(i / 2), float32(i % 2), 0, 0} {
			xyz = binary.LittleEndian.AppendUint32(xyz, math.Float32bits(c))
		}
		// vertex i: bone 1 with weight 0.75 and bone 0 with 0.25 (odd
		// vertices), or bone 0 alone (even ones)
		w := [4]uint32{math.Float32bits(1)&^0x3FF | (0+1)<<2}
		if i%2 == 1 {
			w = [4]uint32{math.Float32bits(0.75)&^0x3FF | (1+1)<<2, math.Float32bits(0.25)&^0x3FF | (0+1)<<2}
		}
		for _, c := range w {
			wts = binary.LittleEndian.AppendUint32(wts, c)
		}
	}
	inst := ps2Instance(n, n, []ps2Attr{{0, 0x6C, 16, xyz}, {4, 0x6C, 16, wts}})
	b := NewBuilder(stampSA)
	root := b.AddFrame("ped", -1, geom.Vec3{})
	hip := b.AddFrame("hip", root, geom.Vec3{0, 0, 1})
	b.SetHAnim(root, 0, []HAnimNode{{ID: 0}, {ID: 1, Index: 1, Flags: HAnimPop}})
	b.SetHAnim(hip, 1, nil)
	g := &Geometry{Stamp: stampSA, Flags: FlagNative | FlagTriStrip | FlagPositions, NumTris: n - 2, NumVerts: n, Morph: []MorphTarget{{}}}
	m := &Material{Stamp: stampSA, Color: color.NRGBA{255, 255, 255, 255}, Surface: &[3]float32{1, 1, 1}}
	g.MatList = MaterialList{Stamp: stampSA, Indices: []int32{-1}, Own: []*Material{m}}
	native := append(u32s(PlatformPS2, uint32(len(inst)), 0), inst...)
	sk := &Skin{Bones: 2, UsedBones: 2, MaxWeights: 2, Used: []uint8{0, 1}, InverseBind: []mgl32.Mat4{mgl32.Ident4(), mgl32.Translate3D(0, 0, -1)}}
	g.Ext = []Ext{
		{Type: IDBinMesh, Stamp: stampSA, Data: u32s(1, 1, n, n, 0)},
		{Type: IDNativeData, Stamp: stampSA, Data: rw.Chunk(IDStruct, stampSA, native)},
		{Type: IDSkin, Stamp: stampSA, Data: nativeSkinBytes(sk, stampSA)},
	}
	b.c.Geometries = append(b.c.Geometries, g)
	b.AddAtomic(root, 0)
	f, err := Parse(encode(t, b.File()), 0)
	if err != nil {
		t.Fatal(err)
	}
	cm, err := f.Clump.ClumpMesh(nil)
	if err != nil {
		t.Fatal(err)
	}
	if cm.Skin == nil || len(cm.Skin.Joints) != n {
		t.Fatalf("skin %+v", cm.Skin)
	}
	// Skin bone 1 is frame "hip" (1), bone 0 frame "ped" (0).
	if cm.Skin.Joints[1] != [4]uint16{1, 0, 0, 0} || cm.Skin.Weights[1] != [4]float32{0.75, 0.25, 0, 0} ||
		cm.Skin.Joints[0] != [4]uint16{0, 0, 0, 0} || cm.Skin.Weights[0] != [4]float32{1, 0, 0, 0} {
		t.Errorf("vertex 0: %v %v, vertex 1: %v %v", cm.Skin.Joints[0], cm.Skin.Weights[0], cm.Skin.Joints[1], cm.Skin.Weights[1])
	}
}

// TestRigidHierarchyPose: a clump of rigid parts (GTA III peds, cars) is
// animated by moving its frames: the part on a turned frame turns about
// the frame's origin, the others stay.
func TestRigidHierarchyPose(t *testing.T) {
	f, err := Parse(encode(t, fixture(t)), 0)
	if err != nil {
		t.Fatal(err)
	}
	m, err := f.Clump.ClumpMesh(nil)
	if err != nil || m.Skin == nil {
		t.Fatalf("clump mesh skin %v, %v", m != nil && m.Skin != nil, err)
	}
	turn := &geom.Animation{Name: "spin", Duration: 1, Tracks: []geom.Track{{Bone: "wheel_rf_dummy", ID: -1, Index: -1,
		Times: []float32{0}, Rot: []mgl32.Quat{mgl32.QuatRotate(math.Pi/2, mgl32.Vec3{0, 0, 1})}}}}
	p, err := pose.New(m, turn)
	if err != nil {
		t.Fatal(err)
	}
	p.At(0)
	// The body (vertices 0..7) stays; the wheel's corner (1, 0, 0) of its
	// box, at (4, 0, 0) in the clump, turns about (3, 0, 0) to (3, 1, 0).
	if p.Positions[1] != m.Positions[1] {
		t.Errorf("body vertex moved to %v", p.Positions[1])
	}
	if got := p.Positions[8+1]; math.Abs(float64(got[0]-3)) > 1e-5 || math.Abs(float64(got[1]-1)) > 1e-5 {
		t.Errorf("wheel corner at %v, want (3, 1, 0)", got)
	}
}
