package img

import (
	"encoding/binary"
	"fmt"
	"io"

	"rummage/formats"
	"rummage/formats/binread"
)

// fastman92's IMG archive ("VERF", written by his IMG console and read by
// his limit adjuster), as he specified it (pastebin JuxNPKF4, 2015: "final
// specification"; tImgFastman92GTASAdirectoryEntry in
// fastman92_limit_adjuster's CdDirectory.h; the file-flag values in his
// RPF specification, pastebin bhFGf5i2, which shares the layout):
//
//	0x00 "VERF"
//	0x04 u32 archive flags: bits 0-3 archive version (1), bits 4-7 metadata
//	     encryption type (0: none), bits 8-10 game (0: San Andreas)
//	0x08 char[12] author, "fastman92" padded with zeros
//	0x14 second header (encrypted with the metadata): u32 check (1 once
//	     decrypted), u32 entry count, 8 reserved bytes
//	0x24 the directory (encrypted with the metadata), 64 bytes an entry:
//	     u32 position in 2048-byte sectors, u16 original size in sectors,
//	     u16 bytes of padding in that aligned size, u16 packed size in
//	     sectors, u16 bytes of padding in that one, u32 flags (bits 0-3
//	     compression: 0 none, 1 zlib, 2 LZ4 or LZ4 HC; bits 4-7 encryption:
//	     0 none, 1 and 2 two AES variants; bit 8 load into memory), char[40]
//	     name (39 bytes and a NUL), 8 reserved bytes
//
// A size is sectors × 2048 minus its padding bytes (0 when the sectors
// are 0). zlib entries are read as zlib streams (raw deflate when the
// two-byte zlib header is absent), LZ4 entries as LZ4 blocks of the
// original size (an LZ4 frame when they start with its magic). Encrypted
// metadata hides the directory: such an archive is named and not read;
// an encrypted entry in a plain directory is a broken entry.

// VersionFastman92 is the Archive.Version of a fastman92 (VERF) archive.
const VersionFastman92 = 92

const (
	verfDirOff    = 0x24
	verfEntrySize = 64
)

// Compression of a VERF entry's stored bytes.
const (
	CompNone = 0
	CompZlib = 1
	CompLZ4  = 2
)

// compNames name the compressions in listings.
var compNames = [...]string{CompNone: "none", CompZlib: "zlib", CompLZ4: "lz4"}

func init() {
	formats.Register(formats.Format{
		Name:     "img-verf",
		Kind:     formats.KindArchive,
		Priority: 10,
		Match:    func(p formats.Probe) bool { return len(p.Head) >= 8 && string(p.Head[:4]) == "VERF" },
		Open:     OpenVERF,
		Tag:      formats.FixedTag("IMG"),
	})
}

// OpenVERF opens a fastman92 archive.
func OpenVERF(s formats.Source) (formats.Node, error) {
	a, err := ParseVERF(s.R, s.Size)
	if err != nil {
		return nil, err
	}
	return newRoot(s, a), nil
}

// errEncrypted is the error of an archive whose directory is encrypted.
type errEncrypted struct{ u *binread.UnsupportedError }

func (e errEncrypted) Error() string {
	return "fastman92 IMG (VERF), encrypted: not supported (" + e.u.Msg + fmt.Sprintf(" at offset 0x%X)", e.u.Off)
}
func (e errEncrypted) Unwrap() error { return e.u }

