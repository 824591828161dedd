package formats

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// named is a leaf with a name.
type named string

func (n named) Name() string              { return string(n) }
func (n named) Kind() Kind                { return KindRaw }
func (n named) Children() ([]Node, error) { return nil, nil }
func leaves(names ...string) (out []Node) {
	for _, n := range names {
		out = append(out, named(n))
	}
	return out
}

// dir is a container with fixed children and a case rule.
type dir struct {
	name string
	fold bool
	kids []Node
	err  error
}

func (d *dir) Name() string              { return d.name }
func (d *dir) Kind() Kind                { return KindArchive }
func (d *dir) Children() ([]Node, error) { return d.kids, d.err }
func (d *dir) FoldNames() bool           { return d.fold }

func TestChildNames(t *testing.T) {
	cases := []struct {
		names []string
		fold  bool
		want  string
	}{
		{[]string{"a", "b", "c"}, false, "a b c"},
		{[]string{"a", "a", "b"}, false, "a@0 a@1 b"},
		{[]string{"Tex", "TEX", "tex"}, false, "Tex TEX tex"},
		{[]string{"Tex", "TEX", "other"}, true, "Tex@0 TEX@1 other"},
		{[]string{"", "x", ""}, false, "@0 x @2"},
		{[]string{"a/b", "c"}, false, "a_b@0 c"},
		{[]string{"name@3", "z"}, false, "name@3@0 z"},
		{[]string{"name@", "a@b"}, false, "name@ a@b"},
		{nil, false, ""},
	}
	for _, c := range cases {
		got := strings.Join(ChildNames(leaves(c.names...), c.fold), " ")
		if got != c.want {
			t.Errorf("ChildNames(%q, fold=%v) = %q, want %q", c.names, c.fold, got, c.want)
		}
	}
}

func TestResolve(t *testing.T) {
	inner := &dir{name: "Inner", fold: false, kids: leaves("Leaf", "leaf", "x")}
	root := &dir{name: "root.lib", fold: true, kids: []Node{
		named("Brick"), named("dup"), named("DUP"), named(""), inner, named("a/b"), &dir{name: "bad", err: errors.New("corrupt directory")},
	}}
	cases := []struct {
		path string
		want string // name of the node found, or "error: substring"
	}{
		{"", "root.lib"},
		{"/", "root.lib"},
		{"Brick", "Brick"},
		{"BRICK", "Brick"},   // the root folds names
		{"/brick/", "Brick"}, // slashes around are ignored
		{"dup", "error: \"dup\" names 2 nodes: use dup@1 or DUP@2"}, // ambiguous without @N
		{"dup@1", "dup"},
		{"DUP@2", "DUP"},
		{"dup@2", "DUP"}, // case-insensitive here
		{"dup@0", "error: no node"},
		{"@3", ""},
		{"a_b@5", "a/b"},
		{"Inner/Leaf", "Leaf"}, // Inner does not fold: both spellings are distinct names
		{"inner/leaf", "leaf"}, // the root folds "inner", Inner has "leaf" itself
		{"Inner/LEAF", "error: no node \"LEAF\" in Inner"},
		{"Inner/x/y", "error: no node \"y\" in Inner/x"},
		{"missing", "error: no node \"missing\" at the file's root"},
		{"bad/x", "error: listing bad: corrupt directory"},
		{"Brick@9", "error: no node"},
		{"Brick@-1", "error: no node"},
	}
	for _, c := range cases {
		n, err := Resolve(root, c.path)
		if strings.HasPrefix(c.want, "error: ") {
			if err == nil || !strings.Contains(err.Error(), strings.TrimPrefix(c.want, "error: ")) {
				t.Errorf("Resolve(%q) = %v, %v; want an error with %q", c.path, n, err, c.want)
			}
			continue
		}
		if err != nil || n.Name() != c.want {
			t.Errorf("Resolve(%q) = %v, %v; want %q", c.path, n, err, c.want)
		}
	}
	// The children error keeps the cause.
	if _, err := Resolve(root, "bad/x"); !errors.Is(err, root.kids[6].(*dir).err) {
		t.Errorf("Resolve(bad/x) error %v does not wrap the listing error", err)
	}
}

// TestResolvePathCanonical checks the canonical path for every spelling.
func TestResolvePathCanonical(t *testing.T) {
	inner := &dir{name: "Inner", kids: leaves("Leaf", "leaf", "x", "x")}
	root := &dir{name: "root.lib", fold: true, kids: []Node{named("Brick"), named("dup"), named("DUP"), named(""), inner}}
	for path, want := range map[string]string{
		"":             "",
		"//":           "",
		"brick":        "Brick",
		"/BRICK/":      "Brick",
		"Dup@2":        "DUP@2",
		"@3":           "@3",
		"inner//Leaf":  "Inner/Leaf",
		"INNER/x@3":    "Inner/x@3",
		"inner/x@2///": "Inner/x@2",
	} {
		n, canon, err := ResolvePath(root, path)
		if err != nil || canon != want || n == nil {
			t.Errorf("ResolvePath(%q) = %v, %q, %v; want %q", path, n, canon, err, want)
		}
	}
	if _, _, err := ResolvePath(root, "Inner/x"); err == nil || err.Error() != `"x" names 2 nodes: use x@2 or x@3` {
		t.Errorf("ambiguous name below the root: %v", err)
	}
	many := &dir{name: "m", kids: leaves("a", "a", "a", "a", "a")}
	if _, _, err := ResolvePath(many, "a"); err == nil || err.Error() != `"a" names 5 nodes: use a@0 or a@1 or a@2 or ...` {
		t.Errorf("five alike: %v", err)
	}
	boom := &dir{name: "r", kids: []Node{panicky{}}}
	if _, _, err := ResolvePath(boom, "p/x"); err == nil || !strings.Contains(err.Error(), "listing p: internal error: children") {
		t.Errorf("a panic in Children: %v", err)
	}
}

