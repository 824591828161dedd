package txd

// GS memory layout for the PS2 writer: TEX0, MIPTBP1/2, palette offset, total
// size and the TRXPOS of each level, as RenderWare computes them. The
// no-mipmap formulas are checked against real files (docs/formats/renderware.md); the
// mipmap allocator follows librw's calcOffsets (MIT, "reversed from RW"),
// with the PSMT8 palette one block row higher and the MIPTBP widths of
// levels less than a page tall their own, and reproduces the layout of 497
// of the 498 San Andreas PS2 textures with mipmaps (TestRealPS2MipLayout);
// the case no real file confirms is marked experimental.

type gsLayout struct {
	tex0          uint64
	miptbp1       uint64
	miptbp2       uint64
	tex1low       uint32
	totalSize     uint32
	paletteOffset uint32
	trxpos        [8]uint32 // DSAY<<16 | DSAX per level (before halving for swizzled data)
	palTrxpos     uint32
	unchecked     bool // the mipmap layout is not confirmed by real files (see calcOffsets)
}

func pageDims(depth int) (int, int) {
	switch depth {
	case 4:
		return 128, 128
	case 8:
		return 128, 64
	case 16:
		return 64, 64
	}
	return 64, 32
}

func log2ceil(n int) int {
	k := 0
	for s := 1; s < n; s *= 2 {
		k++
	}
	return k
}

var blockmapCT32 = [32]int{0, 1, 4, 5, 16, 17, 20, 21, 2, 3, 6, 7, 18, 19, 22, 23, 8, 9, 12, 13, 24, 25, 28, 29, 10, 11, 14, 15, 26, 27, 30, 31}
var blockmapCT16 = [32]int{0, 2, 8, 10, 1, 3, 9, 11, 4, 6, 12, 14, 5, 7, 13, 15, 16, 18, 24, 26, 17, 19, 25, 27, 20, 22, 28, 30, 21, 23, 29, 31}
var blockmapCT16S = [32]int{0, 2, 16, 18, 1, 3, 17, 19, 8, 10, 24, 26, 9, 11, 25, 27, 4, 6, 20, 22, 5, 7, 21, 23, 12, 14, 28, 30, 13, 15, 29, 31}
var blockmaprevCT32 = [32]int{0, 1, 8, 9, 2, 3, 10, 11, 16, 17, 24, 25, 18, 19, 26, 27, 4, 5, 12, 13, 6, 7, 14, 15, 20, 21, 28, 29, 22, 23, 30, 31}

// gsLayoutFor computes the registers for a w×h texture of psm with nlev
// levels (1 = no mipmaps) and a palette of palW×palH entries (0 = none).
func gsLayoutFor(w, h, depth, psm, cpsm int, tcc bool, nlev int, palW, palH int) gsLayout {
	var L gsLayout
	pageW, pageH := pageDims(depth)
	L.tex0 = tex0(w, h, pageW, psm, cpsm, tcc, palW > 0)
	var bufBase, bufWidth [8]int
	for i := range bufWidth {
		bufWidth[i] = 1
	}
	if nlev <= 1 {
		bufWidth[0] = L.singleLevel(w, h, pageW, pageH, palW > 0)
	} else {
		nlev = L.mipLevels(w, h, psm, nlev, palW > 0, &bufBase, &bufWidth)
	}
	// Palette TRXPOS for single-page 8-bit textures with a 32-bit CLUT.
	last := max(nlev, 1) - 1
	if psm == PSMT8 && cpsm == PSMCT32 && bufWidth[last] == 2 && palW > 0 {
		L.palTrxpos = L.paletteTrxpos(bufBase[last], last)
	}
	return L
}

// tex0 packs the TEX0 register: buffer width, formats, log2 size, alpha
// use and CLUT load.
func tex0(w, h, pageW, psm, cpsm int, tcc, clut bool) uint64 {
	tbw := max(w, pageW) / 64
	tw, th := log2ceil(w), log2ceil(h)
	cld := 0
	if clut {
		cld = 1
	}
	tccv := 0
	if tcc {
		tccv = 1
	}
	return uint64(tbw)<<14 | uint64(psm)<<20 | uint64(tw)<<26 | uint64(th)<<30 | uint64(tccv)<<34 | uint64(cpsm)<<51 | uint64(cld)<<61
}

