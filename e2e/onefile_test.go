package e2e

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"pcaplay/internal/server"
)

// offline makes every request of the tab that is not for a file:// URL
// fail (Fetch interception: the page's and its workers' requests) and
// returns the URLs it failed so far.
func (t *tab) offline() func() []string {
	t.tb.Helper()
	var (
		mu      sync.Mutex
		blocked []string
	)
	paused := chromedp.Events(t.ctx, fetch.RequestPaused)
	go func() {
		for ev, err := range paused {
			if err != nil {
				return
			}
			if strings.HasPrefix(ev.Request.URL, "file:") {
				chromedp.Call(t.ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
				continue
			}
			mu.Lock()
			blocked = append(blocked, ev.Request.URL)
			mu.Unlock()
			chromedp.Call(t.ctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonInternetDisconnected})
		}
	}()
	if _, err := chromedp.Call(t.ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*"}}}); err != nil {
		t.tb.Fatalf("Fetch.enable: %v", err)
	}
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), blocked...)
	}
}

// cecRunBest is the final best f of `cec run` (the cec binary, its
// embedded official data) of one run, as its bits.
func cecRunBest(t *testing.T, problem string, dim int, algo string, seed uint64, fes int) (string, float64) {
	t.Helper()
	out := cec(t, "run", "-algo", algo, "-problem", problem, "-dim", fmt.Sprint(dim), "-runs", "1",
		"-seed", fmt.Sprint(seed), "-fes", fmt.Sprint(fes), "-workers", "1", "-quiet", "-json")
	var rec struct {
		F float64 `json:"f"`
	}
	if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &rec); err != nil {
		t.Fatalf("cec run -json: %v\n%s", err, out)
	}
	return fmt.Sprintf("%016x", math.Float64bits(rec.F)), rec.F
}

// oneFileRuns are the runs the one-file tests make in the file and check
// against `cec run`: PMODE on Rosenbrock and HECO-PDE on C05 at D = 10 (its
// official data from the file).
var oneFileRuns = []struct {
	problem string
	dim     int
	algo    string
	seed    uint64
	fes     int
}{
	{"rosenbrock", 2, "pmode", 4, 3000},
	{"C05", 10, "heco-pde", 9, 6000},
}

// TestOneFileOffline: `cec export-html` writes the playground as one HTML
// file; opened from file:// with every other request failed, it starts in
// the state it was made from (its address, the official data of C05 at
// D = 10 from the file), and a PMODE run on Rosenbrock and a HECO-PDE run
// on C05 at D = 10 end with the final best of `cec run`, bit for bit.
func TestOneFileOffline(t *testing.T) {
	h := setup(t)
	site, err := filepath.Abs(h.siteDir)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, c := range oneFileRuns {
		t.Run(c.problem, func(t *testing.T) {
			state := hash("problem", c.problem, "dim", fmt.Sprint(c.dim), "algo", c.algo,
				"seed", fmt.Sprint(c.seed), "fes", fmt.Sprint(c.fes), "speed", "10")
			file := filepath.Join(dir, c.problem+".html")
			start := time.Now()
			said := cec(t, "export-html", "-site", site, "-o", file, "#"+state)
			st, err := os.Stat(file)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s in %v (%d bytes)", strings.TrimSpace(said), time.Since(start).Round(time.Millisecond), st.Size())

			tb := h.newTab(t)
			blocked := tb.offline()
			tb.navigate("file://" + file)
			tb.waitReady()
			// the page writes its whole state (the parameters too): each
			// key of the address the file was made from is there as it was
			got := eval[string](tb, 10*time.Second, `location.hash`)
			have := map[string]bool{}
			for _, kv := range strings.Split(strings.TrimPrefix(got, "#"), "&") {
				have[kv] = true
			}
			for _, kv := range strings.Split(state, "&") {
				if !have[kv] {
					t.Errorf("the file opened at %q, without %s of the address it was made from", got, kv)
				}
			}
			tb.noNotice()
			if c.dim > 2 {
				if label, text := dataNote(tb); label != "official" {
					t.Errorf("data note %q (label %q), want the official instance from the file", text, label)
				}
			}
			s := tb.runToEnd(3 * time.Minute)
			if want, f := cecRunBest(t, c.problem, c.dim, c.algo, c.seed, c.fes); s.BestFBits != want {
				t.Errorf("the file's best f %s (bits %s), cec run %v (bits %s)", s.BestF, s.BestFBits, f, want)
			}
			tb.noConsoleErrors()
			if b := blocked(); len(b) > 0 {
				t.Errorf("the file asked the network for %d URL(s): %v", len(b), b)
			}
			// the file's own download says it is one file already
			answer := eval[string](tb, 20*time.Second, `new Promise((resolve) => {
				document.getElementById("download-html").click();
				const t0 = performance.now();
				(function poll() {
					const m = document.getElementById("message").textContent;
					if (m.includes("one HTML file") || performance.now() - t0 > 15000) resolve(m); else setTimeout(poll, 50);
				})();
			})`)
			if !strings.Contains(answer, "already one HTML file") {
				t.Errorf("the file's download said %q, want that it is one HTML file already", answer)
			}
			// the net holds: a request of the page and one of a worker fail
			probe := eval[[]string](tb, 20*time.Second, `Promise.all([
				fetch("http://127.0.0.1:9/page").then(() => "answered", () => "failed"),
				new Promise((r) => { const w = new Worker(URL.createObjectURL(new Blob(
					['fetch("http://127.0.0.1:9/worker").then(() => postMessage("answered"), () => postMessage("failed"))']))); w.onmessage = (e) => r(e.data); }),
			])`)
			if probe[0] != "failed" || probe[1] != "failed" || len(blocked()) != 2 {
				t.Errorf("the network was not off: page %s, worker %s, failed %v", probe[0], probe[1], blocked())
			}
		})
	}
}

