package cli

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"rummage/formats"
	"rummage/pose"
	"rummage/preview"
)

// BenchmarkPlayPedFrame is one frame of the window's preview playing a
// motion on San Andreas' wuzimu.dff (textured, 1280×800, both cores):
// pose the skin at the frame's time, then draw. The preview budget is
// 30 frames a second, 33 ms a frame. $RUMMAGE_DFF_REAL names the folder
// of wuzimu.dff and $RUMMAGE_IFP_REAL the PED.IFP.
func BenchmarkPlayPedFrame(b *testing.B) {
	dir, anim := os.Getenv("RUMMAGE_DFF_REAL"), os.Getenv("RUMMAGE_IFP_REAL")
	if dir == "" || anim == "" {
		b.Skip("RUMMAGE_DFF_REAL and RUMMAGE_IFP_REAL are not set")
	}
	f, err := formats.Open(filepath.Join(dir, "wuzimu.dff"), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	m, err := f.Root.(formats.Mesher).Mesh()
	if err != nil {
		b.Fatal(err)
	}
	anims, err := (&env{}).loadMotions(motionFlags{file: anim, motion: "walk_player"})
	if err != nil {
		b.Fatal(err)
	}
	p, err := pose.New(m, anims[0])
	if err != nil {
		b.Fatal(err)
	}
	r := preview.NewRenderer()
	defer r.Close()
	img := image.NewRGBA(image.Rect(0, 0, 1280, 800))
	cam := preview.NewCamera(m.Bounds(), m.Up, 1.6)
	cam.Fit(m.Bounds(), 1.6)
	opt := preview.DefaultOptions()
	opt.Mode = preview.ModeTextured
	clock := uint32(0)
	b.ReportAllocs()
	for b.Loop() {
		clock += 33
		p.At(pose.LocalTime(anims[0], clock))
		r.Render(img, p.Mesh(), &cam, &opt)
	}
}
