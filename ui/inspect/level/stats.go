// Package level is the X-Ray level inspector: the Statistics tab of a
// level, the Table tab of its record chunks and vertex buffers, and the
// header facts of level nodes.
package level

import (
	"fmt"
	"image/color"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/xrlevel"
	"rummage/ui/count"
	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

func init() {
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "Statistics",
		Order: 10,
		Match: func(n formats.Node) bool {
			_, ok := n.(*xrlevel.LevelNode)
			return ok
		},
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			return &inspect.Tab{Title: lang.X("tab.statistics", "Statistics"), Content: newLevelStatsTab(h, n.(*xrlevel.LevelNode))}
		},
	})
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "Table",
		Order: 10,
		Match: func(n formats.Node) bool {
			if c, ok := n.(*xrlevel.ChunkNode); ok {
				return c.Kind() == formats.KindTable
			}
			_, ok := n.(xrlevel.Tabler)
			return ok
		},
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			t := n.(xrlevel.Tabler).Table()
			return &inspect.Tab{Title: lang.X("tab.table", "Table"), Content: newLevelRecordTable(t)}
		},
	})
}

// newLevelStatsTab shows the level's statistics; a level not decoded yet
// is decoded in the background and shown when ready.
func newLevelStatsTab(h inspect.Host, n *xrlevel.LevelNode) fyne.CanvasObject {
	show := func(st *xrlevel.Stats, err error) fyne.CanvasObject {
		if err != nil {
			l := widget.NewLabel(lang.X("level.decode_failed", "The level could not be decoded: {{.Error}}", map[string]any{"Error": err}))
			l.Importance = widget.DangerImportance
			l.Wrapping = fyne.TextWrapWord
			return l
		}
		return levelStatsView(h, n, st)
	}
	if n.Decoded() {
		return show(n.Stats())
	}
	return inspect.Load(lang.X("level.decoding", "Decoding the level…"), n.Stats, show)
}

// levelStatsView lays out the statistics: totals on top, then sub-tabs
// for chunks, sectors, textures, shaders and diagnostics, each with a table
// and (for chunks and sectors) a levelBar chart under it, and the record
// tables of the lights, glows and portals.
func levelStatsView(h inspect.Host, n *xrlevel.LevelNode, st *xrlevel.Stats) fyne.CanvasObject {
	title := lang.X("level.title", "X-Ray level, xrLC version {{.Version}}", map[string]any{"Version": st.Version})
	if st.Description != "" {
		title += " — " + st.Description
	}
	titleLabel := widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	titleLabel.Truncation = fyne.TextTruncateEllipsis
	head := container.NewVBox(titleLabel, totalsGrid(st.Totals))

	tabs := container.NewAppTabs(
		container.NewTabItem(lang.X("level.tab.chunks", "Chunks"), chunksTab(h, n, st)),
		container.NewTabItem(lang.X("level.tab.sectors", "Sectors"), sectorsTab(h, n, st)),
		container.NewTabItem(lang.X("level.tab.textures", "Textures"), texturesTab(h, n, st)),
		container.NewTabItem(lang.X("level.tab.shaders", "Shaders"), usageTable(h, n, st.Shaders)),
		container.NewTabItem(lang.X("level.tab.diagnostics", "Diagnostics ({{.Count}})", map[string]any{"Count": len(st.Diagnostics)}),
			diagnosticsTab(h, n, st)),
	)
	// The record tables of the lights, glows and portals chunks.
	for _, chunk := range []struct{ name, title string }{
		{xrlevel.NameLights, lang.X("level.tab.lights", "Lights")},
		{xrlevel.NameGlows, lang.X("level.tab.glows", "Glows")},
		{xrlevel.NamePortals, lang.X("level.tab.portals", "Portals")},
	} {
		c, err := formats.Resolve(n, chunk.name)
		if err != nil {
			continue
		}
		if tb, ok := c.(xrlevel.Tabler); ok {
			tabs.Append(container.NewTabItem(chunk.title, newLevelRecordTable(tb.Table())))
		}
	}
	return container.NewBorder(head, nil, nil, nil, tabs)
}

