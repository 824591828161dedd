package ifp

import (
	"io"
	"sync"

	"rummage/formats"
	"rummage/formats/binread"
	"rummage/formats/geom"
)

// Root is an .ifp file: an archive whose children are its animations.
type Root struct {
	formats.Raw
	src formats.Source

	once sync.Once
	b    []byte
	pkg  *Package
	err  error
	kids []formats.Node
}

// Open opens an animation package; its headers are read when first asked
// for.
func Open(s formats.Source) (formats.Node, error) {
	if s.Size > MaxFile {
		return nil, binread.Unsupportedf(-1, "animation package of %d bytes (at most %d are read)", s.Size, MaxFile)
	}
	return &Root{Raw: *formats.NewRaw(s, formats.KindArchive, "IFP"), src: s}, nil
}

// Package reads (once) and returns the package index.
func (r *Root) Package() (*Package, error) {
	r.once.Do(func() {
		base := max(r.src.Base, 0)
		r.b, r.err = binread.ReadAt(r.src.R, base, 0, r.src.Size, r.src.Size)
		if r.err != nil {
			return
		}
		r.pkg, r.err = ReadIndex(r.b, base)
		if r.err != nil {
			return
		}
		r.Tag = r.pkg.Format
		r.kids = make([]formats.Node, len(r.pkg.Entries))
		for i, e := range r.pkg.Entries {
			r.kids[i] = &AnimNode{root: r, entry: e}
		}
	})
	return r.pkg, r.err
}

// Type returns the package's format tag (ANPK, ANP2 or ANP3).
func (r *Root) Type() string {
	if p, err := r.Package(); err == nil {
		return p.Format
	}
	return "IFP"
}

// Children returns the animations.
func (r *Root) Children() ([]formats.Node, error) {
	if _, err := r.Package(); err != nil {
		return nil, err
	}
	return r.kids, nil
}

// ChildCount returns the number of animations.
func (r *Root) ChildCount() (int, error) {
	p, err := r.Package()
	if err != nil {
		return 0, err
	}
	return len(p.Entries), nil
}

// Describe returns the package's facts.
func (r *Root) Describe() (any, error) {
	p, err := r.Package()
	if err != nil {
		return nil, err
	}
	broken := 0
	for _, e := range p.Entries {
		if e.Err != nil {
			broken++
		}
	}
	return map[string]any{"kind": string(formats.KindArchive), "name": r.NodeName, "format": p.Format,
		"packages": p.Names, "animations": len(p.Entries), "broken": broken, "fileSize": r.src.Size}, nil
}

// Diagnostics returns the findings about the package (trailing data,
// animations that cannot be located).
func (r *Root) Diagnostics() []formats.Diagnostic {
	p, err := r.Package()
	if err != nil {
		return nil
	}
	return p.Diags
}

// AnimNode is one animation of a package.
type AnimNode struct {
	root  *Root
	entry Entry

	once sync.Once
	anim *geom.Animation
	err  error

	checkOnce sync.Once
	checkErr  error
}

// Name returns the animation's name.
func (n *AnimNode) Name() string { return n.entry.Name }

// Kind returns KindAnimation.
func (n *AnimNode) Kind() formats.Kind { return formats.KindAnimation }

// Type returns the package format.
func (n *AnimNode) Type() string { return n.root.pkg.Format }

// Children returns nil: an animation is a leaf.
func (n *AnimNode) Children() ([]formats.Node, error) { return nil, nil }

// IsLeaf returns true.
func (n *AnimNode) IsLeaf() bool { return true }

// Err returns why the animation cannot be read: its headers, key counts
// and times are checked without building its keys (Package.Check).
func (n *AnimNode) Err() error {
	n.checkOnce.Do(func() { n.checkErr = n.root.pkg.Check(n.root.b, max(n.root.src.Base, 0), n.entry) })
	return n.checkErr
}

// Animation decodes (once) and returns the keys.
func (n *AnimNode) Animation() (*geom.Animation, error) {
	n.once.Do(func() {
		n.anim, n.err = n.root.pkg.Decode(n.root.b, max(n.root.src.Base, 0), n.entry)
	})
	return n.anim, n.err
}

// Describe returns the animation's facts.
func (n *AnimNode) Describe() (any, error) {
	a, err := n.Animation()
	if err != nil {
		return nil, err
	}
	return formats.AnimationFacts(a, n.Type()), nil
}

// Offset returns the animation's absolute file offset (-1 for in-memory
// data).
func (n *AnimNode) Offset() int64 {
	if n.root.src.Base < 0 {
		return -1
	}
	return n.root.src.Base + n.entry.Off
}

// Size returns the animation's bytes.
func (n *AnimNode) Size() int64 { return n.entry.End - n.entry.Off }

// Open returns the animation's bytes.
func (n *AnimNode) Open() io.Reader {
	return io.NewSectionReader(n.root.src.R, n.entry.Off, n.Size())
}

// FoldNames reports that animation names match case-insensitively, as
// the games look them up.
func (r *Root) FoldNames() bool { return true }
