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
// .dir, a model's .wea, a level's level.geom): only a regular file, and at
// most limit bytes, so a crafted or odd side file cannot hang a command or
// make it allocate without bound.
func ReadSideFile(path string, limit int64) ([]byte, error) {
	f, st, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st.Size() > limit {
		return nil, fmt.Errorf("%s is %d bytes, more than the %d this file can be", path, st.Size(), limit)
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s grew past %d bytes while being read", path, limit)
	}
	return b, nil
}
