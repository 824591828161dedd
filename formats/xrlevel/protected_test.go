package xrlevel

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/binread"
)

// An OGF whose chunk ids carry bit 31 (a lock against tools; the header's
// data is stored as it is) is named, as an unsupported mesh, listing the
// marked chunks; it is not an unrecognised file.
func TestProtectedOGFNamed(t *testing.T) {
	b := writeModel(t, meshVisual(4, 5, "fx\\fx_box", 2), ModelWriteOptions{})
	binary.LittleEndian.PutUint32(b, 0x80000001)
	f, err := formats.OpenBytes("wpn_pb.ogf", b, nil)
	var ue *binread.UnsupportedError
	if !errors.As(err, &ue) || errors.Is(err, formats.ErrUnknownFormat) || !strings.Contains(ue.Msg, "protected OGF") || !strings.Contains(ue.Msg, "0x80000001 at 0x0") {
		t.Fatalf("err = %v, want a protected OGF", err)
	}
	if f.Root.Kind() != formats.KindMesh {
		t.Fatalf("root kind %s", f.Root.Kind())
	}
	// Bit 31 on anything but a valid header is still not an OGF.
	b[8] = 99 // no such OGF version
	if _, err := formats.OpenBytes("x.ogf", b, nil); !errors.Is(err, formats.ErrUnknownFormat) {
		t.Fatalf("bad version: err = %v", err)
	}
}
