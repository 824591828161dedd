package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/ui/widgets"
)

// More preference keys (see prefs.go for the others).
const (
	prefExportDir     = "exportDir"         // folder of the last export
	prefExportFormat  = "exportFormat."     // + export group: format of that kind
	prefExportAllMips = "exportAllMips"     // every mip level by default
	prefTexBackground = "textureBackground" // see widgets.TextureBackgrounds
	prefBackups       = "saveBackups"       // "every": BackupEvery, else BackupFirst
)

// backupLabels are the backup choices as Settings shows them, in the order
// of formats.Backups.
var backupLabels = []string{
	"Keep the first original (NAME.bak)",
	"Keep a numbered backup of every save (NAME.bak2, …)",
}

// saveOptions are the SaveOptions chosen in Settings.
func saveOptions(a fyne.App) formats.SaveOptions {
	if a.Preferences().String(prefBackups) == "every" {
		return formats.SaveOptions{Backups: formats.BackupEvery}
	}
	return formats.SaveOptions{Backups: formats.BackupFirst}
}

// setBackups remembers the backup choice made with its label.
func setBackups(a fyne.App, label string) {
	v := "first"
	if label == backupLabels[formats.BackupEvery] {
		v = "every"
	}
	a.Preferences().SetString(prefBackups, v)
}

// loadSettings applies the remembered settings that are not the theme.
func loadSettings(a fyne.App) {
	widgets.SetTextureBackground(a.Preferences().String(prefTexBackground))
}

// settingsView is the Settings dialog's content (fields for tests). Every
// change applies at once and is remembered.
type settingsView struct {
	c          *viewCtl
	theme      *widget.RadioGroup
	background *widget.Select
	backups    *widget.RadioGroup
	formats    map[string]*widget.Select // by export group name
	allMips    *widget.Check
	openDir    *widget.Label
	exportDir  *widget.Entry
	recent     *widget.Label
	content    fyne.CanvasObject
}

// themeLabels are the theme choices as shown.
var themeLabels = []string{"System", "Light", "Dark"}

// newSettingsView builds the Settings dialog's content.
func (c *viewCtl) newSettingsView() *settingsView {
	a := c.app
	v := &settingsView{c: c, formats: map[string]*widget.Select{}}

	v.theme = widget.NewRadioGroup(themeLabels, func(s string) {
		if s != "" {
			c.setTheme(strings.ToLower(s))
		}
	})
	v.theme.Horizontal = true
	v.theme.Required = true
	cur := themePref(a)
	v.theme.SetSelected(strings.ToUpper(cur[:1]) + cur[1:])

	v.background = widget.NewSelect(widgets.TextureBackgrounds(), func(s string) {
		c.setTextureBackground(s)
	})
	v.background.SetSelected(widgets.TextureBackground())

	v.backups = widget.NewRadioGroup(backupLabels, func(s string) {
		if s != "" {
			setBackups(a, s)
		}
	})
	v.backups.Required = true
	v.backups.SetSelected(backupLabels[saveOptions(a).Backups])

	fmtForm := widget.NewForm()
	for _, g := range exportGroups {
		offered := groupFormats(g, nil)
		s := widget.NewSelect(offered, func(as string) { setGroupFormat(a, g, as) })
		s.SetSelected(groupFormat(a, g, offered))
		v.formats[g.name] = s
		fmtForm.Append(groupLabel(g), s)
	}
	v.allMips = widget.NewCheck("every mip level (NAME_mipN.png)", func(b bool) {
		a.Preferences().SetBool(prefExportAllMips, b)
	})
	v.allMips.SetChecked(a.Preferences().Bool(prefExportAllMips))

	v.openDir = widget.NewLabel("")
	v.openDir.Truncation = fyne.TextTruncateEllipsis
	clearOpen := widget.NewButton("Forget", func() {
		setLastFolder(a, "")
		v.refresh()
	})
	v.exportDir = widget.NewEntry()
	v.exportDir.SetPlaceHolder("(beside the file, in export/)")
	v.exportDir.OnChanged = func(s string) { a.Preferences().SetString(prefExportDir, strings.TrimSpace(s)) }
	chooseExport := widget.NewButton("Choose…", func() {
		chooseFolder(c.win, c.report, v.exportDir.Text, func(p string) { v.exportDir.SetText(p) })
	})
	v.recent = widget.NewLabel("")
	clearRecentB := widget.NewButton("Clear", func() {
		clearRecent(a)
		c.recent.rebuildRecent()
		v.refresh()
	})
	v.refresh()

	general := widget.NewForm(
		widget.NewFormItem("Theme", v.theme),
		widget.NewFormItem("Texture background", v.background),
		widget.NewFormItem("Backups on save", v.backups),
		widget.NewFormItem("Last open folder", container.NewBorder(nil, nil, nil, clearOpen, v.openDir)),
		widget.NewFormItem("Export folder", container.NewBorder(nil, nil, nil, chooseExport, v.exportDir)),
		widget.NewFormItem("Recent files", container.NewBorder(nil, nil, nil, clearRecentB, v.recent)),
	)
	fmtForm.Append("Mip levels", v.allMips)
	exports := container.NewVBox(widget.NewLabel("Default export formats (a node without the format falls back to its own default):"),
		fmtForm)
	// Bordered: the radio buttons' and check boxes' rings show in the
	// light theme too.
	v.content = container.NewAppTabs(
		container.NewTabItem("General", widgets.Bordered(general)),
		container.NewTabItem("Export", widgets.Bordered(exports)),
	)
	return v
}

// refresh shows the folders and the recent count.
func (v *settingsView) refresh() {
	a := v.c.app
	if d := lastFolder(a); d != "" {
		v.openDir.SetText(d)
	} else {
		v.openDir.SetText("(none)")
	}
	if v.exportDir.Text != a.Preferences().String(prefExportDir) {
		v.exportDir.SetText(a.Preferences().String(prefExportDir))
	}
	v.recent.SetText(summary(len(recentFiles(a)), "file"))
}

// groupLabel is "Textures", "Meshes", ... for a group.
func groupLabel(g exportGroup) string {
	switch g.name {
	case "other":
		return "Other (tables, chunks, raw)"
	case "mesh":
		return "Meshes"
	case "wear":
		return "WEAR tables"
	}
	return strings.ToUpper(g.name[:1]) + g.name[1:] + "s"
}

// chooseFolder asks for a folder, starting at start, and calls done with
// it; a failure goes to report.
func chooseFolder(win fyne.Window, report reporter, start string, done func(path string)) {
	d := dialog.NewFolderOpen(func(u fyne.ListableURI, err error) {
		if err != nil {
			report.setError(fmt.Errorf("choose folder: %w", err))
			return
		}
		if u != nil {
			done(u.Path())
		}
	}, win)
	if l := listerFor(start); l != nil {
		d.SetLocation(l)
	}
	d.Resize(dialogSize(win, 900, 600))
	d.Show()
}

// listerFor is the folder dir as a dialog location, nil when it is unusable.
func listerFor(dir string) fyne.ListableURI {
	if dir == "" {
		return nil
	}
	l, err := storage.ListerForURI(storage.NewFileURI(dir))
	if err != nil {
		return nil
	}
	return l
}
