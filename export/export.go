// Package export writes nodes to files: textures as PNG, meshes and levels
// as OBJ (+MTL) or glTF, materials and tables as JSON, anything as raw
// bytes. The command line (`rummage export`) and the GUI's Export… dialog
// share it.
//
// Exporting is done in two steps. NewPlan walks the chosen nodes (a
// container exports its whole subtree and keeps the tree's folder
// structure), picks each node's format and gives every output file a unique
// name. Plan.Run writes the files, reporting progress and stopping when its
// context is cancelled. Every file is written through internal/atomicfile
// (on Linux an unnamed file linked under its name once complete), so a
// cancelled or failed export leaves no partial file; textures are encoded
// into memory and written with one call, a palettised one as a palette
// PNG. An item that fails is recorded in the result and the export goes on
// with the next one.
//
// The mesh writers are plain functions: WriteOBJ (obj.go, with the
// textures written beside it through a TextureSink) and WriteGLB /
// WriteSceneGLB (gltf.go, everything embedded; a Scene is a tree of nodes
// with meshes, so a frame hierarchy exports as one file).
package export

import (
	"context"

	"rummage/formats"
	"rummage/formats/geom"
)

// The export formats, as named by `rummage export --as`.
const (
	PNG  = "png"
	OBJ  = "obj"
	GLTF = "gltf"
	JSON = "json"
	Raw  = "raw"
	DDS  = "dds" // textures: one DDS with every level (dds.go)
	TGA  = "tga" // textures: level 0 (every level with AllMips) as TGA (tga.go)
)

// Formats lists the export formats in the order the UI offers them.
var Formats = []string{PNG, OBJ, GLTF, JSON, Raw, DDS, TGA}

// Item is a node chosen for export and its path from the file's root, as
// printed by `rummage ls --json` ("" for the root itself).
type Item struct {
	Node formats.Node
	Path string
}

// Options says where and how to export.
type Options struct {
	Dir     string // output folder; "" is the current folder
	As      string // forced format (PNG, OBJ, ...); "" picks by kind (see DefaultFormat)
	AllMips bool   // textures: write NAME_mipN.png for every level instead of NAME.png
	// ByKind, used when As is "", overrides DefaultFormat per node kind
	// (the GUI's per-kind formats); a node without that format falls back
	// to its default.
	ByKind map[formats.Kind]string
	// Existing says what to do with a file that exists in Dir already:
	// KeepBoth (the default) writes the new one as NAME_2, NAME_3, ….
	Existing Existing
	// Ask, when not nil, is asked about each file that exists (its full
	// path) while the export is planned, and its answer is used instead of
	// Existing (the window's question; it may remember the answer).
	Ask func(file string) Existing
	// Animations, when set, are played on every model with a skeleton:
	// glTF writes them as its animations, OBJ the first one's pose at
	// Clock (milliseconds).
	Animations []*geom.Animation
	Clock      uint32
	// Skeleton is the model an animation node is exported onto as glTF
	// (`export --as gltf FILE.ifp NODE --skeleton MODEL`).
	Skeleton formats.Node
	// Keep, when not nil, chooses the nodes to write (the command line's
	// --kind, --type and --name): a node it refuses is neither written nor
	// reported as a failure, while containers are still walked for the
	// nodes inside them, and folders left empty are not made. A container
	// below an item's root that Keep accepts is written whole: its stored
	// bytes with As raw, else its subtree without asking Keep again.
	Keep func(n formats.Node) bool
	// Progress, when not nil, is called after each job with the jobs done,
	// the total and the job's node path. It runs on the goroutine that
	// called Run.
	Progress func(done, total int, nodePath string)
}

// Existing says what an export does with a file already on disk.
type Existing int

const (
	// KeepBoth leaves the file and writes the new one as NAME_2, NAME_3, ….
	KeepBoth Existing = iota
	// Overwrite replaces the file (never a folder; a symbolic link is
	// replaced, not followed).
	Overwrite
	// Skip leaves the file and does not write the new one.
	Skip
)

