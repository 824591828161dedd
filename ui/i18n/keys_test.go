package i18n

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"text/template"
)

// -update writes translations/en.json from the source (the English texts
// of the lang.X and lang.XN calls, keeping the "one" forms it has) and
// drops the keys the source no longer uses from ru.json. Russian texts
// are written by hand.
var update = flag.Bool("update", false, "rewrite en.json from the source and drop unused keys from ru.json")

// keyUse is one translation key as the source uses it.
type keyUse struct {
	plural   bool   // used with lang.XN
	fallback string // the English text in the call (the other form of a plural)
	where    string // the first call, for messages
}

// sourceKeys collects every key of a lang.X, lang.XN and lang.L call
// under ui/, reporting calls this test cannot check (a key or text that is
// not a literal) and keys used with different texts.
func sourceKeys(t *testing.T) map[string]keyUse {
	t.Helper()
	keys := map[string]keyUse{}
	for _, f := range parseUI(t, ".") {
		ast.Inspect(f.file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, ok := f.langCall(call)
			if !ok {
				return true
			}
			var u keyUse
			var key string
			switch fn {
			case "X", "LocalizeKey", "XN", "LocalizePluralKey":
				if len(call.Args) < 2 {
					return true
				}
				k, ok1 := stringLit(call.Args[0])
				fb, ok2 := stringLit(call.Args[1])
				if (!ok1 || !ok2) && strings.HasPrefix(f.path, "i18n/") {
					return true // Names: this package looks keys up by their English text
				}
				if !ok1 || !ok2 {
					t.Errorf("%s: lang.%s needs a literal key and English text, so that the translations can be checked", f.pos(call), fn)
					return true
				}
				key, u = k, keyUse{plural: fn == "XN" || fn == "LocalizePluralKey", fallback: fb}
				if u.plural && len(call.Args) > 3 && slices.Contains(placeholders(fb), "PluralCount") && !hasKey(call.Args[3], "PluralCount") {
					t.Errorf("%s: lang.%s with template data shows no count: go-i18n fills PluralCount only without data, "+
						"so the data must hold \"PluralCount\"", f.pos(call), fn)
				}
			case "L", "Localize", "N", "LocalizePlural":
				t.Errorf("%s: lang.%s makes the English text the key; use lang.X or lang.XN with a key", f.pos(call), fn)
				return true
			default:
				return true
			}
			u.where = f.pos(call)
			if old, seen := keys[key]; seen && (old.plural != u.plural || old.fallback != u.fallback) {
				t.Errorf("%s: key %q is used with %q (plural %v), at %s with %q (plural %v)", u.where, key, u.fallback, u.plural,
					old.where, old.fallback, old.plural)
				return true
			}
			if _, seen := keys[key]; !seen {
				keys[key] = u
			}
			return true
		})
	}
	return keys
}

// entry is one key of a translation file: a text, or plural forms.
type entry struct {
	text  string
	forms map[string]string // nil for a text
}

// readTranslations reads a translation file: its keys in file order and
// their entries. Anything but a flat object of texts and plural forms,
// and a key given twice, is an error.
func readTranslations(path string) (order []string, entries map[string]entry, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, nil, fmt.Errorf("%s: not a JSON object", path)
	}
	entries = map[string]entry{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", path, err)
		}
		key := tok.(string)
		if _, dup := entries[key]; dup {
			return nil, nil, fmt.Errorf("%s: key %q twice", path, key)
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, nil, fmt.Errorf("%s: %s: %v", path, key, err)
		}
		var e entry
		if json.Unmarshal(raw, &e.text) != nil {
			if err := json.Unmarshal(raw, &e.forms); err != nil {
				return nil, nil, fmt.Errorf("%s: %s: want a text or an object of plural forms: %v", path, key, err)
			}
		}
		order = append(order, key)
		entries[key] = e
	}
	return order, entries, nil
}

// pluralForms are the plural forms each language needs (CLDR, as
// go-i18n chooses them).
var pluralForms = map[string][]string{
	English: {"one", "other"},
	Russian: {"one", "few", "many", "other"},
}

// reservedLeaves are go-i18n's message fields: a key ending in one would
// be read as a field of its parent if the file were ever nested.
var reservedLeaves = []string{"id", "description", "hash", "leftdelim", "rightdelim", "zero", "one", "two", "few", "many", "other", "translation"}

// keyPattern is the shape of a key: lower-case dotted words, an area first.
var keyPattern = regexp.MustCompile(`^[a-z0-9_]+(\.[a-z0-9_]+)+$`)

