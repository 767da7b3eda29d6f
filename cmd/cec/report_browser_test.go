package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"pcaplay/internal/testdata"
)

// The tests in this file open reports in headless Chromium. Like the e2e
// tests they run only with PCAPLAY_E2E=1 (make test-e2e), and then fail
// when chromium (scripts/install-browser.sh chromium) or the pinned ECharts (npm ci
// --prefix site) is missing.

// browserPage is a report opened in a browser tab, with what the page
// logged.
type browserPage struct {
	t   *testing.T
	ctx context.Context

	mu      sync.Mutex
	console []chromedp.ConsoleMessage
}

// watchJS runs before the page's own scripts: it records violations of the
// page's Content-Security-Policy.
const watchJS = `window.__csp = []; document.addEventListener("securitypolicyviolation", function (e) {
  window.__csp.push(e.violatedDirective + " " + e.blockedURI + " " + (e.sample || ""));
});`

// openInBrowser starts headless Chromium and opens file.
func openInBrowser(t *testing.T, file string) *browserPage {
	t.Helper()
	if os.Getenv("PCAPLAY_E2E") != "1" {
		t.Skip("browser test skipped: set PCAPLAY_E2E=1 to run it (make test-e2e does)")
	}
	exe := os.Getenv("PCAPLAY_CHROMIUM")
	if exe == "" {
		exe = "/usr/bin/chromium"
	}
	if _, err := os.Stat(exe); err != nil {
		t.Fatalf("chromium not found at %s: run scripts/install-browser.sh chromium (make test-e2e does)", exe)
	}
	profile := t.TempDir()
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(profile), chromedp.WindowSize(1280, 900),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-dev-shm-usage", true), chromedp.Flag("disable-component-update", true))
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(cancel)
	p := &browserPage{t: t, ctx: ctx}
	msgs := chromedp.Console(ctx)
	go func() {
		for m, err := range msgs {
			if err != nil {
				return
			}
			p.mu.Lock()
			p.console = append(p.console, m)
			p.mu.Unlock()
		}
	}()
	c, stop := context.WithTimeout(ctx, 60*time.Second)
	defer stop()
	if _, err := chromedp.Call(c, page.AddScriptToEvaluateOnNewDocument,
		page.AddScriptToEvaluateOnNewDocumentParams{Source: watchJS}); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	if err := chromedp.Do(c, chromedp.Navigate("file://"+file), chromedp.WaitReady("body")); err != nil {
		t.Fatalf("opening %s: %v", file, err)
	}
	return p
}

// eval evaluates expr (awaiting a promise) and decodes the result.
func browserEval[T any](p *browserPage, expr string) T {
	p.t.Helper()
	c, stop := context.WithTimeout(p.ctx, 60*time.Second)
	defer stop()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// problems returns what went wrong in the page: exceptions, console
// errors and warnings, CSP violations.
func (p *browserPage) problems() []string {
	csp := browserEval[[]string](p, "window.__csp")
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, m := range p.console {
		if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException || m.Type == chromedp.ConsoleWarning {
			out = append(out, m.String()+" ("+m.URL+")")
		}
	}
	for _, v := range csp {
		out = append(out, "CSP violation: "+v)
	}
	return out
}

func (p *browserPage) screenshot(name string) {
	dir := os.Getenv("PCAPLAY_E2E_SHOTS")
	if dir == "" {
		return
	}
	c, stop := context.WithTimeout(p.ctx, 60*time.Second)
	defer stop()
	png, err := chromedp.Run(c, chromedp.FullScreenshot(80))
	if err != nil {
		p.t.Logf("screenshot: %v", err)
		return
	}
	os.WriteFile(filepath.Join(dir, name), png, 0o644)
}

// pinnedECharts returns the pinned ECharts build, failing the test when it
// is not installed.
func pinnedECharts(t *testing.T) string {
	t.Helper()
	root, err := testdata.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(root, defaultECharts)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("%s: run npm ci --prefix site (make test-e2e does)", p)
	}
	return p
}

