package mesh

import (
	"testing"

	"rummage/formats/geom"
)

// fakePickerCanvas counts what the group selection asks of the canvas.
type fakePickerCanvas struct{ changes int }

func (f *fakePickerCanvas) groupChanged() { f.changes++ }
func (f *fakePickerCanvas) closed() bool  { return false }

// The group selection isolates a group of its mesh (made once) and asks
// the canvas to show each change; it needs no canvas.
func TestGroupPickerAlone(t *testing.T) {
	m := &geom.Mesh{
		Positions: []geom.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}},
		Indices:   []uint32{0, 1, 2, 1, 3, 2, 0, 2, 3},
		Groups:    []geom.Group{{Name: "a", FirstTri: 0, TriCount: 1}, {Name: "b", FirstTri: 1, TriCount: 2}},
	}
	c := &fakePickerCanvas{}
	p := &groupPicker{canvas: c, group: -1, mesh: m}
	if p.shown() != m || p.checkGroup(2) != -1 || p.checkGroup(-3) != -1 || p.checkGroup(1) != 1 {
		t.Fatal("checkGroup or shown before a selection")
	}
	p.selectGroup(1) // no node: the selection is the view's own
	p.showGroup(1)   // no change: not shown again
	iso := p.shown()
	if c.changes != 1 || iso.Triangles() != 2 || len(iso.Groups) != 1 || iso.Groups[0].Name != "b" || p.isolate(1) != iso {
		t.Errorf("%d changes, isolated %d triangles in %v", c.changes, iso.Triangles(), iso.Groups)
	}
	p.showGroup(7)
	if p.group != -1 || c.changes != 2 || p.shown() != m {
		t.Errorf("an unknown group: group %d, %d changes", p.group, c.changes)
	}
}
