package txd

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/txd"
	"rummage/ui/inspect"
)

// The TXD tab of a dictionary (and the Textures tab of any node whose
// children are textures): a sortable list with thumbnails, and for a TXD
// the dictionary edits; the Grid tab is in grid.go.

// listThumb is the list's thumbnail size in pixels.
const listThumb = 40

func init() {
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "TXD list",
		Order: 18,
		Match: func(n formats.Node) bool { return texChildren(n) != nil },
		Make:  makeDictTab,
	})
}

// listSort is the order the lists were last sorted in: a list made again
// (the dictionary shown again after one of its textures) keeps it. It
// belongs to the UI goroutine.
var listSort struct {
	col  int
	desc bool
}

// dictView is the list tab of one container.
type dictView struct {
	h       inspect.Host
	n       formats.Node
	root    *txd.Root // nil unless n is a TXD (no edits then)
	rows    []*texRow
	table   *widget.Table
	thumbs  *thumbs
	info    *widget.Label
	sortCol int
	desc    bool
	sel     formats.Node // the selected row's node
	cols    []string     // the column titles (listCols)
	content fyne.CanvasObject
	imp     *imageImport // Add image…, From folder…, drops (a TXD only)
}

func makeDictTab(h inspect.Host, n formats.Node) *inspect.Tab {
	v := newDictView(h, n)
	title := lang.X("tab.textures", "Textures")
	if v.root != nil {
		title = "TXD" // the format's name, in every language
	}
	t := &inspect.Tab{Title: title, Content: v.content, Close: v.thumbs.close}
	if v.root != nil {
		t.Drop = v.imp.dropFolder
	}
	return t
}

func newDictView(h inspect.Host, n formats.Node) *dictView {
	v := &dictView{h: h, n: n}
	v.root, _ = n.(*txd.Root)
	v.imp = &imageImport{dict: v, root: v.root, h: h}
	v.thumbs = newThumbs(listThumb, func() { v.table.Refresh() })
	v.rows = texRows(texChildren(n))
	v.cols = listCols()
	if listSort.col >= 0 && listSort.col < len(v.cols) {
		v.sortCol, v.desc = listSort.col, listSort.desc
		sortRows(v.rows, v.sortCol, v.desc)
	}
	v.info = widget.NewLabel("")
	v.info.Truncation = fyne.TextTruncateEllipsis
	v.table = v.newTable()
	v.showInfo()
	top := fyne.CanvasObject(v.info)
	if v.root != nil {
		top = container.NewVBox(v.toolbar(), v.info)
	}
	v.content = container.NewBorder(top, nil, nil, nil, v.table)
	return v
}

// showInfo says how many textures there are and how to use the list.
func (v *dictView) showInfo() {
	s := lang.XN("txd.list.hint", "{{.PluralCount}} textures · click a header to sort", len(v.rows))
	if v.root != nil {
		s += " · " + lang.X("txd.list.edit_hint", "select a row to edit it")
		if v.sel != nil {
			s += " · " + lang.X("txd.list.selected", "selected: {{.Name}}", map[string]any{"Name": formats.SafeName(v.sel)})
		}
	}
	v.info.SetText(s)
}

// reload reads the children again after an edit, keeping the sort.
func (v *dictView) reload() {
	v.rows = texRows(texChildren(v.n))
	sortRows(v.rows, v.sortCol, v.desc)
	if v.rowOf(v.sel) < 0 {
		v.sel = nil
	}
	v.table.Refresh()
	if r := v.rowOf(v.sel); r >= 0 {
		v.table.Select(widget.TableCellID{Row: r, Col: 1})
	}
	v.showInfo()
}

// rowOf is the row showing node n, -1 when none.
func (v *dictView) rowOf(n formats.Node) int {
	for i, r := range v.rows {
		if n != nil && formats.SameNode(r.node, n) {
			return i
		}
	}
	return -1
}

