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
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/xrlevel"
	"rummage/ui/inspect"
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
			return &inspect.Tab{Title: "Statistics", Content: newLevelStatsTab(h, n.(*xrlevel.LevelNode))}
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
			return &inspect.Tab{Title: "Table", Content: newLevelRecordTable(t)}
		},
	})
}

// newLevelStatsTab shows the level's statistics; a level not decoded yet
// is decoded in the background and shown when ready.
func newLevelStatsTab(h inspect.Host, n *xrlevel.LevelNode) fyne.CanvasObject {
	show := func(st *xrlevel.Stats, err error) fyne.CanvasObject {
		if err != nil {
			l := widget.NewLabel(fmt.Sprintf("The level could not be decoded: %v", err))
			l.Importance = widget.DangerImportance
			l.Wrapping = fyne.TextWrapWord
			return l
		}
		return levelStatsView(h, n, st)
	}
	if n.Decoded() {
		return show(n.Stats())
	}
	holder := container.NewStack(container.NewCenter(widget.NewLabel("Decoding the level…")))
	go func() {
		st, err := safeStats(n)
		fyne.Do(func() {
			holder.Objects = []fyne.CanvasObject{show(st, err)}
			holder.Refresh()
		})
	}()
	return holder
}

// safeStats is n.Stats behind the format panic guard: it runs on its own
// goroutine, where a panic would end the program; the tab shows the error.
func safeStats(n *xrlevel.LevelNode) (*xrlevel.Stats, error) {
	return formats.Guard("decode "+formats.SafeName(n), n.Stats)
}

