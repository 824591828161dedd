package txd

// GS memory layout for the PS2 writer: TEX0, MIPTBP1/2, palette offset, total
// size and the TRXPOS of each level, as RenderWare computes them. The
// no-mipmap formulas are checked against real files (spec §2.10); the
// mipmap allocator follows librw's calcOffsets (MIT, "reversed from RW") and
// is marked experimental.

type gsLayout struct {
	tex0          uint64
	miptbp1       uint64
	miptbp2       uint64
	tex1low       uint32
	totalSize     uint32
	paletteOffset uint32
	trxpos        [8]uint32 // DSAY<<16 | DSAX per level (before halving for swizzled data)
	palTrxpos     uint32
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
	tbw := max(w, pageW) / 64
	tw, th := log2ceil(w), log2ceil(h)
	cld := 0
	if palW > 0 {
		cld = 1
	}
	tccv := 0
	if tcc {
		tccv = 1
	}
	L.tex0 = uint64(tbw)<<14 | uint64(psm)<<20 | uint64(tw)<<26 | uint64(th)<<30 | uint64(tccv)<<34 | uint64(cpsm)<<51 | uint64(cld)<<61
	var bufBase [8]int
	var bufWidth [8]int
	for i := range bufWidth {
		bufWidth[i] = 1
	}
	if nlev <= 1 {
		L.miptbp1 = 1<<54 | 1<<34 | 1<<14
		L.miptbp2 = L.miptbp1
		nPagW := (w + pageW - 1) / pageW
		nPagH := (h + pageH - 1) / pageH
		bufWidth[0] = nPagW * pageW / 64
		L.totalSize = uint32(nPagW * nPagH * 2048)
		if palW > 0 {
			if pageW*nPagW > w || pageH*nPagH > h {
				L.paletteOffset = (L.totalSize - 256) / 64
			} else {
				L.paletteOffset = L.totalSize / 64
				L.totalSize += 2048
			}
		}
	} else {
		n, base, bw, trx, total, palBase := calcOffsets(w, h, psm)
		nlev = min(nlev, n)
		for i := 0; i < nlev; i++ {
			bufBase[i], bufWidth[i], L.trxpos[i] = base[i], bw[i], trx[i]
		}
		L.miptbp1 = uint64(bufWidth[1])<<14 | uint64(bufBase[1]&0x3FFF) | uint64(bufWidth[2])<<34 | uint64(bufBase[2]&0x3FFF)<<20 | uint64(bufWidth[3])<<54 | uint64(bufBase[3]&0x3FFF)<<40
		L.miptbp2 = uint64(bufWidth[4])<<14 | uint64(bufBase[4]&0x3FFF) | uint64(bufWidth[5])<<34 | uint64(bufBase[5]&0x3FFF)<<20 | uint64(bufWidth[6])<<54 | uint64(bufBase[6]&0x3FFF)<<40
		L.tex1low = uint32(nlev-1) << 2
		L.totalSize = total
		if palW > 0 {
			L.paletteOffset = palBase
			if palBase*64 == total {
				L.totalSize += 2048
			}
		}
	}
	// Palette TRXPOS for single-page 8-bit textures with a 32-bit CLUT.
	last := max(nlev, 1) - 1
	if psm == PSMT8 && cpsm == PSMCT32 && bufWidth[last] == 2 && palW > 0 {
		dsax := int(L.trxpos[last] & 0x7FF)
		dsay := int(L.trxpos[last] >> 16 & 0x7FF)
		bufb := bufBase[last]&^0x1F | blockmaprevCT32[bufBase[last]&0x1F]
		palb := int(L.paletteOffset)&^0x1F | blockmaprevCT32[L.paletteOffset&0x1F]
		page := bufb - 8*(dsay/16) - dsax/16
		py := (palb - page) / 8 * 8
		px := (palb - page) * 8 % 64
		if py >= 0 && px >= 0 && py < 0x800 {
			L.palTrxpos = uint32(py)<<16 | uint32(px)
		}
	}
	return L
}

