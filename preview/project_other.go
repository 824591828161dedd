//go:build !amd64

package preview

import (
	"math"

	"rummage/formats/geom"
)

// projectFast projects nothing: only amd64 has projRun.
func (r *renderer) projectFast(pos []geom.Vec3, out []vert, c *projConsts) (n int, ylo, yhi int32, wild bool) {
	return 0, math.MaxInt32, math.MinInt32, false
}
