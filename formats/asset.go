// Package formats holds the node model every format package produces and the
// registry that detects formats by their magic bytes.
//
// Nothing in this package or below it imports Fyne: the UI and the command
// line both sit on top of it. A format is added by writing one package that
// calls Register in its init function and one blank import in formats/all.
package formats

import (
	"fmt"
	"image"
	"io"
	"strings"

	"rummage/formats/geom"
)

// Kind says what a node is, independent of its format.
type Kind string

// The kinds of node the UI and the CLI know how to show.
const (
	KindArchive  Kind = "archive"
	KindTexture  Kind = "texture"
	KindMaterial Kind = "material"
	KindWear     Kind = "wear"
	KindMesh     Kind = "mesh"
	KindLevel    Kind = "level"
	KindChunk    Kind = "chunk"
	KindTable    Kind = "table"
	KindText     Kind = "text"
	KindRaw      Kind = "raw"
	// KindAnimation is one motion of a skeleton (an .ifp or .omf entry).
	KindAnimation Kind = "animation"
	// KindScene is a placed world: a GTA item placement file (.ipl) whose
	// children are its sections and whose instances are models placed by
	// position and rotation.
	KindScene Kind = "scene"
)

// Kinds are every Kind, in the order above (the command line's --kind
// takes these).
var Kinds = []Kind{KindArchive, KindTexture, KindMaterial, KindWear, KindMesh, KindLevel,
	KindChunk, KindTable, KindText, KindRaw, KindAnimation, KindScene}

// Node is one item of the tree shown by the UI and listed by the CLI.
// Children are decoded lazily, when first asked for; leaves return nil.
type Node interface {
	Name() string
	Kind() Kind
	Children() ([]Node, error)
}

// Describer gives JSON-ready facts about a node; the UI shows them as a
// property table and `rummage info --json` prints them.
type Describer interface {
	Describe() (any, error)
}

// Imager is a node with pixels: level 0 is the full-size image, further
// levels are mipmaps. Images are straight-alpha *image.NRGBA.
type Imager interface {
	Levels() int
	Image(level int) (image.Image, error)
}

// Paletter is an Imager whose pixels are palette indices (PAL4, PAL8):
// PalettedImage returns level's indices and the palette as straight-alpha
// color.NRGBA entries, such that looking every index up gives exactly the
// pixels Image returns. It returns nil (and no error) for a level that is
// not a palette lookup. Exporters write it as a palette PNG.
type Paletter interface {
	PalettedImage(level int) (*image.Paletted, error)
}

// Mesher is a node that has geometry for the wireframe preview and export.
type Mesher interface {
	Mesh() (*geom.Mesh, error)
}

// Scener is a mesh node whose parts keep a hierarchy of their own (a
// RenderWare clump's frames): exporters that keep hierarchies (glTF) write
// its Scene instead of its one merged Mesh.
type Scener interface {
	Scene() (*geom.Scene, error)
}

// Animator is an animation node: the keys of its bones.
type Animator interface {
	Animation() (*geom.Animation, error)
}

// Skeletal is a mesh node whose geometry hangs on a skeleton (skinned
// bones or a hierarchy of rigid parts): what an animation plays on.
type Skeletal interface {
	Skeleton() (*geom.Skeleton, error)
}

// AnimationSourcer is a model node that knows animation files for it on
// disk: the motion files an OGF names, a game's animation package found
// above a GTA model.
type AnimationSourcer interface {
	AnimationFiles() []string
}

// Rawer is a node backed by a byte range of its file. Offset is the absolute
// offset in the file, or -1 when the bytes do not sit in the file as they are
// (decompressed data, for example).
type Rawer interface {
	Offset() int64
	Size() int64
	Open() io.Reader
}

// Typer gives the format's own tag for a node ("MAT0", "Texm", "texture",
// "visual", ...), printed as "type" by `ls --json` and shown in the tree.
type Typer interface {
	Type() string
}

// Fielder adds format-specific fields to a node's `ls --json` record (NRes
// entries add attr1, attr2, attr3 and sortIndex).
type Fielder interface {
	ListFields() map[string]any
}

