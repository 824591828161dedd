package ifp

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"rummage/formats"
	"rummage/formats/binread"
)

// Package is the index of an .ifp: where each animation sits, found by
// walking headers only (keys are decoded per animation, when asked for).
type Package struct {
	Format string // TagANPK (also for ANLF files), TagANP2 or TagANP3
	Names  []string
	// Entries lists the animations in file order; a broken one has Err.
	Entries []Entry
	// End is where the last package ends; bytes after it are trailing
	// data (zero padding, or old bytes the tool that wrote it left).
	End   int64
	Diags []formats.Diagnostic
}

// Entry is one animation of a package: its name and byte range in the
// file (offsets relative to the file's first byte).
type Entry struct {
	Name     string
	Off, End int64
	Err      error
}

// Caps that keep a hostile header from costing memory.
const (
	maxAnims     = 1 << 16
	maxSequences = 1 << 12
	maxKeys      = 1 << 20
	anp3AnimHead = 36 // name[24], sequence count, frame-data size, flags
	anp2AnimHead = 28
	anp3SeqHead  = 36 // name[24], type, frame count, bone id
	ifpNameSize  = 24
)

// ReadIndex walks the headers of the package in b, whose first byte sits
// at file offset base. Only a file that is not an animation package at all
// is an error; a broken animation is an Entry with Err, and the animations
// after it that cannot be located are named in a finding.
func ReadIndex(b []byte, base int64) (*Package, error) {
	if !Probe(b, int64(len(b))) {
		return nil, binread.Errorf(base, "not an animation package: no ANPK, ANLF, ANP2 or ANP3 header")
	}
	p := &Package{}
	switch string(b[:4]) {
	case TagANP2, TagANP3:
		p.Format = string(b[:4])
		p.readANP3(b, base)
	default:
		p.Format = TagANPK
		p.readANLF(b, base)
	}
	p.checkTrailer(b, base)
	return p, nil
}

// checkTrailer notes bytes after the last package that are not zero
// padding (San Andreas' PED.IFP carries about 100 KB of them).
func (p *Package) checkTrailer(b []byte, base int64) {
	if p.End >= int64(len(b)) {
		return
	}
	rest := b[p.End:]
	if bytes.IndexFunc(rest, func(r rune) bool { return r != 0 }) >= 0 {
		p.diag(base+p.End, "%d bytes after the animations are not zero padding (left unread)", len(rest))
	}
}

func (p *Package) diag(off int64, format string, args ...any) {
	p.Diags = append(p.Diags, formats.Diagnostic{Off: off, Msg: fmt.Sprintf(format, args...)})
}

// broken adds an animation that could not be read and notes how many of
// the count could not even be located after it.
func (p *Package) broken(name string, off int64, err error, left int) {
	if name == "" {
		name = fmt.Sprintf("animation %d", len(p.Entries))
	}
	p.Entries = append(p.Entries, Entry{Name: name, Off: off, End: off, Err: err})
	if left > 0 {
		p.diag(formats.ErrorOffset(err), "%d animations after %q cannot be located", left, name)
	}
}

// readANP3 indexes San Andreas' package: a header with the count, then
// per animation its header and sequences, each sequence's keys right
// after its header.
func (p *Package) readANP3(b []byte, base int64) {
	cur := binread.NewCursor(b, base)
	cur.Skip(4)
	size := int64(cur.U32())
	p.Names = append(p.Names, cur.CString(ifpNameSize))
	at := cur.Off()
	n := cur.U32()
	p.End = min(8+size, int64(len(b)))
	head := int64(anp3AnimHead)
	if p.Format == TagANP2 {
		head = anp2AnimHead
	}
	if err := binread.CheckCount(at, "animation", int64(n), head, int64(cur.Len())); err != nil || n > maxAnims {
		p.broken("", at, binread.Errorf(at, "%d animations do not fit the %d bytes after the header", n, cur.Len()), 0)
		return
	}
	for i := 0; i < int(n); i++ {
		start := cur.Pos()
		name, err := p.skipANP3Anim(cur)
		if err != nil {
			p.broken(name, base+int64(start), err, int(n)-i-1)
			return
		}
		p.Entries = append(p.Entries, Entry{Name: name, Off: int64(start), End: int64(cur.Pos())})
	}
	p.End = max(p.End, int64(cur.Pos()))
}

// keySize is the bytes of one key of an ANP3 sequence type (0: unknown).
func keySize(typ uint32) int {
	switch typ {
	case 1:
		return 20
	case 2:
		return 32
	case 3:
		return 10
	case 4:
		return 16
	}
	return 0
}

