package e2e

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"pcaplay/core/problem/cec2017/official"
	"pcaplay/core/suite"
	"pcaplay/internal/precache"
	"pcaplay/internal/server"
)

// swServer serves a built site (internal/server, as cmd/serve and the
// shared harness do) on a server of its own, so that the service worker it
// installs belongs to an origin no other test uses. set switches the
// folder it serves (a deploy); the origin's service worker and caches are
// removed from the shared browser when the test ends (a later server on
// the same port must not meet them).
type swServer struct {
	*httptest.Server
	h    atomic.Pointer[http.Handler]
	slow atomic.Int64 // holds back every page (an .html or a folder) this long
	quit chan struct{}
}

func newSWServer(t *testing.T, dir string) *swServer {
	t.Helper()
	s := &swServer{quit: make(chan struct{})}
	s.set(t, dir)
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if d := time.Duration(s.slow.Load()); d > 0 && (strings.HasSuffix(r.URL.Path, "/") || strings.HasSuffix(r.URL.Path, ".html")) {
			select {
			case <-time.After(d):
			case <-s.quit:
				return
			}
		}
		(*s.h.Load()).ServeHTTP(w, r)
	}))
	t.Cleanup(s.close)
	return s
}

// close ends the server and the requests it holds back (the worker's fetch
// of a page it stopped waiting for goes on).
func (s *swServer) close() {
	select {
	case <-s.quit:
	default:
		close(s.quit)
	}
	s.CloseClientConnections()
	s.Close()
}

