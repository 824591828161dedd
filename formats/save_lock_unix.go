//go:build unix

package formats

import (
	"os"
	"syscall"
)

// lockFile takes an exclusive advisory lock on f, held until f is closed.
func lockFile(f *os.File) { syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) }

// tryLockFile reports whether f could be locked: no running save holds it.
func tryLockFile(f *os.File) bool {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}
