package cli

import (
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"rummage/formats"
)

// entry is one listed node.
type entry struct {
	path     string
	children int
	kids     []formats.Node // while its subtree is listed
	broken   error
	// What the record shows, taken from the node when it is listed: the
	// entry keeps no node, so a recursive listing of a huge archive does
	// not keep every dictionary it decoded on the way.
	name, kind, typ string
	size, off       int64
	fields          map[string]any
}

// newEntry takes what an entry shows from node k.
func newEntry(path string, k formats.Node) entry {
	en := entry{path: path, name: k.Name(), kind: string(k.Kind())}
	if t, ok := k.(formats.Typer); ok {
		en.typ = t.Type()
	}
	en.size, en.off = sizeOffset(k)
	if f, ok := k.(formats.Fielder); ok {
		en.fields = f.ListFields()
	}
	return en
}

// sizeOffset returns the node's byte count and absolute offset: a Rawer's
// Size and Offset, else 0 and -1 (a node with no bytes of its own).
func sizeOffset(n formats.Node) (int64, int64) {
	if r, ok := n.(formats.Rawer); ok {
		return r.Size(), r.Offset()
	}
	return 0, -1
}

// maxListDepth and maxListNodes bound `ls -r` on pathological nesting (a
// crafted archive whose entries all hold the same nested archive).
const (
	maxListDepth = 64
	maxListNodes = 500_000
)

// errTooMany stops a listing that reached maxListNodes.
var errTooMany = fmt.Errorf("listing stopped after %d nodes", maxListNodes)

// tooDeep is the error reported at the first node a recursive listing did
// not descend into because it reached maxListDepth, at its offset.
func tooDeep(n formats.Node) error {
	return formats.ErrorAtNode(n, "nested more than %d levels deep: not listed further", maxListDepth)
}

// lister collects the entries of a listing.
type lister struct {
	rec      bool
	out      []entry
	deep     string       // the first path not descended into at maxListDepth, or ""
	deepNode formats.Node // its node
}

// list appends the children of n (at path p), recursively with rec.
// Below a formats.FileList (foreign) the offsets are in other files and
// are listed as -1.
func (l *lister) list(n formats.Node, kids []formats.Node, p string, depth int, foreign bool) {
	_, files := n.(formats.FileList)
	foreign = foreign || files
	names := formats.ChildNames(kids, formats.Folds(n))
	for i, k := range kids {
		if len(l.out) >= maxListNodes {
			return
		}
		en := newEntry(formats.JoinPath(p, names[i]), k)
		if foreign {
			en.off = -1
		}
		if b, ok := k.(formats.Broken); ok {
			en.broken = b.Err()
		}
		if !l.rec {
			// Counting from headers: a listing of thousands of containers
			// decodes none of them.
			if n, err := formats.SafeChildCount(k); err == nil {
				en.children = n
			} else if en.broken == nil {
				en.broken = err
			}
		} else if ck, err := formats.SafeChildren(k); err == nil {
			en.kids = ck
			en.children = len(ck)
		} else if en.broken == nil {
			en.broken = err
		}
		kids := en.kids
		en.kids = nil
		l.out = append(l.out, en)
		if !l.rec || en.children == 0 {
			continue
		}
		if depth >= maxListDepth {
			if l.deep == "" {
				l.deep, l.deepNode = en.path, k
			}
			continue
		}
		l.list(k, kids, en.path, depth+1, foreign)
		// Listed: what k decoded for it (a dictionary's pixels) is
		// dropped, to be read again if anything asks.
		formats.Release(k)
	}
}

var standardKeys = map[string]bool{"path": true, "name": true, "kind": true, "type": true, "size": true, "offset": true, "children": true, "error": true}

