package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"rummage/export"
	"rummage/ui/widgets"
)

func TestSettingsDialog(t *testing.T) {
	w := newTestWindow(t)
	t.Cleanup(func() { widgets.SetTextureBackground("") })
	a := w.app
	addRecent(a, "/tmp/one.lib")
	addRecent(a, "/tmp/two.txd")
	setLastFolder(a, "/tmp/games")

	v := w.view.showSettings()
	if w.win.Canvas().Overlays().Top() == nil {
		t.Fatal("no dialog")
	}
	if v.theme.Selected != "System" || v.openDir.Text != "/tmp/games" || v.recent.Text != "2 files" {
		t.Errorf("initial: theme %q, open folder %q, recent %q", v.theme.Selected, v.openDir.Text, v.recent.Text)
	}

	// Theme: applies at once, ticks the View menu, is remembered.
	v.theme.SetSelected("Dark")
	if themePref(a) != "dark" {
		t.Errorf("theme pref %q", themePref(a))
	}
	if vt, ok := a.Settings().Theme().(variantTheme); !ok || vt.v != theme.VariantDark {
		t.Errorf("theme %T not forced dark", a.Settings().Theme())
	}
	if !w.view.themeItems[2].Checked || w.view.themeItems[0].Checked {
		t.Error("View menu does not tick Dark")
	}
	v.theme.SetSelected("System")
	if themePref(a) != "system" {
		t.Errorf("theme pref %q", themePref(a))
	}
	if _, forced := a.Settings().Theme().(variantTheme); forced {
		t.Error("System left a forced variant")
	}

	// Texture background.
	v.background.SetSelected("black")
	if widgets.TextureBackground() != "black" || widgets.TextureBG(0, 0) != 0 || widgets.TextureBG(8, 0) != 0 || a.Preferences().String(prefTexBackground) != "black" {
		t.Errorf("background %v", widgets.TextureBackground())
	}
	widgets.SetTextureBackground("")
	loadSettings(a)
	if widgets.TextureBackground() != "black" {
		t.Errorf("loadSettings did not restore the background: %v", widgets.TextureBackground())
	}

	// Default export formats feed the Export… dialog.
	v.formats["mesh"].SetSelected(export.GLTF)
	v.allMips.SetChecked(true)
	v.exportDir.SetText("/tmp/out")
	f, _, _ := addFake(w)
	w.nav.selectUID(f.uid)
	sel, what := w.exporter.exportSelection()
	ev := w.exporter.showExportDialog(sel, what)
	if ev.formats["mesh"].Selected != export.GLTF || !ev.mips.Checked || ev.dir.Text != "/tmp/out" {
		t.Errorf("export dialog: mesh %q mips %v dir %q", ev.formats["mesh"].Selected, ev.mips.Checked, ev.dir.Text)
	}
	if o := ev.options(); o.ByKind["mesh"] != export.GLTF || o.ByKind["table"] != export.Raw || o.ByKind["texture"] != export.PNG {
		t.Errorf("options %v", o.ByKind)
	}

	// Folders and recent files can be forgotten.
	v.refresh()
	test.Tap(findButton(t, v.content, "Forget"))
	if lastFolder(a) != "" || v.openDir.Text != "(none)" {
		t.Errorf("last folder %q (%q)", lastFolder(a), v.openDir.Text)
	}
	test.Tap(findButton(t, v.content, "Clear"))
	if len(recentFiles(a)) != 0 || v.recent.Text != "0 files" {
		t.Errorf("recent %v (%q)", recentFiles(a), v.recent.Text)
	}
	if items := w.opened.recentMenu.Items; len(items) != 1 || items[0].Label != "(none)" {
		t.Errorf("Recent menu not rebuilt: %d items", len(items))
	}
}

// A remembered format that is not offered (an older version's) falls
// back to the kind's default.
func TestGroupFormatFallback(t *testing.T) {
	w := newTestWindow(t)
	w.app.Preferences().SetString(prefExportFormat+"texture", "bmp")
	if got := groupFormat(w.app, exportGroups[0], groupFormats(exportGroups[0], nil)); got != export.PNG {
		t.Errorf("texture format %q, want png", got)
	}
	for _, g := range exportGroups {
		for _, k := range g.kinds {
			if first := groupFormats(g, nil)[0]; export.DefaultFormat(k) != first {
				t.Errorf("group %s: first format %s, but %s exports as %s by default", g.name, first, k, export.DefaultFormat(k))
			}
		}
	}
}
