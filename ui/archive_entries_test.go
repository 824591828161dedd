package ui

import (
	"strings"
	"testing"

	"rummage/formats"
)

// fieldRaw is a raw node with NRes-like extra fields.
type fieldRaw struct {
	formats.Raw
	f map[string]any
}

func (r *fieldRaw) ListFields() map[string]any { return r.f }

func TestEntriesTable(t *testing.T) {
	kids := []formats.Node{
		&fieldRaw{*rawNode("b", formats.KindText, "TEXT", seq(30), 0x40), map[string]any{"attr1": uint32(7), "sortIndex": 2}},
		&fieldRaw{*rawNode("a", formats.KindMaterial, "MAT0", seq(10), 0x10), map[string]any{"attr1": uint32(1), "sortIndex": 0}},
		&fieldRaw{*rawNode("a", formats.KindMaterial, "MAT0", seq(20), 0x20), map[string]any{"attr1": uint32(3)}},
	}
	cols, rows := entryTable(kids, &formats.Folder{})
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

func TestArchiveGetsEntriesTab(t *testing.T) {
	w := newTestWindow(t)
	f, _, _ := addFake(w)
	w.selectUID(f.uid)
	if got := strings.Join(tabTitles(w.insp), ","); got != "Entries,Overview,Hex" || w.insp.tabs.SelectedIndex() != 0 {
		t.Errorf("archive tabs %s", got)
	}
}
