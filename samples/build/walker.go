package build

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/dff"
	"rummage/formats/geom"
	"rummage/formats/ifp"
	"rummage/formats/rw"
)

func init() {
	Register(Builder{Name: "walker.dff", Build: buildWalker})
	Register(Builder{Name: "walker.ifp", Build: buildWalkerAnims})
}

// The sample "walker": a San Andreas-style skinned figure of boxes (a
// clump whose skinned atomic sits on a frame that would lay it down, an
// HAnim hierarchy of eight bones with San Andreas' bone ids, a Skin
// whose vertices blend two bones at the waist) and its
// animation package walker.ifp (ANP3: "walk" and "wave").

// walkerBone is one bone of the walker: name, HAnim id, parent (index in
// this list, -1 for the root), local position, and the box it carries.
type walkerBone struct {
	name   string
	id     int32
	parent int
	pos    geom.Vec3
	lo, hi geom.Vec3 // the box, in the model's upright space, relative to the bone
	color  color.NRGBA
}

var walkerBones = []walkerBone{
	{"Normal", 0, -1, geom.Vec3{}, geom.Vec3{}, geom.Vec3{}, color.NRGBA{}},
	{" Pelvis", 1, 0, geom.Vec3{0, 0, 1}, geom.Vec3{-0.18, -0.1, -0.1}, geom.Vec3{0.18, 0.1, 0.1}, color.NRGBA{60, 70, 140, 255}},
	{" Spine", 2, 1, geom.Vec3{0, 0, 0.1}, geom.Vec3{-0.2, -0.12, 0}, geom.Vec3{0.2, 0.12, 0.5}, color.NRGBA{200, 60, 50, 255}},
	{" Head", 5, 2, geom.Vec3{0, 0, 0.55}, geom.Vec3{-0.1, -0.1, 0}, geom.Vec3{0.1, 0.12, 0.24}, color.NRGBA{230, 190, 150, 255}},
	{" L UpperArm", 32, 2, geom.Vec3{-0.26, 0, 0.45}, geom.Vec3{-0.06, -0.06, -0.55}, geom.Vec3{0.06, 0.06, 0}, color.NRGBA{200, 60, 50, 255}},
	{" R UpperArm", 22, 2, geom.Vec3{0.26, 0, 0.45}, geom.Vec3{-0.06, -0.06, -0.55}, geom.Vec3{0.06, 0.06, 0}, color.NRGBA{200, 60, 50, 255}},
	{" L Thigh", 41, 1, geom.Vec3{-0.1, 0, -0.1}, geom.Vec3{-0.07, -0.07, -0.9}, geom.Vec3{0.07, 0.07, 0}, color.NRGBA{60, 70, 140, 255}},
	{" R Thigh", 51, 1, geom.Vec3{0.1, 0, -0.1}, geom.Vec3{-0.07, -0.07, -0.9}, geom.Vec3{0.07, 0.07, 0}, color.NRGBA{60, 70, 140, 255}},
}

// walkerLayDown is the rotation San Andreas peds keep on the frame of
// their skinned atomic, the hierarchy's root (the stored vertices stand;
// this would lay them down): right, up and at vectors. The bones'
// positions are relative to it, as in the games' files.
var walkerLayDown = [9]float32{0, 0, 1, 1, 0, 0, 0, 1, 0}

func buildWalker() ([]byte, error) {
	stamp := rw.Pack(0x36003, 0xFFFF)
	b := dff.NewBuilder(stamp)
	root := b.AddFrame("walker", -1, geom.Vec3{})
	frames := make([]int, len(walkerBones))
	var nodes []dff.HAnimNode
	for i, wb := range walkerBones {
		parent := root
		if wb.parent >= 0 {
			parent = frames[wb.parent]
		}
		frames[i] = b.AddFrame(wb.name, parent, wb.pos)
		nodes = append(nodes, dff.HAnimNode{ID: wb.id, Index: int32(i), Flags: hanimFlags(i)})
	}
	b.SetRotation(frames[0], walkerLayDown)
	for i, wb := range walkerBones {
		var h []dff.HAnimNode
		if i == 0 {
			h = nodes
		}
		b.SetHAnim(frames[i], wb.id, h)
	}
	spec, skin := walkerGeometry()
	g, err := b.AddGeometry(spec)
	if err != nil {
		return nil, err
	}
	b.AddAtomic(frames[0], g)
	worlds := b.File().Clump.FrameNodes()
	atomic := worlds[frames[0]].World
	for _, f := range frames {
		skin.InverseBind = append(skin.InverseBind, worlds[f].World.Inv().Mul4(atomic))
	}
	if err := b.SetSkin(g, skin); err != nil {
		return nil, err
	}
	return b.File().Bytes()
}

