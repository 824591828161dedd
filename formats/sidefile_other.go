//go:build !unix

package formats

import "os"

// openNoBlock opens path read-only (no FIFOs to block on here).
func openNoBlock(path string) (*os.File, error) { return os.Open(path) }
