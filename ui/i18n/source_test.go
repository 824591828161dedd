package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// uiDir is the window's source, ui/, as seen from this package.
const uiDir = ".."

// langPath is the import path of Fyne's translation package.
const langPath = "fyne.io/fyne/v2/lang"

// sourceFile is one parsed Go file of ui/ (tests left out).
type sourceFile struct {
	path string // relative to ui/, slash-separated
	fset *token.FileSet
	file *ast.File
}

// pos is where node n is, for messages: "inspect/txd/txd.go:42".
func (f *sourceFile) pos(n ast.Node) string {
	p := f.fset.Position(n.Pos())
	return f.path + ":" + strconv.Itoa(p.Line)
}

// importName is the name file f uses for the package with import path
// path ("" when it does not import it).
func (f *sourceFile) importName(path string) string {
	for _, im := range f.file.Imports {
		if p, _ := strconv.Unquote(im.Path.Value); p == path {
			if im.Name != nil {
				return im.Name.Name
			}
			return path[strings.LastIndex(path, "/")+1:]
		}
	}
	return ""
}

// parseUI parses the non-test Go files of ui/ below the folders dirs
// (relative to ui/; "." is all of it).
func parseUI(t *testing.T, dirs ...string) []*sourceFile {
	t.Helper()
	var out []*sourceFile
	for _, d := range dirs {
		root := filepath.Join(uiDir, d)
		err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if e.IsDir() && e.Name() == "testdata" {
				return filepath.SkipDir
			}
			if e.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return nil
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, p, nil, 0)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(uiDir, p)
			out = append(out, &sourceFile{path: filepath.ToSlash(rel), fset: fset, file: f})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no Go files under %v in %s", dirs, uiDir)
	}
	return out
}

// langCall reports whether call is lang.<fn> of Fyne's translation
// package in f, and which fn.
func (f *sourceFile) langCall(call *ast.CallExpr) (fn string, ok bool) {
	sel, isSel := call.Fun.(*ast.SelectorExpr)
	if !isSel {
		return "", false
	}
	id, isID := sel.X.(*ast.Ident)
	name := f.importName(langPath)
	if !isID || name == "" || id.Name != name {
		return "", false
	}
	return sel.Sel.Name, true
}

// stringLit is the value of a string literal, ok false for anything else.
func stringLit(e ast.Expr) (string, bool) {
	b, isLit := e.(*ast.BasicLit)
	if !isLit || b.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(b.Value)
	return s, err == nil
}
