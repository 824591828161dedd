//go:build unix

package instance

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
)

// tryLock takes an exclusive, non-blocking flock on path (created when
// missing) and returns the function that releases it. The lock belongs to
// the open file, so two Listen calls in one process exclude each other too.
func tryLock(path string) (func() error, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("instance: lock file: %w", err)
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, ErrRunning
		}
		return nil, fmt.Errorf("instance: lock %s: %w", path, err)
	}
	// Closing the file releases the lock; the file itself stays (removing
	// it would race with a process that has just opened it).
	return f.Close, nil
}

// removeStale removes a socket left behind by an instance that is gone.
// Only the lock holder calls it.
func removeStale(sock string) {
	if fi, err := os.Lstat(sock); err == nil && !fi.IsDir() {
		os.Remove(sock)
	}
}

// chmodPrivate makes the socket usable by its owner only (the folder is
// private already; this is for folders given by the caller).
func chmodPrivate(sock string) { os.Chmod(sock, 0o600) }

// DefaultDir returns the per-user folder for the instance files of app
// (e.g. "io.github.rummage"), creating it: $XDG_RUNTIME_DIR/APP-UID, or
// os.TempDir()/APP-UID when XDG_RUNTIME_DIR is unset. The folder must be a
// real folder (not a symlink) owned by the user with no access for others;
// anything else is an error, so another user cannot plant a socket there.
func DefaultDir(app string) (string, error) {
	uid := os.Getuid()
	base := os.Getenv("XDG_RUNTIME_DIR")
	if base == "" || !filepath.IsAbs(base) {
		base = os.TempDir()
	}
	dir := filepath.Join(base, app+"-"+strconv.Itoa(uid))
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return "", fmt.Errorf("instance: %w", err)
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return "", fmt.Errorf("instance: %w", err)
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("instance: %s is not a folder", dir)
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != uid {
		return "", fmt.Errorf("instance: %s belongs to user %d, not %d", dir, st.Uid, uid)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		return "", fmt.Errorf("instance: %s is open to other users (mode %v)", dir, fi.Mode().Perm())
	}
	return dir, nil
}
