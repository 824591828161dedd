package nres

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats/binread"
)

var update = flag.Bool("update", false, "rewrite the golden files and fuzz seeds in testdata")

// fixture is a small archive with mixed-case and duplicate names, payload
// sizes that need padding, an empty payload and a nested archive.
func fixtureEntries(t testing.TB) []Entry {
	t.Helper()
	inner, err := Build([]Entry{
		{TypeID: 1, Attr1: 3, Attr3: 38, Name: "Land", Data: bytes.Repeat([]byte{1}, 38*3)},
		{TypeID: 3, Attr1: 2, Attr3: 12, Name: "Land", Data: bytes.Repeat([]byte{3}, 24)},
	})
	if err != nil {
		t.Fatal(err)
	}
	return []Entry{
		{TypeID: TypeMAT0, Attr1: 0x14, Attr2: 6, Attr3: 0, Name: "Wood_01", Data: []byte("mat0 payload, 29 bytes long.")},
		{TypeID: TypeWEAR, Attr3: 1, Name: "tank.wea", Data: []byte("1\r\n0 Wood_01\r\n")},
		{TypeID: TypeTexm, Attr3: 1, Name: "MTP_04.0", Data: bytes.Repeat([]byte{0xAB}, 8)},
		{TypeID: TypeID("MSH"), Attr3: 1, Name: "tank.msh", Data: inner},
		{TypeID: 0xDEADBEEF, Attr1: 1, Attr2: 2, Attr3: 3, Name: "wood_01", Data: []byte{9}},
		{TypeID: TypeID("CTLD"), Attr3: 1, Name: "Empty", Data: nil},
		{TypeID: TypeMAT0, Attr1: 0x14, Attr2: 6, Name: "abc_", Data: []byte("x")},
		{TypeID: TypeMAT0, Attr1: 0x14, Attr2: 6, Name: "ABCD", Data: []byte("yy")},
	}
}