// totalsGrid shows the level's totals in four compact columns of "value
// name" pairs: narrow enough for the inspector at 1024×640, and plain
// text rows (a label's padding made the three rows take the room of the
// chunk table's rows).
func totalsGrid(t xrlevel.Totals) fyne.CanvasObject {
	// The words after the figures agree with them (lang.XN): "1 visual",
	// "18 visuals", "18 визуалов".
	totals := []struct {
		v int
		k string
	}{
		{t.Visuals, lang.XN("level.total.visuals", "visuals", t.Visuals)},
		{t.Vertices, lang.XN("level.total.vertices", "vertices", t.Vertices)},
		{t.VisualTriangles, lang.XN("level.total.triangles", "triangles", t.VisualTriangles)},
		{t.CFormVertices, lang.XN("level.total.cform_vertices", "CFORM verts", t.CFormVertices)},
		{t.CFormTriangles, lang.XN("level.total.cform_triangles", "CFORM tris", t.CFormTriangles)},
		{t.Sectors, lang.XN("level.total.sectors", "sectors", t.Sectors)},
		{t.Portals, lang.XN("level.total.portals", "portals", t.Portals)},
		{t.Lights, lang.XN("level.total.lights", "lights", t.Lights)},
		{t.Glows, lang.XN("level.total.glows", "glows", t.Glows)},
		{t.Textures, lang.XN("level.total.textures", "textures", t.Textures)},
		{t.Shaders, lang.XN("level.total.shaders", "shaders", t.Shaders)},
		{t.VertexBuffers, lang.XN("level.total.vertex_buffers", "vert. buffers", t.VertexBuffers)},
	}
	grid := container.NewGridWithColumns(4)
	fg := theme.Color(theme.ColorNameForeground)
	for _, x := range totals {
		v := canvas.NewText(strconv.Itoa(x.v), fg)
		v.TextStyle.Bold = true
		grid.Add(container.NewHBox(v, canvas.NewText(x.k, fg))) // "18 visuals"
	}
	in := theme.InnerPadding()
	return container.New(layout.NewCustomPaddedLayout(0, in/2, in, in), grid)
}

// chunksTab is the chunk table over the chart of stored and unpacked bytes.
func chunksTab(h inspect.Host, n *xrlevel.LevelNode, st *xrlevel.Stats) fyne.CanvasObject {
	rows := make([][]string, len(st.Chunks))
	var bars []levelBar
	for i, c := range st.Chunks {
		items := ""
		if c.Items >= 0 {
			items = strconv.Itoa(c.Items)
		}
		comp := ""
		if c.Compressed {
			comp = lang.X("level.chunk.compressed_yes", "yes")
		}
		rows[i] = []string{fmt.Sprintf("0x%X", c.ID), c.Name, fmt.Sprintf("0x%X", c.Offset), strconv.FormatInt(c.Size, 10),
			comp, strconv.FormatInt(c.Unpacked, 10), items, c.Error}
		bars = append(bars, levelBar{label: c.Name, value: float64(c.Size), second: float64(c.Unpacked)})
	}
	table := newLevelTable([]string{lang.X("level.column.chunk_id", "id"), lang.X("level.column.name", "name"),
		lang.X("level.column.offset", "offset"), lang.X("level.column.size", "size"),
		lang.X("level.column.compressed", "compressed"), lang.X("level.column.unpacked", "unpacked"),
		lang.X("level.column.items", "items"), lang.X("level.column.error", "error")},
		rows, func(row int) {
			levelSelectChild(h, n, strings.SplitN(st.Chunks[row].Name, " (", 2)[0])
		})
	chart := newLevelBarChart(lang.X("level.chart.chunks", "bytes per chunk (stored ■, unpacked □)"), bars, levelFormatBytes)
	return tableOverChart(table, len(rows), chart)
}

