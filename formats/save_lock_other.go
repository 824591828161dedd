//go:build !unix

package formats

import "os"

// lockFile does nothing here: an open file cannot be removed on Windows,
// which keeps a running save's temporary file safe on its own.
func lockFile(*os.File) {}

// tryLockFile reports true: removing a file another save holds open fails.
func tryLockFile(*os.File) bool { return true }
