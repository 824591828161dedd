// Package txd is the RenderWare inspector: the TXD and PS2 tabs of a TXD
// texture, the Sections tab of any RenderWare file and the header facts of
// a texture dictionary.
package txd

import (
	"fmt"
	"image"
	"image/color"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"rummage/export"
	"rummage/formats"
	"rummage/formats/rw"
	"rummage/formats/txd"
	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

// The TXD inspector tabs: "TXD" (facts, palette grid, Replace from PNG…,
// Rename, filter/addressing, Export), "PS2" (stored / unswizzled toggle,
// GS registers, GIF packets) and "Sections" (the RW section tree of any RW
// file, like RW Analyze).

// sectioned is a node that can show its RenderWare section tree.
type sectioned interface {
	Sections() ([]*rw.Section, error)
}

func init() {
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "TXD",
		Order: 20,
		Match: func(n formats.Node) bool { _, ok := n.(*txd.TexNode); return ok },
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			return &inspect.Tab{Title: "TXD", Content: newTXDTab(h, n.(*txd.TexNode))}
		},
	})
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "PS2",
		Order: 21,
		Match: func(n formats.Node) bool {
			t, ok := n.(*txd.TexNode)
			return ok && t.Texture().Platform == txd.PlatformPS2
		},
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			return &inspect.Tab{Title: "PS2", Content: newPS2Tab(n.(*txd.TexNode))}
		},
	})
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "Sections",
		Order: 30,
		Match: func(n formats.Node) bool { _, ok := n.(sectioned); return ok },
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			return &inspect.Tab{Title: lang.X("tab.sections", "Sections"), Content: newSectionsView(n.(sectioned))}
		},
	})
}

func mono(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.TextStyle = fyne.TextStyle{Monospace: true}
	return l
}

// paletteCell is the size of one swatch of the palette grid, in pixels of
// the swatch image (drawn 1:1 at scale 1).
const paletteCell = 18

// swatchImage draws the palette as a grid of 16 swatches a row: the upper
// left half of each swatch is the colour without alpha, the rest the colour
// over a checkerboard, so transparent entries are visible.
func swatchImage(pal []color.NRGBA) *image.NRGBA {
	cols := min(len(pal), 16)
	rows := (len(pal) + 15) / 16
	img := image.NewNRGBA(image.Rect(0, 0, cols*paletteCell, rows*paletteCell))
	for i, v := range pal {
		cx, cy := i%16*paletteCell, i/16*paletteCell
		r, g, b, a := int(v.R), int(v.G), int(v.B), int(v.A)
		for y := 0; y < paletteCell; y++ {
			for x := 0; x < paletteCell; x++ {
				var c color.NRGBA
				switch {
				case x == paletteCell-1 || y == paletteCell-1:
					c = color.NRGBA{} // gap between swatches
				case x == 0 || y == 0 || x == paletteCell-2 || y == paletteCell-2:
					c = color.NRGBA{128, 128, 128, 255}
				case x+y < paletteCell-2:
					c = color.NRGBA{byte(r), byte(g), byte(b), 255}
				default:
					bg := 200
					if (x/4+y/4)%2 == 0 {
						bg = 120
					}
					mix := func(v int) byte { return byte((v*a + bg*(255-a) + 127) / 255) }
					c = color.NRGBA{mix(r), mix(g), mix(b), 255}
				}
				img.SetNRGBA(cx+x, cy+y, c)
			}
		}
	}
	return img
}

// paletteView shows a palette as swatches; hovering or tapping one shows
// its index and RGBA value below the grid.
type paletteView struct {
	widget.BaseWidget
	pal  []color.NRGBA
	img  *canvas.Image
	info *widget.Label
}

func newPaletteView(pal []color.NRGBA, info *widget.Label) *paletteView {
	v := &paletteView{pal: pal, info: info}
	v.img = canvas.NewImageFromImage(swatchImage(pal))
	v.img.ScaleMode = canvas.ImageScalePixels
	v.img.FillMode = canvas.ImageFillContain
	b := v.img.Image.Bounds()
	v.img.SetMinSize(fyne.NewSize(float32(b.Dx()), float32(b.Dy())))
	v.ExtendBaseWidget(v)
	return v
}

// CreateRenderer draws the swatch image.
func (v *paletteView) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(v.img) }

// entryAt returns the palette index under a position, or -1.
func (v *paletteView) entryAt(p fyne.Position) int {
	if p.X < 0 || p.Y < 0 {
		return -1
	}
	i := int(p.Y)/paletteCell*16 + int(p.X)/paletteCell
	if int(p.X)/paletteCell >= 16 || i >= len(v.pal) {
		return -1
	}
	return i
}

