package build

import "rummage/formats/nres"

func init() {
	Register(Builder{Name: "sample.lib", Build: buildSampleLib})
}

// buildSampleLib writes a small NRes archive that shows the container
// itself: several type ids (text tags, a small stream number, a non-text
// id), mixed-case and duplicate names, an empty entry and a nested NRes.
func buildSampleLib() ([]byte, error) {
	inner, err := nres.Build([]nres.Entry{
		{TypeID: 1, Attr1: 2, Attr3: 4, Name: "stream", Data: []byte{1, 0, 0, 0, 2, 0, 0, 0}},
		{TypeID: 2, Attr1: 1, Attr3: 8, Name: "stream", Data: []byte("8 bytes!")},
		{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: "About.txt", Data: []byte("An NRes archive inside an NRes archive.\r\n")},
	})
	if err != nil {
		return nil, err
	}
	blob := make([]byte, 77)
	x := uint32(2463534242)
	for i := range blob {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		blob[i] = byte(x)
	}
	return nres.Build([]nres.Entry{
		{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: "Readme.txt", Data: []byte("Rummage sample NRes archive.\r\nEntries are looked up case-insensitively.\r\n")},
		{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: "notes.txt", Data: []byte("lower-case notes\r\n")},
		{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: "NOTES.TXT", Data: []byte("UPPER-CASE NOTES (same name, folded)\r\n")},
		{TypeID: nres.TypeID("LIB"), Attr3: 1, Name: "Inner.lib", Data: inner},
		{TypeID: 0xDEADBEEF, Attr1: 7, Attr2: 3, Attr3: 1, Name: "blob.bin", Data: blob},
		{TypeID: nres.TypeID("NULL"), Attr3: 1, Name: "empty", Data: nil},
		{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: "Zeta_last.txt", Data: []byte("z\r\n")},
		{TypeID: nres.TypeID("TEXT"), Attr3: 1, Name: "alpha.txt", Data: []byte("a\r\n")},
	})
}