// Broken is a node that could not be decoded. The tree marks it and the
// inspector shows Err, which usually is a *binread.FormatError with the
// byte offset.
type Broken interface {
	Err() error
}

// Diagnostic is a non-fatal finding about a node's data, filled in by the
// parser when it makes the finding.
//
// Path is the node the finding concerns: a '/'-separated path of child
// names, as `ls --json` prints them, relative to the node of the decoder
// that made the finding ("" is that node itself). For an X-Ray level that
// node is the level, the file's root: "visuals/3", "sectors/0", "cform",
// "geomx/index_buffers"; the other formats report findings on the node they
// concern, with Path "". Off is the absolute byte offset the finding is
// about (-1 when it has none) and Msg its one-line text.
type Diagnostic struct {
	Path string `json:"path,omitempty"`
	Off  int64  `json:"offset"`
	Msg  string `json:"message"`
}

// String is the finding on one line, as the command line's warnings and
// the window print it: "offset 0x1A40 (6720): " and the message, or the
// message alone when it has no offset or already names it.
func (d Diagnostic) String() string {
	if d.Off >= 0 && !strings.Contains(d.Msg, fmt.Sprintf("offset 0x%X ", d.Off)) {
		return fmt.Sprintf("offset 0x%X (%d): %s", d.Off, d.Off, d.Msg)
	}
	return d.Msg
}

// Diagnoser is a node that decoded with findings worth showing.
type Diagnoser interface {
	Diagnostics() []Diagnostic
}

// Counter is a container that can say how many children it has from its
// headers, without decoding them (listings use it).
type Counter interface {
	ChildCount() (int, error)
}

// Releaser is a node that can drop what it decoded (a dictionary's
// bytes and textures) once a listing is done with it; it reads them again
// when next asked. Edited data is never dropped.
type Releaser interface {
	Release()
}

// Release drops what n decoded when n is a Releaser.
func Release(n Node) {
	if r, ok := n.(Releaser); ok {
		r.Release()
	}
}

// Unopened is a node that stands for a whole file on disk that is not
// opened yet (a file of a folder shown as a tree, see formats/diskfolder):
// its kind and type tag come from its first bytes (Sniff), and it has no
// children until it is opened. OpenFile opens it as Open does; the File's
// root then stands for it. The caller closes the File.
type Unopened interface {
	Node
	OpenFile() (*File, error)
}

// Lister is a container whose children take long to read the first time
// (a folder on disk, listed and its files sniffed): a window asks for them
// in the background until Listed reports true.
type Lister interface {
	Listed() bool
}

// Listed reports whether n's children can be had at once: true unless n
// is a Lister not listed yet.
func Listed(n Node) bool {
	l, ok := n.(Lister)
	return !ok || l.Listed()
}

// Leaf is implemented by nodes that know without decoding whether they
// have children, so the tree can show them without an expand arrow.
type Leaf interface {
	IsLeaf() bool
}

// FileList is a node whose children are files of their own (the IDE, IPL
// and IMG files a gta.dat names): their offsets count in those files, not
// in the list's, so listings print -1 for them and their subtrees, as for
// the nodes a scene reads from other files.
type FileList interface {
	ChildrenAreFiles()
}

// FoldNames is implemented by containers whose child names match
// case-insensitively, like NRes archives in the engine.
type FoldNames interface {
	FoldNames() bool
}

// SampleQuery selects the moment at which a material is sampled:
// `rummage info --json --at MS [--start MS] [--block N] [--random R]`.
type SampleQuery struct {
	AtMs    uint32
	StartMs uint32
	Block   int
	Random  uint32
}

// Sampler is a material that can be evaluated at a clock time. Sample
// returns the JSON-ready "sample" object of the CLI contract.
type Sampler interface {
	Sample(q SampleQuery) (any, error)
}

// Saver is a root node that can be edited and written back. WriteTo writes
// the whole file; an unedited file is written byte-identically.
type Saver interface {
	Edited() bool
	WriteTo(w io.Writer) (int64, error)
}
