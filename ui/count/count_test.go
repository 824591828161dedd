package count

import (
	"testing"

	"rummage/ui/i18n"
)

// English counts take one and other; Russian ones the form CLDR gives the
// number: one (1, 21, 101), few (2–4, 22), many (0, 5–20, 25, 111).
func TestCountsInBothLanguages(t *testing.T) {
	for n, want := range map[int]string{1: "1 triangle", 2: "2 triangles", 0: "0 triangles"} {
		if got := Triangles(n); got != want {
			t.Errorf("English %d: %q, want %q", n, got, want)
		}
	}
	if got := Vertices(1) + ", " + Vertices(3); got != "1 vertex, 3 vertices" {
		t.Errorf("English vertices: %q", got)
	}
	i18n.Use(i18n.Russian)
	t.Cleanup(func() { i18n.Use(i18n.English) })
	for n, want := range map[int]string{1: "1 треугольник", 2: "2 треугольника", 4: "4 треугольника", 5: "5 треугольников",
		11: "11 треугольников", 12: "12 треугольников", 14: "14 треугольников", 21: "21 треугольник", 22: "22 треугольника",
		25: "25 треугольников", 101: "101 треугольник", 111: "111 треугольников", 0: "0 треугольников"} {
		if got := Triangles(n); got != want {
			t.Errorf("Russian %d: %q, want %q", n, got, want)
		}
	}
	if got := Entries(1) + ", " + Entries(3) + ", " + Entries(7); got != "1 запись, 3 записи, 7 записей" {
		t.Errorf("Russian entries: %q", got)
	}
	if got := Version(6); got != "версия 6" {
		t.Errorf("Russian version: %q", got)
	}
}

// Sizes are said in the language's units.
func TestSize(t *testing.T) {
	for n, want := range map[int64]string{412: "412 B", 1843: "1.8 KiB", 5 << 20: "5.0 MiB", 3 << 30: "3.00 GiB"} {
		if got := Size(n); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
	i18n.Use(i18n.Russian)
	t.Cleanup(func() { i18n.Use(i18n.English) })
	if got := Size(1843); got != "1.8 КиБ" {
		t.Errorf("Russian 1843: %q", got)
	}
}
