package ui

import (
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
)

// textureDictionaryDialog is File › Set texture dictionary…: the chosen
// .txd is searched last for the textures of every open DFF model (after
// the ones its .ide files and its name lead to), as --txd does.
func (w *window) textureDictionaryDialog() {
	d := dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
		if err != nil {
			w.setError(err)
			return
		}
		if rc == nil {
			return
		}
		p := rc.URI().Path()
		rc.Close()
		setLastFolder(w.app, filepath.Dir(p))
		w.setTextureDictionary(p)
	}, w.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".txd"}))
	w.atLastFolder(d)
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}

// setTextureDictionary sets the window's --txd option, which every open
// file shares: DFF models look their textures up again when next asked
// (formats/dff), so rebuilding the inspector shows them in the Preview and
// the Materials tab.
func (w *window) setTextureDictionary(path string) {
	w.opts.TXD = path
	w.Status("texture dictionary (searched last for a model's textures): " + path)
	if w.sel != nil {
		w.insp.show(w.sel)
	}
}
