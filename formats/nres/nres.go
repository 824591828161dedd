package nres

import (
	"bytes"
	"encoding/binary"
	"io"

	"rummage/formats"
	"rummage/formats/binread"
)

// Layout constants of the format.
const (
	Magic      = "NRes" // the first four bytes of every archive
	Version    = 0x100  // the only version the engine accepts
	HeaderSize = 16     // bytes of the file header
	EntrySize  = 64     // bytes of one directory record
	NameSize   = 36     // bytes of the name field of a record
	MaxNameLen = 35     // useful name bytes (the field keeps a NUL)
	Align      = 8      // payloads start on this boundary
)

// Well-known type ids of top-level archive entries.
const (
	TypeTexm uint32 = 0x6D786554 // 'Texm' texture
	TypeMAT0 uint32 = 0x3054414D // 'MAT0' material
	TypeWEAR uint32 = 0x52414557 // 'WEAR' material table
	TypeFXID uint32 = 0x44495846 // 'FXID' effect
)

// Header is the 16-byte file header.
type Header struct {
	Magic     [4]byte
	Version   uint32
	Count     int32
	TotalSize uint32
}

// DirEntry is one 64-byte directory record, as stored.
type DirEntry struct {
	TypeID    uint32         // FourCC or small stream number
	Attr1     uint32         // per type: count or flags
	Attr2     uint32         // per type: second count or version
	Size      uint32         // payload bytes
	Attr3     uint32         // per type: element size, 1, or 0
	NameField [NameSize]byte // NUL-terminated name; bytes after the NUL are kept
	Offset    uint32         // absolute offset of the payload
	SortIndex uint32         // original index of the i-th name in sorted order
}

// NameBytes returns the stored name bytes before the first NUL (all 36 when
// there is none).
func (e *DirEntry) NameBytes() []byte {
	if i := bytes.IndexByte(e.NameField[:], 0); i >= 0 {
		return e.NameField[:i]
	}
	return e.NameField[:]
}

// Name returns the name decoded from Windows-1251 (the game's code page).
func (e *DirEntry) Name() string { return decodeName(e.NameBytes()) }

// Tail returns the bytes after the name's NUL (nil when there is no NUL).
func (e *DirEntry) Tail() []byte {
	if i := bytes.IndexByte(e.NameField[:], 0); i >= 0 {
		return e.NameField[i+1:]
	}
	return nil
}

func decodeEntry(b []byte) DirEntry {
	var e DirEntry
	e.TypeID = binary.LittleEndian.Uint32(b[0:])
	e.Attr1 = binary.LittleEndian.Uint32(b[4:])
	e.Attr2 = binary.LittleEndian.Uint32(b[8:])
	e.Size = binary.LittleEndian.Uint32(b[12:])
	e.Attr3 = binary.LittleEndian.Uint32(b[16:])
	copy(e.NameField[:], b[20:56])
	e.Offset = binary.LittleEndian.Uint32(b[56:])
	e.SortIndex = binary.LittleEndian.Uint32(b[60:])
	return e
}

func (e *DirEntry) encode(b []byte) {
	binary.LittleEndian.PutUint32(b[0:], e.TypeID)
	binary.LittleEndian.PutUint32(b[4:], e.Attr1)
	binary.LittleEndian.PutUint32(b[8:], e.Attr2)
	binary.LittleEndian.PutUint32(b[12:], e.Size)
	binary.LittleEndian.PutUint32(b[16:], e.Attr3)
	copy(b[20:56], e.NameField[:])
	binary.LittleEndian.PutUint32(b[56:], e.Offset)
	binary.LittleEndian.PutUint32(b[60:], e.SortIndex)
}

// entry is one directory record with its identity: the original directory
// index, or a negative number for entries added since opening.
type entry struct {
	DirEntry
	id int32
}

// entryErr is a per-entry problem; payload says the byte range is unusable.
type entryErr struct {
	err     error
	payload bool
}

