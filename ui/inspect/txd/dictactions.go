package txd

import (
	"image"
	_ "image/png" // PNG textures to add or replace
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/txd"
	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

// pngFiles lists the PNG files of paths: files as given, folders' PNGs
// (not their subfolders).
func pngFiles(paths []string) []string {
	var out []string
	for _, p := range paths {
		ents, err := os.ReadDir(p)
		if err != nil {
			out = append(out, p)
			continue
		}
		for _, e := range ents {
			if !e.IsDir() && strings.EqualFold(filepath.Ext(e.Name()), ".png") {
				out = append(out, filepath.Join(p, e.Name()))
			}
		}
	}
	return out
}

// The dictionary edits of the TXD tab. Each is a function of formats/txd
// applied through the window's undo stack: structural edits install a new
// item list (Root.SetItems) and undo installs the old one; texture edits
// set the texture of a child and undo sets it back.

// toolbar is the edit buttons, two rows so they fit a narrow window.
func (v *dictView) toolbar() fyne.CanvasObject {
	b := func(label string, f func()) *widget.Button { return widget.NewButton(label, f) }
	return container.NewGridWithColumns(5,
		b("Add PNG…", v.addDialog), b("Remove", v.remove), b("Rename…", v.rename), b("Duplicate", v.duplicate), b("Open", v.open),
		b("Up", func() { v.move(-1) }), b("Down", func() { v.move(+1) }), b("Mips…", v.mipsDialog),
		b("Filter…", v.filterDialog), b("From folder…", v.folderDialog))
}

// applyItems installs next as one undoable edit named name.
func (v *dictView) applyItems(name string, next []*txd.Item) {
	var prev []*txd.Item
	v.h.Apply(v.root, inspect.Edit{
		Name: name,
		Do: func() error {
			p, err := v.root.SetItems(next)
			if err == nil {
				prev = p
			}
			return err
		},
		Undo: func() error { _, err := v.root.SetItems(prev); return err },
	})
	v.reload()
}

// applyTextures sets the textures of nodes as one undoable edit.
func (v *dictView) applyTextures(name string, nodes []*txd.TexNode, texs []*txd.Texture) {
	old := make([]*txd.Texture, len(nodes))
	for i, n := range nodes {
		old[i] = n.Texture()
	}
	set := func(ts []*txd.Texture) error {
		for i, n := range nodes {
			if _, err := n.Set(ts[i]); err != nil {
				return err
			}
		}
		return nil
	}
	v.h.Apply(v.root, inspect.Edit{Name: name, Do: func() error { return set(texs) }, Undo: func() error { return set(old) }})
	v.reload()
}

// selected returns the selected texture and its child index, or says to
// select one.
func (v *dictView) selected() (*txd.TexNode, int) {
	n, ok := v.sel.(*txd.TexNode)
	if !ok {
		v.h.Status("select a texture in the list first")
		return nil, -1
	}
	kids, _ := v.root.Children()
	for i, k := range kids {
		if k == formats.Node(n) {
			return n, i
		}
	}
	return nil, -1
}

// items reads the item list, reporting a failure.
func (v *dictView) items() []*txd.Item {
	it, err := v.root.Items()
	if err != nil {
		v.h.Status(err.Error())
	}
	return it
}

func (v *dictView) fail(what string, err error) { v.h.Status(what + ": " + err.Error()) }

func (v *dictView) remove() {
	n, i := v.selected()
	if n == nil {
		return
	}
	next, err := txd.RemoveChildren(v.items(), i)
	if err != nil {
		v.fail("remove", err)
		return
	}
	v.sel = nil
	v.applyItems("Remove "+n.Name(), next)
}

func (v *dictView) duplicate() {
	n, i := v.selected()
	if n == nil {
		return
	}
	items := v.items()
	next, err := txd.DuplicateChild(items, i, txd.UniqueName(items, n.Name()))
	if err != nil {
		v.fail("duplicate", err)
		return
	}
	v.applyItems("Duplicate "+n.Name(), next)
}

// move moves the selected texture one place up (-1) or down (+1) in the
// dictionary.
func (v *dictView) move(d int) {
	n, i := v.selected()
	if n == nil {
		return
	}
	next, err := txd.MoveChild(v.items(), i, i+d)
	if err != nil {
		v.fail("move", err)
		return
	}
	v.applyItems("Move "+n.Name(), next)
}

func (v *dictView) open() {
	if v.sel != nil {
		v.h.SelectNode(v.sel)
	}
}

func (v *dictView) rename() {
	n, _ := v.selected()
	if n == nil {
		return
	}
	name := widget.NewEntry()
	name.SetText(n.Name())
	dialog.ShowForm("Rename texture", "Rename", "Cancel", []*widget.FormItem{widget.NewFormItem("Name", name)}, func(ok bool) {
		if ok {
			v.renameTo(n, name.Text)
		}
	}, v.h.Window())
}

// renameTo renames n, refusing a name another texture has.
func (v *dictView) renameTo(n *txd.TexNode, name string) {
	old := n.Name()
	if !strings.EqualFold(name, old) && txd.HasName(v.items(), name) {
		v.h.Status("rename: the dictionary already has a texture named " + name)
		return
	}
	nt, err := txd.Rename(n.Texture(), name, n.Texture().Mask)
	if err != nil {
		v.fail("rename", err)
		return
	}
	v.applyTextures("Rename "+old+" → "+name, []*txd.TexNode{n}, []*txd.Texture{nt})
}

// mipChoices are the Mips… dialog's choices.
var mipChoices = []string{"none (1 level)", "box", "lanczos"}

func (v *dictView) mipsDialog() {
	n, _ := v.selected()
	if n == nil {
		return
	}
	sel := widget.NewSelect(mipChoices, nil)
	sel.SetSelected(mipChoices[1])
	dialog.ShowForm("Mip levels of "+n.Name(), "Apply", "Cancel", []*widget.FormItem{widget.NewFormItem("Generate", sel)}, func(ok bool) {
		if ok {
			v.setMips(n, sel.Selected)
		}
	}, v.h.Window())
}

// setMips makes n's mip chain again by choice (a mipChoices entry).
func (v *dictView) setMips(n *txd.TexNode, choice string) {
	levels, f := 0, txd.MipBox
	switch choice {
	case mipChoices[0]:
		levels = 1
	case mipChoices[2]:
		f = txd.MipLanczos
	}
	nt, err := formats.Guard("mips", func() (*txd.Texture, error) { return txd.WithMips(n.Texture(), levels, f) })
	if err != nil {
		v.fail("mips", err)
		return
	}
	v.applyTextures("Mips "+n.Name()+" ("+choice+")", []*txd.TexNode{n}, []*txd.Texture{nt})
}

func (v *dictView) filterDialog() {
	n, _ := v.selected()
	if n == nil {
		return
	}
	form, _ := modesEditor(v.h, n)
	d := dialog.NewCustomWithoutButtons("Filter and addressing of "+n.Name(), form, v.h.Window())
	_, apply := modesEditor(v.h, n)
	apply.OnTapped = func() {
		sels := selectsOf(form)
		if len(sels) == 3 {
			v.setModes(n, sels[0].Selected, sels[1].Selected, sels[2].Selected)
		}
		d.Hide()
	}
	d.SetButtons([]fyne.CanvasObject{widget.NewButton("Cancel", d.Hide), apply})
	d.Show()
}

// selectsOf returns the Select widgets of a form, in order.
func selectsOf(c fyne.CanvasObject) []*widget.Select {
	var out []*widget.Select
	if ct, ok := c.(*fyne.Container); ok {
		for _, o := range ct.Objects {
			if s, ok := o.(*widget.Select); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// setModes sets n's filter and addressing modes.
func (v *dictView) setModes(n *txd.TexNode, filter, u, w string) {
	nt, changed, err := txd.WithModes(n.Texture(), filter, u, w)
	if err != nil {
		v.fail("filter/addressing", err)
		return
	}
	if changed {
		v.applyTextures("Filter "+n.Name(), []*txd.TexNode{n}, []*txd.Texture{nt})
	}
}

// platformOf returns the platform and RW stamp new textures get: those of
// the dictionary's first texture (D3D9, San Andreas when it has none).
func (v *dictView) platformOf() (uint32, uint32) {
	for _, it := range v.items() {
		if it.Tex != nil {
			return it.Tex.Platform, it.Tex.Stamp
		}
	}
	return txd.PlatformD3D9, txd.StampSA
}

func (v *dictView) addDialog() {
	d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
		if err != nil || r == nil {
			return
		}
		path := r.URI().Path()
		r.Close()
		format := widget.NewSelect(txd.StoredFormats(), nil)
		format.SetSelected("auto")
		mips := widget.NewSelect(mipChoices, nil)
		mips.SetSelected(mipChoices[0])
		dialog.ShowForm("Add "+filepath.Base(path), "Add", "Cancel", []*widget.FormItem{
			widget.NewFormItem("Stored format", format), widget.NewFormItem("Mips", mips)}, func(ok bool) {
			if ok {
				v.addFile(path, format.Selected, mips.Selected)
			}
		}, v.h.Window())
	}, v.h.Window())
	d.SetFilter(storage.NewExtensionFileFilter([]string{".png", ".PNG"}))
	d.Show()
}

// addFile adds the image at path as a texture named after the file.
func (v *dictView) addFile(path, format, mips string) {
	img, err := decodeFile(path)
	if err != nil {
		v.fail("add", err)
		return
	}
	items := v.items()
	plat, stamp := v.platformOf()
	o := txd.AddOptions{Name: txd.UniqueName(items, textureName(path)), Platform: plat, Stamp: stamp, Format: format}
	switch mips {
	case mipChoices[0]:
		o.Mips = 1
	case mipChoices[2]:
		o.MipFilter = txd.MipLanczos
	}
	t, err := formats.Guard("add", func() (*txd.Texture, error) { return txd.NewTextureFor(img, o) })
	if err != nil {
		v.fail("add", err)
		return
	}
	next, err := txd.AddTextures(items, t)
	if err != nil {
		v.fail("add", err)
		return
	}
	v.applyItems("Add "+t.Name, next)
}

// textureName is a file's name without its extension, cut to 31 bytes.
func textureName(path string) string {
	s := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	if len(s) > 31 {
		s = s[:31]
	}
	return s
}

func decodeFile(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	return img, err
}

func (v *dictView) folderDialog() {
	dialog.ShowFolderOpen(func(u fyne.ListableURI, err error) {
		if err == nil && u != nil {
			v.replaceFrom([]string{u.Path()})
		}
	}, v.h.Window())
}

// dropFolder takes folders (or PNG files) dropped on the window while the
// TXD is shown: their PNGs replace the textures of the same names.
func (v *dictView) dropFolder(paths []string) bool {
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil || !st.IsDir() && !strings.EqualFold(filepath.Ext(p), ".png") {
			return false
		}
	}
	v.replaceFrom(paths)
	return true
}

// replaceFrom replaces the textures named like the PNGs in the folders
// (or the PNG files) of paths, as one edit.
func (v *dictView) replaceFrom(paths []string) {
	imgs := map[string]image.Image{}
	for _, p := range pngFiles(paths) {
		img, err := decodeFile(p)
		if err != nil {
			v.fail(filepath.Base(p), err)
			return
		}
		imgs[textureName(p)] = img
	}
	items := v.items()
	var texs []*txd.Texture
	var unmatched []string
	idx, err := formats.Guard("replace", func() ([]int, error) {
		i, t, u, err := txd.ReplaceNamed(items, imgs)
		texs, unmatched = t, u
		return i, err
	})
	if err != nil {
		v.fail("replace", err)
		return
	}
	kids, _ := v.root.Children()
	var nodes []*txd.TexNode
	for _, i := range idx {
		nodes = append(nodes, kids[i].(*txd.TexNode))
	}
	if len(nodes) == 0 {
		v.h.Status("no PNG is named like a texture of the dictionary")
		return
	}
	v.applyTextures(widgets.Plural(len(nodes), "texture")+" replaced from PNGs", nodes, texs)
	if len(unmatched) > 0 {
		v.h.Status("replaced " + widgets.Plural(len(nodes), "texture") + "; no texture for " + strings.Join(unmatched, ", "))
	}
}
