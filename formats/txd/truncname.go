package txd

import (
	"bytes"
	"encoding/binary"

	"rummage/formats/rw"
)

// truncatedName reads the texture name of a Texture Native that the file
// cuts short (raw: what is left of its chunk, header included), when the
// part that holds the name is whole: the PS2 name string chunk after the
// platform struct, or the 32-byte name field of a D3D8, D3D9 or Xbox
// struct. It returns "" when the name is cut or not there.
func truncatedName(raw []byte) string {
	const h = rw.HeaderSize
	if len(raw) < 2*h+4 {
		return ""
	}
	st, ok := rw.ParseHeader(raw[h:])
	if !ok || st.Type != rw.IDStruct {
		return ""
	}
	body := raw[2*h:]
	switch binary.LittleEndian.Uint32(body) {
	case PlatformPS2:
		next := 2*h + int64(st.Size)
		if next+h > int64(len(raw)) {
			return ""
		}
		s, ok := rw.ParseHeader(raw[next:])
		if !ok || s.Type != rw.IDString {
			return ""
		}
		text := raw[next+h:]
		if int64(len(text)) >= int64(s.Size) {
			return wholeName(text[:s.Size], true)
		}
		return wholeName(text, false)
	case PlatformD3D8, PlatformD3D9, PlatformXbox:
		// platform u32, filter u32, then name[32]
		if len(body) < 8 {
			return ""
		}
		field := body[8:min(len(body), 40)]
		return wholeName(field, len(field) == 32)
	}
	return ""
}

// wholeName is the NUL-terminated name held in b, or all of b when it is
// the whole field (complete); "" when the name may go on past b, is empty
// or holds a control character.
func wholeName(b []byte, complete bool) string {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	} else if !complete {
		return ""
	}
	for _, c := range b {
		if c < 0x20 || c == 0x7F {
			return ""
		}
	}
	return string(b)
}
