// Package rsli reads RsLi archives, the second archive format of Parkan:
// Iron Strategy (gamefont.rlb, sprites.lib; docs/formats/parkan.md): a 32-byte
// header, an XOR-encrypted table of 32-byte entries and payloads stored raw,
// XORed, LZSS-packed, packed with adaptive Huffman + LZSS (optionally
// XORed), or as raw Deflate.
package rsli

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sort"

	"rummage/formats/binread"
	"rummage/formats/internal/lzhuf"
)

// Magic is the first four bytes of an archive: "NL", 0, version 1.
const Magic = "NL\x00\x01"

// SortedMark in the header says the table's sort_to_original is valid.
const SortedMark = 0xABBA

// The packing methods (flags & MethodMask).
const (
	MethodMask       = 0x1E0
	MethodRaw        = 0x000
	MethodXOR        = 0x020
	MethodLZSS       = 0x040
	MethodXORLZSS    = 0x060
	MethodHuffman    = 0x080
	MethodXORHuffman = 0x0A0
	MethodDeflate    = 0x100
)

// MethodName returns a short name of a method.
func MethodName(m int) string {
	switch m {
	case MethodRaw:
		return "raw"
	case MethodXOR:
		return "xor"
	case MethodLZSS:
		return "lzss"
	case MethodXORLZSS:
		return "xor+lzss"
	case MethodHuffman:
		return "huffman+lzss"
	case MethodXORHuffman:
		return "xor+huffman+lzss"
	case MethodDeflate:
		return "deflate"
	}
	return fmt.Sprintf("unknown 0x%X", m)
}

// Entry is one decrypted table record.
type Entry struct {
	NameRaw  [12]byte
	Service  [4]byte
	Flags    int16
	Order    int16 // sort_to_original; also the data XOR key
	Unpacked uint32
	Offset   uint32 // from the start of the file (plus the AO overlay)
	Packed   uint32
	avail    uint32 // packed bytes that are really in the file
}

// Name returns the name up to the first NUL.
func (e *Entry) Name() string {
	n := bytes.IndexByte(e.NameRaw[:], 0)
	if n < 0 {
		n = len(e.NameRaw)
	}
	return string(e.NameRaw[:n])
}

// Method returns flags & MethodMask.
func (e *Entry) Method() int { return int(uint16(e.Flags)) & MethodMask }

// Archive is an opened RsLi archive.
type Archive struct {
	Count   int
	Sorted  bool   // the header carries the 0xABBA mark
	Total   uint32 // the header's sum of unpacked sizes
	Seed    uint32
	Overlay uint32 // from an "AO" trailer, 0 without one
	Entries []Entry
	Notes   []string // tolerated quirks
	r       io.ReaderAt
	size    int64
	base    int64
}

// xorState is the cipher of the table and of XOR-packed data.
type xorState struct{ lo, hi uint8 }

func newXOR(key uint16) xorState { return xorState{lo: uint8(key), hi: uint8(key >> 8)} }

func (s *xorState) next(b byte) byte {
	s.lo = s.hi ^ (s.lo << 1)
	out := b ^ s.lo
	s.hi = s.lo ^ (s.hi >> 1)
	return out
}

// XOR en- or decrypts b in place with the stream cipher keyed by key.
func XOR(b []byte, key uint16) {
	s := newXOR(key)
	for i := range b {
		b[i] = s.next(b[i])
	}
}

