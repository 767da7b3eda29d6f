package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
)

func TestPrecompress(t *testing.T) {
	dir := t.TempDir()
	big := strings.Repeat("function f(){return 42}\n", 500)
	write := func(name, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("app.js", big)
	write("sub/page.html", big)
	write("tiny.css", "a{}")          // below -min
	write("image.png", big)           // not a listed extension
	write("random.wasm", noise(4096)) // incompressible: no sibling

	var out, errb strings.Builder
	if code := run([]string{dir}, &out, &errb); code != 0 {
		t.Fatalf("run = %d: %s", code, errb.String())
	}
	for _, name := range []string{"app.js", "sub/page.html"} {
		p := filepath.Join(dir, name)
		zr, err := gzip.NewReader(mustOpen(t, p+".gz"))
		if err != nil {
			t.Fatal(err)
		}
		if got := readAll(t, zr); got != big {
			t.Errorf("%s.gz does not decode to the source", name)
		}
		if got := readAll(t, brotli.NewReader(mustOpen(t, p+".br"))); got != big {
			t.Errorf("%s.br does not decode to the source", name)
		}
	}
	for _, name := range []string{"tiny.css.gz", "image.png.br", "random.wasm.gz", "random.wasm.br"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s written, want none", name)
		}
	}

	// A second run finds nothing to do and changes nothing.
	before := readFile(t, filepath.Join(dir, "app.js.br"))
	out.Reset()
	if code := run([]string{dir}, &out, &errb); code != 0 || out.Len() != 0 {
		t.Errorf("second run = %d, printed %q; want 0 and nothing", code, out.String())
	}
	// -force rewrites, with the same bytes (deterministic output).
	if code := run([]string{"-force", "-q", dir}, &out, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	if !bytes.Equal(before, readFile(t, filepath.Join(dir, "app.js.br"))) {
		t.Error("brotli output differs between runs")
	}
	gz1 := readFile(t, filepath.Join(dir, "app.js.gz"))

	// A changed source gets new siblings.
	time.Sleep(10 * time.Millisecond)
	write("app.js", big+big)
	future := time.Now().Add(time.Second)
	os.Chtimes(filepath.Join(dir, "app.js"), future, future)
	out.Reset()
	if code := run([]string{dir}, &out, &errb); code != 0 || !strings.Contains(out.String(), "app.js") {
		t.Errorf("run after a change = %d, printed %q", code, out.String())
	}
	if bytes.Equal(gz1, readFile(t, filepath.Join(dir, "app.js.gz"))) {
		t.Error("app.js.gz not rewritten after app.js changed")
	}

	// A source that shrinks below -min loses its (now stale) siblings.
	write("app.js", "tiny")
	if code := run([]string{dir}, &out, &errb); code != 0 {
		t.Fatal(errb.String())
	}
	for _, ext := range []string{".gz", ".br"} {
		if _, err := os.Stat(filepath.Join(dir, "app.js"+ext)); err == nil {
			t.Errorf("app.js%s kept after app.js shrank below -min", ext)
		}
	}
}

func TestBadArgs(t *testing.T) {
	for _, args := range [][]string{{}, {"-nope", "x"}, {"a", "b"}, {"-brotli", "12", "x"}} {
		var out, errb strings.Builder
		if code := run(args, &out, &errb); code != 2 || strings.Count(errb.String(), "\n") != 1 {
			t.Errorf("run(%q) = %d, stderr %q", args, code, errb.String())
		}
	}
}

func noise(n int) string {
	b := make([]byte, n)
	x := uint32(2463534242)
	for i := range b {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		b[i] = byte(x)
	}
	return string(b)
}

func mustOpen(t *testing.T, p string) io.Reader {
	t.Helper()
	return bytes.NewReader(readFile(t, p))
}

func readFile(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readAll(t *testing.T, r io.Reader) string {
	t.Helper()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
