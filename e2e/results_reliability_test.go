package e2e

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"pcaplay/internal/experiment"
)

// resultsPage opens results.html in a new tab with the hooks of
// js/results-reliability-hooks.js (unhandled rejections kept, workers that
// can be made to fail) and returns the tab and a folder for files.
func resultsPage(t *testing.T) (*tab, string) {
	t.Helper()
	h := setup(t)
	tb := h.newTab(t)
	c, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Call(c, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: jsExpr("results-reliability-hooks")}); err != nil {
		t.Fatal(err)
	}
	tb.navigate(h.siteURL + "results.html")
	eval[bool](tb, 30*time.Second, jsExpr("results-page-ready"))
	return tb, t.TempDir()
}

// smallRuns writes a small run file of cec run (PMODE on C01, runs 0–3)
// into dir and returns its path and records.
func smallRuns(t *testing.T, dir, name string) (string, []experiment.Record) {
	t.Helper()
	path := filepath.Join(dir, name)
	cec(t, "run", "-algo", "pmode", "-problem", "C01", "-dim", "10", "-runs", "4", "-seed", "3", "-fes", "2000", "-quiet", "-o", path)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	recs, _, err := experiment.Read(bytes.NewReader(b), path)
	if err != nil {
		t.Fatal(err)
	}
	// cec run's workers write the runs as they finish: the tests take recs[r] as run r
	slices.SortFunc(recs, func(a, b experiment.Record) int { return cmp.Compare(a.Run, b.Run) })
	return path, recs
}

