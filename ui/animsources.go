package ui

import (
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"

	"rummage/formats"
)

// OpenRoots returns the roots of the open files (inspect.AnimationSources).
func (c *fileList) OpenRoots() []formats.Node {
	out := make([]formats.Node, 0, len(c.files))
	for _, f := range c.files {
		if f.root != nil && f.err == nil {
			out = append(out, f.root)
		}
	}
	return out
}

// OpenAnimations is File › Open animations…: an open dialog for .ifp and
// .omf files; the file is opened in the tree and done gets its root.
func (c *fileList) OpenAnimations(done func(root formats.Node)) {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil {
			c.status.setError(err)
			return
		}
		if r == nil {
			return
		}
		p := r.URI().Path()
		r.Close()
		setLastFolder(c.app, filepath.Dir(p))
		j := c.openPaths([]string{p}, true)
		go func() {
			<-j.done
			fyne.Do(func() {
				if root := c.rootOf(p); root != nil && done != nil {
					done(root)
				}
			})
		}()
	}, c.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".ifp", ".IFP", ".omf", ".OMF"}))
	d.SetTitleText(lang.X("anim.open.title", "Open animations"))
	c.atLastFolder(d)
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}

// rootOf returns the root of the open file at path, nil when none.
func (c *fileList) rootOf(path string) formats.Node {
	abs, _ := filepath.Abs(path)
	for _, f := range c.files {
		if fa, _ := filepath.Abs(f.path); f.path != "" && fa == abs && f.err == nil {
			return f.root
		}
	}
	return nil
}
