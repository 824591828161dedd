// Package img reads GTA IMG archives: version 1 (an .img file with its
// directory in a .dir file beside it, GTA III and Vice City), VER2 (the
// directory at the start of the .img, San Andreas) and fastman92's VERF
// (compressed entries, verf.go). Entries are opened like loose files, so
// the TXDs inside gta3.img show as dictionaries. A directory record that
// cannot be read is a broken entry; the others open.
package img

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/rw"
)

// SectorSize is the unit of entry offsets and sizes.
const SectorSize = 2048

// EntrySize is the size of one directory entry (both versions).
const EntrySize = 32

// Entry is one archive member.
type Entry struct {
	Name   string
	Offset int64 // bytes from the start of the .img
	Size   int64 // bytes stored in the .img
	// Raw fields.
	SectorOffset, SectorSize uint32
	StreamingSize            uint16 // VER2 only
	// Record is the absolute offset of the entry's directory record in
	// the .img, -1 for a version 1 archive's (in the .dir).
	Record int64
	// Err says why the entry cannot be read: its record lies in the data,
	// its bytes start past the end, it is encrypted; nil when it can.
	Err error
	// VERF: the unpacked size, and the compression (CompNone, CompZlib,
	// CompLZ4) and encryption (0: none) of the stored bytes.
	Unpacked    int64
	Compression int
	Encryption  int
}

// Archive is a parsed directory.
type Archive struct {
	Version int // 1, 2, or VersionFastman92
	Entries []Entry
	// Claimed is the entry count the header says (VER2, VERF); Unlisted
	// counts the claimed records that are not in Entries: past the end of
	// the file, or unreadable ones past the first maxBadEntries.
	Claimed  int64
	Unlisted int64
	// DirEnd is the end of the last directory record read as one (the
	// start of the .img for a version 1 archive): an entry starting before
	// it would open the archive inside itself.
	DirEnd int64
	// Game is the VERF header's game field (0: San Andreas).
	Game int
}

// maxBadEntries caps the unreadable directory records listed one by one
// (a header that claims millions of entries must not make millions of
// nodes); the rest are counted in Archive.Unlisted.
const maxBadEntries = 256

// unreadable says why the archive cannot be written back with edits: it
// has entries that cannot be read, or records it could not list.
func (a *Archive) unreadable() error {
	for _, e := range a.Entries {
		if e.Err != nil {
			return fmt.Errorf("entry %q cannot be read (%v): the archive is not saved with edits", e.Name, e.Err)
		}
	}
	if a.Unlisted > 0 {
		return fmt.Errorf("%d directory records cannot be read: the archive is not saved with edits", a.Unlisted)
	}
	return nil
}

// ParseDir parses a version 1 .dir file; imgSize bounds the entries.
func ParseDir(dir []byte, imgSize int64) (*Archive, error) {
	if len(dir)%EntrySize != 0 {
		return nil, binread.Errorf(int64(len(dir)-len(dir)%EntrySize), ".dir size %d is not a multiple of %d", len(dir), EntrySize)
	}
	a := &Archive{Version: 1}
	for i := 0; i+EntrySize <= len(dir); i += EntrySize {
		e := dir[i : i+EntrySize]
		off := binary.LittleEndian.Uint32(e)
		size := binary.LittleEndian.Uint32(e[4:])
		ent := Entry{Name: cstr(e[8:32]), SectorOffset: off, SectorSize: size, Offset: int64(off) * SectorSize, Size: int64(size) * SectorSize, Record: -1}
		ent.Err = check(ent, imgSize, int64(i))
		a.Entries = append(a.Entries, ent)
	}
	return a, nil
}

