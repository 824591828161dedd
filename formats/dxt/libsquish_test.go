package dxt

import (
	"bufio"
	"fmt"
	"image"
	"maps"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// squishPSNR is libsquish's RGB PSNR on one image in one kind: as
// libsquish decodes (bit-replicated RGB565) and as Rummage decodes.
type squishPSNR struct{ replicated, rounded float64 }

// readLibsquish reads testdata/libsquish_psnr.txt, keyed "DXT1
// gradient-linear".
func readLibsquish(t *testing.T) map[string]squishPSNR {
	f, err := os.Open("testdata/libsquish_psnr.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]squishPSNR{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		if len(fs) != 4 {
			t.Fatalf("libsquish_psnr.txt: bad line %q", sc.Text())
		}
		rep, err1 := strconv.ParseFloat(fs[2], 64)
		rnd, err2 := strconv.ParseFloat(fs[3], 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("libsquish_psnr.txt: bad line %q", sc.Text())
		}
		out[fs[0]+" "+fs[1]] = squishPSNR{rep, rnd}
	}
	return out
}

// replicatedPSNR is the RGB PSNR of a level's colour blocks decoded as
// libsquish and most hardware decode them (RGB565 widened by bit
// replication): an independent decoder, written here from the format.
func replicatedPSNR(src *image.NRGBA, blocks []byte, k Kind) float64 {
	w, h, bs := src.Rect.Dx(), src.Rect.Dy(), k.BlockSize()
	widen := func(c int) [3]int {
		r, g, b := c>>11, c>>5&63, c&31
		return [3]int{r<<3 | r>>2, g<<2 | g>>4, b<<3 | b>>2}
	}
	var se float64
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			b := blocks[((y/4)*((w+3)/4)+x/4)*bs+bs-8:]
			c0, c1 := int(b[0])|int(b[1])<<8, int(b[2])|int(b[3])<<8
			e0, e1 := widen(c0), widen(c1)
			idx := (int(b[4]) | int(b[5])<<8 | int(b[6])<<16 | int(b[7])<<24) >> (2 * (y%4*4 + x%4)) & 3
			for ch := 0; ch < 3; ch++ {
				p, q := e0[ch], e1[ch]
				v := [4]int{p, q, (2*p + q) / 3, (p + 2*q) / 3}
				if k == DXT1 && c0 <= c1 {
					v[2], v[3] = (p+q)/2, 0
				}
				d := float64(src.Pix[y*src.Stride+4*x+ch]) - float64(v[idx])
				se += d * d
			}
		}
	}
	return 10 * math.Log10(255*255*3*float64(w*h)/max(se, 1e-9))
}

// categoryMeans holds per-(kind, category) mean PSNRs: ours and
// libsquish's, under both decoders.
type categoryMeans struct {
	n                                int
	ours, squish, oursRep, squishRep float64
}

