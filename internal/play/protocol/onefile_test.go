//go:build !pcaplay_playground

package protocol

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"pcaplay/internal/onefile"
	"pcaplay/internal/play/wire"
)

// The oneFile command as the page's download drives it: it names the
// files it lacks, round by round, then answers the file; a bad address is
// a bad-argument error naming the value.
func TestOneFileCommand(t *testing.T) {
	var do func(req *OneFileRequest) (*OneFile, error)
	for _, c := range Commands() {
		if c.Name == "oneFile" {
			do = func(req *OneFileRequest) (*OneFile, error) {
				r, err := c.Handle(&Host{}, req)
				if err != nil {
					return nil, err
				}
				return r.(*OneFile), nil
			}
		}
	}
	if do == nil {
		t.Fatal("no oneFile command")
	}
	site := map[string][]byte{
		"index.html":   []byte(`<html><head><script type="module" src="boot.js"></script></head><body></body></html>`),
		"boot.js":      []byte("import { P } from \"./protocol.js\";\n"),
		"protocol.js":  []byte("export const P = 1;\n"),
		"worker.js":    []byte("import \"./wasm_exec.js\";\nimport { P } from \"./protocol.js\";\n"),
		"wasm_exec.js": []byte("globalThis.Go = class {};\n"),
		FullModule:     []byte("\x00asm\x01\x00\x00\x00"),
	}
	files := map[string][]byte{}
	var r *OneFile
	for round := 0; ; round++ {
		var err error
		if r, err = do(&OneFileRequest{Hash: "#problem=rosenbrock&seed=4", Files: files}); err != nil {
			t.Fatal(err)
		}
		if len(r.Missing) == 0 {
			break
		}
		if round == 0 && !slices.Equal(r.Missing, []string{"index.html", FullModule, "worker.js"}) {
			t.Errorf("first round: missing %v", r.Missing)
		}
		if round == 5 {
			t.Fatalf("still missing %v", r.Missing)
		}
		for _, name := range r.Missing {
			files[name] = site[name]
		}
	}
	if onefile.WasmFile != FullModule {
		t.Errorf("the one-file page carries %s, not the full module %s", onefile.WasmFile, FullModule)
	}
	if r.Mode != "play" || !bytes.Contains(r.HTML, []byte(`id="pcaplay-offline"`)) {
		t.Errorf("the file: mode %q, %.200s", r.Mode, r.HTML)
	}
	_, err := do(&OneFileRequest{Hash: "#problem=C05&dim=7", Files: files})
	var we *wire.Error
	if !errors.As(err, &we) || we.Code != wire.CodeBadArgument || !strings.Contains(err.Error(), `dim="7"`) {
		t.Errorf("a bad address: %v", err)
	}
}
