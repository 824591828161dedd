package ui

import (
	"image"
	"slices"
	"strings"
	"testing"

	"rummage/export"
	"rummage/formats"
)

// imageTable is a table node that is also an image: export.Supports
// grants it the image formats, which no sample table has.
type imageTable struct{ *formats.Raw }

func (imageTable) Levels() int { return 1 }
func (imageTable) Image(int) (image.Image, error) {
	return image.NewNRGBA(image.Rect(0, 0, 2, 2)), nil
}

// The formats Settings and Export… offer per kind come from
// export.Supports: the samples' nodes give each kind its list (textures
// gain DDS and TGA, which the command line offers too), and a node about
// to be exported adds what it supports.
func TestExportFormatsFromSupports(t *testing.T) {
	want := map[string]string{
		"texture":  "png json raw dds tga",
		"mesh":     "obj gltf json raw",
		"level":    "obj gltf json raw",
		"material": "json raw",
		"wear":     "json raw",
		"scene":    "gltf",              // no sample is a scene: the nodes exported add the rest
		"other":    "raw obj gltf json", // X-Ray chunks with geometry (cform) are meshes too
	}
	for _, g := range exportGroups {
		if got := strings.Join(groupFormats(g, nil), " "); got != want[g.name] {
			t.Errorf("%s: %s, want %s", g.name, got, want[g.name])
		}
	}
	other := exportGroups[len(exportGroups)-1]
	odd := imageTable{rawNode("odd", formats.KindTable, "TBL", seq(8), 0)}
	if got := strings.Join(groupFormats(other, []formats.Node{odd}), " "); got != "raw png obj gltf json dds tga" {
		t.Errorf("with an image table: %s", got)
	}
	for _, f := range []string{export.PNG, export.DDS, export.TGA} {
		if !export.Supports(odd, f) {
			t.Fatalf("the fake table does not support %s", f)
		}
	}
}

// Export… on a texture offers DDS, and writes it.
func TestExportDialogOffersDDS(t *testing.T) {
	w := newTestWindow(t)
	w.opened.addFiles(sampleFiles(&w.opts))
	if err := w.selectStart("Textures.lib/" + firstTexture(t, w)); err != nil {
		t.Fatal(err)
	}
	v := openExport(t, w)
	s := v.formats["texture"]
	if !slices.Contains(s.Options, export.DDS) || !slices.Contains(s.Options, export.TGA) {
		t.Fatalf("texture formats %v", s.Options)
	}
	s.SetSelected(export.DDS)
	dir := t.TempDir()
	out := runDialog(t, w, v, dir)
	if len(out.written) != 1 || !strings.HasSuffix(out.written[0], ".dds") {
		t.Errorf("wrote %v", out.written)
	}
}

// firstTexture is the name of the first texture in the sample Textures.lib.
func firstTexture(t *testing.T, w *window) string {
	t.Helper()
	for _, f := range w.opened.files {
		if f.name != "Textures.lib" {
			continue
		}
		kids, err := formats.SafeChildren(f.root)
		if err != nil || len(kids) == 0 {
			t.Fatalf("Textures.lib: %v", err)
		}
		return formats.SafeName(kids[0])
	}
	t.Skip("no sample Textures.lib")
	return ""
}
