package ui

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"

	"rummage/formats"
	"rummage/formats/material"
	"rummage/formats/msh"
	"rummage/samples"
)

// TestMaterialShots writes PNGs of the Parkan tabs into $RUMMAGE_SHOTS
// (skipped when unset): a look at the layout, not an assertion.
func TestMaterialShots(t *testing.T) {
	dir := os.Getenv("RUMMAGE_SHOTS")
	if dir == "" {
		t.Skip("RUMMAGE_SHOTS not set")
	}
	a := test.NewTempApp(t)
	open := func(name string) formats.Node {
		for _, f := range samples.Files() {
			if f.Name == name {
				n, err := formats.OpenFile(formats.Source{R: bytes.NewReader(f.Data), Size: int64(len(f.Data)), Name: f.Name, Opts: &formats.Options{Libraries: samples.Libraries}})
				if err != nil {
					t.Fatal(err)
				}
				return n
			}
		}
		t.Fatalf("no sample %s", name)
		return nil
	}
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
	h := &testHost{win: a.NewWindow("h")}
	kids, _ := open("tank.rlb").Children()
	for _, k := range kids {
		if m, ok := k.(*msh.MeshNode); ok {
			shot("batches", newBatchesView(h, m))
		}
	}
	mk, _ := open("Material.lib").Children()
	for _, k := range mk {
		if m, ok := k.(*material.Node); ok && (m.Name() == "FIRESTORM" || m.Name() == "B_LBL_01") {
			tab := newMaterialTab(h, m)
			tab.pause()
			shot("mat_"+m.Name(), tab.content)
			if at := findAppTabs(tab.content); at != nil {
				at.SelectIndex(1)
				shot("anim_"+m.Name(), tab.content)
			}
			tab.close()
		}
	}
}

func findAppTabs(o fyne.CanvasObject) *container.AppTabs {
	switch v := o.(type) {
	case *container.AppTabs:
		return v
	case *container.Split:
		if t := findAppTabs(v.Leading); t != nil {
			return t
		}
		return findAppTabs(v.Trailing)
	case *fyne.Container:
		for _, k := range v.Objects {
			if t := findAppTabs(k); t != nil {
				return t
			}
		}
	}
	return nil
}
