package mesh

import (
	"bytes"
	"image"
	"testing"

	"fyne.io/fyne/v2/test"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/preview"
	"rummage/samples"
)

// walkerNodes opens the built-in walker and its motions.
func walkerNodes(t *testing.T) (*geom.Mesh, []formats.Node) {
	t.Helper()
	var model, anims []byte
	for _, f := range samples.Files() {
		switch f.Name {
		case "walker.dff":
			model = f.Data
		case "walker.ifp":
			anims = f.Data
		}
	}
	mf, err := formats.OpenBytes("walker.dff", model, nil)
	if err != nil {
		t.Fatal(err)
	}
	m, err := mf.Root.(formats.Mesher).Mesh()
	if err != nil {
		t.Fatal(err)
	}
	af, err := formats.OpenBytes("walker.ifp", anims, nil)
	if err != nil {
		t.Fatal(err)
	}
	kids, _ := af.Root.Children()
	return m, kids
}

// shownFrame returns a copy of the frame the view shows.
func shownFrame(c *previewCanvas) *image.RGBA {
	c.sh.mu.Lock()
	defer c.sh.mu.Unlock()
	out := image.NewRGBA(c.sh.front.Rect)
	copy(out.Pix, c.sh.front.Pix)
	return out
}

// countColor counts the pixels of colour col.
func countColor(img *image.RGBA, col [4]uint8) int {
	n := 0
	for i := 0; i+3 < len(img.Pix); i += 4 {
		if img.Pix[i] == col[0] && img.Pix[i+1] == col[1] && img.Pix[i+2] == col[2] {
			n++
		}
	}
	return n
}

// frameAt seeks the shared clock to ms and waits for the frame drawn.
func frameAt(t *testing.T, v *PreviewView, frames chan preview.Stats, ms uint32) *image.RGBA {
	t.Helper()
	drain(frames)
	v.anim.clk.Seek(ms)
	waitFrame(t, frames, false)
	return shownFrame(v.canvas)
}

// TestAnimationRow: a skinned mesh gets the row; a motion poses it at the
// clock (two times, two frames); the Bones overlay draws the bones and a
// click on one selects it.
func TestAnimationRow(t *testing.T) {
	m, motions := walkerNodes(t)
	v, _, frames := previewFixture(t, m)
	r := v.anim
	if !r.content.Visible() || r.mesh == nil {
		t.Fatal("no Animation row for a skinned mesh")
	}
	r.clk.Pause()
	bind := shownFrame(v.canvas)
	r.motions = motions
	r.chooseMotion("walk")
	if name, moved := v.AnimationStatus(); name != "walk" || moved != 5 {
		t.Fatalf("playing %q moving %d bones", name, moved)
	}
	r.clk.Pause()
	a, b := frameAt(t, v, frames, 250), frameAt(t, v, frames, 750)
	if bytes.Equal(a.Pix, b.Pix) || bytes.Equal(a.Pix, bind.Pix) {
		t.Error("the walk at 250 and 750 ms and the bind pose do not all differ")
	}
	test.Tap(r.bones)
	img := frameAt(t, v, frames, 250)
	bone := [4]uint8{boneColor.R, boneColor.G, boneColor.B}
	if countColor(img, bone) < 20 {
		t.Fatalf("%d bone pixels drawn", countColor(img, bone))
	}
	v.canvas.sh.mu.Lock()
	px := v.canvas.sh.bonePx
	v.canvas.sh.mu.Unlock()
	pelvis := px[2]
	if !r.pickBone(px, pelvis.X+2, pelvis.Y) || r.sel != 2 {
		t.Fatalf("clicking the pelvis selected bone %d", r.sel)
	}
	// A frame asked for before the click may still be queued: the one
	// drawn for the click follows within a few.
	sel := [4]uint8{selectedColor.R, selectedColor.G, selectedColor.B}
	for i := 0; ; i++ {
		waitFrame(t, frames, false)
		if countColor(shownFrame(v.canvas), sel) > 0 {
			break
		}
		if i == 5 {
			t.Fatal("the selected bone is not highlighted")
		}
	}
}

// TestNoAnimationRow: a mesh without a skeleton shows no row.
func TestNoAnimationRow(t *testing.T) {
	v, _, _ := previewFixture(t, geom.Crate())
	if v.anim.content.Visible() {
		t.Error("the Animation row shows for a mesh without a skeleton")
	}
}
