package cli

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readPNG decodes the PNG at path.
func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

// coverage counts the opaque and the fully transparent pixels.
func coverage(img image.Image) (opaque, clear int) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			switch _, _, _, a := img.At(x, y).RGBA(); a {
			case 0xFFFF:
				opaque++
			case 0:
				clear++
			}
		}
	}
	return
}

// Every view of the sample meshes (the Z-up tank, a Y-up X-Ray visual)
// gives a PNG of the asked size, transparent round the mesh; the views
// differ (but solid and textured, as the samples carry no materials yet).
func TestRenderSampleViews(t *testing.T) {
	dir, _ := writeSamples(t)
	out := t.TempDir()
	for _, target := range [][2]string{{"tank.rlb", "TANK.msh"}, {"xray_level_v4", "visuals/0"}} {
		seen := map[string]string{}
		for _, view := range []string{"wire", "solid", "textured", "textured+wire"} {
			png := filepath.Join(out, strings.NewReplacer("/", "_", ".", "_", "+", "_").Replace(target[1]+"_"+view)+".png")
			code, stdout, stderr := run(t, "render", "--view", view, "--size", "160x120", "--camera", "front",
				"--out", png, filepath.Join(dir, target[0]), target[1])
			if code != 0 || stdout != png+"\n" || stderr != "" {
				t.Fatalf("%v %s: status %d, stdout %q, stderr %q", target, view, code, stdout, stderr)
			}
			img := readPNG(t, png)
			if b := img.Bounds(); b.Dx() != 160 || b.Dy() != 120 {
				t.Fatalf("%v %s: size %v", target, view, b)
			}
			opaque, clear := coverage(img)
			if _, _, _, a := img.At(0, 0).RGBA(); a != 0 || clear < 160*120/10 {
				t.Errorf("%v %s: the background is not transparent (%d clear pixels)", target, view, clear)
			}
			if view != "wire" && opaque < 300 {
				t.Errorf("%v %s: only %d opaque pixels", target, view, opaque)
			}
			data, _ := os.ReadFile(png)
			if view == "textured" {
				continue
			}
			if other, dup := seen[string(data)]; dup {
				t.Errorf("%v: %s and %s give the same image", target, view, other)
			}
			seen[string(data)] = view
		}
	}
}

// The default view, size and camera, and the animation clock.
func TestRenderDefaults(t *testing.T) {
	dir, _ := writeSamples(t)
	png := filepath.Join(t.TempDir(), "tank.png")
	code, _, stderr := run(t, "render", "--at", "1500", "--out", png, filepath.Join(dir, "tank.rlb"), "tank.msh")
	if code != 0 {
		t.Fatalf("status %d: %s", code, stderr)
	}
	if b := readPNG(t, png).Bounds(); b.Dx() != 800 || b.Dy() != 600 {
		t.Fatalf("default size %v, want 800x600", b)
	}
}

// Without NODE, render draws the file's root, as ls, info and export take
// it: a model or a level; an archive has no mesh (status 1).
func TestRenderRootByDefault(t *testing.T) {
	dir, _ := writeSamples(t)
	out := t.TempDir()
	for _, file := range []string{"rumbler.dff", "xray_level_v4"} {
		png := filepath.Join(out, file+".png")
		code, stdout, stderr := run(t, "render", "--size", "160x120", "--out", png, filepath.Join(dir, file))
		if code != 0 || stdout != png+"\n" || stderr != "" {
			t.Errorf("%s: status %d, stdout %q, stderr %q", file, code, stdout, stderr)
			continue
		}
		if opaque, _ := coverage(readPNG(t, png)); opaque < 300 {
			t.Errorf("%s: only %d opaque pixels", file, opaque)
		}
	}
	code, _, stderr := run(t, "render", "--out", filepath.Join(out, "tank.png"), filepath.Join(dir, "tank.rlb"))
	if code != 1 || !strings.Contains(stderr, "has no mesh to render") {
		t.Errorf("an archive's root: status %d, %q", code, stderr)
	}
}

// A node without a mesh, a missing node and a missing file are bad input
// (status 1, one line naming them); nothing is written.
func TestRenderBadNode(t *testing.T) {
	dir, _ := writeSamples(t)
	tank := filepath.Join(dir, "tank.rlb")
	png := filepath.Join(t.TempDir(), "x.png")
	for _, c := range []struct {
		file, node, want string
	}{
		{tank, "TANK.wea", "TANK.wea: wear node \"TANK.wea\" has no mesh to render"},
		{tank, "TANK.msh/stream_1", "has no mesh to render"},
		{tank, "nothing", "nothing"},
		{filepath.Join(dir, "missing.lib"), "x", "missing.lib"},
	} {
		code, stdout, stderr := run(t, "render", "--out", png, c.file, c.node)
		if code != 1 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, c.want) ||
			!strings.HasPrefix(stderr, "rummage: ") {
			t.Errorf("%s %s: status %d, stdout %q, stderr %q (want %q)", c.file, c.node, code, stdout, stderr, c.want)
		}
	}
	if _, err := os.Stat(png); err == nil {
		t.Error("a failed render wrote its output")
	}
}

// Bad flags and arguments are usage errors (status 2).
func TestRenderUsage(t *testing.T) {
	dir, _ := writeSamples(t)
	tank := filepath.Join(dir, "tank.rlb")
	png := filepath.Join(t.TempDir(), "x.png")
	for _, args := range [][]string{
		{"--out", png},
		{tank, "TANK.msh"},
		{"--out", png, tank, "TANK.msh", "extra"},
		{"--view", "shaded", "--out", png, tank, "TANK.msh"},
		{"--camera", "side", "--out", png, tank, "TANK.msh"},
		{"--size", "0x10", "--out", png, tank, "TANK.msh"},
		{"--size", "100", "--out", png, tank, "TANK.msh"},
		{"--size", "99999x10", "--out", png, tank, "TANK.msh"},
		{"--at", "-1", "--out", png, tank, "TANK.msh"},
		{"--zoom", "2", "--out", png, tank, "TANK.msh"},
		{"--out", png, tank, "TANK.msh", "--view"},
	} {
		code, stdout, stderr := run(t, append([]string{"render"}, args...)...)
		if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "rummage render: ") {
			t.Errorf("%q: status %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
	if code, out, _ := run(t, "render", "--help"); code != 0 || !strings.Contains(out, "--camera front|back|left|right|top|iso") {
		t.Errorf("render --help: status %d, %q", code, out)
	}
}
