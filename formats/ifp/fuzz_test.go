package ifp

import (
	"testing"

	"rummage/formats"
)

// FuzzIFP feeds mutated packages to the index and the decoder: no panic,
// no hang, every animation either decodes or is broken with an error.
func FuzzIFP(f *testing.F) {
	f.Add(mustANPK(f, true))
	f.Add(WrapANLF(mustANPK(f, false), mustANPK(f, true)))
	f.Add(mustANP3(f, false))
	f.Add(mustANP3(f, true))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := ReadIndex(b, 0)
		if err != nil {
			return
		}
		for _, e := range p.Entries {
			a, err := p.Decode(b, 0, e)
			if err == nil && a != nil {
				formats.AnimationFacts(a, p.Format)
			}
		}
	})
}
