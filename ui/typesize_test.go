package ui

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// maxMethods is the most methods a type of the window may have: a type
// that collects more does two jobs (docs: the window is a set of small
// controllers wired in one place).
const maxMethods = 30

// uiPackages is every package the limit holds for.
const uiPackages = "rummage/ui/..."

// TestNoTypeHasMoreThan30Methods type-checks every package under ui/ from
// its source and fails for each type with more than maxMethods methods:
// the methods declared on it and those promoted to it from the ui types it
// embeds (methods promoted from Fyne's widgets are Fyne's, not counted).
func TestNoTypeHasMoreThan30Methods(t *testing.T) {
	pkgs := loadSources(t, uiPackages)
	if len(pkgs) < 2 {
		t.Fatalf("loaded %d packages for %s", len(pkgs), uiPackages)
	}
	for _, p := range pkgs {
		for _, o := range typesOver(p, "rummage/ui", maxMethods) {
			t.Errorf("%s: %s has %d methods (split it: one concern, one small type)", p.Path(), o.name, o.methods)
		}
	}
}

// TestTypesOverCountsMethods checks the counter on made-up packages: 30
// methods pass, 31 fail, and methods promoted from an embedded type of the
// same module count, pointer and value receivers alike.
func TestTypesOverCountsMethods(t *testing.T) {
	src := func(n int) string {
		var b strings.Builder
		b.WriteString("package p\ntype big struct{}\ntype wrap struct{ *big; x int }\ntype iface interface {\n")
		for i := range n {
			fmt.Fprintf(&b, "\tI%d()\n", i)
		}
		b.WriteString("}\n")
		for i := range n {
			recv := "*big"
			if i%2 == 0 {
				recv = "big"
			}
			fmt.Fprintf(&b, "func (%s) M%d() {}\n", recv, i)
		}
		return b.String()
	}
	for _, c := range []struct {
		methods int
		want    []string
	}{
		{30, nil},
		{31, []string{"big 31", "iface 31", "wrap 31"}},
	} {
		p := checkSource(t, "p", map[string]string{"p.go": src(c.methods)})
		var got []string
		for _, o := range typesOver(p, "p", maxMethods) {
			got = append(got, fmt.Sprintf("%s %d", o.name, o.methods))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%d methods: got %q, want %q", c.methods, got, c.want)
		}
	}
}

// bigType is a type over the limit and its method count.
type bigType struct {
	name    string
	methods int
}

// typesOver lists the named types of p (package level or local) with more
// than limit methods from packages whose path starts with prefix, by name.
func typesOver(p *types.Package, prefix string, limit int) []bigType {
	var out []bigType
	seen := map[*types.TypeName]bool{}
	var visit func(s *types.Scope)
	visit = func(s *types.Scope) {
		for _, name := range s.Names() {
			tn, ok := s.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() || seen[tn] {
				continue
			}
			seen[tn] = true
			if n := methodCount(tn.Type(), prefix); n > limit {
				out = append(out, bigType{name, n})
			}
		}
		for i := range s.NumChildren() {
			visit(s.Child(i))
		}
	}
	visit(p.Scope())
	slices.SortFunc(out, func(a, b bigType) int { return strings.Compare(a.name, b.name) })
	return out
}

// methodCount counts the methods of t (of *t, which has the value
// receivers' too) declared in packages whose path starts with prefix.
func methodCount(t types.Type, prefix string) int {
	if types.IsInterface(t) {
		return t.Underlying().(*types.Interface).NumMethods()
	}
	ms := types.NewMethodSet(types.NewPointer(t))
	n := 0
	for i := range ms.Len() {
		if pkg := ms.At(i).Obj().Pkg(); pkg != nil && strings.HasPrefix(pkg.Path(), prefix) {
			n++
		}
	}
	return n
}

// listedPackage is the part of `go list -json` the loader reads.
type listedPackage struct {
	ImportPath, Dir, Export string
	GoFiles, CgoFiles       []string
	DepOnly                 bool
}

// loadSources type-checks the packages matching pattern from their source
// files (tests left out), with their imports read from the compiler's
// export data (`go list -export`, which builds them if needed).
func loadSources(t *testing.T, pattern string) []*types.Package {
	t.Helper()
	args := []string{"list", "-export", "-deps", "-json"}
	if raceEnabled {
		args = append(args, "-race") // the same build as the test's: from the cache
	}
	cmd := exec.Command("go", append(args, pattern)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	exports := map[string]string{}
	var targets []listedPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go list output: %v", err)
		}
		exports[p.ImportPath] = p.Export
		if !p.DepOnly {
			targets = append(targets, p)
		}
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		if f := exports[path]; f != "" {
			return os.Open(f)
		}
		return nil, fmt.Errorf("no export data for %s", path)
	})
	var pkgs []*types.Package
	for _, lp := range targets {
		var files []*ast.File
		for _, name := range append(lp.GoFiles, lp.CgoFiles...) {
			f, err := parser.ParseFile(fset, filepath.Join(lp.Dir, name), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		conf := types.Config{Importer: imp, FakeImportC: true}
		p, err := conf.Check(lp.ImportPath, fset, files, nil)
		if err != nil {
			t.Fatalf("type-check %s: %v", lp.ImportPath, err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// checkSource type-checks a package made of the given files (no imports).
func checkSource(t *testing.T, path string, srcs map[string]string) *types.Package {
	t.Helper()
	fset := token.NewFileSet()
	var files []*ast.File
	for name, src := range srcs {
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	p, err := (&types.Config{}).Check(path, fset, files, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
