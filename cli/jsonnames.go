package cli

import (
	"unicode/utf8"

	"rummage/formats"
)

// keepBytes returns v with every string that is not valid UTF-8 escaped as
// node paths print names (formats.EscapeName: each such byte, and a "%"
// before two hex digits, as %XX), so JSON output keeps a name's bytes
// recoverable instead of turning them into U+FFFD. It looks into the
// shapes Describe returns (maps, slices of them, strings); valid strings
// and other values are left as they are.
func keepBytes(v any) any {
	switch x := v.(type) {
	case string:
		return jsonName(x)
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[jsonName(k)] = keepBytes(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = keepBytes(e)
		}
		return out
	case []map[string]any:
		out := make([]map[string]any, len(x))
		for i, e := range x {
			out[i] = keepBytes(e).(map[string]any)
		}
		return out
	case []string:
		out := make([]string, len(x))
		for i, e := range x {
			out[i] = jsonName(e)
		}
		return out
	case map[string]string:
		out := make(map[string]string, len(x))
		for k, e := range x {
			out[jsonName(k)] = jsonName(e)
		}
		return out
	}
	return v
}

// jsonName is s, or s escaped by formats.EscapeName when it is not valid
// UTF-8.
func jsonName(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return formats.EscapeName(s)
}
