package img

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"strings"

	"rummage/formats/binread"
)

// Editor edits an archive's members (add, replace, remove, rename) and
// writes it again: VER2 as one .img, version 1 as an .img and its .dir.
// Unchanged members are copied from the original archive; a rebuild packs
// the members in directory order, each from a sector boundary, the VER2
// data starting at the first sector after the directory. An archive whose
// names are sorted (ignoring case) stays sorted; otherwise new members
// are appended.
//
// Every edit is linear in the member count at worst, and a run of adds is
// sorted once, when the order is next needed: building an archive of n
// members costs O(n log n), each name lowered once.
type Editor struct {
	Version int // 1 or 2
	members []member
	r       io.ReaderAt
	size    int64
	sorted  bool
	// keys counts the members of each lower-case name (an original
	// archive may hold a name twice).
	keys map[string]int
	// unsorted: members were added or renamed since the last sort.
	unsorted bool
}

// member is one entry being edited: the original entry (orig) or new data.
type member struct {
	name  string
	key   string // name in lower case, the key of sorting and lookups
	orig  *Entry
	data  []byte
	fresh bool    // data replaces the original
	sizes [4]byte // VER2: the stored streaming and archive sizes of orig
}

// nameKey is the key names are compared by: lower case.
func nameKey(name string) string { return strings.ToLower(name) }

// NewEditor starts editing archive a whose .img bytes r holds (size bytes).
func NewEditor(a *Archive, r io.ReaderAt, size int64) (*Editor, error) {
	if a.Version == VersionFastman92 {
		return nil, fmt.Errorf("fastman92 IMG (VERF) archives are read, not edited")
	}
	if err := a.unreadable(); err != nil {
		return nil, err
	}
	ed := &Editor{Version: a.Version, r: r, size: size, keys: make(map[string]int, len(a.Entries))}
	var dir []byte
	if a.Version != 1 {
		var err error
		if dir, err = binread.ReadAt(r, 0, 8, int64(len(a.Entries))*EntrySize, size); err != nil {
			return nil, err
		}
	}
	for i := range a.Entries {
		e := &a.Entries[i]
		m := member{name: e.Name, key: nameKey(e.Name), orig: e}
		if dir != nil {
			copy(m.sizes[:], dir[i*EntrySize+4:])
		}
		ed.members = append(ed.members, m)
		ed.keys[m.key]++
	}
	ed.sorted = slices.IsSortedFunc(ed.members, byKey)
	return ed, nil
}

// NewArchiveEditor starts an empty archive of version 1 or 2 whose
// members are kept sorted by name.
func NewArchiveEditor(version int) *Editor {
	return &Editor{Version: version, sorted: true, keys: map[string]int{}}
}

func byKey(a, b member) int { return strings.Compare(a.key, b.key) }

