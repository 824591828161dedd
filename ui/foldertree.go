package ui

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"rummage/formats"
	"rummage/formats/diskfolder"
	"rummage/ui/widgets"
)

// folderRows are the rows of folder roots in the tree model. A folder root's rows are its
// folders and files (formats/diskfolder): a folder is listed when its
// branch first opens, a file opened when it is selected or its branch
// opens, both in the background (see folderload.go); an opened file's
// root takes its row's place, as a member file of the folder root, until
// it is closed to make room (see folderroot.go).
type folderRows struct {
	m *treeModel
	// showAll shows the files no format recognises.
	showAll bool
	// bg lists folders and opens files off the UI goroutine
	// (folderload.go); nil: at once, on the caller's.
	bg background
	// onAttach, when set, learns of every file opened in a folder root.
	onAttach func(mf *openFile)
}

// background is what the rows ask of the work done off the UI goroutine.
type background interface {
	listFolder(it *item) // list it's folder, then show its entries (fill)
	openFile(it *item)   // open it's file, then show it (attach)
}

// loadFolderRow loads it when it is a row of a folder root: a listed
// folder's entries are shown at once, a folder not listed yet is listed
// and a file not opened yet is opened (in the background when the model
// has one). It reports whether it was such a row.
func (r *folderRows) load(it *item) bool {
	switch n := it.node.(type) {
	case *diskfolder.Folder:
		switch {
		case n.Listed():
			entries, err := n.Entries()
			r.fill(it, entries, err, true)
		case r.bg != nil:
			it.pending = true
			r.bg.listFolder(it)
		default:
			r.listNow(it)
		}
		return true
	case formats.Unopened:
		if r.bg != nil {
			it.pending = true
			r.bg.openFile(it)
		} else {
			r.openNow(it)
		}
		return true
	}
	return false
}

// fillFolder shows entries, the folder it's entries listed so far (a
// longer prefix at each call), adding rows for the new ones; final: they
// are all of them, and err why the folder could not be read in full.
func (r *folderRows) fill(it *item, entries []formats.Node, err error, final bool) {
	if len(entries) > len(it.all) {
		names, nerr := widgets.ChildNames(entries, it.node)
		if nerr != nil {
			err, entries = nerr, nil
		}
		for i := len(it.all); i < len(entries); i++ {
			uid := it.uid + "/" + strconv.Itoa(i)
			c := r.m.newItem(uid, entries[i], it.file, it.uid, names[i], joinPath(it.path, names[i]))
			c.unknown = !diskfolder.Shown(entries[i], false)
			it.all = append(it.all, uid)
			if r.showAll || !c.unknown {
				it.kids = append(it.kids, uid)
			}
		}
	}
	if !final {
		return
	}
	it.loaded, it.pending = true, false
	if err != nil {
		it.err = err
	}
	it.branch = len(it.kids) > 0 || it.err != nil
}

// joinPath is parent/name, or name for the root.
func joinPath(parent, name string) string {
	if parent == "" {
		return name
	}
	return parent + "/" + name
}

// setShowAll shows or hides the files no format recognises in every
// listed folder.
func (r *folderRows) setShowAll(show bool) {
	r.showAll = show
	for _, it := range r.m.items {
		if it.all == nil {
			continue
		}
		it.kids = it.kids[:0]
		for _, uid := range it.all {
			if c := r.m.items[uid]; c != nil && (show || !c.unknown) {
				it.kids = append(it.kids, uid)
			}
		}
		if it.loaded {
			it.branch = len(it.kids) > 0 || it.err != nil
		}
	}
}

// listNow lists it's folder on this goroutine and shows it (resolving a
// path, which cannot wait).
func (r *folderRows) listNow(it *item) {
	f := it.node.(*diskfolder.Folder)
	f.List(context.Background(), nil) // the error is kept with the listing
	entries, err := f.Entries()
	r.fill(it, entries, err, true)
}

