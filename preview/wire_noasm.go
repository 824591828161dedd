//go:build !amd64

package preview

// fastRun is drawRun: only amd64 has an assembly copy.
func (r *renderer) fastRun(pix []uint8, stride int, e, hi int) int {
	return r.drawRun(pix, stride, e, hi, r.useBack)
}
