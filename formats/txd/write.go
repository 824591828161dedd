package txd

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"

	"rummage/formats/rw"
)

// Encode returns the texture native chunk: the original bytes when the
// texture is untouched, else the chunk built from the fields.
func (t *Texture) Encode() ([]byte, error) {
	if t.raw != nil {
		return t.raw, nil
	}
	return t.EncodeFields()
}

// EncodeFields builds the texture native chunk from the fields, ignoring
// the original bytes.
func (t *Texture) EncodeFields() ([]byte, error) {
	var body []byte
	var err error
	switch t.Platform {
	case PlatformPS2:
		body, err = t.encodePS2()
	case PlatformD3D8, PlatformD3D9, PlatformXbox:
		body, err = t.encodeD3D()
	default:
		return nil, fmt.Errorf("texture %q: cannot write platform 0x%X", t.Name, t.Platform)
	}
	if err != nil {
		return nil, err
	}
	ext := t.Ext
	if !t.HasExt {
		ext = nil
	}
	if t.HasExt || t.Ext != nil {
		body = append(body, rw.Chunk(rw.IDExtension, t.Stamp, ext)...)
	}
	return rw.Chunk(rw.IDTextureNative, t.Stamp, body), nil
}

// padName returns name zero-terminated and padded to a multiple of 4 (librw).
func padName(s string) []byte {
	b := make([]byte, (len(s)+4)&^3)
	copy(b, s)
	return b
}

func (t *Texture) encodePS2() ([]byte, error) {
	p := t.PS2
	if p == nil {
		return nil, fmt.Errorf("texture %q has no PS2 header", t.Name)
	}
	st := make([]byte, 8)
	binary.LittleEndian.PutUint32(st, PlatformPS2)
	binary.LittleEndian.PutUint32(st[4:], t.FilterWord)
	out := rw.Chunk(rw.IDStruct, t.Stamp, st)
	name, mask := p.NameRaw, p.MaskRaw
	if name == nil || cstr(name) != t.Name {
		name = padName(t.Name)
	}
	if mask == nil || cstr(mask) != t.Mask {
		mask = padName(t.Mask)
	}
	out = append(out, rw.Chunk(rw.IDString, t.Stamp, name)...)
	out = append(out, rw.Chunk(rw.IDString, t.Stamp, mask)...)

	var data []byte
	for _, L := range t.Levels {
		data = append(data, L.GIF...)
		data = append(data, L.Data...)
	}
	data = append(data, p.PixTail...)
	pixelSize := len(data)
	data = append(data, p.PalGIF...)
	data = append(data, p.PalData...)
	paletteSize := len(data) - pixelSize
	data = append(data, p.Tail...)
	if uint32(pixelSize) != p.PixelSize || uint32(paletteSize) != p.PaletteSize && t.Palettised() {
		return nil, fmt.Errorf("texture %q: stored sizes %d/%d disagree with the data %d/%d", t.Name, p.PixelSize, p.PaletteSize, pixelSize, paletteSize)
	}
	hd := make([]byte, 64)
	le := binary.LittleEndian
	le.PutUint32(hd[0:], p.Width)
	le.PutUint32(hd[4:], p.Height)
	le.PutUint32(hd[8:], p.Depth)
	le.PutUint16(hd[12:], p.RasterFormat)
	le.PutUint16(hd[14:], uint16(p.StreamVersion))
	le.PutUint64(hd[16:], p.TEX0)
	le.PutUint32(hd[24:], p.PaletteOffset)
	le.PutUint32(hd[28:], p.Tex1Low)
	le.PutUint64(hd[32:], p.MIPTBP1)
	le.PutUint64(hd[40:], p.MIPTBP2)
	le.PutUint32(hd[48:], p.PixelSize)
	le.PutUint32(hd[52:], p.PaletteSize)
	le.PutUint32(hd[56:], p.TotalSize)
	le.PutUint32(hd[60:], p.MipmapVal)
	hs := p.HeaderStamp
	if hs == 0 {
		hs = t.Stamp
	}
	ras := append(rw.Chunk(rw.IDStruct, hs, hd), rw.Chunk(rw.IDStruct, hs, data)...)
	out = append(out, rw.Chunk(rw.IDStruct, hs, ras)...)
	return out, nil
}