// hanimFlags gives node i of the walker's hierarchy its push and pop
// flags (depth first: Normal, Pelvis, Spine, Head, arms, thighs).
func hanimFlags(i int) uint32 {
	switch walkerBones[i].name {
	case " Spine":
		return dff.HAnimPush // the thighs follow the spine's subtree, under the pelvis
	case " Head", " L UpperArm":
		return dff.HAnimPush | dff.HAnimPop
	case " R UpperArm", " R Thigh":
		return dff.HAnimPop
	case " L Thigh":
		return dff.HAnimPush | dff.HAnimPop
	}
	return 0
}

// walkerGeometry makes the boxes, each on its bone; the bottom corners of
// the spine box blend with the pelvis.
func walkerGeometry() (dff.GeometrySpec, dff.SkinSpec) {
	var p carPart
	var skin dff.SkinSpec
	worlds := walkerWorlds()
	p.spec.Materials = []dff.MaterialSpec{}
	for i, wb := range walkerBones {
		if wb.lo == wb.hi {
			continue
		}
		mat := uint16(len(p.spec.Materials))
		p.spec.Materials = append(p.spec.Materials, dff.MaterialSpec{Color: wb.color})
		first := len(p.spec.Positions)
		o := worlds[i]
		p.box(add3(o, wb.lo), add3(o, wb.hi), [6]uint16{mat, mat, mat, mat, mat, mat})
		for _, v := range p.spec.Positions[first:] {
			ix, w := [4]uint8{uint8(i)}, [4]float32{1}
			switch {
			case wb.name == " Spine" && v[2] < o[2]+0.01:
				ix, w = [4]uint8{uint8(i), 1}, [4]float32{0.5, 0.5}
			}
			skin.Indices, skin.Weights = append(skin.Indices, ix), append(skin.Weights, w)
		}
	}
	return p.spec, skin
}

// walkerWorlds are the bones' upright positions in the model.
func walkerWorlds() []geom.Vec3 {
	out := make([]geom.Vec3, len(walkerBones))
	for i, wb := range walkerBones {
		if wb.parent >= 0 {
			out[i] = add3(out[wb.parent], wb.pos)
		}
	}
	return out
}

// buildWalkerAnims writes walker.ifp: "walk" (the legs and arms swing, the
// body moves forward along +Y, one second) and "wave" (the right arm goes
// up and waves, two seconds).
func buildWalkerAnims() ([]byte, error) {
	return ifp.WriteANP3("walker", []*geom.Animation{walkerWalk(), walkerWave()}, true)
}

func rotX(deg float64) mgl32.Quat {
	return mgl32.QuatRotate(float32(deg*math.Pi/180), mgl32.Vec3{1, 0, 0})
}

// swing is a track that rotates about X by amp·sin(phase) at 9 keys over
// one second.
func swing(bone string, id int32, amp, phase float64) geom.Track {
	t := geom.Track{Bone: bone, ID: id, Index: -1}
	for k := 0; k <= 8; k++ {
		s := float64(k) / 8
		t.Times = append(t.Times, float32(s))
		t.Rot = append(t.Rot, rotX(amp*math.Sin(2*math.Pi*s+phase)))
	}
	return t
}

func walkerWalk() *geom.Animation {
	root := geom.Track{Bone: "Normal", ID: 0, Index: -1}
	for k := 0; k <= 8; k++ {
		s := float32(k) / 8
		root.Times = append(root.Times, s)
		root.Rot = append(root.Rot, mgl32.QuatIdent())
		root.Trans = append(root.Trans, geom.Vec3{0, 1.2 * s, 0})
	}
	a := &geom.Animation{Name: "walk", Tracks: []geom.Track{root,
		swing(" L Thigh", 41, 30, 0), swing(" R Thigh", 51, 30, math.Pi),
		swing(" L UpperArm", 32, 25, math.Pi), swing(" R UpperArm", 22, 25, 0)}}
	return a
}

func walkerWave() *geom.Animation {
	arm := geom.Track{Bone: " R UpperArm", ID: 22, Index: -1}
	for k := 0; k <= 8; k++ {
		s := float64(k) / 4
		up := mgl32.QuatRotate(float32(-math.Pi*0.85), mgl32.Vec3{0, 1, 0}) // the arm up and out
		wave := mgl32.QuatRotate(float32(0.4*math.Sin(2*math.Pi*s)), mgl32.Vec3{0, 1, 0})
		arm.Times = append(arm.Times, float32(s))
		arm.Rot = append(arm.Rot, wave.Mul(up))
	}
	root := geom.Track{Bone: "Normal", ID: 0, Index: -1, Times: []float32{0}, Rot: []mgl32.Quat{mgl32.QuatIdent()}}
	return &geom.Animation{Name: "wave", Tracks: []geom.Track{root, arm}}
}

func add3(a, b geom.Vec3) geom.Vec3 { return geom.Vec3{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