func fixture(t testing.TB) []byte {
	t.Helper()
	b, err := Build(fixtureEntries(t))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustOpen(t testing.TB, b []byte) *Archive {
	t.Helper()
	a, err := Open(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	return a
}

func put32(b []byte, off int, v uint32) { binary.LittleEndian.PutUint32(b[off:], v) }
func get32(b []byte, off int) uint32    { return binary.LittleEndian.Uint32(b[off:]) }

// recOff returns the offset of record i in a canonical archive b.
func recOff(b []byte, i int) int {
	n := int(get32(b, 8))
	return len(b) - n*EntrySize + i*EntrySize
}

func mustBytes(t testing.TB, a *Archive) []byte {
	t.Helper()
	b, err := a.Bytes()
	if err != nil {
		t.Fatalf("write: %v", err)
	}
	return b
}

func TestBuildLayout(t *testing.T) {
	entries := fixtureEntries(t)
	b := fixture(t)
	if string(b[:4]) != "NRes" || get32(b, 4) != 0x100 || int(get32(b, 8)) != len(entries) || int(get32(b, 12)) != len(b) {
		t.Fatalf("bad header % X", b[:16])
	}
	a := mustOpen(t, b)
	if a.Len() != len(entries) {
		t.Fatalf("Len = %d, want %d", a.Len(), len(entries))
	}
	end := int64(HeaderSize)
	for i, want := range entries {
		e := a.Entry(i)
		if e.Offset%Align != 0 {
			t.Errorf("entry %d at 0x%X is not 8-aligned", i, e.Offset)
		}
		if int64(e.Offset) != end {
			t.Errorf("entry %d at 0x%X, want 0x%X (dense, in order)", i, e.Offset, end)
		}
		pad := b[int64(e.Offset)+int64(e.Size) : align8(int64(e.Offset)+int64(e.Size))]
		if !bytes.Equal(pad, make([]byte, len(pad))) {
			t.Errorf("entry %d padding % X is not zero", i, pad)
		}
		end = align8(int64(e.Offset) + int64(e.Size))
		if e.Name() != want.Name || e.TypeID != want.TypeID || e.Attr1 != want.Attr1 || e.Attr2 != want.Attr2 || e.Attr3 != want.Attr3 {
			t.Errorf("entry %d = %+v, want %+v", i, e, want)
		}
		d, err := a.Data(i)
		if err != nil || !bytes.Equal(d, want.Data) {
			t.Errorf("entry %d data %q (%v), want %q", i, d, err, want.Data)
		}
		if err := a.EntryErr(i); err != nil {
			t.Errorf("entry %d: %v", i, err)
		}
	}
	if dir := int64(len(b)) - int64(len(entries))*EntrySize; dir != end {
		t.Errorf("directory at 0x%X, want 0x%X", dir, end)
	}
	if !a.SortValid() || len(a.Diagnostics()) != 0 {
		t.Errorf("sort table of a built archive invalid: %v", a.Diagnostics())
	}
}

func TestEmptyArchive(t *testing.T) {
	b, err := Build(nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []byte{'N', 'R', 'e', 's', 0, 1, 0, 0, 0, 0, 0, 0, 16, 0, 0, 0}
	if !bytes.Equal(b, want) {
		t.Fatalf("empty archive % X, want % X", b, want)
	}
	a := mustOpen(t, b)
	if a.Len() != 0 || a.Lookup("x") != -1 {
		t.Fatalf("empty archive: Len %d", a.Len())
	}
	if _, err := a.Add(Entry{Name: "first", Data: []byte("1")}); err != nil {
		t.Fatal(err)
	}
	a2 := mustOpen(t, mustBytes(t, a))
	if a2.Len() != 1 || a2.Lookup("FIRST") != 0 {
		t.Fatalf("after add: Len %d", a2.Len())
	}
}

// TestOpenErrors checks the header and directory rules of docs/formats/parkan.md: each
// fails the file with a FormatError at the offending field.
func TestOpenErrors(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(b []byte) []byte
		off    int64
		msg    string
	}{
		{"short file", func(b []byte) []byte { return b[:10] }, 0, "shorter than"},
		{"bad magic", func(b []byte) []byte { b[0] = 'M'; return b }, 0, "magic"},
		{"bad version", func(b []byte) []byte { put32(b, 4, 0x101); return b }, 4, "version"},
		{"negative count", func(b []byte) []byte { put32(b, 8, 0xFFFFFFFF); return b }, 8, "negative"},
		{"oversized count", func(b []byte) []byte { put32(b, 8, 1<<30); return b }, 8, "directory"},
		{"count just too big", func(b []byte) []byte { put32(b, 8, uint32((len(b)-16)/64+1)); return b }, 8, "directory"},
		{"total smaller than file", func(b []byte) []byte { put32(b, 12, uint32(len(b)-8)); return b }, 12, "does not equal"},
		{"total larger than file", func(b []byte) []byte { put32(b, 12, uint32(len(b)+64)); return b }, 12, "past the end"},
		{"truncated file", func(b []byte) []byte { return b[:len(b)-1] }, 12, "past the end"},
		{"directory before header", func(b []byte) []byte { put32(b, 12, 64); return b }, 12, "before the end of the header"},
		{"extra bytes after directory", func(b []byte) []byte { return append(b, 0, 0, 0, 0, 0, 0, 0, 0) }, 12, "does not equal"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.mutate(fixture(t))
			_, err := Open(bytes.NewReader(b), int64(len(b)))
			var fe *binread.FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("err = %v, want a *binread.FormatError", err)
			}
			if fe.Off != tc.off || !strings.Contains(fe.Msg, tc.msg) {
				t.Fatalf("err = %v, want offset %d and %q", err, tc.off, tc.msg)
			}
			// Nested: the same damage inside an archive entry reports
			// absolute offsets.
			_, err = NewArchive(bytes.NewReader(b), 1000, int64(len(b)))
			if !errors.As(err, &fe) || fe.Off != 1000+tc.off {
				t.Fatalf("nested err = %v, want offset %d", err, 1000+tc.off)
			}
		})
	}
}

