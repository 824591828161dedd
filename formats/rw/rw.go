// Package rw reads the RenderWare binary stream: 12-byte chunk headers, the
// library-ID stamp (RW version and build) and a generic section tree that any
// RW file (.txd, .dff, .bsp, ...) can be browsed with.
package rw

import (
	"encoding/binary"
	"fmt"

	"rummage/formats"
	"rummage/formats/binread"
)

// HeaderSize is the size of a chunk header.
const HeaderSize = 12

// Chunk ids used by the texture dictionary reader and writer.
const (
	IDStruct        = 0x01
	IDString        = 0x02
	IDExtension     = 0x03
	IDTextureNative = 0x15
	IDTexDictionary = 0x16
	IDSkyMipmapVal  = 0x110
)

// Header is one chunk header.
type Header struct {
	Type  uint32 // section id
	Size  uint32 // payload bytes, children included, header excluded
	Stamp uint32 // library-ID stamp
}

// Version returns the RW version of the stamp (0x36003 for 3.6.0.3).
func (h Header) Version() uint32 { v, _ := Unpack(h.Stamp); return v }

// Build returns the build number of the stamp (0 for old-style stamps).
func (h Header) Build() uint32 { _, b := Unpack(h.Stamp); return b }

// ParseHeader decodes a header from the first 12 bytes of b.
func ParseHeader(b []byte) (Header, bool) {
	if len(b) < HeaderSize {
		return Header{}, false
	}
	return Header{
		Type:  binary.LittleEndian.Uint32(b),
		Size:  binary.LittleEndian.Uint32(b[4:]),
		Stamp: binary.LittleEndian.Uint32(b[8:]),
	}, true
}

// Append appends the 12-byte encoding of h to b.
func (h Header) Append(b []byte) []byte {
	b = binary.LittleEndian.AppendUint32(b, h.Type)
	b = binary.LittleEndian.AppendUint32(b, h.Size)
	return binary.LittleEndian.AppendUint32(b, h.Stamp)
}

// Unpack decodes a library-ID stamp into version (0xVJNBB style: 0x36003)
// and build. Stamps with the upper 16 bits clear are the old style used up to
// 3.1.0.0 (0x00000310), which carry no build.
func Unpack(stamp uint32) (version, build uint32) {
	if stamp&0xFFFF0000 != 0 {
		version = ((stamp>>14)&0x3FF00 + 0x30000) | (stamp>>16)&0x3F
		return version, stamp & 0xFFFF
	}
	return stamp << 8, 0
}

// Pack encodes a version and build as a stamp, in the old style for
// versions up to 3.1.0.0.
func Pack(version, build uint32) uint32 {
	if version <= 0x31000 {
		return version >> 8
	}
	return ((version-0x30000)&0x3FF00)<<14 | (version&0x3F)<<16 | build&0xFFFF
}

// VersionString formats a version as "3.6.0.3".
func VersionString(v uint32) string {
	return fmt.Sprintf("%d.%d.%d.%d", v>>16&0xF, v>>12&0xF, v>>8&0xF, v&0xFF)
}

// Plausible reports whether a stamp looks like a real RW 3.x library ID.
func Plausible(stamp uint32) bool {
	v, _ := Unpack(stamp)
	return v >= 0x30000 && v < 0x38000
}

// Section is one chunk of a section tree.
type Section struct {
	Header
	Off      int64      // absolute offset of the header
	Data     []byte     // the payload (Size bytes; shorter when truncated)
	Children []*Section // sub-chunks, for container chunks
	Err      error      // set when the chunk runs past its parent
}

// End returns the absolute offset just after the section.
func (s *Section) End() int64 { return s.Off + HeaderSize + int64(s.Size) }

// Name returns the section's type name.
func (s *Section) Name() string { return TypeName(s.Type) }

// containers are the ids whose payload is a list of chunks.
var containers = map[uint32]bool{
	0x03: true, 0x06: true, 0x07: true, 0x08: true, 0x09: true, 0x0A: true, 0x0B: true,
	0x0E: true, 0x0F: true, 0x10: true, 0x12: true, 0x14: true, 0x15: true, 0x16: true,
	0x1A: true, 0x1B: true, 0x1C: true, 0x1D: true, 0x05: true, 0x2B: true,
}

