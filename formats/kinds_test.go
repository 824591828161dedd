package formats

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"testing"
)

// TestKindsListsEveryKind reads the Kind constants of asset.go and checks
// that Kinds holds each of them once (export --kind takes Kinds: a kind
// left out could not be asked for).
func TestKindsListsEveryKind(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "asset.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var declared []Kind
	ast.Inspect(f, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || vs.Type == nil || len(vs.Values) != 1 {
			return true
		}
		if id, ok := vs.Type.(*ast.Ident); ok && id.Name == "Kind" {
			if lit, ok := vs.Values[0].(*ast.BasicLit); ok {
				v, _ := strconv.Unquote(lit.Value)
				declared = append(declared, Kind(v))
			}
		}
		return true
	})
	if len(declared) < 12 {
		t.Fatalf("found %d Kind constants in asset.go, want at least 12", len(declared))
	}
	seen := map[Kind]int{}
	for _, k := range Kinds {
		seen[k]++
	}
	for _, k := range declared {
		if seen[k] != 1 {
			t.Errorf("kind %q is in Kinds %d times, want once", k, seen[k])
		}
	}
	if len(Kinds) != len(declared) {
		t.Errorf("Kinds has %d kinds, asset.go declares %d", len(Kinds), len(declared))
	}
}
