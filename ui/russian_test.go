package ui

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"rummage/export"
	"rummage/formats"
	"rummage/ui/i18n"
	"rummage/ui/inspect/inspecttest"
	"rummage/ui/widgets"
)

// The window shell in Russian: each test builds what it checks after
// switching the language (strings are made in the language in use) and
// looks for English left in it.

// useRussian switches the window's strings to Russian for one test.
func useRussian(t testing.TB) {
	t.Helper()
	i18n.Use(i18n.Russian)
	t.Cleanup(func() { i18n.Use(i18n.English) })
}

// newRussianWindow is newTestWindow made in Russian.
func newRussianWindow(t testing.TB) *window {
	t.Helper()
	useRussian(t)
	return newTestWindow(t)
}

// latinWord is a word of Latin letters, as English leaves them.
var latinWord = regexp.MustCompile(`\b[A-Za-z][A-Za-z0-9_']+`)

// dataWords are the Latin words a Russian text may hold: the program's and
// the formats' names, type tags, file patterns, keys and units that read
// the same in every language.
var dataWords = []string{
	"Rummage", "Ctrl", "Shift", "Esc", "Enter", "Home", "End", "hex", "type", "kind", "MAT0", "Texm", "texture",
	"NRes", "WEAR", "MSH", "RsLi", "TXD", "PNG", "JSON", "DDS", "TGA", "OBJ", "glTF", "IMG", "DFF", "IDE", "IPL",
	"COL", "PS2", "PC", "Xbox", "DXT", "RenderWare", "GTA", "III", "Vice", "City", "San", "Andreas", "Parkan",
	"Iron", "Strategy", "X-Ray", "Ray", "OGF", "OMF", "ifp", "omf", "ANPK", "ANLF", "ANP2", "ANP3", "LOD", "CFORM",
	"NAME", "mipN", "png", "FILE", "FOLDER", "NODE", "lib", "rlb", "msh", "txd", "img", "dir", "ipl", "ide",
	"dat", "gta", "default", "streamN", "magic", "VER2", "xrLC", "D3D8", "D3D9", "bak", "bak2", "rummage",
	"ls", "info", "export", "samples", "help", "WASD", "materials", "level", "build", "NL",
	"S.T.A.L.K.E.R", "STALKER", "bak3", "mip", "lod", "NAME_mipN", "ASCII", "IFP", "dev", "Material", "NAME_streamN",
}

// pathLike is a file path or a slash-separated pattern in a text: data.
var pathLike = regexp.MustCompile(`\S*/\S*`)

// englishLeft returns the Latin words of text that are not data (nor in a
// path): English a Russian window should not show.
func englishLeft(text string) []string {
	var out []string
	for _, w := range latinWord.FindAllString(pathLike.ReplaceAllString(text, " "), -1) {
		if !slices.Contains(dataWords, w) && !slices.Contains(dataWords, strings.Trim(w, "'")) {
			out = append(out, w)
		}
	}
	return out
}

// checkRussian fails for a text that holds English words; where names
// the text in messages.
func checkRussian(t *testing.T, where, text string) {
	t.Helper()
	if words := englishLeft(text); len(words) > 0 {
		t.Errorf("%s: %q keeps the English %q", where, text, words)
	}
}

// checkMenu checks every entry of a menu and of its submenus, skipping
// those skip names (data: recent file paths).
func checkMenu(t *testing.T, where string, items []*fyne.MenuItem, skip func(*fyne.MenuItem) bool) {
	t.Helper()
	for _, mi := range items {
		if mi.IsSeparator || skip != nil && skip(mi) {
			continue
		}
		checkRussian(t, where+" › "+mi.Label, mi.Label)
		if mi.ChildMenu != nil {
			checkMenu(t, where+" › "+mi.Label, mi.ChildMenu.Items, skip)
		}
	}
}

