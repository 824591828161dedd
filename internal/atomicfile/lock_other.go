//go:build !unix

package atomicfile

import "os"

// lockFile does nothing here: an open file cannot be removed on Windows,
// which keeps a running writer's temporary file safe on its own.
func lockFile(*os.File) {}

// tryLockFile cannot tell here: known is false, and CleanStale goes by
// the process id and the age alone.
func tryLockFile(*os.File) (free, known bool) { return true, false }

// processAlive reports whether a process pid exists (as far as
// os.FindProcess can tell: on Windows it opens the process).
func processAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}
