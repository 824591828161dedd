package txd

import (
	"image"
	"testing"
)

// TestTruncatedTextureKeepsItsName: a dictionary cut inside its second
// texture lists that texture under its real name while the name's bytes
// are all there (the PS2 name chunk, the D3D/Xbox name field), and as
// "truncated texture" once the cut reaches into the name.
func TestTruncatedTextureKeepsItsName(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for _, c := range []struct {
		what string
		make func(name string) (*Texture, error)
		// nameEnd: bytes of the second native (from its header) up to and
		// including the name's terminating NUL
		nameEnd int
	}{
		{"d3d9", func(n string) (*Texture, error) {
			return NewD3D(PlatformD3D9, img, Options{Name: n, Format: Fmt8888})
		}, 12 + 12 + 8 + len("second") + 1},
		{"ps2", func(n string) (*Texture, error) { return NewPS2(img, Options{Name: n, Format: Fmt8888}) },
			12 + 12 + 8 + 12 + len("second") + 1}, // platform and filter, then the name chunk
	} {
		first, err := c.make("first")
		if err != nil {
			t.Fatal(err)
		}
		second, err := c.make("second")
		if err != nil {
			t.Fatal(err)
		}
		b := dict(t, StampSA, 2, first, second)
		whole := mustParse(t, b)
		start := int(whole.Items[1].Tex.Off)
		for _, cut := range []int{start + c.nameEnd + 40, start + c.nameEnd, start + c.nameEnd - 1, start + 20, start + 12} {
			d, err := Parse(b[:cut], 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(d.Items) != 2 || d.Items[0].Tex == nil || d.Items[1].Err == nil {
				t.Fatalf("%s cut at %d: %d items", c.what, cut, len(d.Items))
			}
			want := "second"
			if cut < start+c.nameEnd {
				want = "truncated texture"
			}
			if got := d.Items[1].Name; got != want {
				t.Errorf("%s cut %d bytes into the second texture: named %q, want %q", c.what, cut-start, got, want)
			}
		}
	}
}
