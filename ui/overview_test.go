package ui

import (
	"strings"
	"testing"
)

func TestFlatten(t *testing.T) {
	type blend struct {
		Src string `json:"src"`
		Dst string `json:"dst"`
	}
	desc := map[string]any{
		"name":   "WATER_M",
		"blend":  blend{"SRC_ALPHA", "INV_SRC_ALPHA"},
		"prefix": []int{1, 2, 3},
		"phases": []map[string]any{{"opacity": 0.5, "texture": "WATER0"}, {"opacity": 1}},
		"none":   nil,
		"empty":  map[string]any{},
		"long":   make([]int, 40),
		"offset": 279,
		"size":   5,
	}
	rows, err := flatten(desc)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	var order []string
	for _, r := range rows {
		got[r.key] = r.value
		order = append(order, r.key)
	}
	want := map[string]string{
		"name":              "WATER_M",
		"blend.src":         "SRC_ALPHA",
		"blend.dst":         "INV_SRC_ALPHA",
		"prefix":            "[1, 2, 3]",
		"phases[0].opacity": "0.5",
		"phases[0].texture": "WATER0",
		"phases[1].opacity": "1",
		"none":              "null",
		"empty":             "{}",
		"long[39]":          "0",
		"offset":            "279 (0x117)",
		"size":              "5",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	// Struct fields keep their order; scalars come before nested values.
	joined := strings.Join(order, " ")
	if !strings.Contains(joined, "blend.src blend.dst") {
		t.Errorf("struct order lost: %s", joined)
	}
	if strings.Index(joined, "name") > strings.Index(joined, "blend.src") {
		t.Errorf("scalars not first: %s", joined)
	}
	if !strings.Contains(rowsText(rows), "name: WATER_M\n") {
		t.Error("rowsText misses a row")
	}
}

func TestFlattenScalar(t *testing.T) {
	rows, err := flatten("just text")
	if err != nil || len(rows) != 1 || rows[0].value != "just text" {
		t.Errorf("rows %v, %v", rows, err)
	}
	if _, err := flatten(func() {}); err == nil {
		t.Error("unmarshalable description gave no error")
	}
}

func TestHeaderFacts(t *testing.T) {
	it := &item{name: "WATER_M", tag: "MAT0", kind: "material", node: rawNode("WATER_M", "material", "MAT0", seq(412), 0)}
	got := headerFacts(it, map[string]any{"phases": []any{1, 2, 3, 4, 5, 6}, "animations": []any{1}, "version": 6, "format": "mat0"})
	want := "MAT0 · 6 phases · 1 block · version 6 · 412 B"
	if got != want {
		t.Errorf("facts %q, want %q", got, want)
	}
}

func TestPlural(t *testing.T) {
	for _, tc := range []struct {
		n         int
		one, want string
	}{{1, "entry", "1 entry"}, {3, "entry", "3 entries"}, {2, "vertex", "2 vertices"}, {4, "batch", "4 batches"}, {0, "file", "0 files"}, {2, "child", "2 children"}} {
		if got := plural(tc.n, tc.one); got != tc.want {
			t.Errorf("plural(%d, %s) = %s", tc.n, tc.one, got)
		}
	}
}