// singleLevel sets the sizes of a texture without mipmaps (the checked
// formulas of docs/formats/renderware.md) and returns its buffer width.
func (L *gsLayout) singleLevel(w, h, pageW, pageH int, pal bool) int {
	L.miptbp1 = 1<<54 | 1<<34 | 1<<14
	L.miptbp2 = L.miptbp1
	nPagW := (w + pageW - 1) / pageW
	nPagH := (h + pageH - 1) / pageH
	L.totalSize = uint32(nPagW * nPagH * 2048)
	if pal {
		if pageW*nPagW > w || pageH*nPagH > h {
			L.paletteOffset = (L.totalSize - 256) / 64
		} else {
			L.paletteOffset = L.totalSize / 64
			L.totalSize += 2048
		}
	}
	return nPagW * pageW / 64
}

// mipLevels lays out up to nlev levels with the experimental allocator,
// fills bufBase and bufWidth, and returns the level count it allows.
func (L *gsLayout) mipLevels(w, h, psm, nlev int, pal bool, bufBase, bufWidth *[8]int) int {
	n, base, bw, trx, total, palBase, unchecked := calcOffsets(w, h, psm)
	L.unchecked = unchecked
	nlev = min(nlev, n)
	for i := 0; i < nlev; i++ {
		bufBase[i], bufWidth[i], L.trxpos[i] = base[i], bw[i], trx[i]
	}
	L.miptbp1 = uint64(bufWidth[1])<<14 | uint64(bufBase[1]&0x3FFF) | uint64(bufWidth[2])<<34 | uint64(bufBase[2]&0x3FFF)<<20 | uint64(bufWidth[3])<<54 | uint64(bufBase[3]&0x3FFF)<<40
	L.miptbp2 = uint64(bufWidth[4])<<14 | uint64(bufBase[4]&0x3FFF) | uint64(bufWidth[5])<<34 | uint64(bufBase[5]&0x3FFF)<<20 | uint64(bufWidth[6])<<54 | uint64(bufBase[6]&0x3FFF)<<40
	L.tex1low = uint32(nlev-1) << 2
	L.totalSize = total
	if pal {
		L.paletteOffset = palBase
		if palBase*64 == total {
			L.totalSize += 2048
		}
	}
	return nlev
}

// paletteTrxpos returns the CLUT's TRXPOS relative to the page of the last
// level (at block bufBase), 0 when it does not fit.
func (L *gsLayout) paletteTrxpos(bufBase, last int) uint32 {
	dsax := int(L.trxpos[last] & 0x7FF)
	dsay := int(L.trxpos[last] >> 16 & 0x7FF)
	bufb := bufBase&^0x1F | blockmaprevCT32[bufBase&0x1F]
	palb := int(L.paletteOffset)&^0x1F | blockmaprevCT32[L.paletteOffset&0x1F]
	page := bufb - 8*(dsay/16) - dsax/16
	py := (palb - page) / 8 * 8
	px := (palb - page) * 8 % 64
	if py >= 0 && px >= 0 && py < 0x800 {
		return uint32(py)<<16 | uint32(px)
	}
	return 0
}

// calcOffsets lays out the mip levels and the palette in GS memory (a Go
// rendering of librw's calcOffsets). It returns the level count it allows,
// each level's block address and the width MIPTBP states for it (in 64-pixel
// units), TRXPOS, the total size in words and the palette block address.
// unchecked says the layout went through a case no real file has
// confirmed: a level in a buffer more than two pages wide but less than a
// page tall (two pages wide is confirmed by 256×64 PSMT4 textures of San
// Andreas, whose MIPTBP widths are those of the mip levels, not of the
// buffer: regBW).
func calcOffsets(width, height, psm int) (nlevels int, base [8]int, bw [8]int, trxpos [8]uint32, total uint32, palBase uint32, unchecked bool) {
	a := newGSAlloc(psm)
	a.nlevels = mipLevels(width, height)
	a.bw[0] = ceilDiv(width, a.pageW) * a.pageW / 64
	a.bufH[0] = ceilDiv(height, a.pageH)
	lastw, lasth := width, height
	for n := 1; n < a.nlevels; n++ {
		a.place(n, lastw, lasth)
		lastw, lasth = lastw/2, lasth/2
	}
	pb := a.paletteBlock(lastw, lasth)
	trxpos, bufwW := a.transfers()
	pb = a.swizzleBlocks(a.pageRows(pb, bufwW))
	last := a.nlevels - 1
	t := a.bufPage[last] + a.bw[last]*64/a.blkW*a.pageH*a.bufH[last]/a.blkH
	regBW := a.bw
	for i, v := range a.regBW {
		if v != 0 {
			regBW[i] = v
		}
	}
	return a.nlevels, a.base, regBW, trxpos, uint32(t * 64), uint32(max(pb, 0)), a.unchecked
}

