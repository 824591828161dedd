package txd

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/txd"
	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

// The dictionary edits of the TXD tab. Each is a function of formats/txd
// applied through the window's undo stack: structural edits install a new
// item list (Root.SetItems) and undo installs the old one; texture edits
// set the texture of a child and undo sets it back.

// toolbar is the edit buttons, two rows so they fit a narrow window.
func (v *dictView) toolbar() fyne.CanvasObject {
	b := func(label string, f func()) *widget.Button { return widget.NewButton(label, f) }
	return container.NewGridWithColumns(5,
		b(lang.X("txd.action.add", "Add image…"), v.imp.addDialog), b(lang.X("txd.action.remove", "Remove"), v.remove),
		b(lang.X("txd.action.rename", "Rename…"), v.rename), b(lang.X("txd.action.duplicate", "Duplicate"), v.duplicate),
		b(lang.X("txd.action.open", "Open"), v.open),
		b(lang.X("txd.action.up", "Up"), func() { v.move(-1) }), b(lang.X("txd.action.down", "Down"), func() { v.move(+1) }),
		b(lang.X("txd.action.mips", "Mips…"), v.mipsDialog),
		b(lang.X("txd.action.filter", "Filter…"), v.filterDialog), b(lang.X("txd.action.from_folder", "From folder…"), v.imp.folderDialog))
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
		v.h.Status(lang.X("txd.select_first", "select a texture in the list first"))
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

// fail reports that the operation what (as the window names it) failed.
func (v *dictView) fail(what string, err error) { v.h.Status(what + ": " + err.Error()) }

func (v *dictView) remove() {
	n, i := v.selected()
	if n == nil {
		return
	}
	next, err := txd.RemoveChildren(v.items(), i)
	if err != nil {
		v.fail(lang.X("txd.op.remove", "remove"), err)
		return
	}
	v.sel = nil
	v.applyItems(lang.X("txd.edit.remove", "Remove {{.Name}}", map[string]any{"Name": n.Name()}), next)
}

func (v *dictView) duplicate() {
	n, i := v.selected()
	if n == nil {
		return
	}
	items := v.items()
	next, err := txd.DuplicateChild(items, i, txd.UniqueName(items, n.Name()))
	if err != nil {
		v.fail(lang.X("txd.op.duplicate", "duplicate"), err)
		return
	}
	v.applyItems(lang.X("txd.edit.duplicate", "Duplicate {{.Name}}", map[string]any{"Name": n.Name()}), next)
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
		v.fail(lang.X("txd.op.move", "move"), err)
		return
	}
	v.applyItems(lang.X("txd.edit.move", "Move {{.Name}}", map[string]any{"Name": n.Name()}), next)
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
	dialog.ShowForm(lang.X("txd.rename.title", "Rename texture"), lang.X("txd.rename.confirm", "Rename"), lang.X("txd.cancel", "Cancel"),
		[]*widget.FormItem{widget.NewFormItem(lang.X("txd.rename.name", "Name"), name)}, func(ok bool) {
			if ok {
				v.renameTo(n, name.Text)
			}
		}, v.h.Window())
}

// renameTo renames n, refusing a name another texture has.
func (v *dictView) renameTo(n *txd.TexNode, name string) {
	old := n.Name()
	if !strings.EqualFold(name, old) && txd.HasName(v.items(), name) {
		v.h.Status(lang.X("txd.rename.taken", "rename: the dictionary already has a texture named {{.Name}}", map[string]any{"Name": name}))
		return
	}
	nt, err := txd.Rename(n.Texture(), name, n.Texture().Mask)
	if err != nil {
		v.fail(lang.X("txd.op.rename", "rename"), err)
		return
	}
	v.applyTextures(renameEdit(old, name), []*txd.TexNode{n}, []*txd.Texture{nt})
}

// renameEdit names the edit that renames texture old to name.
func renameEdit(old, name string) string {
	return lang.X("txd.edit.rename", "Rename {{.Old}} → {{.New}}", map[string]any{"Old": old, "New": name})
}

// mipChoices are the Mips… dialog's choices, as the edit names them
// (mipLabel is how the dialog shows them).
var mipChoices = []string{"none (1 level)", "box", "lanczos"}

// addMipChoices are the mip choices of an added image: its own levels (a
// DDS's; none for a PNG or TGA), or mipChoices.
var addMipChoices = append([]string{"keep imported"}, mipChoices...)

// mipLabel is how the window shows a mip choice.
func mipLabel(choice string) string {
	switch choice {
	case addMipChoices[0]:
		return lang.X("txd.mips.keep", "keep imported")
	case mipChoices[0]:
		return lang.X("txd.mips.none", "none (1 level)")
	case mipChoices[1]:
		return lang.X("txd.mips.box", "box")
	case mipChoices[2]:
		return lang.X("txd.mips.lanczos", "lanczos")
	}
	return choice
}

// choiceSelect is a Select of choices shown by their labels; chosen gives
// the choice selected.
func choiceSelect(choices []string, label func(string) string, selected string) (sel *widget.Select, chosen func() string) {
	labels := make([]string, len(choices))
	for i, c := range choices {
		labels[i] = label(c)
	}
	sel = widgets.NewSelect(labels, nil)
	sel.SetSelected(label(selected))
	return sel, func() string {
		if i := sel.SelectedIndex(); i >= 0 {
			return choices[i]
		}
		return selected
	}
}

func (v *dictView) mipsDialog() {
	n, _ := v.selected()
	if n == nil {
		return
	}
	sel, chosen := choiceSelect(mipChoices, mipLabel, mipChoices[1])
	dialog.ShowForm(lang.X("txd.mips.title", "Mip levels of {{.Name}}", map[string]any{"Name": n.Name()}),
		lang.X("txd.apply", "Apply"), lang.X("txd.cancel", "Cancel"),
		[]*widget.FormItem{widget.NewFormItem(lang.X("txd.mips.generate", "Generate"), sel)}, func(ok bool) {
			if ok {
				v.setMips(n, chosen())
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
		v.fail(lang.X("txd.op.mips", "mips"), err)
		return
	}
	v.applyTextures(lang.X("txd.edit.mips", "Mips {{.Name}} ({{.Choice}})", map[string]any{"Name": n.Name(), "Choice": mipLabel(choice)}),
		[]*txd.TexNode{n}, []*txd.Texture{nt})
}

func (v *dictView) filterDialog() {
	n, _ := v.selected()
	if n == nil {
		return
	}
	form, _ := modesEditor(v.h, n)
	d := dialog.NewCustomWithoutButtons(lang.X("txd.filter.title", "Filter and addressing of {{.Name}}", map[string]any{"Name": n.Name()}),
		form, v.h.Window())
	_, apply := modesEditor(v.h, n)
	apply.OnTapped = func() {
		sels := selectsOf(form)
		if len(sels) == 3 {
			v.setModes(n, sels[0].Selected, sels[1].Selected, sels[2].Selected)
		}
		d.Hide()
	}
	d.SetButtons([]fyne.CanvasObject{widget.NewButton(lang.X("txd.cancel", "Cancel"), d.Hide), apply})
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
		v.fail(lang.X("txd.op.filter", "filter/addressing"), err)
		return
	}
	if changed {
		v.applyTextures(filterEdit(n.Name()), []*txd.TexNode{n}, []*txd.Texture{nt})
	}
}

// filterEdit names the edit of texture name's filter and addressing.
func filterEdit(name string) string {
	return lang.X("txd.edit.filter", "Filter {{.Name}}", map[string]any{"Name": name})
}
