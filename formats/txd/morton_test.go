package txd

import "testing"

// TestMortonOrder pins the Xbox swizzle's direction and bit order: texel
// (x, y) of a square texture sits at the index whose bits interleave x and
// y, x in the lowest bit.
func TestMortonOrder(t *testing.T) {
	const w, h = 4, 4
	src := make([]byte, w*h)
	for i := range src {
		src[i] = byte(i) // row-major: y*w + x
	}
	swz := make([]byte, w*h)
	if err := morton(swz, src, w, h, 1); err != nil {
		t.Fatal(err)
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			idx := x&1 | (y&1)<<1 | (x&2)<<1 | (y&2)<<2
			if got := swz[idx]; got != byte(y*w+x) {
				t.Fatalf("swizzled[%d] = %d, want texel (%d,%d) = %d", idx, got, x, y, y*w+x)
			}
		}
	}
	back := make([]byte, w*h)
	if err := unmorton(back, swz, w, h, 1); err != nil {
		t.Fatal(err)
	}
	for i := range back {
		if back[i] != src[i] {
			t.Fatalf("unmorton(morton(x))[%d] = %d, want %d", i, back[i], src[i])
		}
	}
}
