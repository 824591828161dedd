package texm

import (
	"bytes"
	"image"
	"strconv"

	"rummage/formats"
)

func init() {
	formats.Register(formats.Format{
		Name:     "texm",
		Kind:     formats.KindTexture,
		Priority: 10,
		Match:    func(p formats.Probe) bool { return bytes.HasPrefix(p.Head, []byte(Magic)) },
		Open:     Open,
		Tag:      formats.FixedTag("Texm"),
	})
}

// Node is a Texm texture: an Imager whose levels are its mips.
type Node struct {
	formats.Raw
	Tex *Texture
}

// Open opens a texture entry or file.
func Open(s formats.Source) (formats.Node, error) {
	base := s.Base
	if base < 0 {
		base = 0
	}
	t, err := NewTexture(s.R, base, s.Size)
	if err != nil {
		return nil, err
	}
	return &Node{Raw: *formats.NewRaw(s, formats.KindTexture, "Texm"), Tex: t}, nil
}

// Levels returns the mip count.
func (n *Node) Levels() int { return int(n.Tex.Mips) }

// Image decodes a mip level as *image.NRGBA.
func (n *Node) Image(level int) (image.Image, error) { return n.Tex.Image(level) }

// PalettedImage returns a format-0 level as indices and its palette
// (formats.Paletter), nil for the other formats.
func (n *Node) PalettedImage(level int) (*image.Paletted, error) { return n.Tex.Paletted(level) }

// OverlayRects returns the page rectangles scaled to mip level (the
// texture inspector draws them over the image).
func (n *Node) OverlayRects(level int) []image.Rectangle {
	var out []image.Rectangle
	for _, p := range n.Tex.Pages {
		r := p.Rect()
		if level > 0 {
			r = image.Rect(r.Min.X>>level, r.Min.Y>>level, (r.Max.X+(1<<level)-1)>>level, (r.Max.Y+(1<<level)-1)>>level)
		}
		out = append(out, r)
	}
	return out
}

// PageRect returns the rectangle of MAT0 page index p17 in mip-0 pixels:
// the whole texture for -1 (or any index without a page), else Pages[p].
func (n *Node) PageRect(page int) image.Rectangle {
	if page >= 0 && page < len(n.Tex.Pages) {
		return n.Tex.Pages[page].Rect()
	}
	return image.Rect(0, 0, int(n.Tex.Width), int(n.Tex.Height))
}

// Describe returns the texture facts of the JSON contract.
func (n *Node) Describe() (any, error) {
	t := n.Tex
	pages := t.Pages
	if pages == nil {
		pages = []Page{}
	}
	return map[string]any{
		"kind":   string(formats.KindTexture),
		"name":   n.NodeName,
		"width":  t.Width,
		"height": t.Height,
		"levels": t.Mips,
		"format": FormatName(t.Format),
		"pages":  pages,
		"flags4": t.Flags4,
		"flags5": t.Flags5,
		"unk6":   t.Unk6,
	}, nil
}

// Diagnostics notes pages that leave the texture and external palettes.
func (n *Node) Diagnostics() []formats.Diagnostic {
	var out []formats.Diagnostic
	whole := image.Rect(0, 0, int(n.Tex.Width), int(n.Tex.Height))
	for i, p := range n.Tex.Pages {
		if r := p.Rect(); !r.In(whole) || r.Empty() {
			out = append(out, formats.Diagnostic{Off: n.Abs, Msg: "page " + itoa(i) + " " + r.String() + " is empty or leaves the texture " + whole.String()})
		}
	}
	if ExternalPalette(n.Tex.Format) {
		out = append(out, formats.Diagnostic{Off: n.Abs, Msg: "format " + itoa(int(n.Tex.Format)) + " uses an external palette; shown as grey indices"})
	}
	return out
}

func itoa(i int) string { return strconv.Itoa(i) }
