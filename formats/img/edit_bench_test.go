package img

import (
	"fmt"
	"io"
	"strconv"
	"testing"
)

// benchNames are n member names in a scrambled order and mixed case, as
// the files of a game folder come.
func benchNames(n int) []string {
	names := make([]string, n)
	for i := range names {
		k := (i * 7919) % n // a permutation: 7919 is prime and no n here is its multiple
		names[i] = fmt.Sprintf("Model_%06d.DFF", k)
		if k%2 == 1 {
			names[i] = fmt.Sprintf("model_%06d.txd", k)
		}
	}
	return names
}

// BenchmarkBuildIMG adds n members to a new archive (kept sorted by name,
// as `rummage build img` does), then writes it: the growth from 1k to 100k
// members is linear (ns/entry stays flat; it was quadratic, every add
// sorting again with lower-casing in the comparison).
func BenchmarkBuildIMG(b *testing.B) {
	data := make([]byte, 100)
	for _, n := range []int{1_000, 10_000, 100_000} {
		names := benchNames(n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				ed := NewArchiveEditor(2)
				for _, name := range names {
					if err := ed.Add(name, data); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := ed.WriteTo(io.Discard); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/entry")
		})
	}
}
