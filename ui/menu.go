package ui

import (
	"net/url"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/internal/version"
	"rummage/ui/widgets"
)

func ctrl(k fyne.KeyName) fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}
}

func ctrlShift(k fyne.KeyName) fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
}

// buildMenu sets the main menu: File, Edit, View, Help.
func (w *window) buildMenu() {
	open := fyne.NewMenuItem("Open…", w.openFileDialog)
	open.Shortcut = ctrl(fyne.KeyO)
	open.Icon = theme.FolderOpenIcon()
	openDir := fyne.NewMenuItem("Open folder…", w.openFolderDialog)
	recent := fyne.NewMenuItem("Recent", nil)
	w.recentMenu = fyne.NewMenu("Recent")
	recent.ChildMenu = w.recentMenu
	save := fyne.NewMenuItem("Save", w.save)
	save.Shortcut = ctrl(fyne.KeyS)
	save.Icon = theme.DocumentSaveIcon()
	saveAs := fyne.NewMenuItem("Save as…", w.saveAs)
	export := fyne.NewMenuItem("Export…", w.exportSelected)
	export.Shortcut = ctrl(fyne.KeyE)
	closeF := fyne.NewMenuItem("Close", w.closeCurrent)
	closeF.Shortcut = ctrl(fyne.KeyW)
	quit := fyne.NewMenuItem("Quit", w.quit)
	quit.Shortcut = ctrl(fyne.KeyQ)
	quit.IsQuit = true
	materials := fyne.NewMenuItem("Set material library…", w.materialLibraryDialog)
	txds := fyne.NewMenuItem("Set texture dictionary…", w.textureDictionaryDialog)
	file := fyne.NewMenu("File", open, openDir, recent, materials, txds, fyne.NewMenuItemSeparator(), save, saveAs, export,
		fyne.NewMenuItemSeparator(), closeF, quit)

	undo := fyne.NewMenuItem("Undo", w.undoEdit)
	undo.Shortcut = &fyne.ShortcutUndo{}
	redo := fyne.NewMenuItem("Redo", w.redoEdit)
	redo.Shortcut = ctrlShift(fyne.KeyZ)
	find := fyne.NewMenuItem("Find", w.focusFilter)
	find.Shortcut = ctrl(fyne.KeyF)
	copyPath := fyne.NewMenuItem("Copy path", w.copyPath)
	hex := fyne.NewMenuItem("Show in hex", w.showInHex)
	edit := fyne.NewMenu("Edit", undo, redo, fyne.NewMenuItemSeparator(), find, copyPath, hex)

	w.themeItems = nil
	var themeItems []*fyne.MenuItem
	for _, name := range []string{"system", "light", "dark"} {
		name := name
		label := strings.ToUpper(name[:1]) + name[1:] + " theme"
		mi := fyne.NewMenuItem(label, func() {
			setTheme(w.app, name)
			w.checkTheme()
		})
		themeItems = append(themeItems, mi)
	}
	w.themeItems = themeItems
	w.checkTheme()
	settings := fyne.NewMenuItem("Settings…", func() { w.showSettings() })
	bg := fyne.NewMenuItem("Texture background", nil)
	w.bgMenu = fyne.NewMenu("Texture background")
	for _, name := range widgets.TextureBackgrounds() {
		w.bgMenu.Items = append(w.bgMenu.Items, fyne.NewMenuItem(name, func() { w.setTextureBackground(name) }))
	}
	bg.ChildMenu = w.bgMenu
	w.checkBackground()
	resetPreview := fyne.NewMenuItem("Reset preview (F in the preview fits)", w.resetPreview)
	viewItems := append(themeItems, fyne.NewMenuItemSeparator(), bg, resetPreview, fyne.NewMenuItemSeparator(), settings)
	viewItems = append(viewItems, fyne.NewMenuItem("Messages", func() { w.showMessages() }))
	view := fyne.NewMenu("View", viewItems...)

	help := fyne.NewMenu("Help",
		fyne.NewMenuItem("Formats", w.showFormats),
		fyne.NewMenuItem("Shortcuts", w.showShortcuts),
		fyne.NewMenuItem("About", w.showAbout))

	w.menu = fyne.NewMainMenu(file, edit, view, help)
	w.undoItem, w.redoItem = undo, redo
	w.saveItem, w.saveAsItem = save, saveAs
	w.rebuildRecent()
	w.win.SetMainMenu(w.menu)
}

// addShortcuts adds keys that have no menu item (Ctrl+Y redo as well).
func (w *window) addShortcuts() {
	w.win.Canvas().AddShortcut(&fyne.ShortcutRedo{}, func(fyne.Shortcut) { w.redoEdit() })
}

// checkTheme ticks the current theme in the View menu.
func (w *window) checkTheme() {
	cur := themePref(w.app)
	for i, name := range []string{"system", "light", "dark"} {
		if i < len(w.themeItems) {
			w.themeItems[i].Checked = name == cur
		}
	}
	if w.menu != nil {
		w.menu.Refresh()
	}
}

