package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// openUnnamed opens a new unnamed file in d (O_TMPFILE), with the mode
// os.Create gives, and the folder it is to be linked into.
func (d *Dir) openUnnamed() (f, dirf *os.File, err error) {
	dirf, err = d.root.Open(d.rel)
	if err != nil {
		return nil, nil, err
	}
	fd, err := unix.Openat(int(dirf.Fd()), ".", unix.O_TMPFILE|unix.O_RDWR|unix.O_CLOEXEC, 0o666)
	if err != nil {
		dirf.Close()
		return nil, nil, err
	}
	return os.NewFile(uintptr(fd), d.Path()), dirf, nil
}

// linkUnnamed gives the unnamed file f the name name in the folder dirf;
// an existing name is an error matching fs.ErrExist. Through /proc first
// (any user may), then AT_EMPTY_PATH (which older kernels keep for
// CAP_DAC_READ_SEARCH).
func linkUnnamed(f, dirf *os.File, name string) error {
	dfd := int(dirf.Fd())
	err := unix.Linkat(unix.AT_FDCWD, "/proc/self/fd/"+strconv.Itoa(int(f.Fd())), dfd, name, unix.AT_SYMLINK_FOLLOW)
	if err != nil && !errors.Is(err, unix.EEXIST) {
		if e2 := unix.Linkat(int(f.Fd()), "", dfd, name, unix.AT_EMPTY_PATH); e2 == nil || errors.Is(e2, unix.EEXIST) {
			err = e2
		}
	}
	if errors.Is(err, unix.EEXIST) {
		return fs.ErrExist
	}
	return err
}
