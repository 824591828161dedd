package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
)

// keyValue is one member of an ordered JSON object.
type keyValue struct {
	k string
	v any
}

// marshal encodes v compactly without HTML escaping.
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// marshalObject encodes members in order.
func marshalObject(kv []keyValue) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, m := range kv {
		if i > 0 {
			buf.WriteByte(',')
		}
		k, _ := marshal(m.k)
		buf.Write(k)
		buf.WriteByte(':')
		v, err := marshal(m.v)
		if err != nil {
			return nil, fmt.Errorf("field %s: %w", m.k, err)
		}
		buf.Write(v)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// appendString appends s as a JSON string (fast for plain ASCII).
func appendString(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7F || c == '"' || c == '\\' {
			b, _ := marshal(s)
			return append(dst, b...)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// appendValue appends v as JSON; nested values are indented by json.Indent
// rules with prefix before each of their lines after the first.
func appendValue(dst []byte, v any, prefix string) ([]byte, error) {
	switch x := v.(type) {
	case string:
		return appendString(dst, x), nil
	case int:
		return strconv.AppendInt(dst, int64(x), 10), nil
	case int64:
		return strconv.AppendInt(dst, x, 10), nil
	case int32:
		return strconv.AppendInt(dst, int64(x), 10), nil
	case uint32:
		return strconv.AppendUint(dst, uint64(x), 10), nil
	case uint16:
		return strconv.AppendUint(dst, uint64(x), 10), nil
	case uint8:
		return strconv.AppendUint(dst, uint64(x), 10), nil
	case bool:
		return strconv.AppendBool(dst, x), nil
	case nil:
		return append(dst, "null"...), nil
	}
	b, err := marshal(v)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, b, prefix, "  "); err != nil {
		return nil, err
	}
	return append(dst, buf.Bytes()...), nil
}

// object is a decoded JSON object that keeps its member order.
type object []keyValue

// decodeOrdered decodes JSON keeping object member order: objects become
// object, arrays []any, numbers json.Number.
func decodeOrdered(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	v, err := decodeValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("trailing data after JSON value")
	}
	return v, nil
}

func decodeValue(dec *json.Decoder) (any, error) {
	t, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t {
	case json.Delim('{'):
		var o object
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil, err
			}
			k, _ := kt.(string)
			v, err := decodeValue(dec)
			if err != nil {
				return nil, err
			}
			o = append(o, keyValue{k, v})
		}
		if _, err := dec.Token(); err != nil {
			return nil, err
		}
		if o == nil {
			o = object{}
		}
		return o, nil
	case json.Delim('['):
		arr := []any{}
		for dec.More() {
			v, err := decodeValue(dec)
			if err != nil {
				return nil, err
			}
			arr = append(arr, v)
		}
		if _, err := dec.Token(); err != nil {
			return nil, err
		}
		return arr, nil
	}
	return t, nil
}

// isScalar reports whether v prints on one line.
func isScalar(v any) bool {
	switch v.(type) {
	case object, []any:
		return false
	}
	return true
}

// scalarText renders a scalar for the plain "key: value" output.
func scalarText(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		if x == "" {
			return `""`
		}
		return oneLine(x)
	case json.Number:
		return x.String()
	case bool:
		if x {
			return "true"
		}
		return "false"
	}
	return fmt.Sprint(v)
}

// inlineText renders an array of scalars as "[a, b, c]" (strings quoted).
func inlineText(arr []any) string {
	parts := make([]string, len(arr))
	for i, v := range arr {
		if s, ok := v.(string); ok {
			b, _ := marshal(s)
			parts[i] = string(b)
		} else {
			parts[i] = scalarText(v)
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// writePlain prints v as aligned "key: value" lines; nested objects use
// dotted keys and arrays of objects "key[i]".
func writePlain(w io.Writer, v any) {
	tw := tabwriter.NewWriter(w, 0, 4, 1, ' ', 0)
	if o, ok := v.(object); ok {
		// The identity first: kind and name, then the rest in order.
		var head, rest object
		for _, m := range o {
			if m.k == "kind" || m.k == "name" {
				head = append(head, m)
			} else {
				rest = append(rest, m)
			}
		}
		if len(head) == 2 && head[0].k == "name" {
			head[0], head[1] = head[1], head[0]
		}
		v = append(head, rest...)
	}
	plainLines(tw, "", v)
	tw.Flush()
}

func plainLines(w io.Writer, prefix string, v any) {
	switch x := v.(type) {
	case object:
		if len(x) == 0 && prefix != "" {
			fmt.Fprintf(w, "%s:\t{}\n", prefix)
		}
		for _, m := range x {
			key := m.k
			if prefix != "" {
				key = prefix + "." + m.k
			}
			plainLines(w, key, m.v)
		}
	case []any:
		all := true
		for _, e := range x {
			all = all && isScalar(e)
		}
		if all {
			fmt.Fprintf(w, "%s:\t%s\n", orValue(prefix), inlineText(x))
			return
		}
		for i, e := range x {
			plainLines(w, fmt.Sprintf("%s[%d]", prefix, i), e)
		}
	default:
		fmt.Fprintf(w, "%s:\t%s\n", orValue(prefix), scalarText(x))
	}
}

func orValue(k string) string {
	if k == "" {
		return "value"
	}
	return k
}
