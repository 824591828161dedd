package ui

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzParseArgs: the command line parser never panics and a parsed size is
// in range.
func FuzzParseArgs(f *testing.F) {
	for _, s := range []string{"--materials m.lib x.lib", "--screenshot o.png --select A/B --size 800x600", "--size 900x700 --screenshot a.png --screenshot b.png --size 1024x640 --tab Preview", "--size=1x1", "-- --x", "--select"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := parseArgs(strings.Fields(s))
		if err != nil {
			return
		}
		for _, sh := range c.shots {
			if sh.width < 200 || sh.height < 150 || sh.width > 8192 || sh.height > 8192 {
				t.Fatalf("size %dx%d accepted", sh.width, sh.height)
			}
		}
	})
}

// FuzzFilter: any filter text searches the fake tree without panicking.
func FuzzFilter(f *testing.F) {
	for _, s := range []string{"water", "type:MAT0", "kind:texture wat", "type:", ":::", "x@4"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m := newTreeModel()
		root, _ := fakeArchive()
		m.addRoot(&openFile{name: "fake.lib", root: root})
		fv := m.buildFilter(parseQuery(s))
		for uid := range fv.matched {
			if m.items[uid] == nil {
				t.Fatalf("matched unknown %s", uid)
			}
		}
	})
}

// FuzzFlatten: any JSON value flattens without panicking, and every
// scalar leaf becomes a row.
func FuzzFlatten(f *testing.F) {
	for _, s := range []string{`{"a":1,"b":[1,2,{"c":null}]}`, `[]`, `"x"`, `{"":{}}`, `[[[[1]]]]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var v any
		if json.Unmarshal([]byte(s), &v) != nil {
			return
		}
		rows, err := flatten(v)
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) == 0 {
			t.Fatalf("%s gave no rows", s)
		}
	})
}

// FuzzParseOffset never panics and never returns a negative offset.
func FuzzParseOffset(f *testing.F) {
	for _, s := range []string{"0x1A40", "1a40h", "6720", "-1", "0x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if v, err := parseOffset(s); err == nil && v < 0 {
			t.Fatalf("%q gave %d", s, v)
		}
	})
}
