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
