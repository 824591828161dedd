package txd

import (
	"bytes"
	"image"
	"image/png"
	"testing"
)

// BenchmarkBuild500PNG builds a TXD of 500 256×256 PNGs (decoded in the
// build, as rummage build txd does) as DXT1 with mipmaps on every core.
// Budget (issue 16): 5 s on two cores.
func BenchmarkBuild500PNG(b *testing.B) {
	files := make([][]byte, 500)
	for i := range files {
		var buf bytes.Buffer
		if err := png.Encode(&buf, pattern(256, 256, 0, nil, i)); err != nil {
			b.Fatal(err)
		}
		files[i] = buf.Bytes()
	}
	b.ResetTimer()
	cpu0 := cpuTime()
	for it := 0; it < b.N; it++ {
		o := BuildOptions{Platform: PlatformD3D9, Format: "DXT1"}
		ts, err := BuildAll(len(files), func(i int) (Source, BuildOptions, error) {
			img, err := png.Decode(bytes.NewReader(files[i]))
			if err != nil {
				return Source{}, o, err
			}
			return Source{Name: "t", Levels: []*image.NRGBA{ToNRGBA(img)}}, o, nil
		})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := NewDictionaryOf(ts).Marshal(); err != nil {
			b.Fatal(err)
		}
	}
	// The machine is shared: CPU seconds per build, halved, is the wall
	// time two idle cores would take.
	b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
}
