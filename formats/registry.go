package formats

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"rummage/formats/binread"
)

// Options carries the user's settings that change how files are read.
type Options struct {
	// Materials names the Parkan material library used to resolve WEAR rows
	// and MSH batches when it is not found beside the file (--materials).
	Materials string
	// Libraries, when set, lists more root nodes searched last, by name
	// (Material.lib, Textures.lib, LightMap.lib), for data that is not on
	// disk (Source.Path ""): the window sets it to the built-in sample
	// libraries, so in-memory samples resolve their materials and textures.
	Libraries func() []Node
}

// Source is what a format's Open receives: the bytes, where they sit in the
// file, and the hints known about them.
type Source struct {
	R    io.ReaderAt
	Size int64  // bytes R holds
	Base int64  // absolute file offset of R's byte 0 (-1 when R is not a plain range of the file)
	Name string // the node's name: the file's base name or the entry's name
	Path string // the path of the file on disk (for files found beside it), "" for in-memory data
	Hint string // the container's type tag for this data ("MAT0", "WEAR", ...), "" for files
	Opts *Options
	// Parent is the container node, nil for a file. Formats use it to find
	// siblings (a WEAR table's material library in the same archive).
	Parent Node
	// Replace, when not nil, hands the container a new payload for this
	// data (an edited material); the container marks itself edited and
	// writes it on save. Nodes that support editing keep it.
	Replace func(data []byte) error
	// Fields gives extra `ls --json` fields the container knows about this
	// data (NRes entries: attr1, attr2, attr3, sortIndex); NewRaw keeps
	// it, so nodes embedding Raw list them through Fielder. May be nil.
	Fields Fielder
}

// Probe is what a format's Match looks at: the first bytes and the hints.
type Probe struct {
	Head []byte // up to HeadSize bytes from the start
	Size int64
	Name string
	Hint string
}

// HeadSize is how many leading bytes Probe.Head holds at most.
const HeadSize = 64

// Format is one registered file format.
type Format struct {
	Name     string             // short name: "nres", "txd", "xray-level"
	Priority int                // higher is tried first; magic-based formats use 10, hint-only ones 5, guesses 0
	Match    func(p Probe) bool // cheap check of the magic bytes or hint
	Open     func(s Source) (Node, error)
}

var (
	regMu   sync.RWMutex
	formats []Format
)

// Register adds a format; format packages call it from init.
func Register(f Format) {
	regMu.Lock()
	defer regMu.Unlock()
	formats = append(formats, f)
	sort.SliceStable(formats, func(i, j int) bool { return formats[i].Priority > formats[j].Priority })
}

// Registered returns the registered formats, highest priority first.
func Registered() []Format {
	regMu.RLock()
	defer regMu.RUnlock()
	return append([]Format(nil), formats...)
}

// Detect returns the first format whose Match accepts the probe, or nil.
func Detect(p Probe) *Format {
	regMu.RLock()
	defer regMu.RUnlock()
	for i := range formats {
		if formats[i].Match(p) {
			f := formats[i]
			return &f
		}
	}
	return nil
}

// ErrUnknownFormat is returned by Open for files no format recognises.
var ErrUnknownFormat = errors.New("not a recognised format")

// OpenSource detects the format of s and opens it. When no format matches
// it returns a raw node (never an error), so containers can show unknown
// entries; when the format fails, it returns a broken node carrying the error.
func OpenSource(s Source) Node {
	head := make([]byte, min(int64(HeadSize), max(s.Size, 0)))
	n, _ := s.R.ReadAt(head, 0)
	head = head[:n]
	f := Detect(Probe{Head: head, Size: s.Size, Name: s.Name, Hint: s.Hint})
	if f == nil {
		return NewRaw(s, KindRaw, s.Hint)
	}
	node, err := f.Open(s)
	if err != nil {
		return NewBroken(s, KindRaw, s.Hint, err)
	}
	return node
}

// File is an opened file: its root node and the handle to close.
type File struct {
	Path string
	Root Node
	f    *os.File
}

// Close releases the file handle.
func (f *File) Close() error {
	if f.f == nil {
		return nil
	}
	return f.f.Close()
}

// Open opens the file at path, detects its format by magic bytes and returns
// its root node. Only headers are read. An unrecognised file is an error
// wrapping ErrUnknownFormat; a corrupt one returns the format's error.
func Open(path string, opts *Options) (*File, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	st, err := fh.Stat()
	if err != nil {
		fh.Close()
		return nil, err
	}
	if st.IsDir() {
		fh.Close()
		return nil, fmt.Errorf("%s is a folder", path)
	}
	if opts == nil {
		opts = &Options{}
	}
	src := Source{R: fh, Size: st.Size(), Base: 0, Name: filepath.Base(path), Path: path, Opts: opts}
	root, err := OpenFile(src)
	if err != nil {
		fh.Close()
		return nil, err
	}
	return &File{Path: path, Root: root, f: fh}, nil
}

// OpenFile detects and opens a whole file given as a Source. Unlike
// OpenSource it reports an unknown or corrupt file as an error.
func OpenFile(s Source) (Node, error) {
	head := make([]byte, min(int64(HeadSize), max(s.Size, 0)))
	n, _ := s.R.ReadAt(head, 0)
	head = head[:n]
	f := Detect(Probe{Head: head, Size: s.Size, Name: s.Name, Hint: s.Hint})
	if f == nil {
		return nil, fmt.Errorf("%w (first bytes % X)", ErrUnknownFormat, head[:min(len(head), 8)])
	}
	return f.Open(s)
}

// ErrorOffset returns the byte offset carried by err, or -1.
func ErrorOffset(err error) int64 {
	var fe *binread.FormatError
	if errors.As(err, &fe) {
		return fe.Off
	}
	var ue *binread.UnsupportedError
	if errors.As(err, &ue) {
		return ue.Off
	}
	return -1
}