// ParseVER2 parses the header and directory of a VER2 archive read from r.
// A header that claims more entries than fit before the data keeps every
// record that does (directory records.go).
func ParseVER2(r io.ReaderAt, size int64) (*Archive, error) {
	head, err := binread.ReadAt(r, 0, 0, 8, size)
	if err != nil {
		return nil, err
	}
	if string(head[:4]) != "VER2" {
		return nil, binread.Errorf(0, "magic %q is not VER2", head[:4])
	}
	a := &Archive{Version: 2}
	err = a.readRecords(r, size, 8, int64(binary.LittleEndian.Uint32(head[4:])), EntrySize, ver2Entry)
	return a, err
}

// ver2Entry decodes the VER2 record e.
func ver2Entry(e []byte, _ int64) Entry {
	off := binary.LittleEndian.Uint32(e)
	stream := binary.LittleEndian.Uint16(e[4:])
	arch := binary.LittleEndian.Uint16(e[6:])
	sectors := uint32(arch)
	if sectors == 0 {
		sectors = uint32(stream)
	}
	return Entry{Name: cstr(e[8:32]), SectorOffset: off, SectorSize: sectors, StreamingSize: stream,
		Offset: int64(off) * SectorSize, Size: int64(sectors) * SectorSize}
}

func check(e Entry, size, at int64) error {
	if e.Offset > size {
		return binread.Errorf(at, "entry %q starts at 0x%X, past the end of the %d-byte archive", e.Name, e.Offset, size)
	}
	return nil
}

func cstr(b []byte) string {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return string(b)
}

func init() {
	formats.Register(formats.Format{
		Name:     "img-ver2",
		Kind:     formats.KindArchive,
		Priority: 10,
		Match:    func(p formats.Probe) bool { return len(p.Head) >= 8 && string(p.Head[:4]) == "VER2" },
		Open:     OpenVER2,
		Tag:      formats.FixedTag("IMG"),
	})
	// Version 1 has no magic: IsV1 decides before anything sniffs the
	// first bytes, which are those of its first entry (a DFF, a TXD).
	formats.Register(formats.Format{
		Name:     "img-v1",
		Kind:     formats.KindArchive,
		Priority: 20,
		Match:    IsV1,
		Open:     OpenV1,
		Tag:      formats.FixedTag("IMG"),
	})
	// A .img that nothing else recognises is a version 1 IMG whose .dir is
	// missing or wrong: opening it says so.
	formats.Register(formats.Format{
		Name:     "img-v1-nodir",
		Kind:     formats.KindArchive,
		Priority: 1,
		Match: func(p formats.Probe) bool {
			return p.Hint == "" && strings.EqualFold(filepath.Ext(p.Name), ".img") && p.Size%SectorSize == 0
		},
		Open: OpenV1,
		Tag:  formats.FixedTag("IMG"),
	})
	// A version 1 directory opened by itself stands for its archive.
	formats.Register(formats.Format{
		Name:     "img-dir",
		Kind:     formats.KindArchive,
		Priority: 1,
		Match: func(p formats.Probe) bool {
			return p.Hint == "" && strings.EqualFold(filepath.Ext(p.Name), ".dir") && p.Size > 0 && p.Size%EntrySize == 0
		},
		Open: OpenDir,
		Tag:  formats.FixedTag("IMG"),
	})
}

// IsV1 is the rule that tells a version 1 IMG archive (no magic) from the
// file of its first entry, applied before any format sniffs the first
// bytes: a whole file named *.img, a multiple of the sector size and not
// VER2, that has a .dir beside it whose directory fits it (HasV1Dir), or
// whose first bytes are a RenderWare chunk that does not fill the file (an
// archive whose .dir is missing or wrong: opening it says so). Every place
// that applies the rule calls this function.
func IsV1(p formats.Probe) bool {
	if p.Hint != "" || !strings.EqualFold(filepath.Ext(p.Name), ".img") || p.Size%SectorSize != 0 ||
		len(p.Head) >= 4 && string(p.Head[:4]) == "VER2" {
		return false
	}
	if p.Path != "" && HasV1Dir(p.Path, p.Size) {
		return true
	}
	h, ok := rw.ParseHeader(p.Head)
	return ok && rw.Plausible(h.Stamp) && int64(h.Size)+rw.HeaderSize < p.Size
}

