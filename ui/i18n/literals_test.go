package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// literalChecked are the folders of ui/ whose window strings must all go
// through lang: all of it, the shell, the inspectors and the widgets.
var literalChecked = []string{"."}

// notWords are literals with words that read the same in every language,
// allowed where a text goes: the names of the program, a format and a
// platform.
var notWords = []string{"Rummage", "TXD", "PS2"}

// The functions whose string arguments are shown to people, by package:
// every function of widget and dialog, these of the others.
var (
	textPackages = []string{"fyne.io/fyne/v2/widget", "fyne.io/fyne/v2/dialog"}
	textFuncs    = map[string][]string{
		"fyne.io/fyne/v2/container": {"NewTabItem", "NewTabItemWithIcon"},
		"fyne.io/fyne/v2":           {"NewMenu", "NewMenuItem", "NewMenuItemWithIcon"},
		"fyne.io/fyne/v2/canvas":    {"NewText"},
	}
	// textMethods are methods (of any receiver) whose string arguments
	// are shown: the setters of widgets and dialogs, a Form's Append, the
	// host's status line and the shell's status bar (its messages, errors
	// and progress titles).
	textMethods = []string{"SetText", "SetPlaceHolder", "SetToolTip", "SetTitleText", "SetDismissText", "SetConfirmText",
		"SetSubTitle", "SetTitle", "SetSelected", "Append", "Status", "message", "messageAction", "setError",
		"startProgress", "progress"}
	// textFields are fields that hold a shown text, in a composite literal
	// or assigned; "Name" only in an inspect.Edit (the undo menu's text).
	textFields = []string{"Text", "PlaceHolder", "Label", "Title", "Message", "ToolTip"}
)

// printfVerb and templateField are the parts of a format that are not
// words; word is two letters or more in a row (a lone letter names a
// channel or an axis: "R⇄B", "%d×%d", "R %d  G %d").
var (
	printfVerb    = regexp.MustCompile(`%[-+# 0]*(\*|\d+)?(\.(\*|\d+))?[a-zA-Z%]`)
	templateField = regexp.MustCompile(`\{\{[^}]*\}\}`)
	word          = regexp.MustCompile(`\pL\pL`)
)

// isWords reports whether a literal reads as words: it has a word once
// format verbs and template fields are taken out, and is not in notWords.
func isWords(s string) bool {
	if slices.Contains(notWords, s) {
		return false
	}
	s = templateField.ReplaceAllString(printfVerb.ReplaceAllString(s, ""), "")
	return word.MatchString(s)
}

// literalFinder reports the word literals of one file that reach a window
// string without lang.
type literalFinder struct {
	f      *sourceFile
	report func(at ast.Node, lit, what string)
}

// shownIn reports the word literals inside e (a text argument or value):
// not inside a lang call, a function literal or an index.
func (lf literalFinder) shownIn(e ast.Expr, what string) {
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IndexExpr:
			ast.Inspect(x.X, func(m ast.Node) bool { return lf.visit(m, what) })
			return false
		case *ast.CallExpr:
			if _, isLang := lf.f.langCall(x); isLang {
				return false
			}
		}
		return lf.visit(n, what)
	})
}

func (lf literalFinder) visit(n ast.Node, what string) bool {
	if s, ok := n.(ast.Expr); ok {
		if v, isLit := stringLit(s); isLit && isWords(v) {
			lf.report(n, v, what)
		}
	}
	return true
}

// calledFunc is the package path and name of a package-level function
// call ("fyne.io/fyne/v2/widget", "NewLabel"); for a method call (of any
// receiver: l.SetText, in.title.SetText) the path is "" and the name the
// method's; both are "" for anything else.
func (f *sourceFile) calledFunc(call *ast.CallExpr) (path, name string) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", ""
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return "", sel.Sel.Name
	}
	for _, im := range f.file.Imports {
		p := strings.Trim(im.Path.Value, `"`)
		if f.importName(p) == id.Name {
			return p, sel.Sel.Name
		}
	}
	return "", sel.Sel.Name
}

