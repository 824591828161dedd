package txd

import (
	"encoding/binary"
	"fmt"
	"slices"

	"rummage/formats"
	"rummage/formats/rw"
)

// The edits of a whole dictionary: add, remove, reorder and duplicate
// textures. Each is a function of the item list that returns a new list
// and leaves its argument alone; Root.SetItems installs a list and returns
// the one it replaces, so an edit is undone by installing that again.
// Child indices count the dictionary's children as Root.Children lists
// them (textures and broken texture natives), not other chunks.

// layout is a dictionary's item list with its struct fields.
type layout struct {
	items []*Item
	count uint16
	strct []byte
	orig  []byte
}

// Items returns a copy of the dictionary's item list (reading it if needed).
func (r *Root) Items() ([]*Item, error) {
	d, err := r.load()
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(d.Items), nil
}

// SetItems installs an item list (from the edits below, or one SetItems
// returned, to undo) and returns the list it replaces. The texture count
// is written again; installing the list as read gives back the original
// bytes. A container holding the dictionary is told of the change.
func (r *Root) SetItems(items []*Item) ([]*Item, error) {
	d, err := r.load()
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	if r.first == nil {
		r.first = &layout{items: d.Items, count: d.Count, strct: d.StructRaw, orig: d.orig}
	}
	prev := &layout{items: d.Items, count: d.Count, strct: d.StructRaw, orig: d.orig}
	r.install(d, items)
	r.mu.Unlock()
	if err := r.tellContainer(d); err != nil {
		r.mu.Lock()
		r.restore(d, prev)
		r.mu.Unlock()
		return nil, err
	}
	return prev.items, nil
}

// install sets the items, the count and the child nodes (r.mu held).
func (r *Root) install(d *Dictionary, items []*Item) {
	if f := r.first; slices.Equal(items, f.items) {
		r.restore(d, f)
	} else {
		d.Items = slices.Clone(items)
		d.orig = nil
		n := 0
		for _, it := range items {
			if it.Type == rw.IDTextureNative {
				n++
			}
		}
		d.Count = uint16(n)
		d.StructRaw = slices.Clone(d.StructRaw)
		if len(d.StructRaw) < 4 {
			d.StructRaw = append(d.StructRaw, make([]byte, 4-len(d.StructRaw))...)
			binary.LittleEndian.PutUint16(d.StructRaw[2:], d.Device)
		}
		binary.LittleEndian.PutUint16(d.StructRaw, d.Count)
	}
	r.rebuildKids(d)
}

// restore puts a saved layout back (r.mu held).
func (r *Root) restore(d *Dictionary, l *layout) {
	d.Items, d.Count, d.StructRaw, d.orig = l.items, l.count, l.strct, l.orig
	r.rebuildKids(d)
}

// rebuildKids makes the child list again, keeping the node of every item
// still there (r.mu held).
func (r *Root) rebuildKids(d *Dictionary) {
	if r.kids == nil {
		return
	}
	keep := map[*Item]formats.Node{}
	for i, it := range childItems(r.kids) {
		if it != nil {
			keep[it] = r.kids[i]
		}
	}
	r.kids = r.makeKids(d.Items, keep)
}

// childItems returns the item of each texture node (nil for others).
func childItems(kids []formats.Node) []*Item {
	out := make([]*Item, len(kids))
	for i, k := range kids {
		if t, ok := k.(*TexNode); ok {
			out[i] = t.item
		}
	}
	return out
}

// tellContainer hands the new bytes to a container holding the dictionary
// (without the zeros of its sector padding, which it adds itself).
func (r *Root) tellContainer(d *Dictionary) error {
	if r.replace == nil {
		return nil
	}
	b, err := d.Bytes()
	if err != nil {
		return err
	}
	if tr := d.Trailer; d.Edited() && len(tr) > 0 && len(tr) <= len(b) && allZero(tr) {
		b = b[:len(b)-len(tr)]
	}
	return r.replace(b)
}

// childSlots returns the item index of each child.
func childSlots(items []*Item) []int {
	var out []int
	for i, it := range items {
		if it.Tex != nil || it.Err != nil {
			out = append(out, i)
		}
	}
	return out
}

