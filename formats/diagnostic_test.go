package formats

import "testing"

func TestDiagnosticString(t *testing.T) {
	for _, c := range []struct {
		d    Diagnostic
		want string
	}{
		{Diagnostic{Off: 0x1A40, Msg: "index past the vertices"}, "offset 0x1A40 (6720): index past the vertices"},
		{Diagnostic{Off: 0, Msg: "empty"}, "offset 0x0 (0): empty"},
		{Diagnostic{Off: -1, Msg: "level.geom is missing"}, "level.geom is missing"},
		{Diagnostic{Off: 0x40, Msg: "offset 0x40 (64): said already"}, "offset 0x40 (64): said already"},
		{Diagnostic{Path: "visuals/3", Off: 8, Msg: "odd"}, "offset 0x8 (8): odd"},
	} {
		if got := c.d.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.d, got, c.want)
		}
	}
}
