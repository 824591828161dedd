package formats

import (
	"errors"
	"io"
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
	// Geom names the X-Ray level.geom (and, beside it, level.geomx and
	// level.cform) of a version 10+ level when it is not beside the level
	// (--geom).
	Geom string
	// TXD names RenderWare texture dictionaries searched last, in order,
	// for a DFF model's textures, after the ones its .ide files and name
	// lead to (--txd, repeatable; the window's Set texture dictionary…).
	TXD []string
	// Vehicle chooses the parts, colour set and day or night colours of
	// vehicle models (--parts, --colors, --night).
	Vehicle VehicleView
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
	// Budget bounds what may be unpacked from the whole file; Open sets
	// it and containers hand it on to their children's Sources.
	Budget *Budget
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
	// Path is the file's path on disk when a whole file is probed ("" for
	// an entry inside a container or in-memory data): formats that a file
	// beside it decides (a version 1 IMG and its .dir) look there.
	Path string
}

// HeadSize is how many leading bytes Probe.Head holds at most.
const HeadSize = 64

// Format is one registered file format.
type Format struct {
	Name     string // short name: "nres", "txd", "xray-level"
	Priority int    // higher is tried first; magic-based formats use 10, hint-only ones 5, guesses 0
	// Kind is the kind of the node Open returns. When Match accepts the
	// header but Open fails, the broken node keeps this kind (a Texm whose
	// pixels are truncated is a broken texture, not raw bytes).
	Kind  Kind
	Match func(p Probe) bool // cheap check of the magic bytes or hint
	Open  func(s Source) (Node, error)
	// Tag gives the type tag (Typer) of the node Open returns for a whole
	// file, from the probe alone: a folder lists a file by it before the
	// file is opened (see TagOf). Nil for formats that are never whole
	// files or that are not read.
	Tag func(p Probe) string
}

// FixedTag is a Format.Tag that is the same for every file.
func FixedTag(tag string) func(Probe) string { return func(Probe) string { return tag } }

// TagOf is the type tag a file of this format has, from its probe ("" when
// the format gives none).
func (f *Format) TagOf(p Probe) string {
	if f.Tag == nil {
		return ""
	}
	return f.Tag(p)
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

// BrokenKind is the kind of a node whose header this format recognised but
// could not open: the format's Kind, else raw.
func (f *Format) BrokenKind() Kind {
	if f.Kind == "" {
		return KindRaw
	}
	return f.Kind
}
