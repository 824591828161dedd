package dff

import (
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl32"

	"rummage/formats"
)

// PartKind is what a vehicle part is, by its frame's name as the game
// reads it: intact (_ok), damaged (_dam), low detail (_vlo) or other
// (chassis, windscreen, a wheel, ...).
type PartKind string

// The part kinds.
const (
	PartOK    PartKind = "ok"
	PartDam   PartKind = "dam"
	PartVLO   PartKind = "vlo"
	PartOther PartKind = "other"
)

// PartKindOf classifies a frame name: the game looks for "_dam" and
// "_vlo" anywhere in it (strstr), and marks "_ok" parts.
func PartKindOf(name string) PartKind {
	n := strings.ToLower(name)
	switch {
	case strings.Contains(n, "_dam"):
		return PartDam
	case strings.Contains(n, "_vlo"):
		return PartVLO
	case strings.Contains(n, "_ok"):
		return PartOK
	}
	return PartOther
}

// shows reports whether a part of kind k is drawn with the parts choice p
// (PartsDefault counts as PartsOK): ok shows everything but the damaged
// and low-detail parts, dam everything but the intact and low-detail ones,
// vlo only the low-detail parts, all everything.
func shows(p formats.Parts, k PartKind) bool {
	switch p {
	case formats.PartsAll:
		return true
	case formats.PartsDam:
		return k == PartDam || k == PartOther
	case formats.PartsVLO:
		return k == PartVLO
	}
	return k == PartOK || k == PartOther
}

// wheelFrame is a wheel dummy frame: wheel_<l|r><f|m|b>_dummy.
type wheelFrame struct {
	frame int
	left  bool
	front bool
}

// wheelFrames lists the clump's wheel dummies in frame order.
func (c *Clump) wheelFrames() []wheelFrame {
	var out []wheelFrame
	for i, f := range c.Frames {
		n := strings.ToLower(f.Name)
		if len(n) != len("wheel_rf_dummy") || !strings.HasPrefix(n, "wheel_") || !strings.HasSuffix(n, "_dummy") {
			continue
		}
		side, axle := n[6], n[7]
		if (side != 'l' && side != 'r') || (axle != 'f' && axle != 'm' && axle != 'b') {
			continue
		}
		out = append(out, wheelFrame{frame: i, left: side == 'l', front: axle == 'f'})
	}
	return out
}

// IsVehicle reports a vehicle model: a clump with wheel dummy frames.
// (A model named in an .ide cars section is one too; Root.IsVehicle
// checks that.)
func (c *Clump) IsVehicle() bool { return len(c.wheelFrames()) > 0 }

// mainWheel returns the atomic the game clones onto every wheel frame:
// the first atomic in the subtree of wheel_rf_dummy (-1 when none).
func (c *Clump) mainWheel(wheels []wheelFrame) int {
	rf := -1
	for _, w := range wheels {
		if !w.left && w.front {
			rf = w.frame
		}
	}
	if rf < 0 {
		return -1
	}
	best, bestDepth := -1, math.MaxInt
	for i, a := range c.Atomics {
		if d := c.depthBelow(int(a.Frame), rf); d >= 0 && d < bestDepth {
			best, bestDepth = i, d
		}
	}
	return best
}

// depthBelow returns how many parent steps lead from frame to anc (0: it
// is anc), -1 when anc is not above it.
func (c *Clump) depthBelow(frame, anc int) int {
	for d := 0; frame >= 0 && d <= len(c.Frames); d++ {
		if frame == anc {
			return d
		}
		frame = int(c.Frames[frame].Parent)
	}
	return -1
}

// wheelSetup is what the game reads from the model's .ide line and
// handling.cfg to put its wheels on.
type wheelSetup struct {
	front, rear float32 // wanted wheel diameters (0: as modelled)
	double      bool    // a second wheel inside each rear one
}

// placement is one drawn geometry: which atomic's geometry, where, and
// under which frame it hangs in a scene.
type placement struct {
	atomic int        // index into Clump.Atomics (its geometry is drawn)
	frame  int        // the frame it hangs under
	local  mgl32.Mat4 // relative to that frame (identity for a plain atomic)
	world  mgl32.Mat4
	name   string
	kind   PartKind
	wheel  bool // a wheel put on a wheel frame (the game's clones, and its main wheel moved onto wheel_rf_dummy)
}

// assembly is what a vehicle (or any clump) draws: its placements and how
// many wheel frames got a wheel.
type assembly struct {
	vehicle bool
	items   []placement
	wheels  int
}

