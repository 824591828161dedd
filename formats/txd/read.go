package txd

import (
	"encoding/binary"
	"fmt"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/rw"
)

// Dictionary is a parsed texture dictionary.
type Dictionary struct {
	Stamp       uint32 // library ID of the dictionary chunk
	Count       uint16 // texture count from the struct
	Device      uint16 // device id (RW 3.6 layout; 0 for the older u32 count)
	StructStamp uint32
	StructRaw   []byte // the struct payload as stored
	Items       []*Item
	Trailer     []byte // bytes after the dictionary chunk
	Truncated   error  // set when the dictionary's size runs past the end of the file
	Base        int64
	// Diags are the reader's findings about the dictionary: chunks it
	// holds that the game skips, bytes after it that are not zeros.
	Diags []formats.Diagnostic

	orig []byte // the whole original input
}

// Item is one child chunk of the dictionary: a texture, a broken or
// unsupported texture native (Err set, Raw kept) or another chunk (raw).
type Item struct {
	Tex  *Texture
	Raw  []byte // chunk bytes for non-texture chunks and broken natives
	Off  int64
	Type uint32
	Err  error
	Name string // best-effort name for broken natives
}

// Device id names.
var deviceNames = map[uint16]string{0: "unknown", 1: "D3D8", 2: "D3D9", 3: "GameCube", 4: "null", 5: "OpenGL", 6: "PS2", 7: "softras", 8: "Xbox", 9: "PSP", 10: "PS3"}

// DeviceName names a device id.
func DeviceName(d uint16) string {
	if n, ok := deviceNames[d]; ok {
		return n
	}
	return fmt.Sprintf("%d", d)
}

// Textures returns the decoded textures, in order.
func (d *Dictionary) Textures() []*Texture {
	var out []*Texture
	for _, it := range d.Items {
		if it.Tex != nil {
			out = append(out, it.Tex)
		}
	}
	return out
}

type sub struct {
	h    rw.Header
	off  int64 // absolute offset of the header
	data []byte
}

// subChunks splits a payload into chunks; a chunk running past the end is an error.
func subChunks(b []byte, base int64) ([]sub, error) {
	var out []sub
	pos := 0
	for pos < len(b) {
		h, ok := rw.ParseHeader(b[pos:])
		if !ok {
			return out, binread.Errorf(base+int64(pos), "%d stray bytes where a chunk header was expected", len(b)-pos)
		}
		if int64(h.Size) > int64(len(b)-pos-rw.HeaderSize) {
			return out, binread.Errorf(base+int64(pos)+4, "%s chunk size %d runs past the end of its parent (%d bytes remain)", rw.TypeName(h.Type), h.Size, len(b)-pos-rw.HeaderSize)
		}
		out = append(out, sub{h: h, off: base + int64(pos), data: b[pos+rw.HeaderSize : pos+rw.HeaderSize+int(h.Size)]})
		pos += rw.HeaderSize + int(h.Size)
	}
	return out, nil
}

// IsTXD reports whether b starts like a texture dictionary of size bytes.
func IsTXD(b []byte, size int64) bool {
	h, ok := rw.ParseHeader(b)
	if !ok || h.Type != rw.IDTexDictionary || !rw.Plausible(h.Stamp) {
		return false
	}
	if h.Size < rw.HeaderSize+4 || size < 2*rw.HeaderSize {
		return false
	}
	if len(b) >= 24 {
		s, _ := rw.ParseHeader(b[12:])
		return s.Type == rw.IDStruct && s.Size >= 4 && s.Size <= 8
	}
	return true
}

// Parse parses a texture dictionary from b, whose byte 0 is at file offset
// base. Broken texture natives become items with Err set; only a broken
// dictionary header is an error.
func Parse(b []byte, base int64) (*Dictionary, error) {
	h, ok := rw.ParseHeader(b)
	if !ok {
		return nil, binread.Errorf(base, "file of %d bytes is too short for a RenderWare chunk header", len(b))
	}
	if h.Type != rw.IDTexDictionary {
		return nil, binread.Errorf(base, "chunk type 0x%X is not a Texture Dictionary (0x16)", h.Type)
	}
	d := &Dictionary{Stamp: h.Stamp, Base: base, orig: b}
	var body []byte
	if int64(h.Size) > int64(len(b)-rw.HeaderSize) {
		// Truncated file: read what is there; the cut-off native becomes a broken item.
		d.Truncated = binread.Errorf(base+4, "Texture Dictionary size %d runs past the end of the file (%d bytes remain)", h.Size, len(b)-rw.HeaderSize)
		body = b[rw.HeaderSize:]
	} else {
		body = b[rw.HeaderSize : rw.HeaderSize+int(h.Size)]
		d.Trailer = b[rw.HeaderSize+int(h.Size):]
	}
	kids, err := subChunks(body, base+rw.HeaderSize)
	if len(kids) == 0 || kids[0].h.Type != rw.IDStruct || len(kids[0].data) < 2 {
		if err != nil {
			return nil, err
		}
		return nil, binread.Errorf(base+rw.HeaderSize, "Texture Dictionary does not start with its count struct")
	}
	st := kids[0]
	d.StructStamp = st.h.Stamp
	d.StructRaw = st.data
	d.Count = binary.LittleEndian.Uint16(st.data)
	if len(st.data) >= 4 {
		d.Device = binary.LittleEndian.Uint16(st.data[2:])
	}
	for _, k := range kids[1:] {
		raw := b[k.off-base : k.off-base+rw.HeaderSize+int64(k.h.Size)]
		it := &Item{Raw: raw, Off: k.off, Type: k.h.Type}
		if k.h.Type == rw.IDTextureNative {
			t, terr := parseNative(k, raw)
			if terr != nil {
				it.Err = terr
				it.Name = guessName(k)
			} else {
				it.Tex = t
				it.Raw = nil
			}
		}
		d.Items = append(d.Items, it)
	}
	if err != nil {
		d.addTrailing(kids[len(kids)-1], int64(rw.HeaderSize+len(body)), err)
	}
	d.noteSkipped()
	if len(d.Trailer) > 0 && !allZero(d.Trailer) {
		d.Diags = append(d.Diags, rw.TrailerWarning(base+int64(len(b)-len(d.Trailer)), len(d.Trailer)))
	}
	return d, nil
}