// Every menu, its entries and the row menu speak Russian in a Russian
// window; the Undo entry names the edit in its Russian form.
func TestMenusInRussian(t *testing.T) {
	w := newRussianWindow(t)
	f, _, _ := addFake(w)
	addRecent(w.app, "/tmp/recent.lib")
	w.opened.rebuildRecent()
	recent := func(mi *fyne.MenuItem) bool { return strings.HasPrefix(mi.Label, "/") }
	var titles []string
	for _, m := range w.menus.main.Items {
		titles = append(titles, m.Label)
		checkMenu(t, m.Label, m.Items, recent)
	}
	if want := []string{"Файл", "Правка", "Вид", "Справка"}; !slices.Equal(titles, want) {
		t.Errorf("the menus are %q, want %q", titles, want)
	}
	w.nav.selectUID(f.uid)
	w.marks.toggle(w.nav.model.items[f.uid])
	it := w.nav.model.items[uidByPath(t, w, "DEFAULT")]
	checkMenu(t, "row menu", w.rows.items(it), nil)
	if got := menuLabels(w.rows.items(it)); !strings.Contains(got, "Экспорт отмеченных (1)…") {
		t.Errorf("the row menu of an unmarked row with a mark elsewhere is %q", got)
	}
}

// A kind is named in the window's language, its type tag as the file has
// it, counted with the language's plural forms; a tag that only repeats
// the kind is left out.
func TestTypeLabelsInRussian(t *testing.T) {
	if got := typeCount(2, formats.KindTexture, "Texm"); got != "2 Texm textures" {
		t.Errorf("English: %q", got)
	}
	if got := typeLabel(formats.KindRaw, ""); got != "raw" {
		t.Errorf("English raw: %q", got)
	}
	useRussian(t)
	for _, c := range []struct {
		got, want string
	}{
		{typeLabel(formats.KindMaterial, "MAT0"), "материал MAT0"},
		{typeLabel(formats.KindWear, "WEAR"), "таблица WEAR"},
		{typeLabel(formats.KindTexture, ""), "текстура"},
		{typeCount(1, formats.KindTexture, "Texm"), "1 текстура Texm"},
		{typeCount(3, formats.KindTexture, "Texm"), "3 текстуры Texm"},
		{typeCount(5, formats.KindTexture, "Texm"), "5 текстур Texm"},
		{typeCount(21, formats.KindMaterial, "MAT0"), "21 материал MAT0"},
		{typeCount(12, formats.KindMesh, ""), "12 сеток"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}

// shownTexts are the texts drawn in o as laid out: labels, buttons,
// titles, place holders.
func shownTexts(o fyne.CanvasObject) []string {
	var out []string
	for _, x := range test.LaidOutObjects(o) {
		if t, ok := x.(*canvas.Text); ok && strings.TrimSpace(t.Text) != "" {
			out = append(out, t.Text)
		}
	}
	return out
}

// hasLetters reports whether s has a letter: a text without one (a
// number, an offset, a time) reads the same in every language.
func hasLetters(s string) bool { return strings.IndexFunc(s, unicode.IsLetter) >= 0 }

// checkShown checks the texts drawn in o, but for those data names (node
// and file names, the readers' own messages) and those without letters.
func checkShown(t *testing.T, where string, o fyne.CanvasObject, data func(string) bool) {
	t.Helper()
	if o == nil {
		t.Fatalf("%s: nothing on show", where)
	}
	texts := shownTexts(o)
	if len(texts) == 0 {
		t.Fatalf("%s: no text on show", where)
	}
	for _, s := range texts {
		if hasLetters(s) && (data == nil || !data(s)) {
			checkRussian(t, where, s)
		}
	}
}

// topDialog is the dialog on top of the window.
func topDialog(t *testing.T, w *window) fyne.CanvasObject {
	t.Helper()
	top := w.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog on show")
	}
	return top
}

// The status bar speaks Russian: the message after opening (with the
// Russian plural), the node's offset, size and problem count, the
// problems dialog and View › Messages.
func TestStatusBarInRussian(t *testing.T) {
	w := newRussianWindow(t)
	addFake(w)
	if got := w.status.msg.Text; got != "открыт 1 файл" {
		t.Errorf("after opening one file the status says %q", got)
	}
	w.nav.selectUID(uidByPath(t, w, "odd"))
	for _, l := range []*widget.Label{&w.status.offset.Label, &w.status.size.Label} {
		checkRussian(t, "status bar", l.Text)
	}
	if got := w.status.size.Text; got != "размер 0x8 (8 Б)" {
		t.Errorf("the size of odd is %q", got)
	}
	if got := w.status.problems.Text; got != "1 проблема" {
		t.Errorf("the problem count of odd is %q", got)
	}
	w.status.showProblems()
	checkShown(t, "problems", topDialog(t, w), func(s string) bool { return strings.HasPrefix(s, "⚠") || s == "Проблемы: odd" })
	w.win.Canvas().Overlays().Top().Hide()
	w.status.Status(lang.XN("open.opened", "opened {{.PluralCount}} files", 5))
	v := w.status.showMessages()
	checkShown(t, "messages", topDialog(t, w), nil)
	if got := v.rows[len(v.rows)-1].Text; !strings.HasSuffix(got, "открыто 5 файлов") {
		t.Errorf("the last message is %q", got)
	}
}

// The filter box, the export marks and Undo say what they did in Russian.
func TestTreeCommandsInRussian(t *testing.T) {
	w := newRussianWindow(t)
	f, _, _ := addFake(w)
	if got := w.filter.PlaceHolder; got != "фильтр: имя, type:MAT0, kind:texture" {
		t.Errorf("the filter's place holder is %q", got)
	}
	w.filter.SetText("water")
	if got := w.status.msg.Text; got != "найдено: 2" {
		t.Errorf("the filter says %q", got)
	}
	w.filter.SetText("")
	w.marks.toggle(w.nav.model.items[f.uid])
	if got := w.status.msg.Text; got != "1 узел отмечен для экспорта — Экспорт… (Ctrl+E) выгрузит его" {
		t.Errorf("one mark: %q", got)
	}
	w.marks.markAll()
	checkRussian(t, "marks", w.status.msg.Text)
	w.edits.undoEdit()
	if got := w.status.msg.Text; got != "нечего отменять" {
		t.Errorf("Undo without edits says %q", got)
	}
}

// Closing a file with edits asks in Russian, and the Russian answers work;
// saving and closing say so in Russian.
func TestUnsavedQuestionInRussian(t *testing.T) {
	useRussian(t)
	path, _ := diskLib(t, t.TempDir(), "ask.lib", "before")
	w := openLib(t, path)
	editText(t, w, "after")
	pressShortcut(t, w, "CustomDesktop:Control+W")
	texts := shownTexts(topDialog(t, w))
	want := "В ask.lib есть несохранённые правки. Сохранить их перед закрытием?"
	if !slices.Contains(texts, want) || !slices.Contains(texts, "Несохранённые правки") {
		t.Errorf("the question shows %q", texts)
	}
	checkShown(t, "unsaved edits", topDialog(t, w), func(s string) bool { return s == want })
	tapInTop(t, w, "Сохранить")
	if got := libText(t, path); got != "after" || len(w.opened.files) != 0 {
		t.Errorf("Сохранить: the file has %q, %d files open", got, len(w.opened.files))
	}
	if got := w.status.msg.Text; got != "закрыт ask.lib" {
		t.Errorf("after closing the status says %q", got)
	}
	if got := unsavedQuestion([]*openFile{{name: "a"}, {name: "b"}, {name: "c"}}, true); got != "В 3 файлах есть несохранённые правки. Сохранить их перед выходом?" {
		t.Errorf("quitting with three files asks %q", got)
	}
}

// Export… in Russian: the dialog, the question about an existing file,
// the end of an export with failures, and Export all of a type.
func TestExportInRussian(t *testing.T) {
	w := newRussianWindow(t)
	addFake(w)
	w.nav.selectUID(uidByPath(t, w, "WATER_M"))
	v := w.exporter.exportAs(w.nav.current().node, "")
	dir := v.dir.Text
	data := func(s string) bool {
		return slices.Contains(export.Formats, s) || s == dir || strings.Contains(s, "WATER_M")
	}
	checkShown(t, "Export…", topDialog(t, w), data)
	v.dlg.Hide()

	q := w.exporter.showExistsQuestion("/tmp/WATER_M.json", make(chan existsAnswer, 1), func() {})
	checkShown(t, "the file exists", topDialog(t, w), func(s string) bool { return s == q.file })
	q.dlg.Hide()

	w.exporter.exportFinished("/tmp/out", exportOutcome{written: []string{"/tmp/out/a.png"}, skipped: []string{"/tmp/out/b.png", "/tmp/out/c.png"},
		failures: []export.Failure{{Path: "bad", Err: errFake}}})
	if got := w.status.msg.Text; got != "✕ экспортировано в /tmp/out: 1 файл (пропущено 2 существующих файла); не удалось: 1 узел" {
		t.Errorf("the end of the export says %q", got)
	}
	if got := w.status.action.Text; got != "Открыть папку" {
		t.Errorf("the status action is %q", got)
	}
	checkShown(t, "export failures", topDialog(t, w), func(s string) bool { return strings.HasPrefix(s, "• bad") })
	w.win.Canvas().Overlays().Top().Hide()

	w.filter.SetText("type:Texm")
	w.exporter.exportAllOfType(w.nav.model.items[uidByPath(t, w, "textures/brick")])
	texts := shownTexts(topDialog(t, w))
	if !slices.Contains(texts, "найдено фильтром: 2 текстуры Texm") {
		t.Errorf("Export all of a type under a filter shows %q", texts)
	}
}

// The inspector's frame in Russian: the welcome text, the Overview and Hex
// tabs (still picked by their English titles), the header facts, the
// broken card, the Overview's labels of known fact names (unknown names
// and every value as they are) and the Hex tab's controls.
func TestInspectorFrameInRussian(t *testing.T) {
	w := newRussianWindow(t)
	checkShown(t, "welcome", w.insp.body, nil)
	addFake(w)
	w.nav.tree.OpenBranch(uidByPath(t, w, "textures"))
	w.nav.selectUID(uidByPath(t, w, "textures"))
	if got := tabTitles(w.insp); !slices.Equal(got[len(got)-2:], []string{"Обзор", "Байты"}) {
		t.Errorf("the tabs are %q", got)
	}
	if err := w.insp.selectTabPath("Overview"); err != nil || w.insp.tabOnShow() != "Обзор" {
		t.Errorf("--tab Overview in Russian: %v, %q", err, w.insp.tabOnShow())
	}
	if got := w.insp.facts.Text; got != "архив · 2 дочерних узла" {
		t.Errorf("the header of textures is %q", got)
	}
	w.nav.selectUID(uidByPath(t, w, "bad"))
	if got := w.insp.problem.Text; !strings.HasPrefix(got, "Сломан: ") {
		t.Errorf("the broken card says %q", got)
	}
	if got := w.insp.facts.Text; !strings.HasSuffix(got, " · сломан") {
		t.Errorf("the header of a broken node is %q", got)
	}
	for key, want := range map[string]string{"name": "имя", "phases[2].texture": "фазы[2].текстура", "rwVersion": "версия RW",
		"wibble[3].size": "wibble[3].размер", "…": "…"} {
		if got := factLabel(key); got != want {
			t.Errorf("factLabel(%q) = %q, want %q", key, got, want)
		}
	}
	ov := newOverview(w.app, w.status, map[string]any{"width": 64, "name": "brick", "x": map[string]any{"offset": 300}}, nil, nil)
	win := test.NewWindow(ov)
	defer win.Close()
	win.Resize(fyne.NewSize(800, 400))
	if texts := shownTexts(win.Content()); !slices.Contains(texts, "3 свойства · щёлкните ячейку, чтобы скопировать её") {
		t.Errorf("the Overview's bar shows %q", texts)
	}
	table := inspecttest.Find[*widget.Table](ov)[0]
	var cells []string
	for r := range 3 {
		for c := range 2 {
			l := table.CreateCell().(*widget.Label)
			table.UpdateCell(widget.TableCellID{Row: r, Col: c}, l)
			cells = append(cells, l.Text)
		}
	}
	if want := []string{"имя", "brick", "ширина", "64", "x.смещение", "300 (0x12C)"}; !slices.Equal(cells, want) {
		t.Errorf("the Overview shows %q, want %q", cells, want)
	}
	w.nav.selectUID(uidByPath(t, w, "WATER_M"))
	w.insp.showHexAt(0x100)
	checkShown(t, "Hex", w.insp.hex.content, func(s string) bool { return !strings.Contains(s, "Смещение") && strings.HasPrefix(s, "0") })
	if got := w.status.msg.Text; got != "строка 0x100 (узел +0x0)" {
		t.Errorf("a hex row selected says %q", got)
	}
}

// Help in Russian: every tab, its tables (format names and file patterns
// are data), the readers line and the notes; a tab is still opened by its
// English title.
func TestHelpInRussian(t *testing.T) {
	w := newRussianWindow(t)
	var names []string
	for _, f := range formats.Registered() {
		names = append(names, strings.Split(f.Name, "-")...)
	}
	readers := func(s string) bool { // the readers' names, as the label wraps them
		s = strings.TrimPrefix(s, "Зарегистрированные читатели: ")
		for _, w := range latinWord.FindAllString(s, -1) {
			if !slices.Contains(names, w) {
				return false
			}
		}
		return true
	}
	for _, tab := range []string{helpAbout, helpFormats, helpShortcuts} {
		v := w.help.showHelp(tab)
		if !i18n.Names(v.tabs.Selected().Text, tab) || v.tabs.Selected().Text == tab {
			t.Errorf("showHelp(%s) selected %q", tab, v.tabs.Selected().Text)
		}
		checkShown(t, "Help › "+tab, topDialog(t, w), readers)
		for _, tb := range []*widget.Table{v.formats, v.shortcuts} {
			for _, cell := range strings.Split(strings.TrimSpace(shown(t, tb)), "\n") {
				if hasLetters(cell) && !strings.HasPrefix(cell, "*.") && !strings.Contains(cell, "Ctrl+") &&
					!slices.Contains([]string{"RenderWare TXD", "gta.dat, default.dat", "W A S D, Q E, Shift", "Enter", "Esc"}, cell) {
					checkRussian(t, "Help › "+tab+" table", cell)
				}
			}
		}
		w.win.Canvas().Overlays().Top().Hide()
	}
}

// Settings in Russian, with the language row: picking Русский is kept for
// the next start and says so; the theme and the texture background are
// picked by their Russian labels and stored by their names.
func TestSettingsInRussian(t *testing.T) {
	w := newRussianWindow(t)
	t.Cleanup(func() { widgets.SetTextureBackground("") })
	v := w.view.showSettings()
	checkShown(t, "Settings", topDialog(t, w), func(s string) bool { return s == "English" }) // the language in its own name
	if v.language.Radio.Selected != "Системный" || v.theme.Selected != "Системная" {
		t.Errorf("a new Settings selects %q, %q", v.language.Radio.Selected, v.theme.Selected)
	}
	v.language.Radio.SetSelected("English")
	if i18n.Stored(w.app.Preferences()) != i18n.English || !v.language.Note.Visible() {
		t.Errorf("English: stored %q, note shown %v", i18n.Stored(w.app.Preferences()), v.language.Note.Visible())
	}
	if i18n.Current() != i18n.Russian {
		t.Error("the choice changed the language of the open window")
	}
	v.theme.SetSelected("Тёмная")
	if themePref(w.app) != "dark" {
		t.Errorf("Тёмная stored the theme %q", themePref(w.app))
	}
	v.background.SetSelected("чёрный")
	if got := w.app.Preferences().String(prefTexBackground); got != "black" {
		t.Errorf("чёрный stored the background %q", got)
	}
	if !w.view.bgMenu.Items[2].Checked || w.view.bgMenu.Items[2].Label != "чёрный" {
		t.Errorf("View › Texture background ticks %+v", w.view.bgMenu.Items[2])
	}
	v.backups.SetSelected(backupLabels()[formats.BackupEvery])
	if saveOptions(w.app).Backups != formats.BackupEvery {
		t.Error("the Russian backup choice is not kept")
	}
	if again := w.view.newSettingsView(); again.language.Radio.Selected != "English" || again.theme.Selected != "Тёмная" {
		t.Errorf("Settings again selects %q, %q", again.language.Radio.Selected, again.theme.Selected)
	}
	w.win.Canvas().Overlays().Top().Hide()
	w.view.setTheme("system")
}