// Archive is an opened (or new) NRes archive and its in-memory edits.
// Methods are not safe for concurrent use; the format node serialises them.
type Archive struct {
	r      io.ReaderAt
	size   int64 // bytes r holds
	base   int64 // absolute offset of r's byte 0, for errors and Rawer
	hdr    Header
	dirOff int64 // where the original directory starts
	nOrig  int   // original entry count

	ents     []entry
	errs     map[int32]*entryErr // current per-entry problems, by id
	badRange map[int32]bool      // originals whose payload range is unusable
	data     map[int32][]byte    // replaced or added payloads, by id
	nextID   int32

	sortOK    bool
	sortDirty bool // an edit changed names or order: resort before use
	diags     []formats.Diagnostic
	edited    bool
}

// dirChunk is how many records NewArchive reads per ReadAt.
const dirChunk = 256

// Open reads the header and the directory of the archive in r (size bytes,
// byte 0 at file offset 0). Payloads are not read.
func Open(r io.ReaderAt, size int64) (*Archive, error) { return NewArchive(r, 0, size) }

// NewArchive reads the header and the directory of the archive in r: base
// is the absolute file offset of r's byte 0 (non-zero for a nested archive;
// errors carry absolute offsets), size the archive's byte size. Payloads
// are not read.
func NewArchive(r io.ReaderAt, base, size int64) (*Archive, error) {
	if base < 0 {
		base = 0
	}
	a := &Archive{r: r, size: size, base: base}
	if size < HeaderSize {
		return nil, binread.Errorf(base, "file of %d bytes is shorter than the %d-byte NRes header", size, HeaderSize)
	}
	hb, err := binread.ReadAt(r, base, 0, HeaderSize, size)
	if err != nil {
		return nil, err
	}
	copy(a.hdr.Magic[:], hb[0:4])
	a.hdr.Version = binary.LittleEndian.Uint32(hb[4:])
	a.hdr.Count = int32(binary.LittleEndian.Uint32(hb[8:]))
	a.hdr.TotalSize = binary.LittleEndian.Uint32(hb[12:])
	if string(a.hdr.Magic[:]) != Magic {
		return nil, binread.Errorf(base, "magic % X is not \"NRes\"", a.hdr.Magic[:])
	}
	if a.hdr.Version != Version {
		return nil, binread.Errorf(base+4, "version 0x%X is not 0x100", a.hdr.Version)
	}
	count := int64(a.hdr.Count)
	if count < 0 {
		return nil, binread.Errorf(base+8, "entry count %d is negative", count)
	}
	total := int64(a.hdr.TotalSize)
	if count > (max(total, size)-HeaderSize)/EntrySize {
		return nil, binread.Errorf(base+8, "entry count %d needs a %d-byte directory, more than the %d bytes after the header",
			count, count*EntrySize, max(total, size)-HeaderSize)
	}
	dirOff := total - count*EntrySize
	if dirOff < HeaderSize {
		return nil, binread.Errorf(base+12, "directory of %d entries would start at 0x%X, before the end of the header (total size %d)",
			count, dirOff, total)
	}
	if total > size {
		return nil, binread.Errorf(base+12, "total size %d is larger than the file (%d bytes): the directory at 0x%X runs past the end",
			total, size, base+dirOff)
	}
	if total != size {
		return nil, binread.Errorf(base+12, "total size %d does not equal the file size %d", total, size)
	}
	a.dirOff = dirOff
	a.nOrig = int(count)
	a.nextID = -1
	if err := a.readDir(); err != nil {
		return nil, err
	}
	a.validate()
	return a, nil
}

