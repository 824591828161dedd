package dff_test

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"rummage/formats"
	"rummage/formats/dff"
	"rummage/formats/geom"
	"rummage/preview"
)

// saReal is the San Andreas game folder named by $RUMMAGE_SA_REAL (public
// snapshot kept outside the repository: DATA/, MODELS/GENERIC/, the IMG
// extracted as MODELS/(to)GTA3.IMG/); the test skips without it.
func saReal(t *testing.T, rel string) string {
	dir := os.Getenv("RUMMAGE_SA_REAL")
	if dir == "" {
		t.Skip("RUMMAGE_SA_REAL is not set")
	}
	p := filepath.Join(dir, rel)
	if _, err := os.Stat(p); err != nil {
		t.Skip(err)
	}
	return p
}

// greenish counts drawn pixels near the primary placeholder 3CFF00.
func greenish(m *geom.Mesh) int {
	const w, h = 400, 300
	r := preview.NewRenderer()
	defer r.Close()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	cam := preview.StillCamera(preview.Iso, m.Bounds(), m.Up, w, h)
	opt := preview.DefaultOptions()
	opt.Mode, opt.Background, opt.Axes = preview.ModeTextured, color.NRGBA{}, false
	r.Render(img, m, &cam, &opt)
	n := 0
	for i := 0; i < len(img.Pix); i += 4 {
		r, g, b, a := int(img.Pix[i]), int(img.Pix[i+1]), int(img.Pix[i+2]), img.Pix[i+3]
		if a == 255 && g > 150 && r < 120 && b < 100 && g-r > 80 {
			n++
		}
	}
	return n
}

func TestRealAdmiral(t *testing.T) {
	p := saReal(t, "MODELS/(to)GTA3.IMG/admiral.dff")
	f, err := formats.Open(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := f.Root.(*dff.Root)
	d := describe(t, r)
	if d["wheels"] != 4 {
		t.Errorf("admiral: wheels %v, want 4", d["wheels"])
	}
	m, err := r.Mesh()
	if err != nil {
		t.Fatal(err)
	}
	if n := greenish(m); n != 0 {
		t.Errorf("admiral painted: %d pixels of the placeholder green", n)
	}
	file, err := r.File()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := file.Clump.ClumpMesh(nil) // unpainted: the check must see the green
	if err != nil {
		t.Fatal(err)
	}
	if n := greenish(raw); n < 1000 {
		t.Errorf("admiral unpainted: only %d green pixels; the check sees nothing", n)
	}
}