// appendRecord appends the `ls --json` object of an entry, indented as an
// array element: the standard keys in contract order, then the Fielder
// fields in name order (a field named like a standard key is dropped).
func (en *entry) appendRecord(dst []byte) ([]byte, error) {
	kv := []keyValue{
		{"path", en.path}, {"name", jsonName(en.name)}, {"kind", en.kind}, {"type", en.typ},
		{"size", en.size}, {"offset", en.off}, {"children", en.children},
	}
	if en.broken != nil {
		kv = append(kv, keyValue{"error", errText(en.broken)})
	}
	if fields := en.fields; fields != nil {
		keys := make([]string, 0, len(fields))
		for k := range fields {
			if !standardKeys[k] {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			kv = append(kv, keyValue{k, fields[k]})
		}
	}
	dst = append(dst, "  {\n"...)
	for i, m := range kv {
		dst = append(dst, "    "...)
		dst = appendString(dst, m.k)
		dst = append(dst, ": "...)
		var err error
		if dst, err = appendValue(dst, m.v, "    "); err != nil {
			return nil, fmt.Errorf("field %s: %w", m.k, err)
		}
		if i < len(kv)-1 {
			dst = append(dst, ',')
		}
		dst = append(dst, '\n')
	}
	return append(dst, "  }"...), nil
}

func runLs(e *env, a *args) int {
	if len(a.pos) < 1 {
		return e.usagef("missing FILE")
	}
	t := resolveTargets(a.pos)
	if !t.many {
		if len(t.nodes) > 1 {
			return e.usagef("too many arguments: %s", strings.Join(t.nodes[1:], " "))
		}
		return e.lsFile(a, t.files[0].path, strings.Join(t.nodes, ""), false)
	}
	return e.eachFile(a, t, func(file string) int { return e.lsFile(a, file, "", true) })
}

// lsFile lists NODE (nodePath) of FILE; with many, as one record of a
// many-file listing (a JSON line, or a table under the file's name).
func (e *env) lsFile(a *args, file, nodePath string, many bool) int {
	f, node, canon, st := e.openNode(a, file, nodePath)
	if f == nil {
		return st
	}
	defer f.Close()
	kids, err := node.Children()
	if err != nil {
		return e.fail(file, canon, err)
	}
	if b, ok := node.(formats.Broken); ok && len(kids) == 0 && b.Err() != nil {
		return e.fail(file, canon, b.Err())
	}
	l := &lister{rec: a.bools["r"]}
	l.list(node, kids, canon, 0, formats.BelowFileList(f.Root, canon))
	entries := l.out
	if a.bools["json"] {
		out, path, err := listJSON(entries)
		if err != nil {
			return e.fail(file, path, err)
		}
		if many {
			if out, err = fileRecord(file, "entries", out); err != nil {
				return e.fail(file, "", err)
			}
		}
		e.stdout.Write(out)
	} else {
		if many {
			fmt.Fprintf(e.stdout, "%s:\n", printable(file))
		}
		writeTable(e.stdout, entries)
	}
	if len(entries) >= maxListNodes {
		return e.fail(file, canon, errTooMany)
	}
	if l.deep != "" {
		return e.fail(file, l.deep, tooDeep(l.deepNode))
	}
	return exitOK
}

// listJSON is the `ls --json` array, in the layout of json.Indent with two
// spaces; on error it names the entry's path.
func listJSON(entries []entry) ([]byte, string, error) {
	out := make([]byte, 0, 256*len(entries)+4)
	out = append(out, '[')
	for i := range entries {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, '\n')
		var err error
		if out, err = entries[i].appendRecord(out); err != nil {
			return nil, entries[i].path, err
		}
	}
	if len(entries) > 0 {
		out = append(out, '\n')
	}
	return append(out, "]\n"...), "", nil
}

// writeTable writes the text listing: one aligned row per entry.
func writeTable(w io.Writer, entries []entry) {
	var table bytes.Buffer
	tw := tabwriter.NewWriter(&table, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PATH\tKIND\tTYPE\tSIZE\tOFFSET\tCHILDREN\t")
	for i := range entries {
		fmt.Fprintln(tw, entries[i].row())
	}
	tw.Flush()
	for _, l := range strings.SplitAfter(table.String(), "\n") {
		if l != "" {
			fmt.Fprintln(w, strings.TrimRight(l, " \n"))
		}
	}
}

// row is the entry's tab-separated text row.
func (en *entry) row() string {
	size, off := en.size, en.off
	offs := "-"
	if off >= 0 {
		offs = fmt.Sprintf("0x%X", off)
	}
	kids := "-"
	if en.children > 0 {
		kids = fmt.Sprint(en.children)
	}
	typ := en.typ
	if typ == "" {
		typ = "-"
	}
	line := fmt.Sprintf("%s\t%s\t%s\t%d\t%s\t%s\t", en.path, en.kind, typ, size, offs, kids)
	if en.broken != nil {
		line += "broken: " + errText(en.broken)
	}
	return line
}
