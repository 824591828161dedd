package cli

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/qmuntal/gltf"

	"rummage/export/glbtest"
	"rummage/formats/geom"
)

// TestStrayVertexLeftOut: a model with one vertex at 5.95e25 (as in a real
// car) keeps the bounds of the rest in info, with a warning naming the
// vertex, and render fits its camera to the rest (a warning on stderr,
// status 0, the model drawn).
func TestStrayVertexLeftOut(t *testing.T) {
	p, tris := unitBox()
	p = append(p, geom.Vec3{5.95e25, 0, 1})
	tris = append(tris, [3]uint16{0, 1, 8})
	file := filepath.Join(t.TempDir(), "stray.dff")
	writeClump(t, file, clumpFile(t, clumpSpec{positions: p, tris: tris, textures: []string{""}}))

	code, out, errs := run(t, "info", "--json", file)
	var facts struct {
		Bounds   struct{ Min, Max []float64 }
		Warnings []string
	}
	if code != 0 || json.Unmarshal([]byte(out), &facts) != nil {
		t.Fatalf("info: %d %s %s", code, out, errs)
	}
	if len(facts.Bounds.Max) != 3 || facts.Bounds.Max[0] != 1 || facts.Bounds.Min[0] != 0 {
		t.Errorf("bounds %v, want the unit box's", facts.Bounds)
	}
	if len(facts.Warnings) != 1 || !strings.Contains(facts.Warnings[0], "1 vertex left out of the bounds") || !strings.Contains(facts.Warnings[0], "vertex 8 at (5.95e+25, 0, 1)") {
		t.Errorf("warnings %q", facts.Warnings)
	}

	png := filepath.Join(t.TempDir(), "stray.png")
	code, out, errs = run(t, "render", "--view", "solid", "--size", "160x120", "--out", png, file)
	if code != 0 || out != png+"\n" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "warning: 1 vertex left out") {
		t.Fatalf("render: status %d, stdout %q, stderr %q", code, out, errs)
	}
	// fitted to the box, the box fills a good part of the image
	if opaque, _ := coverage(readPNG(t, png)); opaque < 160*120/10 {
		t.Errorf("only %d opaque pixels: the fit did not leave the stray vertex out", opaque)
	}
}

// TestRenderWithoutFit: a model whose vertices are all non-finite, or
// together but so large that their box has no finite centre, cannot be
// fitted: status 1, one line, nothing written.
func TestRenderWithoutFit(t *testing.T) {
	nan := float32(math.NaN())
	dir := t.TempDir()
	for name, pos := range map[string][]geom.Vec3{
		"nan":  {{nan, 0, 0}, {0, nan, 0}, {0, 0, nan}},
		"huge": {{3e38, 3e38, 3e38}, {3.1e38, 3e38, 3e38}, {3e38, 3.1e38, 3e38}},
	} {
		file := filepath.Join(dir, name+".dff")
		writeClump(t, file, clumpFile(t, clumpSpec{positions: pos, tris: [][3]uint16{{0, 1, 2}}, textures: []string{""}}))
		png := filepath.Join(dir, name+".png")
		code, out, errs := run(t, "render", "--out", png, file)
		if code != 1 || out != "" || !strings.Contains(errs, "fit the camera") || !strings.HasSuffix(errs, "\n") {
			t.Errorf("%s: status %d, stdout %q, stderr %q", name, code, out, errs)
		}
		if _, err := os.Stat(png); err == nil {
			t.Errorf("%s: wrote %s", name, png)
		}
	}
}

// TestRenderNothingDrawn: a one-sided plane seen from behind draws nothing
// for a good reason: a warning that says so, status 0, a transparent PNG;
// seen from the front it is drawn without a warning.
func TestRenderNothingDrawn(t *testing.T) {
	// a square in the z = 0 plane whose front faces +Z (up)
	pos := []geom.Vec3{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}}
	file := filepath.Join(t.TempDir(), "plane.dff")
	writeClump(t, file, clumpFile(t, clumpSpec{positions: pos, tris: [][3]uint16{{0, 1, 2}, {0, 2, 3}}, textures: []string{""}}))
	png := filepath.Join(t.TempDir(), "plane.png")
	code, out, errs := run(t, "render", "--view", "solid", "--camera", "top", "--size", "64x64", "--out", png, file)
	if opaque, _ := coverage(readPNG(t, png)); code != 0 || out != png+"\n" || errs != "" || opaque == 0 {
		t.Errorf("from the front: status %d, stderr %q, %d opaque pixels", code, errs, opaque)
	}
	// the same square turned over: its front faces -Z, away from the top camera
	down := []geom.Vec3{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}}
	writeClump(t, file, clumpFile(t, clumpSpec{positions: down, tris: [][3]uint16{{0, 2, 1}, {0, 3, 2}}, textures: []string{""}}))
	code, out, errs = run(t, "render", "--view", "solid", "--camera", "top", "--size", "64x64", "--out", png, file)
	if code != 0 || out != png+"\n" || strings.Count(errs, "\n") != 1 ||
		!strings.Contains(errs, "warning: nothing was drawn: all 2 triangles face away from the camera") {
		t.Errorf("from behind: status %d, stdout %q, stderr %q", code, out, errs)
	}
	if opaque, clear := coverage(readPNG(t, png)); opaque != 0 || clear != 64*64 {
		t.Errorf("from behind: %d opaque, %d clear pixels; want a transparent image", opaque, clear)
	}
	// no triangles at all
	writeClump(t, file, clumpFile(t, clumpSpec{positions: down, textures: []string{""}}))
	if code, _, errs := run(t, "render", "--out", png, file); code != 0 || !strings.Contains(errs, "the mesh has no triangles") {
		t.Errorf("no triangles: status %d, stderr %q", code, errs)
	}
}

// TestExportGLTFNearlyOrthonormalFrame: a DFF whose frame matrix is 3e-4
// off orthonormal exports as glTF with that frame as translation,
// rotation and scale, not a matrix (which the Khronos validator, run on
// the file by `make test`, reports as NODE_MATRIX_NON_TRS).
func TestExportGLTFNearlyOrthonormalFrame(t *testing.T) {
	p, tris := unitBox()
	f := clumpFile(t, clumpSpec{positions: p, tris: tris, textures: []string{""}})
	c, s := float32(math.Cos(0.5)), float32(math.Sin(0.5))
	fr := &f.Clump.Frames[0]
	fr.Rot = [9]float32{c, s + 3e-4, 0, -s, c, 0, 0, 0, 1} // right, up, at
	fr.Pos = geom.Vec3{0.1, 0.05, 0}
	dir := t.TempDir()
	file := filepath.Join(dir, "door.dff")
	writeClump(t, file, f)
	out := filepath.Join(dir, "out")
	code, stdout, errs := run(t, "export", "--as", "gltf", "--out", out, file)
	if code != 0 {
		t.Fatalf("status %d: %s", code, errs)
	}
	glb := strings.TrimSpace(stdout)
	glbtest.KeepFile(t, glb)
	doc, err := gltf.Open(glb)
	if err != nil {
		t.Fatal(err)
	}
	turned := 0
	for _, n := range doc.Nodes {
		if n.MatrixOrDefault() != gltf.DefaultMatrix {
			t.Errorf("node %q written as a matrix %v", n.Name, n.Matrix)
		}
		if n.RotationOrDefault() != gltf.DefaultRotation {
			turned++
		}
	}
	if turned == 0 {
		t.Errorf("no node carries the frame's rotation: %d nodes", len(doc.Nodes))
	}
}
