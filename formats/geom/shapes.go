package geom

import (
	"image/color"
	"math"
)

// Torus makes a torus around the up axis with nu segments around the ring
// and nv around the tube (each at least 3): nu*nv vertices and 2*nu*nv
// triangles, split along the ring into `groups` groups (at least 1) with
// distinct colour hints.
func Torus(major, minor float32, nu, nv, groups int, up Up) *Mesh {
	nu, nv = max(nu, 3), max(nv, 3)
	groups = min(max(groups, 1), nu)
	m := &Mesh{Up: up, Positions: make([]Vec3, 0, nu*nv), Indices: make([]uint32, 0, 6*nu*nv)}
	for i := 0; i < nu; i++ {
		u := 2 * math.Pi * float64(i) / float64(nu)
		for j := 0; j < nv; j++ {
			v := 2 * math.Pi * float64(j) / float64(nv)
			rr := float64(major) + float64(minor)*math.Cos(v)
			x, y, h := rr*math.Cos(u), rr*math.Sin(u), float64(minor)*math.Sin(v)
			if up == ZUp {
				m.Positions = append(m.Positions, Vec3{float32(x), float32(y), float32(h)})
			} else {
				m.Positions = append(m.Positions, Vec3{float32(x), float32(h), float32(-y)})
			}
		}
	}
	at := func(i, j int) uint32 { return uint32((i%nu)*nv + j%nv) }
	g := 0
	for i := 0; i < nu; i++ {
		if i*groups/nu != g || i == 0 {
			g = i * groups / nu
			m.Groups = append(m.Groups, Group{Name: groupName("ring", g), FirstTri: m.Triangles(), Color: Palette(g), Material: groupName("ring", g)})
		}
		for j := 0; j < nv; j++ {
			a, b, c, d := at(i, j), at(i+1, j), at(i+1, j+1), at(i, j+1)
			m.Indices = append(m.Indices, a, b, c, a, c, d)
			m.Groups[len(m.Groups)-1].TriCount += 2
		}
	}
	return m
}

// Icosphere makes a geodesic sphere of the given radius: each of the
// icosahedron's 20 faces is cut into n*n triangles (n at least 1) and is
// one group. Shared vertices are merged.
func Icosphere(radius float32, n int, up Up) *Mesh {
	n = max(n, 1)
	t := (1 + math.Sqrt(5)) / 2
	base := [12][3]float64{
		{-1, t, 0}, {1, t, 0}, {-1, -t, 0}, {1, -t, 0},
		{0, -1, t}, {0, 1, t}, {0, -1, -t}, {0, 1, -t},
		{t, 0, -1}, {t, 0, 1}, {-t, 0, -1}, {-t, 0, 1},
	}
	faces := [20][3]int{
		{0, 11, 5}, {0, 5, 1}, {0, 1, 7}, {0, 7, 10}, {0, 10, 11},
		{1, 5, 9}, {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8},
		{3, 9, 4}, {3, 4, 2}, {3, 2, 6}, {3, 6, 8}, {3, 8, 9},
		{4, 9, 5}, {2, 4, 11}, {6, 2, 10}, {8, 6, 7}, {9, 8, 1},
	}
	m := &Mesh{Up: up}
	seen := map[[3]int32]uint32{}
	vert := func(p [3]float64) uint32 {
		l := math.Sqrt(p[0]*p[0] + p[1]*p[1] + p[2]*p[2])
		q := Vec3{float32(p[0] / l * float64(radius)), float32(p[1] / l * float64(radius)), float32(p[2] / l * float64(radius))}
		if up == ZUp {
			q = Vec3{q[0], -q[2], q[1]}
		}
		k := [3]int32{int32(math.Round(p[0] / l * 1e6)), int32(math.Round(p[1] / l * 1e6)), int32(math.Round(p[2] / l * 1e6))}
		if i, ok := seen[k]; ok {
			return i
		}
		m.Positions = append(m.Positions, q)
		seen[k] = uint32(len(m.Positions) - 1)
		return uint32(len(m.Positions) - 1)
	}
	for fi, f := range faces {
		a, b, c := base[f[0]], base[f[1]], base[f[2]]
		// point (i, j) with i+j <= n: a + (b-a)*i/n + (c-a)*j/n
		row := make([][]uint32, n+1)
		for i := 0; i <= n; i++ {
			row[i] = make([]uint32, n+1-i)
			for j := 0; j <= n-i; j++ {
				var p [3]float64
				for k := 0; k < 3; k++ {
					p[k] = a[k] + (b[k]-a[k])*float64(i)/float64(n) + (c[k]-a[k])*float64(j)/float64(n)
				}
				row[i][j] = vert(p)
			}
		}
		g := Group{Name: groupName("face", fi), FirstTri: m.Triangles(), Color: Palette(fi), Material: groupName("face", fi)}
		for i := 0; i < n; i++ {
			for j := 0; j < n-i; j++ {
				m.Indices = append(m.Indices, row[i][j], row[i+1][j], row[i][j+1])
				if j < n-i-1 {
					m.Indices = append(m.Indices, row[i+1][j], row[i+1][j+1], row[i][j+1])
				}
			}
		}
		g.TriCount = m.Triangles() - g.FirstTri
		m.Groups = append(m.Groups, g)
	}
	return m
}

func groupName(prefix string, i int) string {
	return prefix + string(rune('0'+i/10%10)) + string(rune('0'+i%10))
}

// Palette returns a distinct, fairly bright colour for group i (golden-ratio
// hue steps), used when a group has no colour hint.
func Palette(i int) color.NRGBA {
	h := math.Mod(float64(i)*0.618033988749895+0.12, 1)
	s, v := 0.55, 0.95
	k := func(n float64) uint8 {
		kk := math.Mod(n+h*6, 6)
		c := v - v*s*math.Max(0, math.Min(math.Min(kk, 4-kk), 1))
		return uint8(math.Round(c * 255))
	}
	return color.NRGBA{k(5), k(3), k(1), 255}
}
