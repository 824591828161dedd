package xrlevel

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/formats/omf"
)

// TestOwnMotions: an OGF that keeps motions in its own chunks lists them
// under "motions", decoded for its bones; the .omf files it names are
// found under gamedata/meshes.
func TestOwnMotions(t *testing.T) {
	mv, opt := skeleton()
	wave := &geom.Animation{Name: "wave", Tracks: []geom.Track{
		{Bone: "wpn_body", Rot: []mgl32.Quat{mgl32.QuatIdent()}, Trans: []geom.Vec3{{}}},
		{Bone: "magazine", Rot: []mgl32.Quat{mgl32.QuatIdent(), mgl32.QuatRotate(1, mgl32.Vec3{0, 1, 0})}, Trans: []geom.Vec3{{}}},
	}}
	mot, err := omf.Write([]*geom.Animation{wave}, omf.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	opt.Motions = mot
	opt.MotionRefs = []string{"weapons\\wpn_test\\wpn_test_animation"}
	root := t.TempDir()
	dir := filepath.Join(root, "gamedata", "meshes", "weapons", "wpn_test")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(dir, "wpn_test.ogf")
	if err := os.WriteFile(model, writeModel(t, mv, opt), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "WPN_TEST_ANIMATION.OMF"), mot, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := formats.Open(model, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n, _, err := formats.ResolvePath(f.Root, "motions/wave")
	if err != nil {
		t.Fatal(err)
	}
	a, err := n.(formats.Animator).Animation()
	if err != nil || len(a.Tracks) != 2 || a.Tracks[1].Bone != "magazine" || len(a.Tracks[1].Rot) != 2 {
		t.Fatalf("own motion %+v, %v", a, err)
	}
	files := f.Root.(formats.AnimationSourcer).AnimationFiles()
	if len(files) != 1 || files[0] != filepath.Join(dir, "WPN_TEST_ANIMATION.OMF") {
		t.Errorf("motion files %v", files)
	}
}
