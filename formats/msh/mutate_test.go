package msh

import (
	"bytes"
	"math/rand"
	"testing"
)

// TestMutations feeds the model with field-sized mutations (the values
// that break counts and ranges) and checks nothing panics.
func TestMutations(t *testing.T) {
	seed := encode(t, twoQuads())
	rng := rand.New(rand.NewSource(1))
	vals := []uint32{0, 1, 0xFF, 0xFFFF, 0x7FFF, 0x8000, 0xFFFFFFFF, 0x7FFFFFFF, 0x80000000, 100, 1000, 64}
	for i := 0; i < 5000; i++ {
		d := append([]byte(nil), seed...)
		for k := 0; k < 1+rng.Intn(3); k++ {
			v := vals[rng.Intn(len(vals))]
			o := rng.Intn(len(d) - 4)
			switch rng.Intn(3) {
			case 0:
				d[o] = byte(v)
			case 1:
				d[o], d[o+1] = byte(v), byte(v>>8)
			default:
				d[o], d[o+1], d[o+2], d[o+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
			}
		}
		m, err := NewModel(bytes.NewReader(d), 0, int64(len(d)))
		if err == nil {
			m.RestPose()
			m.Mesh(nil)
		}
	}
}