func (v *paletteView) show(p fyne.Position) {
	if i := v.entryAt(p); i >= 0 {
		e := v.pal[i]
		v.info.SetText(lang.X("txd.palette.entry", "entry {{.Index}}", map[string]any{"Index": i}) +
			fmt.Sprintf(": R %d  G %d  B %d  A %d  #%02X%02X%02X%02X", e.R, e.G, e.B, e.A, e.R, e.G, e.B, e.A))
	}
}

// MouseIn shows the entry under the pointer.
func (v *paletteView) MouseIn(e *desktop.MouseEvent) { v.show(e.Position) }

// MouseMoved shows the entry under the pointer.
func (v *paletteView) MouseMoved(e *desktop.MouseEvent) { v.show(e.Position) }

// MouseOut keeps the last entry shown.
func (v *paletteView) MouseOut() {}

// Tapped shows the tapped entry.
func (v *paletteView) Tapped(e *fyne.PointEvent) { v.show(e.Position) }

// paletteGrid shows palette entries as swatches, 16 per row, with the
// value of the entry under the pointer.
func paletteGrid(pal []color.NRGBA) fyne.CanvasObject {
	if len(pal) == 0 {
		return widget.NewLabel(lang.X("txd.palette.none", "no palette"))
	}
	info := mono(lang.X("txd.palette.hint", "hover over an entry for its value"))
	return container.NewVBox(container.NewHBox(newPaletteView(pal, info)), info)
}

// PaletteText lists the entries (for copying and for tests).
func PaletteText(pal []color.NRGBA) string {
	var b strings.Builder
	for i, v := range pal {
		fmt.Fprintf(&b, "%3d: %02X %02X %02X %02X\n", i, v.R, v.G, v.B, v.A)
	}
	return b.String()
}

// txdEdit applies a texture replacement as an undoable edit.
func txdEdit(h inspect.Host, n *txd.TexNode, name string, nt *txd.Texture) {
	old := n.Texture()
	h.Apply(n, inspect.Edit{
		Name: name,
		Do:   func() error { _, err := n.Set(nt); return err },
		Undo: func() error { _, err := n.Set(old); return err },
	})
	// Re-show the node so every tab reflects the edit (selecting the node
	// that is already selected does not rebuild the inspector).
	h.SelectNode(n.Root())
	h.SelectNode(n)
}

func newTXDTab(h inspect.Host, n *txd.TexNode) fyne.CanvasObject {
	t := n.Texture()
	facts := fmt.Sprintf("%s  %d×%d  %s  %s  RW %s  ", t.Name, t.Width, t.Height, t.FormatName(), t.PlatformName(), t.RWVersion()) +
		lang.X("txd.facts.depth", "depth {{.Depth}}", map[string]any{"Depth": t.Depth}) + "  " +
		lang.XN("count.level", "{{.PluralCount}} levels", len(t.Levels))
	facts += "\n" + lang.X("txd.facts.raster", "raster {{.Format}}", map[string]any{"Format": txd.RasterFormatText(t.RasterFormat)})
	if t.Mask != "" {
		facts += "  " + lang.X("txd.facts.mask", "mask {{.Mask}}", map[string]any{"Mask": t.Mask})
	}
	if t.Swizzled() {
		facts += "  " + lang.X("txd.facts.swizzled", "swizzled")
	}
	if t.PS2 != nil && t.PS2.Experimental {
		facts += "\n⚠ " + lang.X("txd.facts.experimental", "PS2 mipmap GS layout rebuilt by the experimental allocator (not yet checked against RenderWare)")
	}
	status := widget.NewLabel("")
	status.Wrapping = fyne.TextWrapWord

	// Export goes through the window's Export… (atomic files, progress,
	// failures reported), with PNG chosen for the texture.
	exportB := widget.NewButton(lang.X("txd.export_png", "Export PNG…"), func() { h.Export(n, export.PNG) })
	props, apply := modesEditor(h, n)

	var diags []string
	for _, d := range t.Diags {
		diags = append(diags, d.String())
	}
	if len(diags) > 0 {
		status.SetText("⚠ " + strings.Join(diags, "\n"))
	} else {
		status.Hide()
	}
	pal := t.PaletteColors()
	var palBox fyne.CanvasObject = widget.NewLabel(lang.X("txd.palette.none", "no palette"))
	if len(pal) > 0 {
		palBox = container.NewVBox(widget.NewLabel(lang.XN("txd.palette.title", "Palette: {{.PluralCount}} entries ({{.Format}})", len(pal),
			map[string]any{"PluralCount": len(pal), "Format": t.PaletteFormatName()})), paletteGrid(pal))
	}
	body := container.NewVBox(
		mono(facts),
		container.NewHBox(replaceButton(h, n), renameButton(h, n), exportB),
		widget.NewSeparator(),
		widget.NewLabelWithStyle(lang.X("txd.rendering", "Rendering properties"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewGridWithColumns(2, props, layout.NewSpacer()),
		container.NewHBox(apply),
		status,
		widget.NewSeparator(),
		palBox,
	)
	return container.NewVScroll(body)
}

// replaceButton replaces the texture from a PNG the user picks, off the UI
// goroutine.
func replaceButton(h inspect.Host, n *txd.TexNode) *widget.Button {
	return widget.NewButton(lang.X("txd.replace_png", "Replace from PNG…"), func() {
		d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
			if err != nil || r == nil {
				return
			}
			cur := n.Texture()
			h.Status(lang.X("txd.replacing", "replacing {{.Name}}…", map[string]any{"Name": cur.Name}))
			// Decoding, scaling, quantising and re-encoding a large image
			// takes a moment: do it off the UI goroutine.
			go func() {
				defer r.Close()
				img, _, err := image.Decode(r)
				var nt *txd.Texture
				if err == nil {
					nt, err = formats.Guard("replace "+cur.Name, func() (*txd.Texture, error) { return txd.Replace(cur, img) })
				}
				fyne.Do(func() {
					if err != nil {
						h.Status(lang.X("txd.op.replace", "replace") + ": " + err.Error())
						return
					}
					if n.Texture() != cur {
						h.Status(lang.X("txd.replace.changed", "replace: the texture changed meanwhile; not replaced"))
						return
					}
					msg := lang.X("txd.edit.replace_one", "Replace {{.Name}}", map[string]any{"Name": nt.Name})
					if nt.PS2 != nil && nt.PS2.Experimental {
						msg += " (" + lang.X("txd.replace.experimental", "experimental PS2 mipmap layout") + ")"
					}
					txdEdit(h, n, msg, nt)
					h.Status(msg)
				})
			}()
		}, h.Window())
		d.SetFilter(storage.NewExtensionFileFilter([]string{".png", ".PNG"}))
		d.Show()
	})
}

