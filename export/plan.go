package export

import (
	"context"
	"fmt"
	"path"
	"strconv"
	"strings"

	"rummage/formats"
)

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
	names := newNamer(opts)
	p := &Plan{opts: opts, names: names}
	seen := make(map[string]bool)
	for _, it := range items {
		key := strings.ToLower(it.Path)
		if seen[key] {
			continue
		}
		seen[key] = true
		var err error
		if u, ok := it.Node.(formats.Unopened); ok {
			err = p.planUnopened(u, it.Path, func(root formats.Node) error {
				return p.planItem(ctx, names, Item{Node: root, Path: it.Path})
			})
		} else {
			err = p.planItem(ctx, names, it)
		}
		if err != nil {
			return nil, err
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p.dropEmptyDirs()
	return p, nil
}

// planItem plans one of the items NewPlan was given.
func (p *Plan) planItem(ctx context.Context, names *namer, it Item) error {
	opts := p.opts
	seg := lastSegment(it.Path)
	if seg == "" {
		seg = it.Node.Name()
	}
	// The filter (Options.Keep) picks nodes inside the file: its root
	// is always walked into, and a named container it matches is
	// written whole (as its own bytes with --as raw).
	matched := it.Path != "" && opts.Keep != nil && opts.Keep(it.Node)
	if IsContainer(it.Node) && !(ownBytes(it, opts.As) && (matched || opts.Keep == nil)) {
		if p.brokenContainer(names, it.Node, it.Path, "", seg) {
			return nil
		}
		dir := ""
		if it.Path != "" {
			dir = names.claimDir("", seg)
			p.Dirs = append(p.Dirs, dir)
		}
		return p.walk(ctx, names, it.Node, it.Path, dir, 0, matched)
	}
	if !p.keeps(it.Node) || p.broken(it.Node, it.Path) {
		return nil
	}
	as := opts.As
	if as == "" {
		as = p.pickFormat(it.Node, opts.ByKind[it.Node.Kind()])
	} else if !p.supports(it.Node, as) {
		p.Failures = append(p.Failures, Failure{it.Path, cannot(it.Node, as)})
		return nil
	}
	if as == "" {
		p.Failures = append(p.Failures, Failure{it.Path, fmt.Errorf("%s node %s has nothing to export", it.Node.Kind(), quoteName(it.Node))})
		return nil
	}
	p.add(names, it.Node, it.Path, "", seg, as)
	return nil
}

// keeps reports whether Options.Keep lets n be written.
func (p *Plan) keeps(n formats.Node) bool { return p.opts.Keep == nil || p.opts.Keep(n) }

// dropEmptyDirs leaves out the folders that hold no planned file, when
// Options.Keep has left nodes out (without it every walked container's
// folder is made, empty or not, as the tree has it).
func (p *Plan) dropEmptyDirs() {
	if p.opts.Keep == nil {
		return
	}
	need := map[string]bool{}
	for _, j := range p.Jobs {
		for d := path.Dir(j.Files[0]); d != "." && d != "/" && !need[d]; d = path.Dir(d) {
			need[d] = true
		}
	}
	dirs := p.Dirs[:0]
	for _, d := range p.Dirs {
		if need[d] {
			dirs = append(dirs, d)
		}
	}
	p.Dirs = dirs
}

// walk plans the subtree of the container n, whose node path is npath,
// into the folder dir. With Options.Keep, a container inside that the
// filter matches is written whole: its own stored bytes with --as raw,
// else its subtree unfiltered (all says n matched already).
func (p *Plan) walk(ctx context.Context, names *namer, n formats.Node, npath, dir string, depth int, all bool) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if depth >= maxDepth {
		p.Failures = append(p.Failures, Failure{npath, tooDeep(n)})
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
	first := len(p.Jobs)
	defer p.detach(n, kids, first)
	for i, k := range kids {
		kpath := joinPath(npath, segs[i])
		if p.nodes++; p.nodes > maxNodes {
			p.Failures = append(p.Failures, Failure{kpath, fmt.Errorf("export stopped after %d nodes", maxNodes)})
			return nil
		}
		var err error
		if u, ok := k.(formats.Unopened); ok {
			err = p.planUnopened(u, kpath, func(root formats.Node) error {
				return p.planChild(ctx, names, root, kpath, dir, segs[i], depth, all)
			})
		} else {
			err = p.planChild(ctx, names, k, kpath, dir, segs[i], depth, all)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// planChild plans the child k of a container walked at depth, whose node
// path is kpath and whose path segment is seg, into the folder dir (all:
// a container above matched the filter, so k is kept unfiltered).
func (p *Plan) planChild(ctx context.Context, names *namer, k formats.Node, kpath, dir, seg string, depth int, all bool) error {
	matched := all || p.opts.Keep != nil && p.opts.Keep(k)
	if IsContainer(k) && !(matched && !all && ownBytes(Item{Node: k, Path: kpath}, p.opts.As)) {
		if p.brokenContainer(names, k, kpath, dir, seg) {
			return nil
		}
		sub := names.claimDir(dir, seg)
		p.Dirs = append(p.Dirs, sub)
		err := p.walk(ctx, names, k, kpath, sub, depth+1, matched)
		names.forget(sub)
		return err
	}
	if !all && !p.keeps(k) || p.broken(k, kpath) {
		return nil
	}
	asked := p.opts.As
	if asked == "" {
		asked = p.opts.ByKind[k.Kind()]
	}
	as := p.pickFormat(k, asked)
	if as == "" {
		p.Failures = append(p.Failures, Failure{kpath, fmt.Errorf("%s node %s has nothing to export", k.Kind(), quoteName(k))})
		return nil
	}
	p.add(names, k, kpath, dir, seg, as)
	return nil
}

// detach lets the jobs planned from n's children (from Jobs[first] on)
// refer to them by index instead of holding them, then releases what n
// decoded, when n is a formats.Releaser.
func (p *Plan) detach(n formats.Node, kids []formats.Node, first int) {
	if _, ok := n.(formats.Releaser); !ok {
		return
	}
	at := make(map[formats.Node]int, len(kids))
	for i, k := range kids {
		at[k] = i
	}
	for j := first; j < len(p.Jobs); j++ {
		if i, ok := at[p.Jobs[j].Node]; ok {
			p.Jobs[j].Node, p.Jobs[j].parent, p.Jobs[j].index = nil, n, i
		}
	}
	formats.Release(n)
}

// ownBytes reports whether a selected container is written as the bytes
// it is stored as (--as raw on an IMG entry writes the .txd file it is)
// rather than expanded: raw export of a named node with bytes. The file's
// root is always expanded.
func ownBytes(it Item, as string) bool {
	if as != Raw || it.Path == "" {
		return false
	}
	_, ok := it.Node.(formats.Rawer)
	return ok
}

// broken records a broken node (its own error, or children that cannot
// be read) as a failure with its error, which names the offset, and
// reports true; only raw export (--as raw, or raw chosen for its kind)
// still writes its bytes.
func (p *Plan) broken(n formats.Node, npath string) bool {
	if p.opts.As == Raw || p.opts.As == "" && p.opts.ByKind[formats.SafeKind(n)] == Raw {
		return false
	}
	err := formats.SafeErr(n)
	if err == nil {
		_, err = children(n)
	}
	if err == nil {
		return false
	}
	p.Failures = append(p.Failures, Failure{npath, err})
	return true
}

// brokenContainer handles a container whose own bytes are broken (a
// nested archive whose directory runs out of its entry): it is a failure
// with its error, which names the offset, instead of an empty folder and
// success; raw export writes its stored bytes. It reports whether n was
// broken.
func (p *Plan) brokenContainer(names *namer, n formats.Node, npath, dir, seg string) bool {
	err := formats.SafeErr(n)
	if err == nil {
		return false
	}
	if p.opts.As == Raw && Supports(n, Raw) {
		p.add(names, n, npath, dir, seg, Raw)
		return true
	}
	p.Failures = append(p.Failures, Failure{npath, err})
	return true
}

// tooDeep is the failure of a container nested deeper than maxDepth, at
// its offset when it has one.
func tooDeep(n formats.Node) error {
	return formats.ErrorAtNode(n, "nested more than %d levels deep: not exported", maxDepth)
}

// add plans the files of one node; a node whose files exist and are to be
// kept (Skip) is left out.
func (p *Plan) add(names *namer, n formats.Node, npath, dir, seg, as string) {
	j := Job{Node: n, Path: npath, As: as}
	var d Existing
	switch as {
	case PNG, TGA:
		ext := extension[as]
		if !p.opts.AllMips {
			var f string
			f, d = names.claim(dir, seg, ext)
			j.Files = []string{f}
			break
		}
		levels := 1
		if im, ok := n.(formats.Imager); ok {
			levels = max(formats.SafeLevels(im), 1)
		}
		var base string
		base, d = names.claimGroup(dir, seg, levels)
		for l := 0; l < levels; l++ {
			j.Files = append(j.Files, base+"_mip"+strconv.Itoa(l)+ext)
		}
	case OBJ:
		var base string
		base, d = names.claimPair(dir, seg)
		j.Files = []string{base + ".obj", base + ".mtl"}
	case Raw:
		var f string
		stem, ext := splitExt(seg)
		f, d = names.claim(dir, stem, ext)
		j.Files = []string{f}
	default:
		var f string
		f, d = names.claim(dir, seg, extension[as])
		j.Files = []string{f}
	}
	j.Replace = d == Overwrite
	if d == Skip {
		p.Skipped = append(p.Skipped, j.Files...)
		return
	}
	p.Jobs = append(p.Jobs, j)
}

// extension is the file name extension of the one-file formats.
// splitExt splits a raw entry's name into its stem and a short extension
// of letters and digits (".txd", ".ipl"), so that a name taken twice
// becomes x_2.txd, which keeps the extension that text formats are
// recognised by, not x.txd_2; a name without such an extension is all stem.
func splitExt(seg string) (stem, ext string) {
	i := strings.LastIndexByte(seg, '.')
	if i <= 0 || len(seg)-i < 2 || len(seg)-i > 5 {
		return seg, ""
	}
	for _, r := range seg[i+1:] {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return seg, ""
		}
	}
	return seg[:i], seg[i:]
}

var extension = map[string]string{PNG: ".png", GLTF: ".glb", JSON: ".json", Raw: "", DDS: ".dds", TGA: ".tga"}

// pickFormat chooses the format of a node found inside a container (or a
// named node without --as): the asked one when the node supports it, else
// its kind's default, else raw, JSON or PNG, whichever it has; "" when none.
func (p *Plan) pickFormat(n formats.Node, asked string) string {
	for _, as := range []string{asked, DefaultFormat(n.Kind()), Raw, JSON, PNG} {
		if as != "" && p.supports(n, as) {
			return as
		}
	}
	return ""
}

// supports is Supports, and an animation as glTF when the export has a
// model to play it on (Options.Skeleton).
func (p *Plan) supports(n formats.Node, as string) bool {
	if _, anim := n.(formats.Animator); anim && as == GLTF && p.opts.Skeleton != nil {
		return true
	}
	return Supports(n, as)
}

func cannot(n formats.Node, as string) error {
	if _, anim := n.(formats.Animator); anim && as == GLTF {
		return fmt.Errorf("animation %s is exported as glTF onto a model: name one with --skeleton MODEL", quoteName(n))
	}
	what := map[string]string{PNG: "no image", DDS: "no image", TGA: "no image", OBJ: "no mesh", GLTF: "no mesh", JSON: "no description", Raw: "no raw bytes"}[as]
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
