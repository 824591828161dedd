package msh

import (
	"bytes"
	"testing"
)

func BenchmarkParseMesh(b *testing.B) {
	data := encode(b, twoQuads())
	for b.Loop() {
		m, err := Parse(bytes.NewReader(data), int64(len(data)), 0)
		if err != nil {
			b.Fatal(err)
		}
		m.Mesh(nil)
	}
}