// levelStatsView lays out the statistics: totals on top, then sub-tabs
// for chunks, sectors, textures, shaders and diagnostics, each with a table
// and (for chunks and sectors) a levelBar chart.
func levelStatsView(h inspect.Host, n *xrlevel.LevelNode, st *xrlevel.Stats) fyne.CanvasObject {
	t := st.Totals
	totals := []struct {
		k string
		v int
	}{{"visuals", t.Visuals}, {"vertices", t.Vertices}, {"triangles", t.VisualTriangles}, {"CFORM verts", t.CFormVertices},
		{"CFORM tris", t.CFormTriangles}, {"sectors", t.Sectors}, {"portals", t.Portals}, {"lights", t.Lights},
		{"glows", t.Glows}, {"textures", t.Textures}, {"shaders", t.Shaders}, {"vert. buffers", t.VertexBuffers}}
	// Four compact columns: narrow enough for the inspector at the default
	// window size (six made it wider than the window), and a fixed height
	// (a wrapping grid's height lags behind its width).
	grid := container.NewGridWithColumns(4)
	for _, x := range totals {
		k := widget.NewLabel(x.k)
		v := widget.NewLabelWithStyle(strconv.Itoa(x.v), fyne.TextAlignTrailing, fyne.TextStyle{Bold: true})
		grid.Add(container.NewBorder(nil, nil, k, v))
	}
	title := fmt.Sprintf("X-Ray level, xrLC version %d", st.Version)
	if st.Description != "" {
		title += " — " + st.Description
	}
	titleLabel := widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	titleLabel.Truncation = fyne.TextTruncateEllipsis
	head := container.NewVBox(titleLabel, grid)

	// Chunks
	chunkRows := make([][]string, len(st.Chunks))
	var chunkBars []levelBar
	for i, c := range st.Chunks {
		items := ""
		if c.Items >= 0 {
			items = strconv.Itoa(c.Items)
		}
		comp := ""
		if c.Compressed {
			comp = "yes"
		}
		chunkRows[i] = []string{fmt.Sprintf("0x%X", c.ID), c.Name, fmt.Sprintf("0x%X", c.Offset), strconv.FormatInt(c.Size, 10),
			comp, strconv.FormatInt(c.Unpacked, 10), items, c.Error}
		chunkBars = append(chunkBars, levelBar{label: c.Name, value: float64(c.Size), second: float64(c.Unpacked)})
	}
	chunkTable := newLevelTable([]string{"id", "name", "offset", "size", "compressed", "unpacked", "items", "error"},
		chunkRows, []float32{60, 130, 80, 80, 90, 80, 60, 240}, func(row int) {
			levelSelectChild(h, n, strings.SplitN(st.Chunks[row].Name, " (", 2)[0])
		})
	chunkChart := newLevelBarChart("bytes per chunk (stored ■, unpacked □)", chunkBars, levelFormatBytes)
	chunksTab := container.NewVSplit(chunkTable, container.NewVScroll(chunkChart))
	chunksTab.SetOffset(0.5)

	// Sectors
	secRows := make([][]string, len(st.Sectors))
	var secBars []levelBar
	for i, s := range st.Sectors {
		visuals := strconv.Itoa(s.Visuals)
		if s.Partial {
			visuals += "+ (cut)" // the hierarchy walks hit their cap
		}
		secRows[i] = []string{strconv.Itoa(s.Index), strconv.Itoa(s.Root), visuals, strconv.Itoa(s.Triangles),
			strconv.Itoa(s.Vertices), strconv.Itoa(s.Portals), strconv.Itoa(s.Lights), strconv.Itoa(s.Glows),
			strconv.Itoa(s.Occluders), strconv.Itoa(s.CFormTris), strings.Join(s.Textures, ", ")}
		secBars = append(secBars, levelBar{label: "sector " + strconv.Itoa(s.Index), value: float64(s.Triangles), second: float64(s.CFormTris),
			color: xrlevel.SectorColor(s.Index)})
	}
	secTable := newLevelTable([]string{"sector", "root", "visuals", "triangles", "vertices", "portals", "lights", "glows", "occluders", "CFORM tris", "textures"},
		secRows, []float32{60, 60, 60, 80, 80, 60, 60, 60, 70, 80, 400}, func(row int) {
			levelSelectChild(h, n, "sectors", strconv.Itoa(st.Sectors[row].Index))
		})
	secChart := newLevelBarChart("triangles per sector (visuals ■, CFORM □)", secBars, func(v float64) string { return strconv.Itoa(int(v)) })
	sectorsTab := container.NewVSplit(secTable, container.NewVScroll(secChart))
	sectorsTab.SetOffset(0.5)

	usage := func(list []xrlevel.Usage) fyne.CanvasObject {
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
		return newLevelTable([]string{"index", "name", "uses", "visuals", "glows"}, rows, []float32{50, 320, 50, 400, 100}, func(row int) {
			if len(list[row].Visuals) > 0 {
				levelSelectChild(h, n, "visuals", strconv.Itoa(list[row].Visuals[0]))
			}
		})
	}

	diagRows := make([][]string, len(st.Diagnostics))
	for i, d := range st.Diagnostics {
		off := ""
		if d.Off >= 0 {
			off = fmt.Sprintf("0x%X", d.Off)
		}
		diagRows[i] = []string{off, d.Msg}
	}
	var diagTab fyne.CanvasObject
	if len(diagRows) == 0 {
		diagTab = container.NewCenter(widget.NewLabel("No findings: every check of the validation list passed."))
	} else {
		// Selecting a finding selects the node it is about.
		diagTab = newLevelTable([]string{"offset", "finding"}, diagRows, []float32{90, 900}, func(row int) {
			if p := st.Diagnostics[row].Path; p != "" {
				levelSelectChild(h, n, p)
			}
		})
	}
	diagTitle := fmt.Sprintf("Diagnostics (%d)", len(st.Diagnostics))

	tabs := container.NewAppTabs(
		container.NewTabItem("Chunks", chunksTab),
		container.NewTabItem("Sectors", sectorsTab),
		container.NewTabItem("Textures", usage(st.Textures)),
		container.NewTabItem("Shaders", usage(st.Shaders)),
		container.NewTabItem(diagTitle, diagTab),
	)
	// The record tables of the lights, glows and portals chunks.
	for _, name := range []string{xrlevel.NameLights, xrlevel.NameGlows, xrlevel.NamePortals} {
		c, err := formats.Resolve(n, name)
		if err != nil {
			continue
		}
		if tb, ok := c.(xrlevel.Tabler); ok {
			title := strings.ToUpper(name[:1]) + name[1:]
			tabs.Append(container.NewTabItem(title, newLevelRecordTable(tb.Table())))
		}
	}
	return container.NewBorder(head, nil, nil, nil, tabs)
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

func levelFormatBytes(v float64) string {
	switch {
	case v >= 1<<20:
		return fmt.Sprintf("%.1f MB", v/(1<<20))
	case v >= 1<<10:
		return fmt.Sprintf("%.1f KB", v/(1<<10))
	}
	return fmt.Sprintf("%d B", int64(v))
}

// newLevelTable is a read-only table with a header row; onSelect, when
// set, is called with the selected row.
func newLevelTable(cols []string, rows [][]string, widths []float32, onSelect func(row int)) *widget.Table {
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
	for i, w := range widths {
		tb.SetColumnWidth(i, w)
	}
	if onSelect != nil {
		tb.OnSelected = func(id widget.TableCellID) {
			if id.Row >= 0 && id.Row < len(rows) {
				onSelect(id.Row)
			}
		}
	}
	return tb
}

// newLevelRecordTable shows an xrlevel.Table.
func newLevelRecordTable(t *xrlevel.Table) fyne.CanvasObject {
	if t == nil || len(t.Rows) == 0 {
		return container.NewCenter(widget.NewLabel("No records."))
	}
	rows := make([][]string, len(t.Rows))
	for i := range t.Rows {
		rows[i] = make([]string, len(t.Columns))
		for k := range t.Columns {
			rows[i][k] = t.Cell(i, k)
		}
	}
	widths := make([]float32, len(t.Columns))
	for k, c := range t.Columns {
		w := len(c)
		for i := 0; i < min(len(rows), 50); i++ {
			w = max(w, len(rows[i][k]))
		}
		widths[k] = float32(min(max(w, 4), 60))*7.5 + 16
	}
	return newLevelTable(t.Columns, rows, widths, nil)
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
		title = fmt.Sprintf("%s — the %d largest of %d", title, levelMaxBars, len(bars))
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
