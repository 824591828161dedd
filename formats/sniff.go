package formats

import (
	"io"
	"path/filepath"
)

// Sniffed is what Sniff learned of a file from its first bytes.
type Sniffed struct {
	Size   int64
	Format *Format // nil: no format recognises the file (or it is empty)
	Tag    string  // the type tag its root will have (Format.TagOf), "" when unknown
}

// Kind is the kind of node the file opens as: its format's, raw for a
// file no format recognises.
func (s Sniffed) Kind() Kind {
	if s.Format == nil {
		return KindRaw
	}
	return s.Format.BrokenKind()
}

// Sniff reads the first HeadSize bytes of the regular file at path and
// detects its format as Open would, without opening it: a folder lists
// its files this way. Anything but a regular file is refused with an
// error naming the path, and nothing blocks on a FIFO.
func Sniff(path string) (Sniffed, error) {
	var buf [HeadSize]byte
	size, n, err := readHeadOf(path, buf[:])
	if err != nil {
		return Sniffed{}, err
	}
	s := Sniffed{Size: size}
	if size == 0 {
		return s, nil
	}
	p := Probe{Head: buf[:n], Size: size, Name: filepath.Base(path), Path: path}
	if s.Format = Detect(p); s.Format != nil {
		s.Tag = s.Format.TagOf(p)
	}
	return s, nil
}

// readHeadWithOS is readHeadOf through package os: the regular file at
// path's size and its first len(buf) bytes (fewer in a shorter file).
func readHeadWithOS(path string, buf []byte) (size int64, n int, err error) {
	fh, err := openNoBlock(path)
	if err != nil {
		return 0, 0, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return 0, 0, err
	}
	if err := checkRegular(path, st); err != nil {
		return 0, 0, err
	}
	n, err = fh.ReadAt(buf[:min(int64(len(buf)), st.Size())], 0)
	if err == io.EOF {
		err = nil
	}
	return st.Size(), n, err
}