// HasV1Dir reports whether the file at imgPath (size bytes) has the .dir
// of a version 1 IMG archive beside it: its name ends in .img and a .dir
// beside it (either case) is a regular file whose directory fits the
// archive (every entry starts inside it).
func HasV1Dir(imgPath string, size int64) bool {
	if !strings.EqualFold(filepath.Ext(imgPath), ".img") || size%SectorSize != 0 {
		return false
	}
	dir, err := readDir(strings.TrimSuffix(imgPath, filepath.Ext(imgPath)) + ".dir")
	if err != nil || len(dir) == 0 {
		return false
	}
	_, err = ParseDir(dir, size)
	return err == nil
}

// ImgBesideDir returns the archive a version 1 .dir at dirPath belongs to:
// the .img beside it (either case), when it is a regular file.
func ImgBesideDir(dirPath string) (string, bool) {
	base := strings.TrimSuffix(dirPath, filepath.Ext(dirPath))
	for _, ext := range []string{".img", ".IMG"} {
		if st, err := os.Stat(base + ext); err == nil && st.Mode().IsRegular() {
			return base + ext, true
		}
	}
	return "", false
}

// OpenDir opens the .dir of a version 1 archive: it answers with the .img
// beside it to open instead (formats.OpenInstead), or says which .img is
// missing.
func OpenDir(s formats.Source) (formats.Node, error) {
	stem := strings.TrimSuffix(s.Name, filepath.Ext(s.Name))
	if s.Path == "" || s.Parent != nil {
		return nil, fmt.Errorf("%s is the directory of a version 1 IMG archive: open %s.img", s.Name, stem)
	}
	if p, ok := ImgBesideDir(s.Path); ok {
		return nil, &formats.OpenInstead{Path: p, Why: s.Name + " is the directory of a version 1 IMG archive"}
	}
	return nil, fmt.Errorf("%s is the directory of a version 1 IMG archive, but %s.img is not beside it", s.Name, stem)
}

// OpenVER2 opens a VER2 archive.
func OpenVER2(s formats.Source) (formats.Node, error) {
	a, err := ParseVER2(s.R, s.Size)
	if err != nil {
		return nil, err
	}
	return newRoot(s, a), nil
}

// OpenV1 opens a version 1 archive; its .dir must sit beside it on disk.
func OpenV1(s formats.Source) (formats.Node, error) {
	if s.Path == "" || s.Parent != nil {
		return nil, fmt.Errorf("%s: a version 1 IMG needs its .dir file beside it", s.Name)
	}
	dirPath := strings.TrimSuffix(s.Path, filepath.Ext(s.Path)) + ".dir"
	dir, err := readDir(dirPath)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.Name, err)
	}
	a, err := ParseDir(dir, s.Size)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(dirPath), err)
	}
	return newRoot(s, a), nil
}

// maxDirBytes caps a version 1 directory: 32 bytes an entry, a million
// entries (a real gta3.dir has about 15,000).
const maxDirBytes = 32 << 20

// readDir reads the .dir beside a version 1 archive (either case of the
// extension); a missing one is an error naming it.
func readDir(path string) ([]byte, error) {
	alt := strings.TrimSuffix(path, filepath.Ext(path)) + ".DIR" // GTA3.IMG + GTA3.DIR
	for _, p := range []string{path, alt} {
		if _, err := os.Lstat(p); err == nil {
			return formats.ReadSideFile(p, maxDirBytes)
		}
	}
	return nil, fmt.Errorf("its directory %s is missing", filepath.Base(path))
}

// Root is an opened IMG archive. VER2 archives can be saved with replaced
// entries (a TXD edited inside gta3.img).
type Root struct {
	src  formats.Source
	arch *Archive
	// dirOff and recSize place the directory records in the .img (VER2,
	// VERF; zero for version 1).
	dirOff, recSize int64

	once sync.Once
	kids []formats.Node

	diagOnce sync.Once
	diags    []formats.Diagnostic

	mu   sync.Mutex
	repl map[int][]byte // replaced entry payloads by index
}