// TestEntryErrors checks the per-entry rules of docs/formats/parkan.md: the archive
// opens, the damaged entry reports a FormatError at its record, the others
// stay usable.
func TestEntryErrors(t *testing.T) {
	tests := []struct {
		name   string
		entry  int
		mutate func(b []byte, r int) // r: offset of the entry's record
		field  int64                 // offset of the field within the record
		msg    string
	}{
		{"payload crosses the directory", 2, func(b []byte, r int) { put32(b, r+12, get32(b, r+12)+uint32(len(b))/2) }, 0x38, "crosses the directory"},
		{"payload past EOF", 2, func(b []byte, r int) { put32(b, r+56, uint32(len(b))+8) }, 0x38, "past the end"},
		{"payload offset huge", 2, func(b []byte, r int) { put32(b, r+56, 0xFFFFFFF0); put32(b, r+12, 0xFFFFFFF0) }, 0x38, "past the end"},
		{"payload inside header", 1, func(b []byte, r int) { put32(b, r+56, 4) }, 0x38, "inside the 16-byte header"},
		{"overlapping payloads", 1, func(b []byte, r int) { put32(b, r+56, get32(b, recOff(b, 0)+56)+8) }, 0x38, "overlaps entry 0"},
		{"name without NUL", 3, func(b []byte, r int) {
			for k := 0; k < NameSize; k++ {
				b[r+20+k] = 'A'
			}
		}, 0x14, "no NUL"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := fixture(t)
			r := recOff(b, tc.entry)
			tc.mutate(b, r)
			a := mustOpen(t, b)
			var fe *binread.FormatError
			err := a.EntryErr(tc.entry)
			if !errors.As(err, &fe) {
				t.Fatalf("entry %d err = %v, want a FormatError", tc.entry, err)
			}
			if fe.Off != int64(r)+tc.field || !strings.Contains(fe.Msg, tc.msg) {
				t.Fatalf("err = %v, want offset %d and %q", err, int64(r)+tc.field, tc.msg)
			}
			for i := 0; i < a.Len(); i++ {
				if i != tc.entry && a.EntryErr(i) != nil {
					t.Errorf("entry %d also broken: %v", i, a.EntryErr(i))
				}
			}
			// Untouched, it still writes back byte for byte.
			if out := mustBytes(t, a); !bytes.Equal(out, b) {
				t.Errorf("untouched damaged archive not written identically")
			}
		})
	}
}

func TestNameTailPreserved(t *testing.T) {
	b := fixture(t)
	r := recOff(b, 0) // "Wood_01" + NUL, then the tail
	copy(b[r+20+8:], "TAIL\x01\x02")
	a := mustOpen(t, b)
	e := a.Entry(0)
	if e.Name() != "Wood_01" || !bytes.HasPrefix(e.Tail(), []byte("TAIL\x01\x02")) {
		t.Fatalf("name %q tail %q", e.Name(), e.Tail())
	}
	if !bytes.Equal(mustBytes(t, a), b) {
		t.Fatal("untouched archive with a name tail not identical")
	}
	// Editing another entry keeps the tail.
	if err := a.Replace(2, []byte("a longer texture payload")); err != nil {
		t.Fatal(err)
	}
	a2 := mustOpen(t, mustBytes(t, a))
	if e := a2.Entry(0); !bytes.HasPrefix(e.Tail(), []byte("TAIL\x01\x02")) {
		t.Fatalf("tail lost after editing another entry: %q", e.Tail())
	}
	// Renaming the entry itself writes a fresh zero-filled field.
	if err := a.Rename(0, "Wood_02"); err != nil {
		t.Fatal(err)
	}
	a3 := mustOpen(t, mustBytes(t, a))
	if e := a3.Entry(0); e.Name() != "Wood_02" || !bytes.Equal(e.Tail(), make([]byte, NameSize-8)) {
		t.Fatalf("renamed entry %q tail %q", e.Name(), e.Tail())
	}
}

