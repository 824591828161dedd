package cli

import (
	"fmt"
	"regexp"
	"strings"

	"rummage/formats"
)

// kinds are the node kinds `export --kind` takes: every kind.
var kinds = formats.Kinds

// nodeFilter is export's --kind, --type and --name: a node passes when it
// matches one value of each kind of filter given. The export walks into
// the file's root whatever it is, and writes a container that passes
// whole (export.Options.Keep).
type nodeFilter struct {
	kinds map[string]bool // lower case
	types map[string]bool // lower case
	names []*regexp.Regexp
}

// parseFilter reads the repeatable --kind, --type and --name; nil when none
// is given, msg a usage error ("" when none).
func parseFilter(a *args) (f *nodeFilter, msg string) {
	if len(a.all["kind"])+len(a.all["type"])+len(a.all["name"]) == 0 {
		return nil, ""
	}
	f = &nodeFilter{kinds: map[string]bool{}, types: map[string]bool{}}
	for _, k := range a.all["kind"] {
		k = strings.ToLower(k)
		if !validKind(k) {
			return nil, fmt.Sprintf("--kind %q: want one of %s", k, kindList())
		}
		f.kinds[k] = true
	}
	for _, t := range a.all["type"] {
		if t == "" {
			return nil, "--type needs a type tag (as ls prints it)"
		}
		f.types[strings.ToLower(t)] = true
	}
	for _, n := range a.all["name"] {
		re, err := regexp.Compile(n)
		if err != nil {
			return nil, fmt.Sprintf("--name %q: %v", n, err)
		}
		f.names = append(f.names, re)
	}
	return f, ""
}

func validKind(k string) bool {
	for _, v := range kinds {
		if string(v) == k {
			return true
		}
	}
	return false
}

func kindList() string {
	s := make([]string, len(kinds))
	for i, k := range kinds {
		s[i] = string(k)
	}
	return strings.Join(s, ", ")
}

// keep is the filter as export.Options.Keep: nil (keep every node) for a
// nil filter. The export walks into containers that do not match (a TXD
// for --kind texture) and keeps the nodes inside that do.
func (f *nodeFilter) keep() func(formats.Node) bool {
	if f == nil {
		return nil
	}
	return f.match
}

// match reports whether n passes the filter (a nil filter passes all).
func (f *nodeFilter) match(n formats.Node) bool {
	if f == nil {
		return true
	}
	if len(f.kinds) > 0 && !f.kinds[string(formats.SafeKind(n))] {
		return false
	}
	if len(f.types) > 0 && !f.types[strings.ToLower(formats.SafeType(n))] {
		return false
	}
	if len(f.names) == 0 {
		return true
	}
	name := formats.SafeName(n)
	for _, re := range f.names {
		if re.MatchString(name) {
			return true
		}
	}
	return false
}
