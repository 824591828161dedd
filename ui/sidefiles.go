package ui

import (
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"
)

// The side files: a material library and a texture dictionary that every
// open file uses where it finds none of its own (--materials, --txd).

// textureDictionaryDialog is File › Set texture dictionary…: the chosen
// .txd is searched last for the textures of every open DFF model (after
// the ones its .ide files and its name lead to), as --txd does.
func (c *fileList) textureDictionaryDialog() { c.pickSideFile(".txd", c.setTextureDictionary) }

// setTextureDictionary sets the window's --txd option, which every open
// file shares: DFF models look their textures up again when next asked
// (formats/dff), so rebuilding the inspector shows them in the Preview and
// the Materials tab.
func (c *fileList) setTextureDictionary(path string) {
	c.opts.TXD = []string{path}
	c.status.Status(lang.X("open.txd_set", "texture dictionary (searched last for a model's textures): {{.Path}}", map[string]any{"Path": path}))
	c.shown.reshow()
}

// materialLibraryDialog is File › Set material library…: the chosen
// library resolves WEAR rows and MSH batches of every open file (where none
// is found beside a file), as --materials does.
func (c *fileList) materialLibraryDialog() { c.pickSideFile(".lib", c.setMaterialLibrary) }

// pickSideFile asks for a file with extension ext that the open files use
// (a material library, a texture dictionary), starting in the last folder,
// and hands its path to set.
func (c *fileList) pickSideFile(ext string, set func(path string)) {
	d := dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
		if err != nil {
			c.status.setError(err)
			return
		}
		if rc == nil {
			return
		}
		p := rc.URI().Path()
		rc.Close()
		setLastFolder(c.app, filepath.Dir(p))
		set(p)
	}, c.win)
	d.SetFilter(storage.NewExtensionFileFilter([]string{ext}))
	c.atLastFolder(d)
	d.Resize(fyne.NewSize(900, 600))
	d.Show()
}

// setMaterialLibrary sets the window's --materials option, which every
// open file shares, and rebuilds the inspector so its tabs resolve again.
func (c *fileList) setMaterialLibrary(path string) {
	c.opts.Materials = path
	c.status.Status(lang.X("material.library_set", "material library (used where none is found beside a file): {{.Path}}", map[string]any{"Path": path}))
	c.shown.reshow()
}