func (s *swServer) set(t *testing.T, dir string) {
	t.Helper()
	h, err := server.New(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	var hh http.Handler = h
	s.h.Store(&hh)
}

// forgetOrigin removes origin's service workers, caches and stores from the
// browser when the test ends (through tb, a tab of the shared browser).
func forgetOrigin(t *testing.T, tb *tab, origin string) {
	t.Cleanup(func() {
		c, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
		defer cancel()
		if _, err := chromedp.Call(c, storage.ClearDataForOrigin, storage.ClearDataForOriginParams{Origin: origin, StorageTypes: "all"}); err != nil {
			t.Logf("clearing %s: %v", origin, err)
		}
	})
}

// leaveServiceWorkers keeps tb's DevTools session off the site's service
// workers. chromedp auto-attaches a page's session to the targets related to
// it, its service worker included, and Chromium never stops a worker with
// DevTools attached for being idle: a worker it asked to stop for a waiting
// successor's activation (ServiceWorkerVersion::TriggerIdleTerminationAsap)
// that an event starts again before the activation has lost that request
// (StartWorkerInternal clears needs_to_be_terminated_asap_), so it runs on
// and the successor waits out the 5-minute lame-duck limit. Without DevTools,
// as for a user, the old worker stops within its 30-s idle delay and the
// successor takes over. Call it before the tab's first navigation; the
// filter keeps every other related target (dedicated workers, frames).
func leaveServiceWorkers(t *testing.T, tb *tab) {
	t.Helper()
	c, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	flat := true
	filter := target.Filter{{Type: "service_worker", Exclude: true}, {Type: "browser", Exclude: true}, {Type: "tab", Exclude: true}, {}}
	if _, err := chromedp.Call(c, target.SetAutoAttach, target.SetAutoAttachParams{AutoAttach: true, Flatten: &flat, Filter: filter}); err != nil {
		t.Fatalf("keeping DevTools off the service workers: %v", err)
	}
}

// attachedWorkers lists the service workers a DevTools session is attached
// to (leaveServiceWorkers' check).
func attachedWorkers(t *testing.T, tb *tab) []string {
	t.Helper()
	c, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	r, err := chromedp.Call(c, target.GetTargets, target.GetTargetsParams{})
	if err != nil {
		t.Fatalf("listing the targets: %v", err)
	}
	var out []string
	for _, ti := range r.TargetInfos {
		if ti.Type == "service_worker" && ti.Attached {
			out = append(out, ti.URL)
		}
	}
	return out
}

// swStateJS waits (up to 120 s) until a service worker controls the page
// and answers it: {version, files, pinned, caches}. ready resolves once the
// worker is active, i.e. once its install has precached every file.
const swStateJS = "(" + swAskJS + ")()"

// swAskJS is a function that waits for a controller and asks it once (twice
// when it answers before the page is pinned: sw-register.js pins a
// first visit's page as the worker takes over).
const swAskJS = `async () => {
  const sw = navigator.serviceWorker;
  await Promise.race([sw.ready, new Promise((_, no) => setTimeout(() => no(new Error("no active service worker in 120 s")), 120000))]);
  const t0 = Date.now();
  for (;;) {
    if (sw.controller) {
      // a worker being replaced (its successor taking over) may not answer:
      // ask the controller again, as long as the whole wait allows
      const a = await new Promise((ok) => {
        const ch = new MessageChannel();
        ch.port1.onmessage = (e) => ok(e.data);
        sw.controller.postMessage({ type: "pcaplay-sw" }, [ch.port2]);
        setTimeout(() => ok(null), 3000);
      });
      if (a && (a.pinned || Date.now() - t0 > 10000)) return { ...a, caches: (await caches.keys()).sort() };
    }
    if (Date.now() - t0 > 60000) throw new Error(sw.controller ? "the service worker did not answer in 60 s" : "no controller");
    await new Promise((r) => setTimeout(r, 50));
  }
}`

// swStateWantJS answers like swStateJS once the page's worker is version
// want, or with the last answer after 120 s. Between two questions it waits
// for the page's controllerchange, never on a timer: Chromium activates a
// worker that skipped waiting only once the worker it replaces has no work
// (ServiceWorkerRegistration::IsReadyToActivate, else after a 5-minute
// lame-duck limit), and a message every few hundred milliseconds keeps the
// old worker busy, holding back the very takeover being waited for.
func swStateWantJS(want string) string {
	return `(async (want) => {
  const sw = navigator.serviceWorker;
  const ask = ` + swAskJS + `;
  let changes = 0, wake = () => {};
  const onChange = () => { changes++; wake(); };
  sw.addEventListener("controllerchange", onChange);
  const deadline = Date.now() + 120000;
  try {
    for (;;) {
      const seen = changes;
      const st = await ask();
      if (st.version === want) return st;
      const left = deadline - Date.now();
      if (changes === seen && left > 0) await new Promise((ok) => { wake = ok; setTimeout(ok, left); });
      if (changes === seen) return st;
    }
  } finally {
    sw.removeEventListener("controllerchange", onChange);
  }
})(` + strconv.Quote(want) + `)`
}

// swRegistrationJS describes the page's registration: the state and
// script of its installing, waiting and active workers.
const swRegistrationJS = `(async () => {
  const r = await navigator.serviceWorker.getRegistration();
  if (!r) return "none";
  const w = (x) => (x ? x.state + " " + new URL(x.scriptURL).pathname : "none");
  return "installing " + w(r.installing) + ", waiting " + w(r.waiting) + ", active " + w(r.active) + ", controller " + w(navigator.serviceWorker.controller);
})()`

type swState struct {
	Version string   `json:"version"`
	Files   int      `json:"files"`
	Pinned  string   `json:"pinned"`
	Caches  []string `json:"caches"`
}

func (s swState) String() string {
	return fmt.Sprintf("{worker %s (%d files), page pinned to %q, caches %v}", s.Version, s.Files, s.Pinned, s.Caches)
}

// pageVersionJS is the version stamped into the page shown.
const pageVersionJS = `document.querySelector('meta[name="pcaplay-version"]').content`

// waitTrue polls a boolean expression until it holds or 90 s pass.
func (t *tab) waitTrue(what, expr string) {
	t.tb.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		ok, err := tryEval[bool](t, 10*time.Second, expr)
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			t.tb.Fatalf("%s: %q not true within 90 s (%v)%s", what, expr, err, t.consoleTail())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// load opens u as a new document (navigate to an address that differs
// only by its hash would change the page's hash only).
func (t *tab) load(u string) {
	t.tb.Helper()
	t.navigate("about:blank")
	t.navigate(u)
}

// offlineModes are the modes a visit opens, each with what shows it has rendered.
var offlineModes = []struct{ name, path, ready string }{
	{"compare", "#" + hash("compare", "2", "problem", "rosenbrock"), "document.querySelectorAll('[data-run-view] canvas').length >= 2"},
	{"lesson", "#" + hash("lesson", "fig1", "step", "3"), "document.querySelector('[data-lesson-root] canvas') !== null"},
	{"experiment", "#" + hash("mode", "experiment", "problems", "C01", "dim", "10", "runs", "2", "configs", "a:pmode"), "document.body.textContent.includes('C01')"},
	{"results", "results.html", "document.querySelector('[data-role=results-file]') !== null && document.querySelector('script[src=\"sw-register.js\"]') !== null"},
}

// TestOfflineAfterOneVisit: after one visit of every mode on a server of its
// own (the C05 playground at D = 10 among them, which fetches its official
// data), the service worker controls the pages and has precached the site;
// then the server is CLOSED (the origin is gone: DevTools' offline mode
// would not reach the worker's own fetches) and every mode loads again
// without a console error: a PMODE run on Rosenbrock plays to the end with
// cec run's final best, bit for bit, and the C05 page starts from the
// official data the worker cached, its run ending as cec run's too.
func TestOfflineAfterOneVisit(t *testing.T) {
	h := setup(t)
	srv := newSWServer(t, snapshotSite(t, h.siteDir))
	base := srv.URL + "/"
	tb := h.newTab(t)
	forgetOrigin(t, tb, srv.URL)

	rosen := "#" + hash("problem", "rosenbrock", "algo", "pmode", "seed", "4", "fes", "3000", "speed", "10")
	c05 := "#" + hash("problem", "C05", "dim", "10", "algo", "heco-pde", "seed", "9", "fes", "6000", "speed", "10")
	start := time.Now()
	tb.navigate(base + rosen)
	tb.waitReady()
	st := eval[swState](tb, 150*time.Second, swStateJS)
	installed := time.Since(start)
	if st.Files < 40 || st.Version == "" || st.Version == precache.Unstamped {
		t.Fatalf("the worker after the first visit: %v", st)
	}
	if st.Pinned != st.Version {
		t.Errorf("the first page is not pinned to its version: %v", st)
	}
	if v := eval[string](tb, 10*time.Second, pageVersionJS); v != st.Version {
		t.Errorf("the page carries version %s, its worker %s", v, st.Version)
	}
	t.Logf("installed: version %s, %d files (%s), ready %.1f s after the first navigation", st.Version, st.Files, precacheSize(t, h.siteDir), installed.Seconds())
	installable(t, tb)

	tb.load(base + c05)
	tb.waitReady()
	if label, text := dataNote(tb); label != "official" {
		t.Fatalf("online C05: data note %q (label %q)", text, label)
	}
	nData := eval[int](tb, 10*time.Second, `caches.open("pcaplay-data").then((c) => c.keys()).then((k) => k.length)`)
	if nData < 1 {
		t.Errorf("the C05 page's official data was not cached (%d files)", nData)
	}
	for _, m := range offlineModes {
		tb.load(base + m.path)
		tb.waitTrue(m.name+" online", m.ready)
	}
	tb.noConsoleErrors()

	srv.close()
	if resp, err := http.Get(base); err == nil {
		resp.Body.Close()
		t.Fatalf("the server still answers (%s)", resp.Status)
	}

	t.Run("playground", func(t *testing.T) {
		tb := h.newTab(t)
		tb.navigate(base + rosen)
		tb.waitReady()
		tb.noNotice()
		s := tb.runToEnd(3 * time.Minute)
		if want, f := nativeBest(t, "rosenbrock", 2, "pmode", 4, 3000, suite.Options{}); s.BestFBits != want {
			t.Errorf("offline: page best f %s (bits %s), cec run %v (bits %s)", s.BestF, s.BestFBits, f, want)
		}
		tb.noConsoleErrors()
	})
	t.Run("C05", func(t *testing.T) {
		tb := h.newTab(t)
		tb.navigate(base + c05)
		tb.waitReady()
		if label, text := dataNote(tb); label != "official" {
			t.Errorf("offline C05: data note %q (label %q), want the cached official data", text, label)
		}
		s := tb.runToEnd(3 * time.Minute)
		if want, f := nativeBest(t, "C05", 10, "heco-pde", 9, 6000, suite.Options{Data: official.FS()}); s.BestFBits != want {
			t.Errorf("offline: page best f %s (bits %s), cec run %v (bits %s)", s.BestF, s.BestFBits, f, want)
		}
		tb.noConsoleErrors()
	})
	for _, m := range offlineModes {
		t.Run(m.name, func(t *testing.T) {
			tb := h.newTab(t)
			tb.navigate(base + m.path)
			tb.waitTrue(m.name+" offline", m.ready)
			if v := eval[string](tb, 10*time.Second, pageVersionJS); v != st.Version {
				t.Errorf("offline %s: version %s, want %s", m.name, v, st.Version)
			}
			tb.noConsoleErrors()
			if body := eval[string](tb, 10*time.Second, `document.body.innerText`); strings.Contains(body, "pcaplay.wasm") {
				t.Errorf("%s: %.300q", m.name, body)
			}
		})
	}
}

// precacheSize is the bytes of the files the built site's worker precaches.
func precacheSize(t *testing.T, dir string) string {
	var n int64
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if rel, _ := filepath.Rel(dir, p); precache.Listed(filepath.ToSlash(rel)) {
				if st, err := d.Info(); err == nil {
					n += st.Size()
				}
			}
		}
		return nil
	})
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// installable checks that Chromium finds the page installable (its
// manifest, icon, service worker).
func installable(t *testing.T, tb *tab) {
	t.Helper()
	c, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
	defer cancel()
	res, err := chromedp.Call(c, page.GetInstallabilityErrors, cdp.Empty{})
	if err != nil {
		t.Errorf("installability: %v", err)
		return
	}
	for _, e := range res.InstallabilityErrors {
		var args []string
		for _, a := range e.ErrorArguments {
			args = append(args, a.Name+"="+a.Value)
		}
		t.Errorf("Chromium finds the page not installable: %s %v", e.ErrorID, args)
	}
}

