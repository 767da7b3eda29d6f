package e2e

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pcaplay/core/problem/cec2017/official"
	"pcaplay/core/suite"
	"pcaplay/internal/precache"
)

// staticHost serves dir the way a plain static web server does: with
// `python3 -m http.server` when python3 is installed (the host the docs
// name), else with Go's http.FileServer (no content negotiation, no
// security headers, types by extension: the same contract). It returns the
// folder's URL and which server it is.
func staticHost(t *testing.T, dir string) (string, string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	if py, err := exec.LookPath("python3"); err == nil {
		ln.Close()
		cmd := exec.Command(py, "-m", "http.server", "--bind", "127.0.0.1", "--directory", dir, fmt.Sprint(port))
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		u := fmt.Sprintf("http://127.0.0.1:%d/", port)
		for i := 0; ; i++ {
			resp, err := http.Get(u + "index.html")
			if err == nil {
				resp.Body.Close()
				break
			}
			if i == 100 {
				t.Fatalf("python3 -m http.server did not answer on %s: %v", u, err)
			}
			time.Sleep(50 * time.Millisecond)
		}
		return u, "python3 -m http.server"
	}
	srv := &http.Server{Handler: http.FileServer(http.Dir(dir))}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return fmt.Sprintf("http://127.0.0.1:%d/", port), "Go's http.FileServer"
}

// TestStaticHost: the folder of scripts/build-dist.sh (make dist), served
// by a plain static server under a URL prefix, runs the playground: a PMODE
// run on Rosenbrock and a HECO-PDE run on C05 at D = 10 (its official data
// fetched from the folder) end with cec run's final best, bit for bit; the
// lesson, compare and experiment modes open without an error.
func TestStaticHost(t *testing.T) {
	h := setup(t)
	root := t.TempDir()
	dist := filepath.Join(root, "pcaplay") // served under /pcaplay/: relative paths only
	site, err := filepath.Abs(h.siteDir)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("bash", "../scripts/build-dist.sh", dist)
	cmd.Env = append(os.Environ(), "PCAPLAY_SITE="+site)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build-dist.sh: %v\n%s", err, out)
	}
	for _, f := range []string{"index.html", "pcaplay.wasm", ".nojekyll", "data/cec2017/manifest.json", "manifest.webmanifest", "icon.svg", "sw.js", "sw-core.js"} {
		if _, err := os.Stat(filepath.Join(dist, f)); err != nil {
			t.Errorf("dist lacks %s", f)
		}
	}
	// the service worker precaches exactly the folder's files, by their SHA-256
	if got, _, err := precache.Compute(os.DirFS(dist)); err != nil {
		t.Error(err)
	} else if stamped, err := stampOf(dist); err != nil || stamped.Version != got.Version || len(stamped.Files) != len(got.Files) {
		t.Errorf("dist's sw.js lists version %s (%d files; %v), its files are version %s (%d)", stamped.Version, len(stamped.Files), err, got.Version, len(got.Files))
	}
	if m, _ := filepath.Glob(filepath.Join(dist, "*.br")); len(m) > 0 {
		t.Errorf("dist holds precompressed siblings: %v", m)
	}
	base, server := staticHost(t, root)
	// the pages register the service worker (sw.js) there: gone when the test ends
	forgetOrigin(t, h.newTab(t), strings.TrimSuffix(base, "/"))
	base += "pcaplay/"
	t.Logf("served by %s at %s", server, base)
	resp, err := http.Get(base + "pcaplay.wasm")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "application/wasm" {
		t.Errorf("pcaplay.wasm served as %q, want application/wasm", ct)
	}

	for _, c := range []struct {
		problem string
		dim     int
		algo    string
		seed    uint64
		fes     int
		data    suite.Options
	}{
		{"rosenbrock", 2, "pmode", 4, 3000, suite.Options{}},
		{"C05", 10, "heco-pde", 9, 6000, suite.Options{Data: official.FS()}},
	} {
		t.Run(c.problem, func(t *testing.T) {
			tb := h.newTab(t)
			tb.navigate(base + "#" + hash("problem", c.problem, "dim", fmt.Sprint(c.dim), "algo", c.algo,
				"seed", fmt.Sprint(c.seed), "fes", fmt.Sprint(c.fes), "speed", "10"))
			tb.waitReady()
			tb.noNotice()
			if c.dim > 2 {
				if label, text := dataNote(tb); label != "official" {
					t.Errorf("data note %q (label %q), want the official instance", text, label)
				}
			}
			s := tb.runToEnd(3 * time.Minute)
			if want, f := nativeBest(t, c.problem, c.dim, c.algo, c.seed, c.fes, c.data); s.BestFBits != want {
				t.Errorf("page best f %s (bits %s), cec run %v (bits %s)", s.BestF, s.BestFBits, f, want)
			}
			tb.noConsoleErrors()
		})
	}

	for _, m := range []struct{ name, hash, ready string }{
		{"lesson", hash("lesson", "fig1", "step", "3"), "document.querySelector('canvas') !== null"},
		{"compare", hash("compare", "2", "problem", "rosenbrock"), "document.querySelector('canvas') !== null"},
		{"experiment", hash("mode", "experiment", "problems", "C01", "dim", "10", "runs", "2", "configs", "a:pmode"), "document.body.textContent.includes('C01')"},
	} {
		t.Run(m.name, func(t *testing.T) {
			tb := h.newTab(t)
			tb.navigate(base + "#" + m.hash)
			ctx, cancel := context.WithTimeout(tb.ctx, 60*time.Second)
			defer cancel()
			for {
				ok, err := tryEval[bool](tb, 10*time.Second, m.ready)
				if err == nil && ok {
					break
				}
				if ctx.Err() != nil {
					t.Fatalf("%s: %q not true within 60 s%s", m.name, m.ready, tb.consoleTail())
				}
				time.Sleep(100 * time.Millisecond)
			}
			tb.noConsoleErrors()
			if body := eval[string](tb, 10*time.Second, `document.body.innerText`); strings.Contains(body, "pcaplay.wasm: HTTP") {
				t.Errorf("%s: the module did not load: %.200q", m.name, body)
			}
		})
	}
}
