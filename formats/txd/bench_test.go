package txd

import (
	"image"
	"image/color"
	"testing"
	"time"

	"rummage/formats/dxt"
	"rummage/internal/testutil"
)

// cpuTime is the process's user+system CPU time.
var cpuTime = testutil.CPUTime

// reportCPU adds an "MB/cpu-s" metric: bytes per CPU second over the loop.
func reportCPU(b *testing.B, bytes int64, start time.Duration) {
	if d := cpuTime() - start; d > 0 {
		b.ReportMetric(float64(bytes)*float64(b.N)/d.Seconds()/1e6, "MB/cpu-s")
	}
}

func benchPS2(b *testing.B, w, h int, format uint32) {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.SetNRGBA(x, y, color.NRGBA{byte(x), byte(y), byte(x ^ y), 255})
		}
	}
	tex, err := NewPS2(img, Options{Name: "bench", Format: format})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := tex.Image(0); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(w * h)) // texels per second (1 "byte" = 1 texel)
	b.ReportAllocs()
	b.ResetTimer()
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		tex.Image(0)
	}
	reportCPU(b, int64(w*h), c0)
}

// PS2 unswizzle + palette decode: design.md budget ≥ 200 MB/s of texels.
func BenchmarkPS2Pal8Unswizzle512(b *testing.B)  { benchPS2(b, 512, 512, FmtPal8|Fmt8888) }
func BenchmarkPS2Pal4Unswizzle512(b *testing.B)  { benchPS2(b, 512, 512, FmtPal4|Fmt8888) }
func BenchmarkPS2Pal8Unswizzle1024(b *testing.B) { benchPS2(b, 1024, 1024, FmtPal8|Fmt8888) }

func BenchmarkDXT1Decode512(b *testing.B) { benchDXT(b, CompDXT1) }
func BenchmarkDXT5Decode512(b *testing.B) { benchDXT(b, CompDXT5) }

func benchDXT(b *testing.B, comp int) {
	img := pattern(512, 512, 0, []byte{0, 100, 255}, 3)
	data := dxt.Encode(img, dxt.Kind(comp))
	b.SetBytes(512 * 512)
	b.ReportAllocs()
	b.ResetTimer()
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		dxt.Decode(data, 512, 512, dxt.Kind(comp), true, 0)
	}
	reportCPU(b, 512*512, c0)
}

// Uncompressed D3D9 rasters decode through pixfmt's masked layouts.
func BenchmarkD3D8888Decode512(b *testing.B) { benchD3D(b, Fmt8888) }
func BenchmarkD3D565Decode512(b *testing.B)  { benchD3D(b, Fmt565) }

func benchD3D(b *testing.B, format uint32) {
	tex, err := NewD3D(PlatformD3D9, pattern(512, 512, 0, []byte{0, 100, 255}, 3), Options{Name: "bench", Format: format})
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(512 * 512) // texels
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := tex.Image(0); err != nil {
			b.Fatal(err)
		}
	}
}
