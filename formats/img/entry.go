package img

import (
	"rummage/formats"
	"rummage/formats/binread"
)

// EntrySource returns the Source of entry i's bytes (unpacked, for a
// compressed archive), for a reader that wants a few entries by name
// without opening every entry as Children does (a scene's models). An
// entry that cannot be read, or that lies over the archive's directory,
// is an error with its offset.
func (r *Root) EntrySource(i int) (formats.Source, error) {
	if i < 0 || i >= len(r.arch.Entries) {
		return formats.Source{}, binread.Errorf(r.src.Base, "no entry %d in an archive of %d", i, len(r.arch.Entries))
	}
	e := &r.arch.Entries[i]
	switch {
	case e.Err != nil:
		return formats.Source{}, e.Err
	case e.Offset < r.arch.DirEnd:
		return formats.Source{}, binread.Errorf(r.src.Base+e.Record,
			"entry %q at 0x%X overlaps the archive's directory (which ends at 0x%X)", e.Name, e.Offset, r.arch.DirEnd)
	}
	return r.entrySource(i)
}
