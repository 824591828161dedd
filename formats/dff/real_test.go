package dff

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats"
	"rummage/formats/geom"
)

// realFiles lists the .dff files under $RUMMAGE_DFF_REAL (real game files
// kept outside the repository); the test skips without it.
func realFiles(t *testing.T) []string {
	dir := os.Getenv("RUMMAGE_DFF_REAL")
	if dir == "" {
		t.Skip("RUMMAGE_DFF_REAL is not set")
	}
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".dff") {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// TestRealFiles parses every real file, and re-encodes the PC ones: the
// writer must give back the same bytes (but for files read with skipped
// chunks, which Bytes does not write back).
func TestRealFiles(t *testing.T) {
	for _, p := range realFiles(t) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Parse(b, 0)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		if d := f.Diags; len(d) > 0 && d[0].Off < int64(len(b)-len(f.Trailer)) {
			t.Logf("%s: chunks skipped, not re-encoded (first: %s)", p, d[0].Msg)
			continue
		}
		out, err := f.Bytes()
		if err != nil {
			t.Errorf("%s: encode: %v", p, err)
			continue
		}
		if !bytes.Equal(out, b) {
			i := 0
			for i < len(out) && i < len(b) && out[i] == b[i] {
				i++
			}
			t.Errorf("%s: re-encoded %d bytes differ from the %d read at offset 0x%X", p, len(out), len(b), i)
		}
	}
}

// TestRWParserFacts checks our reading of the two PC files of
// Timic3/rw-parser against the figures its own tests expect.
func TestRWParserFacts(t *testing.T) {
	dir := os.Getenv("RUMMAGE_DFF_REAL")
	if dir == "" {
		t.Skip("RUMMAGE_DFF_REAL is not set")
	}
	load := func(name string) *Clump {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Skip(err)
		}
		f, err := Parse(b, 0)
		if err != nil {
			t.Fatal(err)
		}
		return f.Clump
	}
	c := load("infernus.dff")
	eq := func(what string, got, want any) {
		t.Helper()
		if got != want {
			t.Errorf("%s = %v, want %v", what, got, want)
		}
	}
	eq("atomics", len(c.Atomics), 15)
	eq("atomic 1 frame", c.Atomics[1].Frame, int32(14))
	eq("atomic 4 frame", c.Atomics[4].Frame, int32(31))
	eq("atomic 14 frame", c.Atomics[14].Frame, int32(21))
	eq("frames", len(c.Frames), 36)
	eq("frame 0", c.Frames[0].Name, "infernus")
	eq("frame 2", c.Frames[2].Name, "wheel_lb_dummy")
	eq("frame 35", c.Frames[35].Name, "wheel")
	eq("frame 35 parent", c.Frames[35].Parent, int32(3))
	eq("frame 1 x", c.Frames[1].Pos[0], float32(0.7049300670623779))
	eq("frame 1 y", c.Frames[1].Pos[1], float32(2.6824448108673096))
	eq("geometries", len(c.Geometries), 15)
	g0, g14 := c.Geometries[0], c.Geometries[14]
	eq("g0 vertices", g0.NumVerts, int32(298))
	eq("g14 vertices", g14.NumVerts, int32(1970))
	eq("g0 triangles", len(g0.Tris), 250)
	eq("g14 triangles", len(g14.Tris), 1710)
	eq("g0 position 0 y", g0.Morph[0].Positions[0][1], float32(-0.34009382128715515))
	eq("g14 position 1969 x", g14.Morph[0].Positions[1969][0], float32(0.9978775978088379))
	eq("g3 uv sets", c.Geometries[3].UVSets(), 1)
	eq("g14 uv sets", len(g14.UVs), 2)
	eq("g0 materials", len(g0.Materials), 4)
	eq("g14 materials", len(g14.Materials), 16)
	eq("g0 splits", len(g0.BinMesh.Splits), 4)
	eq("g0 split 3", len(g0.BinMesh.Splits[3].Indices), 210)
	eq("g14 split 15 index 100", g14.BinMesh.Splits[15].Indices[100], uint32(1909))
	eq("g14 split 14 material", g14.BinMesh.Splits[14].Material, uint32(11))

	w := load("wuzimu.dff")
	eq("wuzimu frames", len(w.Frames), 33)
	for i, p := range map[int]int32{0: -1, 1: 0, 2: 1, 3: 2, 6: 5, 15: 13, 31: 30, 32: 31} {
		eq("wuzimu parent of "+w.Frames[i].Name, w.Frames[i].Parent, p)
	}
	eq("wuzimu skin", w.Geometries[0].Skin != nil, true)
}