// panicky is a node whose Children panics.
type panicky struct{}

func (panicky) Name() string              { return "p" }
func (panicky) Kind() Kind                { return KindArchive }
func (panicky) Children() ([]Node, error) { panic("children") }

// TestChildNamesResolve checks that every printed name resolves to its own child.
func TestChildNamesResolve(t *testing.T) {
	for _, fold := range []bool{false, true} {
		kids := leaves("a", "A", "", "", "b/c", "b_c", "x@1", "x", "x", "Ж", "ж")
		root := &dir{name: "r", fold: fold, kids: kids}
		names := ChildNames(kids, fold)
		seen := map[string]bool{}
		for i, n := range names {
			key := n
			if fold {
				key = strings.ToLower(n)
			}
			if seen[key] {
				t.Errorf("fold=%v: name %q printed twice", fold, n)
			}
			seen[key] = true
			got, err := Resolve(root, n)
			if err != nil {
				t.Errorf("fold=%v: Resolve(%q): %v", fold, n, err)
				continue
			}
			if got != kids[i] || got.Name() != kids[i].Name() {
				t.Errorf("fold=%v: Resolve(%q) = %q, want child %d %q", fold, n, got.Name(), i, kids[i].Name())
			}
		}
	}
}

func FuzzResolve(f *testing.F) {
	for _, s := range []string{"", "a", "a@1", "A/b", "@2", "//x//", "a_b@3/@0"} {
		f.Add(s)
	}
	root := &dir{name: "r", fold: true, kids: []Node{named("a"), named("A"), named(""), named("a/b"),
		&dir{name: "sub", kids: leaves("", "x", "x")}}}
	f.Fuzz(func(t *testing.T, p string) {
		n, err := Resolve(root, p)
		if err == nil && n == nil {
			t.Fatal("nil node without error")
		}
	})
}

func TestEscapedNames(t *testing.T) {
	leaf := func(name string) Node { return &Folder{NodeName: name} }
	root := &Folder{NodeName: "root", Items: []Node{
		leaf("caf\xe9"),     // Windows-1252 é: not UTF-8
		leaf("\x1b[31mred"), // a terminal escape
		leaf("100%41"),      // a literal % before hex digits
		leaf("50% off"),     // a % that needs nothing
		leaf("dup\xff"), leaf("dup\xff"),
	}}
	kids, _ := root.Children()
	want := []string{"caf%E9", "%1B[31mred", "100%2541", "50% off", "dup%FF@4", "dup%FF@5"}
	got := ChildNames(kids, false)
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("ChildNames = %q, want %q", got, want)
	}
	for i, p := range want {
		n, canon, err := ResolvePath(root, p)
		if err != nil || n != kids[i] || canon != p {
			t.Errorf("%q resolves to %v %q %v", p, n, canon, err)
		}
		if !utf8.ValidString(p) || strings.ContainsAny(p, "\x1b\r\n") {
			t.Errorf("%q is not printable", p)
		}
	}
	// The stored bytes themselves still name a node when unique.
	if n, canon, err := ResolvePath(root, "\x1b[31mred"); err != nil || n != kids[1] || canon != "%1B[31mred" {
		t.Errorf("raw name: %v %q %v", n, canon, err)
	}
}

// FuzzResolvePath builds a folder tree from the fuzzer's names and checks
// that every printed path resolves back to its node with the same
// canonical path, and that any path resolves or fails without a panic.
func FuzzResolvePath(f *testing.F) {
	for _, s := range []string{"a|b|a|@1", "caf\xe9|x\x1b|%41|%|", "n@3|n@3|/|//|a/b", "dup|DUP|Dup"} {
		f.Add(s, "a/b", false)
		f.Add(s, "dup@1", true)
	}
	f.Fuzz(func(t *testing.T, names, path string, fold bool) {
		var kids []Node
		for i, n := range strings.Split(names, "|") {
			if i == 20 {
				break
			}
			kids = append(kids, &Folder{NodeName: n, Items: []Node{&Folder{NodeName: n + "!"}}})
		}
		root := &foldingFolder{Folder: Folder{NodeName: "root", Items: kids}, fold: fold}
		printed := ChildNames(kids, fold)
		for i, p := range printed {
			n, canon, err := ResolvePath(root, p)
			if err != nil || n != kids[i] || canon != p {
				t.Fatalf("printed %q resolves to %v %q %v, want child %d", p, n, canon, err, i)
			}
			if !utf8.ValidString(p) {
				t.Fatalf("printed %q is not UTF-8", p)
			}
		}
		ResolvePath(root, path)
	})
}

// foldingFolder is a Folder whose names match case-insensitively.
type foldingFolder struct {
	Folder
	fold bool
}

func (f *foldingFolder) FoldNames() bool { return f.fold }