// calcOffsets lays out the mip levels and the palette in GS memory (a Go
// rendering of librw's calcOffsets). It returns the level count it allows,
// each level's block address and width (in 64-pixel units), TRXPOS, the total
// size in words and the palette block address.
func calcOffsets(width, height, psm int) (nlevels int, base [8]int, bw [8]int, trxpos [8]uint32, total uint32, palBase uint32) {
	var pageW, pageH, blkW, blkH int
	switch psm {
	case PSMT8:
		pageW, pageH, blkW, blkH = 128, 64, 16, 16
	case PSMT4:
		pageW, pageH, blkW, blkH = 128, 128, 32, 16
	case PSMCT16, PSMCT16S:
		pageW, pageH, blkW, blkH = 64, 64, 16, 8
	default:
		pageW, pageH, blkW, blkH = 64, 32, 8, 8
	}
	mindim := min(width, height)
	nlevels = 1
	for mindim > 8 {
		if nlevels >= 7 {
			break
		}
		mindim /= 2
		nlevels++
	}
	pageWB := pageW / blkW
	nsize := func(d, p int) int { return (d + p - 1) / p }
	nblkx := func(d int) int { return nsize(d, blkW) }
	nblky := func(d int) int { return nsize(d, blkH) }
	realw := func(d int) int { return max(d, blkW) }
	realh := func(d int) int { return max(d, blkH) }

	var bufH, bufPage [8]int
	base[0] = 0
	bw[0] = nsize(width, pageW) * pageW / 64
	bufH[0] = nsize(height, pageH)
	lastw, lasth := width, height
	var sp, xoff, yoff, flag int
	var widthStack, heightStack, baseStack [8]int
	for n := 1; n < nlevels; n++ {
		mipw, miph := lastw/2, lasth/2
		switch {
		case lastw >= pageW && lasth >= pageH:
			base[n] = base[n-1] + (lastw/blkW)*(lasth/blkH)
			bufPage[n] = base[n]
			bw[n] = nsize(mipw, pageW) * pageW / 64
			bufH[n] = nsize(miph, pageH)
			xoff, yoff = 0, 0
		case lastw >= pageW:
			bufPage[n], bufH[n], bw[n] = bufPage[n-1], bufH[n-1], bw[n-1]
			if realh(lasth)+yoff < pageH {
				yoff += realh(lasth)
				base[n] = base[n-1] + pageWB*nblky(lasth)*bw[n]*64/pageW
			} else {
				xoff += realw(lastw)
				base[n] = base[n-1] + nblkx(lastw)
			}
		case lasth >= pageH:
			bufPage[n], bufH[n], bw[n] = bufPage[n-1], bufH[n-1], bw[n-1]
			if realw(lastw)+xoff < pageW {
				heightStack[sp] = realh(lasth)
				widthStack[sp] = realw(lastw)
				baseStack[sp] = base[n-1] + nblky(lasth)*pageWB
				sp++
				xoff += realw(lastw)
				base[n] = base[n-1] + nblkx(lastw)
			} else if sp > 0 {
				base[n] = baseStack[sp-1]
				if realw(mipw) < widthStack[sp-1] {
					baseStack[sp-1] += nblkx(mipw)
					widthStack[sp-1] -= realw(mipw)
				} else if realh(miph) < heightStack[sp-1] {
					baseStack[sp-1] += nblky(miph) * pageWB
					heightStack[sp-1] -= realh(miph)
				} else {
					sp--
				}
				flag = 1
			} else {
				yoff += realh(lasth)
				base[n] = base[n-1] + pageWB*nblky(lasth)
			}
		default:
			bufH[n], bufPage[n], bw[n] = bufH[n-1], bufPage[n-1], bw[n-1]
			if realw(lastw)+xoff < bw[n-1]*64 {
				widthStack[sp] = realw(lastw)
				heightStack[sp] = realh(lasth)
				baseStack[sp] = base[n-1] + pageWB*nblky(lasth)
				sp++
				xoff += realw(lastw)
				base[n] = base[n-1] + nblkx(lastw)
			} else if realh(lasth)+yoff < pageH*bufH[n] && flag == 0 {
				base[n] = base[n-1] + pageWB*nblky(lasth)
				yoff += lasth
				flag = n
			} else if sp > 0 {
				base[n] = baseStack[sp-1]
				if realw(mipw) < widthStack[sp-1] {
					baseStack[sp-1] += nblkx(mipw)
					widthStack[sp-1] -= realw(mipw)
				} else if realh(miph) < heightStack[sp-1] {
					baseStack[sp-1] += pageWB * nblky(miph)
					heightStack[sp-1] -= realh(miph)
				} else {
					sp--
				}
			}
		}
		lastw, lasth = mipw, miph
	}
	pb := 0
	bufwPx := bw[nlevels-1] * 64
	bufhPx := bufH[nlevels-1] * pageH
	if bufwPx != lastw || bufhPx != lasth {
		switch psm {
		case PSMT8:
			pb = bufPage[nlevels-1] + ((bufwPx/pageW)*bufH[nlevels-1])<<5 - (bufhPx/pageW)*pageWB - 2
		case PSMT4:
			pb = bufPage[nlevels-1] + ((bufwPx/pageW)*bufH[nlevels-1])<<5 - 1
		}
	} else if psm == PSMT8 || psm == PSMT4 {
		pb = bufPage[nlevels-1] + (bufwPx/blkW)*(bufhPx/blkH)
	}
	bufwW := bw[0]
	bufpage := bufPage[0]
	swizzleBlocks := func(v int) int {
		switch psm {
		case PSMCT32, PSMCT24, PSMT8:
			return v&^0x1F | blockmapCT32[v&0x1F]
		case PSMT4, PSMCT16:
			return v&^0x1F | blockmapCT16[v&0x1F]
		case PSMCT16S:
			return v&^0x1F | blockmapCT16S[v&0x1F]
		}
		return v
	}
	pageRows := func(v int) int {
		if bufwW*64/pageW <= 1 {
			return v
		}
		stride := bufwW * 64 * 32 / pageW
		bwB := bufwW * 64 / blkW
		return v&^(stride-pageWB) | (v&(bwB-pageWB))*(stride/bwB) | (v&(stride-bwB))/(bwB/pageWB)
	}
	for n := 0; n < nlevels; n++ {
		pixoff := (base[n] - bufpage) * blkW
		y := (pixoff / (bufwW * 64)) * blkH
		x := pixoff % (bufwW * 64)
		if bw[n] == bufwW && y < 0x800 && y >= 0 && x >= 0 {
			trxpos[n] = uint32(y)<<16 | uint32(x)
		} else {
			bufwW = bw[n]
			bufpage = bufPage[n]
			trxpos[n] = 0
		}
		base[n] = swizzleBlocks(pageRows(base[n]))
	}
	pb = swizzleBlocks(pageRows(pb))
	palBase = uint32(max(pb, 0))
	t := bufPage[nlevels-1] + bw[nlevels-1]*64/blkW*pageH*bufH[nlevels-1]/blkH
	total = uint32(t * 64)
	return
}
