package ui

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"fyne.io/fyne/v2/lang"

	"rummage/formats"
	"rummage/ui/count"
)

// hexBytesPerRow is the width of the hex view.
const hexBytesPerRow = 16

// hexBlock is how many bytes one read fetches (cached; rows are read lazily).
const hexBlock = 4096

// maxHexCopy caps how much of a node without io.ReaderAt is read into memory.
const maxHexCopy = 64 << 20

// hexData reads a node's bytes for the hex view, a block at a time.
type hexData struct {
	ra   io.ReaderAt
	size int64
	base int64 // absolute offset of byte 0, -1 when unknown (offsets are then relative)
	note string

	blocks map[int64][]byte
	order  []int64 // oldest first, for eviction
}

// newHexData gets the bytes of a Rawer node (behind the format panic
// guard). The reader from Open is used directly when it is an io.ReaderAt
// (the usual io.SectionReader); other readers are copied into memory up to
// maxHexCopy.
func newHexData(n formats.Node) (*hexData, error) {
	r, ok := n.(formats.Rawer)
	if !ok {
		return nil, failure(lang.X("hex.no_bytes", "{{.Name}} has no bytes of its own", map[string]any{"Name": formats.SafeName(n)}), nil)
	}
	return formats.Guard("bytes of "+formats.SafeName(n), func() (*hexData, error) { return readHexData(n, r) })
}

// readHexData is newHexData without the guard.
func readHexData(n formats.Node, r formats.Rawer) (*hexData, error) {
	size := r.Size()
	rd := r.Open()
	h := &hexData{size: max(size, 0), base: r.Offset(), blocks: map[int64][]byte{}}
	if ra, ok := rd.(io.ReaderAt); ok {
		h.ra = ra
		return h, nil
	}
	if rd == nil {
		return nil, failure(lang.X("hex.no_reader", "{{.Name}} gives no reader", map[string]any{"Name": formats.SafeName(n)}), nil)
	}
	b, err := io.ReadAll(io.LimitReader(rd, maxHexCopy))
	if c, ok := rd.(io.Closer); ok {
		c.Close()
	}
	if err != nil {
		return nil, failure(lang.X("hex.read_failed", "reading {{.Name}}: {{.Error}}", map[string]any{"Name": formats.SafeName(n), "Error": err}), err)
	}
	if int64(len(b)) < h.size {
		if int64(len(b)) == maxHexCopy {
			h.note = lang.X("hex.first", "showing the first {{.Size}}", map[string]any{"Size": count.Size(maxHexCopy)})
		}
		h.size = int64(len(b))
	}
	h.ra = bytes.NewReader(b)
	return h, nil
}

// rows is the row count.
func (h *hexData) rows() int { return int((h.size + hexBytesPerRow - 1) / hexBytesPerRow) }

// bytesAt returns up to n bytes at off (relative), from the block cache.
func (h *hexData) bytesAt(off int64, n int) []byte {
	if off < 0 || off >= h.size {
		return nil
	}
	bi := off / hexBlock
	blk, ok := h.blocks[bi]
	if !ok {
		start := bi * hexBlock
		ln := min(int64(hexBlock), h.size-start)
		blk = make([]byte, ln)
		got, _ := h.ra.ReadAt(blk, start)
		blk = blk[:got]
		if len(h.order) >= 64 {
			delete(h.blocks, h.order[0])
			h.order = h.order[1:]
		}
		h.blocks[bi] = blk
		h.order = append(h.order, bi)
	}
	in := off - bi*hexBlock
	if in >= int64(len(blk)) {
		return nil
	}
	return blk[in:min(int64(len(blk)), in+int64(n))]
}

// offsetDigits is how many hex digits the offset column needs.
func (h *hexData) offsetDigits() int {
	last := h.size
	if h.base > 0 {
		last += h.base
	}
	d := 8
	for last >= 1<<(4*d) && d < 16 {
		d++
	}
	return d
}

// row formats row i: offset, 16 hex bytes (a gap after 8) and ASCII.
func (h *hexData) row(i int) string {
	off := int64(i) * hexBytesPerRow
	b := h.bytesAt(off, hexBytesPerRow)
	shown := off
	if h.base >= 0 {
		shown += h.base
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%0*X  ", h.offsetDigits(), shown)
	for j := 0; j < hexBytesPerRow; j++ {
		if j == 8 {
			sb.WriteByte(' ')
		}
		if j < len(b) {
			fmt.Fprintf(&sb, "%02X ", b[j])
		} else {
			sb.WriteString("   ")
		}
	}
	sb.WriteString(" ")
	for _, c := range b {
		if c >= 0x20 && c < 0x7F {
			sb.WriteByte(c)
		} else {
			sb.WriteByte('.')
		}
	}
	return sb.String()
}

// header is the column line above the rows.
func (h *hexData) header() string {
	var sb strings.Builder
	sb.WriteString(fmt.Sprintf("%-*s  ", h.offsetDigits(), lang.X("hex.column.offset", "Offset")))
	for j := 0; j < hexBytesPerRow; j++ {
		if j == 8 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "%02X ", j)
	}
	sb.WriteString(" ASCII")
	return sb.String()
}

// rowOf returns the row holding the absolute (or, without a base,
// relative) offset, or -1 when it is outside the node.
func (h *hexData) rowOf(abs int64) int {
	rel := abs
	if h.base >= 0 {
		rel -= h.base
	}
	if rel < 0 || rel >= max(h.size, 1) {
		return -1
	}
	return int(rel / hexBytesPerRow)
}