var names = map[uint32]string{
	0x00: "NA Object", 0x01: "Struct", 0x02: "String", 0x03: "Extension", 0x05: "Camera",
	0x06: "Texture", 0x07: "Material", 0x08: "Material List", 0x09: "Atomic Section",
	0x0A: "Plane Section", 0x0B: "World", 0x0C: "Spline", 0x0D: "Matrix", 0x0E: "Frame List",
	0x0F: "Geometry", 0x10: "Clump", 0x12: "Light", 0x13: "Unicode String", 0x14: "Atomic",
	0x15: "Texture Native", 0x16: "Texture Dictionary", 0x17: "Animation Database",
	0x18: "Image", 0x19: "Skin Animation", 0x1A: "Geometry List", 0x1B: "Anim Animation",
	0x1C: "Team", 0x1D: "Crowd", 0x1E: "Delta Morph Animation", 0x1F: "Right To Render",
	0x20: "MultiTexture Effect Native", 0x21: "MultiTexture Effect Dictionary",
	0x22: "Team Dictionary", 0x23: "Platform Independent Texture Dictionary",
	0x24: "Table of Contents", 0x25: "Particle Standard Global Data", 0x26: "AltPipe",
	0x27: "Platform Independent Peds", 0x28: "Patch Mesh", 0x29: "Chunk Group Start",
	0x2A: "Chunk Group End", 0x2B: "UV Animation Dictionary", 0x2C: "Coll Tree",
	0x101: "Metrics PLG", 0x102: "Spline PLG", 0x103: "Stereo PLG", 0x104: "VRML PLG",
	0x105: "Morph PLG", 0x106: "PVS PLG", 0x107: "Memory Leak PLG", 0x108: "Animation PLG",
	0x109: "Gloss PLG", 0x10A: "Logo PLG", 0x10B: "Memory Info PLG", 0x10C: "Random PLG",
	0x10D: "PNG Image PLG", 0x10E: "Bone PLG", 0x10F: "VRML Anim PLG",
	0x110: "Sky Mipmap Val", 0x111: "MRM PLG", 0x112: "LOD Atomic PLG", 0x113: "ME PLG",
	0x114: "Lightmap PLG", 0x115: "Refine PLG", 0x116: "Skin PLG", 0x117: "Label PLG",
	0x118: "Particles PLG", 0x119: "GeomTX PLG", 0x11A: "Synth Core PLG",
	0x11B: "STQPP PLG", 0x11C: "Part PP PLG", 0x11D: "Collision PLG", 0x11E: "HAnim PLG",
	0x11F: "User Data PLG", 0x120: "Material Effects PLG", 0x121: "Particle System PLG",
	0x122: "Delta Morph PLG", 0x123: "Patch PLG", 0x124: "Team PLG", 0x125: "Crowd PP PLG",
	0x126: "Mip Split PLG", 0x127: "Anisotropy PLG", 0x129: "GCN Material PLG",
	0x12A: "Geometric PVS PLG", 0x12B: "XBOX Material PLG", 0x12C: "Multi Texture PLG",
	0x12D: "Chain PLG", 0x12E: "Toon PLG", 0x12F: "PTank PLG", 0x130: "Particle Standard PLG",
	0x131: "PDS PLG", 0x132: "PrtAdv PLG", 0x133: "Normal Map PLG", 0x134: "ADC PLG",
	0x135: "UV Animation PLG", 0x180: "Character Set PLG", 0x181: "NOHS World PLG",
	0x182: "Import Util PLG", 0x183: "Slerp PLG", 0x184: "Optim PLG", 0x185: "TL World PLG",
	0x186: "Database PLG", 0x187: "Raytrace PLG", 0x188: "Ray PLG", 0x189: "Library PLG",
	0x190: "2D PLG", 0x191: "Tile Render PLG", 0x192: "JPEG Image PLG", 0x193: "TGA Image PLG",
	0x194: "GIF Image PLG", 0x195: "Quat PLG", 0x196: "Spline PVS PLG", 0x197: "Mipmap PLG",
	0x198: "MipmapK PLG", 0x199: "2D Font", 0x19A: "Intersection PLG", 0x19B: "TIFF Image PLG",
	0x19C: "Pick PLG", 0x19D: "BMP Image PLG", 0x19E: "RAS Image PLG", 0x19F: "Skin FX PLG",
	0x1A0: "VCAT PLG", 0x1A1: "2D Path", 0x1A2: "2D Brush", 0x1A3: "2D Object",
	0x1A4: "2D Shape", 0x1A5: "2D Scene", 0x1A6: "2D Pick Region", 0x1A7: "2D Object String",
	0x1A8: "2D Animation PLG", 0x1A9: "2D Animation", 0x1B0: "2D Keyframe",
	0x1B1: "2D Maestro", 0x1B2: "Barycentric", 0x1B3: "Platform Independent Texture Dictionary TK",
	0x1B4: "TOC TK", 0x1B5: "TPL TK", 0x1B6: "AltPipe TK", 0x1B7: "Animation TK",
	0x1B8: "Skin Split Tookit", 0x1B9: "Compressed Key TK", 0x1BA: "Geometry Conditioning PLG",
	0x1BB: "Wing PLG", 0x1BC: "Generic Pipeline TK", 0x1BD: "Lightmap Conversion TK",
	0x1BE: "Filesystem PLG", 0x1BF: "Dictionary TK", 0x1C0: "UV Animation Linear",
	0x1C1: "UV Animation Parameter", 0x50E: "Bin Mesh PLG", 0x510: "Native Data PLG",
	0xF21E: "ZModeler Lock", 0x253F2F3: "Pipeline Set", 0x253F2F4: "Unused 5",
	0x253F2F5: "TexDictionary Link", 0x253F2F6: "Specular Material", 0x253F2F7: "Unused 8",
	0x253F2F8: "2d Effect", 0x253F2F9: "Extra Vert Colour", 0x253F2FA: "Collision Model",
	0x253F2FB: "GTA HAnim", 0x253F2FC: "Reflection Material", 0x253F2FD: "Breakable",
	0x253F2FE: "Frame", 0x253F2FF: "Unused 16",
}