// placeholders are the template fields a text uses, sorted ("{{.Name}}").
func placeholders(s string) []string {
	m := regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`).FindAllStringSubmatch(s, -1)
	var out []string
	for _, x := range m {
		out = append(out, x[1])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Every key the window's source uses has its English and Russian texts
// (all plural forms for lang.XN keys, the same template fields as the
// source's English text), the English text in en.json is the source's,
// neither file holds a key the source no longer uses, and both are kept
// sorted by key.
func TestTranslationKeys(t *testing.T) {
	keys := sourceKeys(t)
	if len(keys) == 0 {
		t.Fatal("no lang.X or lang.XN call found under ui/")
	}
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		if !keyPattern.MatchString(k) {
			t.Errorf("%s: key %q: want lower-case dotted words (area.what)", keys[k].where, k)
		}
		leaf := k[strings.LastIndex(k, ".")+1:]
		if slices.Contains(reservedLeaves, leaf) {
			t.Errorf("%s: key %q ends in go-i18n's reserved name %q", keys[k].where, k, leaf)
		}
	}
	if *update {
		writeEnglish(t, keys)
		dropUnused(t, filepath.Join("translations", "ru.json"), keys)
	}
	for _, l := range []string{English, Russian} {
		checkFile(t, l, keys)
	}
}

// checkFile checks translations/<language>.json against the source's keys.
func checkFile(t *testing.T, language string, keys map[string]keyUse) {
	t.Helper()
	path := filepath.Join("translations", language+".json")
	order, entries, err := readTranslations(path)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.IsSorted(order) {
		t.Errorf("%s is not sorted by key (go test ./ui/i18n -update sorts it)", path)
	}
	var missing []string
	for _, k := range slices.Sorted(maps.Keys(keys)) {
		u := keys[k]
		e, ok := entries[k]
		if !ok {
			missing = append(missing, k)
			continue
		}
		checkEntry(t, path, language, k, u, e)
	}
	for _, k := range order {
		if _, used := keys[k]; !used {
			t.Errorf("%s: %q is not used by the source (go test ./ui/i18n -update drops it)", path, k)
		}
	}
	if len(missing) > 0 {
		var b strings.Builder
		for _, k := range missing {
			fmt.Fprintf(&b, "\n  %q: %q,   // %s", k, keys[k].fallback, keys[k].where)
		}
		t.Errorf("%s lacks %d of the source's keys:%s", path, len(missing), b.String())
	}
}

// checkEntry checks one key's entry: a text for lang.X, the language's
// plural forms for lang.XN, each with the source's template fields and
// parsing as a template; in English, the source's text.
func checkEntry(t *testing.T, path, language, k string, u keyUse, e entry) {
	t.Helper()
	want := placeholders(u.fallback)
	texts := map[string]string{"": e.text}
	switch {
	case u.plural && e.forms == nil:
		t.Errorf("%s: %q is a plural key (lang.XN): want the forms %v", path, k, pluralForms[language])
		return
	case !u.plural && e.forms != nil:
		t.Errorf("%s: %q is a plain key (lang.X): want a text, not plural forms", path, k)
		return
	case u.plural:
		texts = e.forms
		if got := slices.Sorted(maps.Keys(e.forms)); !slices.Equal(got, slices.Sorted(slices.Values(pluralForms[language]))) {
			t.Errorf("%s: %q has the forms %v, want %v", path, k, got, pluralForms[language])
		}
	}
	for form, s := range texts {
		name := fmt.Sprintf("%q", k)
		if form != "" {
			name += " " + form
		}
		if s == "" {
			t.Errorf("%s: %s is empty", path, name)
		}
		if got := placeholders(s); !slices.Equal(got, want) {
			t.Errorf("%s: %s %q uses the fields %v, the source's text %q uses %v", path, name, s, got, u.fallback, want)
		}
		if _, err := template.New(k).Parse(s); err != nil {
			t.Errorf("%s: %s: %v", path, name, err)
		}
	}
	if language == English {
		got := e.text
		if u.plural {
			got = e.forms["other"]
		}
		if got != u.fallback {
			t.Errorf("%s: %q is %q, the source says %q (go test ./ui/i18n -update writes the source's)", path, k, got, u.fallback)
		}
	}
}

// hasKey reports whether e, template data, holds key: a map literal with
// the key, or anything else (a variable, a struct: not checked here).
func hasKey(e ast.Expr, key string) bool {
	c, ok := e.(*ast.CompositeLit)
	if !ok {
		return true
	}
	if _, isMap := c.Type.(*ast.MapType); !isMap {
		return true
	}
	for _, el := range c.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if k, ok := stringLit(kv.Key); ok && k == key {
				return true
			}
		}
	}
	return false
}