// snapshotSite copies the built site into a folder of the test's own, as
// it is when the stamp in its sw.js matches its files: the shared site may
// be rebuilt while a test runs (the build stamps last), and a copy caught
// between two builds would rightly fail the worker's install. A .gz or .br
// sibling that does not decode to its file (a concurrent build's) is left
// out: the server then sends the file itself.
func snapshotSite(t *testing.T, src string) string {
	t.Helper()
	for try := 0; ; try++ {
		dir := t.TempDir()
		if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
			t.Fatalf("copying the site: %v", err)
		}
		dropStaleSiblings(t, dir, true)
		stamped, err := stampOf(dir)
		if err != nil {
			t.Fatal(err)
		}
		m, _, err := precache.Compute(os.DirFS(dir))
		if err != nil {
			t.Fatal(err)
		}
		if m.Version == stamped.Version && len(m.Files) == len(stamped.Files) {
			return dir
		}
		if try == 10 {
			t.Fatalf("%s: sw.js's stamp (version %s, %d files) is not its files' (%s, %d): run scripts/build-site.sh", src, stamped.Version, len(stamped.Files), m.Version, len(m.Files))
		}
		time.Sleep(2 * time.Second)
	}
}

// stampOf reads the manifest the build stamped into dir's sw.js.
func stampOf(dir string) (precache.Manifest, error) {
	var m precache.Manifest
	b, err := os.ReadFile(filepath.Join(dir, precache.WorkerFile))
	if err != nil {
		return m, err
	}
	line := regexp.MustCompile(`(?m)^const PRECACHE = (.*);$`).FindSubmatch(b)
	if line == nil {
		return m, fmt.Errorf("sw.js is not stamped")
	}
	return m, json.Unmarshal(line[1], &m)
}