// chartState is window.pcaplayReport after drawAll, and what the page shows.
type chartState struct {
	Charts   int `json:"charts"`
	Drawn    int `json:"drawn"`
	Canvases int `json:"canvases"`
	Tables   int `json:"tables"`
}

const chartStateJS = `(() => {
  const r = window.pcaplayReport;
  if (!r) return {charts: -1, drawn: -1, canvases: 0, tables: 0};
  const drawn = r.drawAll();
  return {charts: r.charts, drawn, canvases: document.querySelectorAll(".chart canvas").length, tables: document.querySelectorAll("table").length};
})()`

// TestReportInBrowser opens a report of two dimensions (10 and 30, the
// paper's PMODE and HECO-PDE tables beside ours) in Chromium: every chart
// draws, the page logs no error and breaks no rule of its own
// Content-Security-Policy, and the paper's numbers are shown.
func TestReportInBrowser(t *testing.T) {
	if os.Getenv("PCAPLAY_E2E") != "1" {
		t.Skip("browser test skipped: set PCAPLAY_E2E=1 to run it (make test-e2e does)")
	}
	dir := t.TempDir()
	var files []string
	for _, d := range []string{"10", "30"} {
		f := filepath.Join(dir, "runs-"+d+"D.jsonl")
		r := cec(t, "", "run", "-algo", "cmode,pmode,heco-de,heco-pde", "-problem", "C01,C05,C07", "-dim", d, "-runs", "3", "-seed", "1",
			"-fes", "3000", "-data", "generated", "-quiet", "-o", f)
		if r.code != 0 {
			t.Fatal(r.stderr)
		}
		files = append(files, f)
	}
	out := filepath.Join(dir, "report.html")
	if r := cec(t, "", append(append([]string{"report"}, files...), "-o", out, "-echarts", pinnedECharts(t))...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	p := openInBrowser(t, out)
	st := browserEval[chartState](p, chartStateJS)
	// Per dimension three problems, each with an f chart and at most one v̄ chart.
	if st.Charts < 6 || st.Drawn != st.Charts || st.Canvases != st.Charts {
		t.Errorf("charts %+v: want every chart drawn on a canvas", st)
	}
	for _, want := range []string{
		"D = 10", "D = 30",
		"Ranks based on mean values on the 3 functions of 10 dimensions",
		"PMODE · paper", "HECO-PDE · paper",
		"5.68959e-24", // the paper's PMODE 10D C01 median (Table 11)
		"Function Values of HECO-PDE Achieved for 30D",
		"The paper's total ranks (Table 2)", "LSHADE44+IDE(2017)",
	} {
		if !browserEval[bool](p, fmt.Sprintf("document.body.innerText.includes(%q)", want)) {
			t.Errorf("the page does not show %q", want)
		}
	}
	if probs := p.problems(); len(probs) > 0 {
		t.Errorf("the page logged:\n%s", strings.Join(probs, "\n"))
	}
	p.screenshot("report.png")
}

// hostile are names and file names that run code or markup if a report
// copies them into HTML or JavaScript unescaped. Each sets window.__pwned.
var hostile = []string{
	`</script><script>window.__pwned="script-end"</script>`,
	`<img src=x onerror="window.__pwned='img'">`,
	`'-(window.__pwned="quote")-'`,
	`";window.__pwned="dq";//`,
	"\u2028window.__pwned='ls'\u2029",
	`${window.__pwned="tpl"}`,
	`<svg onload="window.__pwned='svg'">`,
	`]]><!--<script>window.__pwned="cdata"</script>-->`,
}

// TestHostileReportInBrowser builds a report whose algorithm and problem
// names (as if a run file had them; the reader refuses such names) and run
// file name are hostile, opens it in Chromium and checks that nothing ran:
// window.__pwned stays unset, no element came from a name, the names are
// shown as text, and the charts still draw.
func TestHostileReportInBrowser(t *testing.T) {
	if os.Getenv("PCAPLAY_E2E") != "1" {
		t.Skip("browser test skipped: set PCAPLAY_E2E=1 to run it (make test-e2e does)")
	}
	var recs = hostileRecords()
	dir := t.TempDir()
	page, err := buildReport(recs, hostile, mustPaper(t))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "hostile.html")
	os.WriteFile(out, page, 0o644)
	js, _ := os.ReadFile(pinnedECharts(t))
	os.WriteFile(filepath.Join(dir, echartsFile), js, 0o644)

	p := openInBrowser(t, out)
	st := browserEval[chartState](p, chartStateJS)
	if st.Charts < 2 || st.Drawn != st.Charts {
		t.Errorf("charts %+v: want every chart drawn", st)
	}
	// Hover a chart so that the tooltip formatter runs on the hostile series names.
	browserEval[bool](p, `(() => { const c = echarts.getInstanceByDom(document.querySelector(".chart")); c.dispatchAction({type: "showTip", seriesIndex: 2, dataIndex: 1}); return true; })()`)
	time.Sleep(300 * time.Millisecond)
	if v := browserEval[any](p, "window.__pwned === undefined ? null : String(window.__pwned)"); v != nil {
		t.Errorf("a hostile name ran: window.__pwned = %v", v)
	}
	if n := browserEval[int](p, `document.querySelectorAll("img, svg:not(.chart svg), iframe, object, embed").length`); n != 0 {
		t.Errorf("%d elements made from names", n)
	}
	if n := browserEval[int](p, `document.querySelectorAll("script").length`); n != 3 {
		t.Errorf("%d script elements, want 3 (echarts.min.js, the data, the page's script)", n)
	}
	for _, h := range hostile[:2] {
		b, _ := json.Marshal(h)
		if !browserEval[bool](p, fmt.Sprintf("document.body.innerText.includes(%s)", b)) {
			t.Errorf("the page does not show the name %q as text", h)
		}
	}
	if probs := p.problems(); len(probs) > 0 {
		t.Errorf("the page logged:\n%s", strings.Join(probs, "\n"))
	}
	p.screenshot("hostile-report.png")
}

