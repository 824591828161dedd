package level

import (
	"bytes"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/xrlevel"
	"rummage/ui/inspect"
	"rummage/ui/inspect/inspecttest"
)

func sampleLevelNode(t *testing.T) *xrlevel.LevelNode {
	t.Helper()
	b, err := xrlevel.WriteV4(xrlevel.SampleLevel(), xrlevel.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	n, err := xrlevel.Open(formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Name: "level"})
	if err != nil {
		t.Fatal(err)
	}
	return n.(*xrlevel.LevelNode)
}

func TestLevelStatisticsTab(t *testing.T) {
	a := test.NewTempApp(t)
	_ = a
	n := sampleLevelNode(t)
	var got []string
	for _, p := range inspecttest.Providers(t, n) {
		got = append(got, p.Name)
	}
	found := false
	for _, g := range got {
		found = found || g == "Statistics"
	}
	if !found {
		t.Fatalf("tabs for a level: %v", got)
	}
	st, err := n.Stats()
	if err != nil {
		t.Fatal(err)
	}
	w := test.NewTempWindow(t, widget.NewLabel(""))
	h := &inspecttest.Host{Win: w}
	view := levelStatsView(h, n, st)
	w.SetContent(view)
	w.Resize(fyne.NewSize(1000, 700))

	// The sub-tabs and the chart are there.
	border := view.(*fyne.Container)
	var tabs *container.AppTabs
	for _, o := range border.Objects {
		if at, ok := o.(*container.AppTabs); ok {
			tabs = at
		}
	}
	if tabs == nil || len(tabs.Items) != 8 || tabs.Items[4].Text != "Diagnostics (0)" || tabs.Items[5].Text != "Lights" {
		t.Fatalf("tabs %v", tabs)
	}
	split := inspecttest.Find[*container.Split](tabs.Items[0].Content)[0]
	table := split.Leading.(*widget.Table)
	if r, c := table.Length(); r != len(st.Chunks) || c != 8 {
		t.Fatalf("chunk table %d×%d", r, c)
	}
	chart := split.Trailing.(*container.Scroll).Content.(*levelBarChart)
	if len(chart.bars) != len(st.Chunks) || chart.MinSize().Height < float32(levelChartRow*len(st.Chunks)) {
		t.Fatalf("chart %d bars, min %v", len(chart.bars), chart.MinSize())
	}
	// Selecting a row selects the chunk node.
	table.Select(widget.TableCellID{Row: 3, Col: 1})
	if h.Selected == nil || h.Selected.Name() != st.Chunks[3].Name {
		t.Fatalf("selected %v", h.Selected)
	}
	tabs.SelectIndex(1)
	secSplit := inspecttest.Find[*container.Split](tabs.Items[1].Content)[0]
	secTable := secSplit.Leading.(*widget.Table)
	secTable.Select(widget.TableCellID{Row: 2, Col: 0})
	if s, ok := h.Selected.(*xrlevel.SectorNode); !ok || s.Sector().Index != 2 {
		t.Fatalf("selected %v", h.Selected)
	}
	// The Make path on a decoded level builds the view at once.
	var tab *inspect.Tab
	for _, p := range inspecttest.Providers(t, n) {
		if p.Name == "Statistics" {
			tab = p.Make(h, n)
		}
	}
	if tab == nil {
		t.Fatal("no tab")
	}
	if _, ok := tab.Content.(*fyne.Container); !ok || len(tab.Content.(*fyne.Container).Objects) != 2 {
		t.Fatalf("content %T", tab.Content)
	}
}

func TestLevelTableTab(t *testing.T) {
	test.NewTempApp(t)
	n := sampleLevelNode(t)
	lights, err := formats.Resolve(n, "lights")
	if err != nil {
		t.Fatal(err)
	}
	var tab *inspect.Tab
	for _, p := range inspecttest.Providers(t, lights) {
		if p.Name == "Table" {
			tab = p.Make(&inspecttest.Host{}, lights)
		}
	}
	if tab == nil {
		t.Fatal("no Table tab for lights")
	}
	tbs := inspecttest.Find[*widget.Table](tab.Content)
	if len(tbs) != 1 {
		t.Fatalf("content %T", tab.Content)
	}
	tb := tbs[0]
	if r, _ := tb.Length(); r != 3 {
		t.Fatalf("%d rows", r)
	}
	vis, _ := formats.Resolve(n, "visuals")
	for _, p := range inspecttest.Providers(t, vis) {
		if p.Name == "Table" {
			t.Fatal("visual list got a Table tab")
		}
	}
}