func newRoot(s formats.Source, a *Archive) *Root {
	r := &Root{src: s, arch: a}
	switch a.Version {
	case 2:
		r.dirOff, r.recSize = 8, EntrySize
	case VersionFastman92:
		r.dirOff, r.recSize = verfDirOff, verfEntrySize
	}
	return r
}

// Archive returns the parsed directory.
func (r *Root) Archive() *Archive { return r.arch }

// Name returns the file name.
func (r *Root) Name() string { return r.src.Name }

// Kind returns KindArchive.
func (r *Root) Kind() formats.Kind { return formats.KindArchive }

// Type returns "IMG".
func (r *Root) Type() string { return "IMG" }

// FoldNames: the game looks entries up case-insensitively.
func (r *Root) FoldNames() bool { return true }

// Children opens every entry (headers only) like a loose file; an entry
// that cannot be read is a broken node with its offset, and records the
// header claims but the archive could not list are one broken node.
func (r *Root) Children() ([]formats.Node, error) {
	r.once.Do(func() {
		shared := overlaps(r.arch.Entries)
		r.kids = make([]formats.Node, 0, len(r.arch.Entries)+1)
		for i := range r.arch.Entries {
			r.kids = append(r.kids, r.child(i, shared))
		}
		if r.arch.Unlisted > 0 {
			r.kids = append(r.kids, r.unlisted())
		}
	})
	return r.kids, nil
}

// child opens entry i (shared maps entries that share bytes with an
// earlier one to it).
func (r *Root) child(i int, shared map[int]int) formats.Node {
	e := &r.arch.Entries[i]
	switch j, ok := shared[i]; {
	case e.Err != nil:
		return r.broken(i, e.Err)
	case ok:
		// Entries sharing bytes would each decode them again: a small
		// crafted archive could cost gigabytes.
		return r.broken(i, binread.Errorf(r.src.Base+e.Offset,
			"entry %q shares its bytes with entry %q (0x%X..0x%X)", e.Name, r.arch.Entries[j].Name, e.Offset, e.Offset+e.Size))
	case e.Offset < r.arch.DirEnd:
		// An entry over the header would open the archive inside itself, forever.
		return r.broken(i, binread.Errorf(r.src.Base+e.Record,
			"entry %q at 0x%X overlaps the archive's directory (which ends at 0x%X)", e.Name, e.Offset, r.arch.DirEnd))
	}
	sub, err := r.entrySource(i)
	if err != nil {
		return r.broken(i, err)
	}
	return formats.OpenSource(sub)
}

// entrySource is the Source of entry i's (unpacked) bytes.
func (r *Root) entrySource(i int) (formats.Source, error) {
	e := &r.arch.Entries[i]
	size := min(e.Size, r.src.Size-e.Offset)
	sub := formats.Source{
		R: io.NewSectionReader(r.src.R, e.Offset, size), Size: size, Base: r.src.Base + e.Offset,
		Name: e.Name, Path: r.src.Path, Opts: r.src.Opts, Budget: r.src.Budget, Parent: r,
	}
	if r.src.Base < 0 {
		sub.Base = -1
	}
	if r.arch.Version == VersionFastman92 {
		return r.verfSource(i, sub)
	}
	sub.Replace = func(data []byte) error { return r.replaceEntry(i, data) }
	return sub, nil
}

// broken is entry i as a broken node over its bytes, or over its
// directory record when its bytes are not in the file.
func (r *Root) broken(i int, err error) formats.Node {
	e := &r.arch.Entries[i]
	off, size := e.Offset, min(e.Size, max(r.src.Size-e.Offset, 0))
	if e.Offset >= r.src.Size || e.Size == 0 || e.Name == "" {
		off, size = max(e.Record, 0), min(r.recSize, max(r.src.Size-e.Record, 0))
	}
	name := e.Name
	if name == "" {
		name = fmt.Sprintf("entry_%d", i)
	}
	src := formats.Source{R: io.NewSectionReader(r.src.R, off, size), Size: size, Base: r.src.Base + off, Name: name}
	return formats.NewBroken(src, formats.KindRaw, "", err)
}

