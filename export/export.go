// Package export writes nodes to files: textures as PNG, meshes and levels
// as OBJ (+MTL) or glTF, materials and tables as JSON, anything as raw
// bytes. The command line (`rummage export`) and the GUI's Export… dialog
// share it.
//
// Exporting is done in two steps. NewPlan walks the chosen nodes (a
// container exports its whole subtree and keeps the tree's folder
// structure), picks each node's format and gives every output file a unique
// name. Plan.Run writes the files, reporting progress and stopping when its
// context is cancelled. Every file is written to a temporary name beside its
// target and renamed into place, so a cancelled or failed export leaves no
// partial file. An item that fails is recorded in the result and the export
// goes on with the next one.
//
// The mesh writers are plain functions: WriteOBJ (obj.go) and WriteGLB
// (gltf.go).
package export

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

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
)

// Formats lists the export formats in the order the UI offers them.
var Formats = []string{PNG, OBJ, GLTF, JSON, Raw}

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
	// Progress, when not nil, is called after each job with the jobs done,
	// the total and the job's node path. It runs on the goroutine that
	// called Run.
	Progress func(done, total int, nodePath string)
}

// Job is one node of a plan and the files it becomes.
type Job struct {
	Node  formats.Node
	Path  string   // node path from the file's root
	As    string   // export format
	Files []string // output files, slash-separated and relative to Options.Dir
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
	opts     Options
	nodes    int // nodes walked, against maxNodes
}

