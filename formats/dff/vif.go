package dff

import (
	"encoding/binary"

	"rummage/formats/binread"
)

// This file walks the PS2 instance data of one Bin Mesh split: a DMA chain
// (cnt, ref and ret tags, whose upper words are VIF codes) feeding VIF
// codes to the vector unit, one batch per MSCAL. What we keep of each
// batch is what the UNPACK codes write to each input slot (position, UV,
// colour, normal) and the vertex count ITOP sets.

// unpack is the data one UNPACK code writes to a slot.
type unpack struct {
	vn, vl int  // components - 1 (0..3); 0 = 32, 1 = 16, 2 = 8 bits, 3 = 5:5:5:1
	usn    bool // 8- and 16-bit components are unsigned
	num    int  // elements
	data   []byte
}

// elemSize is the bytes of one element.
func (u *unpack) elemSize() int {
	if u.vl == 3 {
		return 2
	}
	return (u.vn + 1) * (32 >> u.vl) / 8
}

// comp returns component k of element i as an integer (32-bit ones as
// their raw bits).
func (u *unpack) comp(i, k int) int32 {
	off := i*u.elemSize() + k*(32>>u.vl)/8
	switch u.vl {
	case 0:
		return int32(binary.LittleEndian.Uint32(u.data[off:]))
	case 1:
		v := binary.LittleEndian.Uint16(u.data[off:])
		if u.usn {
			return int32(v)
		}
		return int32(int16(v))
	case 2:
		if u.usn {
			return int32(u.data[off])
		}
		return int32(int8(u.data[off]))
	}
	return 0
}

// vifSlots is the most input slots a batch is read for: position, UVs,
// colours, normals, and the skin weights of RenderWare's own skin pipeline.
const vifSlots = 5

// batch is one vector unit program run: slot data and the vertex count.
type batch struct {
	slots  [vifSlots]*unpack
	nverts int
}

// maxDMATags bounds the DMA chain of one split; maxVIFGrowth how many
// times its own bytes the chain may send (ref tags may send data again).
const (
	maxDMATags   = 1 << 16
	maxVIFGrowth = 4
)

// walkDMA returns the VIF stream of the instance data d (whose byte 0 is
// at file offset base): each tag's two VIF words, then the qwords it sends.
func walkDMA(d []byte, base int64) ([]byte, error) {
	var vif []byte
	q := 0
	for n := 0; ; n++ {
		at := base + int64(q)*16
		if n >= maxDMATags {
			return nil, binread.Errorf(at, "PS2 DMA chain longer than %d tags", maxDMATags)
		}
		if (q+1)*16 > len(d) {
			return nil, binread.Errorf(at, "PS2 DMA tag past the end of the %d-byte instance data", len(d))
		}
		w0 := binary.LittleEndian.Uint32(d[q*16:])
		addr := int(binary.LittleEndian.Uint32(d[q*16+4:]))
		qwc := int(w0 & 0xFFFF)
		vif = append(vif, d[q*16+8:q*16+16]...)
		var from int
		switch id := w0 >> 28 & 7; id {
		case 1, 6, 7: // cnt, ret, end: the data follows the tag
			from = q + 1
		case 3: // ref: the data is at addr
			from = addr
		default:
			return nil, binread.Unsupportedf(at, "PS2 DMA tag id %d", id)
		}
		if from < 0 || from > len(d)/16 || qwc > len(d)/16-from {
			return nil, binread.Errorf(at, "PS2 DMA tag sends %d qwords at qword %d, past the %d-byte instance data", qwc, from, len(d))
		}
		if len(vif)+qwc*16 > maxVIFGrowth*len(d)+1<<16 {
			return nil, binread.Errorf(at, "PS2 DMA chain sends more than %d times its %d bytes", maxVIFGrowth, len(d))
		}
		vif = append(vif, d[from*16:(from+qwc)*16]...)
		switch w0 >> 28 & 7 {
		case 1:
			q += 1 + qwc
		case 3:
			q++
		default:
			return vif, nil
		}
	}
}

// parseVIF reads the VIF codes of a split's stream into batches. at is
// the offset named in errors (the split's instance data).
func parseVIF(v []byte, at int64) ([]batch, error) {
	var out []batch
	cur := batch{}
	cl, wl := 1, 1
	pos := 0
	for pos+4 <= len(v) {
		code := binary.LittleEndian.Uint32(v[pos:])
		pos += 4
		cmd, num, imm := code>>24&0x7F, int(code>>16&0xFF), code&0xFFFF
		switch {
		case cmd&0x60 == 0x60: // UNPACK
			u := &unpack{vn: int(cmd >> 2 & 3), vl: int(cmd & 3), usn: imm&0x4000 != 0, num: num}
			if num == 0 {
				u.num = 256
			}
			n := u.num
			if wl > cl {
				n = cl*(u.num/wl) + min(u.num%wl, cl)
			}
			size := (n*u.elemSize() + 3) &^ 3
			if size > len(v)-pos {
				return nil, binread.Errorf(at, "PS2 VIF UNPACK of %d bytes runs past the instance data", size)
			}
			u.num, u.data = n, v[pos:pos+n*u.elemSize()]
			pos += size
			if slot := int(imm & 0x3FF); slot < vifSlots {
				cur.slots[slot] = u
			}
		case cmd == 0x01: // STCYCL
			cl, wl = int(imm&0xFF), int(imm>>8&0xFF)
			if cl == 0 {
				cl = 1
			}
			if wl == 0 {
				wl = 1
			}
		case cmd == 0x04: // ITOP
			cur.nverts = int(imm & 0x3FF)
		case cmd == 0x14 || cmd == 0x15 || cmd == 0x17: // MSCAL, MSCALF, MSCNT
			out = append(out, cur)
			cur = batch{}
		case cmd == 0x20: // STMASK
			pos += 4
		case cmd == 0x30 || cmd == 0x31: // STROW, STCOL
			pos += 16
		case cmd == 0x4A: // MPG
			if num == 0 {
				num = 256
			}
			pos += num * 8
		case cmd == 0x50 || cmd == 0x51: // DIRECT, DIRECTHL
			n := int(imm)
			if n == 0 {
				n = 65536
			}
			pos += n * 16
		}
	}
	if pos > len(v) {
		return nil, binread.Errorf(at, "PS2 VIF code runs past the instance data")
	}
	return out, nil
}
