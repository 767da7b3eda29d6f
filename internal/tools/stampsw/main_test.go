package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRun: stamps a folder in place and says what it listed; a missing DIR
// and a folder without pages are one-line errors.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte(`<meta name="pcaplay-version" content="dev">`), 0o644)
	os.WriteFile(filepath.Join(dir, "sw.js"), []byte("const PRECACHE = { version: \"dev\", files: null };\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "app.js"), []byte("export {};\n"), 0o644)
	var out, errb bytes.Buffer
	if code := run([]string{dir}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), ": 2 files, ") {
		t.Errorf("output %q", out.String())
	}
	if sw, _ := os.ReadFile(filepath.Join(dir, "sw.js")); !bytes.Contains(sw, []byte(`"app.js":"`)) {
		t.Errorf("sw.js not stamped: %s", sw)
	}
	errb.Reset()
	if code := run(nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "want one DIR") {
		t.Errorf("no DIR: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := run([]string{t.TempDir()}, &out, &errb); code != 1 || strings.Count(errb.String(), "\n") != 1 {
		t.Errorf("empty folder: exit %d, %q", code, errb.String())
	}
}