// unlisted is one broken node for the records the header claims that
// were not listed (past the end of the file, or broken ones past the
// first maxBadEntries).
func (r *Root) unlisted() formats.Node {
	a := r.arch
	first := int64(len(a.Entries))
	at := r.dirOff + first*r.recSize
	name := fmt.Sprintf("entries_%d_to_%d", first, a.Claimed-1)
	err := binread.Errorf(r.src.Base+at, "the header claims %d entries; the %d records from entry %d on cannot be read (they lie in the data or past the end of the %d-byte file)",
		a.Claimed, a.Unlisted, first, r.src.Size)
	src := formats.Source{R: bytes.NewReader(nil), Base: r.src.Base + at, Name: name}
	return formats.NewBroken(src, formats.KindRaw, "", err)
}

// overlaps maps the index of every entry whose bytes overlap an earlier
// entry's (in file order) to that entry. Empty entries overlap nothing.
func overlaps(es []Entry) map[int]int {
	order := make([]int, 0, len(es))
	for i, e := range es {
		if e.Size > 0 && e.Err == nil {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return es[order[a]].Offset < es[order[b]].Offset })
	out := map[int]int{}
	last, end := -1, int64(0)
	for _, i := range order {
		if last >= 0 && es[i].Offset < end {
			out[i] = last
			continue
		}
		last, end = i, es[i].Offset+es[i].Size
	}
	return out
}

func (r *Root) replaceEntry(i int, data []byte) error {
	if err := r.arch.unreadable(); err != nil {
		return err
	}
	if (len(data)+SectorSize-1)/SectorSize > 0xFFFF {
		return fmt.Errorf("IMG entry %q: %d bytes do not fit a VER2 entry", r.arch.Entries[i].Name, len(data))
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.repl == nil {
		r.repl = map[int][]byte{}
	}
	r.repl[i] = data
	return nil
}

// Edited reports replaced entries.
func (r *Root) Edited() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.repl) > 0
}