func dropStaleSiblings(t *testing.T, dir string, say bool) {
	t.Helper()
	for _, ext := range []string{".gz", ".br"} {
		sibs, _ := filepath.Glob(filepath.Join(dir, "*"+ext))
		more, _ := filepath.Glob(filepath.Join(dir, "*", "*", "*"+ext))
		for _, s := range append(sibs, more...) {
			want, err := os.ReadFile(strings.TrimSuffix(s, ext))
			if err != nil {
				os.Remove(s)
				continue
			}
			f, err := os.Open(s)
			if err != nil {
				t.Fatal(err)
			}
			var r io.Reader = brotli.NewReader(f)
			if ext == ".gz" {
				if r, err = gzip.NewReader(f); err != nil {
					r = strings.NewReader("")
				}
			}
			got, _ := io.ReadAll(r)
			f.Close()
			if !bytes.Equal(got, want) {
				if say {
					t.Logf("%s does not decode to its file (the shared site rebuilt?): left out", filepath.Base(s))
				}
				os.Remove(s)
			}
		}
	}
}

// probeJS is a classic worker script added to both versions of
// TestOfflineNewVersion: it reports the build marker of the style.css its
// own fetch gets (a worker's requests are its own client's, not its page's).
const probeJS = `fetch("style.css").then((r) => r.text()).then((t) => { const m = /--e2e-build: "(\w+)"/.exec(t); postMessage(m ? m[1] : "none"); }, (e) => postMessage("error " + e));
`

