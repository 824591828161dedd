//go:build !purego

package preview

import (
	"math"

	"rummage/formats/geom"
)

// The constants projRun reads, each in all four lanes of projArgs.k: the
// view matrix in the order of use, then the projection's and the depth
// cue's, and the numbers the loop uses.
const (
	pkV0 = iota
	pkV4
	pkV8
	pkV12
	pkV1
	pkV5
	pkV9
	pkV13
	pkV2
	pkV6
	pkV10
	pkV14
	pkWz
	pkWw
	pkNear
	pkHalfW
	pkHalfH
	pkKx
	pkKy
	pkOx
	pkOy
	pkCue0
	pkCueK
	pkOne
	pkLo
	pkHi
	pk256
	pk512
	pkN
)

// projArgs is what projRun reads and writes.
type projArgs struct {
	k        [pkN][4]float32
	xe, ye   [4]uint32 // the rim box (rimBox), each lane biased by 1<<31 for signed compares
	i256     [4]int32  // 256 in each lane
	off      [4]int32  // offX in each lane
	pos      *geom.Vec3
	out      *vert
	n        int   // vertices, a multiple of 4
	ylo, yhi int32 // out: the rows reached, in 1/256 pixel
	wild     int32 // out: not 0 when a vertex needs the careful path
}

// projRun is the wire view's projection loop (project) four vertices at
// a time, with the same float32 operations in the same order in each
// lane (TestProjRunMatchesGo).
//
//go:noescape
func projRun(a *projArgs)

// projAsm chooses projRun for the wire view (tests turn it off to compare).
var projAsm = true

// projectFast projects the first vertices of pos into out with projRun,
// a multiple of four of them, and returns how many, with the rows they
// reach (MaxInt32, MinInt32 when none) and whether one needs the careful
// path.
func (r *renderer) projectFast(pos []geom.Vec3, out []vert, c *projConsts) (n int, ylo, yhi int32, wild bool) {
	n = min(len(pos), len(out)) &^ 3
	if !projAsm || n == 0 {
		return 0, math.MaxInt32, math.MinInt32, false
	}
	var a projArgs
	for i, v := range [pkN]float32{
		c.v[0], c.v[4], c.v[8], c.v[12], c.v[1], c.v[5], c.v[9], c.v[13], c.v[2], c.v[6], c.v[10], c.v[14],
		c.wz, c.ww, c.near, c.fw / 2, c.fh / 2, c.kx, c.ky, c.ox, c.oy, c.cue0, c.cueK,
		1, -1e5, 1e5, 256, 512,
	} {
		a.k[i] = [4]float32{v, v, v, v}
	}
	a.xe = [4]uint32{c.xe ^ 1<<31, c.xe ^ 1<<31, c.xe ^ 1<<31, c.xe ^ 1<<31}
	a.ye = [4]uint32{c.ye ^ 1<<31, c.ye ^ 1<<31, c.ye ^ 1<<31, c.ye ^ 1<<31}
	a.i256 = [4]int32{256, 256, 256, 256}
	a.off = [4]int32{offX, offX, offX, offX}
	a.pos, a.out, a.n = &pos[0], &out[0], n
	projRun(&a)
	return n, a.ylo, a.yhi, a.wild != 0
}