// writeRecords writes recs as JSON lines to dir/name.
func writeRecords(t *testing.T, dir, name string, recs ...experiment.Record) string {
	t.Helper()
	var b bytes.Buffer
	for _, r := range recs {
		line, err := experiment.MarshalLine(r)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// choose gives the page's file input the file at path.
func choose(tb *tab, path string) {
	tb.tb.Helper()
	tb.do(30*time.Second, chromedp.SetUploadFiles(`#results-file`, []string{path}))
}

// waitText waits until the element at sel shows text matching re.
func waitText(tb *tab, timeout time.Duration, sel, re string) string {
	tb.tb.Helper()
	return eval[string](tb, timeout, jsCall("results-status-matches", sel, re))
}

const (
	statusSel = "[data-role=results-status]"
	noticeSel = "[data-role=results-notice]"
	shownRe   = `^4 run\(s\) of PMODE at D = 10\.$`
)

// noRejections fails the test on an unhandled promise rejection or a
// console error of the page.
func noRejections(t *testing.T, tb *tab) {
	t.Helper()
	if r := eval[[]string](tb, 5*time.Second, `window.__rejections`); len(r) > 0 {
		t.Errorf("unhandled rejections: %q", r)
	}
	tb.noConsoleErrors()
}

// TestResultsReliabilitySizeLimit: a file over the page's limit (64 MB) is
// refused before it is read, in one line naming the file, its size and the
// limit, and the next file, a valid one, is summarised.
func TestResultsReliabilitySizeLimit(t *testing.T) {
	tb, dir := resultsPage(t)
	runs, _ := smallRuns(t, dir, "runs.jsonl")
	small, err := os.ReadFile(runs)
	if err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big.jsonl")
	whole := bytes.Repeat(small, 64e6/len(small)+2)
	if err := os.WriteFile(big, whole, 0o644); err != nil {
		t.Fatal(err)
	}
	choose(tb, big)
	msg := waitText(tb, 60*time.Second, statusSel, `limit`)
	want := fmt.Sprintf("big.jsonl: %.1f MB, over this page's limit of 64.0 MB", float64(len(whole))/1e6)
	if !strings.HasPrefix(msg, want) || strings.Contains(msg, "\n") {
		t.Errorf("a file over the limit: %q, want one line starting %q", msg, want)
	}
	choose(tb, runs)
	waitText(tb, 60*time.Second, statusSel, shownRe)
	noRejections(t, tb)
}

// TestResultsReliabilityWorkerFailure: a worker that crashes during a
// summary (and answers nothing after) is replaced by a fresh one, the page
// says so in one line, and the next file is summarised without a reload.
func TestResultsReliabilityWorkerFailure(t *testing.T) {
	tb, dir := resultsPage(t)
	runs, _ := smallRuns(t, dir, "runs.jsonl")
	eval[bool](tb, 5*time.Second, `window.__failSummarise = 1, true`)
	choose(tb, runs)
	notice := waitText(tb, 60*time.Second, noticeSel, `fresh one`)
	if !strings.HasPrefix(notice, "The worker stopped (worker: ") || strings.Contains(notice, "\n") {
		t.Errorf("notice %q, want one line saying the worker stopped and was replaced", notice)
	}
	again := filepath.Join(dir, "again.jsonl")
	b, _ := os.ReadFile(runs)
	os.WriteFile(again, b, 0o644)
	choose(tb, again)
	waitText(tb, 60*time.Second, statusSel, shownRe)
	if n := eval[int](tb, 5*time.Second, `document.querySelectorAll('table.results-table').length`); n != 1 {
		t.Errorf("%d tables after the fresh worker, want 1", n)
	}
	if r := eval[[]string](tb, 5*time.Second, `window.__rejections`); len(r) > 0 {
		t.Errorf("unhandled rejections: %q", r)
	}
}

// TestResultsReliabilityIdleWorkerDies: the page's worker dies while idle
// (no call waiting, so no call fails): it is replaced at once, the page
// says so in one line, and the next file is summarised. Before, the file
// waited for ever on the dead worker.
func TestResultsReliabilityIdleWorkerDies(t *testing.T) {
	tb, dir := resultsPage(t)
	runs, _ := smallRuns(t, dir, "runs.jsonl")
	if n := eval[int](tb, 5*time.Second, `window.__crashIdle()`); n != 1 {
		t.Fatalf("%d workers crashed, want the page's one", n)
	}
	notice := waitText(tb, 20*time.Second, noticeSel, `fresh one`)
	if !strings.HasPrefix(notice, "The worker stopped while idle (worker: ") || strings.Contains(notice, "\n") {
		t.Errorf("notice %q, want one line saying the idle worker stopped and was replaced", notice)
	}
	choose(tb, runs)
	waitText(tb, 30*time.Second, statusSel, shownRe)
	if n := eval[int](tb, 5*time.Second, `document.querySelectorAll('table.results-table').length`); n != 1 {
		t.Errorf("%d tables after the fresh worker, want 1", n)
	}
	if r := eval[[]string](tb, 5*time.Second, `window.__rejections`); len(r) > 0 {
		t.Errorf("unhandled rejections: %q", r)
	}
}

// TestResultsReliabilitySeed: a run whose seed is not base + r (run 2 of
// runs 0–3 with another seed) is shown with a note naming its file and
// line and the line of the run it disagrees with.
func TestResultsReliabilitySeed(t *testing.T) {
	tb, dir := resultsPage(t)
	_, recs := smallRuns(t, dir, "runs.jsonl")
	bad := recs[2]
	bad.Seed += 1000
	path := writeRecords(t, dir, "seeds.jsonl", recs[0], recs[1], bad, recs[3])
	choose(tb, path)
	waitText(tb, 60*time.Second, statusSel, shownRe)
	note := waitText(tb, 10*time.Second, "[data-role=results-notes]", `seeds\.jsonl:3`)
	want := fmt.Sprintf(`Seeds: seeds.jsonl:3: pmode C01 D=10 run 2 has "seed" = %d, base %d (seed − run), but seeds.jsonl:1: pmode C01 D=10 run 0 has "seed" = %d`, bad.Seed, bad.Seed-2, recs[0].Seed)
	if !strings.Contains(note, want) || !strings.Contains(note, "cec table refuses these runs") {
		t.Errorf("notes %q, want %q", note, want)
	}
	noRejections(t, tb)
}

// TestResultsReliabilityRunGap: runs 0–3 and 999999 (cec table refuses
// them: missing run 4) are shown with a note naming the file and line of
// run 999999.
func TestResultsReliabilityRunGap(t *testing.T) {
	tb, dir := resultsPage(t)
	_, recs := smallRuns(t, dir, "runs.jsonl")
	far := recs[3]
	far.Run = 999999
	far.Seed = recs[0].Seed + 999999
	gap := writeRecords(t, dir, "gap.jsonl", append(recs[:3:3], recs[3], far)...)
	choose(tb, gap)
	waitText(tb, 60*time.Second, statusSel, `run\(s\) of PMODE`)
	note := waitText(tb, 10*time.Second, "[data-role=results-notes]", `gap\.jsonl:5`)
	if !strings.Contains(note, "has 5 run(s) but gap.jsonl:5 is run 999999: runs below it are missing") || !strings.Contains(note, "cec table refuses these runs") {
		t.Errorf("notes %q, want the gap named at gap.jsonl:5", note)
	}
	noRejections(t, tb)
}

// TestResultsReliabilityCurveContradiction: a record whose curve ends at
// f = −1e9 while its final f is another is refused, its line named.
func TestResultsReliabilityCurveContradiction(t *testing.T) {
	tb, dir := resultsPage(t)
	_, recs := smallRuns(t, dir, "runs.jsonl")
	bad := recs[1]
	bad.Curve.F = append([]float64(nil), bad.Curve.F...)
	bad.Curve.F[len(bad.Curve.F)-1] = -1e9
	path := writeRecords(t, dir, "curve.jsonl", recs[0], bad, recs[2])
	choose(tb, path)
	msg := eval[string](tb, 60*time.Second, jsExpr("results-error"))
	if !strings.Contains(msg, "curve.jsonl:2: curve[") || !strings.Contains(msg, `f = -1e+09`) || !strings.Contains(msg, `disagree with the final "f"`) {
		t.Errorf("a curve contradicting f: %q, want curve.jsonl:2 and the curve's last point named", msg)
	}
	if n := eval[int](tb, 5*time.Second, `document.querySelectorAll('.results-chart').length`); n != 0 {
		t.Errorf("%d charts drawn of a refused file", n)
	}
	noRejections(t, tb)
}

// TestResultsMemoryPerMB (PCAPLAY_RESULTS_MEMORY=1,4: the copies) measures
// what the results page's worker holds after summarising a file of
// docs/results/runs-10D.jsonl (7.2 MB) copied that many times, the
// algorithms renamed in each copy: the module's linear memory, the
// worker's JavaScript heap and the renderers' resident memory, per MB of
// file.
func TestResultsMemoryPerMB(t *testing.T) {
	if os.Getenv("PCAPLAY_RESULTS_MEMORY") == "" {
		t.Skip("PCAPLAY_RESULTS_MEMORY=1,4 measures the results page's memory per MB of file")
	}
	src, err := os.ReadFile("../docs/results/runs-10D.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range strings.Split(os.Getenv("PCAPLAY_RESULTS_MEMORY"), ",") {
		copies, err := strconv.Atoi(f)
		if err != nil || copies < 1 {
			t.Fatalf("PCAPLAY_RESULTS_MEMORY=%s: want a list of copies, 1,4", os.Getenv("PCAPLAY_RESULTS_MEMORY"))
		}
		tb, dir := resultsPage(t)
		var b bytes.Buffer
		for k := range copies {
			b.Write(bytes.ReplaceAll(src, []byte(`"algo":"`), []byte(`"algo":"c`+string(rune('a'+k))+`-`)))
		}
		path := filepath.Join(dir, "big.jsonl")
		os.WriteFile(path, b.Bytes(), 0o644)
		wctx := workerContext(t, tb)
		before := workerMemory(t, tb, wctx)
		choose(tb, path)
		waitText(tb, 10*time.Minute, statusSel, `run\(s\) of`)
		after := workerMemory(t, tb, wctx)
		size := float64(b.Len()) / 1e6
		t.Logf("file %.1f MB: linear memory %.0f → %.0f MB (%.1f per MB of file), Go heap %.0f MB live, worker JS heap %.0f → %.0f MB, renderers %.0f → %.0f MB (%.1f per MB)",
			size, before[0]/1e6, after[0]/1e6, (after[0]-before[0])/1e6/size, after[1]/1e6, before[2]/1e6, after[2]/1e6, before[3]/1e6, after[3]/1e6, (after[3]-before[3])/1e6/size)
	}
}

// workerMemory is the worker's linear memory, Go's live heap, the
// worker's JavaScript heap (after a GC) and the renderers' resident memory.
func workerMemory(t *testing.T, tb *tab, wctx context.Context) [4]float64 {
	t.Helper()
	c, cancel := context.WithTimeout(wctx, 60*time.Second)
	defer cancel()
	r, err := chromedp.Call(c, runtime.Evaluate, runtime.EvaluateParams{Expression: "JSON.stringify(self.pcaplayMemory ? self.pcaplayMemory() : {})", ReturnByValue: ptrTrue()})
	if err != nil || r.ExceptionDetails != nil {
		t.Fatalf("the worker's pcaplayMemory(): %v %v", err, r.ExceptionDetails)
	}
	var text string
	json.Unmarshal(r.Result.Value, &text)
	var m struct {
		WasmBytes float64 `json:"wasmBytes"`
		HeapAlloc float64 `json:"heapAlloc"`
	}
	json.Unmarshal([]byte(text), &m)
	if _, err := chromedp.Call(c, heapprofiler.CollectGarbage, cdp.Empty{}); err != nil {
		t.Fatal(err)
	}
	wh, err := chromedp.Call(c, runtime.GetHeapUsage, cdp.Empty{})
	if err != nil {
		t.Fatal(err)
	}
	return [4]float64{m.WasmBytes, m.HeapAlloc, wh.UsedSize, rendererRSS(t, tb)}
}
