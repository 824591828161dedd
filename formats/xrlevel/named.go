package xrlevel

import (
	"encoding/binary"
	"path"
	"strings"

	"rummage/formats"
)

// X-Ray files Rummage recognises but does not read: they are named in the
// error instead of being "not a recognised format".
func init() {
	formats.Register(formats.Format{
		Name:     "xray-details",
		Priority: 2,
		Match:    func(p formats.Probe) bool { return ProbeDetails(p.Head, p.Size, p.Name) },
		Open:     notRead("X-Ray details file"),
	})
	formats.Register(formats.Format{
		Name:     "xray-sdk-level",
		Priority: 2,
		Match:    func(p formats.Probe) bool { return ProbeSDKLevel(p.Head, p.Name) },
		Open:     notRead("X-Ray SDK scene (.level)"),
	})
}

func notRead(what string) func(formats.Source) (formats.Node, error) {
	return func(formats.Source) (formats.Node, error) { return nil, formats.NotSupported(what) }
}

// ProbeDetails reports whether a file is an X-Ray details file
// (level.details): its 24-byte header chunk 0 (u32 version 2 or 3) first,
// or, named *.details, its mesh list chunk 1 first whose first mesh is
// chunk 0, as the level compiler writes it.
func ProbeDetails(head []byte, size int64, name string) bool {
	if len(head) < 16 {
		return false
	}
	id, sz := binary.LittleEndian.Uint32(head), binary.LittleEndian.Uint32(head[4:])
	if int64(sz)+8 > size {
		return false
	}
	if id == 0 && sz == 24 {
		v := binary.LittleEndian.Uint32(head[8:])
		return v == 2 || v == 3
	}
	inner, isz := binary.LittleEndian.Uint32(head[8:]), binary.LittleEndian.Uint32(head[12:])
	return id == 1 && inner == 0 && isz+8 <= sz && strings.EqualFold(path.Ext(name), ".details")
}

// sdkVersionChunk is the SDK scene's CHUNK_VERSION id.
const sdkVersionChunk = 0x9df3

// ProbeSDKLevel reports whether a file is a level editor scene (.level):
// binary, starting with the 4-byte version chunk 0x9DF3; or, named
// *.level, the later text form starting with a "[section]".
func ProbeSDKLevel(head []byte, name string) bool {
	if len(head) >= 12 && binary.LittleEndian.Uint32(head) == sdkVersionChunk && binary.LittleEndian.Uint32(head[4:]) == 4 {
		return true
	}
	t := strings.TrimLeft(strings.TrimPrefix(string(head), "\xef\xbb\xbf"), " \t\r\n")
	return strings.EqualFold(path.Ext(name), ".level") && strings.HasPrefix(t, "[") && strings.Contains(t, "]")
}
