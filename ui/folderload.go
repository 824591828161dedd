package ui

import (
	"context"
	"time"

	"fyne.io/fyne/v2"

	"rummage/formats"
	"rummage/formats/diskfolder"
)

// The work of folder roots done off the UI goroutine, so that a folder of
// any size never holds the window up: listing a folder whose branch opens
// (its rows appear as they are sniffed), opening a file that is selected
// or whose branch opens, and, while the filter is on, listing every folder
// of the folder roots so that the filter searches them all (it searches
// again as they come in). The UI goroutine only adds rows for what is
// done.

// listingsAtOnce bounds the folders listed at once for opened branches.
const listingsAtOnce = 2

// reapplyEvery is the least time between two searches of the filter while
// folders are being listed for it.
const reapplyEvery = 300 * time.Millisecond

// reapplyPause is how many times the last search the filter waits before
// searching again while folders are listed for it: on a tree so big that
// a search takes long, the UI goroutine still spends most of its time on
// the user.
const reapplyPause = 4

var _ background = (*folderCtl)(nil)

// listFolder lists it's folder in the background and shows its rows as
// they come (the model's background).
func (fc *folderCtl) listFolder(it *item) {
	uid, folder := it.uid, it.node.(*diskfolder.Folder)
	ctx := it.file.topFile().ctx()
	fc.jobs.Add(1)
	go func() {
		defer fc.jobs.Done()
		fc.listing <- struct{}{}
		defer func() { <-fc.listing }()
		fc.wait()
		folder.List(ctx, func(entries []formats.Node) {
			fc.do(func() { fc.showListing(uid, folder, entries, nil, false) })
		})
		if ctx.Err() != nil {
			return // the folder root was closed
		}
		entries, err := folder.Entries()
		fc.do(func() { fc.showListing(uid, folder, entries, err, true) })
	}()
}

// showListing shows the entries of folder listed so far in the row uid,
// if it is still the folder's; final: the listing is done.
func (fc *folderCtl) showListing(uid string, folder *diskfolder.Folder, entries []formats.Node, err error, final bool) {
	it := fc.nav.model.items[uid]
	if it == nil || it.node != formats.Node(folder) {
		return
	}
	fc.nav.model.folders.fill(it, entries, err, final)
	fc.nav.tree.Refresh()
	if !final {
		return
	}
	fc.reapplySoon()
	if fc.nav.sel == it {
		fc.nav.host.showItem(it) // its Entries tab needs the listing
	}
}

// openFile opens it's file in the background and shows it (the model's
// background).
func (fc *folderCtl) openFile(it *item) {
	uid, u := it.uid, it.node.(formats.Unopened)
	fc.jobs.Add(1)
	go func() {
		defer fc.jobs.Done()
		fc.wait()
		f, err := u.OpenFile()
		formats.SafeChildren(f.Root) // formats cache their children: showing them detects nothing
		fc.do(func() { fc.showOpened(uid, u, f, err) })
	}()
}

// showOpened shows f, opened for the row uid, when the row still shows
// the unopened file u; otherwise f is closed.
func (fc *folderCtl) showOpened(uid string, u formats.Unopened, f *formats.File, err error) {
	it := fc.nav.model.items[uid]
	if it == nil || it.node != formats.Node(u) {
		f.Close()
		return
	}
	fc.nav.model.folders.attach(it, f, err)
	fc.nav.tree.Refresh()
	fc.reapplySoon()
	if fc.nav.sel == it {
		fc.nav.host.showItem(it)
	}
}

// do runs f as work of the UI goroutine (fyne.Do), one at a time with the
// other callbacks of the folder roots' background work: Fyne's test
// driver runs each fyne.Do on the goroutine that calls it (the real one
// runs them all on the UI goroutine, and the lock is free).
func (fc *folderCtl) do(f func()) {
	fyne.Do(func() {
		fc.uiMu.Lock()
		defer fc.uiMu.Unlock()
		f()
	})
}

// wait runs the tests' gate, if any, at the start of background work.
func (fc *folderCtl) wait() {
	if fc.gate != nil {
		fc.gate()
	}
}

// reapplySoon searches again with the filter, once, a little later (rows
// came in): many listings make one search.
func (fc *folderCtl) reapplySoon() {
	if fc.nav.model.filter == nil || fc.reapplyDue {
		return
	}
	fc.reapplyDue = true
	fc.jobs.Add(1)
	time.AfterFunc(max(reapplyEvery, reapplyPause*fc.lastSearch), func() {
		defer fc.jobs.Done()
		fc.wait()
		fc.do(func() {
			fc.reapplyDue = false
			if fc.nav.model.filter != nil {
				start := time.Now()
				fc.nav.filter.reapply()
				fc.lastSearch = time.Since(start)
			}
		})
	})
}

// indexFolders lists every folder of the folder roots in the background
// while the filter is on (one folder root after another, one folder at a
// time), so that the filter searches them all; the filter searches again
// as they come in. It stops when the filter is cleared.
func (fc *folderCtl) indexFolders() {
	if fc.nav.model.filter == nil || fc.stopIndex != nil {
		return
	}
	var roots []*diskfolder.Folder
	var ctxs []context.Context
	for _, uid := range fc.nav.model.roots {
		if it := fc.nav.model.items[uid]; it != nil && it.file != nil && it.file.folder != nil {
			roots, ctxs = append(roots, it.file.folder), append(ctxs, it.file.ctx())
		}
	}
	if len(roots) == 0 {
		return
	}
	ctx, stop := context.WithCancel(context.Background())
	fc.stopIndex = stop
	fc.jobs.Add(1)
	go func() {
		defer fc.jobs.Done()
		fc.wait()
		last := time.Now()
		for i, r := range roots {
			index(ctx, ctxs[i], r, func() {
				if time.Since(last) >= reapplyEvery {
					last = time.Now()
					fc.do(fc.reapplySoon)
				}
			})
		}
		fc.do(fc.reapplySoon)
	}()
}

// stopIndexing stops indexFolders (the filter was cleared).
func (fc *folderCtl) stopIndexing() {
	if fc.stopIndex != nil {
		fc.stopIndex()
		fc.stopIndex = nil
	}
}

// index lists f and every folder below it, calling listed after each one,
// until either context is done.
func index(ctx, rootCtx context.Context, f *diskfolder.Folder, listed func()) {
	if ctx.Err() != nil || rootCtx.Err() != nil {
		return
	}
	if !f.Listed() {
		f.List(ctx, nil) // an error is kept with the listing
		if ctx.Err() != nil {
			return
		}
		listed()
	}
	entries, _ := f.Entries()
	for _, e := range entries {
		if sub, ok := e.(*diskfolder.Folder); ok {
			index(ctx, rootCtx, sub, listed)
		}
	}
}