// Result is what Run did.
type Result struct {
	Written  []string  // files written, as full paths under Options.Dir
	Failures []Failure // the plan's failures followed by the jobs that failed
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
// asked for: texture PNG, mesh and level OBJ, material and wear JSON,
// anything else raw bytes.
func DefaultFormat(k formats.Kind) string {
	switch k {
	case formats.KindTexture:
		return PNG
	case formats.KindMesh, formats.KindLevel:
		return OBJ
	case formats.KindMaterial, formats.KindWear:
		return JSON
	}
	return Raw
}

// Supports reports whether n can be exported as format as. It checks the
// node's capabilities only; decoding may still fail when the files are written.
func Supports(n formats.Node, as string) bool {
	switch as {
	case PNG:
		_, ok := n.(formats.Imager)
		return ok
	case OBJ:
		_, ok := n.(formats.Mesher)
		return ok
	case GLTF:
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
// exported as one file (textures, meshes, levels, materials and wear tables
// are exported whole).
func IsContainer(n formats.Node) bool {
	switch n.Kind() {
	case formats.KindTexture, formats.KindMesh, formats.KindLevel, formats.KindMaterial, formats.KindWear:
		return false
	case formats.KindArchive:
		return true
	}
	kids, err := children(n)
	return err == nil && len(kids) > 0 // a node whose children fail exports its own bytes
}

// children is n.Children with a panic in format code turned into an error,
// so one bad node cannot stop an export.
func children(n formats.Node) (kids []formats.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			kids, err = nil, fmt.Errorf("internal error listing %q: %v", n.Name(), r)
		}
	}()
	return n.Children()
}

// maxDepth and maxNodes bound the walk of NewPlan on pathological nesting
// (a crafted archive whose entries all hold the same nested archive).
const (
	maxDepth = 64
	maxNodes = 500_000
)

// NewPlan walks items and plans their files. A container item exports its
// subtree into a folder named after it (the file's root into Options.Dir
// itself); any other item becomes the files of its format. With
// Options.As set, a named item that cannot be exported as that format is a
// failure, while the nodes found inside a container fall back to their
// default format. Nodes that cannot be exported at all are failures. The
// error is non-nil when opts.As is unknown or ctx is cancelled.
func NewPlan(ctx context.Context, items []Item, opts Options) (*Plan, error) {
	if opts.As != "" && !validFormat(opts.As) {
		return nil, fmt.Errorf("unknown export format %q (want %s)", opts.As, strings.Join(Formats, ", "))
	}
	p := &Plan{opts: opts}
	names := newNamer()
	seen := make(map[string]bool)
	for _, it := range items {
		key := strings.ToLower(it.Path)
		if seen[key] {
			continue
		}
		seen[key] = true
		seg := lastSegment(it.Path)
		if seg == "" {
			seg = it.Node.Name()
		}
		if IsContainer(it.Node) {
			dir := ""
			if it.Path != "" {
				dir = names.claim("", seg, "")
				p.Dirs = append(p.Dirs, dir)
			}
			if err := p.walk(ctx, names, it.Node, it.Path, dir, 0); err != nil {
				return nil, err
			}
			continue
		}
		as := opts.As
		if as == "" {
			as = pickFormat(it.Node, opts.ByKind[it.Node.Kind()])
		} else if !Supports(it.Node, as) {
			p.Failures = append(p.Failures, Failure{it.Path, cannot(it.Node, as)})
			continue
		}
		if as == "" {
			p.Failures = append(p.Failures, Failure{it.Path, fmt.Errorf("%s node %s has nothing to export", it.Node.Kind(), quoteName(it.Node))})
			continue
		}
		p.add(names, it.Node, it.Path, "", seg, as)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return p, nil
}

// walk plans the subtree of the container n, whose node path is npath,
// into the folder dir.
func (p *Plan) walk(ctx context.Context, names *namer, n formats.Node, npath, dir string, depth int) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if depth >= maxDepth {
		p.Failures = append(p.Failures, Failure{npath, fmt.Errorf("nested more than %d levels deep", maxDepth)})
		return nil
	}
	if p.nodes >= maxNodes {
		return nil
	}
	kids, err := children(n)
	if err != nil {
		p.Failures = append(p.Failures, Failure{npath, err})
		return nil
	}
	segs := formats.ChildNames(kids, formats.Folds(n))
	for i, k := range kids {
		kpath := joinPath(npath, segs[i])
		if p.nodes++; p.nodes > maxNodes {
			p.Failures = append(p.Failures, Failure{kpath, fmt.Errorf("export stopped after %d nodes", maxNodes)})
			return nil
		}
		if IsContainer(k) {
			sub := names.claim(dir, segs[i], "")
			p.Dirs = append(p.Dirs, sub)
			if err := p.walk(ctx, names, k, kpath, sub, depth+1); err != nil {
				return err
			}
			continue
		}
		asked := p.opts.As
		if asked == "" {
			asked = p.opts.ByKind[k.Kind()]
		}
		as := pickFormat(k, asked)
		if as == "" {
			p.Failures = append(p.Failures, Failure{kpath, fmt.Errorf("%s node %s has nothing to export", k.Kind(), quoteName(k))})
			continue
		}
		p.add(names, k, kpath, dir, segs[i], as)
	}
	return nil
}

// add plans the files of one node.
func (p *Plan) add(names *namer, n formats.Node, npath, dir, seg, as string) {
	j := Job{Node: n, Path: npath, As: as}
	switch as {
	case PNG:
		if p.opts.AllMips {
			levels := 1
			if im, ok := n.(formats.Imager); ok {
				levels = max(im.Levels(), 1)
			}
			base := names.claimGroup(dir, seg, levels)
			for l := 0; l < levels; l++ {
				j.Files = append(j.Files, base+"_mip"+strconv.Itoa(l)+".png")
			}
		} else {
			j.Files = []string{names.claim(dir, seg, ".png")}
		}
	case OBJ:
		base := names.claimPair(dir, seg, ".obj", ".mtl")
		j.Files = []string{base + ".obj", base + ".mtl"}
	case GLTF:
		j.Files = []string{names.claim(dir, seg, ".glb")}
	case JSON:
		j.Files = []string{names.claim(dir, seg, ".json")}
	default:
		j.Files = []string{names.claim(dir, seg, "")}
	}
	p.Jobs = append(p.Jobs, j)
}

// pickFormat chooses the format of a node found inside a container (or a
// named node without --as): the asked one when the node supports it, else
// its kind's default, else raw, JSON or PNG, whichever it has; "" when none.
func pickFormat(n formats.Node, asked string) string {
	for _, as := range []string{asked, DefaultFormat(n.Kind()), Raw, JSON, PNG} {
		if as != "" && Supports(n, as) {
			return as
		}
	}
	return ""
}

func cannot(n formats.Node, as string) error {
	what := map[string]string{PNG: "no image", OBJ: "no mesh", GLTF: "no mesh", JSON: "no description", Raw: "no raw bytes"}[as]
	return fmt.Errorf("cannot export %s node %s as %s: it has %s", n.Kind(), quoteName(n), as, what)
}

func quoteName(n formats.Node) string { return strconv.Quote(n.Name()) }

func validFormat(as string) bool {
	for _, f := range Formats {
		if f == as {
			return true
		}
	}
	return false
}

func lastSegment(p string) string {
	p = strings.Trim(p, "/")
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

func joinPath(parent, seg string) string {
	if parent == "" {
		return seg
	}
	return parent + "/" + seg
}

// Run writes the plan's files into Options.Dir. It goes on after a failed
// job and returns ctx.Err() when cancelled (the files written so far are
// complete; the one being written is removed).
func (p *Plan) Run(ctx context.Context) (Result, error) {
	res := Result{Failures: append([]Failure(nil), p.Failures...)}
	root := p.opts.Dir
	if root == "" {
		root = "."
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return res, fmt.Errorf("export folder: %w", err)
	}
	for _, d := range p.Dirs {
		if err := os.MkdirAll(filepath.Join(root, filepath.FromSlash(d)), 0o755); err != nil {
			return res, fmt.Errorf("export folder: %w", err)
		}
	}
	for i, j := range p.Jobs {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		written, err := runJob(ctx, root, j, p.opts)
		res.Written = append(res.Written, written...)
		if err != nil {
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
			res.Failures = append(res.Failures, Failure{j.Path, err})
		}
		if p.opts.Progress != nil {
			p.opts.Progress(i+1, len(p.Jobs), j.Path)
		}
	}
	return res, nil
}

// runJob writes the files of one job and returns the ones it wrote.
func runJob(ctx context.Context, root string, j Job, opts Options) (written []string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
		}
	}()
	full := func(rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }
	switch j.As {
	case PNG:
		im, ok := j.Node.(formats.Imager)
		if !ok {
			return nil, cannot(j.Node, PNG)
		}
		for l, f := range j.Files {
			level := 0
			if opts.AllMips {
				level = l
			}
			img, err := im.Image(level)
			if err != nil {
				return written, fmt.Errorf("image level %d: %w", level, err)
			}
			if err := writeFile(ctx, full(f), func(w io.Writer) error { return writePNG(w, img) }); err != nil {
				return written, err
			}
			written = append(written, full(f))
		}
	case JSON:
		d, ok := j.Node.(formats.Describer)
		if !ok {
			return nil, cannot(j.Node, JSON)
		}
		v, err := d.Describe()
		if err != nil {
			return nil, err
		}
		if err := writeFile(ctx, full(j.Files[0]), func(w io.Writer) error { return writeJSON(w, v) }); err != nil {
			return nil, err
		}
		written = append(written, full(j.Files[0]))
	case Raw:
		r, ok := j.Node.(formats.Rawer)
		if !ok {
			return nil, cannot(j.Node, Raw)
		}
		if err := writeFile(ctx, full(j.Files[0]), func(w io.Writer) error { return writeRaw(ctx, w, r) }); err != nil {
			return nil, err
		}
		written = append(written, full(j.Files[0]))
	case OBJ, GLTF:
		ms, ok := j.Node.(formats.Mesher)
		if !ok {
			return nil, cannot(j.Node, j.As)
		}
		m, err := ms.Mesh()
		if err != nil {
			return nil, err
		}
		if m == nil {
			return nil, errors.New("node has no mesh")
		}
		if j.As == GLTF {
			if err := writeFile(ctx, full(j.Files[0]), func(w io.Writer) error { return WriteGLB(w, m, j.Node.Name()) }); err != nil {
				return nil, err
			}
			return []string{full(j.Files[0])}, nil
		}
		return writeOBJ(ctx, full(j.Files[0]), full(j.Files[1]), m, j.Node.Name())
	default:
		return nil, fmt.Errorf("unknown export format %q", j.As)
	}
	return written, nil
}

