package col

import (
	"bytes"
	"fmt"
	"math"
	"testing"

	"rummage/formats"
	"rummage/formats/geom"
)

// bigCOL2 is a COL2 file of about 130 KB: 33 models of 180 vertices, 320
// faces in 8 face groups (the size of a San Andreas map .col such as
// countrye_1.col's 100 KB of 25 models).
func bigCOL2(tb testing.TB) []byte {
	var out []byte
	for i := range 33 {
		m := &Model{Version: 2, Name: fmt.Sprintf("model_%02d", i), Bounds: Bounds{Min: geom.Vec3{-50, -50, -5}, Max: geom.Vec3{50, 50, 5}, Radius: 71}}
		for v := range 180 {
			a := float64(v) * 0.1
			m.Vertices = append(m.Vertices, geom.Vec3{float32(math.Round(40*math.Cos(a)*128) / 128), float32(math.Round(40*math.Sin(a)*128) / 128), float32(v%7) / 2})
		}
		for f := range 320 {
			m.Faces = append(m.Faces, Face{A: uint32(f % 180), B: uint32((f + 1) % 180), C: uint32((f + 7) % 180), Surface: Surface{Material: uint8(f % 5)}})
		}
		for g := range 8 {
			m.FaceGroups = append(m.FaceGroups, FaceGroup{Min: m.Bounds.Min, Max: m.Bounds.Max, Start: uint16(40 * g), End: uint16(40*g + 39)})
		}
		b, err := m.Bytes()
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, b...)
	}
	return out
}

// BenchmarkOpenListCOL2 opens a 130 KB COL2 and lists it as `ls` does:
// every model's name, kind, type, size, offset and whether it is broken
// (which reads the model).
func BenchmarkOpenListCOL2(b *testing.B) {
	data := bigCOL2(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		n, err := formats.OpenFile(formats.Source{R: bytes.NewReader(data), Size: int64(len(data)), Name: "big.col"})
		if err != nil {
			b.Fatal(err)
		}
		kids, _ := n.Children()
		formats.ChildNames(kids, false)
		for _, k := range kids {
			_ = k.Kind()
			formats.SafeType(k)
			formats.SafeRange(k)
			if err := formats.SafeErr(k); err != nil {
				b.Fatal(err)
			}
		}
		if len(kids) != 33 {
			b.Fatal(len(kids))
		}
	}
}
