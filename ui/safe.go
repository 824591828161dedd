package ui

import (
	"fmt"
	"strings"

	"rummage/formats"
)

// PanicError is a panic raised by format code, turned into an error so that
// a bad node is shown as broken instead of taking the window down.
type PanicError struct {
	Where string // what was being done ("children of X", "describe X")
	Value any    // the recovered value
}

// Error says where the panic happened and its value.
func (e *PanicError) Error() string {
	return fmt.Sprintf("internal error in format code (%s): %v", e.Where, e.Value)
}

// safeChildren calls n.Children, turning a panic into an error.
func safeChildren(n formats.Node) (kids []formats.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			kids, err = nil, &PanicError{Where: "children of " + safeName(n), Value: r}
		}
	}()
	return n.Children()
}

// safeDescribe calls the node's Describe, turning a panic into an error.
// A node without Describe gives (nil, nil).
func safeDescribe(n formats.Node) (v any, err error) {
	d, ok := n.(formats.Describer)
	if !ok {
		return nil, nil
	}
	defer func() {
		if r := recover(); r != nil {
			v, err = nil, &PanicError{Where: "describe " + safeName(n), Value: r}
		}
	}()
	return d.Describe()
}

// safeName returns n.Name(), or a placeholder when it panics.
func safeName(n formats.Node) (name string) {
	defer func() {
		if r := recover(); r != nil {
			name = "?"
		}
	}()
	return n.Name()
}

// safeKind returns n.Kind(), or KindRaw when it panics.
func safeKind(n formats.Node) (k formats.Kind) {
	defer func() {
		if r := recover(); r != nil {
			k = formats.KindRaw
		}
	}()
	return n.Kind()
}

// typeTag returns the format's own tag of n, "" when it has none.
func typeTag(n formats.Node) (tag string) {
	t, ok := n.(formats.Typer)
	if !ok {
		return ""
	}
	defer func() {
		if r := recover(); r != nil {
			tag = ""
		}
	}()
	return t.Type()
}

// brokenErr returns why n is broken, or nil.
func brokenErr(n formats.Node) (err error) {
	b, ok := n.(formats.Broken)
	if !ok {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			err = &PanicError{Where: "error of " + safeName(n), Value: r}
		}
	}()
	return b.Err()
}

// diagnostics returns n's findings, nil when it has none.
func diagnostics(n formats.Node) (d []formats.Diagnostic) {
	dg, ok := n.(formats.Diagnoser)
	if !ok {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			d = []formats.Diagnostic{{Off: -1, Msg: fmt.Sprint("internal error in format code: ", r)}}
		}
	}()
	return dg.Diagnostics()
}

// rawRange returns the node's absolute offset and size; ok is false when
// the node is not backed by bytes.
func rawRange(n formats.Node) (off, size int64, ok bool) {
	r, isRaw := n.(formats.Rawer)
	if !isRaw {
		return -1, 0, false
	}
	defer func() {
		if p := recover(); p != nil {
			off, size, ok = -1, 0, false
		}
	}()
	return r.Offset(), r.Size(), true
}

// errorText formats err with its byte offset when it has one.
func errorText(err error) string {
	if err == nil {
		return ""
	}
	if off := formats.ErrorOffset(err); off >= 0 && !strings.Contains(err.Error(), fmt.Sprintf("0x%X", off)) {
		return fmt.Sprintf("at offset 0x%X (%d): %v", off, off, err)
	}
	return err.Error()
}

// sameNode reports whether a and b are the same node without panicking on
// node types that are not comparable.
func sameNode(a, b formats.Node) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	return a == b
}
