package e2e

import (
	"context"
	_ "embed"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"pcaplay/internal/server"
)

const (
	defaultSiteDir  = "../cmd/serve/public"
	defaultChromium = "/usr/bin/chromium"
	viewportW       = 1280
	viewportH       = 800
)

// siteFiles are the files a built site must have (page contract).
var siteFiles = []string{"index.html", "wasm_exec.js", "echarts.min.js", "pcaplay.wasm", "pcaplay-full.wasm"}

// harness is shared by every test and benchmark of the package: one server
// for the site, one for the framing parent page (another origin), one browser.
type harness struct {
	siteDir   string
	siteURL   string // "http://127.0.0.1:PORT/"
	parentURL string // "http://127.0.0.1:OTHERPORT/"
	browser   context.Context
}

var (
	harnessOnce sync.Once
	theHarness  *harness
	harnessErr  error
	teardown    []func()
)

func TestMain(m *testing.M) {
	code := m.Run()
	for i := len(teardown) - 1; i >= 0; i-- {
		teardown[i]()
	}
	os.Exit(code)
}

// setup returns the shared harness. It skips the test unless PCAPLAY_E2E=1,
// and fails it when the site is not built or chromium is missing.
func setup(tb testing.TB) *harness {
	tb.Helper()
	if os.Getenv("PCAPLAY_E2E") != "1" {
		tb.Skip("end-to-end test skipped: set PCAPLAY_E2E=1 to run it (make test does, after scripts/build-site.sh and scripts/install-browser.sh chromium)")
	}
	harnessOnce.Do(func() { theHarness, harnessErr = startHarness() })
	if harnessErr != nil {
		tb.Fatalf("e2e: %v", harnessErr)
	}
	return theHarness
}

// siteDir returns the folder of the built site and checks that it is built.
func checkSite() (string, error) {
	dir := os.Getenv("PCAPLAY_E2E_SITE")
	if dir == "" {
		dir = defaultSiteDir
	}
	var missing []string
	for _, f := range siteFiles {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 {
		abs, _ := filepath.Abs(dir)
		return "", fmt.Errorf("site not built: %s lacks %s; run scripts/build-site.sh (make serve and make test do)",
			abs, strings.Join(missing, ", "))
	}
	return dir, nil
}

func chromiumPath() (string, error) {
	p := os.Getenv("PCAPLAY_CHROMIUM")
	if p == "" {
		p = defaultChromium
	}
	st, err := os.Stat(p)
	if err != nil || st.IsDir() || st.Mode()&0o111 == 0 {
		return "", fmt.Errorf("chromium not found at %s: run scripts/install-browser.sh chromium (make test does)", p)
	}
	return p, nil
}

func startHarness() (*harness, error) {
	dir, err := checkSite()
	if err != nil {
		return nil, err
	}
	exe, err := chromiumPath()
	if err != nil {
		return nil, err
	}
	h, err := server.New(os.DirFS(dir))
	if err != nil {
		return nil, err
	}
	// the site, and beside it the test-only worker that can crash
	// (js/crash-worker.js; js/crash-workers.js starts the page's workers from it)
	mux := http.NewServeMux()
	mux.Handle("/", h)
	// The shared server's sw.js is a worker that does nothing: a real one
	// would answer the pages' requests from its cache, and the tests that
	// count what the server sends (siteMeter) or hold back pcaplay.wasm
	// (wasmDelay) would no longer see the requests; it would also outlive
	// each test in the shared browser. The service worker's own tests
	// (offline_test.go) serve the site on servers of their own.
	mux.HandleFunc("/sw.js", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		io.WriteString(w, "// e2e harness: no service worker on the shared server (offline_test.go tests sw.js)\n")
	})
	mux.HandleFunc("/e2e-crash-worker.js", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		io.WriteString(w, jsExpr("crash-worker"))
	})
	site := httptest.NewServer(siteMeter.wrap(mux)) // 127.0.0.1, random port
	teardown = append(teardown, site.Close)
	parent := httptest.NewServer(http.HandlerFunc(serveParent))
	teardown = append(teardown, parent.Close)

	profile, err := os.MkdirTemp("", "pcaplay-e2e-chromium-")
	if err != nil {
		return nil, err
	}
	teardown = append(teardown, func() { os.RemoveAll(profile) })
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(viewportW, viewportH),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("disable-features", "Translate,MediaRouter,OptimizationHints"),
		chromedp.Flag("metrics-recording-only", true),
		chromedp.Flag("password-store", "basic"),
		chromedp.Flag("use-mock-keychain", true),
		chromedp.Flag("mute-audio", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("force-color-profile", "srgb"),
		chromedp.Flag("font-render-hinting", "none"),
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	teardown = append(teardown, cancelAlloc)
	browser, cancelBrowser := chromedp.NewContext(allocCtx)
	teardown = append(teardown, cancelBrowser)
	// The first action starts the browser, which lives as long as the
	// context of that action: so it gets the browser context itself, and a
	// timer instead of a timeout context.
	timer := time.AfterFunc(60*time.Second, cancelBrowser)
	err = chromedp.Do(browser, chromedp.Navigate("about:blank"))
	if !timer.Stop() {
		err = fmt.Errorf("no answer within 60s (%v)", err)
	}
	if err != nil {
		return nil, fmt.Errorf("starting %s: %w", exe, err)
	}
	return &harness{
		siteDir:   dir,
		siteURL:   site.URL + "/",
		parentURL: parent.URL + "/",
		browser:   browser,
	}, nil
}

