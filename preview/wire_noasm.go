//go:build !amd64 || purego

package preview

// fastRun is drawRun: the assembly copy is amd64 only, and left out with
// the purego build tag.
func (r *renderer) fastRun(pix []uint8, stride int, e, hi int) int {
	return r.drawRun(pix, stride, e, hi, r.useBack)
}
