package dxt

import "sync"

// Splits of an ordered set of texels into the palette's clusters, and
// the pruned search for the best one (cluster.go). With prefix sums S of
// the ordered texels, a split at i <= j <= k (i texels at c0, j−i at ⅓,
// k−j at ⅔, the rest at c1) leaves at least ∑|x|² − E once its endpoints
// are unrounded, where E = a|u|² + b u·T + c|T|² (u = S_i+S_j+S_k, T the
// total) and a, b, c depend only on i, j, k (tabled once): only the
// splits whose bound beats the best rounded error found are rounded and
// weighed. The 3-colour mode is the same with u = S_i+S_j.

// splitCoef is one split's a, b, c of E = a|u|² + b u·T + c|T|², the part
// of ∑|x|² its unrounded least-squares endpoints explain.
type splitCoef struct{ a, b, c float64 }

// splitEnds is what one split needs to weigh its rounded endpoints: the
// sums ∑α², ∑β², ∑αβ (α, β each texel's weights of the two endpoints),
// and the least-squares endpoints per channel as e0 = u·pa − T·qa,
// e1 = T·pb − u·qb.
type splitEnds struct{ aa, bb, ab, pa, qa, pb, qb float64 }

// splitSet is every split of n texels for one mode, in loop order:
// (i <= j <= k) for the 4-colour mode, (i <= j) for the 3-colour one;
// row[i][j] is the index of split (i, j, j) (the 3-colour mode: of
// (i, i), with j unused).
type splitSet struct {
	coef []splitCoef
	ends []splitEnds
	row  [17][17]int16
}

// index returns the loop-order index of split (i, j, k).
func (ss *splitSet) index(i, j, k int, three bool) int {
	if three {
		return int(ss.row[i][0]) + j - i
	}
	return int(ss.row[i][j]) + k - j
}

// splitTables holds the splits by mode (0: 4-colour, 1: 3-colour) and
// texel count.
var splitTables = sync.OnceValue(func() (t *[2][17]splitSet) {
	t = new([2][17]splitSet)
	for n := 1; n <= 16; n++ {
		t[0][n] = makeSplits(false, n)
		t[1][n] = makeSplits(true, n)
	}
	return t
})

// makeSplits makes the splits of n texels.
func makeSplits(three bool, n int) (ss splitSet) {
	fn := float64(n)
	for i := 0; i <= n; i++ {
		ss.row[i][0] = int16(len(ss.coef))
		for j := i; j <= n; j++ {
			if three {
				n0, n1, n2 := float64(i), float64(j-i), float64(n-j)
				ss.add(fn, n0+n1/4, n1/4+n2, n1/4, 0.5)
				continue
			}
			ss.row[i][j] = int16(len(ss.coef))
			for k := j; k <= n; k++ {
				n0, n1, n2, n3 := float64(i), float64(j-i), float64(k-j), float64(n-k)
				ss.add(fn, n0+n1*4/9+n2/9, n1/9+n2*4/9+n3, (n1+n2)*2/9, 1.0/3)
			}
		}
	}
	return ss
}

// add appends the split whose sums are aa, bb, ab, for n texels whose
// first endpoint's weighted sum is αx = s·u. With βx = T − αx and
// ∑(α+β)² = n, E = (αx²∑β² − 2αxβx∑αβ + βx²∑α²)/det and
// e0 = (αx∑β² − βx∑αβ)/det, e1 = (βx∑α² − αx∑αβ)/det. A split with every
// texel at one palette entry explains |T|²/n, with both endpoints at the
// mean.
func (ss *splitSet) add(n, aa, bb, ab, s float64) {
	det := aa*bb - ab*ab
	if det < 1e-9 {
		ss.coef = append(ss.coef, splitCoef{c: 1 / n})
		ss.ends = append(ss.ends, splitEnds{aa: aa, bb: bb, ab: ab, qa: -1 / n, pb: 1 / n})
		return
	}
	inv := 1 / det
	ss.coef = append(ss.coef, splitCoef{a: s * s * n * inv, b: -2 * s * (ab + aa) * inv, c: aa * inv})
	ss.ends = append(ss.ends, splitEnds{aa: aa, bb: bb, ab: ab,
		pa: s * (bb + ab) * inv, qa: ab * inv, pb: aa * inv, qb: s * (aa + ab) * inv})
}

