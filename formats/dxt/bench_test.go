package dxt

import (
	"fmt"
	"testing"
)

// BenchmarkEncode encodes the generated images (testImages: gradients,
// noise and photo-like, 13 × 128×128) at every quality as DXT1 and DXT5.
// MB/s counts one byte per pixel (megapixels per second of wall time);
// MP/cpu-s divides the pixels by the process's CPU time, which a busy
// machine skews less. Run with -cpu 1 for the figures per core.
func BenchmarkEncode(b *testing.B) {
	imgs := testImages()
	px := len(imgs) * testSide * testSide
	for _, q := range []Quality{Fast, Normal, Best} {
		for _, k := range []Kind{DXT1, DXT5} {
			b.Run(fmt.Sprintf("%v/DXT%d", q, k), func(b *testing.B) {
				b.SetBytes(int64(px))
				c0 := cpuTime()
				for i := 0; i < b.N; i++ {
					for _, ti := range imgs {
						EncodeWith(ti.img, k, Options{Quality: q})
					}
				}
				if c := cpuTime() - c0; c > 0 {
					b.ReportMetric(float64(px)*float64(b.N)/c.Seconds()/1e6, "MP/cpu-s")
				}
			})
		}
	}
}