// readDir reads the directory in chunks, so the only memory that grows with
// the entry count is the decoded record array.
func (a *Archive) readDir() error {
	n := a.nOrig
	a.ents = make([]entry, n)
	buf := make([]byte, min(n, dirChunk)*EntrySize)
	for i := 0; i < n; i += dirChunk {
		k := min(dirChunk, n-i)
		b := buf[:k*EntrySize]
		off := a.dirOff + int64(i)*EntrySize
		got, err := a.r.ReadAt(b, off)
		if got < len(b) {
			if err == nil || err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return binread.Errorf(a.base+off+int64(got), "reading the directory: %w", err)
		}
		for j := 0; j < k; j++ {
			a.ents[i+j] = entry{DirEntry: decodeEntry(b[j*EntrySize:]), id: int32(i + j)}
		}
	}
	return nil
}

// recOff returns the absolute offset of original record id's field at rel.
func (a *Archive) recOff(id int32, rel int64) int64 {
	return a.base + a.dirOff + int64(id)*EntrySize + rel
}

// Header returns the header as read (Count and TotalSize of the original).
func (a *Archive) Header() Header { return a.hdr }

// Len returns the number of entries.
func (a *Archive) Len() int { return len(a.ents) }

// Entry returns entry i's directory record. Size is the current payload
// size; Offset is only meaningful when InFile(i) is true.
func (a *Archive) Entry(i int) DirEntry {
	a.ensureSorted()
	e := a.ents[i].DirEntry
	if d, ok := a.data[a.ents[i].id]; ok {
		e.Size = uint32(len(d))
	}
	return e
}

// Name returns entry i's name.
func (a *Archive) Name(i int) string { return a.ents[i].Name() }

// InFile reports whether entry i's payload is the original file range
// (not replaced or added in memory).
func (a *Archive) InFile(i int) bool {
	_, mem := a.data[a.ents[i].id]
	return !mem && a.ents[i].id >= 0
}

// EntryOffset returns the absolute file offset of entry i's payload, or -1
// when the payload lives in memory.
func (a *Archive) EntryOffset(i int) int64 {
	if !a.InFile(i) {
		return -1
	}
	return a.base + int64(a.ents[i].Offset)
}

// EntryErr returns entry i's problem (a *binread.FormatError), or nil.
func (a *Archive) EntryErr(i int) error {
	if e := a.errs[a.ents[i].id]; e != nil {
		return e.err
	}
	return nil
}

// payloadOK reports whether entry i's bytes can be read.
func (a *Archive) payloadOK(i int) bool {
	e := a.errs[a.ents[i].id]
	return e == nil || !e.payload
}

// EntryReader returns a reader over entry i's payload, the absolute file
// offset of its byte 0 (-1 for in-memory payloads) and its byte size: the
// (r, base, size) a decoder constructor takes.
func (a *Archive) EntryReader(i int) (r io.ReaderAt, base, size int64, err error) {
	if d, ok := a.data[a.ents[i].id]; ok {
		return bytes.NewReader(d), -1, int64(len(d)), nil
	}
	if !a.payloadOK(i) {
		return nil, 0, 0, a.EntryErr(i)
	}
	e := &a.ents[i]
	return io.NewSectionReader(a.r, int64(e.Offset), int64(e.Size)), a.base + int64(e.Offset), int64(e.Size), nil
}

// Data returns a copy of entry i's payload.
func (a *Archive) Data(i int) ([]byte, error) {
	if d, ok := a.data[a.ents[i].id]; ok {
		return bytes.Clone(d), nil
	}
	if !a.payloadOK(i) {
		return nil, a.EntryErr(i)
	}
	e := &a.ents[i]
	return binread.ReadAt(a.r, a.base, int64(e.Offset), int64(e.Size), a.size)
}

// Diagnostics returns the non-fatal findings (an invalid sort_index table).
func (a *Archive) Diagnostics() []formats.Diagnostic {
	a.ensureSorted()
	return a.diags
}

// SortValid reports whether lookups use the sort_index binary search.
func (a *Archive) SortValid() bool {
	a.ensureSorted()
	return a.sortOK
}

// Edited reports whether the archive was changed since opening.
func (a *Archive) Edited() bool { return a.edited }

// Size returns the byte size of the archive as opened (0 for New).
func (a *Archive) Size() int64 { return a.size }
