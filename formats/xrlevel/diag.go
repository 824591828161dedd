package xrlevel

import (
	"fmt"
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
	if len(lv.Diags) >= maxDiags {
		return
	}
	if len(lv.Diags) == maxDiags-1 {
		lv.Diags = append(lv.Diags, formats.Diagnostic{Off: -1, Msg: "too many findings; the rest are not listed"})
		return
	}
	lv.Diags = append(lv.Diags, formats.Diagnostic{Path: path, Off: off, Msg: fmt.Sprintf(format, args...)})
}

// diagAt records a finding at byte rel of the payload at l, about l's
// node: "NAME: text", NAME saying where when the offset cannot.
func (lv *Level) diagAt(l loc, rel int64, format string, args ...any) {
	if len(lv.Diags) >= maxDiags {
		return // formatting costs more than the finding is worth now
	}
	lv.diag(l.path, l.abs(rel), "%s: %s", l.where(rel), fmt.Sprintf(format, args...))
}

const maxDiags = 500

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
// below it.
func (lv *Level) diagsUnder(path string) []formats.Diagnostic {
	var out []formats.Diagnostic
	for _, d := range lv.Diags {
		if d.Path == path || strings.HasPrefix(d.Path, path+"/") {
			out = append(out, d)
		}
	}
	return out
}
