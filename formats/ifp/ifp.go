// Package ifp reads GTA animation packages (.ifp): ANPK of GTA III and
// Vice City (also several of them inside an ANLF container) and ANP2/ANP3
// of San Andreas. A package is an archive node whose children are its
// animations, decoded when first asked for into geom.Animation keys.
//
// ANPK keeps its rotations inverted (the games conjugate them on load, and
// so does Rummage) and its key times in absolute float seconds; ANP3 keeps
// rotations as the game uses them and, in its compressed sequences, int16
// keys: rotation ÷ 4096, time ÷ 60 s, translation ÷ 1024.
package ifp

import (
	"encoding/binary"

	"rummage/formats"
)

func init() {
	formats.Register(formats.Format{
		Name:     "ifp",
		Kind:     formats.KindArchive,
		Priority: 10,
		Match:    func(p formats.Probe) bool { return Probe(p.Head, p.Size) },
		Open:     Open,
		Tag:      magicTag,
	})
}

// magicTag is the Format.Tag of a package: its format tag as Type gives
// it, read from the magic (ANP2, ANP3; ANPK for ANPK and ANLF).
func magicTag(p formats.Probe) string {
	if len(p.Head) >= 4 && (string(p.Head[:4]) == TagANP2 || string(p.Head[:4]) == TagANP3) {
		return string(p.Head[:4])
	}
	return TagANPK
}

// The four-byte tags an .ifp starts with.
const (
	TagANPK = "ANPK"
	TagANLF = "ANLF"
	TagANP2 = "ANP2"
	TagANP3 = "ANP3"
)

// MaxFile caps an .ifp read into memory (San Andreas' PED.IFP is 2.7 MB).
const MaxFile = 256 << 20

// Probe reports whether head starts an animation package of size bytes:
// one of the four tags and a size field that fits the file.
func Probe(head []byte, size int64) bool {
	if len(head) < 8 {
		return false
	}
	n := int64(binary.LittleEndian.Uint32(head[4:]))
	switch string(head[:4]) {
	case TagANPK, TagANP2, TagANP3:
		return n+8 <= size+3 // the ANPK size may be rounded up past the end
	case TagANLF:
		return n+8 <= size && n >= 4
	}
	return false
}

// roundUp4 rounds a chunk size up to a multiple of four, as the games
// read ANPK chunks.
func roundUp4(n int64) int64 { return (n + 3) &^ 3 }