// rebuildRecent fills File › Recent from the preferences.
func (w *window) rebuildRecent() {
	if w.recentMenu == nil {
		return
	}
	var items []*fyne.MenuItem
	for _, p := range recentFiles(w.app) {
		p := p
		items = append(items, fyne.NewMenuItem(p, func() { w.openRecent(p) }))
	}
	if len(items) == 0 {
		none := fyne.NewMenuItem("(none)", nil)
		none.Disabled = true
		items = append(items, none)
	} else {
		items = append(items, fyne.NewMenuItemSeparator(), fyne.NewMenuItem("Clear recent", func() {
			clearRecent(w.app)
			w.rebuildRecent()
		}))
	}
	w.recentMenu.Items = items
	if w.menu != nil {
		w.menu.Refresh()
	}
}

// updateUndoMenu names the edit Undo and Redo would act on.
func (w *window) updateUndoMenu() {
	if w.undoItem == nil {
		return
	}
	w.undoItem.Label, w.undoItem.Disabled = "Undo", len(w.undo) == 0
	if n := len(w.undo); n > 0 {
		w.undoItem.Label = "Undo " + w.undo[n-1].edit.Name
	}
	w.redoItem.Label, w.redoItem.Disabled = "Redo", len(w.redo) == 0
	if n := len(w.redo); n > 0 {
		w.redoItem.Label = "Redo " + w.redo[n-1].edit.Name
	}
	w.menu.Refresh()
}

// newToolbar makes [Open] [Export…] [Save].
func (w *window) newToolbar() fyne.CanvasObject {
	openB := widget.NewButtonWithIcon("Open", theme.FolderOpenIcon(), w.openFileDialog)
	w.expB = widget.NewButtonWithIcon("Export…", theme.DownloadIcon(), w.exportSelected)
	w.saveB = widget.NewButtonWithIcon("Save", theme.DocumentSaveIcon(), w.save)
	return container.NewHBox(openB, w.expB, w.saveB)
}

// focusFilter is Edit › Find.
func (w *window) focusFilter() { w.win.Canvas().Focus(w.filter) }

// appVersion is the build's version (internal/version: what Go stamped
// from git, or what the Makefile passed), else the app metadata's (Fyne
// reads FyneApp.toml in a development build), else "dev".
func appVersion(a fyne.App) string {
	if v := version.Short(); v != "(devel)" {
		return v
	}
	if v := a.Metadata().Version; v != "" {
		return v
	}
	return "dev"
}

// openContainingFolder opens the selected file's folder in the desktop's
// file manager.
func (w *window) openContainingFolder() {
	it := w.current()
	if it == nil || it.file == nil || it.file.path == "" {
		w.Status("the node is not in a file on disk")
		return
	}
	dir, err := filepath.Abs(filepath.Dir(it.file.path))
	if err != nil {
		w.setError(err)
		return
	}
	if err := w.app.OpenURL(&url.URL{Scheme: "file", Path: filepath.ToSlash(dir)}); err != nil {
		w.setError(err)
	}
}

// checkBackground ticks the current texture background in View › Texture
// background.
func (w *window) checkBackground() {
	if w.bgMenu == nil {
		return
	}
	for _, mi := range w.bgMenu.Items {
		mi.Checked = mi.Label == widgets.TextureBackground()
	}
	if w.menu != nil {
		w.menu.Refresh()
	}
}

// setTextureBackground is View › Texture background and the Settings
// choice: it is remembered, and a texture on show is drawn again over it.
func (w *window) setTextureBackground(name string) {
	if name == "" || name == widgets.TextureBackground() {
		return
	}
	w.app.Preferences().SetString(prefTexBackground, name)
	widgets.SetTextureBackground(name)
	w.checkBackground()
	if it := w.current(); it != nil && it.kind == formats.KindTexture {
		w.insp.show(it) // redraw the image over the new background
	}
}

// resetPreview is View › Reset preview: the wireframe preview on show (if
// any) returns to its default view.
func (w *window) resetPreview() {
	r := w.insp.resetterOnShow()
	if r == nil {
		w.Status("no preview on show: select a mesh or a level and its Preview tab")
		return
	}
	r.ResetView()
}

// materialLibraryDialog is File › Set material library…: the chosen
// library resolves WEAR rows and MSH batches of every open file (where none
// is found beside a file), as --materials does.
func (w *window) materialLibraryDialog() { w.pickSideFile(".lib", w.setMaterialLibrary) }

// pickSideFile asks for a file with extension ext that the open files use
// (a material library, a texture dictionary), starting in the last folder,
// and hands its path to set.
func (w *window) pickSideFile(ext string, set func(path string)) {
	d := dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
		if err != nil {
			w.setError(err)
			return
		}
		if rc == nil {
			return
		}
		p := rc.URI().Path()
		rc.Close()
		setLastFolder(w.app, filepath.Dir(p))
		set(p)
	}, w.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{ext}))
	w.atLastFolder(d)
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}

// setMaterialLibrary sets the window's --materials option, which every
// open file shares, and rebuilds the inspector so its tabs resolve again.
func (w *window) setMaterialLibrary(path string) {
	w.opts.Materials = path
	w.Status("material library (used where none is found beside a file): " + path)
	if w.sel != nil {
		w.insp.show(w.sel)
	}
}
