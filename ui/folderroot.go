package ui

import (
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"rummage/formats"
	"rummage/formats/diskfolder"
)

// Folder roots: File › Open folder…, a folder named on the command line or
// dropped on the window opens as one root, the folder as a lazy tree of
// its folders and recognised files (formats/diskfolder; the rows are
// loaded by foldertree.go and folderload.go). A file opened in it is a
// member: an openFile of its own (saved, undone and closed as a file),
// whose parent is the folder root. At most maxOpenMembers members stay
// open: opening one more closes the least recently used member that has
// no unsaved edits, no export marks, no selection and no open branch, so
// a walk through a huge folder holds few files open.

// maxOpenMembers bounds the files kept open in folder roots.
const maxOpenMembers = 64

// prefShowUnrecognised keeps View › Show unrecognised files.
const prefShowUnrecognised = "showUnrecognised"

// openFolder is the folder root of the folder at path; nothing is read
// until its branch opens.
func openFolder(path string, opts *formats.Options) *openFile {
	d := diskfolder.New(path, opts)
	return &openFile{name: filepath.Base(filepath.Clean(path)), path: path, root: d, folder: d}
}

// folderCtl is the window's side of folder roots: the members open, least
// recently used first, and closing them; View › Show unrecognised files;
// the work done in the background (folderload.go). It is the tree's
// helper (nav): it reads the selection and redraws the tree.
type folderCtl struct {
	nav        *treeCtl
	members    []*openFile
	maxOpen    int               // members kept open (maxOpenMembers)
	forgetFile func(f *openFile) // a member closes: its edits and marks go (the window's forget)
	jobs       *sync.WaitGroup
	listing    chan struct{} // bounds the listings running at once
	reapplyDue bool          // a search of the filter is due (reapplySoon)
	lastSearch time.Duration // how long the last search of reapplySoon took
	stopIndex  func()        // stops indexFolders; nil when it does not run
	gate       func()        // tests: run at the start of all background work
	uiMu       sync.Mutex    // see do
}

// newFolderCtl makes the folder roots' side of the tree nav, whose rows it
// loads in the background counted by jobs.
func newFolderCtl(nav *treeCtl, jobs *sync.WaitGroup) *folderCtl {
	fc := &folderCtl{nav: nav, jobs: jobs, maxOpen: maxOpenMembers, listing: make(chan struct{}, listingsAtOnce)}
	nav.model.folders.bg, nav.model.folders.onAttach = fc, fc.memberAttached
	return fc
}

// memberKeeper is what closing a member asks of the export marks.
type memberKeeper interface {
	markedIn(uid string) bool // a row at or below uid is marked
}

// memberAttached counts a member just opened (the model's onAttach) and
// closes the least recently used ones over maxOpen (never the one just
// opened).
func (fc *folderCtl) memberAttached(mf *openFile) {
	fc.members = append(fc.members, mf)
	for len(fc.members) > fc.maxOpen {
		i := slices.IndexFunc(fc.members[:len(fc.members)-1], fc.closable)
		if i < 0 {
			return // every one is in use: keep them
		}
		fc.closeMember(fc.members[i])
	}
}

// touchMember makes f, when a member, the most recently used one.
func (fc *folderCtl) touchMember(f *openFile) {
	if f == nil || f.parent == nil {
		return
	}
	if i := slices.Index(fc.members, f); i >= 0 && i < len(fc.members)-1 {
		fc.members = append(append(fc.members[:i:i], fc.members[i+1:]...), f)
	}
}

// closable reports whether the member mf may be closed to make room.
func (fc *folderCtl) closable(mf *openFile) bool {
	if mf.dirty() || fc.nav.sel != nil && fc.nav.sel.file == mf || fc.nav.tree.IsBranchOpen(mf.uid) {
		return false
	}
	if k, ok := fc.nav.marks.(memberKeeper); ok && k.markedIn(mf.uid) {
		return false
	}
	return true
}

// closeMember closes a member: its row shows the file unopened again.
func (fc *folderCtl) closeMember(mf *openFile) {
	fc.members = slices.DeleteFunc(fc.members, func(f *openFile) bool { return f == mf })
	fc.nav.model.folders.detach(mf)
	if fc.forgetFile != nil {
		fc.forgetFile(mf)
	}
	mf.close()
	fc.nav.tree.Refresh()
}

// closeMembersOf closes every member of the folder root f (it closes).
func (fc *folderCtl) closeMembersOf(f *openFile) {
	for _, mf := range fc.membersOf(f) {
		fc.members = slices.DeleteFunc(fc.members, func(g *openFile) bool { return g == mf })
		if fc.forgetFile != nil {
			fc.forgetFile(mf)
		}
		mf.close()
	}
}

// membersOf are the open members of the folder root f.
func (fc *folderCtl) membersOf(f *openFile) []*openFile {
	var out []*openFile
	for _, mf := range fc.members {
		if mf.parent == f {
			out = append(out, mf)
		}
	}
	return out
}

// openMembers are the members open in every folder root.
func (fc *folderCtl) openMembers() []*openFile { return slices.Clone(fc.members) }

// markedIn reports whether a row at or below uid is marked for export.
func (m *markSet) markedIn(uid string) bool {
	for u := range m.marked {
		if u == uid || strings.HasPrefix(u, uid+"/") {
			return true
		}
	}
	return false
}

// showUnrecognisedItem is View › Show unrecognised files: the files of
// folder roots that no format recognises, hidden by default.
func (fc *folderCtl) showUnrecognisedItem(a fyne.App, bar func()) *fyne.MenuItem {
	mi := fyne.NewMenuItem(lang.X("menu.view.unrecognised", "Show unrecognised files"), nil)
	mi.Checked = a.Preferences().Bool(prefShowUnrecognised)
	fc.nav.model.folders.showAll = mi.Checked
	mi.Action = func() {
		mi.Checked = !mi.Checked
		a.Preferences().SetBool(prefShowUnrecognised, mi.Checked)
		fc.setShowUnrecognised(mi.Checked)
		bar()
	}
	return mi
}

// setShowUnrecognised shows or hides the unrecognised files of every
// folder root, in the tree and in what exports of its folders write.
func (fc *folderCtl) setShowUnrecognised(show bool) {
	for _, uid := range fc.nav.model.roots {
		if it := fc.nav.model.items[uid]; it != nil && it.file != nil && it.file.folder != nil {
			it.file.folder.SetShowUnrecognised(show)
		}
	}
	fc.nav.model.folders.setShowAll(show)
	if fc.nav.model.filter != nil {
		fc.nav.filter.reapply()
	}
	fc.nav.tree.Refresh()
}