// variant makes a copy of the site snapshot in which style.css carries the
// build marker name (and e2e-probe.js is added), stamped as a version of its
// own by internal/precache, as the build stamps a site.
func variant(t *testing.T, snap, name string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(snap)); err != nil {
		t.Fatal(err)
	}
	css, err := os.ReadFile(filepath.Join(dir, "style.css"))
	if err != nil {
		t.Fatal(err)
	}
	css = append(css, []byte("\n:root { --e2e-build: \""+name+"\"; }\n")...)
	os.Chmod(filepath.Join(dir, "style.css"), 0o644)
	if err := os.WriteFile(filepath.Join(dir, "style.css"), css, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "e2e-probe.js"), []byte(probeJS), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := precache.Stamp(dir, dir)
	if err != nil {
		t.Fatal(err)
	}
	dropStaleSiblings(t, dir, false) // those of the changed and the stamped files
	return dir, m.Version
}

// build is what a page shows of its version: its stamp, the marker of the
// style.css it applied, of a style.css it fetches now, and of the one a
// worker it starts now fetches.
type build struct {
	Stamp  string `json:"stamp"`
	CSS    string `json:"css"`
	Fetch  string `json:"fetch"`
	Worker string `json:"worker"`
}

const buildJS = `(async () => ({
  stamp: document.querySelector('meta[name="pcaplay-version"]').content,
  css: getComputedStyle(document.documentElement).getPropertyValue("--e2e-build").trim().replaceAll('"', ""),
  fetch: await fetch("style.css").then((r) => r.text()).then((t) => (/--e2e-build: "(\w+)"/.exec(t) || [])[1] || "none"),
  worker: await new Promise((ok, no) => {
    const w = new Worker("e2e-probe.js");
    w.onmessage = (e) => { ok(e.data); w.terminate(); };
    w.onerror = () => no(new Error("the probe worker failed"));
    setTimeout(() => no(new Error("the probe worker did not answer")), 20000);
  }),
}))()`