// openNow opens it's file on this goroutine and shows it (resolving a
// path, which cannot wait).
func (r *folderRows) openNow(it *item) {
	u := it.node.(formats.Unopened)
	f, err := u.OpenFile()
	r.attach(it, f, err)
}

// attachMember shows f, opened for it, the row of a file of a folder root:
// its root takes the row's place as the root of a member file of the
// folder root (named by the folder root's name and the row's path). It
// returns the member, or nil when the row is no longer the file's (the
// file is then closed).
func (r *folderRows) attach(it *item, f *formats.File, err error) *openFile {
	u, ok := it.node.(formats.Unopened)
	if !ok {
		f.Close()
		return nil
	}
	top := it.file.topFile()
	mf := &openFile{name: top.name + "/" + it.path, path: f.Path, root: f.Root, err: err, file: f, uid: it.uid, parent: top, stub: u}
	r.setRowNode(it, f.Root, mf, "")
	if err != nil && it.err == nil {
		it.err, it.branch = err, false
	}
	if r.onAttach != nil {
		r.onAttach(mf)
	}
	return mf
}

// detachMember closes the rows below a member file and shows its row as
// the file not opened again (the caller closes the file).
func (r *folderRows) detach(mf *openFile) {
	it := r.m.items[mf.uid]
	if it == nil || it.file != mf {
		return
	}
	r.m.dropBelow(it.uid)
	r.setRowNode(it, mf.stub, mf.parent, strings.TrimPrefix(mf.name, mf.parent.name+"/"))
}

// replaceMember shows a member's new root (read back after a save) in its
// row, whose rows below are dropped.
func (r *folderRows) replace(mf *openFile) {
	if it := r.m.items[mf.uid]; it != nil {
		r.m.dropBelow(it.uid)
		r.setRowNode(it, mf.root, mf, "")
	}
}

// setRowNode puts n in the row it (the same item: the selection may hold
// it), counted as part of f, with the node path path, as newItem would
// make it; its name, edit count and unknown mark stay, and its children
// load again when asked.
func (r *folderRows) setRowNode(it *item, n formats.Node, f *openFile, path string) {
	if u, ok := r.m.uidOf(it.node); ok && u == it.uid {
		delete(r.m.byNode, it.node)
	}
	fresh := r.m.newItem(it.uid, n, f, it.parent, it.seg, path)
	fresh.name, fresh.edits, fresh.unknown = it.name, it.edits, it.unknown
	*it = *fresh
	r.m.items[it.uid] = it
}

// resolveFolder finds the row at a path below a folder root's row,
// listing folders and opening files on this goroutine as it goes; at the
// first row that is neither (a node inside an opened file) it hands the
// rest of the path to resolveIn.
func (r *folderRows) resolve(cur *item, path string) (*item, error) {
	rest := strings.Trim(path, "/")
	for rest != "" {
		switch cur.node.(type) {
		case *diskfolder.Folder:
			if !cur.loaded {
				r.listNow(cur)
			}
			seg, after, _ := strings.Cut(rest, "/")
			next := r.entry(cur, seg)
			if next == nil {
				return nil, fmt.Errorf("no %s in %s", seg, cur.name)
			}
			cur, rest = next, after
		case formats.Unopened:
			r.openNow(cur)
			if cur.err != nil {
				return nil, cur.err
			}
		default:
			return r.m.resolveIn(cur, rest)
		}
	}
	return cur, nil
}

// folderEntry is the row of folder it's entry named seg (exactly, else in
// another letter case); a file no format recognises is found only while
// such files are shown.
func (r *folderRows) entry(it *item, seg string) *item {
	var fold *item
	for _, uid := range it.kids {
		c := r.m.items[uid]
		if c.seg == seg {
			return c
		}
		if fold == nil && strings.EqualFold(c.seg, seg) {
			fold = c
		}
	}
	return fold
}

// isFolderRow reports whether it is a folder or an unopened file of a
// folder root.
func isFolderRow(it *item) bool {
	switch it.node.(type) {
	case *diskfolder.Folder, formats.Unopened:
		return true
	}
	return false
}