// TestOneFileModes: compare mode's and the lesson's files open from
// file:// with the network failed, in their mode, without a console error.
func TestOneFileModes(t *testing.T) {
	h := setup(t)
	site, err := filepath.Abs(h.siteDir)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, m := range []struct{ name, hash, ready string }{
		{"compare", hash("compare", "2", "problem", "C05", "dim", "10", "seed", "3"),
			"window.__e2e.whenReady(50000).then(() => window.playground.status().runs.length === 2)"},
		{"lesson", hash("lesson", "fig1", "step", "3"), "document.querySelector('[data-lesson-root]').dataset.drawn === '3'"},
	} {
		t.Run(m.name, func(t *testing.T) {
			file := filepath.Join(dir, m.name+".html")
			if said := cec(t, "export-html", "-site", site, "-o", file, "#"+m.hash); !strings.Contains(said, m.name+" mode") {
				t.Errorf("cec export-html said %q, want %s mode", said, m.name)
			}
			tb := h.newTab(t)
			blocked := tb.offline()
			tb.navigate("file://" + file)
			deadline := time.Now().Add(60 * time.Second)
			for {
				ok, err := tryEval[bool](tb, 10*time.Second, m.ready)
				if err == nil && ok {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("%s: %q not true within 60 s (%v)%s", m.name, m.ready, err, tb.consoleTail())
				}
				time.Sleep(100 * time.Millisecond)
			}
			if m.name == "compare" {
				if label, text := dataNote(tb); label != "official" {
					t.Errorf("data note %q (label %q), want the official instance from the file", text, label)
				}
			}
			tb.noConsoleErrors()
			if b := blocked(); len(b) > 0 {
				t.Errorf("the file asked the network for %v", b)
			}
		})
	}
}

// TestOneFileExperiment: the experiment view's file (C05 at D = 10 with
// its official data, and Rosenbrock) opens from file:// with the network
// failed, runs its pool of workers to the end, and its JSON lines are the
// lines `cec run` writes for the same grid, byte for byte.
func TestOneFileExperiment(t *testing.T) {
	h := setup(t)
	site, err := filepath.Abs(h.siteDir)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "experiment.html")
	state := hash("mode", "experiment", "problems", "C05,rosenbrock", "dim", "10", "fes", "2000", "runs", "2", "seed", "5",
		"configs", "pmode:pmode", "workers", "2")
	if said := cec(t, "export-html", "-site", site, "-o", file, "#"+state); !strings.Contains(said, "experiment mode") || !strings.Contains(said, "3 official data files") {
		t.Errorf("cec export-html said %q, want experiment mode with C05's 3 official files", said)
	}
	tb := h.newTab(t)
	blocked := tb.offline()
	tb.navigate("file://" + file)
	eval[bool](tb, 90*time.Second, jsExpr("experiment-ready"))
	eval[bool](tb, 5*time.Second, `document.querySelector('[data-role="start"]').click(), true`)
	s := tb.waitExp("the experiment's end", 5*time.Minute, func(s ExpState) bool { return s.State == "done" })
	if s.Done != 4 || len(s.Failed) != 0 {
		t.Fatalf("done: %+v", s)
	}
	got := sortedLines(eval[string](tb, 10*time.Second, `window.pcaplayExperiment.jsonl()`))
	want := cecRuns(t, dir, "pmode", "2000", "2", "5", [2]string{"C05", "10"}, [2]string{"rosenbrock", "2"})
	if !slices.Equal(got, want) {
		t.Errorf("the file's %d records differ from cec run's %d", len(got), len(want))
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Errorf("first difference:\n file %.200s\n cec  %.200s", got[i], want[i])
				break
			}
		}
	}
	if !strings.Contains(strings.Join(got, "\n"), `"data":"official"`) {
		t.Error("the C05 records do not say official")
	}
	tb.noConsoleErrors()
	if b := blocked(); len(b) > 0 {
		t.Errorf("the file asked the network for %v", b)
	}
}

