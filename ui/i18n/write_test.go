package i18n

import (
	"bytes"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// writeEnglish writes translations/en.json: the source's English texts,
// for plural keys as the other form beside the one form the file has (a
// new plural key gets an empty one form, which the check then reports).
func writeEnglish(t *testing.T, keys map[string]keyUse) {
	t.Helper()
	path := filepath.Join("translations", English+".json")
	_, old, err := readTranslations(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]entry{}
	for k, u := range keys {
		if !u.plural {
			out[k] = entry{text: u.fallback}
			continue
		}
		out[k] = entry{forms: map[string]string{"one": old[k].forms["one"], "other": u.fallback}}
	}
	writeTranslations(t, path, out)
}

// dropUnused rewrites a translation file without the keys the source
// does not use, sorted.
func dropUnused(t *testing.T, path string, keys map[string]keyUse) {
	t.Helper()
	_, entries, err := readTranslations(path)
	if err != nil {
		t.Fatal(err)
	}
	maps.DeleteFunc(entries, func(k string, _ entry) bool { _, used := keys[k]; return !used })
	writeTranslations(t, path, entries)
}

// formOrder is the order plural forms are written in.
var formOrder = []string{"zero", "one", "two", "few", "many", "other"}

// writeTranslations writes entries as a translation file: one key a line
// (a plural key's forms on one line too), sorted by key, not escaping
// non-ASCII.
func writeTranslations(t *testing.T, path string, entries map[string]entry) {
	t.Helper()
	quote := func(s string) string {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			t.Fatal(err)
		}
		return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
	}
	var b bytes.Buffer
	b.WriteString("{\n")
	keys := slices.Sorted(maps.Keys(entries))
	for i, k := range keys {
		e := entries[k]
		b.WriteString("  " + quote(k) + ": ")
		if e.forms == nil {
			b.WriteString(quote(e.text))
		} else {
			b.WriteString("{")
			first := true
			for _, f := range formOrder {
				if v, ok := e.forms[f]; ok {
					if !first {
						b.WriteString(", ")
					}
					first = false
					b.WriteString(quote(f) + ": " + quote(v))
				}
			}
			b.WriteString("}")
		}
		if i < len(keys)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("}\n")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