// TypeName returns the name of a section id, or "Unknown 0xNN".
func TypeName(id uint32) string {
	if n, ok := names[id]; ok {
		return n
	}
	return fmt.Sprintf("Unknown 0x%X", id)
}

// Known reports whether the id has a name.
func Known(id uint32) bool { _, ok := names[id]; return ok }

// maxDepth bounds recursion on hostile input.
const maxDepth = 32

// Parse reads the section tree of b (whose byte 0 sits at file offset base):
// every top-level chunk with its sub-chunks. Container chunks are split into
// children; a Struct is split only when its payload is exactly a list of
// chunks whose stamps equal the parent's (the PS2 texture native's raster
// struct); anything else stays raw. A first chunk that runs past the end is
// returned with the error. After the first chunk, bytes that do not start a
// whole chunk with a RenderWare stamp are not sections: they are the
// stream's trailer (the zero padding of an IMG sector, or bytes a tool left
// behind), which the game never reads; Tail describes them.
func Parse(b []byte, base int64) ([]*Section, error) {
	return parseList(b, base, 0, 0)
}

// Padding returns how many zero bytes follow the top-level chunks of b
// (the sector padding of an IMG entry).
func Padding(b []byte, secs []*Section, base int64) int {
	if t := Tail(b, secs, base); t.Zero {
		return t.Len
	}
	return 0
}

// Trailer is the run of bytes after a stream's last top-level chunk.
type Trailer struct {
	Off  int64 // absolute offset of its first byte
	Len  int   // bytes (0: none)
	Zero bool  // every byte is zero (padding)
}

// Tail describes the bytes of b after the top-level sections secs.
func Tail(b []byte, secs []*Section, base int64) Trailer {
	if len(secs) == 0 {
		return Trailer{Off: base}
	}
	end := secs[len(secs)-1].End() - base
	if end < 0 || end >= int64(len(b)) {
		return Trailer{Off: base + int64(len(b))}
	}
	return Trailer{Off: base + end, Len: len(b) - int(end), Zero: allZero(b[end:])}
}

