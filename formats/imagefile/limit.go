package imagefile

import (
	"rummage/formats/binread"
)

// decodeLimit is the most bytes the decoded image of a file of size bytes
// may take: 64 times the file (a compressed image unpacks to no more, as
// the design's unpack rule has it), and at least 64 MiB (a 4096×4096 RGBA
// image, however well it compresses), and never more than 1 GiB.
func decodeLimit(size int64) int64 { return min(1<<30, max(64<<20, 64*size)) }

// checkLimit refuses a header whose image would take more than the
// decode limit, at the offset of its width field.
func checkLimit(h *header, size int64) error {
	need := int64(h.w) * int64(h.h) * int64(h.pixelBytes)
	if lim := decodeLimit(size); need > lim {
		return binread.Errorf(h.sizeOff, "%s of %d×%d pixels would decode to %d bytes, more than the %d a %d-byte file may take",
			h.typ, h.w, h.h, need, lim, size)
	}
	return nil
}
