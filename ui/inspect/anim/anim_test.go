package anim

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"rummage/formats"
	_ "rummage/formats/all"
	"rummage/formats/geom"
	"rummage/samples"
	"rummage/ui/inspect"
)

// fakeSources is a window with open files.
type fakeSources struct{ roots []formats.Node }

func (f fakeSources) OpenRoots() []formats.Node              { return f.roots }
func (f fakeSources) OpenAnimations(func(root formats.Node)) {}

func open(t *testing.T, name string) formats.Node {
	t.Helper()
	for _, f := range samples.Files() {
		if f.Name == name {
			file, err := formats.OpenBytes(name, f.Data, nil)
			if err != nil {
				t.Fatal(err)
			}
			return file.Root
		}
	}
	t.Fatalf("no sample %s", name)
	return nil
}

// TestAnimationTab: an animation's tab lists its bones, picks the open
// model with a skeleton (not the one without) and plays the motion on it.
func TestAnimationTab(t *testing.T) {
	test.NewTempApp(t)
	walker, anims, tank := open(t, "walker.dff"), open(t, "walker.ifp"), open(t, "tank.rlb")
	model := gatedModel{walker, make(chan struct{})}
	inspect.SetAnimationSources(fakeSources{[]formats.Node{tank, model, anims}})
	t.Cleanup(func() { inspect.SetAnimationSources(nil) })
	kids, _ := anims.Children()
	tabs, err := inspect.TabsFor(kids[1])
	if err != nil || len(tabs) == 0 || tabs[0].Name != "Animation" {
		t.Fatalf("tabs %v, %v", tabs, err)
	}
	tab := tabs[0].Make(nil, kids[1])
	defer tab.Close()
	test.NewTempWindow(t, tab.Content)
	v := viewOf(t, kids[1])
	close(model.gate) // the views are made: their players may load the model
	if len(v.models) != 1 || v.models[0] != formats.Node(model) || v.pick.Selected != "walker.dff" {
		t.Fatalf("models %v, picked %q", v.models, v.pick.Selected)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		if name, moved := v.player.AnimationStatus(); name == "wave" && moved == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the motion does not play on the model")
		}
		time.Sleep(20 * time.Millisecond)
	}
	facts, _, err := inspect.FactsFor(kids[1])
	if err != nil || len(facts) != 3 || facts[0] != "2000 ms" {
		t.Errorf("facts %v %v", facts, err)
	}
}

// gatedModel is a model whose mesh waits until the test opens the gate,
// so that the players load it only once their views are made (the test
// driver runs fyne.Do at once, on the loading goroutine).
type gatedModel struct {
	formats.Node
	gate chan struct{}
}

func (g gatedModel) Mesh() (*geom.Mesh, error) {
	<-g.gate
	return g.Node.(formats.Mesher).Mesh()
}

func (g gatedModel) Skeleton() (*geom.Skeleton, error) { return g.Node.(formats.Skeletal).Skeleton() }

// viewOf makes a view of n alone (the tab's content hides it).
func viewOf(t *testing.T, n formats.Node) *view {
	t.Helper()
	v := newView(nil, n)
	t.Cleanup(v.close)
	return v
}
