package formats

import (
	"fmt"
	"sync/atomic"
)

// Budget bounds the bytes that may be unpacked (decompressed, decoded into
// new buffers) from one opened file, so that a small crafted archive cannot
// make a command allocate gigabytes. It is shared by every node of the
// file through Source.Budget and safe for concurrent use.
type Budget struct {
	limit int64
	used  atomic.Int64
}

// UnpackLimit is the budget of a file of size bytes: a fixed 16 MiB plus 8
// times the file (real archives unpack to 2-4 times their size).
func UnpackLimit(size int64) int64 { return 16<<20 + 8*max(size, 0) }

// NewBudget makes a budget of limit bytes.
func NewBudget(limit int64) *Budget { return &Budget{limit: limit} }

// Take reserves n bytes, or returns an error saying the budget is spent
// (nothing is reserved then). A nil budget allows everything.
func (b *Budget) Take(n int64) error {
	if b == nil || n <= 0 {
		return nil
	}
	if used := b.used.Add(n); used > b.limit {
		b.used.Add(-n)
		return fmt.Errorf("unpacking %d more bytes would pass this file's limit of %d unpacked bytes (%d used)", n, b.limit, used-n)
	}
	return nil
}
