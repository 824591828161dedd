package export

import (
	"image/color"
	"io"
	"testing"

	"rummage/formats/geom"
)

// bigTextured is a torus of about a million triangles with normals, a UV
// set, vertex colours and a textured material on every group.
func bigTextured() *geom.Mesh {
	m := geom.Torus(3, 1, 1000, 500, 4, geom.ZUp)
	m.ComputeNormals()
	uv := make([]geom.Vec2, len(m.Positions))
	m.Colors = make([]color.NRGBA, len(m.Positions))
	for i := range uv {
		uv[i] = geom.Vec2{float32(i%1000) / 1000, float32(i/1000) / 500}
		m.Colors[i] = color.NRGBA{uint8(i), 128, 200, 255}
	}
	m.UVs = [][]geom.Vec2{uv}
	for i := range m.Groups {
		m.Groups[i].Surface = &geom.Material{Texture: checker(), Blend: geom.BlendMode(i % 3)}
	}
	return m
}

func BenchmarkWriteGLB(b *testing.B) {
	m := bigTextured()
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteGLB(io.Discard, m, "big"); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(m.Triangles()), "triangles")
}

func BenchmarkWriteOBJ(b *testing.B) {
	m := bigTextured()
	sink := func(Texture) (string, error) { return "t.png", nil }
	b.ReportAllocs()
	for b.Loop() {
		if err := WriteOBJ(io.Discard, io.Discard, m, "big", "big.mtl", sink); err != nil {
			b.Fatal(err)
		}
	}
}
