// Package table is the node of a text file's section read as a table: GTA
// item definition (.ide) and item placement (.ipl) sections, one row per
// line, each value under a named column. The format packages fill a Node;
// the window shows it as a sortable table and `rummage info --json` prints
// its rows.
package table

import (
	"io"

	"rummage/formats"
)

// Row is one line of a section: its values (a number or a string each,
// under the columns in order; values beyond the columns are Extra) and
// where it sits in its file.
type Row struct {
	Values []any
	Extra  []string // values past the last column, as written
	Line   int      // 1-based line of a text file, 0 for a binary record
	Off    int64    // absolute byte offset of the line or record
}

// Node is a section as a table node (kind table). Its bytes are the
// section's range of the file, for the hex view and raw export.
type Node struct {
	NodeName string
	Tag      string   // the section's keyword ("inst", "objs", ...)
	Columns  []string // the names of the values, in order
	Rows     []Row
	Diags    []formats.Diagnostic // lines that were left out, and why
	R        io.ReaderAt          // the file's bytes from its byte 0 (nil: none)
	Base     int64                // absolute offset of R's byte 0 (-1: R is not the file)
	Off, Len int64                // the section's byte range, absolute
}

// Name returns the section's name.
func (n *Node) Name() string { return n.NodeName }

// Kind returns KindTable.
func (n *Node) Kind() formats.Kind { return formats.KindTable }

// Type returns the section's keyword.
func (n *Node) Type() string { return n.Tag }

// Children returns nil: a table is a leaf.
func (n *Node) Children() ([]formats.Node, error) { return nil, nil }

// IsLeaf returns true.
func (n *Node) IsLeaf() bool { return true }

// Diagnostics returns the lines that were left out.
func (n *Node) Diagnostics() []formats.Diagnostic { return n.Diags }

// Describe returns the columns and each row as an object of its values
// by column name, with "line" (text files), "offset" and "extra" values.
func (n *Node) Describe() (any, error) {
	rows := make([]map[string]any, len(n.Rows))
	for i, r := range n.Rows {
		m := make(map[string]any, len(n.Columns)+3)
		for k, v := range r.Values {
			if k < len(n.Columns) {
				m[n.Columns[k]] = v
			}
		}
		if r.Line > 0 {
			m["line"] = r.Line
		}
		m["offset"] = r.Off
		if len(r.Extra) > 0 {
			m["extra"] = r.Extra
		}
		rows[i] = m
	}
	return map[string]any{"kind": string(formats.KindTable), "name": n.NodeName, "type": n.Tag,
		"columns": n.Columns, "count": len(n.Rows), "rows": rows}, nil
}

// Offset returns the section's absolute offset, -1 when its bytes are not
// the file's.
func (n *Node) Offset() int64 {
	if n.R == nil || n.Base < 0 {
		return -1
	}
	return n.Off
}

// Size returns the section's byte count.
func (n *Node) Size() int64 {
	if n.R == nil {
		return 0
	}
	return n.Len
}

// Open returns the section's bytes.
func (n *Node) Open() io.Reader {
	if n.R == nil {
		return eofReader{}
	}
	return io.NewSectionReader(n.R, n.Off-max(n.Base, 0), n.Len)
}

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }

// Text is a section Rummage does not read as a table: its lines kept as
// text (kind text).
type Text struct {
	formats.Raw
	Lines []string
}

// Describe returns the section's lines.
func (t *Text) Describe() (any, error) {
	return map[string]any{"kind": string(formats.KindText), "name": t.NodeName, "type": t.Tag,
		"lines": t.Lines, "offset": t.Abs, "size": t.N}, nil
}

// IsLeaf returns true.
func (t *Text) IsLeaf() bool { return true }
