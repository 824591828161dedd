package export

import (
	"bufio"
	"bytes"
	"image/color"
	"strconv"
	"strings"
	"testing"

	"rummage/formats/geom"
)

// testMesh is a Z-up mesh with two groups, an outline group, an invalid
// triangle and triangles in no group.
func testMesh() *geom.Mesh {
	m := geom.Torus(2, 0.5, 8, 6, 2, geom.ZUp)
	m.Groups[1].Name = "ring two" // a space, to be replaced
	m.Groups[1].Material = ""
	n := uint32(len(m.Positions))
	first := m.Triangles()
	m.Indices = append(m.Indices, 0, 1, 1, 1, 2, 2) // outline
	m.Groups = append(m.Groups, geom.Group{Name: "outline", FirstTri: first, TriCount: 2, Lines: true, Color: color.NRGBA{255, 0, 0, 255}})
	m.Indices = append(m.Indices, 0, n, 1) // invalid
	m.Indices = append(m.Indices, 3, 4, 5) // no group
	return m
}

// parsedOBJ is what parseOBJ reads back.
type parsedOBJ struct {
	v       [][3]float64
	vt      [][2]float64
	vn      [][3]float64
	corners map[string][][3]int // per object: each face corner's v, vt, vn (0 when absent)
	faces   map[string]int      // per object
	lines   int
	usemtl  map[string]string
	mtllib  string
	objects []string
}

func parseOBJ(t *testing.T, data []byte) parsedOBJ {
	t.Helper()
	p := parsedOBJ{faces: map[string]int{}, usemtl: map[string]string{}, corners: map[string][][3]int{}}
	cur := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || f[0][0] == '#' {
			continue
		}
		switch f[0] {
		case "v", "vn":
			q := [3]float64(numbers(t, f, 3))
			if f[0] == "v" {
				p.v = append(p.v, q)
			} else {
				p.vn = append(p.vn, q)
			}
		case "vt":
			p.vt = append(p.vt, [2]float64(numbers(t, f, 2)))
		case "f":
			if len(f) != 4 {
				t.Fatalf("face with %d vertices: %q", len(f)-1, sc.Text())
			}
			for _, s := range f[1:] {
				p.corners[cur] = append(p.corners[cur], p.corner(t, s))
			}
			p.faces[cur]++
		case "l":
			for _, s := range f[1:] {
				if i, err := strconv.Atoi(s); err != nil || i < 1 || i > len(p.v) {
					t.Fatalf("bad index in %q", sc.Text())
				}
			}
			p.lines++
		case "o":
			if len(f) != 2 {
				t.Fatalf("bad o line %q", sc.Text())
			}
			cur = f[1]
			p.objects = append(p.objects, cur)
		case "usemtl":
			p.usemtl[cur] = f[1]
		case "mtllib":
			p.mtllib = f[1]
		default:
			t.Fatalf("unexpected line %q", sc.Text())
		}
	}
	return p
}

// numbers parses the n numbers after a line's tag.
func numbers(t *testing.T, f []string, n int) []float64 {
	t.Helper()
	if len(f) != n+1 {
		t.Fatalf("%d numbers in %q", len(f)-1, f)
	}
	out := make([]float64, n)
	for i := range out {
		v, err := strconv.ParseFloat(f[1+i], 32)
		if err != nil {
			t.Fatalf("bad %s line %q", f[0], f)
		}
		out[i] = v
	}
	return out
}

// corner parses a face corner v, v/vt, v//vn or v/vt/vn, each index in
// range of the lines read so far.
func (p *parsedOBJ) corner(t *testing.T, s string) [3]int {
	t.Helper()
	var c [3]int
	parts := strings.Split(s, "/")
	limits := []int{len(p.v), len(p.vt), len(p.vn)}
	for k, x := range parts {
		if k > 2 || x == "" && k != 1 {
			t.Fatalf("bad corner %q", s)
		}
		if x == "" {
			continue
		}
		i, err := strconv.Atoi(x)
		if err != nil || i < 1 || i > limits[k] {
			t.Fatalf("corner %q: index %d out of %d", s, k, limits[k])
		}
		c[k] = i
	}
	return c
}

func TestOBJRoundTrip(t *testing.T) {
	m := testMesh()
	var obj, mtl bytes.Buffer
	if err := WriteOBJ(&obj, &mtl, m, "my torus", "my torus.mtl", nil); err != nil {
		t.Fatal(err)
	}
	p := parseOBJ(t, obj.Bytes())
	if len(p.v) != len(m.Positions) {
		t.Fatalf("%d vertices, want %d", len(p.v), len(m.Positions))
	}
	for i, q := range m.Positions {
		// Z-up is written Y-up: (x, z, -y)
		want := [3]float64{float64(q[0]), float64(q[2]), float64(-q[1])}
		if p.v[i] != want {
			t.Fatalf("vertex %d is %v, want %v", i, p.v[i], want)
		}
	}
	g0, g1 := m.Groups[0].TriCount, m.Groups[1].TriCount
	if p.faces["ring00"] != g0 || p.faces["ring_two"] != g1 || p.faces["my_torus"] != 1 || p.lines != 2 {
		t.Fatalf("faces per object %v, lines %d; want ring00 %d, ring_two %d, my_torus 1, 2 lines", p.faces, p.lines, g0, g1)
	}
	if strings.Join(p.objects, ",") != "ring00,ring_two,outline,my_torus" {
		t.Fatalf("objects %v", p.objects)
	}
	// materials: every usemtl is defined in the MTL
	defined := map[string]bool{}
	for _, line := range strings.Split(mtl.String(), "\n") {
		if name, ok := strings.CutPrefix(line, "newmtl "); ok {
			defined[name] = true
		}
	}
	if len(defined) != 4 {
		t.Fatalf("MTL defines %v", defined)
	}
	for o, mt := range p.usemtl {
		if !defined[mt] {
			t.Errorf("object %s uses undefined material %s", o, mt)
		}
	}
	if len(p.vt) != 0 || len(p.vn) != 0 || strings.Contains(obj.String(), "/") {
		t.Error("a mesh without UVs or normals wrote vt, vn or corner slashes")
	}
	if !strings.Contains(mtl.String(), "newmtl outline\nKa 0 0 0\nKd 1 0 0\nKs 0 0 0\nd 1\n") {
		t.Errorf("outline material lacks its colour:\n%s", mtl.String())
	}
}

func TestOBJEmpty(t *testing.T) {
	var obj, mtl bytes.Buffer
	if err := WriteOBJ(&obj, &mtl, &geom.Mesh{}, "e", "e.mtl", nil); err != nil {
		t.Fatal(err)
	}
	if mtl.Len() != 0 || strings.Contains(obj.String(), "mtllib") {
		t.Fatalf("an empty mesh wrote a material library:\n%s", obj.String())
	}
	p := parseOBJ(t, obj.Bytes())
	if len(p.v) != 0 || len(p.faces) != 0 {
		t.Fatal("an empty mesh wrote geometry")
	}
}