// check walks the file for texts handed to widgets without lang.
func (lf literalFinder) check() {
	ast.Inspect(lf.f.file, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			lf.checkCall(x)
		case *ast.CompositeLit:
			lf.checkFields(x)
		case *ast.AssignStmt:
			for i, l := range x.Lhs {
				if sel, ok := l.(*ast.SelectorExpr); ok && slices.Contains(textFields, sel.Sel.Name) && i < len(x.Rhs) {
					lf.shownIn(x.Rhs[i], "the field "+sel.Sel.Name)
				}
			}
		}
		return true
	})
}

func (lf literalFinder) checkCall(call *ast.CallExpr) {
	path, name := lf.f.calledFunc(call)
	shown := slices.Contains(textPackages, path) || slices.Contains(textFuncs[path], name)
	if path == "" {
		shown = slices.Contains(textMethods, name)
	}
	if !shown {
		return
	}
	for _, a := range call.Args {
		lf.shownIn(a, name)
	}
}

func (lf literalFinder) checkFields(c *ast.CompositeLit) {
	edit := false
	if sel, ok := c.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Edit" {
		edit = true
	}
	for _, e := range c.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if k, ok := kv.Key.(*ast.Ident); ok && (slices.Contains(textFields, k.Name) || edit && k.Name == "Name") {
			lf.shownIn(kv.Value, "the field "+k.Name)
		}
	}
}

// No window string of the checked folders is a literal handed straight to
// a widget, a dialog, a tab, a menu, a setter, the status line or an undo
// name: each goes through lang.X (or lang.XN) with a key.
func TestNoUntranslatedLiterals(t *testing.T) {
	for _, f := range parseUI(t, literalChecked...) {
		literalFinder{f, func(at ast.Node, lit, what string) {
			t.Errorf("%s: %q is passed to %s: put it through lang.X", f.pos(at), lit, what)
		}}.check()
	}
}

// Package-level variables are made before the language is chosen (Apply
// runs in main): a lang call in their initialiser would keep the system's
// language, so the window's packages call lang in functions only.
func TestNoLangInPackageVars(t *testing.T) {
	for _, f := range parseUI(t, ".") {
		for _, d := range f.file.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.VAR {
				continue
			}
			ast.Inspect(g, func(n ast.Node) bool {
				if _, isFunc := n.(*ast.FuncLit); isFunc {
					return false
				}
				if call, ok := n.(*ast.CallExpr); ok {
					if fn, isLang := f.langCall(call); isLang {
						t.Errorf("%s: lang.%s in a package variable runs before the language is chosen", f.pos(call), fn)
					}
				}
				return true
			})
		}
	}
}

// The checks find what they look for: a literal label, a literal tab
// title, a word in a format given to a setter (of any receiver), a status
// bar error; not a letterless text, lone channel letters, a name in
// notWords or a text through lang.
func TestLiteralFinder(t *testing.T) {
	src := `package x
import (
	"fmt"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)
func f(l *widget.Label, n int) {
	widget.NewLabel("Swatch")
	container.NewTabItem("Entries", nil)
	l.SetText(fmt.Sprintf("%d phases", n))
	_ = Tab{Title: "Frames"}
	_ = inspect.Edit{Name: "set power"}
	l.Text = "Loading…"
	widget.NewButton("1:1", nil)
	widget.NewLabel(fmt.Sprintf("%d×%d", n, n))
	widget.NewLabel(lang.X("k.swatch", "Swatch"))
	widget.NewSelect([]string{"Wire", lang.X("k.solid", "Solid")}, nil)
	_ = Provider{Name: "entries"}
	in.title.SetText("Welcome")
	l.SetText(fmt.Sprintf("R %d  G %d", n, n))
	s.setError(fmt.Errorf("open folder %s: %w", "x", nil))
	s.Status("Rummage")
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	literalFinder{&sourceFile{path: "x.go", fset: fset, file: file}, func(_ ast.Node, lit, _ string) {
		got = append(got, lit)
	}}.check()
	want := []string{"Swatch", "Entries", "%d phases", "Frames", "set power", "Loading…", "Wire", "Welcome", "open folder %s: %w"}
	if !slices.Equal(got, want) {
		t.Errorf("found %q, want %q", got, want)
	}
}