func TestLookup(t *testing.T) {
	b := fixture(t)
	a := mustOpen(t, b)
	tests := []struct {
		name string
		want int
	}{
		{"Wood_01", 0}, {"wood_01", 0}, {"WOOD_01", 0}, // duplicate folded name: the first
		{"tank.WEA", 1}, {"mtp_04.0", 2}, {"TANK.MSH", 3}, {"empty", 5},
		{"abc_", 6}, {"abcd", 7}, {"missing", -1}, {"", -1}, {"Wood_0", -1}, {"Wood_011", -1},
	}
	for _, tc := range tests {
		if got := a.Lookup(tc.name); got != tc.want {
			t.Errorf("Lookup(%q) = %d, want %d", tc.name, got, tc.want)
		}
	}
	// The same answers through the linear fallback.
	r := recOff(b, 0)
	put32(b, r+60, 99)
	lin := mustOpen(t, b)
	if lin.SortValid() {
		t.Fatal("sort table with 99 accepted")
	}
	for _, tc := range tests {
		if got := lin.Lookup(tc.name); got != tc.want {
			t.Errorf("linear Lookup(%q) = %d, want %d", tc.name, got, tc.want)
		}
	}
	// A Windows-1251 name.
	c, err := Build([]Entry{{Name: "b"}, {Name: "Танк.msh"}, {Name: "a"}})
	if err != nil {
		t.Fatal(err)
	}
	ca := mustOpen(t, c)
	if ca.Name(1) != "Танк.msh" || ca.Lookup("Танк.MSH") != 1 {
		t.Errorf("cp1251 name %q, lookup %d", ca.Name(1), ca.Lookup("Танк.MSH"))
	}
}

// TestSortOrder checks the engine's folding (lower case: "abc_" < "ABCD")
// and stability for equal names.
func TestSortOrder(t *testing.T) {
	a := mustOpen(t, fixture(t))
	var names []string
	for _, i := range a.SortOrder() {
		names = append(names, fmt.Sprintf("%s#%d", a.Name(int(i)), i))
	}
	got := strings.Join(names, " ")
	want := "abc_#6 ABCD#7 Empty#5 MTP_04.0#2 tank.msh#3 tank.wea#1 Wood_01#0 wood_01#4"
	if got != want {
		t.Fatalf("sort order\n got %s\nwant %s", got, want)
	}
	for i, o := range a.SortOrder() {
		if a.Entry(i).SortIndex != o {
			t.Errorf("stored sort_index[%d] = %d, want %d", i, a.Entry(i).SortIndex, o)
		}
	}
}

func TestSortFallback(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(b []byte)
		pos    int // record whose sort_index field is reported
		msg    string
	}{
		{"out of range", func(b []byte) { put32(b, recOff(b, 3)+60, 8) }, 3, "out of range"},
		{"repeated", func(b []byte) { put32(b, recOff(b, 4)+60, get32(b, recOff(b, 0)+60)) }, 4, "repeats"},
		{"not sorted", func(b []byte) {
			x, y := recOff(b, 0)+60, recOff(b, 1)+60
			vx, vy := get32(b, x), get32(b, y)
			put32(b, x, vy)
			put32(b, y, vx)
		}, 1, "not in case-insensitive name order"},
		{"upper-case fold", func(b []byte) {
			// Swapping "abc_" and "ABCD" is the order upper-case folding gives.
			x, y := recOff(b, 0)+60, recOff(b, 1)+60
			vx, vy := get32(b, x), get32(b, y)
			put32(b, x, vy)
			put32(b, y, vx)
		}, 1, "order"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := fixture(t)
			tc.mutate(b)
			a := mustOpen(t, b)
			if a.SortValid() {
				t.Fatal("bad sort table accepted")
			}
			d := a.Diagnostics()
			if len(d) != 1 || d[0].Off != int64(recOff(b, tc.pos)+60) || !strings.Contains(d[0].Msg, tc.msg) || !strings.Contains(d[0].Msg, "linearly") {
				t.Fatalf("diagnostics %+v, want one at %d with %q", d, recOff(b, tc.pos)+60, tc.msg)
			}
			for i := 0; i < a.Len(); i++ {
				if got := a.Lookup(a.Name(i)); a.Name(got) != a.Name(i) && !strings.EqualFold(a.Name(got), a.Name(i)) {
					t.Errorf("Lookup(%q) = %d", a.Name(i), got)
				}
			}
			// Untouched: identical. Edited: the table is rebuilt.
			if !bytes.Equal(mustBytes(t, a), b) {
				t.Error("untouched archive not identical")
			}
			if err := a.Replace(0, []byte("new")); err != nil {
				t.Fatal(err)
			}
			if a2 := mustOpen(t, mustBytes(t, a)); !a2.SortValid() {
				t.Errorf("rewritten sort table still invalid: %v", a2.Diagnostics())
			}
		})
	}
}