// sectorsTab is the sector table over the chart of triangles per sector.
func sectorsTab(h inspect.Host, n *xrlevel.LevelNode, st *xrlevel.Stats) fyne.CanvasObject {
	rows := make([][]string, len(st.Sectors))
	var bars []levelBar
	for i, s := range st.Sectors {
		visuals := strconv.Itoa(s.Visuals)
		if s.Partial {
			visuals += "+ (" + lang.X("level.sector.cut", "cut") + ")" // the hierarchy walks hit their cap
		}
		rows[i] = []string{strconv.Itoa(s.Index), strconv.Itoa(s.Root), visuals, strconv.Itoa(s.Triangles),
			strconv.Itoa(s.Vertices), strconv.Itoa(s.Portals), strconv.Itoa(s.Lights), strconv.Itoa(s.Glows),
			strconv.Itoa(s.Occluders), strconv.Itoa(s.CFormTris), strings.Join(s.Textures, ", ")}
		bars = append(bars, levelBar{label: lang.X("level.chart.sector", "sector {{.Index}}", map[string]any{"Index": s.Index}),
			value: float64(s.Triangles), second: float64(s.CFormTris),
			color: xrlevel.SectorColor(s.Index)})
	}
	table := newLevelTable([]string{lang.X("level.column.sector", "sector"), lang.X("level.column.root", "root"),
		lang.X("level.column.visuals", "visuals"), lang.X("level.column.triangles", "triangles"),
		lang.X("level.column.vertices", "vertices"), lang.X("level.column.portals", "portals"),
		lang.X("level.column.lights", "lights"), lang.X("level.column.glows", "glows"),
		lang.X("level.column.occluders", "occluders"), lang.X("level.column.cform_triangles", "CFORM tris"),
		lang.X("level.column.textures", "textures")},
		rows, func(row int) {
			levelSelectChild(h, n, "sectors", strconv.Itoa(st.Sectors[row].Index))
		})
	chart := newLevelBarChart(lang.X("level.chart.sectors", "triangles per sector (visuals ■, CFORM □)"), bars,
		func(v float64) string { return strconv.Itoa(int(v)) })
	return tableOverChart(table, len(rows), chart)
}

// tableOverChart splits a table of rows rows and its chart: the table
// starts as tall as its rows (at most 70% of the tab), the user drags the
// divider.
func tableOverChart(table *widget.Table, rows int, chart fyne.CanvasObject) fyne.CanvasObject {
	rowH := widgets.RowHeight()
	return widgets.NewFitSplit(table, container.NewVScroll(chart), float32(rows+2)*rowH, 0.7)
}

// usageTable lists textures or shaders with the visuals that use them.
func usageTable(h inspect.Host, n *xrlevel.LevelNode, list []xrlevel.Usage) fyne.CanvasObject {
	rows := make([][]string, len(list))
	for i, u := range list {
		vs := make([]string, 0, len(u.Visuals))
		for k, v := range u.Visuals {
			if k == 200 {
				vs = append(vs, "…")
				break
			}
			vs = append(vs, strconv.Itoa(v))
		}
		gs := make([]string, len(u.Glows))
		for k, g := range u.Glows {
			gs[k] = strconv.Itoa(g)
		}
		rows[i] = []string{strconv.Itoa(u.Index), u.Name, strconv.Itoa(len(u.Visuals)), strings.Join(vs, " "), strings.Join(gs, " ")}
	}
	return newLevelTable([]string{lang.X("level.column.index", "index"), lang.X("level.column.name", "name"),
		lang.X("level.column.uses", "uses"), lang.X("level.column.visuals", "visuals"),
		lang.X("level.column.glows", "glows")}, rows, func(row int) {
		if len(list[row].Visuals) > 0 {
			levelSelectChild(h, n, "visuals", strconv.Itoa(list[row].Visuals[0]))
		}
	})
}

// texturesTab lists the textures chunk's textures; a version 12+ level
// has no such chunk (its shaders name the textures): the tab says so and
// lists the textures its shaders name.
func texturesTab(h inspect.Host, n *xrlevel.LevelNode, st *xrlevel.Stats) fyne.CanvasObject {
	if st.Version < 12 {
		return usageTable(h, n, st.Textures)
	}
	note := widget.NewLabel(lang.XN("level.textures.from_shaders",
		"A version {{.Version}} level has no textures chunk: each shader names its textures (\"shader/texture,lightmap\"). These {{.PluralCount}} textures are listed from the shaders, with the visuals whose shader names them.",
		len(st.ShaderTextures), map[string]any{"Version": st.Version, "PluralCount": len(st.ShaderTextures)}))
	note.Wrapping = fyne.TextWrapWord
	return container.NewBorder(note, nil, nil, nil, usageTable(h, n, st.ShaderTextures))
}

