//go:build !amd64 || purego

package preview

import (
	"math"

	"rummage/formats/geom"
)

// projectFast projects nothing: projRun is amd64 assembly, left out on
// other architectures and with the purego build tag (make test runs the
// package once with it, so these Go paths are tested on amd64 too).
func (r *renderer) projectFast(pos []geom.Vec3, out []vert, c *projConsts) (n int, ylo, yhi int32, wild bool) {
	return 0, math.MaxInt32, math.MinInt32, false
}