func TestLevelBarChartCap(t *testing.T) {
	test.NewTempApp(t)
	var bars []levelBar
	for i := 0; i < 1000; i++ {
		bars = append(bars, levelBar{label: "b", value: float64(i % 500)})
	}
	c := newLevelBarChart("t", bars, levelFormatBytes)
	if len(c.bars) != levelMaxBars {
		t.Fatalf("%d bars", len(c.bars))
	}
	for _, b := range c.bars {
		if b.value < 349 {
			t.Fatalf("kept a small bar %v", b.value)
		}
	}
	test.NewTempWindow(t, c)
}

// Selecting a finding in the Diagnostics tab selects the node it is about.
func TestLevelDiagnosticsSelect(t *testing.T) {
	test.NewTempApp(t)
	lv := xrlevel.SampleLevel()
	lv.Sectors[2].Root = 500
	b, err := xrlevel.WriteV4(lv, xrlevel.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	n, err := xrlevel.Open(formats.Source{R: bytes.NewReader(b), Size: int64(len(b)), Name: "level"})
	if err != nil {
		t.Fatal(err)
	}
	st, err := n.(*xrlevel.LevelNode).Stats()
	if err != nil || len(st.Diagnostics) == 0 {
		t.Fatalf("stats %v, %d findings", err, len(st.Diagnostics))
	}
	w := test.NewTempWindow(t, widget.NewLabel(""))
	h := &inspecttest.Host{Win: w}
	view := levelStatsView(h, n.(*xrlevel.LevelNode), st)
	w.SetContent(view)
	var tabs *container.AppTabs
	for _, o := range view.(*fyne.Container).Objects {
		if at, ok := o.(*container.AppTabs); ok {
			tabs = at
		}
	}
	tabs.SelectIndex(4)
	table, ok := tabs.Items[4].Content.(*widget.Table)
	if !ok {
		t.Fatalf("diagnostics content %T", tabs.Items[4].Content)
	}
	table.Select(widget.TableCellID{Row: 0, Col: 1})
	if s, ok := h.Selected.(*xrlevel.SectorNode); !ok || s.Sector().Index != 2 {
		t.Fatalf("selected %v for %q", h.Selected, st.Diagnostics[0].Msg)
	}
}

// The Textures tab of a version 14 level says that its shaders name its
// textures and lists them from there; a version 4 level lists its
// textures chunk.
func TestLevelTexturesFromShaders(t *testing.T) {
	test.NewTempApp(t)
	n := sampleLevelNode(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	h := &inspecttest.Host{Win: w}
	st := &xrlevel.Stats{Version: 14, ShaderTextures: []xrlevel.Usage{
		{Index: 0, Name: `terrain\grass`, Visuals: []int{0, 1}}, {Index: 1, Name: `lmap#1_1`, Visuals: []int{0}}}}
	o := texturesTab(h, n, st)
	text := inspecttest.Labels(o)
	if !strings.Contains(text, "A version 14 level has no textures chunk: each shader names its textures") || !strings.Contains(text, "These 2 textures are listed from the shaders") {
		t.Errorf("note %q", text)
	}
	tables := inspecttest.Find[*widget.Table](o)
	if len(tables) != 1 {
		t.Fatalf("%d tables", len(tables))
	}
	if r, _ := tables[0].Length(); r != 2 {
		t.Errorf("%d rows, want the 2 shader textures", r)
	}
	st4, err := n.Stats()
	if err != nil {
		t.Fatal(err)
	}
	o = texturesTab(h, n, st4)
	if strings.Contains(inspecttest.Labels(o), "no textures chunk") {
		t.Error("a version 4 level's tab says it has no textures chunk")
	}
	if r, _ := inspecttest.Find[*widget.Table](o)[0].Length(); r != len(st4.Textures) || r == 0 {
		t.Errorf("version 4: %d rows, want %d", r, len(st4.Textures))
	}
}
