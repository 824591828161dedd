package formats

import (
	"fmt"
	"image"
	"strings"

	"rummage/formats/binread"
	"rummage/formats/geom"
)

// This file is the one panic guard between format code and its callers.
// The window, the command line and export call into nodes only through
// these functions: a panic inside a format becomes a *PanicError (the node
// is then shown or reported as broken, once), never a crash and never a
// silently swallowed failure.

// PanicError is a panic raised by format code, turned into an error.
type PanicError struct {
	Where string // what was being done ("children of X", "describe X")
	Value any    // the recovered value
}

// Error gives the panic's value; Where is kept for logs and the window.
func (e *PanicError) Error() string {
	return fmt.Sprintf("internal error: %v", e.Value)
}

// Guard runs f and turns a panic in it into a *PanicError saying where.
func Guard[T any](where string, f func() (T, error)) (v T, err error) {
	defer func() {
		if r := recover(); r != nil {
			var zero T
			v, err = zero, &PanicError{Where: where, Value: r}
		}
	}()
	return f()
}

// GuardErr runs f and turns a panic in it into a *PanicError saying where.
func GuardErr(where string, f func() error) error {
	_, err := Guard(where, func() (struct{}, error) { return struct{}{}, f() })
	return err
}

// SafeChildren returns n's children.
func SafeChildren(n Node) ([]Node, error) {
	return Guard("children of "+SafeName(n), n.Children)
}

// SafeChildCount returns how many children n has: from its headers when it
// is a Counter, else by listing them.
func SafeChildCount(n Node) (int, error) {
	if c, ok := n.(Counter); ok {
		return Guard("children of "+SafeName(n), c.ChildCount)
	}
	kids, err := SafeChildren(n)
	return len(kids), err
}

// SafeDescribe returns n's facts; a node without Describe gives (nil, nil).
func SafeDescribe(n Node) (any, error) {
	d, ok := n.(Describer)
	if !ok {
		return nil, nil
	}
	return Guard("describe "+SafeName(n), d.Describe)
}

// SafeImage returns mip level of an Imager.
func SafeImage(im Imager, level int) (image.Image, error) {
	return Guard("image", func() (image.Image, error) { return im.Image(level) })
}

// SafeLevels returns an Imager's level count, 0 when it panics.
func SafeLevels(im Imager) int {
	n, _ := Guard("levels", func() (int, error) { return im.Levels(), nil })
	return n
}

// SafeMesh returns a Mesher's mesh.
func SafeMesh(m Mesher) (*geom.Mesh, error) {
	return Guard("mesh", m.Mesh)
}

// SafeName returns n.Name(), or "?" when it panics.
func SafeName(n Node) string {
	s, err := Guard("name", func() (string, error) { return n.Name(), nil })
	if err != nil {
		return "?"
	}
	return s
}

// SafeKind returns n.Kind(), or KindRaw when it panics.
func SafeKind(n Node) Kind {
	k, err := Guard("kind", func() (Kind, error) { return n.Kind(), nil })
	if err != nil {
		return KindRaw
	}
	return k
}

// SafeType returns the format's own tag of n, "" when it has none.
func SafeType(n Node) string {
	t, ok := n.(Typer)
	if !ok {
		return ""
	}
	s, _ := Guard("type", func() (string, error) { return t.Type(), nil })
	return s
}

// SafeErr returns why n is broken, or nil.
func SafeErr(n Node) error {
	b, ok := n.(Broken)
	if !ok {
		return nil
	}
	err, perr := Guard("error of "+SafeName(n), func() (error, error) { return b.Err(), nil })
	if perr != nil {
		return perr
	}
	return err
}

// SafeDiagnostics returns n's findings, nil when it has none.
func SafeDiagnostics(n Node) []Diagnostic {
	dg, ok := n.(Diagnoser)
	if !ok {
		return nil
	}
	d, err := Guard("diagnostics of "+SafeName(n), func() ([]Diagnostic, error) { return dg.Diagnostics(), nil })
	if err != nil {
		return []Diagnostic{{Off: -1, Msg: err.Error()}}
	}
	return d
}

// SafeRange returns the node's absolute offset and size; ok is false when
// the node is not backed by bytes.
func SafeRange(n Node) (off, size int64, ok bool) {
	r, isRaw := n.(Rawer)
	if !isRaw {
		return -1, 0, false
	}
	type rng struct{ off, size int64 }
	v, err := Guard("range", func() (rng, error) { return rng{r.Offset(), r.Size()}, nil })
	if err != nil {
		return -1, 0, false
	}
	return v.off, v.size, true
}

// SameNode reports whether a and b are the same node without panicking on
// node types that are not comparable.
func SameNode(a, b Node) bool {
	same, _ := Guard("compare", func() (bool, error) { return a == b, nil })
	return same
}

// ErrorText formats err with its byte offset when it has one and the
// message does not say it already.
func ErrorText(err error) string {
	if err == nil {
		return ""
	}
	if off := ErrorOffset(err); off >= 0 && !strings.Contains(err.Error(), fmt.Sprintf("0x%X", off)) {
		return fmt.Sprintf("at offset 0x%X (%d): %v", off, off, err)
	}
	return err.Error()
}

// ErrorAtNode is an error about n at its file offset (a FormatError), or
// without one when n has no bytes in the file.
func ErrorAtNode(n Node, format string, args ...any) error {
	off, _, ok := SafeRange(n)
	if !ok {
		off = -1
	}
	return binread.ErrorAt(off, format, args...)
}
