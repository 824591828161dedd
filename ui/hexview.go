package ui

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
)

// hexView is the Hex tab: a virtualised list of 16-byte rows read lazily,
// with a go-to-offset box.
type hexView struct {
	data    *hexData
	list    *widget.List
	content fyne.CanvasObject
}

// newHexView builds the Hex tab for n (a message when n has no bytes).
func newHexView(w reporter, n formats.Node) *hexView {
	data, err := newHexData(n)
	if err != nil {
		return &hexView{content: container.NewPadded(widget.NewLabel(err.Error()))}
	}
	hv := &hexView{data: data}
	mono := fyne.TextStyle{Monospace: true}
	// Rows are plain monospace texts (denser than labels); the list only
	// makes objects for the visible rows and reads their bytes on demand.
	hv.list = widget.NewList(data.rows,
		func() fyne.CanvasObject {
			t := canvas.NewText(data.header(), theme.Color(theme.ColorNameForeground))
			t.TextStyle = mono
			return t
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			t := o.(*canvas.Text)
			t.Text = data.row(id)
			t.Color = theme.Color(theme.ColorNameForeground)
			t.Refresh()
		})
	hv.list.OnSelected = func(id widget.ListItemID) {
		off := int64(id) * hexBytesPerRow
		at := map[string]any{"At": fmt.Sprintf("0x%X", data.base+off), "Rel": fmt.Sprintf("0x%X", off)}
		if data.base >= 0 {
			w.Status(lang.X("hex.row", "row at {{.At}} (node +{{.Rel}})", at))
		} else {
			w.Status(lang.X("hex.row_relative", "row at node +{{.Rel}}", at))
		}
	}
	head := canvas.NewText(data.header(), theme.Color(theme.ColorNamePlaceHolder))
	head.TextStyle = mono
	goTo := widget.NewEntry()
	goTo.SetPlaceHolder(lang.X("hex.go_to", "go to offset (0x1A40 or 6720)"))
	goTo.OnSubmitted = func(s string) {
		off, err := parseOffset(s)
		if err != nil {
			w.setError(err)
			return
		}
		if !hv.scrollToOffset(off) {
			w.setError(failure(lang.X("hex.outside", "offset {{.Offset}} is outside this node", map[string]any{"Offset": fmt.Sprintf("0x%X", off)}), nil))
		}
	}
	info := sizeText(data.size)
	if data.base >= 0 {
		info = fmt.Sprintf("0x%X–0x%X · %s", data.base, data.base+data.size, sizeText(data.size))
	} else {
		info += " · " + lang.X("hex.relative", "offsets relative to the node (its bytes are not a plain range of the file)")
	}
	if data.note != "" {
		info += " · " + data.note
	}
	headRow := container.New(layout.NewCustomPaddedLayout(0, 2, 0, 0), head)
	top := container.NewVBox(container.NewBorder(nil, nil, widget.NewLabel(info), nil, goTo), headRow)
	hv.content = container.NewBorder(top, nil, nil, nil, hv.list)
	return hv
}

// scrollToOffset shows and selects the row of an absolute offset (relative
// when the node has no file offset); false when it is outside the node.
func (hv *hexView) scrollToOffset(off int64) bool {
	if hv.list == nil {
		return false
	}
	r := hv.data.rowOf(off)
	if r < 0 {
		return false
	}
	hv.list.ScrollTo(r)
	hv.list.Select(r)
	return true
}

// scrollNear shows and selects the row of an absolute offset (relative
// when the node has no file offset), or the first or last row when the
// offset lies before or past the node.
func (hv *hexView) scrollNear(off int64) {
	if hv.list == nil || hv.data.rows() == 0 {
		return
	}
	r := hv.data.rowOf(off)
	if r < 0 {
		r = 0
		if off-max(hv.data.base, 0) >= hv.data.size {
			r = hv.data.rows() - 1
		}
	}
	hv.list.ScrollTo(r)
	hv.list.Select(r)
}

// parseOffset reads "0x1A40", "1A40h" or "6720".
func parseOffset(s string) (int64, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	base := 10
	switch {
	case strings.HasPrefix(s, "0x"):
		s, base = s[2:], 16
	case strings.HasSuffix(s, "h"):
		s, base = s[:len(s)-1], 16
	case strings.ContainsAny(s, "abcdef"):
		base = 16
	}
	v, err := strconv.ParseInt(s, base, 64)
	if err != nil || v < 0 {
		return 0, failure(lang.X("hex.not_offset", "not an offset: {{.Text}}", map[string]any{"Text": strconv.Quote(s)}), nil)
	}
	return v, nil
}
