package ui

import (
	"strconv"
	"testing"

	"rummage/formats"
	"rummage/formats/nres"
)

// bigArchive is a root with n children, each a small archive of 10 leaves.
func bigArchive(n int) *formats.Folder {
	items := make([]formats.Node, n)
	for i := range items {
		leaves := make([]formats.Node, 10)
		for j := range leaves {
			leaves[j] = rawNode("leaf"+strconv.Itoa(j), formats.KindMaterial, "MAT0", nil, 0)
		}
		items[i] = &formats.Folder{NodeName: "entry" + strconv.Itoa(i), Items: leaves}
	}
	return &formats.Folder{NodeName: "big.lib", Items: items}
}

// BenchmarkTreeRefresh is a layout pass over 10,000 open children (Fyne's
// tree asks for ChildUIDs on every layout; caching them makes it cheap).
func BenchmarkTreeRefresh(b *testing.B) {
	w := newTestWindow(b)
	w.opened.addFiles([]*openFile{{name: "big.lib", root: bigArchive(10000)}})
	w.nav.tree.OpenBranch(w.opened.files[0].uid)
	w.nav.tree.Refresh()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w.nav.tree.Refresh()
	}
}

// BenchmarkFilter searches 20,000 nodes (the filter's budget) by name.
func BenchmarkFilter(b *testing.B) {
	m := newTreeModel()
	m.addRoot(&openFile{name: "big.lib", root: bigArchive(2000)})
	m.buildFilter(parseQuery("leaf9")) // load once
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.buildFilter(parseQuery("leaf9"))
	}
}

// BenchmarkStartup builds the window with the sample set on the test driver
// (the budget is 1.5 s to the first frame on the real driver).
func BenchmarkStartup(b *testing.B) {
	for i := 0; i < b.N; i++ {
		w := newTestWindow(b)
		w.opened.addFiles(sampleFiles(&w.opts))
		w.win.Canvas().Content().Refresh()
	}
}

// BenchmarkHexRow formats hex rows from the block cache.
func BenchmarkHexRow(b *testing.B) {
	h, err := newHexData(rawNode("n", formats.KindRaw, "", seq(1<<16), 0))
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		h.row(i % h.rows())
	}
}

// bigNRes builds a 10,000-entry NRes archive of one-byte TEXT entries
// and returns the entries and the archive bytes.
func bigNRes(b *testing.B) ([]nres.Entry, []byte) {
	b.Helper()
	entries := make([]nres.Entry, 10000)
	for i := range entries {
		entries[i] = nres.Entry{TypeID: nres.TypeID("TEXT"), Name: "entry" + strconv.Itoa(i), Data: []byte("x")}
	}
	data, err := nres.Build(entries)
	if err != nil {
		b.Fatal(err)
	}
	return entries, data
}

// BenchmarkOpenBigArchive opens a 10,000-entry NRes archive and loads its
// children into the tree (done on the UI goroutine when a branch opens).
func BenchmarkOpenBigArchive(b *testing.B) {
	entries, data := bigNRes(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := newTreeModel()
		it := m.addRoot(openMemory("big.lib", data, &formats.Options{}))
		if kids := m.childUIDs(it.uid); len(kids) != len(entries) {
			b.Fatalf("%d children", len(kids))
		}
	}
}

// BenchmarkShowBigArchive shows a 10,000-entry NRes archive's root in the
// inspector (header, Entries tab, Overview, Hex) on the UI goroutine.
func BenchmarkShowBigArchive(b *testing.B) {
	_, data := bigNRes(b)
	w := newTestWindow(b)
	w.opened.addFiles([]*openFile{openMemory("big.lib", data, &w.opts)})
	root := w.nav.model.items[w.opened.files[0].uid]
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w.insp.show(root)
	}
}