// TestReportCSPBlocksInjectionInBrowser is the second line of defence: were a name
// ever written unescaped, the report's Content-Security-Policy would still
// keep it from running. The test plants an inline script and an inline
// event handler in a report and checks that neither runs while the
// report's own script does.
func TestReportCSPBlocksInjectionInBrowser(t *testing.T) {
	if os.Getenv("PCAPLAY_E2E") != "1" {
		t.Skip("browser test skipped: set PCAPLAY_E2E=1 to run it (make test-e2e does)")
	}
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs.jsonl")
	if r := cec(t, "", args("-o", runs)...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	out := filepath.Join(dir, "report.html")
	if r := cec(t, "", "report", runs, "-o", out, "-echarts", pinnedECharts(t)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	b, _ := os.ReadFile(out)
	planted := strings.Replace(string(b), "<h1>", `<script>window.__pwned="inline script"</script><img src="x" onerror="window.__pwned='handler'"><h1>`, 1)
	if planted == string(b) {
		t.Fatal("no <h1> to plant before")
	}
	os.WriteFile(out, []byte(planted), 0o644)
	p := openInBrowser(t, out)
	st := browserEval[chartState](p, chartStateJS)
	if st.Charts < 2 || st.Drawn != st.Charts {
		t.Errorf("charts %+v: the report's own script must still run", st)
	}
	if v := browserEval[any](p, "window.__pwned === undefined ? null : String(window.__pwned)"); v != nil {
		t.Errorf("planted code ran: window.__pwned = %v", v)
	}
	csp := browserEval[[]string](p, "window.__csp")
	if len(csp) < 2 {
		t.Errorf("CSP violations %q, want the planted script and handler blocked", csp)
	}
}
