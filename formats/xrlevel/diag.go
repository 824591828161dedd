package xrlevel

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"rummage/formats"
)

// loc converts offsets inside a chunk's (possibly decompressed) payload to
// diagnostics: absolute offsets for stored bytes, the chunk's header offset
// plus an "unpacked +N" note for decompressed ones. Its findings concern the
// node at path.
type loc struct {
	name       string
	path       string // node path from the level's root ("" for the level itself)
	chunkOff   int64
	dataOff    int64
	compressed bool
	side       bool  // in a file beside the level: no offset in the level file
	stored     int64 // bytes of the chunk as stored (caps its item count)
	// buf is where a buffer list's bytes are (vertex and index buffers,
	// SWIs); nil for other chunks.
	buf *bufSource
}

// itemCap is the most items a list chunk of stored bytes may make: far
// above real levels (a visual or sector costs dozens of stored bytes), far
// below what empty chunk headers inside a compressed chunk could claim.
func (l loc) itemCap(limit int) int {
	return int(min(int64(limit), 4096+l.stored/8))
}

// capItems cuts a declared item count to the chunk's item cap, with a
// finding.
func (lv *Level) capItems(l loc, n int, what string) int {
	if c := l.itemCap(MaxItems); n > c {
		lv.diagAt(l, 0, "%d %ss declared; only the first %d are read (more than a %d-byte chunk can really hold)", n, what, c, l.stored)
		return c
	}
	return n
}

// item returns the location of list item i (a visual, a sector): the same
// chunk, and the item's node path.
func (l loc) item(i int) loc {
	l.path += "/" + strconv.Itoa(i)
	return l
}

// abs returns the file offset of byte rel of the payload: -1 in a side
// file, the chunk header in a compressed chunk.
func (l loc) abs(rel int64) int64 {
	if l.side {
		return -1
	}
	if l.compressed {
		return l.chunkOff
	}
	return l.dataOff + rel
}

// where names the chunk a finding is in, with rel when abs cannot say it.
func (l loc) where(rel int64) string {
	if l.side {
		return fmt.Sprintf("%s (+0x%X)", l.name, rel)
	}
	if l.compressed {
		return fmt.Sprintf("%s (unpacked +0x%X)", l.name, rel)
	}
	return l.name
}

// diag records a finding about the node at path (see formats.Diagnostic).
func (lv *Level) diag(path string, off int64, format string, args ...any) {
	if len(lv.Diags) >= lv.diagLimit() {
		return
	}
	if len(lv.Diags) == lv.diagLimit()-1 {
		lv.Diags = append(lv.Diags, formats.Diagnostic{Off: -1, Msg: "too many findings; the rest are not listed"})
		return
	}
	lv.Diags = append(lv.Diags, formats.Diagnostic{Path: path, Off: off, Msg: fmt.Sprintf(format, args...)})
}

// diagAt records a finding at byte rel of the payload at l, about l's
// node: "NAME: text", NAME saying where when the offset cannot.
func (lv *Level) diagAt(l loc, rel int64, format string, args ...any) {
	if len(lv.Diags) >= lv.diagLimit() {
		return // formatting costs more than the finding is worth now
	}
	lv.diag(l.path, l.abs(rel), "%s: %s", l.where(rel), fmt.Sprintf(format, args...))
}

// A level keeps every finding for the window's list and `info --json` (a
// real level has been seen with ~17,000), up to a bound that grows with
// the file: a hostile file cannot make findings without end (a finding
// costs about a kilobyte to make; 16 bytes of input buy one).
const (
	minDiags     = 500
	maxDiags     = 100_000
	bytesPerDiag = 16
)

// diagCapFor is the most findings a level of size bytes keeps.
func diagCapFor(size int64) int {
	return int(min(maxDiags, minDiags+max(size, 0)/bytesPerDiag))
}

// diagLimit is the most findings lv keeps (minDiags for a level that was
// not parsed from bytes).
func (lv *Level) diagLimit() int {
	if lv.diagCap > 0 {
		return lv.diagCap
	}
	return minDiags
}

// chunkLoc returns the location of the first top-level chunk with a role
// name; parts read from a side file (or missing) get offset -1.
func (lv *Level) chunkLoc(name string) loc {
	for _, c := range lv.Chunks {
		if c.Name == name {
			return loc{name: name, path: name, chunkOff: c.Off, dataOff: c.DataOff, compressed: c.Compressed}
		}
	}
	if name == NameCForm && lv.CFormFile != "" {
		return loc{name: "level.cform", path: name, side: true}
	}
	return loc{name: name, path: name, side: true}
}

// hasChunk reports whether the level file has a top-level chunk with a role
// name (a part read from a side file is then not shown as a node).
func (lv *Level) hasChunk(name string) bool {
	for _, c := range lv.Chunks {
		if c.Name == name {
			return true
		}
	}
	return false
}

// geomxNode names the level's folder of the level.geomx buffers.
const geomxNode = "geomx"

// sidePath returns the node path of a part read from a file beside the
// level (prefix "" or GeomxPrefix; role "" for the file as a whole):
// "geomx/ROLE" for level.geomx, ROLE for level.geom and level.cform unless
// the level holds a chunk of that role itself (the part then has no node,
// and its findings concern the level).
func (lv *Level) sidePath(prefix, role string) string {
	switch {
	case prefix == GeomxPrefix && role == "":
		return geomxNode
	case prefix == GeomxPrefix:
		return geomxNode + "/" + role
	case role == "" || lv.hasChunk(role):
		return ""
	}
	return role
}

// diagsUnder returns the findings about the node at path and the nodes
// below it, in the order they were found. The tree asks every visual and
// sector for its own: an index by path (see diagsByPath) keeps that from
// walking every finding of the level each time.
func (lv *Level) diagsUnder(path string) []formats.Diagnostic {
	order := lv.diagsByPath()
	i := sort.Search(len(order), func(k int) bool { return lv.Diags[order[k]].Path >= path })
	var hits []int32
	for ; i < len(order); i++ {
		p := lv.Diags[order[i]].Path
		if !strings.HasPrefix(p, path) {
			break
		}
		if p == path || (path != "" && p[len(path)] == '/') {
			hits = append(hits, order[i])
		}
	}
	slices.Sort(hits)
	out := make([]formats.Diagnostic, len(hits))
	for k, j := range hits {
		out[k] = lv.Diags[j]
	}
	return out
}

// diagsByPath returns the indexes of lv.Diags ordered by their path (in
// finding order within one path), made again when findings were added.
func (lv *Level) diagsByPath() []int32 {
	lv.diagMu.Lock()
	defer lv.diagMu.Unlock()
	if len(lv.diagOrder) != len(lv.Diags) {
		order := make([]int32, len(lv.Diags))
		for i := range order {
			order[i] = int32(i)
		}
		sort.SliceStable(order, func(a, b int) bool { return lv.Diags[order[a]].Path < lv.Diags[order[b]].Path })
		lv.diagOrder = order
	}
	return lv.diagOrder
}