// itemName is the texture (or broken native's) name of an item.
func itemName(it *Item) string {
	if it.Tex != nil {
		return it.Tex.Name
	}
	return it.Name
}

// HasName reports whether a child is named name (case-insensitive, as the
// games look textures up).
func HasName(items []*Item, name string) bool {
	return slices.IndexFunc(items, func(it *Item) bool {
		return (it.Tex != nil || it.Err != nil) && equalFold(itemName(it), name)
	}) >= 0
}

func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// UniqueName returns name, or name with the first free suffix "_2", "_3",
// ... when a child has it (cut to 31 bytes).
func UniqueName(items []*Item, name string) string {
	if !HasName(items, name) {
		return name
	}
	for i := 2; ; i++ {
		suf := fmt.Sprintf("_%d", i)
		n := name
		if len(n)+len(suf) > 31 {
			n = n[:max(31-len(suf), 0)]
		}
		if !HasName(items, n+suf) {
			return n + suf
		}
	}
}

// AddTextures returns items with texs inserted after the last child (before
// the dictionary's extension). A name that a child already has is an error.
func AddTextures(items []*Item, texs ...*Texture) ([]*Item, error) {
	at := len(items)
	for at > 0 && items[at-1].Tex == nil && items[at-1].Err == nil {
		at--
	}
	out := slices.Clone(items)
	for _, t := range texs {
		if HasName(out, t.Name) {
			return nil, fmt.Errorf("the dictionary already has a texture named %q", t.Name)
		}
		out = slices.Insert(out, at, &Item{Tex: t, Type: rw.IDTextureNative, Off: -1})
		at++
	}
	return out, nil
}

// RemoveChildren returns items without the children at the given indices.
func RemoveChildren(items []*Item, idx ...int) ([]*Item, error) {
	slots := childSlots(items)
	drop := map[int]bool{}
	for _, i := range idx {
		if i < 0 || i >= len(slots) {
			return nil, fmt.Errorf("no texture %d (the dictionary has %d)", i, len(slots))
		}
		drop[slots[i]] = true
	}
	var out []*Item
	for i, it := range items {
		if !drop[i] {
			out = append(out, it)
		}
	}
	return out, nil
}

// MoveChild returns items with child from moved to child position to.
func MoveChild(items []*Item, from, to int) ([]*Item, error) {
	slots := childSlots(items)
	if from < 0 || from >= len(slots) || to < 0 || to >= len(slots) {
		return nil, fmt.Errorf("cannot move texture %d to %d (the dictionary has %d)", from, to, len(slots))
	}
	kids := make([]*Item, len(slots))
	for i, s := range slots {
		kids[i] = items[s]
	}
	it := kids[from]
	kids = slices.Insert(slices.Delete(kids, from, from+1), to, it)
	out := slices.Clone(items)
	for i, s := range slots {
		out[s] = kids[i]
	}
	return out, nil
}

// DuplicateChild returns items with a copy of texture child i, named name,
// right after it.
func DuplicateChild(items []*Item, i int, name string) ([]*Item, error) {
	slots := childSlots(items)
	if i < 0 || i >= len(slots) || items[slots[i]].Tex == nil {
		return nil, fmt.Errorf("no texture %d to duplicate", i)
	}
	if HasName(items, name) {
		return nil, fmt.Errorf("the dictionary already has a texture named %q", name)
	}
	t, err := Rename(items[slots[i]].Tex, name, items[slots[i]].Tex.Mask)
	if err != nil {
		return nil, err
	}
	return slices.Insert(slices.Clone(items), slots[i]+1, &Item{Tex: t, Type: rw.IDTextureNative, Off: -1}), nil
}

// SetChild returns items with the texture of child i replaced by t (a new
// Item, so the old list still holds the old texture).
func SetChild(items []*Item, i int, t *Texture) ([]*Item, error) {
	slots := childSlots(items)
	if i < 0 || i >= len(slots) {
		return nil, fmt.Errorf("no texture %d", i)
	}
	out := slices.Clone(items)
	out[slots[i]] = &Item{Tex: t, Type: rw.IDTextureNative, Off: -1}
	return out, nil
}