// gappy builds an archive with unindexed bytes before, between and after
// the payloads and a payload whose padding is not zero.
func gappy(t testing.TB) []byte {
	t.Helper()
	var data bytes.Buffer
	data.Write(make([]byte, HeaderSize))
	type rec struct {
		name      string
		off, size uint32
	}
	var recs []rec
	add := func(name string, payload []byte) {
		recs = append(recs, rec{name, uint32(data.Len()), uint32(len(payload))})
		data.Write(payload)
	}
	data.WriteString("PREFIX!!")                // unindexed, before the first payload
	add("one", []byte("11111"))                 // padded with zeros below
	data.Write([]byte{0, 0, 0})                 // canonical padding
	data.WriteString("unindexed region, 32 b.") // then a non-zero run
	data.Write([]byte{0})                       //
	add("Two", []byte("2222222222"))            //
	data.WriteString("xxxxxx")                  // non-zero "padding": copied verbatim
	add("three", []byte("333"))                 //
	data.Write([]byte{0, 0, 0, 0, 0})           //
	data.WriteString("TRAILER.")                // unindexed, before the directory
	dirOff := data.Len()
	b := data.Bytes()
	b = append(b, make([]byte, len(recs)*EntrySize)...)
	for i, r := range recs {
		f, err := EncodeName(r.name)
		if err != nil {
			t.Fatal(err)
		}
		e := DirEntry{TypeID: TypeID("TEXT"), Attr3: 1, NameField: f, Size: r.size, Offset: r.off}
		e.encode(b[dirOff+i*EntrySize:])
	}
	copy(b, "NRes")
	put32(b, 4, Version)
	put32(b, 8, uint32(len(recs)))
	put32(b, 12, uint32(len(b)))
	a := mustOpen(t, b)
	for i, o := range a.SortOrder() {
		put32(b, dirOff+i*EntrySize+60, o)
	}
	return b
}

func TestRoundTripIdentical(t *testing.T) {
	for name, b := range map[string][]byte{"fixture": fixture(t), "gappy": gappy(t)} {
		t.Run(name, func(t *testing.T) {
			a := mustOpen(t, b)
			for i := 0; i < a.Len(); i++ {
				if err := a.EntryErr(i); err != nil {
					t.Fatalf("entry %d: %v", i, err)
				}
			}
			if !bytes.Equal(mustBytes(t, a), b) {
				t.Fatal("untouched archive not byte-identical")
			}
			// Replacing every payload by itself changes nothing either.
			for i := 0; i < a.Len(); i++ {
				d, err := a.Data(i)
				if err != nil {
					t.Fatal(err)
				}
				if err := a.Replace(i, d); err != nil {
					t.Fatal(err)
				}
			}
			if !a.Edited() {
				t.Fatal("Replace did not mark the archive edited")
			}
			if out := mustBytes(t, a); !bytes.Equal(out, b) {
				t.Fatalf("same-payload rewrite differs:\n got % X\nwant % X", out, b)
			}
		})
	}
}

// check reopens out and compares names and payloads with want.
func check(t *testing.T, out []byte, want []Entry) *Archive {
	t.Helper()
	a := mustOpen(t, out)
	if a.Len() != len(want) {
		t.Fatalf("reopened %d entries, want %d", a.Len(), len(want))
	}
	for i, w := range want {
		e := a.Entry(i)
		d, err := a.Data(i)
		if err != nil || e.Name() != w.Name || !bytes.Equal(d, w.Data) || e.TypeID != w.TypeID {
			t.Errorf("entry %d = %q %q (%v), want %q %q", i, e.Name(), d, err, w.Name, w.Data)
		}
		if err := a.EntryErr(i); err != nil {
			t.Errorf("entry %d: %v", i, err)
		}
	}
	if !a.SortValid() {
		t.Errorf("sort table invalid: %v", a.Diagnostics())
	}
	return a
}

