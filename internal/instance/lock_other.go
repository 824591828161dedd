//go:build !unix

package instance

// tryLock is not available: every process runs on its own.
func tryLock(path string) (func() error, error) { return nil, ErrUnsupported }

func removeStale(sock string) {}

func chmodPrivate(sock string) {}

// DefaultDir is not available on this system (see the unix version).
func DefaultDir(app string) (string, error) { return "", ErrUnsupported }