// diagnosticsTab lists the findings; selecting one selects the node it is
// about.
func diagnosticsTab(h inspect.Host, n *xrlevel.LevelNode, st *xrlevel.Stats) fyne.CanvasObject {
	if len(st.Diagnostics) == 0 {
		return container.NewCenter(widget.NewLabel(lang.X("level.no_findings", "No findings: every check of the validation list passed.")))
	}
	rows := make([][]string, len(st.Diagnostics))
	for i, d := range st.Diagnostics {
		off := ""
		if d.Off >= 0 {
			off = fmt.Sprintf("0x%X", d.Off)
		}
		rows[i] = []string{off, d.Msg}
	}
	return newLevelTable([]string{lang.X("level.column.offset", "offset"), lang.X("level.column.finding", "finding")}, rows, func(row int) {
		if p := st.Diagnostics[row].Path; p != "" {
			levelSelectChild(h, n, p)
		}
	})
}

// levelSelectChild selects the node at the child path below n, if it resolves.
func levelSelectChild(h inspect.Host, n formats.Node, path ...string) {
	if h == nil {
		return
	}
	c, err := formats.Resolve(n, strings.Join(path, "/"))
	if err != nil {
		h.Status(err.Error())
		return
	}
	h.SelectNode(c)
}

func levelFormatBytes(v float64) string { return count.Size(int64(v)) }

// newLevelTable is a read-only table with a header row, its columns as
// wide as their content; onSelect, when set, is called with the selected
// row.
func newLevelTable(cols []string, rows [][]string, onSelect func(row int)) *widget.Table {
	tb := widget.NewTableWithHeaders(
		func() (int, int) { return len(rows), len(cols) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			l := o.(*widget.Label)
			if id.Row < len(rows) && id.Col < len(rows[id.Row]) {
				l.SetText(rows[id.Row][id.Col])
			} else {
				l.SetText("")
			}
		})
	tb.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		l := o.(*widget.Label)
		switch {
		case id.Row < 0 && id.Col >= 0 && id.Col < len(cols):
			l.SetText(cols[id.Col])
			l.TextStyle.Bold = true
		case id.Col < 0 && id.Row >= 0:
			l.SetText(strconv.Itoa(id.Row))
		default:
			l.SetText("")
		}
	}
	widgets.SetWidths(tb, widgets.Columns{Titles: cols}.Widths(len(rows), func(r, c int) string {
		if c < len(rows[r]) {
			return rows[r][c]
		}
		return ""
	}))
	if onSelect != nil {
		tb.OnSelected = func(id widget.TableCellID) {
			if id.Row >= 0 && id.Row < len(rows) {
				onSelect(id.Row)
			}
		}
	}
	return tb
}

// newLevelRecordTable shows an xrlevel.Table, no taller than its rows.
func newLevelRecordTable(t *xrlevel.Table) fyne.CanvasObject {
	if t == nil || len(t.Rows) == 0 {
		return container.NewCenter(widget.NewLabel(lang.X("level.no_records", "No records.")))
	}
	rows := make([][]string, len(t.Rows))
	for i := range t.Rows {
		rows[i] = make([]string, len(t.Columns))
		for k := range t.Columns {
			rows[i][k] = t.Cell(i, k)
		}
	}
	// No taller than its rows: the dividers of a short table ran on down
	// the empty inspector.
	rowH := widgets.RowHeight()
	return container.New(&widgets.FitRows{Rows: len(rows), RowH: rowH, Extra: rowH}, newLevelTable(t.Columns, rows, nil))
}

// levelBar is one levelBar of a chart: value drawn filled, second (optional) as an
// outline on the same row.
type levelBar struct {
	label         string
	value, second float64
	color         color.NRGBA
}

// levelBarChart is a horizontal levelBar chart drawn with canvas rectangles.
type levelBarChart struct {
	widget.BaseWidget
	title  string
	bars   []levelBar
	format func(float64) string
	labelW float32 // the label column's width
}

// levelMaxBars caps a chart; the largest bars are kept, in their order.
const levelMaxBars = 300

