package material

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"rummage/formats/material"
	"rummage/formats/msh"
	"rummage/ui/inspect/inspecttest"
)

// TestMaterialShots writes PNGs of the Parkan tabs into $RUMMAGE_SHOTS
// (skipped when unset): a look at the layout, not an assertion.
func TestMaterialShots(t *testing.T) {
	dir := os.Getenv("RUMMAGE_SHOTS")
	if dir == "" {
		t.Skip("RUMMAGE_SHOTS not set")
	}
	a := test.NewTempApp(t)
	shot := func(name string, o fyne.CanvasObject) {
		w := a.NewWindow(name)
		w.SetContent(o)
		w.Resize(fyne.NewSize(890, 680))
		img := w.Canvas().Capture()
		f, err := os.Create(filepath.Join(dir, name+".png"))
		if err != nil {
			t.Fatal(err)
		}
		png.Encode(f, img)
		f.Close()
	}
	h := &inspecttest.Host{Win: a.NewWindow("h")}
	kids, _ := inspecttest.OpenSample(t, "tank.rlb").Children()
	for _, k := range kids {
		if m, ok := k.(*msh.MeshNode); ok {
			shot("batches", newBatchesView(h, m))
		}
	}
	mk, _ := inspecttest.OpenSample(t, "Material.lib").Children()
	for _, k := range mk {
		if m, ok := k.(*material.Node); ok && (m.Name() == "FIRESTORM" || m.Name() == "B_LBL_01") {
			tab := newMaterialTabOn(h, m, pausedClock())
			tab.sw.clk.Pause()
			shot("mat_"+m.Name(), tab.content)
			if at := inspecttest.Find[*container.AppTabs](tab.content); len(at) > 0 {
				at[0].SelectIndex(1)
				shot("anim_"+m.Name(), tab.content)
			}
			tab.close()
		}
	}
}
