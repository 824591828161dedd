package level

import (
	"reflect"
	"strconv"

	"rummage/formats"
	"rummage/formats/xrlevel"
	"rummage/ui/inspect"
	"rummage/ui/widgets"
)

func init() {
	inspect.RegisterFacts(func(n *xrlevel.LevelNode) ([]string, bool) {
		lv, err := n.Level()
		if err != nil {
			return nil, false // the error card says why
		}
		// The triangles of the visuals, as Statistics and the preview's
		// overlay count them.
		return []string{widgets.Plural(len(lv.Chunks), "chunk"), widgets.Plural(lv.Totals().VisualTriangles, "triangle"),
			"version " + strconv.Itoa(lv.Version)}, false
	})
	inspect.RegisterFacts(func(v *xrlevel.VBNode) ([]string, bool) {
		return []string{widgets.Plural(len(v.Table().Rows), "row"), widgets.Plural(v.Buffer().Count, "vertex")}, false
	})
	inspect.RegisterFacts(func(c *xrlevel.ChunkNode) ([]string, bool) { return describedFacts(c) })
	inspect.RegisterFacts(func(v *xrlevel.VisualNode) ([]string, bool) { return describedFacts(v) })
	inspect.RegisterFacts(func(s *xrlevel.SectorNode) ([]string, bool) { return describedFacts(s) })
}

// describedCounts are the counts a chunk, visual or sector description
// may hold, in header order, with the word for one.
var describedCounts = []struct{ key, one string }{
	{"rows", "row"}, {"vertices", "vertex"}, {"triangles", "triangle"}, {"batches", "batch"},
	{"chunks", "chunk"}, {"items", "item"}, {"textures", "texture"},
}

// describedFacts picks the counts and the version of a chunk, visual or
// sector from the node's own description: xrlevel derives them with
// helpers of its own (vertices without outline-only ones, solid triangles,
// the CFORM and header of the level the chunk belongs to), and the header
// says what `rummage info` says. The counts of the items count the
// node's children. The keys are the contract's JSON keys (docs/cli.md,
// "JSON"), not raw bytes: xrlevel computes these counts per chunk
// role inside Describe, so a typed accessor would only repeat that work.
func describedFacts(d formats.Describer) (facts []string, countsChildren bool) {
	desc, err := d.Describe()
	m, _ := desc.(map[string]any)
	if err != nil || m == nil {
		return nil, false
	}
	for _, c := range describedCounts {
		v, ok := m[c.key]
		if !ok {
			continue
		}
		n, isInt := v.(int)
		if rv := reflect.ValueOf(v); rv.Kind() == reflect.Slice {
			n, isInt = rv.Len(), true
		}
		if isInt {
			facts = append(facts, widgets.Plural(n, c.one))
			countsChildren = countsChildren || c.key == "items"
		}
	}
	if v, ok := m["version"].(int); ok {
		facts = append(facts, "version "+strconv.Itoa(v))
	}
	return facts, countsChildren
}
