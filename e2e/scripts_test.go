package e2e

import (
	"embed"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The JavaScript the tests run in the page lives in js/, one file per
// snippet, named for what it does, so that it reads (and is checked) as
// JavaScript. A file holds one of two things:
//
//   - an expression that the test evaluates as it is (most evaluate to a
//     value or a promise of one): jsExpr("NAME") is its text;
//   - a function expression, for a snippet that takes values from the test:
//     jsCall("NAME", args…) is the expression that calls it with the
//     arguments, each encoded as JSON (strings, numbers, lists, objects).
//
// Short one-line expressions (a property read, a click on one selector)
// stay in the Go code.
//
//go:embed js/*.js
var scripts embed.FS

// jsExpr returns the text of js/NAME.js without its final newline.
func jsExpr(name string) string {
	b, err := scripts.ReadFile("js/" + name + ".js")
	if err != nil {
		panic("e2e: no script js/" + name + ".js")
	}
	return strings.TrimRight(string(b), "\n")
}

// jsCall returns the expression that calls the function of js/NAME.js with
// args, each encoded as JSON: (FUNCTION\n)(ARG, …).
func jsCall(name string, args ...any) string {
	var b strings.Builder
	b.WriteString("(")
	b.WriteString(jsExpr(name))
	b.WriteString("\n)(") // on a line of its own: after a final comment too
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		j, err := json.Marshal(a)
		if err != nil {
			panic("e2e: an argument of js/" + name + ".js: " + err.Error())
		}
		b.Write(j)
	}
	b.WriteString(")")
	return b.String()
}

// TestScripts checks js/ without the browser: every script is used by a
// test and every script a test names is there, and, where Node is found,
// every script compiles as JavaScript.
func TestScripts(t *testing.T) {
	files, err := fs.Glob(scripts, "js/*.js")
	if err != nil {
		t.Fatal(err)
	}
	var have []string
	for _, f := range files {
		have = append(have, strings.TrimSuffix(filepath.Base(f), ".js"))
	}
	goFiles, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	// a script is used where a test names it as a Go string ("NAME")
	named := regexp.MustCompile(`js(?:Expr|Call)\("([^"]+)"`)
	var code strings.Builder
	for _, f := range goFiles {
		if f == "scripts_test.go" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		code.Write(b)
		for _, m := range named.FindAllStringSubmatch(string(b), -1) {
			if !slices.Contains(have, m[1]) {
				t.Errorf("%s names js/%s.js, which is missing", f, m[1])
			}
		}
	}
	for _, h := range have {
		if !strings.Contains(code.String(), `"`+h+`"`) {
			t.Errorf("js/%s.js: no test uses it", h)
		}
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Log("node not found: the scripts' syntax is not checked")
		return
	}
	// one Node for every file (testdata/compile-scripts.js)
	if out, err := exec.Command(node, append([]string{"testdata/compile-scripts.js"}, files...)...).CombinedOutput(); err != nil {
		t.Errorf("scripts that are not valid JavaScript (%v):\n%s", err, out)
	}
}
