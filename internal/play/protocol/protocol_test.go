package protocol

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"unicode"

	"pcaplay/internal/play/wire"
)

var update = flag.Bool("update", false, "rewrite site/protocol.js from Protocol")

var protocolJSPath = filepath.Join("..", "..", "..", "site", "protocol.js")

// site/protocol.js is exactly what ProtocolJS writes and protocol.json
// (the protocol command's reply) exactly Protocol as JSON (go test -run
// TestProtocolJS -update rewrites both), and, when Node is there,
// importing protocol.js gives back the same values as Protocol: the two
// sides agree.
func TestProtocolJS(t *testing.T) {
	want := ProtocolJS()
	wantJSON, err := json.Marshal(Protocol())
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(protocolJSPath, want, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("protocol.json", wantJSON, 0o644); err != nil {
			t.Fatal(err)
		}
		protocolJSON = wantJSON
	}
	if !bytes.Equal(protocolJSON, wantJSON) {
		t.Fatalf("protocol.json differs from Protocol: run go test ./internal/play/protocol -run TestProtocolJS -update")
	}
	got, err := os.ReadFile(protocolJSPath)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s differs from Protocol: run go test ./internal/play/protocol -run TestProtocolJS -update", protocolJSPath)
	}
	if runtime.GOOS == "js" {
		// Inside the wasm test binary there are no processes to start; the
		// native run of this test (make test-go) does the Node cross-check.
		t.Skip("GOOS=js: site/protocol.js checked byte for byte only; the native run imports it in Node")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") != "" || os.Getenv("REQUIRE_CEC_DATA") != "" {
			t.Fatal("node is missing: it is needed to check site/protocol.js")
		}
		t.Skip("node not found: site/protocol.js checked byte for byte only")
	}
	abs, _ := filepath.Abs(protocolJSPath)
	var stderr bytes.Buffer
	cmd := exec.Command(node, "--input-type=module", "-e",
		`const m = await import(process.argv[1]); process.stdout.write(JSON.stringify({p: m.PROTOCOL, frozen: Object.isFrozen(m.PROTOCOL) && Object.isFrozen(m.PROTOCOL.errors), err: m.ERR === m.PROTOCOL.errors}));`,
		"file://"+abs)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node could not import %s: %v\n%s", protocolJSPath, err, stderr.Bytes())
	}
	var res struct {
		Protocol ProtocolSpec `json:"p"`
		Frozen   bool         `json:"frozen"`
		Err      bool         `json:"err"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("node output %q: %v", out, err)
	}
	if !reflect.DeepEqual(res.Protocol, Protocol()) {
		t.Errorf("PROTOCOL in JavaScript = %+v\nwant %+v", res.Protocol, Protocol())
	}
	if !res.Frozen || !res.Err {
		t.Errorf("PROTOCOL frozen %v, ERR is PROTOCOL.errors %v", res.Frozen, res.Err)
	}
}

// Every code has a JavaScript name, and the keys name each field once.
func TestProtocolComplete(t *testing.T) {
	p := Protocol()
	names := map[string]bool{}
	for _, c := range p.Errors {
		names[c] = true
	}
	for _, c := range wire.Codes {
		if !names[c] {
			t.Errorf("code %q has no name in Protocol().Errors", c)
		}
	}
	if len(p.Errors) != len(wire.Codes) {
		t.Errorf("%d names for %d codes", len(p.Errors), len(wire.Codes))
	}
	for what, keys := range p.Keys {
		seen := map[string]bool{}
		for _, k := range keys {
			if seen[k] {
				t.Errorf("keys of %s name %q twice", what, k)
			}
			seen[k] = true
		}
	}
	if len(p.Phases) != 6 {
		t.Errorf("%d operator phases, want 6", len(p.Phases))
	}
}

// The page's scripts call the module through the generated client
// (Commands in site/protocol.js: client.step(...)), never by spelling a
// command's name: no .call("name" of a command outside protocol.js and
// worker.js (the relay, which calls the module itself).
func TestPagesUseTheClient(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "site", "*.js"))
	if err != nil || len(files) == 0 {
		t.Fatalf("site/*.js: %v", err)
	}
	for _, f := range files {
		if n := filepath.Base(f); n == "protocol.js" || n == "worker.js" {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range Commands() {
			for _, q := range []string{`"`, `'`, "`"} {
				if bytes.Contains(b, []byte(".call("+q+c.Name+q)) {
					t.Errorf("%s calls command %q by name: use the client's method (Commands in site/protocol.js)", f, c.Name)
				}
			}
		}
	}
}

// One key casing across the protocol: every key of every request and
// reply object is lower camelCase (the run records and the exported files
// keep their own formats; they are not protocol objects).
func TestOneKeyCasing(t *testing.T) {
	for name, keys := range Protocol().Keys {
		for _, k := range keys {
			if strings.Contains(k, "_") || k == "" || unicode.IsUpper(rune(k[0])) {
				t.Errorf("%s key %q is not camelCase", name, k)
			}
		}
	}
}
