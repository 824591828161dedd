package txd

import "fmt"

// Field is one named value of a register table.
type Field struct {
	Group, Name, Value string
}

func bitsOf(v uint64, lo, n uint) uint64 { return v >> lo & (1<<n - 1) }

// PSMName names a GS pixel storage mode.
func PSMName(psm uint64) string {
	switch psm {
	case 0x00:
		return "PSMCT32"
	case 0x01:
		return "PSMCT24"
	case 0x02:
		return "PSMCT16"
	case 0x0A:
		return "PSMCT16S"
	case 0x13:
		return "PSMT8"
	case 0x14:
		return "PSMT4"
	case 0x1B:
		return "PSMT8H"
	case 0x24:
		return "PSMT4HL"
	case 0x2C:
		return "PSMT4HH"
	}
	return fmt.Sprintf("0x%02X", psm)
}

// Registers decodes the PS2 raster header's GS registers for display:
// TEX0, TEX1 (MXL and the K/L of the mipmap value), MIPTBP1/2, the CLUT
// placement and the sizes.
func (p *PS2Info) Registers() []Field {
	var f []Field
	add := func(g, n string, format string, args ...any) {
		f = append(f, Field{g, n, fmt.Sprintf(format, args...)})
	}
	t := p.TEX0
	add("TEX0", "value", "0x%016X", t)
	add("TEX0", "TBP0", "0x%X", bitsOf(t, 0, 14))
	add("TEX0", "TBW", "%d (×64 texels)", bitsOf(t, 14, 6))
	add("TEX0", "PSM", "%s", PSMName(bitsOf(t, 20, 6)))
	add("TEX0", "TW", "%d (%d texels)", bitsOf(t, 26, 4), 1<<bitsOf(t, 26, 4))
	add("TEX0", "TH", "%d (%d texels)", bitsOf(t, 30, 4), 1<<bitsOf(t, 30, 4))
	add("TEX0", "TCC", "%d (%s)", bitsOf(t, 34, 1), map[uint64]string{0: "RGB", 1: "RGBA"}[bitsOf(t, 34, 1)])
	add("TEX0", "TFX", "%d", bitsOf(t, 35, 2))
	add("TEX0", "CBP", "0x%X", bitsOf(t, 37, 14))
	add("TEX0", "CPSM", "%s", PSMName(bitsOf(t, 51, 4)))
	add("TEX0", "CSM", "%d (CSM%d)", bitsOf(t, 55, 1), bitsOf(t, 55, 1)+1)
	add("TEX0", "CSA", "%d", bitsOf(t, 56, 5))
	add("TEX0", "CLD", "%d", bitsOf(t, 61, 3))
	add("TEX1", "tex1low", "0x%08X", p.Tex1Low)
	add("TEX1", "MXL", "%d (%d levels)", p.Tex1Low>>2&7, p.Tex1Low>>2&7+1)
	k := int16(p.MipmapVal<<4) >> 4 // 12-bit signed
	add("TEX1", "K", "%.4g (0x%03X)", float64(k)/16, p.MipmapVal&0xFFF)
	add("TEX1", "L", "%d", p.MipmapVal>>12&3)
	for i, m := range []uint64{p.MIPTBP1, p.MIPTBP2} {
		g := fmt.Sprintf("MIPTBP%d", i+1)
		add(g, "value", "0x%016X", m)
		for j := uint(0); j < 3; j++ {
			lv := int(j) + 1 + 3*i
			add(g, fmt.Sprintf("TBP%d / TBW%d", lv, lv), "0x%X / %d", bitsOf(m, 20*j, 14), bitsOf(m, 20*j+14, 6))
		}
	}
	add("CLUT", "paletteOffset", "%d (block address, ×64 words)", p.PaletteOffset)
	add("CLUT", "entries", "%d", len(p.PalData)/max(palEntryBytes(bitsOf(t, 51, 4)), 1))
	add("Sizes", "pixelSize", "%d", p.PixelSize)
	add("Sizes", "paletteSize", "%d", p.PaletteSize)
	add("Sizes", "totalSize", "%d words (%.2f pages)", p.TotalSize, float64(p.TotalSize)/2048)
	add("Sizes", "stream version", "%d", p.StreamVersion)
	if p.Experimental {
		add("Sizes", "note", "GS layout rebuilt by the experimental mipmap allocator")
	}
	return f
}

func palEntryBytes(cpsm uint64) int {
	if cpsm == PSMCT16 || cpsm == PSMCT16S {
		return 2
	}
	return 4
}

// GIFFields decodes the TRXPOS, TRXREG and NLOOP of a level's GIF packet.
func GIFFields(g []byte) (dsax, dsay, rrw, rrh, nloop int) {
	if len(g) < GIFSize {
		return
	}
	u32 := func(o int) int {
		return int(uint32(g[o]) | uint32(g[o+1])<<8 | uint32(g[o+2])<<16 | uint32(g[o+3])<<24)
	}
	return u32(20) & 0x7FF, u32(20) >> 16 & 0x7FF, u32(32) & 0xFFF, u32(36) & 0xFFF, u32(64) & 0x7FFF
}
