package msh

import (
	"bytes"
	"testing"
)

func BenchmarkParseMesh(b *testing.B) {
	data := encode(b, twoQuads())
	for b.Loop() {
		m, err := NewModel(bytes.NewReader(data), 0, int64(len(data)))
		if err != nil {
			b.Fatal(err)
		}
		m.Mesh(nil)
	}
}
