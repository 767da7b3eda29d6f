package docs

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// MaxFuncLines is the most lines a function's body may have in internal/,
// cmd/ and wasm/ unless its doc comment has a line that starts "Long
// because" and says why.
const MaxFuncLines = 100

// TestNoLongFunctions: no function declared in internal/, cmd/ or wasm/
// (tests included) has a body of more than MaxFuncLines lines, except one
// whose doc comment says why in a line starting "Long because". A long
// function reads better as named steps, top-down.
func TestNoLongFunctions(t *testing.T) {
	ign := ignored(t)
	fset := token.NewFileSet()
	for _, dir := range []string{"internal", "cmd", "wasm"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if skipDir(path, d, ign) || d.Name() == "testdata" {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			for _, decl := range f.Decls {
				fn, ok := decl.(*ast.FuncDecl)
				if !ok || fn.Body == nil {
					continue
				}
				n := fset.Position(fn.Body.Rbrace).Line - fset.Position(fn.Body.Lbrace).Line - 1
				if n > MaxFuncLines && !saysWhyLong(fn.Doc) {
					rel, _ := filepath.Rel(root, path)
					t.Errorf("%s: %s has a body of %d lines (at most %d, or a doc line \"Long because …\")",
						filepath.ToSlash(rel), funcName(fn), n, MaxFuncLines)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// saysWhyLong reports whether doc has a line starting "Long because".
func saysWhyLong(doc *ast.CommentGroup) bool {
	if doc == nil {
		return false
	}
	for _, l := range strings.Split(doc.Text(), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "Long because") {
			return true
		}
	}
	return false
}

// funcName is fn's name as a reader finds it: F, or T.M for a method.
func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	t := fn.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if ix, ok := t.(*ast.IndexExpr); ok {
		t = ix.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return fmt.Sprintf("%s.%s", id.Name, fn.Name.Name)
	}
	return fn.Name.Name
}
