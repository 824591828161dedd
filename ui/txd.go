package ui

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/rw"
	"rummage/formats/txd"
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
	RegisterTab(TabProvider{
		Name:  "TXD",
		Order: 20,
		Match: func(n formats.Node) bool { _, ok := n.(*txd.TexNode); return ok },
		Make:  func(h Host, n formats.Node) *Tab { return &Tab{Title: "TXD", Content: newTXDTab(h, n.(*txd.TexNode))} },
	})
	RegisterTab(TabProvider{
		Name:  "PS2",
		Order: 21,
		Match: func(n formats.Node) bool {
			t, ok := n.(*txd.TexNode)
			return ok && t.Texture().Platform == txd.PlatformPS2
		},
		Make: func(h Host, n formats.Node) *Tab { return &Tab{Title: "PS2", Content: newPS2Tab(n.(*txd.TexNode))} },
	})
	RegisterTab(TabProvider{
		Name:  "Sections",
		Order: 30,
		Match: func(n formats.Node) bool { _, ok := n.(sectioned); return ok },
		Make: func(h Host, n formats.Node) *Tab {
			return &Tab{Title: "Sections", Content: newSectionsView(n.(sectioned))}
		},
	})
}

func mono(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.TextStyle = fyne.TextStyle{Monospace: true}
	return l
}

// paletteGrid shows palette entries as swatches, 16 per row.
func paletteGrid(pal []uint32) fyne.CanvasObject {
	if len(pal) == 0 {
		return widget.NewLabel("no palette")
	}
	var cells []fyne.CanvasObject
	for _, v := range pal {
		c := color.NRGBA{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)}
		r := canvas.NewRectangle(c)
		r.SetMinSize(fyne.NewSize(16, 16))
		r.StrokeColor = color.NRGBA{128, 128, 128, 255}
		r.StrokeWidth = 0.5
		cells = append(cells, r)
	}
	return container.NewHBox(container.NewGridWithColumns(16, cells...))
}

// PaletteText lists the entries (for copying and for tests).
func PaletteText(pal []uint32) string {
	var b strings.Builder
	for i, v := range pal {
		fmt.Fprintf(&b, "%3d: %02X %02X %02X %02X\n", i, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	return b.String()
}

var filterOptions = []string{"NA", "NEAREST", "LINEAR", "MIPNEAREST", "MIPLINEAR", "LINEARMIPNEAREST", "LINEARMIPLINEAR"}
var addressOptions = []string{"NA", "WRAP", "MIRROR", "CLAMP", "BORDER"}

func indexOf(list []string, s string) uint32 {
	for i, v := range list {
		if v == s {
			return uint32(i)
		}
	}
	return 0
}

// txdEdit applies a texture replacement as an undoable edit.
func txdEdit(h Host, n *txd.TexNode, name string, nt *txd.Texture) {
	old := n.Texture()
	h.Apply(n, Edit{
		Name: name,
		Do:   func() error { _, err := n.Set(nt); return err },
		Undo: func() error { _, err := n.Set(old); return err },
	})
	// Re-show the node so every tab reflects the edit (selecting the node
	// that is already selected does not rebuild the inspector).
	h.SelectNode(n.Root())
	h.SelectNode(n)
}

func newTXDTab(h Host, n *txd.TexNode) fyne.CanvasObject {
	t := n.Texture()
	facts := fmt.Sprintf("%s  %d×%d  %s  %s  RW %s  depth %d  %d level(s)", t.Name, t.Width, t.Height, t.FormatName(),
		t.PlatformName(), rw.VersionString(rw.Header{Stamp: t.Stamp}.Version()), t.Depth, len(t.Levels))
	if t.Mask != "" {
		facts += "  mask " + t.Mask
	}
	if t.Swizzled() {
		facts += "  swizzled"
	}
	status := widget.NewLabel("")
	status.Wrapping = fyne.TextWrapWord

	replace := widget.NewButton("Replace from PNG…", func() {
		d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
			if err != nil || r == nil {
				return
			}
			defer r.Close()
			img, _, err := image.Decode(r)
			if err != nil {
				h.Status("replace: " + err.Error())
				return
			}
			nt, err := txd.Replace(n.Texture(), img)
			if err != nil {
				h.Status("replace: " + err.Error())
				return
			}
			msg := "Replace " + nt.Name
			if nt.PS2 != nil && nt.PS2.Experimental {
				msg += " (experimental PS2 mipmap layout)"
			}
			txdEdit(h, n, msg, nt)
		}, h.Window())
		d.SetFilter(storage.NewExtensionFileFilter([]string{".png", ".PNG"}))
		d.Show()
	})
	rename := widget.NewButton("Rename…", func() {
		name := widget.NewEntry()
		name.SetText(n.Texture().Name)
		mask := widget.NewEntry()
		mask.SetText(n.Texture().Mask)
		dialog.ShowForm("Rename texture", "Rename", "Cancel", []*widget.FormItem{
			widget.NewFormItem("Name", name), widget.NewFormItem("Mask", mask),
		}, func(ok bool) {
			if !ok {
				return
			}
			nt, err := txd.Rename(n.Texture(), name.Text, mask.Text)
			if err != nil {
				h.Status("rename: " + err.Error())
				return
			}
			txdEdit(h, n, "Rename "+t.Name+" → "+name.Text, nt)
		}, h.Window())
	})
	export := widget.NewButton("Export PNG…", func() {
		d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
			if err != nil || w == nil {
				return
			}
			defer w.Close()
			img, err := n.Texture().Image(0)
			if err == nil {
				err = png.Encode(w, img)
			}
			if err != nil {
				h.Status("export: " + err.Error())
				return
			}
			h.Status("exported " + w.URI().Name())
		}, h.Window())
		d.SetFileName(n.Texture().Name + ".png")
		d.Show()
	})

	filter := widget.NewSelect(filterOptions, nil)
	filter.SetSelected(txd.FilterName(t.Filter()))
	uAddr := widget.NewSelect(addressOptions, nil)
	uAddr.SetSelected(txd.AddressName(t.UAddress()))
	vAddr := widget.NewSelect(addressOptions, nil)
	vAddr.SetSelected(txd.AddressName(t.VAddress()))
	apply := widget.NewButton("Apply filter/addressing", func() {
		cur := n.Texture()
		f, u, v := indexOf(filterOptions, filter.Selected), indexOf(addressOptions, uAddr.Selected), indexOf(addressOptions, vAddr.Selected)
		if f == cur.Filter() && u == cur.UAddress() && v == cur.VAddress() {
			return
		}
		txdEdit(h, n, "Filter "+cur.Name, txd.WithFilter(cur, f, u, v))
	})
	props := container.New(layout.NewFormLayout(),
		widget.NewLabel("Filter"), filter, widget.NewLabel("U address"), uAddr, widget.NewLabel("V address"), vAddr)

	var diags []string
	for _, d := range t.Diags {
		diags = append(diags, fmt.Sprintf("0x%X: %s", d.Off, d.Msg))
	}
	if len(diags) > 0 {
		status.SetText("⚠ " + strings.Join(diags, "\n"))
	}
	pal := t.Palette()
	var palBox fyne.CanvasObject = widget.NewLabel("no palette")
	if len(pal) > 0 {
		palBox = container.NewVBox(widget.NewLabel(fmt.Sprintf("Palette: %d entries (%s)", len(pal), t.PaletteFormatName())), paletteGrid(pal))
	}
	body := container.NewVBox(
		mono(facts),
		container.NewHBox(replace, rename, export),
		props, container.NewHBox(apply),
		status,
		widget.NewSeparator(),
		palBox,
	)
	return container.NewVScroll(body)
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