// writeOBJ writes the OBJ file and, when the writer produced one, the MTL.
func writeOBJ(ctx context.Context, objPath, mtlPath string, m *geom.Mesh, name string) ([]string, error) {
	var mtl strings.Builder
	var obj strings.Builder
	if err := WriteOBJ(&obj, &mtl, m, name, filepath.Base(mtlPath)); err != nil {
		return nil, err
	}
	var written []string
	if mtl.Len() > 0 {
		if err := writeFile(ctx, mtlPath, func(w io.Writer) error { _, err := io.WriteString(w, mtl.String()); return err }); err != nil {
			return nil, err
		}
		written = append(written, mtlPath)
	}
	if err := writeFile(ctx, objPath, func(w io.Writer) error { _, err := io.WriteString(w, obj.String()); return err }); err != nil {
		return written, err
	}
	return append(written, objPath), nil
}

// writeFile writes one file through a temporary file beside it and renames
// it into place; on any error (or cancellation) the temporary file is removed.
func writeFile(ctx context.Context, target string, fill func(w io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".tmp*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	ok := false
	// CreateTemp makes the file private (0600); exported files are ordinary
	// documents.
	tmp.Chmod(0o644)
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(name)
		}
	}()
	if err := fill(tmp); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(name, target); err != nil {
		return err
	}
	ok = true
	return nil
}

