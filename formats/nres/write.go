package nres

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"

	"rummage/formats/binread"
)

// Entry is one archive entry to write with Build or Add.
type Entry struct {
	TypeID uint32 // FourCC ('MAT0' = TypeMAT0, or TypeID("MAT0")) or stream number
	Attr1  uint32 // per type: count or flags
	Attr2  uint32 // per type: second count or version
	Attr3  uint32 // per type: element size; 1 in most top-level archives
	Name   string // at most 35 bytes in Windows-1251, no NUL
	Data   []byte // the payload
}

// Build writes a new archive holding entries in the given order: header,
// payloads each padded with zeros to 8 bytes, the directory with a rebuilt
// sort_index. It is the canonical layout the engine writes.
func Build(entries []Entry) ([]byte, error) {
	a := New()
	for i, e := range entries {
		if _, err := a.Add(e); err != nil {
			return nil, fmt.Errorf("nres: entry %d: %w", i, err)
		}
	}
	return a.Bytes()
}

// New returns an empty archive to fill with Add and write with WriteTo.
func New() *Archive {
	a := &Archive{nextID: -1, sortOK: true}
	copy(a.hdr.Magic[:], Magic)
	a.hdr.Version = Version
	a.hdr.TotalSize = HeaderSize
	return a
}

func (a *Archive) check(i int) error {
	if i < 0 || i >= len(a.ents) {
		return fmt.Errorf("nres: entry index %d out of range (%d entries)", i, len(a.ents))
	}
	return nil
}

func (a *Archive) setData(id int32, data []byte) {
	if a.data == nil {
		a.data = make(map[int32][]byte)
	}
	a.data[id] = bytes.Clone(data)
	if a.data[id] == nil {
		a.data[id] = []byte{}
	}
}

// Replace sets entry i's payload. A replaced entry whose original payload
// range was broken becomes usable again.
func (a *Archive) Replace(i int, data []byte) error {
	if err := a.check(i); err != nil {
		return err
	}
	if int64(len(data)) > math.MaxUint32 {
		return fmt.Errorf("nres: payload of %d bytes is too large", len(data))
	}
	id := a.ents[i].id
	a.setData(id, data)
	if e := a.errs[id]; e != nil && e.payload {
		delete(a.errs, id)
	}
	a.edited = true
	return nil
}

// Rename sets entry i's name (the 36-byte field is zero-filled, so its old
// tail is dropped) and rebuilds the sort table.
func (a *Archive) Rename(i int, name string) error {
	if err := a.check(i); err != nil {
		return err
	}
	f, err := EncodeName(name)
	if err != nil {
		return fmt.Errorf("nres: rename entry %d: %w", i, err)
	}
	a.ents[i].NameField = f
	if e := a.errs[a.ents[i].id]; e != nil && !e.payload {
		delete(a.errs, a.ents[i].id)
	}
	a.edited = true
	a.sortDirty = true
	return nil
}

// SetAttrs sets entry i's type id and attributes.
func (a *Archive) SetAttrs(i int, typeID, attr1, attr2, attr3 uint32) error {
	if err := a.check(i); err != nil {
		return err
	}
	e := &a.ents[i]
	e.TypeID, e.Attr1, e.Attr2, e.Attr3 = typeID, attr1, attr2, attr3
	a.edited = true
	return nil
}

// Add appends an entry to the directory and returns its index. Its payload
// is written after the existing data.
func (a *Archive) Add(e Entry) (int, error) {
	f, err := EncodeName(e.Name)
	if err != nil {
		return -1, err
	}
	if int64(len(e.Data)) > math.MaxUint32 {
		return -1, fmt.Errorf("nres: payload of %d bytes is too large", len(e.Data))
	}
	if len(a.ents) >= math.MaxInt32 {
		return -1, errors.New("nres: too many entries")
	}
	id := a.nextID
	a.nextID--
	a.ents = append(a.ents, entry{DirEntry: DirEntry{TypeID: e.TypeID, Attr1: e.Attr1, Attr2: e.Attr2, Attr3: e.Attr3, NameField: f}, id: id})
	a.setData(id, e.Data)
	a.edited = true
	a.sortDirty = true
	return len(a.ents) - 1, nil
}

// Remove deletes entry i. Unindexed bytes that followed its payload stay.
func (a *Archive) Remove(i int) error {
	if err := a.check(i); err != nil {
		return err
	}
	id := a.ents[i].id
	a.ents = slices.Delete(a.ents, i, i+1)
	delete(a.data, id)
	delete(a.errs, id)
	a.edited = true
	a.sortDirty = true
	return nil
}

// Move moves entry from to directory position to (the payload layout stays).
func (a *Archive) Move(from, to int) error {
	if err := a.check(from); err != nil {
		return err
	}
	if err := a.check(to); err != nil {
		return err
	}
	if from == to {
		return nil
	}
	e := a.ents[from]
	a.ents = slices.Delete(a.ents, from, from+1)
	a.ents = slices.Insert(a.ents, to, e)
	a.edited = true
	a.sortDirty = true
	return nil
}

