package dff

import (
	"strings"

	"github.com/go-gl/mathgl/mgl32"
)

// FrameNode is one frame with its transforms, for exporters that keep the
// hierarchy (glTF nodes): Local is relative to Parent, World to the clump.
// Matrices are column-major; a point p maps to Local·p in the parent frame.
type FrameNode struct {
	Off    int64 // absolute offset of the frame's record
	Name   string
	Parent int // -1 for a root
	Local  mgl32.Mat4
	World  mgl32.Mat4
	// Atomics lists the atomics (indices into Clump.Atomics) on the frame.
	Atomics []int
}

// Local returns the frame's matrix: columns right, up, at and position.
func (f *Frame) Local() mgl32.Mat4 {
	r := f.Rot
	return mgl32.Mat4{
		r[0], r[1], r[2], 0,
		r[3], r[4], r[5], 0,
		r[6], r[7], r[8], 0,
		f.Pos[0], f.Pos[1], f.Pos[2], 1,
	}
}

// FrameNodes returns every frame with its local and world matrices and the
// atomics it carries, in stored order (parents need not come first).
func (c *Clump) FrameNodes() []FrameNode {
	out := make([]FrameNode, len(c.Frames))
	done := make([]bool, len(c.Frames))
	var world func(i int) mgl32.Mat4
	world = func(i int) mgl32.Mat4 {
		if done[i] {
			return out[i].World
		}
		done[i] = true // the parser refuses cycles; this also stops one
		m := c.Frames[i].Local()
		if p := int(c.Frames[i].Parent); p >= 0 && p < len(c.Frames) {
			m = world(p).Mul4(m)
		}
		out[i].World = m
		return m
	}
	for i := range c.Frames {
		f := &c.Frames[i]
		out[i].Off, out[i].Name, out[i].Parent, out[i].Local = f.Off, f.Name, int(f.Parent), f.Local()
		world(i)
	}
	for i, a := range c.Atomics {
		if int(a.Frame) < len(out) {
			out[a.Frame].Atomics = append(out[a.Frame].Atomics, i)
		}
	}
	return out
}

// Hidden reports an atomic the clump view leaves out, as the game does:
// the damaged (_dam) and low-detail (_vlo) parts of a vehicle.
func (c *Clump) Hidden(atomic int) bool {
	a := c.Atomics[atomic]
	name := strings.ToLower(c.Frames[a.Frame].Name)
	return strings.HasSuffix(name, "_dam") || strings.HasSuffix(name, "_vlo")
}