func TestEdits(t *testing.T) {
	text := TypeID("TEXT")
	base := []Entry{
		{TypeID: text, Name: "one", Data: []byte("11111")},
		{TypeID: text, Name: "Two", Data: []byte("2222222222")},
		{TypeID: text, Name: "three", Data: []byte("333")},
	}
	tests := []struct {
		name string
		edit func(a *Archive) error
		want func([]Entry) []Entry
	}{
		{"replace grow", func(a *Archive) error { return a.Replace(0, bytes.Repeat([]byte("g"), 21)) },
			func(e []Entry) []Entry { e[0].Data = bytes.Repeat([]byte("g"), 21); return e }},
		{"replace shrink to empty", func(a *Archive) error { return a.Replace(1, nil) },
			func(e []Entry) []Entry { e[1].Data = nil; return e }},
		{"rename", func(a *Archive) error { return a.Rename(2, "Alpha") },
			func(e []Entry) []Entry { e[2].Name = "Alpha"; return e }},
		{"add", func(a *Archive) error {
			_, err := a.Add(Entry{TypeID: text, Name: "ONE", Data: []byte("added")})
			return err
		}, func(e []Entry) []Entry { return append(e, Entry{TypeID: text, Name: "ONE", Data: []byte("added")}) }},
		{"remove first", func(a *Archive) error { return a.Remove(0) },
			func(e []Entry) []Entry { return e[1:] }},
		{"remove middle", func(a *Archive) error { return a.Remove(1) },
			func(e []Entry) []Entry { return []Entry{e[0], e[2]} }},
		{"move", func(a *Archive) error { return a.Move(2, 0) },
			func(e []Entry) []Entry { return []Entry{e[2], e[0], e[1]} }},
		{"reorder", func(a *Archive) error { return a.Reorder([]int{1, 2, 0}) },
			func(e []Entry) []Entry { return []Entry{e[1], e[2], e[0]} }},
		{"everything", func(a *Archive) error {
			if err := a.Replace(1, []byte("new two")); err != nil {
				return err
			}
			if err := a.Remove(0); err != nil {
				return err
			}
			if _, err := a.Add(Entry{TypeID: 7, Name: "seven", Data: []byte("7")}); err != nil {
				return err
			}
			if err := a.Rename(0, "deux"); err != nil {
				return err
			}
			return a.Move(2, 0)
		}, func(e []Entry) []Entry {
			return []Entry{{TypeID: 7, Name: "seven", Data: []byte("7")}, {TypeID: text, Name: "deux", Data: []byte("new two")}, e[2]}
		}},
	}
	for _, tc := range tests {
		for _, layout := range []string{"built", "gappy"} {
			t.Run(tc.name+"/"+layout, func(t *testing.T) {
				var b []byte
				if layout == "built" {
					var err error
					if b, err = Build(base); err != nil {
						t.Fatal(err)
					}
				} else {
					b = gappy(t)
				}
				a := mustOpen(t, b)
				if err := tc.edit(a); err != nil {
					t.Fatal(err)
				}
				out := mustBytes(t, a)
				want := tc.want(append([]Entry(nil), base...))
				ra := check(t, out, want)
				for i := 0; i < ra.Len(); i++ {
					if layout == "built" && ra.Entry(i).Offset%Align != 0 {
						t.Errorf("entry %d at 0x%X not aligned", i, ra.Entry(i).Offset)
					}
				}
				if layout == "gappy" {
					for _, run := range []string{"PREFIX!!", "unindexed region, 32 b.", "TRAILER."} {
						if !bytes.Contains(out, []byte(run)) {
							t.Errorf("unindexed run %q lost", run)
						}
					}
				}
				// Writing twice gives the same bytes; reopening and writing
				// untouched is identical.
				if again := mustBytes(t, a); !bytes.Equal(again, out) {
					t.Error("second write differs")
				}
				if !bytes.Equal(mustBytes(t, ra), out) {
					t.Error("reopened archive not written identically")
				}
			})
		}
	}
}

