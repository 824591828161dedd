package mesh

import (
	"image/color"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/preview"
	"rummage/ui/inspect"
)

// reportingMesh is a gated mesh whose textures were not all found.
type reportingMesh struct {
	gatedMesh
	report formats.TextureReport
}

func (m reportingMesh) TextureReport() formats.TextureReport { return m.report }

// A textured view of a mesh whose textures were not found says how many,
// which and where they were looked for; the wire view, and a mesh whose
// textures were all found, say nothing.
func TestPreviewSaysTexturesMissing(t *testing.T) {
	test.NewTempApp(t)
	m := geom.Icosphere(1, 1, geom.YUp)
	m.Groups = []geom.Group{{FirstTri: 0, TriCount: m.Triangles(), Material: `terrain\grass`,
		Surface: &geom.Material{Color: color.NRGBA{90, 140, 60, 255}}}}
	src := reportingMesh{gatedMesh{m, make(chan struct{})}, formats.TextureReport{Named: 5,
		Missing: []string{`terrain\grass`, `walls\brick`, `metal\crate`, `wood\plank`},
		Looked:  []string{"textures/ or gamedata/textures/ in /games/l01 and the 5 folders above it"}}}
	frames := make(chan preview.Stats, 100)
	v := newPreviewView(src, previewConfig{clock: inspect.NewClock(), onFrame: func(st preview.Stats) {
		select {
		case frames <- st:
		default:
		}
	}})
	var open sync.Once
	t.Cleanup(func() {
		v.Close()
		open.Do(func() { close(src.gate) })
		waitDone(t, v.canvas)
	})
	w := test.NewTempWindow(t, v.Content)
	w.Resize(fyne.NewSize(600, 400))
	open.Do(func() { close(src.gate) })
	waitFrame(t, frames, false)
	l := v.tex.label
	if v.canvas.opt.Mode != preview.ModeTextured || !l.Visible() {
		t.Fatalf("mode %v, note shown %v", v.canvas.opt.Mode, l.Visible())
	}
	for _, want := range []string{"4 of 5 textures not found", `terrain\grass, walls\brick, metal\crate, …`, "gamedata/textures/ in /games/l01"} {
		if !strings.Contains(l.Text, want) {
			t.Errorf("note %q lacks %q", l.Text, want)
		}
	}
	v.SetMode(preview.ModeWire)
	if l.Visible() {
		t.Error("the wire view says textures are missing")
	}
	v.SetMode(preview.ModeTexturedWire)
	if !l.Visible() {
		t.Error("textured+wire does not say it")
	}
	v.tex.set(formats.TextureReport{Named: 5}, true)
	v.tex.show(preview.ModeTextured)
	if l.Visible() {
		t.Error("every texture found, yet the note shows")
	}
	if got := texNoteText(formats.TextureReport{Named: 1, Missing: []string{"a"}}); !strings.Contains(got, "nowhere to look") {
		t.Errorf("looked nowhere: %q", got)
	}
}