// Reorder puts the directory in a new order: perm[k] is the current index
// of the entry that goes to position k.
func (a *Archive) Reorder(perm []int) error {
	if len(perm) != len(a.ents) {
		return fmt.Errorf("nres: reorder needs %d indices, got %d", len(a.ents), len(perm))
	}
	seen := make([]bool, len(perm))
	out := make([]entry, len(perm))
	for k, i := range perm {
		if i < 0 || i >= len(perm) || seen[i] {
			return fmt.Errorf("nres: reorder: %v is not a permutation", perm)
		}
		seen[i] = true
		out[k] = a.ents[i]
	}
	a.ents = out
	a.edited = true
	a.sortDirty = true
	return nil
}

// Bytes returns the archive as WriteTo writes it.
func (a *Archive) Bytes() ([]byte, error) {
	var b bytes.Buffer
	if _, err := a.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// segment kinds of a write plan.
const (
	segCopy    = iota // n bytes of the original at off
	segZero           // n zero bytes
	segPayload        // the payload of entry pos
)

type segment struct {
	kind int
	off  int64
	n    int64
	pos  int
}

// WriteTo writes the archive. An unedited archive is copied byte for byte;
// an edited one keeps the original layout (payloads in file order, gaps and
// unindexed runs), re-pads changed payloads to 8 bytes, puts added payloads
// after the data, and writes the directory in directory order with new
// offsets and a rebuilt sort_index, then fixes the header's total size.
func (a *Archive) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: w}
	if !a.edited && a.r != nil {
		n, err := io.Copy(cw, io.NewSectionReader(a.r, 0, a.size))
		return n, err
	}
	plan, newOff, end, err := a.plan()
	if err != nil {
		return 0, err
	}
	total := end + int64(len(a.ents))*EntrySize
	if total > math.MaxUint32 {
		return 0, fmt.Errorf("nres: archive of %d bytes does not fit the 32-bit total size", total)
	}
	bw := bufio.NewWriterSize(cw, 64<<10)
	var hdr [HeaderSize]byte
	copy(hdr[:4], a.hdr.Magic[:])
	binary.LittleEndian.PutUint32(hdr[4:], a.hdr.Version)
	binary.LittleEndian.PutUint32(hdr[8:], uint32(len(a.ents)))
	binary.LittleEndian.PutUint32(hdr[12:], uint32(total))
	bw.Write(hdr[:])
	var zeros [Align]byte
	for _, s := range plan {
		switch s.kind {
		case segZero:
			bw.Write(zeros[:s.n])
		case segCopy:
			if _, err := io.Copy(bw, io.NewSectionReader(a.r, s.off, s.n)); err != nil {
				return cw.n, fmt.Errorf("nres: copying 0x%X..0x%X: %w", a.base+s.off, a.base+s.off+s.n, err)
			}
		case segPayload:
			if err := a.writePayload(bw, s.pos); err != nil {
				return cw.n, err
			}
		}
	}
	order := a.SortOrder()
	var rec [EntrySize]byte
	for i := range a.ents {
		e := a.Entry(i)
		e.Offset = uint32(newOff[i])
		e.SortIndex = order[i]
		e.encode(rec[:])
		bw.Write(rec[:])
	}
	if err := bw.Flush(); err != nil {
		return cw.n, err
	}
	if cw.n != total {
		return cw.n, fmt.Errorf("nres: wrote %d bytes, planned %d", cw.n, total)
	}
	return cw.n, nil
}

func (a *Archive) writePayload(w io.Writer, i int) error {
	if d, ok := a.data[a.ents[i].id]; ok {
		_, err := w.Write(d)
		return err
	}
	e := &a.ents[i]
	if _, err := io.Copy(w, io.NewSectionReader(a.r, int64(e.Offset), int64(e.Size))); err != nil {
		return fmt.Errorf("nres: copying entry %d (%s): %w", i, e.Name(), err)
	}
	return nil
}

func align8(n int64) int64 { return (n + Align - 1) &^ (Align - 1) }

// plan lays out the data region of an edited archive. It returns the
// segments after the header, each entry's new offset (by directory
// position) and where the data region ends.
func (a *Archive) plan() ([]segment, []int64, int64, error) {
	for i := range a.ents {
		if !a.payloadOK(i) {
			return nil, nil, 0, fmt.Errorf("nres: entry %d (%s) has a broken payload (%v); replace or remove it before saving",
				i, a.ents[i].Name(), a.EntryErr(i))
		}
	}
	orig, err := a.origDir()
	if err != nil {
		return nil, nil, 0, err
	}
	p := &planner{a: a, newOff: make([]int64, len(a.ents)), placed: make([]bool, len(a.ents)), cur: HeaderSize}
	if err := p.keepOriginal(orig); err != nil {
		return nil, nil, 0, err
	}
	for pos := range a.ents {
		if p.placed[pos] {
			continue
		}
		p.zeroPad()
		p.payload(pos)
		p.zeroPad()
	}
	return p.plan, p.newOff, p.cur, nil
}

