package formats

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"rummage/formats/binread"
)

// This file is the one way a whole file becomes nodes, for the window and
// the command line alike: Open (a file on disk) and OpenBytes (in-memory
// data) always give a root node; a file that cannot be opened becomes a
// broken root carrying the error. OpenSource opens the data inside a
// container.

// ErrUnknownFormat is returned by Open for files no format recognises.
var ErrUnknownFormat = errors.New("not a recognised format")

// errEmpty is the error of an empty file: it says so, and is also an
// ErrUnknownFormat (nothing recognises zero bytes).
type errEmpty struct{}

func (errEmpty) Error() string { return "empty file (0 bytes)" }
func (errEmpty) Unwrap() error { return ErrUnknownFormat }

// unknownFormat is the error of a file no format recognises: a
// FormatError at offset 0 (where the magic bytes are) that is also an
// ErrUnknownFormat, showing the first bytes.
func unknownFormat(head []byte) error {
	fe := binread.Errorf(0, "%v (first bytes % X)", ErrUnknownFormat, head[:min(len(head), 8)])
	return &joined{fe, ErrUnknownFormat}
}

// NotSupported is the error of a file whose format is known by name but
// not read ("X-Ray details file, not supported"): it unwraps to an
// *binread.UnsupportedError, so it counts as valid but unsupported data,
// not as an unrecognised or corrupt file.
func NotSupported(what string) error {
	return &notSupported{binread.Unsupportedf(-1, "%s", what)}
}

type notSupported struct{ e *binread.UnsupportedError }

func (n *notSupported) Error() string { return n.e.Msg + ", not supported" }
func (n *notSupported) Unwrap() error { return n.e }

// joined is an error that reads as its first error and unwraps to both.
type joined [2]error

func (j *joined) Error() string   { return j[0].Error() }
func (j *joined) Unwrap() []error { return j[:] }

// File is an opened file: its root node and the handle to close.
type File struct {
	Path string // the path on disk, "" for in-memory data
	Root Node
	c    io.Closer // nil for in-memory data or a file that could not be read
}

// Close releases the file handle, and what the root node holds open when
// it is an io.Closer (a level list keeps the files it names open). It may
// be called more than once.
func (f *File) Close() error {
	if f == nil {
		return nil
	}
	var err error
	if rc, ok := f.Root.(io.Closer); ok {
		err = rc.Close()
	}
	if f.c == nil {
		return err
	}
	c := f.c
	f.c = nil
	if cerr := c.Close(); cerr != nil {
		return cerr
	}
	return err
}

// Open opens the file at path, detects its format by magic bytes and returns
// its root node. Only headers are read.
//
// Open always returns a File. When the file cannot be opened (it is missing
// or unreadable, a folder, empty, of no known format, corrupt, or the format
// code panics) the error is returned too, and Root is a broken node carrying
// it that still shows the file's bytes when they could be read: an
// unrecognised file's error wraps ErrUnknownFormat, a corrupt one is the
// format's error. Close the File in every case.
func Open(path string, opts *Options) (*File, error) {
	fh, st, err := OpenRegular(path) // a FIFO or a device is refused, never read
	if err != nil {
		return unreadable(path, err)
	}
	src := Source{R: fh, Size: st.Size(), Base: 0, Name: filepath.Base(path), Path: path, Opts: opts}
	f, err := openRoot(src, fh)
	var instead *OpenInstead
	if errors.As(err, &instead) && instead.Path != path {
		f.Close()
		return Open(instead.Path, opts)
	}
	return f, err
}

// OpenInstead is returned by a format's Open for a file that stands for
// another one (a GTA .dir for the .img beside it): Open opens Path instead.
type OpenInstead struct {
	Path string
	Why  string // what the file is
}

func (e *OpenInstead) Error() string { return e.Why + ": open " + filepath.Base(e.Path) }

// OpenBytes opens in-memory data (a built-in sample) named name the way
// Open opens a file.
func OpenBytes(name string, data []byte, opts *Options) (*File, error) {
	src := Source{R: bytes.NewReader(data), Size: int64(len(data)), Base: 0, Name: name, Opts: opts}
	return openRoot(src, nil)
}

// openRoot opens a whole file's Source; a failure gives a broken root over
// the same bytes.
func openRoot(s Source, c io.Closer) (*File, error) {
	if s.Opts == nil {
		s.Opts = &Options{}
	}
	s.Budget = NewBudget(UnpackLimit(s.Size))
	f := &File{Path: s.Path, c: c}
	root, err := OpenFile(s)
	if err != nil {
		root = NewBroken(s, brokenKind(s), "", err)
	}
	f.Root = root
	return f, err
}

// brokenKind is the kind of a node over s that failed to open: the kind of
// the format whose header it has, else raw.
func brokenKind(s Source) Kind {
	if s.Size > 0 {
		if f := Detect(probeOf(s, readHead(s))); f != nil {
			return f.BrokenKind()
		}
	}
	return KindRaw
}

// unreadable is the File of a path that could not be read at all: a broken
// root with no bytes.
func unreadable(path string, err error) (*File, error) {
	src := Source{R: bytes.NewReader(nil), Base: -1, Name: filepath.Base(path), Path: path, Opts: &Options{}}
	return &File{Path: path, Root: NewBroken(src, KindRaw, "", err)}, err
}

// OpenFile detects and opens a whole file given as a Source. Unlike
// OpenSource it reports an unknown or corrupt file as an error; a panic in
// the format's code is a *PanicError.
func OpenFile(s Source) (Node, error) {
	return Guard("open "+s.Name, func() (Node, error) {
		if s.Size == 0 {
			return nil, errEmpty{}
		}
		head := readHead(s)
		f := Detect(probeOf(s, head))
		if f == nil {
			return nil, unknownFormat(head)
		}
		n, err := f.Open(s)
		if err == nil && n == nil {
			err = fmt.Errorf("the %s format returned no node", f.Name)
		}
		return n, err
	})
}

// OpenSource detects the format of s and opens it. When no format matches
// it returns a raw node (never an error), so containers can show unknown
// entries; when the format fails, it returns a broken node carrying the error.
func OpenSource(s Source) Node {
	f := Detect(probeOf(s, readHead(s)))
	if f == nil {
		return NewRaw(s, KindRaw, s.Hint)
	}
	node, err := f.Open(s)
	if err != nil {
		return NewBroken(s, f.BrokenKind(), s.Hint, err)
	}
	return node
}

// probeOf is the Probe of s with its first bytes head; Path is set for a
// whole file on disk only.
func probeOf(s Source, head []byte) Probe {
	p := Probe{Head: head, Size: s.Size, Name: s.Name, Hint: s.Hint}
	if s.Parent == nil {
		p.Path = s.Path
	}
	return p
}

// readHead reads up to HeadSize leading bytes of s for Detect.
func readHead(s Source) []byte {
	head := make([]byte, min(int64(HeadSize), max(s.Size, 0)))
	n, _ := s.R.ReadAt(head, 0)
	return head[:n]
}