// Diagnostics returns the warning for a trailer that is not zero padding
// (nil for none or padding): the game reads a stream up to its last chunk
// and never looks at what follows, so Rummage accepts it and says so.
func (t Trailer) Diagnostics() []formats.Diagnostic {
	if t.Len == 0 || t.Zero {
		return nil
	}
	return []formats.Diagnostic{TrailerWarning(t.Off, t.Len)}
}

// TrailerWarning is the finding about n bytes at off after the last chunk
// of a stream that are not zero padding.
func TrailerWarning(off int64, n int) formats.Diagnostic {
	return formats.Diagnostic{Off: off, Msg: fmt.Sprintf("%d bytes after the last chunk are not zero padding; skipped, as the game skips them", n)}
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// topChunk reports whether the bytes at pos of a stream's top level, after
// its first chunk, start another whole chunk: a header with the first
// chunk's stamp (or a strict RenderWare one) whose payload fits.
func topChunk(b []byte, pos int) bool {
	first, _ := ParseHeader(b)
	h, ok := ParseHeader(b[pos:])
	return ok && (h.Stamp == first.Stamp || strictStamp(h.Stamp)) && int64(h.Size) <= int64(len(b)-pos-HeaderSize)
}

func parseList(b []byte, base int64, depth int, _ uint32) ([]*Section, error) {
	var out []*Section
	pos := 0
	for pos < len(b) {
		if depth == 0 && pos > 0 && !topChunk(b, pos) {
			break
		}
		h, ok := ParseHeader(b[pos:])
		if !ok {
			return out, binread.Errorf(base+int64(pos), "%d trailing bytes are not a chunk header", len(b)-pos)
		}
		s := &Section{Header: h, Off: base + int64(pos)}
		end := pos + HeaderSize + int(h.Size)
		if int64(h.Size) > int64(len(b)-pos-HeaderSize) {
			end = len(b)
			s.Err = binread.Errorf(s.Off+4, "%s size %d runs past the end (%d bytes remain)", TypeName(h.Type), h.Size, len(b)-pos-HeaderSize)
		}
		s.Data = b[pos+HeaderSize : end]
		if depth < maxDepth {
			if containers[h.Type] {
				kids, err := parseList(s.Data, s.Off+HeaderSize, depth+1, h.Stamp)
				s.Children = kids
				if err != nil && s.Err == nil {
					s.Err = err
				}
			} else if h.Type == IDStruct && len(s.Data) >= HeaderSize {
				if kids, ok := tryStructChildren(s.Data, s.Off+HeaderSize, depth+1, h.Stamp); ok {
					s.Children = kids
				}
			}
		}
		out = append(out, s)
		if s.Err != nil && end == len(b) && int64(h.Size) > int64(len(b)-pos-HeaderSize) {
			return out, s.Err
		}
		pos = end
	}
	return out, nil
}

func tryStructChildren(b []byte, base int64, depth int, stamp uint32) ([]*Section, bool) {
	pos := 0
	for pos < len(b) {
		h, ok := ParseHeader(b[pos:])
		if !ok || h.Stamp != stamp || !Known(h.Type) || int64(h.Size) > int64(len(b)-pos-HeaderSize) {
			return nil, false
		}
		pos += HeaderSize + int(h.Size)
	}
	kids, err := parseList(b, base, depth, stamp)
	return kids, err == nil
}

// Walk calls f for every section in pre-order with its depth.
func Walk(list []*Section, f func(s *Section, depth int)) {
	var rec func(l []*Section, d int)
	rec = func(l []*Section, d int) {
		for _, s := range l {
			f(s, d)
			rec(s.Children, d+1)
		}
	}
	rec(list, 0)
}

// Chunk is a builder helper: it returns header + payload for a chunk.
func Chunk(id, stamp uint32, payload ...[]byte) []byte {
	n := 0
	for _, p := range payload {
		n += len(p)
	}
	out := make([]byte, 0, HeaderSize+n)
	out = Header{Type: id, Size: uint32(n), Stamp: stamp}.Append(out)
	for _, p := range payload {
		out = append(out, p...)
	}
	return out
}
