package nres_test

import (
	"bytes"
	"fmt"

	"rummage/formats/nres"
)

// Build writes a fixture or sample archive; Open reads it back and Lookup
// finds entries case-insensitively.
func ExampleBuild() {
	data, err := nres.Build([]nres.Entry{
		{TypeID: nres.TypeMAT0, Attr1: 0x14, Attr2: 6, Name: "Wood_01", Data: []byte("...")},
		{TypeID: nres.TypeID("WEAR"), Attr3: 1, Name: "tank.wea", Data: []byte("1\r\n0 Wood_01\r\n")},
	})
	if err != nil {
		panic(err)
	}
	a, err := nres.Open(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		panic(err)
	}
	i := a.Lookup("TANK.WEA")
	e := a.Entry(i)
	fmt.Println(len(data), a.Len(), i, e.Name(), nres.FourCC(e.TypeID), e.Offset)
	// Output: 168 2 1 tank.wea WEAR 24
}

// An Archive is also an editor: change entries, then write it back.
func ExampleArchive_Replace() {
	data, _ := nres.Build([]nres.Entry{{TypeID: 1, Name: "a", Data: []byte("old")}})
	a, _ := nres.Open(bytes.NewReader(data), int64(len(data)))
	a.Replace(0, []byte("new payload"))
	a.Add(nres.Entry{TypeID: 2, Name: "B", Data: []byte("added")})
	out, _ := a.Bytes()
	b, _ := nres.Open(bytes.NewReader(out), int64(len(out)))
	d, _ := b.Data(b.Lookup("b"))
	fmt.Println(b.Len(), string(d))
	// Output: 2 added
}
