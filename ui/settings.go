package ui

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/ui/count"
	"rummage/ui/i18n"
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
func backupLabels() []string {
	return []string{
		lang.X("settings.backups.first", "Keep the first original (NAME.bak)"),
		lang.X("settings.backups.every", "Keep a numbered backup of every save (NAME.bak2, …)"),
	}
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
	if label == backupLabels()[formats.BackupEvery] {
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
	language   *i18n.Setting
	content    fyne.CanvasObject
}

// themeLabel is the theme named name (of themeNames) as Settings shows it.
func themeLabel(name string) string {
	switch name {
	case "light":
		return lang.X("settings.theme.light", "Light")
	case "dark":
		return lang.X("settings.theme.dark", "Dark")
	}
	return lang.X("settings.theme.system", "System")
}

// newSettingsView builds the Settings dialog's content.
func (c *viewCtl) newSettingsView() *settingsView {
	a := c.app
	v := &settingsView{c: c, formats: map[string]*widget.Select{}}

	v.theme = labelledRadio(themeNames, themeLabel, themePref(a), c.setTheme)
	v.theme.Horizontal = true
	backgrounds := widgets.TextureBackgrounds()
	bgLabels := make([]string, len(backgrounds))
	for i, name := range backgrounds {
		bgLabels[i] = widgets.TextureBackgroundLabel(name)
	}
	v.background = widgets.NewSelect(bgLabels, func(label string) {
		if i := slices.Index(bgLabels, label); i >= 0 {
			c.setTextureBackground(backgrounds[i])
		}
	})
	v.background.SetSelected(widgets.TextureBackgroundLabel(widgets.TextureBackground()))

	v.backups = widget.NewRadioGroup(backupLabels(), func(s string) {
		if s != "" {
			setBackups(a, s)
		}
	})
	v.backups.Required = true
	v.backups.SetSelected(backupLabels()[saveOptions(a).Backups])
	v.language = i18n.NewSetting(a.Preferences())

	fmtForm := widget.NewForm()
	for _, g := range exportGroups {
		offered := groupFormats(g, nil)
		s := widgets.NewSelect(offered, func(as string) { setGroupFormat(a, g, as) })
		s.SetSelected(groupFormat(a, g, offered))
		v.formats[g.name] = s
		fmtForm.Append(groupLabel(g), s)
	}
	v.allMips = widget.NewCheck(lang.X("export.all_mips", "every mip level (NAME_mipN.png)"), func(b bool) {
		a.Preferences().SetBool(prefExportAllMips, b)
	})
	v.allMips.SetChecked(a.Preferences().Bool(prefExportAllMips))

	v.openDir = widget.NewLabel("")
	v.openDir.Truncation = fyne.TextTruncateEllipsis
	clearOpen := widget.NewButton(lang.X("settings.forget", "Forget"), func() {
		setLastFolder(a, "")
		v.refresh()
	})
	v.exportDir = widget.NewEntry()
	v.exportDir.SetPlaceHolder(lang.X("settings.export_dir.default", "(beside the file, in export/)"))
	v.exportDir.OnChanged = func(s string) { a.Preferences().SetString(prefExportDir, strings.TrimSpace(s)) }
	chooseExport := widget.NewButton(lang.X("action.choose", "Choose…"), func() {
		chooseFolder(c.win, c.report, v.exportDir.Text, func(p string) { v.exportDir.SetText(p) })
	})
	v.recent = widget.NewLabel("")
	clearRecentB := widget.NewButton(lang.X("settings.clear", "Clear"), func() {
		clearRecent(a)
		c.recent.rebuildRecent()
		v.refresh()
	})
	v.refresh()

	general := widget.NewForm(
		widget.NewFormItem(lang.X("settings.language", "Language"), v.language.Content),
		widget.NewFormItem(lang.X("settings.theme", "Theme"), v.theme),
		widget.NewFormItem(lang.X("settings.background", "Texture background"), v.background),
		widget.NewFormItem(lang.X("settings.backups", "Backups on save"), v.backups),
		widget.NewFormItem(lang.X("settings.open_dir", "Last open folder"), container.NewBorder(nil, nil, nil, clearOpen, v.openDir)),
		widget.NewFormItem(lang.X("settings.export_dir", "Export folder"), container.NewBorder(nil, nil, nil, chooseExport, v.exportDir)),
		widget.NewFormItem(lang.X("settings.recent", "Recent files"), container.NewBorder(nil, nil, nil, clearRecentB, v.recent)),
	)
	fmtForm.Append(lang.X("export.mips", "Mip levels"), v.allMips)
	intro := widget.NewLabel(lang.X("settings.export_formats", "Default export formats (a node without the format falls back to its own default):"))
	intro.Wrapping = fyne.TextWrapWord
	exports := container.NewVBox(intro, fmtForm)
	// Bordered: the radio buttons' and check boxes' rings show in the
	// light theme too.
	v.content = container.NewAppTabs(
		container.NewTabItem(lang.X("settings.tab.general", "General"), container.NewVScroll(widgets.Bordered(general))),
		container.NewTabItem(lang.X("settings.tab.export", "Export"), container.NewVScroll(widgets.Bordered(exports))),
	)
	return v
}

// refresh shows the folders and the recent count.
func (v *settingsView) refresh() {
	a := v.c.app
	if d := lastFolder(a); d != "" {
		v.openDir.SetText(d)
	} else {
		v.openDir.SetText(lang.X("settings.open_dir.none", "(none)"))
	}
	if v.exportDir.Text != a.Preferences().String(prefExportDir) {
		v.exportDir.SetText(a.Preferences().String(prefExportDir))
	}
	v.recent.SetText(count.Files(len(recentFiles(a))))
}

// groupLabel is "Textures", "Meshes", ... for a group.
func groupLabel(g exportGroup) string {
	switch g.name {
	case "texture":
		return lang.X("export.group.texture", "Textures")
	case "mesh":
		return lang.X("export.group.mesh", "Meshes")
	case "level":
		return lang.X("export.group.level", "Levels")
	case "material":
		return lang.X("export.group.material", "Materials")
	case "wear":
		return lang.X("export.group.wear", "WEAR tables")
	case "scene":
		return lang.X("export.group.scene", "Scenes")
	case "other":
		return lang.X("export.group.misc", "Other (tables, chunks, raw)")
	}
	return g.name
}

// chooseFolder asks for a folder, starting at start, and calls done with
// it; a failure goes to report.
func chooseFolder(win fyne.Window, report reporter, start string, done func(path string)) {
	d := dialog.NewFolderOpen(func(u fyne.ListableURI, err error) {
		if err != nil {
			report.setError(failure(lang.X("settings.choose_failed", "choose folder: {{.Error}}", map[string]any{"Error": err}), err))
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

// labelledRadio is a required radio group offering values by their labels
// (label names each), selecting current and calling set with the value
// picked.
func labelledRadio(values []string, label func(string) string, current string, set func(string)) *widget.RadioGroup {
	labels := make([]string, len(values))
	for i, v := range values {
		labels[i] = label(v)
	}
	r := widget.NewRadioGroup(labels, func(l string) {
		if i := slices.Index(labels, l); i >= 0 {
			set(values[i])
		}
	})
	r.Required = true
	if i := slices.Index(values, current); i >= 0 {
		r.SetSelected(labels[i])
	}
	return r
}
