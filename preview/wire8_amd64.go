//go:build !purego

package preview

import "golang.org/x/sys/cpu"

// wide8 is what wireRun8 reads besides wireArgs' own fields: the frame's
// limits in all eight lanes, the inks in the pixels' byte order, and the
// eight edges it has made ready to draw (rec, one row per figure).
type wide8 struct {
	vnvm1 [8]uint32 // len(verts) - 1
	vntm1 [8]uint32 // len(away) - 1
	vnpal [8]int32  // len(palette)
	vstrd [8]int32  // the image's row stride
	pal16 *[2]uint64
	rec   [recN][8]int32 //lint:ignore U1000 written and read by wire8_amd64.s
}

// The rows of wide8.rec: per edge its first column's byte offset, v at
// that column and its step per column, brightness, columns, ink index,
// and the byte steps along u and across.
const (
	recK = iota
	recFV
	recDFV
	recA
	recN8
	recG
	recStep
	recAcross
	recN
)

// wideOK says whether this CPU runs wireRun8 (AVX2; tests turn it off).
var wideOK = cpu.X86.HasAVX2

// wireRun8 is wireRun eight edges at a time (stride 1): it readies a
// group of eight in AVX2 lanes, then draws them one by one in order as
// wireRun does, and stops at the first group with an edge that needs
// clipping or tests, or with an index out of range, or when fewer than
// eight edges are left: it returns that group's first edge, or ^e when
// edge e would draw outside the image.
//
//go:noescape
func wireRun8(a *wireArgs) int

// setWide fills what wireRun8 reads and says whether it may run on this
// frame: AVX2, every edge drawn, and sizes whose byte offsets fit the
// 32-bit lanes.
func (r *renderer) setWide(a *wireArgs, pix []uint8, stride int) bool {
	if !wideOK || r.stride != 1 || len(r.verts) == 0 || len(r.verts) >= 1<<27 ||
		len(pix) >= 1<<31 || len(r.palette) == 0 {
		return false
	}
	if a.etris != nil && (len(r.away) == 0 || len(r.away) >= 1<<31 || cap(r.away) < len(r.away)+3) {
		return false
	}
	if len(r.pal16) < len(r.palette) {
		return false
	}
	for i := range 8 {
		a.vnvm1[i] = uint32(len(r.verts) - 1)
		a.vntm1[i] = uint32(len(r.away) - 1)
		a.vnpal[i] = int32(len(r.palette))
		a.vstrd[i] = int32(stride)
	}
	a.pal16 = &r.pal16[0]
	return true
}

// Where a vert keeps its brightness and code: wire8_amd64.s loads a vert's
// 16 bytes at once and takes them as x, y, a, code (TestWireAsmLayouts).
const (
	vertA    = 8  // vert.a
	vertCode = 12 // vert.code
)
