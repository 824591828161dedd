package txd

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummage/formats/dxt"
)

// TestRealPS2MipLayout rebuilds every PS2 texture with mipmaps found under
// $RUMMAGE_PS2_TXD_DIR (real San Andreas PS2 TXDs, never committed) and
// checks that the GS layout the writer computes (TEX0, MIPTBP1/2, the level
// count, totalSize, the palette offset and every GIF packet with its
// TRXPOS) equals the file's. Skipped when the variable is unset. With the
// San Andreas PS2 files of Rikintosh/GTASAv4: 497 of 498 reproduced; one
// 128×128 PSMT4 outlier among 220 of its shape states MIPTBP2 registers for
// two levels it does not have.
func TestRealPS2MipLayout(t *testing.T) {
	var textures, same int
	diffs := map[string]int{}
	shapes := map[string]string{}
	files := eachRealTXD(t, func(p string, dict *Dictionary) {
		for _, tx := range dict.Textures() {
			if tx.Platform != PlatformPS2 || len(tx.Levels) < 2 || tx.PS2 == nil || tx.PS2.StreamVersion < 2 {
				continue
			}
			textures++
			img, err := tx.Image(0)
			if err != nil {
				diffs["decode"]++
				continue
			}
			nt, err := Replace(tx, img)
			if err != nil {
				diffs["replace: "+err.Error()]++
				continue
			}
			what := layoutDiff(tx, nt)
			mark := "x"
			switch {
			case what == "":
				mark = "="
			case nt.PS2.Experimental:
				mark = "e"
			}
			shapes[fmt.Sprintf("%dx%d d%d L%d", tx.Width, tx.Height, tx.Depth, len(tx.Levels))] += mark
			if what == "" {
				same++
				if nt.PS2.Experimental {
					t.Logf("%s %s (%dx%d d%d L%d): layout reproduced but marked experimental", filepath.Base(p), tx.Name, tx.Width, tx.Height, tx.Depth, len(tx.Levels))
				}
				continue
			}
			if nt.PS2.Experimental {
				what = "(marked experimental) " + what
			}
			if diffs[what] < 3 {
				t.Logf("%s %s (%dx%d depth %d, %d levels, fmt 0x%X): %s", filepath.Base(p), tx.Name, tx.Width, tx.Height, tx.Depth, len(tx.Levels), tx.RasterFormat, what)
			}
			diffs[what]++
		}
	})
	t.Logf("%d files, %d PS2 textures with mipmaps, %d rebuilt with the same GS layout", files, textures, same)
	for k, v := range diffs {
		t.Logf("%d textures differ: %s", v, k)
	}
	// A shape whose every texture differs and is not marked experimental is
	// a wrong layout; a lone outlier among reproduced ones is logged only.
	for k, v := range shapes {
		if !strings.Contains(v, "=") && !strings.Contains(v, "e") {
			t.Errorf("shape %s: no texture reproduced and the rebuild is not marked experimental", k)
		}
	}
}

// eachRealTXD calls f with every TXD under $RUMMAGE_PS2_TXD_DIR (real
// files, never committed) that parses, and returns how many there were;
// the test is skipped when the variable is unset.
func eachRealTXD(t *testing.T, f func(path string, dict *Dictionary)) (files int) {
	t.Helper()
	dir := os.Getenv("RUMMAGE_PS2_TXD_DIR")
	if dir == "" {
		t.Skip("RUMMAGE_PS2_TXD_DIR not set")
	}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(p), ".txd") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if dict, err := Parse(b, 0); err == nil {
			files++
			f(p, dict)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// layoutDiff names the first GS layout field where b differs from a.
func layoutDiff(a, b *Texture) string {
	p, q := a.PS2, b.PS2
	switch {
	case len(a.Levels) != len(b.Levels):
		return fmt.Sprintf("levels %d vs %d", len(a.Levels), len(b.Levels))
	case p.TEX0 != q.TEX0:
		return "TEX0"
	case p.MIPTBP1 != q.MIPTBP1:
		return fmt.Sprintf("MIPTBP1 %016X vs %016X", p.MIPTBP1, q.MIPTBP1)
	case p.MIPTBP2 != q.MIPTBP2:
		return fmt.Sprintf("MIPTBP2 %016X vs %016X", p.MIPTBP2, q.MIPTBP2)
	case p.Tex1Low != q.Tex1Low:
		return "Tex1Low"
	case p.TotalSize != q.TotalSize:
		return "TotalSize"
	case p.PaletteOffset != q.PaletteOffset:
		return fmt.Sprintf("PaletteOffset %d vs %d (total %d vs %d)", p.PaletteOffset, q.PaletteOffset, p.TotalSize, q.TotalSize)
	case !bytes.Equal(p.PalGIF, q.PalGIF):
		return "palette GIF"
	case p.PixelSize != q.PixelSize:
		return "PixelSize"
	}
	for i := range a.Levels {
		if !bytes.Equal(a.Levels[i].GIF, b.Levels[i].GIF) {
			return "level GIF"
		}
	}
	return ""
}

// TestRealPS2ConvertRoundTrip converts up to 300 real PS2 TXDs under
// $RUMMAGE_PS2_TXD_DIR to D3D9 and back and checks that every level's
// pixels survive exactly. Skipped when the variable is unset.
func TestRealPS2ConvertRoundTrip(t *testing.T) {
	dir := os.Getenv("RUMMAGE_PS2_TXD_DIR")
	if dir == "" {
		t.Skip("RUMMAGE_PS2_TXD_DIR not set")
	}
	files, levels := 0, 0
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(p), ".txd") || files >= 300 {
			return err
		}
		b, _ := os.ReadFile(p)
		orig, err := Parse(b, 0)
		if err != nil || len(orig.Textures()) == 0 || orig.Textures()[0].Platform != PlatformPS2 {
			return nil
		}
		files++
		pc, err := ConvertDictionary(orig, PlatformD3D9, 0, dxt.Normal)
		if err != nil {
			t.Errorf("%s: to D3D9: %v", p, err)
			return nil
		}
		pc = roundTrip(t, pc)
		back, err := ConvertDictionary(pc, PlatformPS2, 0, dxt.Normal)
		if err != nil {
			t.Errorf("%s: back to PS2: %v", p, err)
			return nil
		}
		back = roundTrip(t, back)
		for i, o := range orig.Textures() {
			nb := back.Textures()[i]
			for lv := range o.Levels {
				a, _ := o.Image(lv)
				m, _ := pc.Textures()[i].Image(lv)
				c, err := nb.Image(lv)
				if err != nil || !bytes.Equal(a.Pix, c.Pix) {
					k := firstDiff(a.Pix, c.Pix)
					t.Errorf("%s %s (%s %d levels) level %d: pixel %d %v → D3D9 %v → %v (%v, mid same %v)", filepath.Base(p), o.Name, o.FormatName(), len(o.Levels), lv, k/4,
						a.Pix[k&^3:k&^3+4], m.Pix[k&^3:k&^3+4], c.Pix[k&^3:k&^3+4], err, bytes.Equal(a.Pix, m.Pix))
					return nil
				}
				levels++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d files, %d levels converted PS2 → D3D9 → PS2 pixel for pixel", files, levels)
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return 0
}
