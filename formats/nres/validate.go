package nres

import (
	"bytes"
	"cmp"
	"slices"

	"rummage/formats/binread"
)

func (a *Archive) setErr(id int32, payload bool, err error) {
	if a.errs == nil {
		a.errs = make(map[int32]*entryErr)
	}
	// The first problem wins, except that a bad payload range outranks a
	// name problem (the range decides whether the bytes can be used).
	if old := a.errs[id]; old == nil || (payload && !old.payload) {
		a.errs[id] = &entryErr{err: err, payload: payload}
	}
	if payload {
		if a.badRange == nil {
			a.badRange = make(map[int32]bool)
		}
		a.badRange[id] = true
	}
}

// validate checks names, payload ranges, overlaps and the sort table, one
// rule after the other.
func (a *Archive) validate() {
	for i := range a.ents {
		a.checkName(i)
		a.checkRange(i)
	}
	a.checkOverlaps()
	a.checkSort()
}

// checkName reports a name field of entry i without a terminating NUL.
func (a *Archive) checkName(i int) {
	e := &a.ents[i]
	if bytes.IndexByte(e.NameField[:], 0) < 0 {
		a.setErr(e.id, false, binread.Errorf(a.recOff(e.id, 0x14), "name of entry %d has no NUL within %d bytes", i, NameSize))
	}
}

// checkRange reports a payload of entry i that starts inside the header or
// runs past the file or into the directory.
func (a *Archive) checkRange(i int) {
	e := &a.ents[i]
	id := e.id
	off, end := int64(e.Offset), int64(e.Offset)+int64(e.Size)
	switch {
	case off < HeaderSize:
		a.setErr(id, true, binread.Errorf(a.recOff(id, 0x38), "payload of entry %d at 0x%X starts inside the %d-byte header",
			i, a.base+off, HeaderSize))
	case end > a.size:
		a.setErr(id, true, binread.Errorf(a.recOff(id, 0x38), "payload of entry %d (0x%X, %d bytes) runs past the end of the file (%d bytes)",
			i, a.base+off, e.Size, a.size))
	case end > a.dirOff:
		a.setErr(id, true, binread.Errorf(a.recOff(id, 0x38), "payload of entry %d (0x%X, %d bytes) crosses the directory at 0x%X",
			i, a.base+off, e.Size, a.base+a.dirOff))
	}
}

// checkOverlaps reports payloads that overlap an earlier one in file order,
// among those in range (empty ones take no room).
func (a *Archive) checkOverlaps() {
	order := make([]int32, 0, len(a.ents))
	for i := range a.ents {
		if !a.badRange[a.ents[i].id] && a.ents[i].Size > 0 {
			order = append(order, int32(i))
		}
	}
	slices.SortFunc(order, func(x, y int32) int {
		ex, ey := &a.ents[x], &a.ents[y]
		if ex.Offset != ey.Offset {
			return cmp.Compare(ex.Offset, ey.Offset)
		}
		return int(x - y)
	})
	var prevEnd int64
	prev := int32(-1)
	for _, i := range order {
		e := &a.ents[i]
		if int64(e.Offset) < prevEnd {
			p := &a.ents[prev]
			a.setErr(e.id, true, binread.Errorf(a.recOff(e.id, 0x38), "payload of entry %d (0x%X, %d bytes) overlaps entry %d (0x%X, %d bytes)",
				i, a.base+int64(e.Offset), e.Size, prev, a.base+int64(p.Offset), p.Size))
			continue
		}
		prevEnd = int64(e.Offset) + int64(e.Size)
		prev = i
	}
}