// meter counts the bytes the site server sends, per path, with the content
// coding it chose: the benchmarks read it to report what a page load costs.
type meter struct {
	mu   sync.Mutex
	sent map[string]sentFile
}

type sentFile struct {
	Bytes    int64
	Encoding string
	Status   int
	Requests int // how often the path was asked for (a 304 counts)
}

var siteMeter = &meter{sent: map[string]sentFile{}}

// wasmDelay holds back every response for pcaplay.wasm by this long (0:
// none), so that a test can act while the page is surely not ready.
var wasmDelay atomic.Int64

func (m *meter) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if d := time.Duration(wasmDelay.Load()); d > 0 && strings.HasSuffix(r.URL.Path, "/pcaplay.wasm") {
			time.Sleep(d)
		}
		cw := &countingWriter{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(cw, r)
		m.mu.Lock()
		defer m.mu.Unlock()
		prev := m.sent[r.URL.Path]
		m.sent[r.URL.Path] = sentFile{
			Bytes:    prev.Bytes + cw.n,
			Encoding: w.Header().Get("Content-Encoding"),
			Status:   cw.status,
			Requests: prev.Requests + 1,
		}
	})
}

// reset forgets what was sent and returns what it had counted.
func (m *meter) reset() map[string]sentFile {
	m.mu.Lock()
	defer m.mu.Unlock()
	old := m.sent
	m.sent = map[string]sentFile{}
	return old
}

type countingWriter struct {
	http.ResponseWriter
	n      int64
	status int
}

func (c *countingWriter) WriteHeader(code int) {
	c.status = code
	c.ResponseWriter.WriteHeader(code)
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.ResponseWriter.Write(p)
	c.n += int64(n)
	return n, err
}

// serveParent serves /parent.html?src=URL: a page of another origin that
// frames src and talks to it with postMessage (window.ask).
func serveParent(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/parent.html" {
		http.NotFound(w, r)
		return
	}
	src := r.URL.Query().Get("src")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, parentHTML, html.EscapeString(src))
}

// parentHTML is the framing page, js/parent.html; %s is the frame's src.
//
//go:embed js/parent.html
var parentHTML string

// injectJS (js/page-helpers.js) runs in every document before the page's own scripts. It notes
// when window.playground.ready resolves (performance.now(), i.e. ms since
// navigation start), records long tasks, and gives the tests helpers that
// turn a status into JSON-safe values (bestF may be Infinity) with the exact
// bits of bestF and bestV.
var injectJS = jsExpr("page-helpers")

// Status is window.playground.status(), with bestF and bestV as text.
type Status struct {
	FES        float64 `json:"fes"`
	BestF      string  `json:"bestF"`
	BestV      string  `json:"bestV"`
	BestFBits  string  `json:"bestFBits"`
	BestVBits  string  `json:"bestVBits"`
	Feasible   bool    `json:"feasible"`
	Running    bool    `json:"running"`
	Generation float64 `json:"generation"`
	Done       bool    `json:"done"`
	MaxFES     float64 `json:"maxFES"`
}