// renameButton renames the texture and its mask.
func renameButton(h inspect.Host, n *txd.TexNode) *widget.Button {
	t := n.Texture() // the edit is named after the name the tab shows
	return widget.NewButton(lang.X("txd.rename.button", "Rename…"), func() {
		name := widget.NewEntry()
		name.SetText(n.Texture().Name)
		mask := widget.NewEntry()
		mask.SetText(n.Texture().Mask)
		dialog.ShowForm(lang.X("txd.rename.title", "Rename texture"), lang.X("txd.rename.confirm", "Rename"), lang.X("txd.cancel", "Cancel"),
			[]*widget.FormItem{
				widget.NewFormItem(lang.X("txd.rename.name", "Name"), name), widget.NewFormItem(lang.X("txd.rename.mask", "Mask"), mask),
			}, func(ok bool) {
				if !ok {
					return
				}
				nt, err := txd.Rename(n.Texture(), name.Text, mask.Text)
				if err != nil {
					h.Status(lang.X("txd.op.rename", "rename") + ": " + err.Error())
					return
				}
				txdEdit(h, n, renameEdit(t.Name, name.Text), nt)
			}, h.Window())
	})
}

// modesEditor is the filter and addressing form and its Apply button.
func modesEditor(h inspect.Host, n *txd.TexNode) (fyne.CanvasObject, *widget.Button) {
	t := n.Texture()
	filter := widgets.NewSelect(txd.FilterModes(), nil)
	filter.SetSelected(txd.FilterName(t.Filter()))
	uAddr := widgets.NewSelect(txd.AddressModes(), nil)
	uAddr.SetSelected(txd.AddressName(t.UAddress()))
	vAddr := widgets.NewSelect(txd.AddressModes(), nil)
	vAddr.SetSelected(txd.AddressName(t.VAddress()))
	apply := widget.NewButton(lang.X("txd.filter.apply", "Apply filter/addressing"), func() {
		cur := n.Texture()
		nt, changed, err := txd.WithModes(cur, filter.Selected, uAddr.Selected, vAddr.Selected)
		if err != nil {
			h.Status(lang.X("txd.op.filter", "filter/addressing") + ": " + err.Error())
			return
		}
		if changed {
			txdEdit(h, n, filterEdit(cur.Name), nt)
		}
	})
	// The modes keep RenderWare's names (NEAREST, WRAP, …).
	return container.New(layout.NewFormLayout(),
		widget.NewLabel(lang.X("txd.filter.filter", "Filter")), filter, widget.NewLabel(lang.X("txd.filter.u", "U address")), uAddr,
		widget.NewLabel(lang.X("txd.filter.v", "V address")), vAddr), apply
}

