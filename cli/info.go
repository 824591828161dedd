package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strconv"
	"strings"

	"rummage/formats"
)

func runInfo(e *env, a *args) int {
	if len(a.pos) < 1 {
		return e.usagef("missing FILE")
	}
	t := resolveTargets(a.pos)
	if !t.many && len(t.nodes) > 1 {
		return e.usagef("too many arguments: %s", strings.Join(t.nodes[1:], " "))
	}
	q, sampling, msg := sampleQuery(a)
	if msg != "" {
		return e.usagef("%s", msg)
	}
	if !t.many {
		return e.infoFile(a, t.files[0].path, strings.Join(t.nodes, ""), false, q, sampling)
	}
	if sampling {
		return e.usagef("--at samples one material: give one FILE and its NODE")
	}
	return e.eachFile(a, t, func(file string) int { return e.infoFile(a, file, "", true, q, false) })
}

// infoFile prints the facts of NODE (nodePath) of FILE; with many, as one
// record of a many-file command (a JSON line, or lines after "file: FILE").
func (e *env) infoFile(a *args, file, nodePath string, many bool, q formats.SampleQuery, sampling bool) int {
	f, node, canon, st := e.openNode(a, file, nodePath)
	if f == nil {
		return st
	}
	defer f.Close()
	facts, err := describe(node, formats.BelowFileList(f.Root, canon))
	if err != nil {
		return e.fail(file, canon, err)
	}
	w := warnings(node)
	if bw := boundsWarning(node, facts); bw != "" {
		w = append(w, bw)
	}
	if w != nil {
		b, err := marshal(w)
		if err != nil {
			return e.fail(file, canon, err)
		}
		facts = appendMember(facts, "warnings", b)
	}
	if sampling {
		if facts, err = withSample(node, facts, q); err != nil {
			return e.fail(file, canon, err)
		}
	}
	if a.bools["json"] {
		out, err := factsJSON(file, facts, many)
		if err != nil {
			return e.fail(file, canon, err)
		}
		e.stdout.Write(out)
		return exitOK
	}
	v, err := decodeOrdered(facts)
	if err != nil {
		return e.fail(file, canon, err)
	}
	if many {
		fmt.Fprintf(e.stdout, "file: %s\n", printable(file))
	}
	if o, ok := v.(object); ok {
		// Facts people read in another form (a TXD rasterFormat as hex
		// flags); the JSON keeps the number.
		for k, t := range formats.SafeFactText(node) {
			for i := range o {
				if o[i].k == k {
					o[i].v = t
				}
			}
		}
	}
	writePlain(e.stdout, v)
	return exitOK
}

