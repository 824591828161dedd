// Package anim is the animation inspector: the Animation tab of a motion
// (an .ifp or .omf entry) lists its bones with their key counts and
// storage, says its duration, and plays it on a model chosen beside it
// from the open files (a model with a skeleton or frame hierarchy).
package anim

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/formats/ifp"
	"rummage/formats/omf"
	"rummage/ui/count"
	"rummage/ui/inspect"
	"rummage/ui/inspect/mesh"
	"rummage/ui/widgets"
)

func init() {
	inspect.RegisterTab(inspect.TabProvider{
		Name:  "Animation",
		Order: 10,
		Match: func(n formats.Node) bool {
			_, ok := n.(formats.Animator)
			return ok && n.Kind() == formats.KindAnimation
		},
		Make: func(h inspect.Host, n formats.Node) *inspect.Tab {
			v := newView(h, n)
			return &inspect.Tab{Title: lang.X("anim.tab", "Animation"), Content: v.content, Close: v.close}
		},
	})
	inspect.RegisterFacts(func(n *ifp.AnimNode) ([]string, bool) { return facts(n) })
	inspect.RegisterFacts(func(n *omf.AnimNode) ([]string, bool) { return facts(n) })
}

// facts is the header line of an animation: duration, frames, bones.
func facts(n formats.Animator) ([]string, bool) {
	a, err := n.Animation()
	if err != nil {
		return nil, false
	}
	frames := 0
	for i := range a.Tracks {
		frames = max(frames, a.Tracks[i].Keys())
	}
	return []string{lang.X("anim.facts.duration", "{{.Ms}} ms", map[string]any{"Ms": fmt.Sprintf("%.0f", a.Duration*1000)}),
		count.Frames(frames), lang.XN("anim.facts.bones", "{{.PluralCount}} bones", len(a.Tracks))}, false
}

// view is one Animation tab.
type view struct {
	h       inspect.Host
	n       formats.Node
	anim    *geom.Animation
	models  []formats.Node
	pick    *widget.Select
	stage   *fyne.Container
	player  *mesh.PreviewView
	content fyne.CanvasObject
}

func newView(h inspect.Host, n formats.Node) *view {
	v := &view{h: h, n: n}
	a, err := n.(formats.Animator).Animation()
	if err != nil {
		v.content = widget.NewLabel(err.Error())
		return v
	}
	v.anim = a
	v.pick = widgets.NewSelect(nil, v.choose)
	v.pick.PlaceHolder = lang.X("anim.model.none", "(open a model with a skeleton)")
	v.stage = container.NewStack(widget.NewLabel(lang.X("anim.model.hint", "Choose a model to play the motion on.")))
	summary := widget.NewLabel(lang.X("anim.summary", "{{.Name}}: {{.Ms}} ms", map[string]any{"Name": a.Name, "Ms": fmt.Sprintf("%.0f", a.Duration*1000)}))
	top := container.NewBorder(nil, nil, container.NewHBox(summary, widget.NewLabel(lang.X("anim.model.label", "Play on"))), nil, v.pick)
	// The player needs the whole width for its rows; in a small window its
	// rows scroll rather than push the tab past the window.
	split := container.NewVSplit(v.boneTable(), container.NewVScroll(v.stage))
	split.Offset = 0.3
	v.content = container.NewBorder(top, nil, nil, nil, split)
	v.findModels()
	return v
}

// boneTable lists the bones: name, id, keys and how they are stored.
func (v *view) boneTable() fyne.CanvasObject {
	head := []string{lang.X("anim.col.bone", "Bone"), lang.X("anim.col.bone_number", "Id"), lang.X("anim.col.keys", "Keys"), lang.X("anim.col.type", "Type")}
	t := widget.NewTableWithHeaders(
		func() (int, int) { return len(v.anim.Tracks), len(head) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.TableCellID, o fyne.CanvasObject) {
			tr := &v.anim.Tracks[id.Row]
			text := ""
			switch id.Col {
			case 0:
				text = tr.Bone
			case 1:
				if tr.ID >= 0 {
					text = fmt.Sprint(tr.ID)
				} else if tr.Index >= 0 {
					text = fmt.Sprint(tr.Index)
				}
			case 2:
				text = fmt.Sprint(tr.Keys())
			case 3:
				text = tr.Kind
			}
			o.(*widget.Label).SetText(text)
		})
	t.CreateHeader = func() fyne.CanvasObject { return widget.NewLabel("") }
	t.UpdateHeader = func(id widget.TableCellID, o fyne.CanvasObject) {
		if id.Row < 0 && id.Col >= 0 {
			o.(*widget.Label).SetText(head[id.Col])
		} else if id.Col < 0 {
			o.(*widget.Label).SetText(fmt.Sprint(id.Row + 1))
		}
	}
	for c, w := range []float32{170, 50, 50, 230} {
		t.SetColumnWidth(c, w)
	}
	return t
}

// findModels lists the open files whose root is a model with a skeleton
// and picks the first.
func (v *view) findModels() {
	s := inspect.Sources()
	if s == nil {
		return
	}
	var names []string
	for _, r := range s.OpenRoots() {
		if sk, ok := r.(formats.Skeletal); ok {
			if k, err := formats.Guard("skeleton", sk.Skeleton); err == nil && k != nil {
				v.models = append(v.models, r)
				names = append(names, r.Name())
			}
		}
	}
	v.pick.Options = names
	if len(names) > 0 {
		v.pick.SetSelectedIndex(0)
	}
}

// choose plays the motion on the model of that name.
func (v *view) choose(name string) {
	for _, m := range v.models {
		if m.Name() != name {
			continue
		}
		ms, ok := m.(formats.Mesher)
		if !ok {
			return
		}
		if v.player != nil {
			v.player.Close()
		}
		v.player = mesh.NewPreviewPlaying(v.h, ms, v.n)
		v.stage.Objects = []fyne.CanvasObject{v.player.Content}
		v.stage.Refresh()
		return
	}
}

// close stops the player.
func (v *view) close() {
	if v.player != nil {
		v.player.Close()
	}
}