// ParseVERF parses the headers and directory of a fastman92 archive.
func ParseVERF(r io.ReaderAt, size int64) (*Archive, error) {
	head, err := binread.ReadAt(r, 0, 0, verfDirOff, size)
	if err != nil {
		return nil, err
	}
	if string(head[:4]) != "VERF" {
		return nil, binread.Errorf(0, "magic %q is not VERF", head[:4])
	}
	flags := binary.LittleEndian.Uint32(head[4:])
	if author := cstr(head[8:20]); author != "fastman92" {
		return nil, binread.Errorf(8, "fastman92 IMG (VERF): the author field is %q, not fastman92", author)
	}
	if enc := flags >> 4 & 0xF; enc != 0 {
		return nil, errEncrypted{binread.Unsupportedf(4, "metadata encryption type %d", enc)}
	}
	if v := flags & 0xF; v != 1 {
		return nil, binread.Unsupportedf(4, "fastman92 IMG (VERF) archive version %d (1 is read)", v)
	}
	if check := binary.LittleEndian.Uint32(head[0x14:]); check != 1 {
		return nil, binread.Errorf(0x14, "fastman92 IMG (VERF): the check value is %d, not 1", check)
	}
	a := &Archive{Version: VersionFastman92, Game: int(flags >> 8 & 7)}
	err = a.readRecords(r, size, verfDirOff, int64(binary.LittleEndian.Uint32(head[0x18:])), verfEntrySize, verfEntry)
	return a, err
}

// verfEntry decodes the VERF record e found at offset at.
func verfEntry(e []byte, at int64) Entry {
	le := binary.LittleEndian
	pos, flags := le.Uint32(e), le.Uint32(e[12:])
	ent := Entry{Name: cstr(e[16:56]), SectorOffset: pos, SectorSize: uint32(le.Uint16(e[8:])), Offset: int64(pos) * SectorSize,
		Compression: int(flags & 0xF), Encryption: int(flags >> 4 & 0xF)}
	var errU, errP error
	ent.Unpacked, errU = verfSize(le.Uint16(e[4:]), le.Uint16(e[6:]), at+6)
	ent.Size, errP = verfSize(le.Uint16(e[8:]), le.Uint16(e[10:]), at+10)
	switch {
	case errU != nil || errP != nil:
		ent.Err = firstError(errU, errP)
	case ent.Encryption != 0:
		ent.Err = binread.Unsupportedf(at+12, "entry %q is encrypted (type %d)", ent.Name, ent.Encryption)
	case ent.Compression > CompLZ4:
		ent.Err = binread.Unsupportedf(at+12, "entry %q: compression type %d", ent.Name, ent.Compression)
	case ent.Compression == CompNone:
		ent.Unpacked = min(ent.Unpacked, ent.Size)
	}
	return ent
}

// verfSize is sectors × 2048 less pad bytes; pad (at offset at) must be
// less than a sector.
func verfSize(sectors, pad uint16, at int64) (int64, error) {
	if sectors == 0 {
		return 0, nil
	}
	if pad >= SectorSize {
		return 0, binread.Errorf(at, "%d bytes of padding in a 2048-byte sector", pad)
	}
	return int64(sectors)*SectorSize - int64(pad), nil
}

func firstError(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// verfSource makes sub (entry i's stored bytes) the entry's unpacked
// bytes; a compressed entry is unpacked on first use, charged to the
// file's budget, and its size checked before anything is allocated.
func (r *Root) verfSource(i int, sub formats.Source) (formats.Source, error) {
	e := &r.arch.Entries[i]
	sub.Fields = fields{"compression": compNames[e.Compression], "packedSize": e.Size, "unpackedSize": e.Unpacked}
	if e.Compression == CompNone {
		sub.Size = min(sub.Size, e.Unpacked)
		sub.R = io.NewSectionReader(r.src.R, e.Offset, sub.Size)
		return sub, nil
	}
	if sub.Size < e.Size {
		return sub, binread.Errorf(r.src.Base+e.Offset+sub.Size, "entry %q: %d packed bytes run past the end of the file", e.Name, e.Size)
	}
	if err := checkRatio(e, r.src.Base+e.Record+4); err != nil {
		return sub, err
	}
	budget := sub.Budget
	if budget == nil {
		budget = formats.NewBudget(formats.UnpackLimit(r.src.Size))
	}
	sub.R = &packed{src: io.NewSectionReader(r.src.R, e.Offset, e.Size), packedSize: e.Size, size: e.Unpacked,
		comp: e.Compression, at: r.src.Base + e.Offset, name: e.Name, budget: budget}
	sub.Size, sub.Base = e.Unpacked, -1
	return sub, nil
}

// fields are a VERF entry's extra ls fields.
type fields map[string]any

// ListFields returns the fields.
func (f fields) ListFields() map[string]any { return f }