// gsAlloc is the state of calcOffsets: block addresses, buffer widths (in
// 64-pixel units), heights (in pages) and pages of each level, and the
// stack of free spaces beside or below placed levels.
type gsAlloc struct {
	psm                      int
	pageW, pageH, blkW, blkH int
	pageWB                   int // blocks across a page
	nlevels                  int
	base, bw, bufH, bufPage  [8]int
	sp, xoff, yoff, flag     int
	widthStack, heightStack  [8]int
	baseStack                [8]int
	unchecked                bool   // a level was placed by the unconfirmed case (see calcOffsets)
	regBW                    [8]int // TBW for MIPTBP when it differs from bw (0: bw)
}

// newGSAlloc sets the page and block sizes of psm.
func newGSAlloc(psm int) *gsAlloc {
	a := &gsAlloc{psm: psm}
	switch psm {
	case PSMT8:
		a.pageW, a.pageH, a.blkW, a.blkH = 128, 64, 16, 16
	case PSMT4:
		a.pageW, a.pageH, a.blkW, a.blkH = 128, 128, 32, 16
	case PSMCT16, PSMCT16S:
		a.pageW, a.pageH, a.blkW, a.blkH = 64, 64, 16, 8
	default:
		a.pageW, a.pageH, a.blkW, a.blkH = 64, 32, 8, 8
	}
	a.pageWB = a.pageW / a.blkW
	return a
}

// mipLevels is the number of levels the allocator lays out: halving while
// the smaller side exceeds 8, at most 7.
func mipLevels(width, height int) int {
	mindim := min(width, height)
	n := 1
	for mindim > 8 && n < 7 {
		mindim /= 2
		n++
	}
	return n
}

func ceilDiv(d, p int) int         { return (d + p - 1) / p }
func (a *gsAlloc) nblkx(d int) int { return ceilDiv(d, a.blkW) }
func (a *gsAlloc) nblky(d int) int { return ceilDiv(d, a.blkH) }
func (a *gsAlloc) realw(d int) int { return max(d, a.blkW) }
func (a *gsAlloc) realh(d int) int { return max(d, a.blkH) }

// place lays out level n, the half of the lastw×lasth level before it.
func (a *gsAlloc) place(n, lastw, lasth int) {
	mipw, miph := lastw/2, lasth/2
	a.regBW[n] = a.regBW[n-1] // a level sharing the buffer shares its stated width
	switch {
	case lastw >= a.pageW && lasth >= a.pageH:
		a.regBW[n] = 0
		a.base[n] = a.base[n-1] + (lastw/a.blkW)*(lasth/a.blkH)
		a.bufPage[n] = a.base[n]
		a.bw[n] = ceilDiv(mipw, a.pageW) * a.pageW / 64
		a.bufH[n] = ceilDiv(miph, a.pageH)
		a.xoff, a.yoff = 0, 0
	case lastw >= a.pageW:
		a.unchecked = a.unchecked || a.bw[n-1]*64 > 2*a.pageW
		a.bufPage[n], a.bufH[n], a.bw[n] = a.bufPage[n-1], a.bufH[n-1], a.bw[n-1]
		a.regBW[n] = ceilDiv(mipw, a.pageW) * a.pageW / 64
		if a.realh(lasth)+a.yoff < a.pageH {
			a.yoff += a.realh(lasth)
			a.base[n] = a.base[n-1] + a.pageWB*a.nblky(lasth)*a.bw[n]*64/a.pageW
		} else {
			a.xoff += a.realw(lastw)
			a.base[n] = a.base[n-1] + a.nblkx(lastw)
		}
	case lasth >= a.pageH:
		a.bufPage[n], a.bufH[n], a.bw[n] = a.bufPage[n-1], a.bufH[n-1], a.bw[n-1]
		switch {
		case a.realw(lastw)+a.xoff < a.pageW:
			a.push(n, lastw, lasth)
		case a.sp > 0:
			a.fromStack(n, mipw, miph)
			a.flag = 1
		default:
			a.yoff += a.realh(lasth)
			a.base[n] = a.base[n-1] + a.pageWB*a.nblky(lasth)
		}
	default:
		a.placeSmall(n, lastw, lasth)
	}
}

// placeSmall lays out level n when the level before is smaller than a page
// both ways.
func (a *gsAlloc) placeSmall(n, lastw, lasth int) {
	a.bufH[n], a.bufPage[n], a.bw[n] = a.bufH[n-1], a.bufPage[n-1], a.bw[n-1]
	switch {
	case a.realw(lastw)+a.xoff < a.bw[n-1]*64:
		a.push(n, lastw, lasth)
	case a.realh(lasth)+a.yoff < a.pageH*a.bufH[n] && a.flag == 0:
		a.base[n] = a.base[n-1] + a.pageWB*a.nblky(lasth)
		a.yoff += lasth
		a.flag = n
	case a.sp > 0:
		a.fromStack(n, lastw/2, lasth/2)
	}
}