// WriteTo writes the archive: the original bytes when nothing was replaced;
// else the same header and directory order with replaced entries resized
// and the entries after them moved (gaps between entries are kept).
func (r *Root) WriteTo(w io.Writer) (int64, error) {
	if !r.Edited() {
		return io.Copy(w, io.NewSectionReader(r.src.R, 0, r.src.Size))
	}
	if err := r.arch.unreadable(); err != nil {
		return 0, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.arch.Version != 2 {
		return r.writeInPlace(w)
	}
	p := r.planVER2()
	head, err := binread.ReadAt(r.src.R, 0, 0, p.first*SectorSize, r.src.Size)
	if err != nil {
		return 0, err
	}
	for i, e := range r.arch.Entries {
		d := head[8+i*EntrySize:]
		binary.LittleEndian.PutUint32(d, uint32(p.newOff[i]))
		if _, ok := r.repl[i]; ok || uint32(p.newSec[i]) != e.SectorSize {
			binary.LittleEndian.PutUint16(d[4:], uint16(p.newSec[i]))
			binary.LittleEndian.PutUint16(d[6:], 0)
		}
	}
	cw := &countWriter{w: w}
	if err := cw.write(head); err != nil {
		return cw.n, err
	}
	err = r.writeEntriesVER2(cw, p)
	return cw.n, err
}

// ver2Plan is the layout of a rewritten VER2 archive: the entries in file
// order, the first data sector, and each entry's new sector offset and
// sector count.
type ver2Plan struct {
	order          []int
	first          int64
	newOff, newSec []int64
}

// planVER2 keeps the entries in their file order and the gaps between
// them, giving replaced entries the sectors their new data needs.
func (r *Root) planVER2() ver2Plan {
	n := len(r.arch.Entries)
	p := ver2Plan{order: make([]int, n), newOff: make([]int64, n), newSec: make([]int64, n)}
	for i := range p.order {
		p.order[i] = i
	}
	sort.SliceStable(p.order, func(a, b int) bool { return r.arch.Entries[p.order[a]].Offset < r.arch.Entries[p.order[b]].Offset })
	dirEnd := int64(8 + n*EntrySize)
	p.first = (dirEnd + SectorSize - 1) / SectorSize
	if n > 0 {
		p.first = max(p.first, int64(r.arch.Entries[p.order[0]].SectorOffset))
	}
	cursor, prevEnd := p.first, p.first
	for _, i := range p.order {
		e := r.arch.Entries[i]
		if gap := int64(e.SectorOffset) - prevEnd; gap > 0 {
			cursor += gap
		}
		prevEnd = max(prevEnd, int64(e.SectorOffset)+int64(e.SectorSize))
		sec := int64(e.SectorSize)
		if d, ok := r.repl[i]; ok {
			sec = (int64(len(d)) + SectorSize - 1) / SectorSize
		}
		p.newOff[i], p.newSec[i] = cursor, sec
		cursor += sec
	}
	return p
}

// writeEntriesVER2 writes the entries' data by plan p, each padded to its
// sectors, with zero sectors for the gaps.
func (r *Root) writeEntriesVER2(cw *countWriter, p ver2Plan) error {
	pos := p.first
	for _, i := range p.order {
		if pad := p.newOff[i] - pos; pad > 0 {
			if err := cw.write(make([]byte, pad*SectorSize)); err != nil {
				return err
			}
		}
		data, ok := r.repl[i]
		if !ok {
			e := r.arch.Entries[i]
			var err error
			data, err = binread.ReadAt(r.src.R, 0, e.Offset, min(e.Size, r.src.Size-e.Offset), r.src.Size)
			if err != nil {
				return err
			}
		}
		buf := make([]byte, p.newSec[i]*SectorSize)
		copy(buf, data)
		if err := cw.write(buf); err != nil {
			return err
		}
		pos = p.newOff[i] + p.newSec[i]
	}
	return nil
}

// countWriter counts the bytes written through it.
type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) write(b []byte) error {
	k, err := c.w.Write(b)
	c.n += int64(k)
	return err
}

// zeroSector pads members to their sectors.
var zeroSector [SectorSize]byte

// zeros writes n zero bytes.
func (c *countWriter) zeros(n int64) error {
	for n > 0 {
		k := min(n, SectorSize)
		if err := c.write(zeroSector[:k]); err != nil {
			return err
		}
		n -= k
	}
	return nil
}

// writeInPlace writes a version 1 archive whose replaced entries still fit
// their sectors, so the .dir beside it stays valid.
func (r *Root) writeInPlace(w io.Writer) (int64, error) {
	var idx []int
	for i, d := range r.repl {
		e := r.arch.Entries[i]
		if int64(len(d)) > int64(e.SectorSize)*SectorSize {
			return 0, fmt.Errorf("%s: entry %q grew from %d to %d sectors; a version 1 IMG is saved in place with its .dir unchanged, so entries cannot grow",
				r.src.Name, e.Name, e.SectorSize, (len(d)+SectorSize-1)/SectorSize)
		}
		idx = append(idx, i)
	}
	sort.Slice(idx, func(a, b int) bool { return r.arch.Entries[idx[a]].Offset < r.arch.Entries[idx[b]].Offset })
	var total, pos int64
	for _, i := range idx {
		e := r.arch.Entries[i]
		if e.Offset < pos {
			return total, fmt.Errorf("%s: entry %q overlaps another replaced entry", r.src.Name, e.Name)
		}
		n, err := io.Copy(w, io.NewSectionReader(r.src.R, pos, e.Offset-pos))
		total += n
		if err != nil {
			return total, err
		}
		buf := make([]byte, min(e.Size, r.src.Size-e.Offset))
		copy(buf, r.repl[i])
		k, err := w.Write(buf)
		total += int64(k)
		if err != nil {
			return total, err
		}
		pos = e.Offset + int64(len(buf))
	}
	n, err := io.Copy(w, io.NewSectionReader(r.src.R, pos, r.src.Size-pos))
	return total + n, err
}