func newPS2Tab(n *txd.TexNode) fyne.CanvasObject {
	t := n.Texture()
	view := container.NewStack()
	show := func(stored bool) {
		iv := NewImageView(&storedImager{n: n, stored: stored})
		view.Objects = []fyne.CanvasObject{iv.Content}
		view.Refresh()
	}
	order := widget.NewRadioGroup([]string{"Unswizzled", "Stored"}, func(s string) { show(s == "Stored") })
	order.Horizontal = true
	order.SetSelected("Unswizzled")

	regs := container.New(layout.NewFormLayout())
	if t.PS2 != nil {
		group := ""
		for _, f := range t.PS2.Registers() {
			if f.Group != group {
				group = f.Group
				regs.Add(widget.NewLabelWithStyle(group, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}))
				regs.Add(widget.NewLabel(""))
			}
			regs.Add(widget.NewLabel(f.Name))
			regs.Add(mono(f.Value))
		}
		if t.HasSky {
			regs.Add(widget.NewLabel("Sky Mipmap Val"))
			regs.Add(mono(fmt.Sprintf("0x%X", t.SkyMipmap)))
		}
		for i, L := range t.Levels {
			lvl := "level " + strconv.Itoa(i)
			val := fmt.Sprintf("%d×%d, buffer %d×%d, %d bytes", L.Width, L.Height, L.BufW, L.BufH, len(L.Data))
			if L.GIF != nil {
				dx, dy, rrw, rrh, nloop := txd.GIFFields(L.GIF)
				val += fmt.Sprintf(", TRXPOS %d,%d TRXREG %d×%d NLOOP %d", dx, dy, rrw, rrh, nloop)
			}
			if L.Swizzled {
				val += ", swizzled"
			}
			regs.Add(widget.NewLabel(lvl))
			regs.Add(mono(val))
		}
	}
	side := container.NewVScroll(container.NewVBox(regs, widget.NewSeparator(), paletteGrid(t.Palette())))
	left := container.NewBorder(order, nil, nil, nil, view)
	split := container.NewHSplit(left, side)
	split.Offset = 0.55
	return split
}

// sectionRow is one line of the section tree.
func sectionLabel(s *rw.Section) string {
	v := s.Version()
	ver := rw.VersionString(v)
	if b := s.Build(); b != 0 {
		ver += fmt.Sprintf(" (build 0x%X)", b)
	}
	l := fmt.Sprintf("%-24s  size 0x%-6X (%d)  @0x%X  %s", s.Name(), s.Size, s.Size, s.Off, ver)
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
		func(bool) fyne.CanvasObject { return mono("") },
		func(id widget.TreeNodeID, _ bool, o fyne.CanvasObject) {
			if s := byID[id]; s != nil {
				o.(*widget.Label).SetText(sectionLabel(s))
			}
		})
	tree.OpenAllBranches()
	top := widget.NewLabel(fmt.Sprintf("%d top-level section(s)", len(secs)))
	if err != nil {
		top.SetText(top.Text + "  ⚠ " + err.Error())
	}
	copyBtn := widget.NewButton("Copy as text", func() {
		if app := fyne.CurrentApp(); app != nil {
			app.Clipboard().SetContent(strings.Join(SectionLines(secs), "\n"))
		}
	})
	return container.NewBorder(container.NewHBox(top, copyBtn), nil, nil, nil, tree)
}