// origDir reads the directory as it is in the file.
func (a *Archive) origDir() ([]DirEntry, error) {
	if a.nOrig == 0 {
		return nil, nil
	}
	b, err := binread.ReadAt(a.r, a.base, a.dirOff, int64(a.nOrig)*EntrySize, a.size)
	if err != nil {
		return nil, err
	}
	orig := make([]DirEntry, a.nOrig)
	for i := range orig {
		orig[i] = decodeEntry(b[i*EntrySize:])
	}
	return orig, nil
}

// planner builds the segments of the data region.
type planner struct {
	a      *Archive
	plan   []segment
	newOff []int64 // new offset by directory position
	placed []bool
	cur    int64 // where the next segment goes
	pad    [Align]byte
}

func (p *planner) copyRun(from, to int64) {
	if to > from {
		p.plan = append(p.plan, segment{kind: segCopy, off: from, n: to - from})
		p.cur += to - from
	}
}

func (p *planner) zeroPad() {
	if n := align8(p.cur) - p.cur; n > 0 {
		p.plan = append(p.plan, segment{kind: segZero, n: n})
		p.cur += n
	}
}

// payload places the entry at directory position pos here.
func (p *planner) payload(pos int) {
	p.newOff[pos] = p.cur
	p.placed[pos] = true
	p.plan = append(p.plan, segment{kind: segPayload, pos: pos})
	p.cur += int64(p.a.Entry(pos).Size)
}

// gap emits the original bytes [from, to) that follow slot prev (-1 for
// none): canonical zero padding after a payload is redone for the new
// position, anything else is copied verbatim.
func (p *planner) gap(prev int32, from, to int64) error {
	if to <= from {
		return nil
	}
	if prev < 0 {
		p.copyRun(from, to)
		return nil
	}
	padLen := align8(from) - from
	canonical := to-from >= padLen
	if canonical && padLen > 0 {
		if _, err := p.a.r.ReadAt(p.pad[:padLen], from); err != nil {
			return binread.Errorf(p.a.base+from, "reading padding: %w", err)
		}
		canonical = !slices.ContainsFunc(p.pad[:padLen], func(c byte) bool { return c != 0 })
	}
	if !canonical {
		p.copyRun(from, to)
		return nil
	}
	p.zeroPad()
	p.copyRun(from+padLen, to)
	return nil
}

// keepOriginal walks the original payloads in file order: the entries
// still present take their turn (with the bytes between payloads kept),
// removed ones leave their gaps, up to the directory.
func (p *planner) keepOriginal(orig []DirEntry) error {
	a := p.a
	posOf := a.positions()
	origPos := int64(HeaderSize)
	prev := int32(-1)
	var shift int64 // cur - origPos after an untouched, present payload
	shiftOK := false
	for _, id := range a.slotsByOffset(orig) {
		o := &orig[id]
		off, end := int64(o.Offset), int64(o.Offset)+int64(o.Size)
		pos := posOf[id]
		if off < origPos {
			// An empty payload inside the previous one: keep its place.
			if pos >= 0 {
				if shiftOK {
					p.newOff[pos] = off + shift
				} else {
					p.newOff[pos] = p.cur
				}
				p.placed[pos] = true
			}
			continue
		}
		if err := p.gap(prev, origPos, off); err != nil {
			return err
		}
		shiftOK = false
		if pos >= 0 {
			p.payload(pos)
			if a.InFile(pos) {
				shift, shiftOK = p.cur-end, true
			}
		}
		origPos = end
		prev = id
	}
	return p.gap(prev, origPos, a.dirOff)
}

// positions maps each original entry to its directory position now, -1
// when it was removed.
func (a *Archive) positions() []int {
	posOf := make([]int, a.nOrig)
	for i := range posOf {
		posOf[i] = -1
	}
	for i := range a.ents {
		if id := a.ents[i].id; id >= 0 {
			posOf[id] = i
		}
	}
	return posOf
}

// slotsByOffset returns the original entries with payloads in range, in
// file order.
func (a *Archive) slotsByOffset(orig []DirEntry) []int32 {
	slots := make([]int32, 0, a.nOrig)
	for id := range orig {
		if !a.badRange[int32(id)] {
			slots = append(slots, int32(id))
		}
	}
	slices.SortFunc(slots, func(x, y int32) int {
		if c := cmp.Compare(orig[x].Offset, orig[y].Offset); c != 0 {
			return c
		}
		return int(x - y)
	})
	return slots
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