// NewArchive reads the header and the table of an archive: base is the
// absolute file offset of r's byte 0 (for errors), size its byte size.
func NewArchive(r io.ReaderAt, base, size int64) (*Archive, error) {
	h, err := binread.ReadAt(r, base, 0, 32, size)
	if err != nil {
		return nil, fmt.Errorf("RsLi header: %w", err)
	}
	if string(h[:4]) != Magic {
		return nil, binread.Errorf(base, "RsLi: bad magic % X, want 4E 4C 00 01", h[:4])
	}
	le := binary.LittleEndian
	count := int16(le.Uint16(h[4:]))
	if count < 0 {
		return nil, binread.Errorf(base+4, "RsLi: negative entry count %d", count)
	}
	a := &Archive{Count: int(count), Sorted: le.Uint16(h[14:]) == SortedMark, Total: le.Uint32(h[16:]), Seed: le.Uint32(h[20:]), r: r, size: size, base: base}
	if c2 := int16(le.Uint16(h[6:])); c2 != count {
		// Every known archive repeats the count; the engine (and fparkan)
		// read only the one at offset 4, so a mismatch is only noted.
		a.Notes = append(a.Notes, fmt.Sprintf("the entry count at offset 6 (%d) differs from the one at offset 4 (%d), which is used", c2, count))
	}
	table, err := binread.ReadAt(r, base, 32, int64(count)*32, size)
	if err != nil {
		return nil, fmt.Errorf("RsLi table of %d entries: %w", count, err)
	}
	XOR(table, uint16(a.Seed))
	if size >= 32+int64(count)*32+6 {
		t, err := binread.ReadAt(r, base, size-6, 6, size)
		if err == nil && string(t[:2]) == "AO" {
			a.Overlay = le.Uint32(t[2:])
			if int64(a.Overlay) > size {
				return nil, binread.Errorf(base+size-4, "RsLi: AO overlay 0x%X is past the end (%d bytes)", a.Overlay, size)
			}
		}
	}
	a.Entries = make([]Entry, count)
	for i := range a.Entries {
		if err := a.readEntry(i, table[32*i:32*i+32]); err != nil {
			return nil, err
		}
	}
	if !a.Sorted {
		// Without the mark the key is the sorted position, rebuilt.
		a.rebuildOrder()
	} else if !a.validOrder() {
		a.Notes = append(a.Notes, "sort_to_original is not a permutation; rebuilt")
		a.rebuildOrder()
	}
	return a, nil
}

// readEntry decodes table record i (rec, decrypted) and checks that its
// data lies in the file; one Deflate quirk is only noted.
func (a *Archive) readEntry(i int, rec []byte) error {
	le := binary.LittleEndian
	e := &a.Entries[i]
	copy(e.NameRaw[:], rec[:12])
	copy(e.Service[:], rec[12:16])
	e.Flags, e.Order = int16(le.Uint16(rec[16:])), int16(le.Uint16(rec[18:]))
	e.Unpacked, e.Offset, e.Packed = le.Uint32(rec[20:]), le.Uint32(rec[24:]), le.Uint32(rec[28:])
	e.avail = e.Packed
	start := int64(e.Offset) + int64(a.Overlay)
	end := start + int64(e.Packed)
	if end <= a.size {
		return nil
	}
	if e.Method() == MethodDeflate && end == a.size+1 {
		e.avail-- // sprites.lib::INTERF8.TEX ends one byte past the file
		a.Notes = append(a.Notes, fmt.Sprintf("entry %d (%s) ends 1 byte past the file (a known Deflate quirk)", i, e.Name()))
		return nil
	}
	return binread.Errorf(a.base+32+int64(32*i)+24, "RsLi: entry %d (%s) data 0x%X+%d runs past the end (%d bytes)", i, e.Name(), start, e.Packed, a.size)
}

// validOrder reports whether the sort keys are a permutation.
func (a *Archive) validOrder() bool {
	seen := make([]bool, len(a.Entries))
	for _, e := range a.Entries {
		if e.Order < 0 || int(e.Order) >= len(seen) || seen[e.Order] {
			return false
		}
		seen[e.Order] = true
	}
	return true
}

// rebuildOrder recomputes sort_to_original from the names (byte order).
func (a *Archive) rebuildOrder() {
	idx := make([]int, len(a.Entries))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return a.Entries[idx[i]].Name() < a.Entries[idx[j]].Name() })
	for i := range a.Entries {
		a.Entries[i].Order = int16(idx[i])
	}
}

// maxRatio bounds the unpacked size a packed payload may declare, per
// method: LZSS gives at most 18 bytes for 2 + 1/8 bytes, Huffman + LZSS
// 60 bytes for 10 bits, Deflate about 1032 bytes per byte.
func maxRatio(m int) int64 {
	switch m {
	case MethodLZSS, MethodXORLZSS:
		return 9
	case MethodHuffman, MethodXORHuffman:
		return lzhuf.MaxExpansion
	}
	return 1100
}

// Data returns entry i unpacked.
func (a *Archive) Data(i int) ([]byte, error) {
	if i < 0 || i >= len(a.Entries) {
		return nil, fmt.Errorf("RsLi: no entry %d", i)
	}
	return a.data(i, int(a.Entries[i].Unpacked))
}

// Head returns the first n unpacked bytes of entry i (fewer when it is
// shorter), decoding no further than that.
func (a *Archive) Head(i, n int) ([]byte, error) {
	if i < 0 || i >= len(a.Entries) {
		return nil, fmt.Errorf("RsLi: no entry %d", i)
	}
	return a.data(i, min(n, int(a.Entries[i].Unpacked)))
}

