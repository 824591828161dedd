package mesh

import (
	"regexp"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/geom"
	"rummage/formats/xrlevel"
	"rummage/ui/inspect"
	"rummage/ui/inspect/inspecttest"
	_ "rummage/ui/inspect/level" // the header facts of the level nodes
)

// The preview's overlay counts the triangles the header counts, and says
// when it draws less (an MSH model's LOD 0) and what it draws besides
// (portal outlines); the level's header and Statistics say the same.
func TestOverlayCountsAgreeWithHeader(t *testing.T) {
	level := inspecttest.OpenSample(t, "xray_level_v4")
	tank := inspecttest.OpenSample(t, "tank.rlb")
	for _, c := range []struct {
		root       formats.Node
		path, want string // want: in the overlay besides the count
	}{
		{level, "", "728 triangles + 2 portal outlines"},
		{level, "cform", "728 CFORM triangles + 2 portal outlines"},
		{level, "sectors/1", "84 triangles + 2 portal outlines"},
		{level, "visuals/0", "512 triangles"},
		{tank, "TANK.msh", "60 of 72 triangles (LOD 0)"},
	} {
		n := c.root
		if c.path != "" {
			var err error
			if n, err = formats.Resolve(c.root, c.path); err != nil {
				t.Fatal(err)
			}
		}
		facts, _, err := inspect.FactsFor(n)
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(`^(\d+) triangles$`)
		header := ""
		for _, f := range facts {
			if sm := m.FindStringSubmatch(f); sm != nil {
				header = sm[1]
			}
		}
		src := n.(formats.Mesher)
		mesh, err := src.Mesh()
		if err != nil {
			t.Fatal(err)
		}
		overlay := countText(src, mesh)
		if header == "" || !regexp.MustCompile(`(^|  |of )`+header+` (CFORM )?triangles`).MatchString(overlay) {
			t.Errorf("%s: header %v, overlay %q: they disagree", c.path, facts, overlay)
		}
		if !strings.Contains(overlay, c.want) {
			t.Errorf("%s: overlay %q, want %q in it", c.path, overlay, c.want)
		}
	}
	st, err := level.(*xrlevel.LevelNode).Stats()
	if err != nil || st.Totals.VisualTriangles != 728 {
		t.Errorf("Statistics count %d triangles (%v), the header 728", st.Totals.VisualTriangles, err)
	}
}

// Each closed loop of a line group is one outline; triangles are not.
func TestOutlines(t *testing.T) {
	m := &geom.Mesh{
		Positions: make([]geom.Vec3, 10),
		Indices: []uint32{0, 1, 2, // a triangle
			3, 4, 4, 4, 5, 5, 5, 3, 3, // a loop of three segments
			6, 7, 7, 7, 8, 8, 8, 9, 9, 9, 6, 6}, // a loop of four
		Groups: []geom.Group{{Name: "solid", TriCount: 1}, {Name: "portals", FirstTri: 1, TriCount: 7, Lines: true}},
	}
	if n, portals := outlines(m); n != 2 || !portals {
		t.Errorf("outlines %d (portals %v), want 2 portal outlines", n, portals)
	}
	if got := countText(nil, m); got != "3 vertices  1 triangle + 2 portal outlines" {
		t.Errorf("count %q", got)
	}
}
