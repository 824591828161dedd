package ui

import (
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/internal/version"
	"rummage/ui/i18n"
)

// formatFamily is one row of Help › Formats.
type formatFamily struct {
	family, files, does string
}

// formatFamilies are the file families Rummage reads (docs/formats).
func formatFamilies() []formatFamily {
	return []formatFamily{
		{lang.X("help.family.nres", "Parkan NRes archive"), lang.X("help.files.nres", "*.lib, *.rlb, *.msh, … (magic NRes)"),
			lang.X("help.does.nres", "browse entries, edit, save losslessly, export")},
		{lang.X("help.family.wear", "Parkan WEAR table"), lang.X("help.files.wear", "entries of type WEAR"),
			lang.X("help.does.wear", "rows with the resolved materials, lightmaps")},
		{lang.X("help.family.mat0", "Parkan MAT0 material"), lang.X("help.files.mat0", "entries of type MAT0"),
			lang.X("help.does.mat0", "phases, animation blocks, swatch, phase editor; JSON")},
		{lang.X("help.family.texm", "Parkan Texm texture"), lang.X("help.files.texm", "entries of type Texm"),
			lang.X("help.does.texm", "image, mips, pages; PNG")},
		{lang.X("help.family.msh", "Parkan MSH model"), lang.X("help.files.msh", "nested NRes (*.msh)"),
			lang.X("help.does.msh", "wireframe preview, batches; OBJ or glTF")},
		{lang.X("help.family.rsli", "Parkan RsLi archive"), lang.X("help.files.rsli", "magic NL\\0\\1"),
			lang.X("help.does.rsli", "browse entries, export")},
		{"RenderWare TXD", "*.txd: PS2, PC D3D8/D3D9, Xbox", lang.X("help.does.txd", "textures (swizzled, palettised, DXT); PNG")},
		{lang.X("help.family.img", "GTA IMG archive"), "*.img (VER2), *.dir + *.img", lang.X("help.does.img", "browse entries, export")},
		{lang.X("help.family.ipl", "GTA item placement (scene)"), lang.X("help.files.ipl", "*.ipl: text, and binary NAME_streamN.ipl"),
			lang.X("help.does.ipl", "the section placed and textured from the game folder, fly camera, instances; glTF or OBJ")},
		{lang.X("help.family.ide", "GTA item definitions"), "*.ide", lang.X("help.does.ide", "sections as tables")},
		{lang.X("help.family.dat", "GTA level list"), "gta.dat, default.dat", lang.X("help.does.dat", "the IDE, IPL, IMG and COL files it names")},
		{lang.X("help.family.xray_level", "X-Ray level"), lang.X("help.files.xray_level", "level (version 4, build 749 first)"),
			lang.X("help.does.xray_level", "chunks, statistics, visuals and CFORM preview; OBJ or glTF")},
		{lang.X("help.family.ifp", "GTA animations"), "*.ifp (ANPK, ANLF, ANP2, ANP3)",
			lang.X("help.does.ifp", "motions: bones and keys, played on a skinned or rigid model; glTF")},
		{lang.X("help.family.omf", "X-Ray motions"), lang.X("help.files.omf", "*.omf, an OGF's own motions"),
			lang.X("help.does.omf", "motions: bones and keys, played on the model; glTF")},
	}
}

// shortcut is one row of Help › Shortcuts.
type shortcut struct{ keys, does string }

// shortcuts are the keys of the window (menus, tree, preview).
func shortcuts() []shortcut {
	return []shortcut{
		{"Ctrl+O", lang.X("menu.file.open", "Open…")},
		{"Ctrl+S", lang.X("menu.file.save", "Save")},
		{"Ctrl+E", lang.X("help.keys.export", "Export… (the nodes marked for export, or the selected node)")},
		{"Ctrl+W", lang.X("help.keys.close", "Close the selected file")},
		{"Ctrl+Q", lang.X("menu.file.quit", "Quit")},
		{"Ctrl+Z", lang.X("menu.edit.undo", "Undo")},
		{"Ctrl+Shift+Z, Ctrl+Y", lang.X("menu.edit.redo", "Redo")},
		{"Ctrl+F", lang.X("help.keys.find", "Find (focus the filter)")},
		{lang.X("help.key.preview", "F, + / −, arrows"),
			lang.X("help.keys.preview", "Preview (click it first): fit the model, zoom, orbit; drag to orbit, wheel to zoom")},
		{"W A S D, Q E, Shift", lang.X("help.keys.scene",
			"Scene preview (click it first): fly ahead, back, left, right, down, up, faster; drag to look, wheel for speed, F to fly to the selection, a click selects an instance")},
		{"↑ ↓ ← →, Home, End", lang.X("help.keys.tree",
			"Move the selection in the tree; → opens a branch or goes to its first child, ← closes it or goes to the parent")},
		{"Enter", lang.X("help.keys.enter", "In the tree: open or close the branch; in the filter: select the first match")},
		{"Esc", lang.X("help.keys.esc", "In the filter: clear it and close again the branches it opened")},
		{lang.X("help.key.mark", "Ctrl+click"),
			lang.X("help.keys.mark", "Mark or unmark a node for export (Export… then exports every marked node)")},
		{lang.X("help.key.range", "Shift+click, Shift+↑ ↓"), lang.X("help.keys.range", "Mark the rows from the last one selected or clicked")},
		{"Ctrl+A", lang.X("help.keys.all", "Mark every row shown in the tree")},
		{lang.X("help.key.menu", "Right-click"), lang.X("help.keys.menu",
			"The node's menu: Export…, Export all nodes of its type, Mark for export, Copy path, Show in hex, Open containing folder")},
	}
}

