package ui

import (
	"fmt"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/internal/version"
)

// formatFamily is one row of Help › Formats.
type formatFamily struct {
	family, files, does string
}

// formatFamilies are the file families Rummage reads (docs/formats).
var formatFamilies = []formatFamily{
	{"Parkan NRes archive", "*.lib, *.rlb, *.msh, … (magic NRes)", "browse entries, edit, save losslessly, export"},
	{"Parkan WEAR table", "entries of type WEAR", "rows with the resolved materials, lightmaps"},
	{"Parkan MAT0 material", "entries of type MAT0", "phases, animation blocks, swatch, phase editor; JSON"},
	{"Parkan Texm texture", "entries of type Texm", "image, mips, pages; PNG"},
	{"Parkan MSH model", "nested NRes (*.msh)", "wireframe preview, batches; OBJ or glTF"},
	{"Parkan RsLi archive", "magic NL\\0\\1", "browse entries, export"},
	{"RenderWare TXD", "*.txd: PS2, PC D3D8/D3D9, Xbox", "textures (swizzled, palettised, DXT); PNG"},
	{"GTA IMG archive", "*.img (VER2), *.dir + *.img", "browse entries, export"},
	{"GTA item placement (scene)", "*.ipl: text, and binary NAME_streamN.ipl", "the section placed and textured from the game folder, fly camera, instances; glTF or OBJ"},
	{"GTA item definitions", "*.ide", "sections as tables"},
	{"GTA level list", "gta.dat, default.dat", "the IDE, IPL, IMG and COL files it names"},
	{"X-Ray level", "level (version 4, build 749 first)", "chunks, statistics, visuals and CFORM preview; OBJ or glTF"},
	{"GTA animations", "*.ifp (ANPK, ANLF, ANP2, ANP3)", "motions: bones and keys, played on a skinned or rigid model; glTF"},
	{"X-Ray motions", "*.omf, an OGF's own motions", "motions: bones and keys, played on the model; glTF"},
}

// shortcut is one row of Help › Shortcuts.
type shortcut struct{ keys, does string }

// shortcuts are the keys of the window (menus, tree, preview).
var shortcuts = []shortcut{
	{"Ctrl+O", "Open…"},
	{"Ctrl+S", "Save"},
	{"Ctrl+E", "Export… (the nodes marked for export, or the selected node)"},
	{"Ctrl+W", "Close the selected file"},
	{"Ctrl+Q", "Quit"},
	{"Ctrl+Z", "Undo"},
	{"Ctrl+Shift+Z, Ctrl+Y", "Redo"},
	{"Ctrl+F", "Find (focus the filter)"},
	{"F, + / −, arrows", "Preview (click it first): fit the model, zoom, orbit; drag to orbit, wheel to zoom"},
	{"W A S D, Q E, Shift", "Scene preview (click it first): fly ahead, back, left, right, down, up, faster; drag to look, wheel for speed, F to fly to the selection, a click selects an instance"},
	{"↑ ↓ ← →, Home, End", "Move the selection in the tree; → opens a branch or goes to its first child, ← closes it or goes to the parent"},
	{"Enter", "In the tree: open or close the branch; in the filter: select the first match"},
	{"Esc", "In the filter: clear it and close again the branches it opened"},
	{"Ctrl+click", "Mark or unmark a node for export (Export… then exports every marked node)"},
	{"Shift+click, Shift+↑ ↓", "Mark the rows from the last one selected or clicked"},
	{"Ctrl+A", "Mark every row shown in the tree"},
	{"Right-click", "The node's menu: Export…, Export all nodes of its type, Mark for export, Copy path, Show in hex, Open containing folder"},
}

// helpNotes are the lines under the shortcut table.
const helpNotes = `Filter: words match names (case-insensitive); type:MAT0 matches the type tag, kind:texture the kind.
Drop files or folders on the window to open them; a folder opens every file Rummage recognises in it.
File › Set material library… names the Parkan Material.lib used where none is found beside a file (--materials).
File › Set texture dictionary… names a RenderWare .txd searched last for a DFF model's textures, after the TXD its .ide files name and the TXD of its own name (--txd).`

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
		fyne.NewMenuItem("Formats", h.showFormats),
		fyne.NewMenuItem("Shortcuts", h.showShortcuts),
		fyne.NewMenuItem("About", h.showAbout))
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