// storedImager shows a PS2 texture in stored (swizzled) or unswizzled order.
type storedImager struct {
	n      *txd.TexNode
	stored bool
}

// Levels returns the mip level count.
func (s *storedImager) Levels() int { return len(s.n.Texture().Levels) }

// Image decodes a level in the chosen order.
func (s *storedImager) Image(lv int) (image.Image, error) {
	if s.stored {
		return s.n.Texture().StoredImage(lv)
	}
	return s.n.Texture().Image(lv)
}

// RegisterGroups returns the PS2 facts of t as titled blocks of aligned
// "name  value" lines: the GS registers, the Sky Mipmap Val and every
// level's transfer (the PS2 tab's content, for copying and tests).
func RegisterGroups(t *txd.Texture) (titles []string, blocks []string) {
	if t.PS2 == nil {
		return nil, nil
	}
	var cur *strings.Builder
	add := func(title string) {
		titles = append(titles, title)
		blocks = append(blocks, "")
		cur = &strings.Builder{}
	}
	flush := func() {
		if cur != nil {
			blocks[len(blocks)-1] = strings.TrimRight(cur.String(), "\n")
		}
	}
	group := ""
	for _, f := range t.PS2.Registers() {
		if f.Group != group || cur == nil {
			flush()
			group = f.Group
			add(group)
		}
		fmt.Fprintf(cur, "%-15s %s\n", f.Name, f.Value)
	}
	if t.HasSky {
		fmt.Fprintf(cur, "%-15s 0x%X\n", "Sky Mipmap Val", t.SkyMipmap)
	}
	flush()
	add(lang.X("txd.ps2.levels", "Levels"))
	for i, L := range t.Levels {
		cur.WriteString(lang.XN("txd.ps2.level", "{{.Level}}: {{.Size}} in a {{.Buffer}} buffer, {{.PluralCount}} bytes", len(L.Data),
			map[string]any{"Level": i, "Size": fmt.Sprintf("%d×%d", L.Width, L.Height), "Buffer": fmt.Sprintf("%d×%d", L.BufW, L.BufH),
				"PluralCount": len(L.Data)}))
		if L.Swizzled {
			cur.WriteString(", " + lang.X("txd.facts.swizzled", "swizzled"))
		}
		if L.GIF != nil {
			dx, dy, rrw, rrh, nloop := txd.GIFFields(L.GIF)
			fmt.Fprintf(cur, "\n   TRXPOS %d,%d  TRXREG %d×%d  NLOOP %d", dx, dy, rrw, rrh, nloop)
		} else {
			cur.WriteString("\n   " + lang.X("txd.ps2.no_gif", "no GIF packet (headerless layout)"))
		}
		cur.WriteString("\n")
	}
	flush()
	return titles, blocks
}

