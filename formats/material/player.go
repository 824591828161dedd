package material

import (
	"image"
	"image/color"

	"rummage/formats/geom"
)

// PhaseImage is what a phase shows besides its colours: its texture,
// decoded (nil when untextured or not found), the texture's name, and the
// rectangle its page index p17 names (empty: the whole texture).
type PhaseImage struct {
	Texture image.Image
	Name    string
	Page    image.Rectangle
}

// Player plays one animation block of a material on a model: it is a
// geom.Animator whose At samples the block as PlayAt does and returns the
// sampled colour with the texture and page of the key's phase. It holds
// a copy of the material, so later edits do not change it, and its
// textures are decoded beforehand, so At neither decodes nor allocates
// and is safe from any goroutine.
type Player struct {
	mat    *Mat0
	block  int
	vals   []Values // per phase
	images []PhaseImage
}

// NewPlayer makes a player of block (0 is the one the game uses) over
// images, one per phase (missing ones show no texture).
func NewPlayer(m *Mat0, block int, images []PhaseImage) *Player {
	p := &Player{mat: m.Clone(), block: block, vals: make([]Values, len(m.Phases)), images: make([]PhaseImage, len(m.Phases))}
	for i := range m.Phases {
		p.vals[i] = m.Phases[i].Values()
	}
	copy(p.images, images)
	return p
}

// Animated reports whether the look can change with the clock: the block
// exists, lasts some time and has two keys or more.
func (p *Player) Animated() bool {
	if p.block < 0 || p.block >= len(p.mat.Blocks) {
		return false
	}
	b := &p.mat.Blocks[p.block]
	return len(b.Keys) > 1 && b.Duration() > 0
}

// At returns the look at clock ms (a geom.Animator). A material without
// phases looks opaque white.
func (p *Player) At(ms uint32) geom.Look {
	if len(p.vals) == 0 {
		return geom.Look{Color: color.NRGBA{255, 255, 255, 255}}
	}
	pa, pb, alpha, mask := p.position(ms)
	v := p.vals[pa]
	if mask != 0 {
		lerpValues(&v, &p.vals[pb], mask, alpha)
	}
	img := p.images[pa]
	return geom.Look{Color: v.BaseColor(), Texture: img.Texture, TextureName: img.Name, Page: img.Page}
}

// position is the sampler of SampleAt as PlayAt plays it, without
// allocating: the phases the key at ms blends between, the blend factor
// (clamped to 0..1, as a viewer should) and the mask. Where SampleAt
// shows phase 0 or reports an error, it gives phase 0 alone.
func (p *Player) position(ms uint32) (pa, pb int, alpha float32, mask uint32) {
	if p.block < 0 || p.block >= len(p.mat.Blocks) {
		return 0, 0, 0, 0
	}
	b := &p.mat.Blocks[p.block]
	n, d := len(b.Keys), b.Duration()
	if n == 0 || d == 0 {
		return 0, 0, 0, 0
	}
	t := b.localTime(ms, d, playRandom(ms, d))
	k, prevEnd := b.keyAt(t)
	next := (k + 1) % n
	if div := uint32(b.Keys[k].EndMs) - prevEnd; div != 0 {
		alpha = min(1, max(0, float32(t-prevEnd)/float32(div)))
	}
	pa, pb = int(b.Keys[k].Phase), int(b.Keys[next].Phase)
	if pa >= len(p.vals) || pb >= len(p.vals) {
		return 0, 0, 0, 0
	}
	return pa, pb, alpha, b.Mask()
}

// BaseColor is the colour of a fully lit surface of phase values v, as a
// viewer's base colour: ambient (additive) + directional + extra
// (emissive), each channel clamped to 0..1, with the opacity as alpha.
// The viewer's own light then shades it.
func (v Values) BaseColor() color.NRGBA {
	c := func(i int) uint8 {
		return unit8(float64(v.Additive[i]) + float64(v.Directional[i]) + float64(v.Extra[i]))
	}
	return color.NRGBA{c(0), c(1), c(2), unit8(float64(v.Opacity))}
}