// noteSkipped notes the dictionary's chunks the game passes over: those
// that are neither texture natives nor its (first) Extension. They are
// kept, and saved, as they are.
func (d *Dictionary) noteSkipped() {
	exts := 0
	for _, it := range d.Items {
		switch {
		case it.Type == rw.IDTextureNative || it.Err != nil:
			continue
		case it.Type == rw.IDExtension && exts == 0:
			exts++
			continue
		}
		d.Diags = append(d.Diags, formats.Diagnostic{Off: it.Off,
			Msg: fmt.Sprintf("%s chunk (0x%X, %d bytes) in the Texture Dictionary skipped, as the game skips it", rw.TypeName(it.Type), it.Type, len(it.Raw)-rw.HeaderSize)})
	}
}

// addTrailing keeps the bytes after the last chunk that split (last) up to
// end (relative to the dictionary) as a raw item with the split error err,
// so the file still saves as it was.
func (d *Dictionary) addTrailing(last sub, end int64, err error) {
	b, base := d.orig, d.Base
	start := last.off - base + rw.HeaderSize + int64(last.h.Size)
	if start < end {
		it := &Item{Raw: b[start:end], Off: base + start, Type: 0xFFFFFFFF, Err: err, Name: "trailing bytes"}
		if h, ok := rw.ParseHeader(it.Raw); ok && h.Type == rw.IDTextureNative {
			it.Type, it.Name = h.Type, truncatedName(it.Raw)
			if it.Name == "" {
				it.Name = "truncated texture" // its name is cut off too
			}
		}
		d.Items = append(d.Items, it)
	}
}

// guessName finds a texture name in a native we could not decode.
func guessName(k sub) string {
	kids, _ := subChunks(k.data, k.off+rw.HeaderSize)
	if len(kids) == 0 || kids[0].h.Type != rw.IDStruct {
		return ""
	}
	if len(kids) > 1 && kids[1].h.Type == rw.IDString {
		return cstr(kids[1].data)
	}
	if s := kids[0].data; len(s) >= 40 {
		n := cstr(s[8:40])
		for _, c := range []byte(n) {
			if c < 0x20 || c >= 0x7F {
				return ""
			}
		}
		return n
	}
	return ""
}

func cstr(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}

// parseNative decodes one Texture Native chunk (k) whose full bytes are raw.
func parseNative(k sub, raw []byte) (*Texture, error) {
	kids, err := subChunks(k.data, k.off+rw.HeaderSize)
	if len(kids) == 0 || kids[0].h.Type != rw.IDStruct || len(kids[0].data) < 4 {
		if err != nil {
			return nil, err
		}
		return nil, binread.Errorf(k.off+rw.HeaderSize, "Texture Native does not start with a struct")
	}
	st := kids[0]
	plat := binary.LittleEndian.Uint32(st.data)
	t := &Texture{Platform: plat, Stamp: k.h.Stamp, Off: k.off, raw: raw}
	var rest []sub
	switch plat {
	case PlatformPS2:
		rest, err = t.parsePS2(kids, err)
	case PlatformD3D8, PlatformD3D9:
		err = firstErr(err, t.parseD3D(st))
		rest = kids[1:]
	case PlatformXbox:
		err = firstErr(err, t.parseXbox(st))
		rest = kids[1:]
	default:
		return nil, binread.Unsupportedf(st.off+rw.HeaderSize, "texture native platform 0x%X (%s)", plat, platformGuess(plat))
	}
	if err != nil {
		return nil, err
	}
	for _, r := range rest {
		if r.h.Type == rw.IDExtension && !t.HasExt {
			t.HasExt = true
			t.Ext = r.data
			t.readExtension(r)
			continue
		}
		t.diag(r.off, "%s chunk (0x%X, %d bytes) in the Texture Native skipped, as the game skips it", rw.TypeName(r.h.Type), r.h.Type, r.h.Size)
	}
	return t, nil
}

func platformGuess(p uint32) string {
	switch p {
	case 6:
		return "GameCube"
	case 0x00505350:
		return "PSP"
	case 10:
		return "PowerVR mobile"
	case 11:
		return "ATC mobile"
	case 12:
		return "uncompressed mobile"
	}
	return "unknown platform"
}

func firstErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

func (t *Texture) readExtension(r sub) {
	kids, err := subChunks(r.data, r.off+rw.HeaderSize)
	if err != nil {
		t.diag(r.off, "extension: %v", err)
	}
	for _, c := range kids {
		if c.h.Type == rw.IDSkyMipmapVal && len(c.data) >= 4 {
			t.HasSky = true
			t.SkyMipmap = binary.LittleEndian.Uint32(c.data)
		}
	}
}