// The Help dialog's tabs.
const (
	helpAbout     = "About"
	helpFormats   = "Formats"
	helpShortcuts = "Shortcuts"
)

// newHelpView builds the About, Formats and Shortcuts tabs.
func (h *helpDialog) newHelpView() *helpView {
	v := &helpView{}
	v.about = widget.NewLabel(fmt.Sprintf("Rummage %s\n\n"+
		"A desktop explorer for classic game asset files: Parkan: Iron Strategy (NRes, WEAR, MAT0, Texm, MSH),\n"+
		"RenderWare 3.x texture dictionaries (GTA III, Vice City, San Andreas) and S.T.A.L.K.E.R. prototype levels.\n\n"+
		"Formats are detected by their magic bytes, never by extension alone.\n"+
		"The same program is a command-line tool: rummage ls | info | export | samples (see rummage help).",
		appVersion(h.app)))
	v.about.Wrapping = fyne.TextWrapWord

	v.formats = textTable([]string{"Family", "Files", "Rummage shows and exports"}, []float32{190, 250, 360}, len(formatFamilies),
		func(r, c int) string {
			f := formatFamilies[r]
			return [...]string{f.family, f.files, f.does}[c]
		})
	var names []string
	for _, f := range formats.Registered() {
		names = append(names, f.Name)
	}
	sort.Strings(names)
	registered := widget.NewLabel("Registered readers: " + strings.Join(names, ", "))
	registered.Wrapping = fyne.TextWrapWord

	v.shortcuts = textTable([]string{"Keys", "Does"}, []float32{190, 560}, len(shortcuts),
		func(r, c int) string {
			if c == 0 {
				return shortcuts[r].keys
			}
			return shortcuts[r].does
		})
	notes := widget.NewLabel(helpNotes)
	notes.Wrapping = fyne.TextWrapWord

	v.tabs = container.NewAppTabs(
		container.NewTabItem(helpAbout, container.NewVScroll(v.about)),
		container.NewTabItem(helpFormats, container.NewBorder(nil, registered, nil, nil, v.formats)),
		container.NewTabItem(helpShortcuts, container.NewBorder(nil, notes, nil, nil, v.shortcuts)),
	)
	return v
}

// textTable is a read-only table of text cells with a header row.
func textTable(header []string, widths []float32, rows int, cell func(r, c int) string) *widget.Table {
	t := widget.NewTableWithHeaders(
		func() (int, int) { return rows, len(header) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(id widget.TableCellID, o fyne.CanvasObject) { o.(*widget.Label).SetText(cell(id.Row, id.Col)) })
	t.ShowHeaderColumn = false
	t.CreateHeader = func() fyne.CanvasObject {
		return widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	t.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		if id.Row < 0 && id.Col >= 0 && id.Col < len(header) {
			o.(*widget.Label).SetText(header[id.Col])
		}
	}
	for i, wd := range widths {
		t.SetColumnWidth(i, wd)
	}
	return t
}

// showHelp opens the Help dialog on a tab.
func (h *helpDialog) showHelp(tab string) *helpView {
	v := h.newHelpView()
	for _, ti := range v.tabs.Items {
		if ti.Text == tab {
			v.tabs.Select(ti)
		}
	}
	d := dialog.NewCustom("Rummage help", "Close", v.tabs, h.win)
	d.Resize(dialogSize(h.win, 880, 520))
	d.Show()
	return v
}

// showFormats is Help › Formats.
func (h *helpDialog) showFormats() { h.showHelp(helpFormats) }

// showShortcuts is Help › Shortcuts.
func (h *helpDialog) showShortcuts() { h.showHelp(helpShortcuts) }

// showAbout is Help › About.
func (h *helpDialog) showAbout() { h.showHelp(helpAbout) }