// Job is one node of a plan and the files it becomes.
type Job struct {
	Node  formats.Node
	Path  string   // node path from the file's root
	As    string   // export format
	Files []string // output files, slash-separated and relative to Options.Dir
	// Replace says the files exist on disk and may be replaced
	// (Overwrite, or Ask said so); otherwise none is ever replaced.
	Replace bool

	// A node inside a container that drops what it decoded (a TXD inside
	// an IMG) is not kept by the plan: Node is nil and Run takes child
	// index of parent again when it writes the job, so exporting
	// thousands of textures holds one dictionary at a time.
	parent formats.Node
	index  int

	// A file not opened yet (formats.Unopened: a file of a folder on
	// disk) is one job: Run opens it, writes its jobs, planned when the
	// plan opened it, each node found again by its path in the file
	// (inFile), and closes it. Its Files are those of its jobs.
	file   formats.Unopened
	jobs   []Job
	inFile string
}

// Failure is an item that could not be planned or written.
type Failure struct {
	Path string // node path
	Err  error
}

func (f Failure) Error() string {
	if f.Path == "" {
		return f.Err.Error()
	}
	return f.Path + ": " + f.Err.Error()
}

// Plan is the list of jobs of an export, ready to Run.
type Plan struct {
	Jobs     []Job
	Failures []Failure // nodes that cannot be exported (a container whose children fail, a format the node lacks)
	Dirs     []string  // folders to create, slash-separated and relative to Options.Dir
	Skipped  []string  // files left as they were on disk (Skip), relative to Options.Dir
	opts     Options
	nodes    int    // nodes walked, against maxNodes
	names    *namer // the names claimed, which the textures of OBJ files keep clear of
}

// Result is what Run did.
type Result struct {
	Written  []string  // files written, as full paths under Options.Dir
	Failures []Failure // the plan's failures followed by the jobs that failed
	Skipped  []string  // files that existed and were left as they were, as full paths
}

// Export plans and runs an export; see NewPlan and Plan.Run. The error is
// non-nil only when the context was cancelled or the plan is invalid.
func Export(ctx context.Context, items []Item, opts Options) (Result, error) {
	p, err := NewPlan(ctx, items, opts)
	if err != nil {
		return Result{}, err
	}
	return p.Run(ctx)
}

// DefaultFormat is the format a node of kind k exports as when none is
// asked for: texture PNG, mesh and level OBJ, scene glTF (each model
// once, a node per instance), material and wear JSON, anything else raw
// bytes.
func DefaultFormat(k formats.Kind) string {
	switch k {
	case formats.KindTexture:
		return PNG
	case formats.KindMesh, formats.KindLevel:
		return OBJ
	case formats.KindScene:
		return GLTF
	case formats.KindMaterial, formats.KindWear:
		return JSON
	}
	return Raw
}

// Supports reports whether n can be exported as format as. It checks the
// node's capabilities only; decoding may still fail when the files are written.
func Supports(n formats.Node, as string) bool {
	switch as {
	case PNG, DDS, TGA:
		_, ok := n.(formats.Imager)
		return ok
	case OBJ, GLTF:
		_, ok := n.(formats.Mesher)
		return ok
	case JSON:
		_, ok := n.(formats.Describer)
		return ok
	case Raw:
		_, ok := n.(formats.Rawer)
		return ok
	}
	return false
}

// IsContainer reports whether exporting n walks its children: an archive
// (even an empty one, which becomes an empty folder, or a broken one, which
// is a failure), or any other node with readable children whose kind is not
// exported as one file (textures, meshes, levels, scenes, materials and
// wear tables are exported whole).
func IsContainer(n formats.Node) bool {
	switch n.Kind() {
	case formats.KindTexture, formats.KindMesh, formats.KindLevel, formats.KindMaterial, formats.KindWear, formats.KindScene:
		return false
	case formats.KindArchive:
		return true
	}
	kids, err := children(n)
	return err == nil && len(kids) > 0 // a node whose children fail exports its own bytes
}

// children is n.Children behind the format panic guard, so one bad node
// cannot stop an export.
func children(n formats.Node) ([]formats.Node, error) { return formats.SafeChildren(n) }