// assemble lists what the clump draws with the parts choice p. A clump
// that is not a vehicle draws every atomic but the damaged and low-detail
// ones (all of them when nothing else is left), and p does not apply. A
// vehicle draws its parts by p and the main wheel on every wheel frame:
// left wheels turned half round Z to face outward, each scaled to the
// .ide's wheel size, and a second wheel inside each rear one when
// setup.double.
func (c *Clump) assemble(p formats.Parts, setup wheelSetup) assembly {
	frames := c.FrameNodes()
	wheels := c.wheelFrames()
	if len(wheels) == 0 {
		return c.plainAssembly(frames)
	}
	out := assembly{vehicle: true}
	main := c.mainWheel(wheels)
	// The game moves the main wheel onto wheel_rf_dummy (collapsing the
	// frames between) and clones it onto the others; a wheel that already
	// sits on its wheel frame stays where it is.
	moved := main >= 0 && !isWheelFrame(wheels, int(c.Atomics[main].Frame))
	for i, a := range c.Atomics {
		if moved && i == main {
			continue
		}
		name := c.Frames[a.Frame].Name
		k := PartKindOf(name)
		if !shows(p, k) && !isWheelFrame(wheels, int(a.Frame)) {
			continue
		}
		out.items = append(out.items, placement{atomic: i, frame: int(a.Frame), local: mgl32.Ident4(), world: frames[a.Frame].World, name: name, kind: k})
	}
	if main >= 0 {
		out.items = append(out.items, c.wheelPlacements(frames, wheels, main, setup)...)
		out.wheels = len(wheels)
	}
	return out
}

// isWheelFrame reports whether frame is one of the wheel dummies.
func isWheelFrame(wheels []wheelFrame, frame int) bool {
	for _, w := range wheels {
		if w.frame == frame {
			return true
		}
	}
	return false
}

// plainAssembly is what a clump that is not a vehicle draws.
func (c *Clump) plainAssembly(frames []FrameNode) assembly {
	var out assembly
	allHidden := true
	for i := range c.Atomics {
		allHidden = allHidden && c.Hidden(i)
	}
	for i, a := range c.Atomics {
		if c.Hidden(i) && !allHidden {
			continue
		}
		name := c.Frames[a.Frame].Name
		out.items = append(out.items, placement{atomic: i, frame: int(a.Frame), local: mgl32.Ident4(), world: frames[a.Frame].World, name: name, kind: PartKindOf(name)})
	}
	return out
}

// hasOwnAtomic reports a frame that carries an atomic of its own.
func (c *Clump) hasOwnAtomic(frame int) bool {
	for _, a := range c.Atomics {
		if int(a.Frame) == frame {
			return true
		}
	}
	return false
}

// wheelPlacements puts the main wheel on every wheel frame that has no
// atomic of its own (a model that already carries a wheel on each frame
// keeps its own).
func (c *Clump) wheelPlacements(frames []FrameNode, wheels []wheelFrame, main int, setup wheelSetup) []placement {
	g := c.Geometries[c.Atomics[main].Geometry]
	size, width := wheelSize(g)
	var out []placement
	for _, w := range wheels {
		if c.hasOwnAtomic(w.frame) {
			continue
		}
		want := setup.rear
		if w.front {
			want = setup.front
		}
		local := mgl32.Ident4()
		if want > 0 && size > 0 {
			local = mgl32.Scale3D(want/size, want/size, want/size)
		}
		if w.left {
			local = mgl32.HomogRotate3DZ(math.Pi).Mul4(local)
		}
		world := frames[w.frame].World
		out = append(out, placement{atomic: main, frame: w.frame, local: local, world: world.Mul4(local), name: "wheel", kind: PartOther, wheel: true})
		if setup.double && !w.front {
			// inward by the wheel's width: on the right side -X, on the
			// left side turned with the wheel to +X
			inner := local.Mul4(mgl32.Translate3D(-width, 0, 0))
			out = append(out, placement{atomic: main, frame: w.frame, local: inner, world: world.Mul4(inner), name: "wheel", kind: PartOther, wheel: true})
		}
	}
	return out
}

// wheelSize returns a wheel geometry's diameter (its extent across Y and
// Z, the larger) and its width (across X), from its morph target.
func wheelSize(g *Geometry) (diameter, width float32) {
	m, err := g.Mesh(nil)
	if err != nil || len(m.Positions) == 0 {
		return 0, 0
	}
	b := m.Bounds()
	return max(b.Max[1]-b.Min[1], b.Max[2]-b.Min[2]), b.Max[0] - b.Min[0]
}
