package material

import (
	"fmt"
	"image"
	"image/draw"
	"strings"

	"rummage/formats"
)

// textureNode is a decodable texture with a page table (a texm.Node).
type textureNode interface {
	Image(level int) (image.Image, error)
	OverlayRects(level int) []image.Rectangle // the page table at a mip level
}

// TextureSet finds textures by name and decodes each once (mip 0, as
// *image.NRGBA): the images of every material of a model come from one
// set, so phases and materials that share a texture share its pixels.
type TextureSet struct {
	// Find returns the texture node named name, nil when there is none
	// (FindTexture through a Locator, say).
	Find func(name string) formats.Node
	got  map[string]texResult
}

type texResult struct {
	node textureNode
	img  *image.NRGBA
	err  error
}

// image returns the texture named name, decoded, with its node, or what
// went wrong.
func (s *TextureSet) image(name string) texResult {
	key := strings.ToUpper(name)
	if r, ok := s.got[key]; ok {
		return r
	}
	if s.got == nil {
		s.got = map[string]texResult{}
	}
	var r texResult
	n := s.Find(name)
	switch tn, ok := n.(textureNode); {
	case n == nil:
		r.err = fmt.Errorf("texture %q is not in the texture library", name)
	case !ok:
		why := formats.SafeType(n)
		if err := formats.SafeErr(n); err != nil {
			why = err.Error()
		}
		r.err = fmt.Errorf("texture %q is not a decodable texture (%s)", name, why)
	default:
		r.node = tn
		img, err := tn.Image(0)
		if err != nil {
			r.err = fmt.Errorf("texture %q does not decode: %w", name, err)
		} else {
			r.img = toNRGBA(img)
		}
	}
	s.got[key] = r
	return r
}

// toNRGBA returns img as an *image.NRGBA (itself when it is one).
func toNRGBA(img image.Image) *image.NRGBA {
	if n, ok := img.(*image.NRGBA); ok {
		return n
	}
	out := image.NewNRGBA(img.Bounds())
	draw.Draw(out, out.Rect, img, img.Bounds().Min, draw.Src)
	return out
}

// Phases returns each phase's texture and page rectangle, and a finding
// for each phase whose texture or page cannot be had (that phase shows no
// texture, or the whole texture). An untextured phase is no finding.
func (s *TextureSet) Phases(m *Mat0) ([]PhaseImage, []string) {
	out := make([]PhaseImage, len(m.Phases))
	var findings []string
	for i := range m.Phases {
		name := m.Phases[i].TextureName()
		if name == "" {
			continue
		}
		r := s.image(name)
		if r.err != nil {
			findings = append(findings, fmt.Sprintf("phase %d: %v", i, r.err))
			continue
		}
		out[i].Texture, out[i].Name = r.img, name
		if pg := m.Phases[i].Page(); pg >= 0 {
			pages := r.node.OverlayRects(0)
			if pg >= len(pages) || pages[pg].Intersect(r.img.Rect).Empty() {
				findings = append(findings, fmt.Sprintf("phase %d: page %d is not in the page table of texture %q; the whole texture is shown", i, pg, name))
			} else {
				out[i].Page = pages[pg]
			}
		}
	}
	return out, findings
}
