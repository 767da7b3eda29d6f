package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pcaplay/internal/onefile"
	"pcaplay/internal/precache"
)

// miniSite writes a small built site (the files export-html reads) into a
// new folder, stamped as the build stamps it (precache.Stamp): a teaching
// problem's file needs no data.
func miniSite(t *testing.T) string {
	t.Helper()
	dir, src := t.TempDir(), t.TempDir()
	for name, text := range map[string]string{
		"index.html": `<html><head><meta name="pcaplay-version" content="dev"><script type="module" src="boot.js"></script></head><body></body></html>`,
		"sw.js":      "const PRECACHE = {\"version\":\"dev\",\"files\":null};\n",
	} {
		if err := os.WriteFile(filepath.Join(src, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, text := range map[string]string{
		"boot.js":        "import { P } from \"./protocol.js\";\nnew Worker(new URL(\"./worker.js\", import.meta.url), { type: \"module\" });\n",
		"protocol.js":    "export const P = 1;\n",
		"worker.js":      "import \"./wasm_exec.js\";\nimport { P } from \"./protocol.js\";\nself.p = P;\n",
		"wasm_exec.js":   "globalThis.Go = class {};\n",
		onefile.WasmFile: "\x00asm\x01\x00\x00\x00",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := precache.Stamp(dir, src); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestExportHTML(t *testing.T) {
	site := miniSite(t)
	out := filepath.Join(t.TempDir(), "demo.html")
	r := cec(t, "", "export-html", "-site", site, "-o", out, "http://host/pcaplay/#problem=rosenbrock&seed=4")
	if r.code != 0 || !strings.Contains(r.stdout, "demo.html") || !strings.Contains(r.stdout, "play mode") {
		t.Fatalf("export-html: %+v", r)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(`"hash":"#problem=rosenbrock\u0026seed=4"`)) || bytes.Contains(b, []byte(`src="boot.js"`)) {
		t.Errorf("the file does not open at the link's address, or loads boot.js from beside it: %.300s", b)
	}
	if r := cec(t, "", "export-html", "-h"); r.code != 0 || !strings.Contains(r.stdout, "-site") {
		t.Errorf("export-html -h: %+v", r)
	}
}

func TestExportHTMLErrors(t *testing.T) {
	site := miniSite(t)
	out := filepath.Join(t.TempDir(), "demo.html")
	wantBadInput(t, cec(t, "", "export-html", "-site", site, "-o", out, "#problem=C05&dim=7"), "dim", "7")
	wantBadInput(t, cec(t, "", "export-html", "-site", site, "-o", out, "#algo=frob"), "frob")
	wantBadInput(t, cec(t, "", "export-html", "-site", site, "-o", out, "#mode=experiment&runs=-3"), "runs", "-3")
	wantBadInput(t, cec(t, "", "export-html", "-site", site, "#seed=1"), "-o is required")
	wantBadInput(t, cec(t, "", "export-html", "-site", site, "-o", out, "#seed=1", "#seed=2"), "#seed=2")
	wantBadInput(t, cec(t, "", "export-html", "-site", site, "-o", filepath.Join(t.TempDir(), "no", "demo.html")), "does not exist")
	wantBadInput(t, cec(t, "", "export-html", "-site", filepath.Join(site, "nowhere"), "-o", out), "-site", "make site")
	// a half-copied site: a file of another version, a file missing
	if err := os.WriteFile(filepath.Join(site, "protocol.js"), []byte("export const P = 2;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wantBadInput(t, cec(t, "", "export-html", "-site", site, "-o", out), "protocol.js is not the file of the site's version", "half-copied")
	site = miniSite(t)
	if err := os.Remove(filepath.Join(site, onefile.WasmFile)); err != nil {
		t.Fatal(err)
	}
	wantBadInput(t, cec(t, "", "export-html", "-site", site, "-o", out), "the site lacks "+onefile.WasmFile)
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed export wrote the file")
	}
}