func newLevelBarChart(title string, bars []levelBar, format func(float64) string) *levelBarChart {
	if len(bars) > levelMaxBars {
		idx := make([]int, len(bars))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return bars[idx[a]].value > bars[idx[b]].value })
		keep := idx[:levelMaxBars]
		sort.Ints(keep)
		kept := make([]levelBar, 0, levelMaxBars)
		for _, i := range keep {
			kept = append(kept, bars[i])
		}
		title += " — " + lang.XN("level.chart.largest", "the {{.Shown}} largest of {{.PluralCount}}", len(bars),
			map[string]any{"Shown": levelMaxBars, "PluralCount": len(bars)})
		bars = kept
	}
	c := &levelBarChart{title: title, bars: bars, format: format, labelW: levelChartLabel}
	for _, b := range bars {
		w := fyne.MeasureText(b.label, 12, fyne.TextStyle{}).Width + 12
		c.labelW = min(max(c.labelW, w), levelChartLabelMax)
	}
	c.ExtendBaseWidget(c)
	return c
}

const (
	levelChartRow      = 20
	levelChartLabel    = 90  // narrowest label column
	levelChartLabelMax = 240 // widest; longer labels are cut
	levelChartValue    = 130
)

// CreateRenderer builds the bars.
func (c *levelBarChart) CreateRenderer() fyne.WidgetRenderer {
	r := &levelBarRenderer{c: c}
	r.title = canvas.NewText(c.title, theme.Color(theme.ColorNameForeground))
	r.title.TextStyle.Bold = true
	r.objs = append(r.objs, r.title)
	for _, b := range c.bars {
		col := b.color
		if col.A == 0 {
			col = color.NRGBA{70, 130, 220, 255}
		}
		l := canvas.NewText(b.label, theme.Color(theme.ColorNameForeground))
		l.TextSize = 12
		fill := canvas.NewRectangle(col)
		out := canvas.NewRectangle(color.Transparent)
		out.StrokeColor = theme.Color(theme.ColorNameForeground)
		out.StrokeWidth = 1.5
		text := c.format(b.value)
		if b.second > 0 && b.second != b.value {
			text += " / " + c.format(b.second) // the outlined figure too
		}
		v := canvas.NewText(text, theme.Color(theme.ColorNameForeground))
		v.TextSize = 12
		r.rows = append(r.rows, levelBarRow{l, fill, out, v})
		r.objs = append(r.objs, l, fill, out, v)
	}
	return r
}

type levelBarRow struct {
	label     *canvas.Text
	fill, out *canvas.Rectangle
	value     *canvas.Text
}

type levelBarRenderer struct {
	c     *levelBarChart
	title *canvas.Text
	rows  []levelBarRow
	objs  []fyne.CanvasObject
}

func (r *levelBarRenderer) maxValue() float64 {
	m := 0.0
	for _, b := range r.c.bars {
		m = max(m, b.value, b.second)
	}
	return m
}

func (r *levelBarRenderer) Layout(size fyne.Size) {
	r.title.Move(fyne.NewPos(4, 2))
	m := r.maxValue()
	lw := r.c.labelW
	width := size.Width - lw - levelChartValue - 8
	if width < 10 {
		width = 10
	}
	for i, row := range r.rows {
		y := float32(levelChartRow*(i+1) + 6)
		row.label.Move(fyne.NewPos(4, y))
		b := r.c.bars[i]
		w := func(v float64) float32 {
			if m <= 0 {
				return 0
			}
			return float32(v/m) * width
		}
		row.fill.Move(fyne.NewPos(lw, y+3))
		row.fill.Resize(fyne.NewSize(max(w(b.value), 1), levelChartRow-6))
		row.out.Move(fyne.NewPos(lw, y+3))
		row.out.Resize(fyne.NewSize(max(w(b.second), 1), levelChartRow-6))
		if b.second <= 0 {
			row.out.Hide()
		}
		row.value.Move(fyne.NewPos(lw+max(w(b.value), w(b.second))+4, y))
	}
}

func (r *levelBarRenderer) MinSize() fyne.Size {
	return fyne.NewSize(r.c.labelW+levelChartValue+120, float32(levelChartRow*(len(r.rows)+1)+10))
}

func (r *levelBarRenderer) Refresh() {
	for _, o := range r.objs {
		o.Refresh()
	}
}

func (r *levelBarRenderer) Objects() []fyne.CanvasObject { return r.objs }
func (r *levelBarRenderer) Destroy()                     {}