// skipANP3Anim moves cur past one animation, checking its headers.
func (p *Package) skipANP3Anim(cur *binread.Cursor) (string, error) {
	name := cur.CString(ifpNameSize)
	at := cur.Off()
	seqs := cur.U32()
	if p.Format == TagANP3 {
		cur.Skip(8)
	}
	if cur.Err() != nil {
		return name, cur.Err()
	}
	if seqs > maxSequences {
		return name, binread.Errorf(at, "animation %q has %d sequences (at most %d)", name, seqs, maxSequences)
	}
	for k := 0; k < int(seqs); k++ {
		hdr := cur.Off()
		cur.Skip(ifpNameSize)
		typ, frames := cur.U32(), cur.U32()
		cur.Skip(4)
		if cur.Err() != nil {
			return name, cur.Err()
		}
		ks := keySize(typ)
		if ks == 0 {
			return name, binread.Errorf(hdr+ifpNameSize, "animation %q sequence %d has type %d (1..4 expected)", name, k, typ)
		}
		if err := binread.CheckCount(hdr+ifpNameSize+4, "key", int64(frames), int64(ks), int64(cur.Len())); err != nil {
			return name, err
		}
		cur.Skip(int(frames) * ks)
	}
	return name, nil
}

// readANLF indexes an ANPK file, or an ANLF container of several ANPK
// packages.
func (p *Package) readANLF(b []byte, base int64) {
	pos, packs := int64(0), 1
	if string(b[:4]) == TagANLF {
		size := roundUp4(int64(binary.LittleEndian.Uint32(b[4:])))
		packs = int(binary.LittleEndian.Uint32(b[8:]))
		if packs > maxAnims || int64(packs)*16 > int64(len(b)) {
			p.broken("", base+8, binread.Errorf(base+8, "ANLF says %d packages in %d bytes", packs, len(b)), 0)
			return
		}
		pos = 8 + size
	}
	for i := 0; i < packs; i++ {
		end, err := p.readANPK(b, base, pos)
		if err != nil {
			p.broken("", base+pos, err, 0)
			if packs-i-1 > 0 {
				p.diag(base+pos, "%d packages after package %d cannot be located", packs-i-1, i)
			}
			return
		}
		pos = end
	}
}

// chunk is an ANPK chunk header: its tag, payload and where it ends.
type chunk struct {
	tag       string
	off, data int64 // header and payload offsets, relative to b
	size      int64 // payload bytes as stored
	end       int64 // where the next chunk starts (size rounded up)
}

// readChunk reads the chunk header at pos, checking its tag and that its
// payload fits before limit.
func readChunk(b []byte, base, pos, limit int64, want string) (chunk, error) {
	if pos < 0 || pos+8 > limit || pos+8 > int64(len(b)) {
		return chunk{}, binread.Errorf(base+pos, "%s chunk header runs past the end", want)
	}
	c := chunk{tag: string(b[pos : pos+4]), off: pos, data: pos + 8, size: int64(binary.LittleEndian.Uint32(b[pos+4:]))}
	if want != "" && c.tag != want {
		return c, binread.Errorf(base+pos, "%q where a %s chunk was expected", c.tag, want)
	}
	c.end = c.data + roundUp4(c.size)
	if c.data+c.size > limit {
		return c, binread.Errorf(base+pos+4, "%s chunk of %d bytes runs past its end (%d bytes left)", c.tag, c.size, limit-c.data)
	}
	c.end = min(c.end, limit)
	return c, nil
}

// readANPK indexes the package at pos: INFO (count and name), then per
// animation a NAME and a DGAN chunk. It returns where the package ends.
func (p *Package) readANPK(b []byte, base, pos int64) (int64, error) {
	limit := int64(len(b))
	pk, err := readChunk(b, base, pos, limit+3, TagANPK)
	if err != nil {
		return 0, err
	}
	pkEnd := min(pk.end, limit)
	info, err := readChunk(b, base, pk.data, pkEnd, "INFO")
	if err != nil || info.size < 4 {
		return 0, binread.Errorf(base+pk.data, "ANPK package has no INFO chunk with its animation count")
	}
	n := int64(binary.LittleEndian.Uint32(b[info.data:]))
	p.Names = append(p.Names, cstr(b[info.data+4:info.data+info.size]))
	if err := binread.CheckCount(base+info.data, "animation", n, 16, pkEnd-info.end); err != nil {
		return 0, err
	}
	at := info.end
	for i := int64(0); i < n; i++ {
		name, end, err := animRange(b, base, at, pkEnd)
		if err != nil {
			p.broken(name, base+at, err, int(n-i-1))
			return pkEnd, nil
		}
		p.Entries = append(p.Entries, Entry{Name: name, Off: at, End: end})
		at = end
	}
	p.End = max(p.End, at)
	return pkEnd, nil
}

// animRange reads an animation's NAME and DGAN headers at pos and returns
// its name and where it ends.
func animRange(b []byte, base, pos, limit int64) (string, int64, error) {
	nm, err := readChunk(b, base, pos, limit, "NAME")
	if err != nil {
		return "", 0, err
	}
	name := cstr(b[nm.data : nm.data+nm.size])
	dg, err := readChunk(b, base, nm.end, limit, "DGAN")
	if err != nil {
		return name, 0, err
	}
	return name, dg.end, nil
}

// cstr returns b up to its first NUL.
func cstr(b []byte) string {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return string(b)
}
