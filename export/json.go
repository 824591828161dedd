package export

import (
	"encoding/json"
	"io"
)

// writeJSON writes v as indented JSON with a final newline, without
// escaping <, > and & (names are shown to people, not embedded in HTML).
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