func newPS2Tab(n *txd.TexNode) fyne.CanvasObject {
	t := n.Texture()
	view := container.NewStack()
	show := func(stored bool) {
		iv := widgets.NewImageView(&storedImager{n: n, stored: stored}, false)
		view.Objects = []fyne.CanvasObject{iv.Content}
		view.Refresh()
	}
	unswizzled, stored := lang.X("txd.ps2.unswizzled", "Unswizzled"), lang.X("txd.ps2.stored", "Stored")
	order := widget.NewRadioGroup([]string{unswizzled, stored}, func(s string) { show(s == stored) })
	order.Horizontal = true
	order.SetSelected(unswizzled)
	hint := widget.NewLabel("")
	if t.Swizzled() {
		hint.SetText(lang.X("txd.ps2.stored_hint", "Stored: the transfer buffer as uploaded (swizzled)"))
	} else {
		hint.SetText(lang.X("txd.ps2.not_swizzled", "not swizzled: both orders are the same"))
	}
	hint.Importance = widget.LowImportance
	hint.Truncation = fyne.TextTruncateEllipsis // beside the radio buttons, it must not widen the tab

	titles, blocks := RegisterGroups(t)
	side := container.NewVBox()
	for i, title := range titles {
		side.Add(widget.NewLabelWithStyle(title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
		side.Add(mono(blocks[i]))
	}
	copyBtn := widget.NewButton(lang.X("txd.copy_text", "Copy as text"), func() {
		var b strings.Builder
		for i, title := range titles {
			fmt.Fprintf(&b, "%s\n%s\n\n", title, blocks[i])
		}
		if app := fyne.CurrentApp(); app != nil {
			app.Clipboard().SetContent(b.String())
		}
	})
	pal := t.PaletteColors()
	palTitle := lang.X("txd.palette.none", "no palette")
	if len(pal) > 0 {
		palTitle = lang.XN("txd.ps2.clut", "CLUT: {{.PluralCount}} entries ({{.Format}})", len(pal),
			map[string]any{"PluralCount": len(pal), "Format": t.PaletteFormatName()})
		if len(pal) == 256 {
			palTitle += ", " + lang.X("txd.ps2.clut_order", "shown in index order (stored CSM1)")
		}
	}
	side.Add(widget.NewLabelWithStyle(palTitle, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
	if len(pal) > 0 {
		side.Add(paletteGrid(pal))
	}
	right := container.NewBorder(container.NewHBox(widget.NewLabelWithStyle(lang.X("txd.ps2.registers", "GS registers"),
		fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), copyBtn), nil, nil, nil,
		container.NewScroll(side))
	left := container.NewBorder(container.NewBorder(nil, nil, widgets.Bordered(order), nil, hint), nil, nil, nil, view)
	split := container.NewHSplit(left, right)
	split.Offset = 0.55
	return split
}

// sectionLabel is one line of the section tree as text: its name, then
// its facts (for copying and tests).
func sectionLabel(s *rw.Section) string {
	return fmt.Sprintf("%-24s  %s", s.Name(), sectionFacts(s))
}

// sectionFacts are a section's size, offset and RW version (and error).
func sectionFacts(s *rw.Section) string {
	v := s.Version()
	ver := rw.VersionString(v)
	if b := s.Build(); b != 0 {
		ver += " (" + lang.X("txd.section.build", "build {{.Build}}", map[string]any{"Build": fmt.Sprintf("0x%X", b)}) + ")"
	}
	l := lang.X("txd.section.size", "size") +
		fmt.Sprintf(" 0x%-6X %-8s  @0x%-6X %s", s.Size, "("+strconv.FormatUint(uint64(s.Size), 10)+")", s.Off, ver)
	if s.Err != nil {
		l += "  ✕ " + s.Err.Error()
	}
	return l
}

// SectionLines renders a section tree as indented text (the view's content, for copy and tests).
func SectionLines(secs []*rw.Section) []string {
	var out []string
	rw.Walk(secs, func(s *rw.Section, d int) { out = append(out, strings.Repeat("  ", d)+sectionLabel(s)) })
	return out
}

func newSectionsView(n sectioned) fyne.CanvasObject {
	secs, err := n.Sections()
	byID := map[string]*rw.Section{}
	kids := map[string][]string{}
	var add func(parent string, l []*rw.Section)
	add = func(parent string, l []*rw.Section) {
		for i, s := range l {
			id := parent + "/" + strconv.Itoa(i)
			byID[id] = s
			kids[parent] = append(kids[parent], id)
			add(id, s.Children)
		}
	}
	add("", secs)
	tree := widget.NewTree(
		func(id widget.TreeNodeID) []widget.TreeNodeID { return kids[id] },
		func(id widget.TreeNodeID) bool { return id == "" || len(kids[id]) > 0 },
		// The name at the left, the facts at the right edge: one line
		// of text was cut off in a narrow inspector.
		func(bool) fyne.CanvasObject { return container.NewBorder(nil, nil, widget.NewLabel(""), mono("")) },
		func(id widget.TreeNodeID, _ bool, o fyne.CanvasObject) {
			if s := byID[id]; s != nil {
				row := o.(*fyne.Container)
				row.Objects[0].(*widget.Label).SetText(s.Name())
				row.Objects[1].(*widget.Label).SetText(sectionFacts(s))
			}
		})
	tree.OpenAllBranches()
	top := widget.NewLabel(lang.XN("txd.sections.top", "{{.PluralCount}} top-level sections", len(secs)))
	if p, ok := n.(interface{ Padding() int }); ok && p.Padding() > 0 {
		top.SetText(top.Text + ", " + lang.XN("txd.sections.padding", "then {{.PluralCount}} bytes of zero padding", p.Padding()))
	}
	if err != nil {
		top.SetText(top.Text + "  ⚠ " + err.Error())
	}
	copyBtn := widget.NewButton(lang.X("txd.copy_text", "Copy as text"), func() {
		if app := fyne.CurrentApp(); app != nil {
			app.Clipboard().SetContent(strings.Join(SectionLines(secs), "\n"))
		}
	})
	return container.NewBorder(container.NewHBox(top, copyBtn), nil, nil, nil, tree)
}
