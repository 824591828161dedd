package material

import (
	"image/color"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"rummage/formats/material"
	"rummage/ui/widgets"
)

// animationEditor is the Material tab's Animation editor: mode, mask and
// keys of the current block; add and remove blocks and keys. Every change
// is an edit of the tab's material (animationTab).
type animationEditor struct {
	tab     animationTab
	loading bool // widgets are being filled from the block: ignore callbacks
	mode    *widget.Select
	masks   []*widget.Check
	keys    *fyne.Container
	animUI  *fyne.Container
}

// animationTab is what the animation editor asks of the Material tab.
type animationTab interface {
	view() *material.Mat0
	blockIndex() int
	setBlock(i int) // the block edited (and played) is i
	edit(name string, fn func(m *material.Mat0) error)
	showError(msg string)
}

// modeNames are the mode selector's options, "0 loop" to "7 unknown".
func modeNames() []string {
	names := make([]string, material.NumModes)
	for i := range names {
		names[i] = strconv.Itoa(i) + " " + modeName(material.Mode(i))
	}
	return names
}

// modeName is how the window names an animation mode (material.Mode's
// String is the name `rummage info --json` prints).
func modeName(m material.Mode) string {
	switch m {
	case material.ModeLoop:
		return lang.X("material.mode.loop", "loop")
	case material.ModePingPong:
		return lang.X("material.mode.pingpong", "pingpong")
	case material.ModeClamp:
		return lang.X("material.mode.clamp", "clamp")
	case material.ModeRandom:
		return lang.X("material.mode.random", "random")
	}
	return lang.X("material.mode.unknown", "unknown")
}

// maskName is how the window names an interpolation mask bit: its colour
// group, or the opacity.
func maskName(mb material.MaskBit) string {
	switch mb.Bit {
	case material.MaskAdditive:
		return groupName(material.GroupAdditive)
	case material.MaskDirectional:
		return groupName(material.GroupDirectional)
	case material.MaskSpecular:
		return groupName(material.GroupSpecular)
	case material.MaskExtra:
		return groupName(material.GroupExtra)
	case material.MaskOpacity:
		return lang.X("material.column.opacity", "opacity")
	}
	return mb.Name
}

// makeAnimationEditor builds the Animation editor: mode, mask and keys of
// the current block, add and remove blocks and keys.
func (t *animationEditor) makeAnimationEditor() fyne.CanvasObject {
	t.mode = widgets.NewSelect(modeNames(), func(string) {
		if t.loading {
			return
		}
		mode := material.Mode(t.mode.SelectedIndex())
		t.editBlock(lang.X("material.edit.mode", "set mode"), func(b *material.Block) error { b.SetMode(mode); return nil })
	})
	maskBox := container.NewGridWithColumns(2) // three made the editor wider than the inspector at 1024×640
	for _, mb := range material.MaskBits() {
		c := widget.NewCheck(maskName(mb)+" "+mb.Params, func(on bool) {
			if t.loading {
				return
			}
			t.editBlock(lang.X("material.edit.mask", "set mask"), func(b *material.Block) error { b.SetMaskBits(mb.Bit, on); return nil })
		})
		t.masks = append(t.masks, c)
		maskBox.Add(c)
	}
	t.keys = container.NewVBox()
	blocks := container.NewHBox(
		widget.NewButtonWithIcon(lang.X("material.block.add", "Add block"), theme.ContentAddIcon(), func() {
			t.tab.edit(lang.X("material.edit.add_block", "add animation block"), func(m *material.Mat0) error {
				i, err := m.AddBlock()
				if err == nil {
					t.tab.setBlock(i)
				}
				return err
			})
		}),
		widget.NewButtonWithIcon(lang.X("material.block.remove", "Remove block"), theme.ContentRemoveIcon(), func() {
			b := t.tab.blockIndex()
			t.tab.edit(lang.X("material.edit.remove_block", "remove block {{.Block}}", map[string]any{"Block": b}),
				func(m *material.Mat0) error { return m.RemoveBlock(b) })
		}),
		widget.NewButtonWithIcon(lang.X("material.key.add", "Add key"), theme.ContentAddIcon(), func() {
			t.editBlock(lang.X("material.edit.add_key", "add key"), (*material.Block).AddKey)
		}),
	)
	keysNote := widget.NewLabel(lang.X("material.keys.note", "keys (end times are cumulative; press Enter or Set to apply)"))
	keysNote.Wrapping = fyne.TextWrapWord
	// The header's last column is a blank as wide as a key row's buttons.
	blank := canvas.NewRectangle(color.Transparent)
	blank.SetMinSize(keyButtons(nil, nil).MinSize())
	t.animUI = container.NewVBox(
		container.NewBorder(nil, nil, widget.NewLabel(lang.X("material.mode", "mode")), nil, t.mode),
		widget.NewLabel(lang.X("material.mask", "interpolation mask")),
		maskBox,
		keysNote,
		container.NewBorder(nil, nil, nil, blank, container.NewGridWithColumns(4,
			widget.NewLabel(lang.X("material.keys.key", "key")), widget.NewLabel(lang.X("material.keys.phase", "phase")),
			widget.NewLabel(lang.X("material.keys.end", "end ms")), widget.NewLabel(lang.X("material.keys.k2", "raw k2")))),
		t.keys,
	)
	return container.NewVBox(blocks, t.animUI)
}