// factsJSON is the `info --json` output of facts: indented, or with many
// the file's JSON line.
func factsJSON(file string, facts []byte, many bool) ([]byte, error) {
	if many {
		return fileRecord(file, "", facts)
	}
	var out bytes.Buffer
	if err := json.Indent(&out, facts, "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// withSample adds the "sample" member of a material sampled at q.
func withSample(node formats.Node, facts []byte, q formats.SampleQuery) ([]byte, error) {
	s, ok := node.(formats.Sampler)
	if !ok {
		return nil, fmt.Errorf("%s node cannot be sampled with --at (not a material)", node.Kind())
	}
	v, err := s.Sample(q)
	if err != nil {
		return nil, err
	}
	sample, err := marshal(v)
	if err != nil {
		return nil, fmt.Errorf("sample: %w", err)
	}
	return appendMember(facts, "sample", sample), nil
}

// sampleQuery reads --at, --start, --random and --block; sampling is
// whether --at was given, msg a usage error ("" when none).
func sampleQuery(a *args) (q formats.SampleQuery, sampling bool, msg string) {
	if _, sampling = a.vals["at"]; !sampling {
		for _, f := range []string{"start", "block", "random"} {
			if _, ok := a.vals[f]; ok {
				return q, false, "--" + f + " needs --at"
			}
		}
		return q, false, ""
	}
	var err error
	if q.AtMs, err = parseU32(a.vals["at"]); err != nil {
		return q, true, "--at: " + err.Error()
	}
	for _, f := range []struct {
		name string
		dst  *uint32
	}{{"start", &q.StartMs}, {"random", &q.Random}} {
		if s, ok := a.vals[f.name]; ok {
			if *f.dst, err = parseU32(s); err != nil {
				return q, true, "--" + f.name + ": " + err.Error()
			}
		}
	}
	if s, ok := a.vals["block"]; ok {
		b, err := strconv.ParseInt(s, 0, 32)
		if err != nil || b < 0 {
			return q, true, fmt.Sprintf("--block: want a block number 0, 1, ..., got %q", s)
		}
		q.Block = int(b)
	}
	return q, true, ""
}

// warnings are the node's diagnostics as one-line strings, each naming its
// offset (or the missing file it is about); nil when it has none.
func warnings(n formats.Node) []string {
	var out []string
	for _, d := range formats.SafeDiagnostics(n) {
		out = append(out, oneLine(d.String()))
	}
	return out
}

// describe returns the node's facts as a compact JSON object: Describe()
// when the node has it (with "kind" added in front when missing), else the
// basic facts every node has (offset -1 when foreign: the node is in a file
// of its own below a formats.FileList).
func describe(n formats.Node, foreign bool) ([]byte, error) {
	if b, ok := n.(formats.Broken); ok && b.Err() != nil {
		if _, isDesc := n.(formats.Describer); !isDesc {
			return nil, b.Err()
		}
	}
	d, ok := n.(formats.Describer)
	if !ok {
		size, off := sizeOffset(n)
		if foreign {
			off = -1 // in a file of its own, below a formats.FileList
		}
		typ := ""
		if t, ok := n.(formats.Typer); ok {
			typ = t.Type()
		}
		kids, _ := n.Children()
		return marshalObject([]keyValue{{"kind", string(n.Kind())}, {"name", jsonName(n.Name())}, {"type", typ},
			{"size", size}, {"offset", off}, {"children", len(kids)}})
	}
	v, err := d.Describe()
	if err != nil {
		return nil, err
	}
	if m, ok := v.(map[string]any); ok && foreign && m["offset"] != nil {
		m = maps.Clone(m)
		m["offset"] = -1 // an offset in the node's own file, not the one asked about
		v = m
	}
	b, err := marshal(keepBytes(v))
	if err != nil {
		return nil, fmt.Errorf("describing the node: %w", err)
	}
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '{' {
		// Not an object: wrap it so the output always has "kind".
		return marshalObject([]keyValue{{"kind", string(n.Kind())}, {"value", json.RawMessage(b)}})
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(b, &members); err != nil {
		return nil, fmt.Errorf("describing the node: %w", err)
	}
	if _, ok := members["kind"]; !ok {
		kind, _ := marshal(string(n.Kind()))
		rest := bytes.TrimSpace(b[1:])
		out := append([]byte(`{"kind":`), kind...)
		if len(rest) > 0 && rest[0] != '}' {
			out = append(out, ',')
		}
		b = append(out, rest...)
	}
	return b, nil
}

// appendMember adds "key":value at the end of the JSON object obj.
func appendMember(obj []byte, key string, value []byte) []byte {
	obj = bytes.TrimSpace(obj)
	body := bytes.TrimSpace(obj[:len(obj)-1])
	k, _ := marshal(key)
	out := append([]byte{}, body...)
	if len(body) > 1 {
		out = append(out, ',')
	}
	out = append(out, k...)
	out = append(out, ':')
	out = append(out, value...)
	return append(out, '}')
}

// parseU32 parses a uint32 in decimal (or 0x hex).
func parseU32(s string) (uint32, error) {
	v, err := strconv.ParseUint(strings.TrimSpace(s), 0, 32)
	if err != nil {
		var ne *strconv.NumError
		if errors.As(err, &ne) && errors.Is(ne.Err, strconv.ErrRange) {
			return 0, fmt.Errorf("%q is larger than 4294967295", s)
		}
		return 0, fmt.Errorf("want a whole number 0..4294967295, got %q", s)
	}
	return uint32(v), nil
}