// swStateOf waits until the page's worker is version want (swStateWantJS).
func swStateOf(t *testing.T, tb *tab, want string) swState {
	t.Helper()
	st := eval[swState](tb, 250*time.Second, swStateWantJS(want))
	if st.Version != want {
		t.Fatalf("the page's worker is %v, want version %s; the registration: %s", st, want, eval[string](tb, 10*time.Second, swRegistrationJS))
	}
	return st
}

// TestOfflineNewVersion: a deploy of a new version (one file changed, the
// site stamped anew) is picked up on the next load, and no page ever mixes
// the two: a page of version A (its stamp, the style it applied) still
// gets A's files when it fetches one or starts a worker after B's worker
// has taken over; a page of B gets B's; a reload of the A page is B
// throughout; A's cache goes once no page uses it; a navigation that the
// server holds back more than 3 s is answered from the cache; and once
// the server is gone, the page is B's, from B's cache.
func TestOfflineNewVersion(t *testing.T) {
	h := setup(t)
	snap := snapshotSite(t, h.siteDir)
	dirA, vA := variant(t, snap, "A")
	dirB, vB := variant(t, snap, "B")
	if vA == vB {
		t.Fatalf("the two variants have one version %s", vA)
	}
	srv := newSWServer(t, dirA)
	base := srv.URL + "/"
	lesson := base + "#" + hash("lesson", "fig1", "step", "2")
	lessonReady := "document.querySelector('[data-lesson-root] canvas') !== null"
	same := func(who string, got build, stamp, mark string) {
		t.Helper()
		if want := (build{stamp, mark, mark, mark}); got != want {
			t.Errorf("%s: %+v, want %+v (one version throughout)", who, got, want)
		}
	}

	tab1 := h.newTab(t)
	leaveServiceWorkers(t, tab1)
	forgetOrigin(t, tab1, srv.URL)
	tab1.navigate(lesson)
	tab1.waitTrue("A", lessonReady)
	if st := swStateOf(t, tab1, vA); st.Pinned != vA {
		t.Errorf("the first page: %v, want it pinned to %s", st, vA)
	}
	same("version A's page", eval[build](tab1, 60*time.Second, buildJS), vA, "A")

	srv.set(t, dirB) // the deploy
	tab2 := h.newTab(t)
	leaveServiceWorkers(t, tab2)
	if w := attachedWorkers(t, tab2); len(w) > 0 {
		t.Fatalf("DevTools is attached to the service workers %v (leaveServiceWorkers)", w)
	}
	tab2.navigate(lesson)
	tab2.waitTrue("B", lessonReady)
	same("the next load after the deploy", eval[build](tab2, 60*time.Second, buildJS), vB, "B")
	st2 := swStateOf(t, tab2, vB)
	if st2.Pinned != vB {
		t.Errorf("the new page: %v, want it pinned to %s", st2, vB)
	}
	st1 := swStateOf(t, tab1, vB) // B's worker took over the old page too
	if st1.Pinned != vA || !slices.Contains(st1.Caches, "pcaplay-v-"+vA) || !slices.Contains(st1.Caches, "pcaplay-v-"+vB) {
		t.Errorf("the old page under B's worker: %v, want it pinned to %s and both versions cached", st1, vA)
	}
	same("version A's page under B's worker", eval[build](tab1, 60*time.Second, buildJS), vA, "A")
	same("version B's page", eval[build](tab2, 60*time.Second, buildJS), vB, "B")
	tab1.noConsoleErrors()

	tab1.load(lesson) // the old page reloads: B, and A's cache goes
	tab1.waitTrue("A reloaded", lessonReady)
	same("the old page reloaded", eval[build](tab1, 60*time.Second, buildJS), vB, "B")
	tab1.waitTrue("A's cache deleted", `caches.keys().then((k) => !k.includes("pcaplay-v-`+vA+`") && k.includes("pcaplay-v-`+vB+`"))`)

	srv.slow.Store(int64(10 * time.Second)) // a server that holds back the pages
	tab1.load(lesson)
	tab1.waitTrue("a slow network", lessonReady)
	// the page arrived once the worker stopped waiting for the network (3 s), long before the server's 10 s
	ms := eval[float64](tab1, 10*time.Second, `performance.getEntriesByType("navigation")[0].responseEnd`)
	if ms < 2500 || ms > 9000 {
		t.Errorf("a page the server held back 10 s arrived after %.1f s, want the worker's timeout, 3 s", ms/1000)
	}
	t.Logf("a page the server held back 10 s came from the cache after %.1f s", ms/1000)
	same("a page the network was too slow for", eval[build](tab1, 60*time.Second, buildJS), vB, "B")
	srv.slow.Store(0)

	srv.close()
	tab2.load(lesson)
	tab2.waitTrue("offline", lessonReady)
	same("version B offline", eval[build](tab2, 60*time.Second, buildJS), vB, "B")
	tab2.noConsoleErrors()
}

