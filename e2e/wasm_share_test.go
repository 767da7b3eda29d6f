package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestWasmCompiledOnce: the page compiles its module once and hands the
// module to every worker it starts: an experiment on 2 workers, one of
// whose runs crashes its worker (a fresh worker runs it again), asks the
// server for its module (pcaplay-full.wasm) once (before, each worker fetched it, a 304 at
// best, and compiled it again), and its records are all there; the
// official data it needs come from the server at most once.
func TestWasmCompiledOnce(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	siteMeter.reset()
	tb.openExperiment(hash("mode", "experiment", "problems", "C01", "fes", "2000", "runs", "4", "seed", "3",
		"configs", "pmode:pmode", "workers", "2"))
	eval[bool](tb, 5*time.Second, jsCall("crash-workers", map[string][]int{"4": {1}})) // run 1 (seed 4)
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.startOver(), true`)
	s := tb.waitExp("the end", 3*time.Minute, func(s ExpState) bool { return s.State == "done" })
	if s.Done != 4 || len(s.Failed) != 0 {
		t.Fatalf("after one crash: %+v, want 4 done", s)
	}
	sent := siteMeter.reset()
	// the experiment view loads the full module (worker-client.js's pageModule), never the playground's
	if n := sent["/pcaplay-full.wasm"].Requests; n != 1 {
		t.Errorf("pcaplay-full.wasm asked for %d times by a page with a probe, 2 workers and a restarted one: want once", n)
	}
	if n := sent["/pcaplay.wasm"].Requests; n != 0 {
		t.Errorf("the experiment view asked for the playground's pcaplay.wasm %d times: it runs the full module only", n)
	}
	// the official data of C01 at D = 10 are content-addressed, kept by the
	// browser without revalidation: the probe's worker fetches them (unless
	// an earlier test did), the pool's three workers take them from the cache
	data := 0
	for p, f := range sent {
		if strings.HasPrefix(p, "/data/cec2017/") && strings.HasSuffix(p, ".txt") {
			data++
			if f.Requests > 1 {
				t.Errorf("%s asked for %d times: an immutable file should come from the browser's cache", p, f.Requests)
			}
		}
	}
	if p := sent["/data/cec2017/manifest.json"]; p.Requests == 0 && data > 0 {
		t.Errorf("data files fetched without the manifest")
	}
	tb.noConsoleErrors()
}

// TestWasmCompileErrors: a module that cannot be fetched or compiled is a
// WorkerError naming the file (pcaplay.wasm) and why; a failure is not kept (the next
// worker asks again). A worker started without the page's module (its first
// message a command, or the page's reason it has none) compiles its own.
func TestWasmCompileErrors(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open("")
	siteMeter.reset()
	type result struct {
		Missing  []string `json:"missing"`
		NotWasm  []string `json:"notWasm"`
		Alone    float64  `json:"alone"`
		Told     float64  `json:"told"`
		Instance bool     `json:"instance"`
	}
	r := eval[result](tb, 90*time.Second, jsExpr("wasm-compile-errors"))
	if len(r.Missing) != 3 || r.Missing[0] != "WorkerError" || r.Missing[1] != "worker-failed" || r.Missing[2] != "pcaplay.wasm: HTTP 404" {
		t.Errorf("a missing module: %q, want a WorkerError worker-failed \"pcaplay.wasm: HTTP 404\"", r.Missing)
	}
	if n := siteMeter.reset()["/missing/pcaplay.wasm"].Requests; n != 2 {
		t.Errorf("the missing module asked for %d times in two tries: a failure must not be kept", n)
	}
	if len(r.NotWasm) != 3 || r.NotWasm[1] != "worker-failed" || !strings.HasPrefix(r.NotWasm[2], "app.js: ") || !strings.Contains(r.NotWasm[2], "WebAssembly") {
		t.Errorf("a file that is not WebAssembly (app.js): %q, want worker-failed, app.js: and the compiler's reason", r.NotWasm)
	}
	if !r.Instance {
		t.Errorf("compiledModule did not give a WebAssembly.Module")
	}
	if r.Alone < 1 || r.Told != r.Alone {
		t.Errorf("workers compiling their own module answered protocol versions %v and %v", r.Alone, r.Told)
	}
	// (no console check: the 404 above is logged, on purpose)
}
