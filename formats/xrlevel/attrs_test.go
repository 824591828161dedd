package xrlevel

import (
	"image/color"
	"math"
	"testing"

	"rummage/formats/geom"
)

// agreement returns the mean dot product of the stored normals with the
// smooth normals of the triangles (1: the same directions), over the
// vertices triangles use.
func agreement(m *geom.Mesh) float64 {
	smooth := m.SmoothNormals()
	sum, n := 0.0, 0
	for i, s := range smooth {
		if s == (geom.Vec3{}) {
			continue
		}
		a := m.Normals[i]
		l := math.Sqrt(float64(a[0]*a[0] + a[1]*a[1] + a[2]*a[2]))
		if l == 0 {
			continue
		}
		sum += float64(a[0]*s[0]+a[1]*s[1]+a[2]*s[2]) / l
		n++
	}
	return sum / float64(max(n, 1))
}

// TestSampleAttributes: the sample level's mesh carries a normal, a
// diffuse and a lightmap UV and a colour per position; the stored normals
// agree with the triangles' fronts; vertex-lit boxes carry their stored
// light, the lightmapped terrain white; UVs are the base texture's.
func TestSampleAttributes(t *testing.T) {
	lv, err := openBytes(t, sampleBytes(t, WriteOptions{})).Level()
	if err != nil {
		t.Fatal(err)
	}
	m := lv.LevelMesh()
	np := len(m.Positions)
	if len(m.Normals) != np || len(m.UVs) != 2 || len(m.UVs[0]) != np || len(m.UVs[1]) != np || len(m.Colors) != np {
		t.Fatalf("positions %d: normals %d, UV sets %d, colours %d", np, len(m.Normals), len(m.UVs), len(m.Colors))
	}
	if a := agreement(m); a < 0.95 {
		t.Errorf("stored normals agree with the triangles by %.3f, want ≥ 0.95", a)
	}
	// Visual 0 is the terrain grid (FVF 0x212, "LMAP:L#1,STD:terrain\grass"):
	// vertex (i, j) has lightmap UV (i/16, j/16) in set 0 and base UV
	// (i/2, j/2) in set 1 of its buffer.
	vm, err := lv.VisualMesh(0)
	if err != nil {
		t.Fatal(err)
	}
	if len(vm.Colors) != 0 {
		t.Errorf("the terrain has no vertex colours, got %d", len(vm.Colors))
	}
	k := 3*17 + 5 // j = 3, i = 5
	if got := vm.UVs[0][k]; got != (geom.Vec2{2.5, 1.5}) {
		t.Errorf("terrain diffuse UV %v, want (2.5, 1.5)", got)
	}
	if got := vm.UVs[1][k]; got != (geom.Vec2{5.0 / 16, 3.0 / 16}) {
		t.Errorf("terrain lightmap UV %v, want (5/16, 3/16)", got)
	}
	// Visual 1 is the rock, a vertex-lit box (FVF 0x152) of colour
	// (150, 140, 120) shaded per face: face 0 at 255/255.
	rock, _ := lv.VisualMesh(1)
	if len(rock.Colors) != 24 || rock.Colors[0] != (color.NRGBA{150, 140, 120, 255}) || len(rock.UVs) != 1 {
		t.Errorf("rock colours %d %v, UV sets %d", len(rock.Colors), rock.Colors[:1], len(rock.UVs))
	}
	if rock.Normals[0] != (geom.Vec3{0, 0, -1}) || rock.UVs[0][0] != (geom.Vec2{0, 1}) {
		t.Errorf("rock vertex 0: normal %v UV %v", rock.Normals[0], rock.UVs[0][0])
	}
}

// TestSampleMaterials: each group has a material; without a textures
// folder it is the texture name's stable colour, the same in every mesh.
func TestSampleMaterials(t *testing.T) {
	lv, err := openBytes(t, sampleBytes(t, WriteOptions{})).Level()
	if err != nil {
		t.Fatal(err)
	}
	m := lv.LevelMesh()
	for _, g := range m.Groups {
		if g.Lines {
			if g.Surface != nil {
				t.Errorf("outline group %s has a material", g.Name)
			}
			continue
		}
		if g.Surface == nil || g.Surface.Texture != nil || g.Surface.Color != TextureColor(g.Material) {
			t.Errorf("group %s: material %+v", g.Name, g.Surface)
		}
	}
	s1, _ := lv.SectorMesh(1)
	if s1.Groups[0].Surface != lv.material(matKey{`walls\bricks1`, "lmap_base"}) {
		t.Error("the sector mesh does not share the level's material")
	}
	if TextureColor(`Walls\Bricks1`) != TextureColor("walls/bricks1") || TextureColor("a") == TextureColor("b") {
		t.Error("texture colours are not stable per name")
	}
}

// TestV14Attributes: the shared version 14 sample's packed normals agree
// with its triangles, and its UVs and colours are unpacked in range.
func TestV14Attributes(t *testing.T) {
	n := openV14(t)
	m, err := n.Mesh()
	if err != nil {
		t.Fatal(err)
	}
	np := len(m.Positions)
	if len(m.Normals) != np || len(m.UVs) != 2 || len(m.UVs[0]) != np || len(m.Colors) != np {
		t.Fatalf("positions %d: normals %d, UV sets %d, colours %d", np, len(m.Normals), len(m.UVs), len(m.Colors))
	}
	if a := agreement(m); a < 0.9 {
		t.Errorf("packed normals agree with the triangles by %.3f, want ≥ 0.9", a)
	}
	for i, uv := range m.UVs[0] {
		if uv[0] < -8 || uv[0] > 8 || uv[1] < -8 || uv[1] > 8 {
			t.Fatalf("vertex %d diffuse UV %v out of any tiling range", i, uv)
		}
	}
	lv, _ := n.Level()
	// Buffer 2 (brushes with a colour) vertex 0: light 0, sun 0, hemi
	// 0x7F/255 in the normal's fourth byte.
	r := newVertexReader(&lv.VBs[2].Format, 14)
	if c, ok := r.Color(lv.VBs[2].Vertex(0)); !ok || c != (color.NRGBA{64, 64, 64, 255}) {
		t.Errorf("buffer 2 vertex 0 colour %v %v", c, ok)
	}
	// Buffer 0 (trees, SHORT4 in 1/2048) vertex 0: u = 1023/2048 + the
	// tangent's correction byte 0.
	uv, _ := newVertexReader(&lv.VBs[0].Format, 14).UV(lv.VBs[0].Vertex(0), 0)
	if math.Abs(float64(uv[0])-1023.0/2048) > 1e-6 || math.Abs(float64(uv[1])-664.0/2048) > 1e-6 {
		t.Errorf("tree UV %v, want (1023, 664)/2048", uv)
	}
}