func (t *Texture) encodeD3D() ([]byte, error) {
	d := t.D3D
	if d == nil {
		return nil, fmt.Errorf("texture %q has no D3D header", t.Name)
	}
	if len(t.Name) > 32 || len(t.Mask) > 32 {
		return nil, fmt.Errorf("texture %q: names are limited to 32 bytes", t.Name)
	}
	le := binary.LittleEndian
	h := make([]byte, D3DHeaderSize)
	le.PutUint32(h[0:], t.Platform)
	le.PutUint32(h[4:], t.FilterWord)
	copy(h[8:40], t.Name)
	if len(d.NameRaw) == 32 && cstr(d.NameRaw) == t.Name {
		copy(h[8:40], d.NameRaw)
	}
	copy(h[40:72], t.Mask)
	if len(d.MaskRaw) == 32 && cstr(d.MaskRaw) == t.Mask {
		copy(h[40:72], d.MaskRaw)
	}
	le.PutUint32(h[72:], t.RasterFormat)
	le.PutUint32(h[76:], d.Alpha)
	le.PutUint16(h[80:], uint16(t.Width))
	le.PutUint16(h[82:], uint16(t.Height))
	h[84] = byte(t.Depth)
	h[85] = byte(d.LevelCount)
	h[86] = d.RasterType
	h[87] = d.Flags
	if t.Platform == PlatformXbox {
		h = le.AppendUint32(h, d.TotalSize)
	}
	h = append(h, d.PalRaw...)
	for _, L := range t.Levels {
		if t.Platform != PlatformXbox {
			h = le.AppendUint32(h, uint32(len(L.Data)))
		}
		h = append(h, L.Data...)
	}
	h = append(h, d.Tail...)
	return rw.Chunk(rw.IDStruct, t.Stamp, h), nil
}

// Edited reports whether any texture was changed since reading.
func (d *Dictionary) Edited() bool {
	if d.orig == nil {
		return true
	}
	for _, it := range d.Items {
		if it.Tex != nil && it.Tex.Edited() {
			return true
		}
	}
	return false
}

// Bytes returns the whole file: the original bytes when nothing was
// edited, else the dictionary rebuilt around the textures.
func (d *Dictionary) Bytes() ([]byte, error) {
	if !d.Edited() {
		return d.orig, nil
	}
	var body bytes.Buffer
	body.Write(rw.Chunk(rw.IDStruct, d.StructStamp, d.StructRaw))
	for _, it := range d.Items {
		if it.Tex != nil {
			b, err := it.Tex.Encode()
			if err != nil {
				return nil, err
			}
			body.Write(b)
		} else {
			body.Write(it.Raw)
		}
	}
	out := rw.Header{Type: rw.IDTexDictionary, Size: uint32(body.Len()), Stamp: d.Stamp}.Append(nil)
	out = append(out, body.Bytes()...)
	return append(out, d.Trailer...), nil
}

// WriteTo writes the file to w.
func (d *Dictionary) WriteTo(w io.Writer) (int64, error) {
	b, err := d.Bytes()
	if err != nil {
		return 0, err
	}
	n, err := w.Write(b)
	return int64(n), err
}

// NewDictionary makes an empty dictionary for textures of RW version
// stamp; device is the RW 3.6 device id (0 writes the old u32 count).
func NewDictionary(stamp uint32, device uint16) *Dictionary {
	return &Dictionary{Stamp: stamp, StructStamp: stamp, Device: device, Base: -1}
}

// Add appends a texture and updates the count.
func (d *Dictionary) Add(t *Texture) {
	d.Items = append(d.Items, &Item{Tex: t, Type: rw.IDTextureNative, Off: -1})
	d.Count++
	d.StructRaw = make([]byte, 4)
	binary.LittleEndian.PutUint16(d.StructRaw, d.Count)
	binary.LittleEndian.PutUint16(d.StructRaw[2:], d.Device)
	d.orig = nil
}

// Marshal writes a new dictionary (with its empty extension) to bytes.
func (d *Dictionary) Marshal() ([]byte, error) {
	hasExt := false
	for _, it := range d.Items {
		if it.Tex == nil && it.Type == rw.IDExtension {
			hasExt = true
		}
	}
	if !hasExt {
		d.Items = append(d.Items, &Item{Raw: rw.Chunk(rw.IDExtension, d.Stamp), Type: rw.IDExtension, Off: -1})
	}
	return d.Bytes()
}