// Describe returns the archive facts: "entries" counts the listed
// entries, broken ones included; "claimed" is the header's count (VER2,
// VERF) and "unreadable" the claimed entries that cannot be read.
func (r *Root) Describe() (any, error) {
	a := r.arch
	d := map[string]any{"kind": string(formats.KindArchive), "format": "img", "version": a.Version,
		"variant": variantName(a.Version), "entries": len(a.Entries), "fileSize": r.src.Size}
	if a.Version != 1 {
		bad := a.Unlisted
		for _, e := range a.Entries {
			if e.Err != nil {
				bad++
			}
		}
		d["claimed"], d["unreadable"] = a.Claimed, bad
	}
	if a.Version == VersionFastman92 {
		d["game"] = a.Game
	}
	return d, nil
}

// variantName names an archive version: "v1" (.img and .dir), "VER2",
// "VERF" (fastman92).
func variantName(v int) string {
	switch v {
	case 1:
		return "v1"
	case VersionFastman92:
		return "VERF"
	}
	return "VER2"
}

// Offset returns the archive's offset.
func (r *Root) Offset() int64 { return r.src.Base }

// Size returns its byte count.
func (r *Root) Size() int64 { return r.src.Size }

// Open returns the archive's bytes.
func (r *Root) Open() io.Reader { return io.NewSectionReader(r.src.R, 0, r.src.Size) }

// File is a named member for Build.
type File struct {
	Name string
	Data []byte
}

// BuildVER2 writes a VER2 archive holding files, each padded to whole sectors.
func BuildVER2(files []File) ([]byte, error) {
	dirEnd := 8 + len(files)*EntrySize
	pos := (dirEnd + SectorSize - 1) / SectorSize
	var dir, body []byte
	dir = append(dir, "VER2"...)
	dir = binary.LittleEndian.AppendUint32(dir, uint32(len(files)))
	for _, f := range files {
		if len(f.Name) > 23 {
			return nil, fmt.Errorf("IMG entry name %q is longer than 23 bytes", f.Name)
		}
		n := (len(f.Data) + SectorSize - 1) / SectorSize
		if n > 0xFFFF {
			return nil, fmt.Errorf("IMG entry %q is too large", f.Name)
		}
		dir = binary.LittleEndian.AppendUint32(dir, uint32(pos))
		dir = binary.LittleEndian.AppendUint16(dir, uint16(n))
		dir = binary.LittleEndian.AppendUint16(dir, 0)
		var name [24]byte
		copy(name[:], f.Name)
		dir = append(dir, name[:]...)
		padded := make([]byte, n*SectorSize)
		copy(padded, f.Data)
		body = append(body, padded...)
		pos += n
	}
	out := make([]byte, (dirEnd+SectorSize-1)/SectorSize*SectorSize)
	copy(out, dir)
	return append(out, body...), nil
}

// BuildV1 writes a version 1 archive: the .img bytes and its .dir.
func BuildV1(files []File) (imgData, dirData []byte, err error) {
	v2, err := BuildVER2(files)
	if err != nil {
		return nil, nil, err
	}
	first := (8 + len(files)*EntrySize + SectorSize - 1) / SectorSize
	for i := range files {
		e := v2[8+i*EntrySize : 8+(i+1)*EntrySize]
		off := binary.LittleEndian.Uint32(e) - uint32(first)
		size := uint32(binary.LittleEndian.Uint16(e[4:]))
		dirData = binary.LittleEndian.AppendUint32(dirData, off)
		dirData = binary.LittleEndian.AppendUint32(dirData, size)
		dirData = append(dirData, e[8:32]...)
	}
	return v2[first*SectorSize:], dirData, nil
}