func (s Status) String() string {
	return fmt.Sprintf("{gen %v, fes %v/%v, bestF %s, bestV %s, feasible %v, running %v, done %v}",
		s.Generation, s.FES, s.MaxFES, s.BestF, s.BestV, s.Feasible, s.Running, s.Done)
}

// ChartInfo is window.playground.chartInfo().
type ChartInfo struct {
	LandscapeDrawn bool      `json:"landscapeDrawn"`
	Points         float64   `json:"points"`
	Convergence    float64   `json:"convergence"`
	Window         []float64 `json:"window"` // the 2-D landscape's [x0, x1, y0, y1]
}

// tab is one browser tab with the console messages it has logged.
type tab struct {
	tb  testing.TB
	h   *harness
	ctx context.Context

	mu      sync.Mutex
	console []chromedp.ConsoleMessage
}

// newTab opens a tab with a 1280×800 viewport and the injected helpers.
// It closes when the test ends.
func (h *harness) newTab(tb testing.TB) *tab {
	tb.Helper()
	ctx, cancel := chromedp.NewContext(h.browser)
	tb.Cleanup(cancel)
	t := &tab{tb: tb, h: h, ctx: ctx}
	msgs := chromedp.Console(ctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			t.mu.Lock()
			t.console = append(t.console, m)
			t.mu.Unlock()
		}
	}()
	t.do(30*time.Second, chromedp.EmulateViewport(viewportW, viewportH))
	c, cancelCall := context.WithTimeout(ctx, 30*time.Second)
	defer cancelCall()
	if _, err := chromedp.Call(c, page.AddScriptToEvaluateOnNewDocument,
		page.AddScriptToEvaluateOnNewDocumentParams{Source: injectJS}); err != nil {
		tb.Fatalf("injecting the test helpers: %v", err)
	}
	return t
}

// do runs actions with a timeout and fails the test on an error.
func (t *tab) do(timeout time.Duration, actions ...chromedp.Action[chromedp.Void]) {
	t.tb.Helper()
	c, cancel := context.WithTimeout(t.ctx, timeout)
	defer cancel()
	if err := chromedp.Do(c, actions...); err != nil {
		t.tb.Fatalf("browser: %v%s", err, t.consoleTail())
	}
}

// eval evaluates a JavaScript expression (awaiting a promise) and decodes
// the result into T; it fails the test on an error.
func eval[T any](t *tab, timeout time.Duration, expr string) T {
	t.tb.Helper()
	v, err := tryEval[T](t, timeout, expr)
	if err != nil {
		t.tb.Fatalf("evaluating %s: %v%s", short(expr), err, t.consoleTail())
	}
	return v
}

func tryEval[T any](t *tab, timeout time.Duration, expr string) (T, error) {
	c, cancel := context.WithTimeout(t.ctx, timeout)
	defer cancel()
	return chromedp.Run(c, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
}

func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 120 {
		s = s[:117] + "..."
	}
	return s
}

// pageURL is the site's URL with the hash (no leading '#').
func (h *harness) pageURL(hash string) string {
	if hash == "" {
		return h.siteURL
	}
	return h.siteURL + "#" + hash
}

// open navigates to the page with the hash and waits for playground.ready.
func (t *tab) open(hash string) {
	t.tb.Helper()
	t.navigate(t.h.pageURL(hash))
	t.waitReady()
}

func (t *tab) navigate(u string) {
	t.tb.Helper()
	t.do(60*time.Second, chromedp.Navigate(u))
}

func (t *tab) waitReady() {
	t.tb.Helper()
	eval[bool](t, 90*time.Second, `window.__e2e.whenReady(80000)`)
}

func (t *tab) status() Status {
	t.tb.Helper()
	return eval[Status](t, 30*time.Second, `window.__e2e.status()`)
}

func (t *tab) chartInfo() ChartInfo {
	t.tb.Helper()
	return eval[ChartInfo](t, 30*time.Second, `window.playground.chartInfo()`)
}

