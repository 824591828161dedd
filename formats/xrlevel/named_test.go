package xrlevel

import (
	"errors"
	"testing"

	"rummage/formats"
	"rummage/formats/binread"
)

// detailsFile lays out a level.details as the level compiler writes it:
// the mesh list (chunk 1, one mesh as chunk 0), the slots (chunk 2), then
// the 24-byte header (chunk 0, version 3).
func detailsFile(headerFirst bool) []byte {
	mesh := &wbuf{}
	mesh.zstr("details\\blend")
	mesh.zstr("details\\grass")
	meshes := &wbuf{}
	meshes.chunk(0, mesh.b, false)
	hdr := &wbuf{}
	hdr.u32s(3, 1, 0, 0, 1, 1)
	w := &wbuf{}
	if headerFirst {
		w.chunk(0, hdr.b, false)
	}
	w.chunk(1, meshes.b, false)
	w.chunk(2, make([]byte, 16), false)
	if !headerFirst {
		w.chunk(0, hdr.b, false)
	}
	return w.b
}

func TestNamedUnsupported(t *testing.T) {
	sdk := &wbuf{}
	sdk.chunk(sdkVersionChunk, []byte{5, 0, 0, 0}, false)
	sdk.chunk(0x7777, []byte("l01\x00"), false)
	cases := []struct {
		name string
		b    []byte
		want string
	}{
		{"level.details", detailsFile(false), "X-Ray details file, not supported"},
		{"copy.bin", detailsFile(true), "X-Ray details file, not supported"},
		{"scene.level", sdk.b, "X-Ray SDK scene (.level), not supported"},
		{"l01.level", []byte("[version]\r\nvalue = 18\r\n"), "X-Ray SDK scene (.level), not supported"},
	}
	for _, c := range cases {
		_, err := formats.OpenBytes(c.name, c.b, nil)
		var ue *binread.UnsupportedError
		if err == nil || err.Error() != c.want || !errors.As(err, &ue) || errors.Is(err, formats.ErrUnknownFormat) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	// Without the name, the compiler's layout is just an unknown file.
	if _, err := formats.OpenBytes("blob", detailsFile(false), nil); !errors.Is(err, formats.ErrUnknownFormat) {
		t.Errorf("unnamed details layout: %v", err)
	}
}