// newTable makes the list: a thumbnail cell and text cells.
func (v *dictView) newTable() *widget.Table {
	t := widget.NewTable(
		func() (int, int) { return len(v.rows), len(v.cols) },
		func() fyne.CanvasObject {
			img := canvas.NewImageFromImage(nil)
			img.FillMode = canvas.ImageFillContain
			img.ScaleMode = canvas.ImageScalePixels
			img.SetMinSize(fyne.NewSize(listThumb, listThumb))
			l := widget.NewLabel("")
			l.Truncation = fyne.TextTruncateEllipsis
			return container.NewStack(img, l)
		},
		v.updateCell)
	t.ShowHeaderRow = true
	t.CreateHeader = func() fyne.CanvasObject {
		b := widget.NewButton("", nil)
		b.Importance = widget.LowImportance
		return b
	}
	t.UpdateHeader = v.updateHeader
	for i, w := range []float32{listThumb + 8, 150, 90, 70, 50, 60, 80, 90} {
		t.SetColumnWidth(i, w)
	}
	t.OnSelected = func(id widget.TableCellID) {
		if id.Row >= 0 && id.Row < len(v.rows) {
			v.sel = v.rows[id.Row].node
			v.showInfo()
		}
	}
	return t
}

func (v *dictView) updateCell(id widget.TableCellID, o fyne.CanvasObject) {
	st := o.(*fyne.Container)
	img, l := st.Objects[0].(*canvas.Image), st.Objects[1].(*widget.Label)
	if id.Row >= len(v.rows) {
		img.Hide()
		l.SetText("")
		return
	}
	r := v.rows[id.Row]
	if id.Col == 0 {
		l.Hide()
		img.Show()
		v.bindThumb(img, r.node)
		return
	}
	img.Hide()
	l.Show()
	mono := id.Col == 2 || id.Col == 4 || id.Col == 7
	if l.TextStyle.Monospace != mono {
		l.TextStyle = fyne.TextStyle{Monospace: mono}
	}
	l.SetText(r.cell(id.Col))
}

// bindThumb shows n's thumbnail in img (queued when not decoded yet).
func (v *dictView) bindThumb(img *canvas.Image, n formats.Node) {
	th := v.thumbs.bind(img, n)
	if img.Image != th {
		img.Image = th
		img.Refresh()
	}
}

func (v *dictView) updateHeader(id widget.TableCellID, o fyne.CanvasObject) {
	b := o.(*widget.Button)
	if id.Col < 0 || id.Col >= len(v.cols) {
		b.SetText("")
		return
	}
	b.SetIcon(nil)
	if id.Col == v.sortCol {
		if v.desc {
			b.SetIcon(theme.MenuDropDownIcon())
		} else {
			b.SetIcon(theme.MenuDropUpIcon())
		}
	}
	title := v.cols[id.Col]
	if id.Col == 0 {
		title = "#"
	}
	b.SetText(title)
	col := id.Col
	b.OnTapped = func() { v.sortBy(col) }
}

// sortBy sorts by a column (again to reverse); column 0 is the
// container's order.
func (v *dictView) sortBy(col int) {
	if v.sortCol == col {
		v.desc = !v.desc
	} else {
		v.sortCol, v.desc = col, false
	}
	listSort.col, listSort.desc = v.sortCol, v.desc
	sortRows(v.rows, v.sortCol, v.desc)
	v.table.UnselectAll()
	v.table.Refresh()
	if r := v.rowOf(v.sel); r >= 0 {
		v.table.Select(widget.TableCellID{Row: r, Col: 1})
	}
}

// ListText is the list as text, one row a line in the shown order (for
// tests and copying).
func (v *dictView) ListText() string {
	s := ""
	for _, r := range v.rows {
		for c := 1; c < len(v.cols); c++ {
			s += fmt.Sprintf("%s\t", r.cell(c))
		}
		s += "\n"
	}
	return s
}
