package formats

import (
	"fmt"
	"io"
	"os"
)

// OpenRegular opens path for reading only when it is a regular file (after
// following symbolic links): a FIFO, a device such as /dev/zero, a socket
// or a folder is refused with an error naming the path, and opening never
// blocks (a FIFO is opened non-blocking and refused).
func OpenRegular(path string) (*os.File, os.FileInfo, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if err := checkRegular(path, st); err != nil {
		return nil, nil, err
	}
	f, err := openNoBlock(path)
	if err != nil {
		return nil, nil, err
	}
	// The name may have changed between Stat and Open: check what was opened.
	if st, err = f.Stat(); err == nil {
		err = checkRegular(path, st)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, st, nil
}

// StatRegular stats path (following symbolic links) and refuses, naming
// it, anything but a regular file: a command's input is checked this way
// before it is read.
func StatRegular(path string) (os.FileInfo, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	return st, checkRegular(path, st)
}

// checkRegular says what path is when it is not a regular file.
func checkRegular(path string, st os.FileInfo) error {
	m := st.Mode()
	switch {
	case m.IsRegular():
		return nil
	case m.IsDir():
		return fmt.Errorf("%s is a folder", path)
	case m&os.ModeNamedPipe != 0:
		return fmt.Errorf("%s is a FIFO, not a file", path)
	case m&os.ModeDevice != 0:
		return fmt.Errorf("%s is a device, not a file", path)
	}
	return fmt.Errorf("%s is not a regular file", path)
}

// ReadSideFile reads a file found beside the one being opened (an IMG's
// .dir, a model's .wea or .txd, an .ide): only a regular file, and at most
// limit bytes, so a crafted or odd side file cannot hang a command or make
// it allocate without bound. It is ReadRegular.
func ReadSideFile(path string, limit int64) ([]byte, error) { return ReadRegular(path, limit) }

// ReadRegular reads a whole regular file of at most limit bytes: the size
// is taken from stat before anything is read and the bytes land in one
// allocation of that size (never the doubling of io.ReadAll). A FIFO, a
// device, a folder or a file over limit is refused with an error naming
// the path, without reading it; a file that grows or shrinks while it is
// read is an error too.
func ReadRegular(path string, limit int64) ([]byte, error) {
	f, st, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := st.Size()
	if size > limit {
		return nil, fmt.Errorf("%s is %d bytes, more than the %d this file can be", path, size, limit)
	}
	b := make([]byte, size)
	if n, err := io.ReadFull(f, b); err != nil {
		return nil, fmt.Errorf("%s: shrank to %d of its %d bytes while being read: %w", path, n, size, err)
	}
	var one [1]byte
	if n, _ := f.Read(one[:]); n > 0 {
		return nil, fmt.Errorf("%s grew past its %d bytes while being read", path, size)
	}
	return b, nil
}
