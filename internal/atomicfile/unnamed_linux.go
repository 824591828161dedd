package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"golang.org/x/sys/unix"
)

// folder returns the folder's handle: the one OpenInRoot keeps, else a
// new one that the caller closes (own).
func (d *Dir) folder() (dirf *os.File, own bool, err error) {
	if d.dirf != nil {
		return d.dirf, false, nil
	}
	dirf, err = d.root.Open(d.rel)
	return dirf, err == nil, err
}

// openUnnamed opens a new unnamed file in d (O_TMPFILE), with the mode
// os.Create gives, and the folder it is to be linked into (own: opened for
// this file, closed with it).
func (d *Dir) openUnnamed() (f, dirf *os.File, own bool, err error) {
	dirf, own, err = d.folder()
	if err != nil {
		return nil, nil, false, err
	}
	fd, err := unix.Openat(int(dirf.Fd()), ".", unix.O_TMPFILE|unix.O_RDWR|unix.O_CLOEXEC, 0o666)
	if err != nil {
		if own {
			dirf.Close()
		}
		return nil, nil, false, err
	}
	return os.NewFile(uintptr(fd), d.Path()), dirf, own, nil
}

// linkUnnamed gives the unnamed file f the name name in the folder dirf;
// an existing name is an error matching fs.ErrExist.
func linkUnnamed(f, dirf *os.File, name string) error {
	return linkFD(int(f.Fd()), int(dirf.Fd()), name)
}

// linkFD gives the unnamed file fd the name name in the folder dfd:
// through /proc first (any user may), then AT_EMPTY_PATH (which older
// kernels keep for CAP_DAC_READ_SEARCH).
func linkFD(fd, dfd int, name string) error {
	err := unix.Linkat(unix.AT_FDCWD, "/proc/self/fd/"+strconv.Itoa(fd), dfd, name, unix.AT_SYMLINK_FOLLOW)
	if err != nil && !errors.Is(err, unix.EEXIST) {
		if e2 := unix.Linkat(fd, "", dfd, name, unix.AT_EMPTY_PATH); e2 == nil || errors.Is(e2, unix.EEXIST) {
			err = e2
		}
	}
	if errors.Is(err, unix.EEXIST) {
		return fs.ErrExist
	}
	return err
}

// writeUnnamed is WriteFile's short way: an unnamed file is opened in the
// folder, written with one call (more only if the system writes less) and
// linked under name; nothing is looked up first. done is false when the
// general way must write the file instead (no O_TMPFILE here, no way to
// link, or a file to replace, whose mode the new one keeps).
func (d *Dir) writeUnnamed(name string, data []byte, o Options) (done bool, err error) {
	dirf, own, err := d.folder()
	if err != nil {
		return false, nil
	}
	if own {
		defer dirf.Close()
	}
	fd, err := unix.Openat(int(dirf.Fd()), ".", unix.O_TMPFILE|unix.O_WRONLY|unix.O_CLOEXEC, 0o666)
	if err != nil {
		return false, nil
	}
	defer unix.Close(fd)
	if perm := o.Mode.Perm(); perm != 0 {
		if err := unix.Fchmod(fd, uint32(perm)); err != nil {
			return true, &fs.PathError{Op: "chmod", Path: filepath.Join(d.Path(), name), Err: err}
		}
	}
	if err := writeAll(fd, data); err != nil {
		return true, &fs.PathError{Op: "write", Path: filepath.Join(d.Path(), name), Err: err}
	}
	switch err := linkFD(fd, int(dirf.Fd()), name); {
	case err == nil:
		return true, nil
	case errors.Is(err, fs.ErrExist) && o.Policy != Replace:
		return true, &fs.PathError{Op: "write", Path: filepath.Join(d.Path(), name), Err: fs.ErrExist}
	}
	return false, nil
}

// writeAll writes data to fd, going on after a short write or a signal.
func writeAll(fd int, data []byte) error {
	for len(data) > 0 {
		n, err := unix.Write(fd, data)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return err
		}
		if n == 0 {
			return unix.EIO
		}
		data = data[n:]
	}
	return nil
}
