package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"rummage/export"
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

// exportGroup is a row of per-kind export formats: the kinds it covers,
// the formats offered (the first is the default, as export.DefaultFormat).
type exportGroup struct {
	name    string
	kinds   []formats.Kind
	formats []string
}

// exportGroups are the per-kind format choices of Settings and Export….
var exportGroups = []exportGroup{
	{"texture", []formats.Kind{formats.KindTexture}, []string{export.PNG, export.Raw, export.JSON}},
	{"mesh", []formats.Kind{formats.KindMesh}, []string{export.OBJ, export.GLTF, export.JSON, export.Raw}},
	{"level", []formats.Kind{formats.KindLevel}, []string{export.OBJ, export.GLTF, export.JSON, export.Raw}},
	{"material", []formats.Kind{formats.KindMaterial}, []string{export.JSON, export.Raw}},
	{"wear", []formats.Kind{formats.KindWear}, []string{export.JSON, export.Raw}},
	{"scene", []formats.Kind{formats.KindScene}, []string{export.GLTF, export.OBJ, export.JSON, export.Raw}},
	{"other", []formats.Kind{formats.KindTable, formats.KindChunk, formats.KindText, formats.KindRaw}, []string{export.Raw, export.JSON}},
}

// groupFormat is the remembered format of a group (its default when unset
// or not offered).
func groupFormat(a fyne.App, g exportGroup) string {
	v := a.Preferences().String(prefExportFormat + g.name)
	for _, f := range g.formats {
		if f == v {
			return v
		}
	}
	return g.formats[0]
}

// setGroupFormat remembers a group's format.
func setGroupFormat(a fyne.App, g exportGroup, as string) {
	a.Preferences().SetString(prefExportFormat+g.name, as)
}

// loadSettings applies the remembered settings that are not the theme.
func loadSettings(a fyne.App) {
	widgets.SetTextureBackground(a.Preferences().String(prefTexBackground))
}

// settingsView is the Settings dialog's content (fields for tests). Every
// change applies at once and is remembered.
type settingsView struct {
	w          *window
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

func (w *window) newSettingsView() *settingsView {
	a := w.app
	v := &settingsView{w: w, formats: map[string]*widget.Select{}}

	v.theme = widget.NewRadioGroup(themeLabels, func(s string) {
		if s == "" {
			return
		}
		setTheme(a, strings.ToLower(s))
		w.checkTheme()
	})
	v.theme.Horizontal = true
	v.theme.Required = true
	cur := themePref(a)
	v.theme.SetSelected(strings.ToUpper(cur[:1]) + cur[1:])

	v.background = widget.NewSelect(widgets.TextureBackgrounds(), func(s string) {
		w.setTextureBackground(s)
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
		g := g
		s := widget.NewSelect(g.formats, func(as string) { setGroupFormat(a, g, as) })
		s.SetSelected(groupFormat(a, g))
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
		w.chooseFolder(v.exportDir.Text, func(p string) { v.exportDir.SetText(p) })
	})
	v.recent = widget.NewLabel("")
	clearRecentB := widget.NewButton("Clear", func() {
		clearRecent(a)
		w.rebuildRecent()
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
	v.content = container.NewAppTabs(
		container.NewTabItem("General", general),
		container.NewTabItem("Export", exports),
	)
	return v
}

// refresh shows the folders and the recent count.
func (v *settingsView) refresh() {
	a := v.w.app
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

// showSettings is View › Settings….
func (w *window) showSettings() *settingsView {
	v := w.newSettingsView()
	d := dialog.NewCustom("Settings", "Close", v.content, w.win)
	d.Resize(fyne.NewSize(640, 420))
	d.Show()
	return v
}

// chooseFolder asks for a folder, starting at start, and calls done with it.
func (w *window) chooseFolder(start string, done func(path string)) {
	d := dialog.NewFolderOpen(func(u fyne.ListableURI, err error) {
		if err != nil {
			w.setError(fmt.Errorf("choose folder: %w", err))
			return
		}
		if u != nil {
			done(u.Path())
		}
	}, w.win)
	if l := listerFor(start); l != nil {
		d.SetLocation(l)
	}
	d.Resize(fyne.NewSize(900, 600))
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
