package ui

// textureDictionaryDialog is File › Set texture dictionary…: the chosen
// .txd is searched last for the textures of every open DFF model (after
// the ones its .ide files and its name lead to), as --txd does.
func (w *window) textureDictionaryDialog() { w.pickSideFile(".txd", w.setTextureDictionary) }

// setTextureDictionary sets the window's --txd option, which every open
// file shares: DFF models look their textures up again when next asked
// (formats/dff), so rebuilding the inspector shows them in the Preview and
// the Materials tab.
func (w *window) setTextureDictionary(path string) {
	w.opts.TXD = []string{path}
	w.Status("texture dictionary (searched last for a model's textures): " + path)
	if w.sel != nil {
		w.insp.show(w.sel)
	}
}