// TestOfflineHalfDeployed: a server caught halfway through a deploy (the
// new sw.js and pages, an old style.css) never becomes the offline copy:
// the worker's install finds style.css's SHA-256 is not its list's and
// fails, leaving no worker and no precache (the page itself works, online);
// once the deploy is complete, the next load installs it.
func TestOfflineHalfDeployed(t *testing.T) {
	h := setup(t)
	snap := snapshotSite(t, h.siteDir)
	dirA, _ := variant(t, snap, "A")
	dirB, vB := variant(t, snap, "B")
	half := t.TempDir()
	if err := os.CopyFS(half, os.DirFS(dirB)); err != nil {
		t.Fatal(err)
	}
	css, err := os.ReadFile(filepath.Join(dirA, "style.css"))
	if err != nil {
		t.Fatal(err)
	}
	os.Chmod(filepath.Join(half, "style.css"), 0o644)
	if err := os.WriteFile(filepath.Join(half, "style.css"), css, 0o644); err != nil {
		t.Fatal(err)
	}
	dropStaleSiblings(t, half, false)
	srv := newSWServer(t, half)
	lesson := srv.URL + "/#" + hash("lesson", "fig1", "step", "2")
	lessonReady := "document.querySelector('[data-lesson-root] canvas') !== null"

	tb := h.newTab(t)
	forgetOrigin(t, tb, srv.URL)
	tb.navigate(lesson)
	tb.waitTrue("the half-deployed page", lessonReady)
	// the install (the page's own, or a new one if that has failed already) ends redundant
	state := eval[string](tb, 90*time.Second, `(async () => {
	  const reg = await navigator.serviceWorker.register("sw.js");
	  const w = reg.installing || reg.waiting || reg.active;
	  if (w.state === "activated") return w.state;
	  return await new Promise((r) => {
	    w.onstatechange = () => { if (w.state === "redundant" || w.state === "activated") r(w.state); };
	    setTimeout(() => r("still " + w.state + " after 80 s"), 80000);
	  });
	})()`)
	if state != "redundant" {
		t.Errorf("a half-deployed server: the worker's install ended %s, want redundant (failed)", state)
	}
	if reg := eval[bool](tb, 10*time.Second, `navigator.serviceWorker.getRegistration().then((r) => r !== undefined)`); reg {
		t.Errorf("a half-deployed server left a registration")
	}
	if keys := eval[[]string](tb, 10*time.Second, `caches.keys()`); slices.ContainsFunc(keys, func(k string) bool { return strings.HasPrefix(k, "pcaplay-v-") }) {
		t.Errorf("a half-deployed server left a precache: %v", keys)
	}
	tb.noConsoleErrors()

	srv.set(t, dirB) // the deploy completes
	tb.load(lesson)
	tb.waitTrue("the deployed page", lessonReady)
	if st := swStateOf(t, tb, vB); st.Files < 40 {
		t.Errorf("after the deploy: %v", st)
	}
}
