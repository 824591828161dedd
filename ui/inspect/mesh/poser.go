package mesh

import (
	"image"
	"image/color"

	"fyne.io/fyne/v2"
	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats/geom"
	"rummage/pose"
	"rummage/preview"
)

// poser poses a skinned mesh for the render goroutine, which alone uses
// it once it is made: each frame it skins the vertices at a time and
// hands back a mesh with the posed positions. Two mesh headers over the
// same buffers alternate, so the renderer measures each pose's bounds
// again (it keeps them per mesh) while each header's edge list, which
// depends only on the triangles, is built once.
type poser struct {
	p       *pose.Pose
	anim    *geom.Animation // nil: the bind pose
	headers [2]*geom.Mesh
	flip    int
	worlds  []mgl32.Mat4 // the bones of the last pose (bind pose when no animation)
}

// newPoser prepares posing m by a (nil for the bind pose, whose bones
// the overlay still draws).
func newPoser(m *geom.Mesh, a *geom.Animation) (*poser, error) {
	anim := a
	if anim == nil {
		anim = &geom.Animation{Name: "bind pose"}
	}
	p, err := pose.New(m, anim)
	if err != nil {
		return nil, err
	}
	ps := &poser{p: p, anim: a}
	for i := range ps.headers {
		ps.headers[i] = &geom.Mesh{Positions: p.Positions, Indices: m.Indices, Groups: m.Groups, Up: m.Up, UVs: m.UVs, Colors: m.Colors, Skin: m.Skin}
		if p.Normals != nil {
			ps.headers[i].Normals = p.Normals
		}
	}
	ps.worlds = m.Skin.Skeleton.Worlds()
	if a == nil {
		copy(p.Positions, m.Positions)
		if p.Normals != nil {
			copy(p.Normals, m.Normals)
		}
	}
	return ps, nil
}

// at poses the mesh at t seconds into the animation (the bind pose stays
// as it is) and returns it.
func (ps *poser) at(t float32) *geom.Mesh {
	if ps.anim != nil {
		ps.p.At(t)
		ps.worlds = ps.p.Worlds()
	}
	ps.flip ^= 1
	return ps.headers[ps.flip]
}

// bonePixels projects the bones' origins of the last pose for a frame of
// mesh m drawn by cam at w×h; a bone behind the eye gets ok false.
func (ps *poser) bonePixels(m *geom.Mesh, cam preview.Camera, w, h int) []bonePixel {
	fr := cam.Frame(m.Bounds(), w, h)
	out := make([]bonePixel, len(ps.worlds))
	for i, wm := range ps.worlds {
		x, y, ok := fr.Project(wm.Col(3).Vec3())
		out[i] = bonePixel{x, y, ok}
	}
	return out
}

// bonePixel is a bone's origin on the image.
type bonePixel struct {
	X, Y float32
	OK   bool
}

// Bone overlay colours: bones, and the selected one.
var (
	boneColor     = color.RGBA{255, 200, 40, 255}
	selectedColor = color.RGBA{255, 60, 60, 255}
)

// drawBones draws each bone as a line from its parent's origin to its own
// with a dot at the joint; the selected bone (and its line) in red.
func drawBones(img *image.RGBA, px []bonePixel, sk *geom.Skeleton, selected int) {
	for i, b := range sk.Bones {
		if !px[i].OK {
			continue
		}
		c := boneColor
		if i == selected {
			c = selectedColor
		}
		if p := b.Parent; p >= 0 && p < len(px) && px[p].OK {
			line(img, px[p].X, px[p].Y, px[i].X, px[i].Y, c)
		}
		dot(img, px[i].X, px[i].Y, c)
	}
}

// line draws a one-pixel line (DDA), clipped to the image.
func line(img *image.RGBA, x0, y0, x1, y1 float32, c color.RGBA) {
	dx, dy := x1-x0, y1-y0
	n := int(max(abs32(dx), abs32(dy))) + 1
	if n > 1<<14 {
		return // a bone far outside the view
	}
	for k := 0; k <= n; k++ {
		f := float32(k) / float32(n)
		set(img, int(x0+dx*f), int(y0+dy*f), c)
	}
}

// dot draws a 3×3 square.
func dot(img *image.RGBA, x, y float32, c color.RGBA) {
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			set(img, int(x)+dx, int(y)+dy, c)
		}
	}
}

func set(img *image.RGBA, x, y int, c color.RGBA) {
	if image.Pt(x, y).In(img.Rect) {
		img.SetRGBA(x, y, c)
	}
}

func abs32(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}

// nearestBone returns the bone whose origin lies within r pixels of
// (x, y), the nearest one, -1 when none.
func nearestBone(px []bonePixel, x, y, r float32) int {
	best, bestD := -1, r*r
	for i, p := range px {
		if !p.OK {
			continue
		}
		if d := (p.X-x)*(p.X-x) + (p.Y-y)*(p.Y-y); d <= bestD {
			best, bestD = i, d
		}
	}
	return best
}

// overlayBones draws the bones over a posed frame and keeps where they
// are for picking (render goroutine).
func (c *previewShared) overlayBones(img *image.RGBA, m *geom.Mesh, req *previewRequest) {
	var px []bonePixel
	if a := req.anim; a != nil && a.bones && m.Skin != nil {
		px = a.poser.bonePixels(m, req.cam, req.w, req.h)
		drawBones(img, px, m.Skin.Skeleton, a.selected)
	}
	c.mu.Lock()
	c.bonePx = px
	c.mu.Unlock()
}

// pickBone selects the bone under pos (canvas units) when the overlay
// shows bones (UI goroutine).
func (c *previewCanvas) pickBone(pos fyne.Position) bool {
	size := c.Size()
	if c.view == nil || c.view.anim == nil || size.Width <= 0 || size.Height <= 0 {
		return false
	}
	c.sh.mu.Lock()
	px := c.sh.bonePx
	c.sh.mu.Unlock()
	return c.view.anim.pickBone(px, pos.X*float32(c.pxW)/size.Width, pos.Y*float32(c.pxH)/size.Height)
}
