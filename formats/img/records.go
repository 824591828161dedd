package img

import (
	"io"

	"rummage/formats/binread"
)

// readRecords reads a directory of claimed records of recSize bytes that
// starts at dirOff (VER2, VERF), decoding each with decode. Only records
// the file holds are read, so a header claiming millions of entries costs
// no more than the file. The directory ends where the data starts: a
// record at or past the first byte of an entry read before it is not a
// record but data (a header that claims more entries than fit before the
// data), and becomes a broken entry with its offset; so does a record
// whose entry starts past the end of the file. Records past the end of
// the file, and broken ones past the first maxBadEntries, are counted in
// Unlisted.
func (a *Archive) readRecords(r io.ReaderAt, size, dirOff, claimed, recSize int64, decode func(rec []byte, at int64) Entry) error {
	a.Claimed = claimed
	n := min(claimed, max(size-dirOff, 0)/recSize)
	dir, err := binread.ReadAt(r, 0, dirOff, n*recSize, size)
	if err != nil {
		return err
	}
	dataStart, first, bad := size, "", 0
	a.DirEnd = dirOff
	for i := int64(0); i < n; i++ {
		at := dirOff + i*recSize
		if at+recSize > dataStart {
			if bad++; bad > maxBadEntries {
				a.Unlisted++
				continue
			}
			a.Entries = append(a.Entries, Entry{Record: at, Err: binread.Errorf(at,
				"directory record %d lies in the data of entry %q (from 0x%X): the header claims %d entries, %d fit before the data",
				i, first, dataStart, claimed, (dataStart-dirOff)/recSize)})
			continue
		}
		e := decode(dir[i*recSize:(i+1)*recSize], at)
		e.Record = at
		if e.Err == nil {
			e.Err = check(e, size, at)
		}
		if e.Err == nil && e.Size > 0 && e.Offset >= at+recSize && e.Offset < dataStart {
			dataStart, first = e.Offset, e.Name
		}
		a.Entries = append(a.Entries, e)
		a.DirEnd = at + recSize
	}
	a.Unlisted += claimed - n
	return nil
}