// TestEncodeAgainstLibsquish: on every category of generated images the
// Normal quality's mean RGB PSNR is within 0.1 dB of libsquish's cluster
// fit or above it, as Rummage decodes and as libsquish decodes; on the
// gradients it is not below libsquish's (as Rummage decodes).
func TestEncodeAgainstLibsquish(t *testing.T) {
	ref := readLibsquish(t)
	means := map[string]*categoryMeans{}
	for _, ti := range testImages() {
		for _, k := range []Kind{DXT1, DXT3, DXT5} {
			name := fmt.Sprintf("DXT%d %s-%s", k, ti.cat, ti.name)
			sq, ok := ref[name]
			if !ok {
				t.Fatalf("no libsquish figure for %s", name)
			}
			blocks := Encode(ti.img, k)
			dec, err := Decode(blocks, testSide, testSide, k, true, 0)
			if err != nil {
				t.Fatal(err)
			}
			key := fmt.Sprintf("DXT%d %s", k, ti.cat)
			m := means[key]
			if m == nil {
				m = &categoryMeans{}
				means[key] = m
			}
			m.n++
			m.ours += psnrOf(ti.img, dec, 0, 1, 2)
			m.oursRep += replicatedPSNR(ti.img, blocks, k)
			m.squish += sq.rounded
			m.squishRep += sq.replicated
		}
	}
	for _, key := range slices.Sorted(maps.Keys(means)) {
		m := means[key]
		n := float64(m.n)
		ours, squish, oursRep, squishRep := m.ours/n, m.squish/n, m.oursRep/n, m.squishRep/n
		t.Logf("%-14s ours %.3f libsquish %.3f (%+.3f dB); bit-replicated: ours %.3f libsquish %.3f (%+.3f dB)",
			key, ours, squish, ours-squish, oursRep, squishRep, oursRep-squishRep)
		if ours < squish-0.1 || oursRep < squishRep-0.1 {
			t.Errorf("%s: mean PSNR %.3f / %.3f dB (Rummage / bit-replicated decoding), more than 0.1 dB under libsquish's %.3f / %.3f",
				key, ours, oursRep, squish, squishRep)
		}
		if strings.HasSuffix(key, "gradient") && ours < squish {
			t.Errorf("%s: mean PSNR %.3f dB under libsquish's %.3f on the gradients", key, ours, squish)
		}
	}
}

// TestQualitiesOrdered: on every category Best is at least Normal, and
// Normal at least Fast (mean RGB PSNR, DXT1).
func TestQualitiesOrdered(t *testing.T) {
	if testing.Short() {
		t.Skip("Best encodes slowly")
	}
	sums := map[string]*[3]float64{}
	for _, ti := range testImages() {
		if sums[ti.cat] == nil {
			sums[ti.cat] = new([3]float64)
		}
		for i, q := range []Quality{Fast, Normal, Best} {
			dec, err := Decode(EncodeWith(ti.img, DXT1, Options{Quality: q}), testSide, testSide, DXT1, true, 0)
			if err != nil {
				t.Fatal(err)
			}
			sums[ti.cat][i] += psnrOf(ti.img, dec, 0, 1, 2)
		}
	}
	for _, cat := range slices.Sorted(maps.Keys(sums)) {
		s := sums[cat]
		t.Logf("%-9s fast %.2f normal %.2f best %.2f (sums of PSNR)", cat, s[0], s[1], s[2])
		if s[0] > s[1] || s[1] > s[2] {
			t.Errorf("%s: fast %.2f, normal %.2f, best %.2f: not in order", cat, s[0], s[1], s[2])
		}
	}
}

// TestReencodeDecoded: pixels decoded from DXT blocks encode again
// (Normal, without the blocks) to nearly the same pixels: most blocks
// come back byte for byte and the second decoding is within 60 dB of
// the first.
func TestReencodeDecoded(t *testing.T) {
	for _, k := range []Kind{DXT1, DXT5} {
		same, total := 0, 0
		for _, ti := range testImages() {
			first := Encode(ti.img, k)
			dec, _ := Decode(first, testSide, testSide, k, true, 0)
			again := Encode(dec, k)
			dec2, _ := Decode(again, testSide, testSide, k, true, 0)
			bs := k.BlockSize()
			for i := 0; i < len(first); i += bs {
				total++
				if string(first[i:i+bs]) == string(again[i:i+bs]) {
					same++
				}
			}
			if p := psnrOf(dec, dec2, 0, 1, 2, 3); p < 60 {
				t.Errorf("DXT%d %s-%s: encoding the decoded pixels again gives %.1f dB, want ≥ 60", k, ti.cat, ti.name, p)
			}
		}
		t.Logf("DXT%d: %d of %d blocks byte-identical after decode and encode", k, same, total)
		if same*10 < total*9 {
			t.Errorf("DXT%d: only %d of %d blocks came back byte-identical, want ≥ 90%%", k, same, total)
		}
	}
}
