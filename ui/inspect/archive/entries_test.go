package archive

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"rummage/formats"
	"rummage/ui/inspect"
	"rummage/ui/inspect/inspecttest"
)

// fieldRaw is a raw node with NRes-like extra fields.
type fieldRaw struct {
	formats.Raw
	f map[string]any
}

func (r *fieldRaw) ListFields() map[string]any { return r.f }

func TestEntriesTable(t *testing.T) {
	raw, seq := inspecttest.Raw, inspecttest.Seq
	kids := []formats.Node{
		&fieldRaw{*raw("b", formats.KindText, "TEXT", seq(30), 0x40), map[string]any{"attr1": uint32(7), "sortIndex": 2}},
		&fieldRaw{*raw("a", formats.KindMaterial, "MAT0", seq(10), 0x10), map[string]any{"attr1": uint32(1), "sortIndex": 0}},
		&fieldRaw{*raw("a", formats.KindMaterial, "MAT0", seq(20), 0x20), map[string]any{"attr1": uint32(3)}},
	}
	cols, rows, err := entryTable(kids, &formats.Folder{})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(cols, ","); got != "#,name,type,kind,size,offset,attr1,sortIndex" {
		t.Fatalf("columns %s", got)
	}
	if rows[1].cells != nil {
		t.Error("row cells made before the row is shown")
	}
	if got := strings.Join(rows[1].fill().cells, "|"); got != "1|a@1|MAT0|material|10|0x10|1|0" {
		t.Errorf("row 1 %s", got)
	}
	order := func() string {
		var s []string
		for _, r := range rows {
			s = append(s, rows[0].cells[0][:0]+r.cells[0])
		}
		return strings.Join(s, "")
	}
	sortEntries(rows, 4, false) // size
	if order() != "120" {
		t.Errorf("by size %s", order())
	}
	sortEntries(rows, 6, true) // attr1 descending
	if order() != "021" {
		t.Errorf("by attr1 desc %s", order())
	}
	sortEntries(rows, 7, false) // sortIndex: the missing value sorts last
	if order() != "102" {
		t.Errorf("by sortIndex %s", order())
	}
	sortEntries(rows, 1, false) // name
	if order() != "120" {
		t.Errorf("by name %s", order())
	}
}

// panicFields is an entry whose ListFields panics.
type panicFields struct{ formats.Raw }

func (panicFields) ListFields() map[string]any { panic("fields exploded") }

// A panic in an entry's fields is shown on the tab, once, with where it
// happened; the other entries are listed.
func TestEntriesTabShowsFieldPanic(t *testing.T) {
	test.NewTempApp(t)
	root := &formats.Folder{NodeName: "r", NodeKind: formats.KindArchive, Items: []formats.Node{
		inspecttest.Raw("good", formats.KindRaw, "", inspecttest.Seq(4), 0),
		&panicFields{*inspecttest.Raw("bad", formats.KindRaw, "", nil, 4)},
	}}
	_, rows, err := entryTable(root.Items, root)
	if err == nil || !strings.Contains(err.Error(), "fields exploded") || len(rows) != 2 {
		t.Fatalf("rows %d, error %v", len(rows), err)
	}
	var tab *inspect.Tab
	providers, _ := inspect.TabsFor(root)
	for _, p := range providers {
		if p.Name == "entries" {
			tab = p.Make(&inspecttest.Host{}, root)
		}
	}
	if tab == nil {
		t.Fatal("no Entries tab for an archive folder")
	}
	test.NewTempWindow(t, tab.Content).Resize(fyne.NewSize(800, 400))
	if got := inspecttest.Labels(tab.Content); !strings.Contains(got, "2 entries") || !strings.Contains(got, "fields of bad: internal error: fields exploded") {
		t.Errorf("tab says %q", got)
	}
}
