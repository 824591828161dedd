package world_test

import (
	"testing"

	"rummage/formats"
	"rummage/formats/ipl"
	"rummage/formats/world"
	"rummage/formats/world/worldtest"
)

// FuzzScene opens mutated item placement files (in memory: no game, so
// every model is missing) through the registry, lists them and resolves
// them: no panic, and every instance placed.
func FuzzScene(f *testing.F) {
	f.Add("a.ipl", ipl.Text(worldtest.Text(), []ipl.Car{{ID: 400}}, []ipl.TextSection{{Keyword: "enex", Rows: []string{"1, 2, 3"}}}))
	f.Add("a_stream0.ipl", ipl.Binary(worldtest.Stream(), []ipl.Car{{ID: 400}}))
	f.Fuzz(func(t *testing.T, name string, b []byte) {
		file, err := formats.OpenBytes(name, b, nil)
		if err != nil {
			return
		}
		s, ok := file.Root.(*world.Scene)
		if !ok {
			return
		}
		if _, err := formats.SafeChildren(s); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Describe(); err != nil {
			t.Fatal(err)
		}
		if g := s.Geometry(); len(g.Instances) != len(s.Placements()) {
			t.Fatalf("%d instances of %d placements", len(g.Instances), len(s.Placements()))
		}
	})
}
