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
	fh, err := openNoBlock(path)
	if err != nil {
		return Sniffed{}, err
	}
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return Sniffed{}, err
	}
	if err := checkRegular(path, st); err != nil {
		return Sniffed{}, err
	}
	s := Sniffed{Size: st.Size()}
	if s.Size == 0 {
		return s, nil
	}
	var buf [HeadSize]byte
	n, err := fh.ReadAt(buf[:min(int64(HeadSize), s.Size)], 0)
	if err != nil && err != io.EOF {
		return s, err
	}
	p := Probe{Head: buf[:n], Size: s.Size, Name: filepath.Base(path), Path: path}
	if s.Format = Detect(p); s.Format != nil {
		s.Tag = s.Format.TagOf(p)
	}
	return s, nil
}