// TestRealTextures reports how many materials of the real files find
// their texture through the .ide files and dictionaries beside them.
func TestRealTextures(t *testing.T) {
	total, found := 0, 0
	missing := map[string]int{}
	for _, p := range realFiles(t) {
		f, err := formats.Open(p, &formats.Options{})
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		r := f.Root.(*Root)
		file, err := r.File()
		if err != nil {
			t.Errorf("%s: %v", p, err)
			f.Close()
			continue
		}
		ts := r.surfaces()
		for _, g := range file.Clump.Geometries {
			for _, m := range g.Materials {
				if m.Texture == nil {
					continue
				}
				total++
				if ts.found(m.Texture.Name) != "" {
					found++
				} else {
					missing[filepath.Base(p)]++
				}
			}
		}
		f.Close()
	}
	t.Logf("%d of %d textured materials found their texture (%.1f %%)", found, total, 100*float64(found)/float64(max(total, 1)))
	if testing.Verbose() {
		for k, v := range missing {
			t.Logf("missing in %s: %d", k, v)
		}
	}
}

// TestRealMeshes builds every real model's meshes and checks them against
// what the file says independently: merged vertices against the stored
// vertex count, the winding against the stored normals.
func TestRealMeshes(t *testing.T) {
	files, geoms, vertsEqual, agree, tris, trisEqual := 0, 0, 0, 0, 0, 0
	for _, p := range realFiles(t) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Parse(b, 0)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		files++
		if _, err := f.Clump.ClumpMesh(nil); err != nil {
			t.Errorf("%s: clump: %v", p, err)
		}
		for i, g := range f.Clump.Geometries {
			m, err := g.Mesh(nil)
			if err != nil {
				t.Errorf("%s: geometry %d: %v", p, i, err)
				continue
			}
			geoms++
			if len(m.Positions) == int(g.NumVerts) {
				vertsEqual++
			}
			tris += m.Triangles()
			if m.Triangles() == int(g.NumTris) {
				trisEqual++
			}
			agree += windingAgrees(m)
		}
	}
	t.Logf("%d files, %d geometries; %d with as many merged vertices as stored, %d with as many triangles as stored; %d of %d triangles wound as their vertex normals say",
		files, geoms, vertsEqual, trisEqual, agree, tris)
}

// windingAgrees counts the triangles whose face normal points the way of
// their vertex normals' sum (all of them when the mesh has no normals).
func windingAgrees(m *geom.Mesh) int {
	if len(m.Normals) != len(m.Positions) {
		return m.Triangles()
	}
	n := 0
	for i := 0; i+2 < len(m.Indices); i += 3 {
		a, b, c := m.Positions[m.Indices[i]], m.Positions[m.Indices[i+1]], m.Positions[m.Indices[i+2]]
		u := [3]float32{b[0] - a[0], b[1] - a[1], b[2] - a[2]}
		v := [3]float32{c[0] - a[0], c[1] - a[1], c[2] - a[2]}
		f := [3]float32{u[1]*v[2] - u[2]*v[1], u[2]*v[0] - u[0]*v[2], u[0]*v[1] - u[1]*v[0]}
		var s float32
		for _, k := range m.Indices[i : i+3] {
			s += f[0]*m.Normals[k][0] + f[1]*m.Normals[k][1] + f[2]*m.Normals[k][2]
		}
		if s > 0 {
			n++
		}
	}
	return n
}
