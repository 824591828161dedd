// Package imagefile reads stand-alone image files as texture nodes: PNG
// and BMP (known by their magic bytes) and TGA (no magic: a .tga name and
// a sane header, see tga.Probe), each one image with one level, its facts
// in the texture shape of the JSON contract (name, width, height, levels,
// format) plus the file's own.
//
// The header is read when the node is opened and its size is checked
// against what the file can hold and against a decode limit, so a small
// file that claims a huge image is refused with the offset of the field
// before a pixel is allocated; the pixels are decoded when asked for.
package imagefile

import (
	"fmt"
	"image"
	"io"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/tga"
)

func init() {
	formats.Register(formats.Format{Name: "png", Kind: formats.KindTexture, Priority: 10,
		Match: func(p formats.Probe) bool { return isPNG(p.Head) }, Open: open(readPNG), Tag: formats.FixedTag("PNG")})
	formats.Register(formats.Format{Name: "bmp", Kind: formats.KindTexture, Priority: 10,
		Match: func(p formats.Probe) bool { return isBMP(p.Head, p.Size) }, Open: open(readBMP), Tag: formats.FixedTag("BMP")})
	// TGA is known by name and header only: after every format with magic
	formats.Register(formats.Format{Name: "tga", Kind: formats.KindTexture, Priority: 3,
		Match: func(p formats.Probe) bool { return tga.Probe(p.Head, p.Size, p.Name) }, Open: open(readTGA), Tag: formats.FixedTag("TGA")})
}

// headSize is how many leading bytes the header readers get: the largest
// header, a BMP file header with a version 5 info header.
const headSize = 14 + 124

// header is what a file's header says about its image.
type header struct {
	typ    string // "PNG", "BMP", "TGA"
	w, h   int
	format string         // the texture format name ("8888", "PAL8", "L8", ...)
	facts  map[string]any // the file type's own header fields
	// decode turns the whole file into an image.
	decode func(b []byte) (image.Image, error)
	// pixelBytes is the bytes per pixel of the image decode returns, and
	// sizeOff the offset of the width field, for the decode limit.
	pixelBytes int
	sizeOff    int64
}

// headerReader reads the header of a file of size bytes from its first
// bytes (up to headSize of them).
type headerReader func(head []byte, size int64) (*header, error)

// Node is a stand-alone image: a texture with one level.
type Node struct {
	formats.Raw
	src formats.Source
	hdr *header
}

// open makes a format's Open from its header reader.
func open(read headerReader) func(s formats.Source) (formats.Node, error) {
	return func(s formats.Source) (formats.Node, error) {
		head := make([]byte, min(s.Size, headSize))
		if _, err := s.R.ReadAt(head, 0); err != nil && err != io.EOF {
			return nil, binread.Errorf(max(s.Base, 0), "reading the header: %w", err)
		}
		h, err := read(head, s.Size)
		if err == nil {
			err = checkLimit(h, s.Size)
		}
		if err != nil {
			return nil, rebase(err, max(s.Base, 0))
		}
		return &Node{Raw: *formats.NewRaw(s, formats.KindTexture, h.typ), src: s, hdr: h}, nil
	}
}

// Type returns "PNG", "BMP" or "TGA".
func (n *Node) Type() string { return n.hdr.typ }

// Levels returns 1: an image file holds one level.
func (n *Node) Levels() int { return 1 }

// Image decodes the image (level 0) as a straight-alpha *image.NRGBA.
func (n *Node) Image(level int) (image.Image, error) {
	if level != 0 {
		return nil, fmt.Errorf("%s image has one level, not level %d", n.hdr.typ, level)
	}
	base := max(n.src.Base, 0)
	b, err := binread.ReadAt(n.src.R, base, 0, n.src.Size, n.src.Size)
	if err != nil {
		return nil, err
	}
	img, err := n.hdr.decode(b)
	if err != nil {
		return nil, rebase(err, base)
	}
	out := toNRGBA(img)
	if out.Rect.Dx() != n.hdr.w || out.Rect.Dy() != n.hdr.h {
		return nil, binread.Errorf(base, "%s decoded to %d×%d pixels, its header says %d×%d", n.hdr.typ, out.Rect.Dx(), out.Rect.Dy(), n.hdr.w, n.hdr.h)
	}
	return out, nil
}

// Describe returns the texture facts of the JSON contract and the file's
// own header fields.
func (n *Node) Describe() (any, error) {
	d := map[string]any{
		"kind":   string(formats.KindTexture),
		"name":   formats.EscapeName(n.NodeName),
		"width":  n.hdr.w,
		"height": n.hdr.h,
		"levels": 1,
		"format": n.hdr.format,
		"file":   n.hdr.typ,
	}
	for k, v := range n.hdr.facts {
		d[k] = v
	}
	return d, nil
}

// Width, Height and Format are the header's facts (the window's header
// line shows them).
func (n *Node) Width() int { return n.hdr.w }

// Height is the image's height in pixels.
func (n *Node) Height() int { return n.hdr.h }

// Format is the texture format name ("8888", "888", "PAL8", "L8", ...).
func (n *Node) Format() string { return n.hdr.format }

// rebase adds base, the absolute offset of the file's byte 0, to the
// offset of a format error.
func rebase(err error, base int64) error {
	if base == 0 {
		return err
	}
	switch e := err.(type) {
	case *binread.FormatError:
		return binread.Errorf(e.Off+base, "%s", e.Msg)
	case *binread.UnsupportedError:
		if e.Off >= 0 {
			return binread.Unsupportedf(e.Off+base, "%s", e.Msg)
		}
	}
	return err
}