// downloadJS clicks "Download as one HTML file" and answers the file the
// page saved: its name, size and SHA-256, with the page's address.
const downloadJS = `(selector) => new Promise((resolve, reject) => {
  const t0 = performance.now();
  const timer = setTimeout(() => reject(new Error("no file within 100 s")), 100000);
  window.addEventListener("pcaplay-export", async (ev) => {
    clearTimeout(timer);
    const b = new Uint8Array(await ev.detail.blob.arrayBuffer());
    const sum = new Uint8Array(await crypto.subtle.digest("SHA-256", b));
    resolve({name: ev.detail.name, type: ev.detail.type, size: b.length, ms: performance.now() - t0,
      sha: Array.from(sum, (x) => x.toString(16).padStart(2, "0")).join(""), hash: location.hash});
  }, {once: true});
  document.querySelector(selector).click();
})`

// copySite copies the built site at dir, without its precompressed
// siblings, into a new folder: one set of files for the page and cec to
// read, whatever a rebuild of dir does meanwhile.
func copySite(t *testing.T, dir string) string {
	t.Helper()
	to := t.TempDir()
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".br") || strings.HasSuffix(p, ".gz") {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(to, filepath.Dir(rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return to
}

// TestOneFileDownload: the playground's, compare mode's and the lesson's
// "Download as one HTML file" saves the bytes `cec export-html` writes for
// the page's address from the same built site (the same Go code, in the
// module). The page is served from a copy of the site that cec reads too.
func TestOneFileDownload(t *testing.T) {
	h := setup(t)
	site := copySite(t, h.siteDir)
	handler, err := server.New(os.DirFS(site))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(handler)
	t.Cleanup(srv.Close)
	for _, c := range []struct{ name, hash, button string }{
		{"playground", hash("problem", "C05", "dim", "10", "algo", "heco-pde", "seed", "9"), "#download-html"},
		{"compare", hash("compare", "2", "problem", "rosenbrock", "seed", "3"), "#download-html"},
		{"lesson", hash("lesson", "fig1", "step", "4"), `[data-role="lesson-download"]`},
		{"experiment", hash("mode", "experiment", "problems", "C05,C06", "dim", "10", "runs", "3"), `[data-role="download-html"]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := h.newTab(t)
			tb.navigate(srv.URL + "/#" + c.hash)
			tb.waitReady()
			got := eval[struct {
				Name, Type, Sha, Hash string
				Size, Ms              float64
			}](tb, 120*time.Second, "("+downloadJS+")("+jsonString(c.button)+")")
			file := filepath.Join(t.TempDir(), "cli.html")
			cec(t, "export-html", "-site", site, "-o", file, got.Hash)
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			sum := sha256.Sum256(b)
			if want := hex.EncodeToString(sum[:]); got.Sha != want || int(got.Size) != len(b) {
				t.Errorf("the page saved %d bytes (sha256 %.16s), cec export-html %q wrote %d (sha256 %.16s)", int(got.Size), got.Sha, got.Hash, len(b), want)
			}
			if !strings.HasPrefix(got.Name, "pcaplay-") || !strings.HasSuffix(got.Name, ".html") || got.Type != "text/html" {
				t.Errorf("saved as %q (%s)", got.Name, got.Type)
			}
			t.Logf("%s: %s, %d bytes, made in the page in %.1f s", c.name, got.Name, int(got.Size), got.Ms/1000)
			tb.noConsoleErrors()
		})
	}
}