// editBlock edits the current animation block.
func (t *animationEditor) editBlock(name string, fn func(b *material.Block) error) {
	at := t.tab.blockIndex()
	t.tab.edit(lang.X("material.edit.of_block", "{{.Edit}} of block {{.Block}}", map[string]any{"Edit": name, "Block": at}),
		func(m *material.Mat0) error {
			b, err := m.BlockAt(at)
			if err != nil {
				return err
			}
			return fn(b)
		})
}

// refreshAnimation fills the animation editor from the current block.
func (t *animationEditor) refreshAnimation() {
	t.loading = true
	defer func() { t.loading = false }()
	t.keys.Objects = nil
	b, err := t.tab.view().BlockAt(t.tab.blockIndex())
	if err != nil {
		t.animUI.Hide()
		t.keys.Refresh()
		return
	}
	t.animUI.Show()
	t.mode.SetSelectedIndex(int(b.Mode()))
	for i, mb := range material.MaskBits() {
		t.masks[i].SetChecked(b.Mask()&mb.Bit != 0)
	}
	for ki, k := range b.Keys {
		t.keys.Add(t.keyRow(ki, k))
	}
	t.keys.Refresh()
}

// keyRow is the editor row of key ki: its phase and end time, the raw k2,
// Set and delete.
func (t *animationEditor) keyRow(ki int, k material.Key) fyne.CanvasObject {
	phase := widget.NewEntry()
	phase.SetText(strconv.Itoa(int(k.Phase)))
	end := widget.NewEntry()
	end.SetText(strconv.Itoa(int(k.EndMs)))
	set := func() {
		p, err1 := strconv.ParseUint(strings.TrimSpace(phase.Text), 10, 16)
		e, err2 := strconv.ParseUint(strings.TrimSpace(end.Text), 10, 16)
		if err1 != nil || err2 != nil {
			t.tab.showError(lang.X("material.key.invalid", "key {{.Key}}: phase and end time must be numbers from 0 to 65535",
				map[string]any{"Key": ki}))
			return
		}
		t.SetKey(ki, uint16(p), uint16(e))
	}
	phase.OnSubmitted = func(string) { set() }
	end.OnSubmitted = func(string) { set() }
	del := func() {
		t.editBlock(lang.X("material.edit.remove_key", "remove key {{.Key}}", map[string]any{"Key": ki}),
			func(b *material.Block) error { return b.RemoveKey(ki) })
	}
	return container.NewBorder(nil, nil, nil, keyButtons(set, del), container.NewGridWithColumns(4,
		widget.NewLabel(lang.X("material.key", "key {{.Key}}", map[string]any{"Key": ki})), phase, end,
		widget.NewLabel(strconv.Itoa(int(k.K2)))))
}

// keyButtons are a key row's Set and delete buttons. (Four equal columns
// and the buttons beside them: a fifth equal column for the buttons made
// every column as wide as they are.)
func keyButtons(set, del func()) fyne.CanvasObject {
	return container.NewHBox(widget.NewButton(lang.X("material.set", "Set"), set), widget.NewButtonWithIcon("", theme.DeleteIcon(), del))
}

// SetKey changes key ki of the current block.
func (t *animationEditor) SetKey(ki int, phase, endMs uint16) {
	at := t.tab.blockIndex()
	t.tab.edit(lang.X("material.edit.set_key", "set key {{.Key}} of block {{.Block}}", map[string]any{"Key": ki, "Block": at}),
		func(m *material.Mat0) error {
			return m.SetKey(at, ki, phase, endMs)
		})
}