// TestEditUntouchedRegions checks that an edit changes only the edited
// entry, the data after it, the directory and the header.
func TestEditUntouchedRegions(t *testing.T) {
	b := fixture(t)
	a := mustOpen(t, b)
	e2 := a.Entry(2)
	if err := a.Replace(2, []byte("different size payload")); err != nil {
		t.Fatal(err)
	}
	out := mustBytes(t, a)
	if !bytes.Equal(out[HeaderSize:e2.Offset], b[HeaderSize:e2.Offset]) {
		t.Error("bytes before the edited entry changed")
	}
	a2 := mustOpen(t, out)
	for _, i := range []int{3, 4, 5, 6, 7} {
		d1, _ := mustOpen(t, b).Data(i)
		d2, _ := a2.Data(i)
		if !bytes.Equal(d1, d2) {
			t.Errorf("entry %d payload changed", i)
		}
	}
}

func TestEditErrors(t *testing.T) {
	a := mustOpen(t, fixture(t))
	if err := a.Rename(0, strings.Repeat("x", 36)); err == nil {
		t.Error("36-byte name accepted")
	}
	if err := a.Rename(0, "a\x00b"); err == nil {
		t.Error("name with NUL accepted")
	}
	if err := a.Rename(0, "日本"); err == nil {
		t.Error("name outside Windows-1251 accepted")
	}
	if err := a.Replace(99, nil); err == nil {
		t.Error("replace out of range accepted")
	}
	if err := a.Reorder([]int{0, 0, 1, 2, 3, 4, 5, 6}); err == nil {
		t.Error("non-permutation accepted")
	}
	if a.Edited() {
		t.Error("failed edits marked the archive edited")
	}
	// An archive with a broken payload cannot be rewritten until the
	// entry is replaced or removed.
	b := fixture(t)
	put32(b, recOff(b, 2)+56, uint32(len(b)))
	a = mustOpen(t, b)
	if err := a.Rename(0, "x"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Bytes(); err == nil || !strings.Contains(err.Error(), "broken payload") {
		t.Fatalf("write with a broken entry: %v", err)
	}
	if err := a.Replace(2, []byte("fixed")); err != nil {
		t.Fatal(err)
	}
	a2 := mustOpen(t, mustBytes(t, a))
	if d, err := a2.Data(2); err != nil || string(d) != "fixed" {
		t.Fatalf("replaced broken entry: %q %v", d, err)
	}
}

func TestFourCC(t *testing.T) {
	tests := []struct {
		id   uint32
		want string
	}{
		{TypeMAT0, "MAT0"}, {TypeTexm, "Texm"}, {TypeWEAR, "WEAR"}, {TypeID("MSH"), "MSH"},
		{1, "1"}, {19, "19"}, {0, "0"}, {0xDEADBEEF, "0xDEADBEEF"}, {0x00FF0000, "0x00FF0000"},
	}
	for _, tc := range tests {
		if got := FourCC(tc.id); got != tc.want {
			t.Errorf("FourCC(0x%X) = %q, want %q", tc.id, got, tc.want)
		}
		if tc.want[0] != '0' || tc.id == 0 {
			if back := TypeID(tc.want); back != tc.id {
				t.Errorf("TypeID(%q) = 0x%X, want 0x%X", tc.want, back, tc.id)
			}
		}
	}
}

// listing is the golden text dump of an archive's directory.
func listing(a *Archive) string {
	var s strings.Builder
	fmt.Fprintf(&s, "NRes version 0x%X, %d entries, %d bytes\n", a.Header().Version, a.Len(), a.Size())
	fmt.Fprintf(&s, "%-3s %-10s %-12s %-8s %-8s %-8s %6s %8s %4s\n", "#", "type", "name", "attr1", "attr2", "attr3", "size", "offset", "sort")
	for i := 0; i < a.Len(); i++ {
		e := a.Entry(i)
		fmt.Fprintf(&s, "%-3d %-10s %-12s %-8d %-8d %-8d %6d %8s %4d\n", i, FourCC(e.TypeID), e.Name(), e.Attr1, e.Attr2, e.Attr3,
			e.Size, fmt.Sprintf("0x%X", e.Offset), e.SortIndex)
	}
	for _, d := range a.Diagnostics() {
		fmt.Fprintf(&s, "diagnostic at 0x%X: %s\n", d.Off, d.Msg)
	}
	return s.String()
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file:\n got:\n%s\nwant:\n%s", name, got, want)
	}
}