// energies writes the E of every split at o's cuts into e (in the order
// of cutSplits) and returns the largest's position in e.
func (o *ordered) energies(three bool, ss *splitSet, e []float64) (bestC int) {
	n, cuts := o.n, o.cuts[:o.ncut]
	t0, t1, t2 := o.sum[n][0], o.sum[n][1], o.sum[n][2]
	tt := t0*t0 + t1*t1 + t2*t2
	bestE, c := -1.0, 0
	for ci, i8 := range cuts {
		i := int(i8)
		si := &o.sum[i]
		for cj := ci; cj < len(cuts); cj++ {
			j := int(cuts[cj])
			sj := &o.sum[j]
			v0, v1, v2 := si[0]+sj[0], si[1]+sj[1], si[2]+sj[2]
			if three {
				cf := &ss.coef[ss.index(i, j, 0, true)]
				en := cf.a*(v0*v0+v1*v1+v2*v2) + cf.b*(v0*t0+v1*t1+v2*t2) + cf.c*tt
				e[c] = en
				if en > bestE {
					bestE, bestC = en, c
				}
				c++
				continue
			}
			row := ss.coef[ss.row[i][j]:]
			for _, k8 := range cuts[cj:] {
				k := int(k8)
				sk := &o.sum[k]
				u0, u1, u2 := v0+sk[0], v1+sk[1], v2+sk[2]
				cf := &row[k-j]
				en := cf.a*(u0*u0+u1*u1+u2*u2) + cf.b*(u0*t0+u1*t1+u2*t2) + cf.c*tt
				e[c] = en
				if en > bestE {
					bestE, bestC = en, c
				}
				c++
			}
		}
	}
	return bestC
}

// rounded returns the error of a split (u its prefix-sum sum, se its
// constants, resid its unrounded error) once its least-squares endpoints
// are rounded to RGB565 as the decoder widens them, the indices kept, and
// those endpoints; it stops early (ok false) once the error reaches
// limit.
func (o *ordered) rounded(u *[3]float64, se *splitEnds, resid, limit float64) (err float64, e0, e1 [3]float64, ok bool) {
	t := &o.sum[o.n]
	err = resid
	for c := 0; c < 3; c++ {
		a := u[c]*se.pa - t[c]*se.qa
		b := t[c]*se.pb - u[c]*se.qb
		ra, rb := snap(a, c), snap(b, c)
		da, db := ra-a, rb-b
		err += se.aa*da*da + 2*se.ab*da*db + se.bb*db*db
		if err >= limit {
			return err, e0, e1, false
		}
		e0[c], e1[c] = ra, rb
	}
	return err, e0, e1, true
}

// search returns the endpoints of the split at o's cuts with the least
// rounded error, if it is below limit: the split of largest E first, then
// every split whose unrounded error (∑|x|² − E) is below the best rounded
// error found. e is scratch space for every split's E.
func (o *ordered) search(three bool, e []float64, limit float64) (e0, e1 [3]float64, found bool) {
	ss := &splitTables()[b2i(three)][o.n]
	fc := o.energies(three, ss, e)
	splits := cutSplits()[b2i(three)][o.ncut]
	best := limit
	for pass := 0; pass < 2; pass++ {
		for c, en := range e[:len(splits)] {
			if pass == 0 { // the largest E first
				c, en = fc, e[fc]
			} else if c == fc || en <= o.xx-best {
				continue
			}
			t := splits[c]
			i, j, k := int(o.cuts[t[0]]), int(o.cuts[t[1]]), int(o.cuts[t[2]])
			si, sj, sk := &o.sum[i], &o.sum[j], &o.sum[k]
			u := [3]float64{si[0] + sj[0], si[1] + sj[1], si[2] + sj[2]}
			if !three {
				u[0], u[1], u[2] = u[0]+sk[0], u[1]+sk[1], u[2]+sk[2]
			}
			if err, a, b, ok := o.rounded(&u, &ss.ends[ss.index(i, j, k, three)], o.xx-en, best); ok {
				best, e0, e1, found = err, a, b, true
			}
			if pass == 0 {
				break
			}
		}
	}
	return e0, e1, found
}

// cutSplits lists, for every count of cuts, the splits over them as
// indices into the cuts, in the loop order of energies: by mode (0:
// 4-colour, 1: 3-colour, whose third index repeats the second).
var cutSplits = sync.OnceValue(func() (t *[2][18][][3]uint8) {
	t = new([2][18][][3]uint8)
	for nc := 1; nc <= 17; nc++ {
		for a := 0; a < nc; a++ {
			for b := a; b < nc; b++ {
				t[1][nc] = append(t[1][nc], [3]uint8{uint8(a), uint8(b), uint8(b)})
				for c := b; c < nc; c++ {
					t[0][nc] = append(t[0][nc], [3]uint8{uint8(a), uint8(b), uint8(c)})
				}
			}
		}
	}
	return t
})

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// gridTab is the decoder's widened 5-bit (0) and 6-bit (1) values.
var gridTab = func() (g [2][64]float64) {
	for v := uint32(0); v < 64; v++ {
		g[0][v&31] = float64(Expand5(v & 31))
		g[1][v] = float64(Expand6(v))
	}
	return g
}()

// snap rounds channel c's value (clamped to 0..255) to the nearest value
// the decoder widens RGB565 to.
func snap(v float64, c int) float64 {
	if c == 1 {
		return gridTab[1][min(max(int(v*(63.0/255)+0.5), 0), 63)]
	}
	return gridTab[0][min(max(int(v*(31.0/255)+0.5), 0), 31)]
}
