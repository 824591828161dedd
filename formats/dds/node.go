package dds

import (
	"bytes"
	"image"

	"rummage/formats"
)

func init() {
	formats.Register(formats.Format{
		Name:     "dds",
		Kind:     formats.KindTexture,
		Priority: 10,
		Match:    func(p formats.Probe) bool { return bytes.HasPrefix(p.Head, []byte(Magic)) },
		Open:     OpenNode,
		Tag:      formats.FixedTag("DDS"),
	})
}

// Node is a DDS texture: an Imager whose levels are its mips.
type Node struct {
	formats.Raw
	File *File
}

// OpenNode opens a DDS file or archive entry as a texture node.
func OpenNode(s formats.Source) (formats.Node, error) {
	base := max(s.Base, 0)
	f, err := Open(s.R, base, s.Size)
	if err != nil {
		return nil, err
	}
	return &Node{Raw: *formats.NewRaw(s, formats.KindTexture, "DDS"), File: f}, nil
}

// Levels returns the number of mip levels in the file.
func (n *Node) Levels() int { return len(n.File.Levels) }

// Image decodes a mip level as *image.NRGBA.
func (n *Node) Image(level int) (image.Image, error) { return n.File.Image(level) }

// Describe returns the texture facts of the JSON contract, with the DDS
// header's own fields and every mip level's size and place.
func (n *Node) Describe() (any, error) {
	f := n.File
	d := map[string]any{
		"kind":     string(formats.KindTexture),
		"name":     n.NodeName,
		"width":    f.Width,
		"height":   f.Height,
		"levels":   len(f.Levels),
		"format":   f.Format.Name,
		"mipCount": f.MipCount,
		"mips":     f.Levels,
		"cubemap":  f.Faces == 6,
		"flags":    f.Flags,
		"caps":     []uint32{f.Caps, f.Caps2},
	}
	if f.Format.Block.Valid() {
		d["fourCC"] = f.Pixel.FourCC
	} else {
		d["bitCount"] = f.Format.Bits
		d["masks"] = f.Format.Masks
	}
	if f.DXGI != 0 {
		d["dxgiFormat"] = f.DXGI
	}
	return d, nil
}

// Diagnostics returns the header findings (odd size fields, mips past
// the end of the file, a cube map's other faces).
func (n *Node) Diagnostics() []formats.Diagnostic { return n.File.Diags }