// ctxReader stops a copy when its context is cancelled.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// writeRaw copies a node's bytes.
func writeRaw(ctx context.Context, w io.Writer, r formats.Rawer) error {
	src := r.Open()
	if src == nil {
		return errors.New("node has no bytes")
	}
	if c, ok := src.(io.Closer); ok {
		defer c.Close()
	}
	_, err := io.Copy(w, ctxReader{ctx, src})
	return err
}

// namer hands out unique file and folder names. Names are compared
// case-insensitively, so an export also works on Windows and macOS.
type namer struct {
	used map[string]bool
}

func newNamer() *namer { return &namer{used: make(map[string]bool)} }

// claim returns dir/NAME+ext with NAME the sanitised seg, made unique by
// "_2", "_3", ... before ext.
func (n *namer) claim(dir, seg, ext string) string {
	base := SafeName(seg)
	for i := 1; ; i++ {
		cand := base
		if i > 1 {
			cand = base + "_" + strconv.Itoa(i)
		}
		full := path.Join(dir, cand+ext)
		if dir == "" {
			full = cand + ext
		}
		if !n.used[strings.ToLower(full)] {
			n.used[strings.ToLower(full)] = true
			return full
		}
	}
}

// claimPair claims dir/NAME+ext1 and dir/NAME+ext2 together and returns
// dir/NAME.
func (n *namer) claimPair(dir, seg, ext1, ext2 string) string {
	return n.claimSet(dir, seg, func(cand string) []string {
		return []string{cand + ext1, cand + ext2}
	})
}

// claimGroup claims dir/NAME_mip0.png .. NAME_mip(levels-1).png together
// and returns dir/NAME.
func (n *namer) claimGroup(dir, seg string, levels int) string {
	return n.claimSet(dir, seg, func(cand string) []string {
		files := make([]string, levels)
		for l := range files {
			files[l] = cand + "_mip" + strconv.Itoa(l) + ".png"
		}
		return files
	})
}

// claimSet returns dir/NAME with NAME the sanitised seg, made unique by
// "_2", "_3", ..., so that none of the names files(dir/NAME) is taken, and
// claims them all.
func (n *namer) claimSet(dir, seg string, files func(cand string) []string) string {
	base := SafeName(seg)
	for i := 1; ; i++ {
		cand := base
		if i > 1 {
			cand = base + "_" + strconv.Itoa(i)
		}
		if dir != "" {
			cand = dir + "/" + cand
		}
		names := files(cand)
		free := true
		for _, f := range names {
			free = free && !n.used[strings.ToLower(f)]
		}
		if free {
			for _, f := range names {
				n.used[strings.ToLower(f)] = true
			}
			return cand
		}
	}
}

// maxNameRunes caps file name length (most file systems allow 255 bytes).
const maxNameRunes = 120

// SafeName turns a node name into a file name that is valid on every
// common file system: path separators, reserved and control characters
// become "_", trailing dots and spaces are dropped, and reserved device
// names ("CON", "NUL", ...) and empty names get a "_" prefix.
func SafeName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r < 0x20 || r == 0x7F || r == 0xFFFD:
			b.WriteByte('_')
		case strings.ContainsRune(`/\:*?"<>|`, r):
			b.WriteByte('_')
		default:
			b.WriteRune(r)
		}
	}
	out := b.String()
	if r := []rune(out); len(r) > maxNameRunes {
		out = string(r[:maxNameRunes])
	}
	out = strings.TrimRight(out, ". ")
	if out == "" {
		return "_"
	}
	stem := strings.ToUpper(out)
	if i := strings.IndexByte(stem, '.'); i >= 0 {
		stem = stem[:i]
	}
	switch stem {
	case "CON", "PRN", "AUX", "NUL", "COM1", "COM2", "COM3", "COM4", "COM5", "COM6", "COM7", "COM8", "COM9",
		"LPT1", "LPT2", "LPT3", "LPT4", "LPT5", "LPT6", "LPT7", "LPT8", "LPT9":
		return "_" + out
	}
	return out
}
