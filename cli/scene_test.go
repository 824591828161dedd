package cli

import (
	"encoding/json"
	"image"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats/world/worldtest"
)

// smallGame writes the small test game and returns its text .ipl.
func smallGame(t *testing.T) string {
	t.Helper()
	path, err := worldtest.Small(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// info --json of a scene: its instances (the stream's included), models,
// found and missing ones, bounds.
func TestSceneInfo(t *testing.T) {
	ipl := smallGame(t)
	code, stdout, stderr := run(t, "info", "--json", ipl)
	if code != 0 {
		t.Fatalf("status %d: %s", code, stderr)
	}
	var facts struct {
		Kind                              string
		Instances, Models, Found, Missing int
		Bounds                            struct{ Min, Max []float64 }
	}
	if err := json.Unmarshal([]byte(stdout), &facts); err != nil {
		t.Fatal(err)
	}
	if facts.Kind != "scene" || facts.Instances != 7 || facts.Models != 5 || facts.Found != 3 || facts.Missing != 2 || len(facts.Bounds.Max) != 3 {
		t.Errorf("facts %s", stdout)
	}
	code, stdout, _ = run(t, "ls", ipl)
	if code != 0 || !strings.Contains(stdout, "test_stream0.ipl") || !strings.Contains(stdout, "inst") {
		t.Errorf("ls: %d\n%s", code, stdout)
	}
}

// render of a scene looks from the top by default: the house's brick
// roof is seen where the house stands; --lod lod draws the stand-in, the
// same box from above; the missing models are noted.
func TestSceneRender(t *testing.T) {
	ipl := smallGame(t)
	out := filepath.Join(t.TempDir(), "scene.png")
	code, stdout, stderr := run(t, "render", "--size", "300x300", "--out", out, ipl)
	if code != 0 || stdout != out+"\n" {
		t.Fatalf("status %d, %q, %q", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "note: 2 of 5 models were not found") {
		t.Errorf("stderr %q", stderr)
	}
	img := readPNG(t, out)
	// the scene's bounds: x -13..13.5, y -4..34; the top view shows it
	// with +X right and +Y up, fitted to its bounding sphere
	house := sceneAt(img, 0, 0)
	if house.A != 0xFFFF || !(house.R > 2*house.G && house.R > 2*house.B) {
		t.Errorf("the house's roof is %v, want brick red", house)
	}
	if empty := sceneAt(img, 0, 17); empty.A != 0 {
		t.Errorf("between the houses: %v, want transparent", empty)
	}
	// The lamp's arm runs along its +X; stored turned +90°, it is turned
	// -90°: from above its yellow glass is seen at -Y of the post, and
	// nothing where an unturned arm would be.
	if arm := sceneAt(img, 12, -1.2); arm.A != 0xFFFF || !(arm.R > arm.B*3/2 && arm.G > arm.B*3/2) {
		t.Errorf("the lamp's arm at (12, -1.2) is %v, want yellow", arm)
	}
	if none := sceneAt(img, 13.2, 0); none.A != 0 {
		t.Errorf("at (13.2, 0) %v, want nothing", none)
	}
	code, _, stderr = run(t, "render", "--lod", "nope", "--out", out, ipl)
	if code != 2 || !strings.Contains(stderr, "--lod") {
		t.Errorf("--lod nope: status %d, %q", code, stderr)
	}
}

// rgba16 is a colour as RGBA gives it.
type rgba16 struct{ R, G, B, A uint32 }

// sceneAt is the colour of the 300×300 top render of the small game at
// world point (x, y).
func sceneAt(img image.Image, x, y float32) rgba16 {
	// the camera looks at the bounds' centre; the bounding sphere's
	// radius fits the half height
	minX, maxX, minY, maxY, minZ, maxZ := float32(-13), float32(13.5), float32(-4), float32(34), float32(-1), float32(6)
	cx, cy := (minX+maxX)/2, (minY+maxY)/2
	dx, dy, dz := maxX-minX, maxY-minY, maxZ-minZ
	r := float32(0.5) * sqrt32(dx*dx+dy*dy+dz*dz)
	px := 150 + (x-cx)/r*150
	py := 150 - (y-cy)/r*150
	c := img.At(int(px), int(py))
	rr, g, b, a := c.RGBA()
	return rgba16{rr, g, b, a}
}

func sqrt32(v float32) float32 {
	x := v
	for range 30 {
		x = (x + v/x) / 2
	}
	return x
}