// call runs window.playground.NAME() and awaits its promise, if any.
func (t *tab) call(name string) {
	t.tb.Helper()
	eval[chromedp.Void](t, 60*time.Second, `Promise.resolve(window.playground.`+name+`()).then(() => true)`)
}

// waitFor polls the status until cond holds or the timeout ends.
func (t *tab) waitFor(what string, timeout time.Duration, cond func(Status) bool) Status {
	t.tb.Helper()
	deadline := time.Now().Add(timeout)
	for {
		s := t.status()
		if cond(s) {
			return s
		}
		if time.Now().After(deadline) {
			t.tb.Fatalf("%s: not reached within %v; last status %v%s", what, timeout, s, t.consoleTail())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// runToEnd plays until status().done and returns the final status.
func (t *tab) runToEnd(timeout time.Duration) Status {
	t.tb.Helper()
	t.call("play")
	return t.waitFor("run to the end (status().done)", timeout, func(s Status) bool { return s.Done })
}

// consoleErrors returns the console errors and uncaught exceptions so far.
func (t *tab) consoleErrors() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var errs []string
	for _, m := range t.console {
		if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException || m.Type == "assert" {
			errs = append(errs, fmt.Sprintf("%s: %s (%s:%d)", m.Type, m.Text, m.URL, m.Line+1))
		}
	}
	return errs
}

// consoleTail formats the last console messages, to explain a failure.
func (t *tab) consoleTail() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.console) == 0 {
		return ""
	}
	from := max(0, len(t.console)-10)
	var b strings.Builder
	b.WriteString("\nlast console messages:")
	for _, m := range t.console[from:] {
		fmt.Fprintf(&b, "\n  %s: %s", m.Type, short(m.Text))
	}
	return b.String()
}

// noConsoleErrors fails the test if the page logged an error; it waits a
// moment first, as the console events arrive asynchronously.
func (t *tab) noConsoleErrors() {
	t.tb.Helper()
	eval[bool](t, 10*time.Second, `new Promise((r) => setTimeout(() => r(true), 200))`)
	if errs := t.consoleErrors(); len(errs) > 0 {
		t.tb.Errorf("the page logged %d console error(s):\n  %s", len(errs), strings.Join(errs, "\n  "))
	}
}

// hash builds a URL hash from key/value pairs, in order.
func hash(kv ...string) string {
	if len(kv)%2 != 0 {
		panic("hash: odd number of arguments")
	}
	var parts []string
	for i := 0; i < len(kv); i += 2 {
		parts = append(parts, url.QueryEscape(kv[i])+"="+url.QueryEscape(kv[i+1]))
	}
	return strings.Join(parts, "&")
}

// notice returns whether #notice is shown, and its text.
func (t *tab) notice() (bool, string) {
	t.tb.Helper()
	n := eval[struct {
		Shown bool   `json:"shown"`
		Text  string `json:"text"`
	}](t, 10*time.Second, jsExpr("notice"))
	return n.Shown, n.Text
}

// noNotice fails the test if #notice is shown (the URL had a bad value).
func (t *tab) noNotice() {
	t.tb.Helper()
	if shown, text := t.notice(); shown {
		t.tb.Errorf("#notice is shown for a URL meant to be valid: %q", text)
	}
}

// screenshot captures the viewport as PNG.
func (t *tab) screenshot() []byte {
	t.tb.Helper()
	c, cancel := context.WithTimeout(t.ctx, 30*time.Second)
	defer cancel()
	shot, err := chromedp.Run(c, chromedp.CaptureScreenshot())
	if err != nil {
		t.tb.Fatalf("screenshot: %v", err)
	}
	return shot
}

// shot writes a screenshot of the viewport to $PCAPLAY_E2E_SHOTS/name.png
// when that folder is set (to look at what a test saw).
func (t *tab) shot(name string) {
	t.tb.Helper()
	dir := os.Getenv("PCAPLAY_E2E_SHOTS")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.tb.Fatal(err)
	}
	p := filepath.Join(dir, name+".png")
	if err := os.WriteFile(p, t.screenshot(), 0o644); err != nil {
		t.tb.Fatal(err)
	}
	t.tb.Logf("wrote %s", p)
}
