package precache

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const page = `<!doctype html><meta name="pcaplay-version" content="dev"><script type="module" src="boot.js"></script>`
const worker = "importScripts(\"sw-core.js\");\nconst PRECACHE = { version: \"dev\", files: null };\nself.x = 1;\n"

// site writes a small site: src holds the sources of the pages and sw.js,
// dir the built site (the pages and sw.js copied as they are).
func site(t *testing.T) (dir, src string) {
	t.Helper()
	src, dir = t.TempDir(), t.TempDir()
	files := map[string]string{
		"index.html": page, "results.html": strings.Replace(page, "boot", "results-app", 1), "sw.js": worker,
		"boot.js": "import './x.js';", "x.js": "export const x = 1;", "pcaplay.wasm": "\x00asm",
		"pcaplay.wasm.br": "br", "pcaplay.wasm.gz": "gz", "README.md": "note", ".nojekyll": "",
		"data/cec2017/manifest.json": "{}", "data/cec2017/0123456789abcdef.txt": "1 2 3", "data/cec2017/SOURCE.md": "s",
	}
	for n, s := range files {
		for _, d := range []string{dir, src} {
			if d == src && !strings.HasSuffix(n, ".html") && n != "sw.js" {
				continue
			}
			p := filepath.Join(d, n)
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir, src
}

func readManifest(t *testing.T, dir string) Manifest {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "sw.js"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^const PRECACHE = (.*);$`).FindSubmatch(b)
	if m == nil {
		t.Fatalf("sw.js has no PRECACHE line:\n%s", b)
	}
	var man Manifest
	if err := json.Unmarshal(m[1], &man); err != nil {
		t.Fatal(err)
	}
	return man
}

// TestStamp: the list names exactly the files the worker precaches, each
// with the SHA-256 of the bytes in the folder (the pages as stamped), and
// every page carries the version written into sw.js.
func TestStamp(t *testing.T) {
	dir, src := site(t)
	m, err := Stamp(dir, src)
	if err != nil {
		t.Fatal(err)
	}
	if got := readManifest(t, dir); got.Version != m.Version || len(got.Files) != len(m.Files) {
		t.Fatalf("sw.js holds %+v, Stamp returned %+v", got, m)
	}
	want := []string{"boot.js", "data/cec2017/manifest.json", "index.html", "pcaplay.wasm", "results.html", "x.js"}
	if len(m.Files) != len(want) {
		t.Errorf("listed %v, want %v", m.Files, want)
	}
	for _, n := range want {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		s := sha256.Sum256(b)
		if m.Files[n] != hex.EncodeToString(s[:]) {
			t.Errorf("%s: listed %s, the file's SHA-256 is %x", n, m.Files[n], s)
		}
		if strings.HasSuffix(n, ".html") && !bytes.Contains(b, []byte(`content="`+m.Version+`"`)) {
			t.Errorf("%s is not stamped with %s:\n%s", n, m.Version, b)
		}
	}
	if !regexp.MustCompile(`^[0-9a-f]{16}$`).MatchString(m.Version) {
		t.Errorf("version %q", m.Version)
	}
}

// TestStampAgain: stamping a stamped site in place changes nothing (the
// build stays idempotent), and a changed file changes the version and
// only its own sum besides the pages'.
func TestStampAgain(t *testing.T) {
	dir, src := site(t)
	m1, err := Stamp(dir, src)
	if err != nil {
		t.Fatal(err)
	}
	sw1, _ := os.ReadFile(filepath.Join(dir, "sw.js"))
	if m2, err := Stamp(dir, dir); err != nil || m2.Version != m1.Version {
		t.Fatalf("in place: %v, version %s, want %s", err, m2.Version, m1.Version)
	}
	if m3, err := Stamp(dir, src); err != nil || m3.Version != m1.Version {
		t.Fatalf("again from src: %v, version %s, want %s", err, m3.Version, m1.Version)
	}
	if sw2, _ := os.ReadFile(filepath.Join(dir, "sw.js")); !bytes.Equal(sw1, sw2) {
		t.Errorf("sw.js changed on a second stamp")
	}
	os.WriteFile(filepath.Join(dir, "x.js"), []byte("export const x = 2;"), 0o644)
	m4, err := Stamp(dir, dir)
	if err != nil {
		t.Fatal(err)
	}
	if m4.Version == m1.Version {
		t.Fatal("a changed file kept the version")
	}
	for n, s := range m4.Files {
		changed := s != m1.Files[n]
		if changed != (n == "x.js" || strings.HasSuffix(n, ".html")) {
			t.Errorf("%s: sum changed %v", n, changed)
		}
	}
}

// TestStampErrors: a page without its version meta, or a worker without
// its PRECACHE line, is a one-line error that names the file.
func TestStampErrors(t *testing.T) {
	dir, src := site(t)
	os.WriteFile(filepath.Join(src, "results.html"), []byte("<!doctype html>"), 0o644)
	if _, err := Stamp(dir, src); err == nil || !strings.Contains(err.Error(), "results.html") {
		t.Errorf("page without meta: %v", err)
	}
	dir, src = site(t)
	os.WriteFile(filepath.Join(src, "sw.js"), []byte("self.x = 1;\n"), 0o644)
	if _, err := Stamp(dir, src); err == nil || !strings.Contains(err.Error(), "sw.js") {
		t.Errorf("worker without PRECACHE: %v", err)
	}
}
