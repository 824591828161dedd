package diskfolder

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"rummage/formats"
)

// Listing: the names come from one read of the folder; the files are then
// sniffed in name order, a chunk at a time by sniffers side by side (the
// work is mostly waiting on the disk), and reported as they are done.
const (
	firstChunk    = 128                   // files sniffed before the first report
	chunk         = 1024                  // files per chunk after the first
	sniffers      = 8                     // files sniffed at once
	progressEvery = 50 * time.Millisecond // the least time between two reports
)

// List lists the folder unless it is listed already: it reads the names,
// then sniffs the files. progress (may be nil) is called on this goroutine
// with the entries found so far, each call's a longer prefix of the final
// Entries (the subfolders and the first files as soon as they are known,
// then more at most every 50 ms), and last with them all. A cancelled
// listing returns ctx's error and leaves the folder unlisted; a folder
// that cannot be read (in full) is listed with the error. Listings of one
// folder run one at a time: a second waits for the first.
func (f *Folder) List(ctx context.Context, progress func(entries []formats.Node)) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.listed.Load() {
		entries, err := f.list(ctx, progress)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		f.entries, f.err = entries, err
		f.listed.Store(true)
	}
	if progress != nil {
		progress(f.entries[:len(f.entries):len(f.entries)])
	}
	return f.err
}

// list reads and sniffs the folder's entries (see List).
func (f *Folder) list(ctx context.Context, progress func([]formats.Node)) ([]formats.Node, error) {
	folders, files, err := f.read()
	entries := make([]formats.Node, 0, len(folders)+len(files))
	for _, d := range folders {
		entries = append(entries, d)
	}
	last := time.Time{}
	for start := 0; start < len(files); {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		end := min(len(files), start+chunk)
		if start == 0 {
			end = min(len(files), firstChunk)
		}
		sniffAll(files[start:end])
		for _, fl := range files[start:end] {
			entries = append(entries, fl)
		}
		start = end
		if now := time.Now(); progress != nil && start < len(files) && now.Sub(last) >= progressEvery {
			last = now
			progress(entries[:len(entries):len(entries)])
		}
	}
	return entries, err
}

// read reads the folder's names: the subfolders and the files to list,
// each in name order (letter case aside), and the error that stopped the
// read, if any.
func (f *Folder) read() ([]*Folder, []*File, error) {
	des, err := os.ReadDir(f.path)
	if err != nil {
		err = fmt.Errorf("listing %s: %w", f.path, err)
	}
	var folders []*Folder
	var files []*File
	for _, de := range des {
		name := de.Name()
		if strings.HasPrefix(name, ".") || formats.IsBackupName(name) {
			continue
		}
		switch t := de.Type(); {
		case t.IsDir():
			folders = append(folders, &Folder{path: filepath.Join(f.path, name), name: name, tree: f.tree})
		case t.IsRegular():
			files = append(files, &File{dir: f, name: name})
		case t&os.ModeSymlink != 0:
			// A link to a file is listed as the file; a link to a folder
			// is left out (it may loop).
			if st, serr := os.Stat(filepath.Join(f.path, name)); serr == nil && st.Mode().IsRegular() {
				files = append(files, &File{dir: f, name: name})
			}
		}
	}
	slices.SortFunc(folders, func(a, b *Folder) int { return byName(a.name, b.name) })
	slices.SortFunc(files, func(a, b *File) int { return byName(a.name, b.name) })
	return folders, files, err
}

// byName orders names letter case aside, then by their bytes.
func byName(a, b string) int {
	return cmp.Or(strings.Compare(strings.ToLower(a), strings.ToLower(b)), strings.Compare(a, b))
}

// sniffAll sniffs files, several at once.
func sniffAll(files []*File) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(sniffers, len(files)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < len(files); i = int(next.Add(1) - 1) {
				files[i].sniff()
			}
		}()
	}
	wg.Wait()
}
