package xrlevel

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"rummage/formats"
)

// ogf4 makes an OGF v4 normal visual (GCONTAINER into VB 0 / IB 0) or a
// hierarchy.
func ogf4(typ uint8, shader uint16, gc [6]uint32, children []uint32) []byte {
	h := append([]byte{4, typ}, lb{}.u16(shader)...)
	h = lb(h).f32(0, 0, 0, 1, 1, 1, 0.5, 0.5, 0.5, 1)
	v := lb{}.chunk(1, h, false)
	if children != nil {
		return v.chunk(0xa, lb{}.u32(uint32(len(children))).u32(children...), false)
	}
	return v.chunk(0x15, lb{}.u32(gc[:]...), false)
}

// fvfVB is an FVF 0x112 (XYZ|NORMAL|TEX1) vertex-buffer list with one
// buffer of n vertices.
func fvfVB(n int) []byte {
	b := lb{}.u32(1, 0x112, uint32(n))
	for i := 0; i < n; i++ {
		b = b.f32(float32(i), float32(i%2), 0, 0, 1, 0, 0, 0)
	}
	return b
}

// TestVersions builds one small level per xrLC version family with the
// chunk ids, record sizes and side files of docs/formats/xray.md and checks that each opens
// without findings and with the same counts.
func TestVersions(t *testing.T) {
	for _, ver := range []int{5, 8, 9, 10, 11, 12, 13, 14} {
		for _, variant := range []string{"", "swapped"} {
			if variant == "swapped" && ver != 13 {
				continue
			}
			name := fmt.Sprintf("v%d%s", ver, variant)
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				var l lb
				hdr := lb{}.u16(uint16(ver), 1)
				if ver <= 10 {
					hdr = append(hdr, make([]byte, 124)...)
					copy(hdr[4:], "test level")
				}
				l = l.chunk(1, hdr, false)
				// strings and visuals (a triangle pair under a hierarchy)
				var vis lb
				switch {
				case ver <= 8: // v5 also has chunk 3 and prefixed names
					if ver <= 5 {
						l = l.chunk(2, lb{}.str("LMAP:lmap#1,STD:stone"), false)
						l = l.chunk(3, lb{}.str("default"), false)
					} else {
						l = l.chunk(2, lb{}.str("lmap#1,stone"), false)
					}
					var v lb
					v = v.chunk(1, []byte{3, 0, 0, 0}, false)
					v = v.chunk(3, lb{}.u32(0, 0), false)
					v = v.chunk(6, lb{}.f32(0, 0, 0, 1, 1, 1), false)
					v = v.chunk(8, lb{}.u32(6).u16(0, 1, 2, 2, 1, 3), false)
					v = v.chunk(0xa, lb{}.u32(0, 0, 4), false)
					vis = vis.chunk(0, v, false)
					vis = vis.chunk(1, ogf3(1, 0, [3]uint32{}, [3]uint32{}, []uint32{0}), false)
				case ver <= 12:
					s := "lmap#1,stone"
					if ver == 12 {
						s = "default/stone,lmap#1"
					}
					l = l.chunk(2, lb{}.str("", s), false)
					vis = vis.chunk(0, ogf3(0, 1, [3]uint32{0, 0, 4}, [3]uint32{0, 0, 6}, nil), false)
					vis = vis.chunk(1, ogf3(1, 1, [3]uint32{}, [3]uint32{}, []uint32{0}), false)
				default:
					l = l.chunk(2, lb{}.str("", "default/stone,lmap#1"), false)
					vis = vis.chunk(0, ogf4(0, 1, [6]uint32{0, 0, 4, 0, 0, 6}, nil), false)
					vis = vis.chunk(1, ogf4(1, 1, [6]uint32{}, []uint32{0}), false)
				}
				ids := ChunkNames(ver)
				id := func(role string) uint32 {
					for k, v := range ids {
						if v == role {
							return k
						}
					}
					t.Fatalf("version %d has no %s chunk", ver, role)
					return 0
				}
				l = l.chunk(id(NameVisuals), vis, true)
				// buffers
				ib := lb{}.u32(1, 6).u16(0, 1, 2, 2, 1, 3)
				switch {
				case ver <= 8:
					l = l.chunk(id(NameVBs), fvfVB(4), true)
				case ver == 9:
					l = l.chunk(0xc, declVB(4), true)
					l = l.chunk(0xb, ib, true)
				case ver <= 12:
					l = l.chunk(0xa, declVB(4), false)
					l = l.chunk(9, ib, false)
				default:
					g := lb{}.chunk(1, lb{}.u16(uint16(ver), 1), false)
					if variant == "swapped" {
						g = g.chunk(9, ib, false).chunk(0xa, declVB(4), false)
					} else {
						g = g.chunk(9, declVB(4), false).chunk(0xa, ib, false)
					}
					os.WriteFile(filepath.Join(dir, "level.geom"), g, 0o644)
				}
				// collision mesh: CFORM v2/v3 inside up to v9, a v4 level.cform after
				if ver <= 9 {
					cf := lb{}.u32(2, 3, 1).f32(0, 0, 0, 1, 1, 1).f32(0, 0, 0, 1, 0, 0, 0, 1, 0).
						u32(0, 1, 2, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF).u16(0, 0).u32(0)
					l = l.chunk(id(NameCForm), cf, true)
				} else {
					cf := lb{}.u32(4, 3, 1).f32(0, 0, 0, 1, 1, 1).f32(0, 0, 0, 1, 0, 0, 0, 1, 0).u32(0, 1, 2, 0)
					os.WriteFile(filepath.Join(dir, "level.cform"), cf, 0o644)
				}
				// portal: the count before the vertices in v4/v5, after them later
				portal := lb{}.u16(0, 0)
				if ver <= 5 {
					portal = portal.u32(3).f32(make([]float32, 18)...)
				} else {
					portal = portal.f32(make([]float32, 18)...).u32(3)
				}
				l = l.chunk(id(NamePortals), portal, false)
				// one light of the version's size
				light := lb{}.u32(1).f32(make([]float32, 25)...)
				switch {
				case ver <= 5:
					light = light.u32(0).u16(LightModels, 0).f32(0, 0).u16(0, 0)
				case ver <= 8:
					light = append(light.u32(0, 1), make([]byte, 64)...)
				default:
					light = append(lb{}.u32(2), light...)
				}
				l = l.chunk(id(NameLights), light, false)
				glow := lb{}.f32(1, 2, 3, 0.5)
				if ver >= 12 {
					glow = glow.u16(0)
				} else {
					glow = glow.u32(0, 0)
				}
				l = l.chunk(id(NameGlows), glow, false)
				sec := lb{}.chunk(2, lb{}.u32(1), false).chunk(1, lb{}.u16(0), false)
				l = l.chunk(id(NameSectors), lb{}.chunk(0, sec, false), true)
				os.WriteFile(filepath.Join(dir, "level"), l, 0o644)

				f, err := formats.Open(filepath.Join(dir, "level"), nil)
				if err != nil {
					t.Fatal(err)
				}
				defer f.Close()
				root, ok := f.Root.(*LevelNode)
				if !ok {
					t.Fatalf("opened as %T", f.Root)
				}
				lv, err := root.Level()
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range lv.Diags {
					t.Errorf("finding %+v", d)
				}
				if lv.Version != ver || (ver <= 10) != (lv.Description == "test level") {
					t.Errorf("header: version %d, description %q", lv.Version, lv.Description)
				}
				tot := lv.Totals()
				want := Totals{Visuals: 2, VertexBuffers: 1, Vertices: 4, VisualTriangles: 2, CFormVertices: 3, CFormTriangles: 1,
					Portals: 1, Lights: 1, Glows: 1, Sectors: 1, Shaders: 1}
				if ver <= 5 {
					want.Textures = 1
				}
				if ver >= 9 {
					want.Shaders = 2
				}
				if tot != want {
					t.Errorf("totals\n got %+v\nwant %+v", tot, want)
				}
				if lv.Portals[0].Count != 3 {
					t.Errorf("portal count %d", lv.Portals[0].Count)
				}
				if got := lv.BaseTexture(lv.Visuals[0]); got != "stone" {
					t.Errorf("base texture %q", got)
				}
				m, _ := lv.SectorMesh(0)
				if m.Triangles() != 2+3 {
					t.Errorf("sector mesh: %d triangles, want 2 and a 3-edge portal", m.Triangles())
				}
				st := lv.Stats()
				if st.Sectors[0].Visuals != 2 || st.Sectors[0].Triangles != 2 || st.Sectors[0].CFormTris != 1 {
					t.Errorf("sector stats %+v", st.Sectors[0])
				}
				for _, p := range []string{"header", "shaders", "visuals/0", "visuals/1", "vertex_buffers/0", "cform", "portals", "lights", "glows", "sectors/0"} {
					n, err := formats.Resolve(root, p)
					if err != nil {
						t.Errorf("%s: %v", p, err)
						continue
					}
					if d, ok := n.(formats.Describer); ok {
						if _, err := d.Describe(); err != nil {
							t.Errorf("%s: %v", p, err)
						}
					}
				}
			})
		}
	}
}