// order sorts the members once after adds and renames (stable: members of
// equal names keep their order), when the archive is kept sorted. It sorts
// their indices, equal keys by index, and moves each member once:
// O(n log n) comparisons, where an in-place stable sort of the members
// themselves takes O(n log² n) swaps of whole members.
func (ed *Editor) order() {
	if !ed.unsorted {
		return
	}
	ed.unsorted = false
	ms := ed.members
	idx := make([]int, len(ms))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		if c := byKey(ms[a], ms[b]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	out := make([]member, len(ms))
	for i, j := range idx {
		out[i] = ms[j]
	}
	ed.members = out
}

// Names returns the member names in directory order.
func (ed *Editor) Names() []string {
	ed.order()
	out := make([]string, len(ed.members))
	for i, m := range ed.members {
		out[i] = m.name
	}
	return out
}

// find returns the index of the first member named name (ignoring case),
// -1 when there is none.
func (ed *Editor) find(name string) int {
	key := nameKey(name)
	if ed.keys[key] == 0 {
		return -1
	}
	ed.order()
	for i := range ed.members {
		if ed.members[i].key == key {
			return i
		}
	}
	return -1
}

func checkName(name string) error {
	if name == "" || len(name) > 23 || strings.ContainsAny(name, "\x00/\\") {
		return fmt.Errorf("IMG member name %q must be 1 to 23 bytes without NUL or slashes", name)
	}
	return nil
}

// MaxMemberSize is the most bytes a member may hold: an entry's size is a
// count of at most 65,535 sectors.
const MaxMemberSize = 0xFFFF * SectorSize

func checkData(name string, data []byte) error {
	if int64(len(data)) > MaxMemberSize {
		return fmt.Errorf("IMG member %q: %d bytes do not fit an entry (at most 65,535 sectors)", name, len(data))
	}
	return nil
}

// Add adds a member; a name already present (ignoring case) is an error.
func (ed *Editor) Add(name string, data []byte) error {
	if err := checkName(name); err != nil {
		return err
	}
	if err := checkData(name, data); err != nil {
		return err
	}
	key := nameKey(name)
	if ed.keys[key] > 0 {
		return fmt.Errorf("the archive already has a member %q", name)
	}
	ed.members = append(ed.members, member{name: name, key: key, data: data, fresh: true})
	ed.keys[key]++
	ed.unsorted = ed.sorted
	return nil
}

// Replace gives an existing member new data.
func (ed *Editor) Replace(name string, data []byte) error {
	i := ed.find(name)
	if i < 0 {
		return fmt.Errorf("the archive has no member %q", name)
	}
	if err := checkData(name, data); err != nil {
		return err
	}
	ed.members[i].data, ed.members[i].fresh = data, true
	return nil
}

// Remove drops a member.
func (ed *Editor) Remove(name string) error {
	i := ed.find(name)
	if i < 0 {
		return fmt.Errorf("the archive has no member %q", name)
	}
	ed.keys[ed.members[i].key]--
	ed.members = slices.Delete(ed.members, i, i+1)
	return nil
}

// Rename renames a member; the new name must be free.
func (ed *Editor) Rename(old, name string) error {
	i := ed.find(old)
	if i < 0 {
		return fmt.Errorf("the archive has no member %q", old)
	}
	if err := checkName(name); err != nil {
		return err
	}
	m := &ed.members[i]
	key := nameKey(name)
	if key != m.key && ed.keys[key] > 0 {
		return fmt.Errorf("the archive already has a member %q", name)
	}
	ed.keys[m.key]--
	ed.keys[key]++
	m.name, m.key = name, key
	ed.unsorted = ed.sorted
	return nil
}

// sectors is the sector count member m takes.
func (m *member) sectors() int64 {
	if m.fresh || m.orig == nil {
		return (int64(len(m.data)) + SectorSize - 1) / SectorSize
	}
	return int64(m.orig.SectorSize)
}

// firstSector is where the data starts: after the VER2 directory, or 0.
func (ed *Editor) firstSector() int64 {
	if ed.Version == 1 {
		return 0
	}
	return (int64(8+len(ed.members)*EntrySize) + SectorSize - 1) / SectorSize
}

// Dir returns the directory: the VER2 header and entries (padded to the
// first data sector), or the version 1 .dir file.
func (ed *Editor) Dir() []byte {
	ed.order()
	out := make([]byte, 0, max(ed.firstSector()*SectorSize, int64(len(ed.members))*EntrySize))
	if ed.Version != 1 {
		out = append(out, "VER2"...)
		out = binary.LittleEndian.AppendUint32(out, uint32(len(ed.members)))
	}
	pos := ed.firstSector()
	for i := range ed.members {
		m := &ed.members[i]
		n := m.sectors()
		out = binary.LittleEndian.AppendUint32(out, uint32(pos))
		switch {
		case ed.Version == 1:
			out = binary.LittleEndian.AppendUint32(out, uint32(n))
		case m.orig != nil && !m.fresh:
			out = append(out, m.sizes[:]...)
		default:
			out = binary.LittleEndian.AppendUint16(out, uint16(n))
			out = binary.LittleEndian.AppendUint16(out, 0)
		}
		var name [24]byte
		copy(name[:], m.name)
		out = append(out, name[:]...)
		pos += n
	}
	if ed.Version != 1 {
		out = append(out, make([]byte, ed.firstSector()*SectorSize-int64(len(out)))...)
	}
	return out
}

// WriteTo writes the .img: for VER2 the directory first, then every
// member's sectors in directory order.
func (ed *Editor) WriteTo(w io.Writer) (int64, error) {
	ed.order()
	bw := bufio.NewWriterSize(w, 1<<20) // members and their padding in large writes
	cw := &countWriter{w: bw}
	if ed.Version != 1 {
		if err := cw.write(ed.Dir()); err != nil {
			return cw.n, err
		}
	}
	for i := range ed.members {
		if err := ed.writeMember(cw, &ed.members[i]); err != nil {
			return cw.n, err
		}
	}
	return cw.n, bw.Flush()
}

// writeMember writes m's sectors: new data padded with zeros, or the
// original sectors (zeros past the end of a short archive).
func (ed *Editor) writeMember(cw *countWriter, m *member) error {
	n := m.sectors() * SectorSize
	if m.fresh || m.orig == nil {
		if err := cw.write(m.data); err != nil {
			return err
		}
		return cw.zeros(n - int64(len(m.data)))
	}
	have := max(min(n, ed.size-m.orig.Offset), 0)
	k, err := io.Copy(cw.w, io.NewSectionReader(ed.r, m.orig.Offset, have))
	cw.n += k
	if err != nil {
		return fmt.Errorf("IMG member %q at 0x%X: %w", m.name, m.orig.Offset, err)
	}
	if k < have {
		return fmt.Errorf("IMG member %q at 0x%X: read %d of %d bytes", m.name, m.orig.Offset, k, have)
	}
	return cw.zeros(n - have)
}

// Editor starts editing the archive r reads, with the entries replaced
// through the node tree already applied.
func (r *Root) Editor() (*Editor, error) {
	ed, err := NewEditor(r.arch, r.src.R, r.src.Size)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, d := range r.repl {
		ed.members[i].data, ed.members[i].fresh = d, true
	}
	return ed, nil
}
