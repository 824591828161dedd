package cli

import (
	"io/fs"
	"os"
	"path/filepath"
)

// MemoryLimit is the soft memory limit of a command whose arguments are
// args: 64 MB plus 8 times the bytes of the files (and folders' files)
// among them. It is a target for the garbage collector, not a cap: what a
// command keeps is bounded by the formats' own budgets.
func MemoryLimit(args []string) int64 {
	var total int64
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			continue
		}
		if st.Mode().IsRegular() {
			total += st.Size()
			continue
		}
		if st.IsDir() {
			filepath.WalkDir(a, func(_ string, d fs.DirEntry, err error) error {
				if err == nil && d.Type().IsRegular() {
					if info, err := d.Info(); err == nil {
						total += info.Size()
					}
				}
				return nil
			})
		}
	}
	return 64<<20 + 8*total
}
