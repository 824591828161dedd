package level

import (
	"reflect"

	"rummage/formats"
	"rummage/formats/xrlevel"
	"rummage/ui/count"
	"rummage/ui/inspect"
)

func init() {
	inspect.RegisterFacts(func(n *xrlevel.LevelNode) ([]string, bool) {
		lv, err := n.Level()
		if err != nil {
			return nil, false // the error card says why
		}
		// The triangles of the visuals, as Statistics and the preview's
		// overlay count them.
		return []string{count.Chunks(len(lv.Chunks)), count.Triangles(lv.Totals().VisualTriangles),
			count.Version(int64(lv.Version))}, false
	})
	inspect.RegisterFacts(func(v *xrlevel.VBNode) ([]string, bool) {
		return []string{count.Rows(len(v.Table().Rows)), count.Vertices(v.Buffer().Count)}, false
	})
	inspect.RegisterFacts(func(c *xrlevel.ChunkNode) ([]string, bool) { return describedFacts(c) })
	inspect.RegisterFacts(func(v *xrlevel.VisualNode) ([]string, bool) { return describedFacts(v) })
	inspect.RegisterFacts(func(s *xrlevel.SectorNode) ([]string, bool) { return describedFacts(s) })
}

// describedCounts are the counts a chunk, visual or sector description
// may hold, in header order, with how each is said.
var describedCounts = []struct {
	key string
	say func(n int) string
}{
	{"rows", count.Rows}, {"vertices", count.Vertices}, {"triangles", count.Triangles}, {"batches", count.Batches},
	{"chunks", count.Chunks}, {"items", count.Items}, {"textures", count.Textures},
}

// describedFacts picks the counts and the version of a chunk, visual or
// sector from the node's own description: xrlevel derives them with
// helpers of its own (vertices without outline-only ones, solid triangles,
// the CFORM and header of the level the chunk belongs to), and the header
// says what `rummage info` says. The counts of the items count the
// node's children. The keys are the contract's JSON keys (design.md,
// "JSON shapes"), not raw bytes: xrlevel computes these counts per chunk
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
			facts = append(facts, c.say(n))
			countsChildren = countsChildren || c.key == "items"
		}
	}
	if v, ok := m["version"].(int); ok {
		facts = append(facts, count.Version(int64(v)))
	}
	return facts, countsChildren
}