// push places level n beside the level before (lastw×lasth) and keeps the
// space below that level on the stack.
func (a *gsAlloc) push(n, lastw, lasth int) {
	a.widthStack[a.sp] = a.realw(lastw)
	a.heightStack[a.sp] = a.realh(lasth)
	a.baseStack[a.sp] = a.base[n-1] + a.pageWB*a.nblky(lasth)
	a.sp++
	a.xoff += a.realw(lastw)
	a.base[n] = a.base[n-1] + a.nblkx(lastw)
}

// fromStack places level n (mipw×miph) in the space on top of the stack,
// then shrinks that space or drops it.
func (a *gsAlloc) fromStack(n, mipw, miph int) {
	top := a.sp - 1
	a.base[n] = a.baseStack[top]
	switch {
	case a.realw(mipw) < a.widthStack[top]:
		a.baseStack[top] += a.nblkx(mipw)
		a.widthStack[top] -= a.realw(mipw)
	case a.realh(miph) < a.heightStack[top]:
		a.baseStack[top] += a.pageWB * a.nblky(miph)
		a.heightStack[top] -= a.realh(miph)
	default:
		a.sp--
	}
}

// paletteBlock returns the block address of the palette of an indexed
// format (0 for the others); lastw×lasth is the size after the last level.
func (a *gsAlloc) paletteBlock(lastw, lasth int) int {
	last := a.nlevels - 1
	bufwPx := a.bw[last] * 64
	bufhPx := a.bufH[last] * a.pageH
	switch {
	case bufwPx != lastw || bufhPx != lasth:
		switch a.psm {
		case PSMT8:
			// One block row up and two blocks left of the end: RenderWare
			// (all 80 such San Andreas PS2 textures) goes one row up where
			// librw's formula, (bufhPx/pageW) rows, gives none.
			return a.bufPage[last] + ((bufwPx/a.pageW)*a.bufH[last])<<5 - a.pageWB - 2
		case PSMT4:
			return a.bufPage[last] + ((bufwPx/a.pageW)*a.bufH[last])<<5 - 1
		}
	case a.psm == PSMT8 || a.psm == PSMT4:
		return a.bufPage[last] + (bufwPx/a.blkW)*(bufhPx/a.blkH)
	}
	return 0
}

// transfers computes each level's TRXPOS within the buffer it shares with
// the levels before, and turns the block addresses into GS block numbers.
// It returns the width of the last buffer too.
func (a *gsAlloc) transfers() (trxpos [8]uint32, bufwW int) {
	bufwW = a.bw[0]
	bufpage := a.bufPage[0]
	for n := 0; n < a.nlevels; n++ {
		pixoff := (a.base[n] - bufpage) * a.blkW
		y := (pixoff / (bufwW * 64)) * a.blkH
		x := pixoff % (bufwW * 64)
		if a.bw[n] == bufwW && y < 0x800 && y >= 0 && x >= 0 {
			trxpos[n] = uint32(y)<<16 | uint32(x)
		} else {
			bufwW = a.bw[n]
			bufpage = a.bufPage[n]
			trxpos[n] = 0
		}
		a.base[n] = a.swizzleBlocks(a.pageRows(a.base[n], bufwW))
	}
	return trxpos, bufwW
}

// swizzleBlocks maps a linear block number to the GS block order of psm.
func (a *gsAlloc) swizzleBlocks(v int) int {
	switch a.psm {
	case PSMCT32, PSMCT24, PSMT8:
		return v&^0x1F | blockmapCT32[v&0x1F]
	case PSMT4, PSMCT16:
		return v&^0x1F | blockmapCT16[v&0x1F]
	case PSMCT16S:
		return v&^0x1F | blockmapCT16S[v&0x1F]
	}
	return v
}

// pageRows reorders a block number for a buffer bufwW×64 pixels wide that
// spans more than one page across.
func (a *gsAlloc) pageRows(v, bufwW int) int {
	if bufwW*64/a.pageW <= 1 {
		return v
	}
	stride := bufwW * 64 * 32 / a.pageW
	bwB := bufwW * 64 / a.blkW
	return v&^(stride-a.pageWB) | (v&(bwB-a.pageWB))*(stride/bwB) | (v&(stride-bwB))/(bwB/a.pageWB)
}
