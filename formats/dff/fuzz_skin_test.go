package dff

import "testing"

// FuzzSkinnedClump feeds mutated skinned clumps (the Skin plugin in both
// layouts, HAnim hierarchies) to the parser, the rig and the clump mesh:
// no panic, no hang.
func FuzzSkinnedClump(f *testing.F) {
	f.Add(encode(f, skinnedFixture(f, false)))
	f.Add(encode(f, skinnedFixture(f, true)))
	f.Fuzz(func(t *testing.T, b []byte) {
		file, err := Parse(b, 0)
		if err != nil {
			return
		}
		c := file.Clump
		if r, err := c.Rig(); err == nil {
			r.Skeleton.Worlds()
		}
		if m, err := c.ClumpMesh(nil); err == nil && m.Skin != nil && len(m.Skin.Joints) != len(m.Positions) {
			t.Fatalf("%d joints for %d vertices", len(m.Skin.Joints), len(m.Positions))
		}
		c.Scene("x", nil)
		d := map[string]any{}
		addBoneFacts(d, c)
	})
}
