// Package docs holds pcaplay's documents (the guide, the architecture, the
// notes and the reproductions' reports). Its tests check what a document
// can get wrong without anyone noticing: a relative link to a file that
// is not there, a folder or Go package missing from the README's layout
// table, and a reference to an issue number instead of a description; and
// one rule of the code that docs/architecture.md states: no function over
// 100 lines without a reason (funclen_test.go).
package docs

import (
	"bufio"
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// root is the repository's root, seen from this package.
const root = ".."

// ignored returns the top-level folders that .gitignore names (/bin/, …):
// build outputs, not part of the repository.
func ignored(t *testing.T) map[string]bool {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, ".gitignore"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{".git": true}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(l, "/") && strings.HasSuffix(l, "/") && strings.Count(l, "/") == 2 {
			out[strings.Trim(l, "/")] = true
		}
	}
	return out
}

// skipDir reports whether the walk skips a folder: version control,
// installed npm packages, the built site, and the ignored top-level ones.
func skipDir(path string, d fs.DirEntry, ign map[string]bool) bool {
	rel, _ := filepath.Rel(root, path)
	rel = filepath.ToSlash(rel)
	return d.Name() == "node_modules" || d.Name() == ".git" || rel == "cmd/serve/public" || ign[rel]
}

// files returns the repository's files (outside the folders skipDir
// skips) whose names keep accepts.
func files(t *testing.T, keep func(name string) bool) []string {
	t.Helper()
	ign := ignored(t)
	var out []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && skipDir(path, d, ign) {
				return filepath.SkipDir
			}
			return nil
		}
		if keep(d.Name()) {
			out = append(out, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// markdown returns the Markdown files of the repository.
func markdown(t *testing.T) []string {
	t.Helper()
	return files(t, func(name string) bool { return strings.HasSuffix(name, ".md") })
}

var (
	mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	fence  = regexp.MustCompile("(?s)```.*?```")
)

// TestLinksResolve: every relative link of every Markdown file names a file
// or folder that exists.
func TestLinksResolve(t *testing.T) {
	files := markdown(t)
	if len(files) < 10 {
		t.Fatalf("found %d Markdown files", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := fence.ReplaceAllString(string(b), "")
		for _, m := range mdLink.FindAllStringSubmatch(text, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "#") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			target, _, _ = strings.Cut(target, "#")
			if _, err := os.Stat(filepath.Join(filepath.Dir(f), filepath.FromSlash(target))); err != nil {
				rel, _ := filepath.Rel(root, f)
				t.Errorf("%s links %s, which does not exist", filepath.ToSlash(rel), m[1])
			}
		}
	}
}

// TestLayoutComplete: the README's layout table names every top-level
// folder and every Go package.
func TestLayoutComplete(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(b), "\n## Layout\n")
	if !ok {
		t.Fatal("README.md has no ## Layout section")
	}
	table, _, _ := strings.Cut(after, "\n## ")
	named := func(dir string) bool {
		return strings.Contains(table, "`"+dir+"`") || strings.Contains(table, "`"+dir+"/")
	}

	ign := ignored(t)
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && !ign[e.Name()] && !named(e.Name()) {
			t.Errorf("README.md's layout table does not name the folder %s/", e.Name())
		}
	}

	pkgs := map[string]bool{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (skipDir(path, d, ign) || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") {
			rel, _ := filepath.Rel(root, filepath.Dir(path))
			pkgs[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 20 {
		t.Fatalf("found %d Go packages", len(pkgs))
	}
	for p := range pkgs {
		if !named(p) {
			t.Errorf("README.md's layout table does not name the Go package %s", p)
		}
	}
}

// issueRef matches a pointer to an issue by number: the word issue (or
// issues) followed by a number, with or without a "#", or a "#" and a
// number in parentheses. Code and documents say what a thing is instead.
var issueRef = regexp.MustCompile(`(?i)\bissues? #?[0-9]+|\(#[0-9]+\)`)

// TestNoIssueNumbers: no source file or document points at an issue number.
func TestNoIssueNumbers(t *testing.T) {
	text := map[string]bool{".go": true, ".js": true, ".md": true, ".sh": true, ".html": true,
		".css": true, ".yaml": true, ".yml": true, ".sbatch": true}
	paths := files(t, func(name string) bool {
		return text[filepath.Ext(name)] || name == "Makefile" || strings.HasPrefix(name, "Dockerfile") || name == "run"
	})
	if len(paths) < 100 {
		t.Fatalf("checked %d files", len(paths))
	}
	for _, path := range paths {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if m := issueRef.FindString(line); m != "" {
				rel, _ := filepath.Rel(root, path)
				t.Errorf("%s:%d: %q points at an issue number; say what the thing is", filepath.ToSlash(rel), i+1, m)
			}
		}
	}
}