func TestGoldenListing(t *testing.T) {
	golden(t, "fixture.txt", listing(mustOpen(t, fixture(t))))
	b := gappy(t)
	put32(b, recOff(b, 0)+60, 7)
	golden(t, "gappy.txt", listing(mustOpen(t, b)))
}

// TestSeeds writes (with -update) and checks the fuzz seeds in testdata.
func TestSeeds(t *testing.T) {
	empty, _ := Build(nil)
	broken := fixture(t)
	put32(broken, recOff(broken, 1)+56, 3)
	put32(broken, recOff(broken, 0)+60, 42)
	seeds := map[string][]byte{
		"fixture.nres": fixture(t),
		"gappy.nres":   gappy(t),
		"empty.nres":   empty,
		"broken.nres":  broken,
	}
	for name, b := range seeds {
		path := filepath.Join("testdata", name)
		if *update {
			if err := os.WriteFile(path, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		if !bytes.Equal(got, b) {
			t.Errorf("%s is stale (run go test -update)", path)
		}
	}
}

// trackReader records the byte ranges read through it.
type trackReader struct {
	r     *bytes.Reader
	reads [][2]int64
	bytes int64
}

func (t *trackReader) ReadAt(p []byte, off int64) (int, error) {
	t.reads = append(t.reads, [2]int64{off, off + int64(len(p))})
	t.bytes += int64(len(p))
	return t.r.ReadAt(p, off)
}

// TestOpenReadsOnlyDirectory checks that opening reads the header and the
// directory and not one payload byte.
func TestOpenReadsOnlyDirectory(t *testing.T) {
	for _, n := range []int{0, 1, 300, 2000} {
		b := big(t, max(n, 1))
		if n == 0 {
			b, _ = Build(nil)
		}
		tr := &trackReader{r: bytes.NewReader(b)}
		a, err := Open(tr, int64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		dirOff := int64(len(b)) - int64(a.Len())*EntrySize
		for _, r := range tr.reads {
			if !(r[0] >= 0 && r[1] <= HeaderSize) && !(r[0] >= dirOff && r[1] <= int64(len(b))) {
				t.Errorf("%d entries: read %d..%d outside the header and directory", n, r[0], r[1])
			}
		}
		if want := HeaderSize + int64(a.Len())*EntrySize; tr.bytes != want {
			t.Errorf("%d entries: read %d bytes, want %d", n, tr.bytes, want)
		}
		for i := 0; i < a.Len(); i++ {
			_ = a.Lookup(a.Name(i))
		}
		if want := HeaderSize + int64(a.Len())*EntrySize; tr.bytes != want {
			t.Errorf("%d entries: listing and lookups read payload bytes", n)
		}
	}
}

// TestNameAndRangeErrors: an entry with both a name without NUL and an
// overlapping payload is a payload error, so an edited archive refuses to
// lay it out (found by the fuzzer).
func TestNameAndRangeErrors(t *testing.T) {
	b := fixture(t)
	r := recOff(b, 1)
	for k := 0; k < NameSize; k++ {
		b[r+20+k] = 'A'
	}
	put32(b, r+56, get32(b, recOff(b, 0)+56)+8)
	a := mustOpen(t, b)
	if a.payloadOK(1) {
		t.Fatal("overlap hidden by the name error")
	}
	var fe *binread.FormatError
	if !errors.As(a.EntryErr(1), &fe) || fe.Off != int64(r+56) {
		t.Fatalf("err %v", a.EntryErr(1))
	}
	if err := a.Rename(1, "fixed"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Bytes(); err == nil {
		t.Fatal("edited archive with an overlapping entry written")
	}
}