// data unpacks the first want bytes of entry i.
func (a *Archive) data(i, want int) ([]byte, error) {
	e := &a.Entries[i]
	off := int64(e.Offset) + int64(a.Overlay)
	packed, err := binread.ReadAt(a.r, a.base, off, int64(e.avail), a.size)
	if err != nil {
		return nil, fmt.Errorf("RsLi entry %s: %w", e.Name(), err)
	}
	at := a.base + off
	m := e.Method()
	if m != MethodRaw && m != MethodXOR && int64(e.Unpacked) > int64(len(packed))*maxRatio(m)+64 {
		return nil, binread.Errorf(at, "RsLi entry %s: %d unpacked bytes from %d packed is beyond any packing ratio", e.Name(), e.Unpacked, len(packed))
	}
	key := uint16(e.Order)
	var out []byte
	switch m {
	case MethodRaw, MethodXOR:
		if len(packed) < int(e.Unpacked) {
			return nil, binread.Errorf(at, "RsLi entry %s: %d stored bytes, %d declared", e.Name(), len(packed), e.Unpacked)
		}
		out = packed[:want]
		if m == MethodXOR {
			XOR(out, key)
		}
	case MethodLZSS, MethodXORLZSS:
		if m == MethodXORLZSS {
			XOR(packed, key)
		}
		out, err = UnLZSS(packed, want)
	case MethodHuffman, MethodXORHuffman:
		if m == MethodXORHuffman {
			XOR(packed, key)
		}
		out, err = UnHuff(packed, want)
	case MethodDeflate:
		zr := flate.NewReader(bytes.NewReader(packed))
		buf := bytes.NewBuffer(make([]byte, 0, want+1)) // no doubling on the way
		_, err = io.Copy(buf, io.LimitReader(zr, int64(want)+1))
		out = buf.Bytes()
		if err == nil && want < int(e.Unpacked) && len(out) > want {
			out = out[:want] // a head only
		} else if err == nil && len(out) != want {
			err = fmt.Errorf("inflated %d bytes, %d declared", len(out), e.Unpacked)
		}
	default:
		return nil, binread.Unsupportedf(a.base+32+int64(32*i)+16, "RsLi packing method 0x%X of entry %s", m, e.Name())
	}
	if err != nil {
		return nil, binread.Errorf(at+streamOffset(err), "RsLi entry %s (%s): %w", e.Name(), MethodName(m), err)
	}
	return out, nil
}

// streamOffset is where in the packed bytes an unpacker's error lies, when
// it says (0 when it does not).
func streamOffset(err error) int64 {
	var le *lzhuf.Error
	if errors.As(err, &le) {
		return le.Off
	}
	return 0
}

// UnLZSS unpacks the simple LZSS: a 4096-byte ring filled with spaces,
// writing from 0xFEE; flag bits LSB first, 1 = literal, 0 = a two-byte
// reference to an absolute ring index with length (hi & 15) + 3.
func UnLZSS(in []byte, n int) ([]byte, error) {
	var ring [4096]byte
	for i := range ring {
		ring[i] = ' '
	}
	r := 0xFEE
	out := make([]byte, 0, min(n, 16*len(in)+16))
	p := 0
	var flags uint
	for len(out) < n {
		flags >>= 1
		if flags&0x100 == 0 {
			if p >= len(in) {
				return out, fmt.Errorf("LZSS input ends after %d of %d bytes", len(out), n)
			}
			flags = uint(in[p]) | 0xFF00
			p++
		}
		if flags&1 != 0 {
			if p >= len(in) {
				return out, fmt.Errorf("LZSS input ends after %d of %d bytes", len(out), n)
			}
			c := in[p]
			p++
			out = append(out, c)
			ring[r] = c
			r = (r + 1) & 4095
			continue
		}
		if p+1 >= len(in) {
			return out, fmt.Errorf("LZSS input ends after %d of %d bytes", len(out), n)
		}
		lo, hi := int(in[p]), int(in[p+1])
		p += 2
		off := lo | (hi&0xF0)<<4
		for k := 0; k < hi&15+3 && len(out) < n; k++ {
			c := ring[(off+k)&4095]
			out = append(out, c)
			ring[r] = c
			r = (r + 1) & 4095
		}
	}
	return out, nil
}

// EntryOffset is the absolute file offset of entry i's stored bytes.
func (a *Archive) EntryOffset(i int) int64 {
	return a.base + int64(a.Entries[i].Offset) + int64(a.Overlay)
}