// helpNotes are the lines under the shortcut table.
func helpNotes() string {
	return lang.X("help.notes", `Filter: words match names (case-insensitive); type:MAT0 matches the type tag, kind:texture the kind.
Drop files or folders on the window to open them; a folder opens every file Rummage recognises in it.
File › Set material library… names the Parkan Material.lib used where none is found beside a file (--materials).
File › Set texture dictionary… names a RenderWare .txd searched last for a DFF model's textures, after the TXD its .ide files name and the TXD of its own name (--txd).`)
}

// helpView is the Help dialog's content (fields for tests).
type helpView struct {
	tabs      *container.AppTabs
	formats   *widget.Table
	shortcuts *widget.Table
	about     *widget.Label
}

// helpDialog is the Help menu: Formats, Shortcuts and About, the tabs of
// one dialog.
type helpDialog struct {
	app fyne.App // the version
	win fyne.Window
}

// addMenus registers Help › Formats, Shortcuts and About.
func (h *helpDialog) addMenus(b *menuBar) {
	b.add(helpTopics,
		fyne.NewMenuItem(lang.X("menu.help.formats", "Formats"), h.showFormats),
		fyne.NewMenuItem(lang.X("menu.help.shortcuts", "Shortcuts"), h.showShortcuts),
		fyne.NewMenuItem(lang.X("menu.help.about", "About"), h.showAbout))
}

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

// The Help dialog's tabs, by their English titles.
const (
	helpAbout     = "About"
	helpFormats   = "Formats"
	helpShortcuts = "Shortcuts"
)

// newHelpView builds the About, Formats and Shortcuts tabs.
func (h *helpDialog) newHelpView() *helpView {
	v := &helpView{}
	v.about = widget.NewLabel(lang.X("help.about", `Rummage {{.Version}}

A desktop explorer for classic game asset files: Parkan: Iron Strategy (NRes, RsLi, WEAR, MAT0, Texm, MSH),
RenderWare 3.x files of GTA III, Vice City and San Andreas (TXD, DFF, IMG, COL, IFP, IPL, IDE)
and S.T.A.L.K.E.R. levels, OGF models and OMF motions.

Formats are detected by their magic bytes, never by extension alone.
The same program is a command-line tool: rummage ls | info | export | samples (see rummage help).`,
		map[string]any{"Version": appVersion(h.app)}))
	v.about.Wrapping = fyne.TextWrapWord

	families := formatFamilies()
	header := []string{lang.X("help.column.family", "Family"), lang.X("help.column.files", "Files"),
		lang.X("help.column.does", "Rummage shows and exports")}
	v.formats = textTable(header, []float32{230, 230, 360}, len(families),
		func(r, c int) string {
			f := families[r]
			return [...]string{f.family, f.files, f.does}[c]
		})
	var names []string
	for _, f := range formats.Registered() {
		names = append(names, f.Name)
	}
	sort.Strings(names)
	registered := widget.NewLabel(lang.X("help.readers", "Registered readers: {{.Names}}", map[string]any{"Names": strings.Join(names, ", ")}))
	registered.Wrapping = fyne.TextWrapWord

	keys := shortcuts()
	v.shortcuts = textTable([]string{lang.X("help.column.keys", "Keys"), lang.X("help.column.action", "Does")}, []float32{190, 560}, len(keys),
		func(r, c int) string {
			if c == 0 {
				return keys[r].keys
			}
			return keys[r].does
		})
	notes := widget.NewLabel(helpNotes())
	notes.Wrapping = fyne.TextWrapWord

	v.tabs = container.NewAppTabs(
		container.NewTabItem(lang.X("help.tab.about", "About"), container.NewVScroll(v.about)),
		container.NewTabItem(lang.X("help.tab.formats", "Formats"), container.NewBorder(nil, registered, nil, nil, v.formats)),
		container.NewTabItem(lang.X("help.tab.shortcuts", "Shortcuts"), container.NewBorder(nil, notes, nil, nil, v.shortcuts)),
	)
	return v
}

// showHelp opens the Help dialog on a tab (named in English or in the
// window's language).
func (h *helpDialog) showHelp(tab string) *helpView {
	v := h.newHelpView()
	for _, ti := range v.tabs.Items {
		if i18n.Names(ti.Text, tab) {
			v.tabs.Select(ti)
		}
	}
	d := dialog.NewCustom(lang.X("help.title", "Rummage help"), lang.X("action.close", "Close"), v.tabs, h.win)
	d.Resize(fyne.NewSize(880, 520))
	d.Show()
	return v
}

// showFormats is Help › Formats.
func (h *helpDialog) showFormats() { h.showHelp(helpFormats) }

// showShortcuts is Help › Shortcuts.
func (h *helpDialog) showShortcuts() { h.showHelp(helpShortcuts) }

// showAbout is Help › About.
func (h *helpDialog) showAbout() { h.showHelp(helpAbout) }
