package nres

import (
	"bytes"
	"slices"
	"strconv"

	"golang.org/x/text/encoding/charmap"

	"rummage/formats"
)

// lower folds one ASCII byte to lower case (MSVC _strcmpi folds to lower).
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// CompareFold compares two stored names the way the engine orders them:
// ASCII lower-case folding, unsigned bytes.
func CompareFold(a, b []byte) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		x, y := lower(a[i]), lower(b[i])
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	switch {
	case len(a) < len(b):
		return -1
	case len(a) > len(b):
		return 1
	}
	return 0
}

// checkSort decides whether the stored sort_index table is a permutation of
// 0..N-1 that orders the names; if not, lookups scan linearly and a
// diagnostic says why.
func (a *Archive) checkSort() {
	n := len(a.ents)
	a.sortOK = true
	if n == 0 {
		return
	}
	seen := make([]bool, n)
	for i := range a.ents {
		si := a.ents[i].SortIndex
		if si >= uint32(n) || seen[si] {
			a.sortOK = false
			what := "is out of range"
			if si < uint32(n) {
				what = "repeats an earlier value"
			}
			a.diags = append(a.diags, formats.Diagnostic{Off: a.recOff(int32(i), 0x3C),
				Msg: "sort_index " + strconv.Itoa(int(si)) + " of entry " + strconv.Itoa(i) + " " + what + ": the table is not a permutation; lookups scan the directory linearly"})
			return
		}
		seen[si] = true
	}
	for k := 1; k < n; k++ {
		p := &a.ents[a.ents[k-1].SortIndex]
		q := &a.ents[a.ents[k].SortIndex]
		if CompareFold(p.NameBytes(), q.NameBytes()) > 0 {
			a.sortOK = false
			a.diags = append(a.diags, formats.Diagnostic{Off: a.recOff(int32(k), 0x3C),
				Msg: "sort_index table is not in case-insensitive name order at position " + strconv.Itoa(k) + " (" + p.Name() + " > " + q.Name() + "); lookups scan the directory linearly"})
			return
		}
	}
}

// SortOrder returns the sort_index table for the current entries: element i
// is the directory index of the i-th name in case-insensitive order (ASCII
// lower-case folding, unsigned bytes, stable for equal names).
func (a *Archive) SortOrder() []uint32 {
	order := make([]uint32, len(a.ents))
	for i := range order {
		order[i] = uint32(i)
	}
	slices.SortStableFunc(order, func(x, y uint32) int {
		return CompareFold(a.ents[x].NameBytes(), a.ents[y].NameBytes())
	})
	return order
}

// ensureSorted rebuilds the sort table when an edit left it stale.
func (a *Archive) ensureSorted() {
	if a.sortDirty {
		a.resort()
	}
}

// resort rebuilds the stored sort_index values after an edit.
func (a *Archive) resort() {
	a.sortDirty = false
	for i, o := range a.SortOrder() {
		a.ents[i].SortIndex = o
	}
	a.sortOK = true
	a.diags = nil
}

// Lookup returns the directory index of the entry named name (matched
// case-insensitively, like the engine), or -1. Among equal names it returns
// the lowest index. It uses the sort_index binary search when the table is
// valid and scans the directory otherwise.
func (a *Archive) Lookup(name string) int {
	a.ensureSorted()
	key := []byte(name)
	if !isASCII(key) {
		if enc, err := charmap.Windows1251.NewEncoder().Bytes(bytes.Clone(key)); err == nil {
			key = enc
		}
	}
	if !a.sortOK {
		for i := range a.ents {
			if CompareFold(a.ents[i].NameBytes(), key) == 0 {
				return i
			}
		}
		return -1
	}
	n := len(a.ents)
	// Find the first sorted position whose name is >= key.
	lo, hi := 0, n
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if CompareFold(a.ents[a.ents[mid].SortIndex].NameBytes(), key) < 0 {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	best := -1
	for k := lo; k < n; k++ {
		idx := int(a.ents[k].SortIndex)
		if CompareFold(a.ents[idx].NameBytes(), key) != 0 {
			break
		}
		if best < 0 || idx < best {
			best = idx
		}
	}
	return best
}

// LookupType returns the index of the first entry with the given type id,
// or -1 (MSH streams are found by type, not by name).
func (a *Archive) LookupType(typeID uint32) int {
	for i := range a.ents {
		if a.ents[i].TypeID == typeID {
			return i
		}
	}
	return -1
}
