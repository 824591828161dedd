package img

import (
	"fmt"

	"rummage/formats"
)

// Diagnostics reports a header that claims more entries than fit before
// the data, and bytes after the last entry that are not zero padding
// (found once, on first asking).
func (r *Root) Diagnostics() []formats.Diagnostic {
	r.diagOnce.Do(func() { r.diags = append(r.directoryFindings(), r.trailerFindings()...) })
	return r.diags
}

// directoryFindings notes a claimed count the directory does not hold.
func (r *Root) directoryFindings() []formats.Diagnostic {
	a := r.arch
	if r.recSize == 0 {
		return nil
	}
	records := (a.DirEnd - r.dirOff) / r.recSize
	if a.Claimed <= records {
		return nil
	}
	return []formats.Diagnostic{{Off: r.src.Base + r.dirOff - 4, Msg: fmt.Sprintf(
		"the header claims %d entries, but only %d directory records fit before the data: the other %d are broken entries",
		a.Claimed, records, a.Claimed-records)}}
}

// trailerFindings notes bytes after the last entry's sectors that are not
// zeros; the game never reads them.
func (r *Root) trailerFindings() []formats.Diagnostic {
	end := r.arch.DirEnd
	for _, e := range r.arch.Entries {
		if e.Err == nil && e.Size > 0 {
			end = max(end, e.Offset+(e.Size+SectorSize-1)/SectorSize*SectorSize)
		}
	}
	if end >= r.src.Size {
		return nil
	}
	buf := make([]byte, 64<<10)
	for off := end; off < r.src.Size; off += int64(len(buf)) {
		n, _ := r.src.R.ReadAt(buf[:min(int64(len(buf)), r.src.Size-off)], off)
		if !allZero(buf[:n]) {
			return []formats.Diagnostic{{Off: r.src.Base + end, Msg: fmt.Sprintf(
				"%d bytes after the last entry are not zero padding; skipped, as the game skips them", r.src.Size-end)}}
		}
	}
	return nil
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}
