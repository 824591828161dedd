// Package inspecttest helps the inspectors' tests: a Host that records
// what a tab asks of the window, and the built-in samples opened as the
// window opens them.
package inspecttest

import (
	"bytes"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"rummage/formats"
	_ "rummage/formats/all" // the samples' formats
	"rummage/samples"
	"rummage/ui/inspect"
)

// Host is an inspect.Host for tabs tested on their own: Apply runs the
// edit and keeps it, the rest is recorded.
type Host struct {
	Win      fyne.Window
	Opts     formats.Options
	Edits    []inspect.Edit // applied edits, oldest first (Undo them to revert)
	Selected formats.Node   // the last SelectNode
	Message  string         // the last status message, or the error of a failed edit
	Exported formats.Node   // the last Export's node
	As       string         // and its format
}

var _ inspect.Host = (*Host)(nil)

// Window returns Win.
func (h *Host) Window() fyne.Window { return h.Win }

// SelectNode records n.
func (h *Host) SelectNode(n formats.Node) { h.Selected = n }

// Options returns &Opts.
func (h *Host) Options() *formats.Options { return &h.Opts }

// Status records msg.
func (h *Host) Status(msg string) { h.Message = msg }

// Apply runs e.Do and keeps e; an error goes to Message instead.
func (h *Host) Apply(n formats.Node, e inspect.Edit) {
	if err := e.Do(); err != nil {
		h.Message = err.Error()
		return
	}
	h.Edits = append(h.Edits, e)
}

// Export records n and as.
func (h *Host) Export(n formats.Node, as string) { h.Exported, h.As = n, as }

// Providers is inspect.TabsFor for a node none of whose Match panics.
func Providers(t testing.TB, n formats.Node) []inspect.TabProvider {
	t.Helper()
	ps, err := inspect.TabsFor(n)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// OpenSample opens the built-in sample file name in memory as the window
// does (its materials and textures resolve in the sample libraries); it
// skips the test when there is no such sample.
func OpenSample(t testing.TB, name string) formats.Node {
	t.Helper()
	for _, f := range samples.Files() {
		if f.Name != name {
			continue
		}
		src := formats.Source{R: bytes.NewReader(f.Data), Size: int64(len(f.Data)), Name: f.Name,
			Opts: &formats.Options{Libraries: samples.Libraries}}
		n, err := formats.OpenFile(src)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	t.Skipf("no sample %s", name)
	return nil
}

// Raw is a raw node over data at absolute offset abs.
func Raw(name string, kind formats.Kind, tag string, data []byte, abs int64) *formats.Raw {
	return &formats.Raw{NodeName: name, NodeKind: kind, Tag: tag, R: bytes.NewReader(data), N: int64(len(data)), Abs: abs}
}

// Seq is n bytes counting up from 0.
func Seq(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

// Find returns the objects of type T in o and below it, in order: inside
// containers, scrolls, splits and every item of tab containers.
func Find[T fyne.CanvasObject](o fyne.CanvasObject) []T {
	var out []T
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if x, ok := o.(T); ok {
			out = append(out, x)
		}
		switch x := o.(type) {
		case *fyne.Container:
			for _, k := range x.Objects {
				walk(k)
			}
		case *container.Scroll:
			walk(x.Content)
		case *container.Split:
			walk(x.Leading)
			walk(x.Trailing)
		case *container.AppTabs:
			for _, it := range x.Items {
				walk(it.Content)
			}
		}
	}
	walk(o)
	return out
}

// Labels returns the texts of the labels in o, one a line.
func Labels(o fyne.CanvasObject) string {
	var b strings.Builder
	for _, l := range Find[*widget.Label](o) {
		b.WriteString(l.Text + "\n")
	}
	return b.String()
}
