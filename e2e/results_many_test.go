package e2e

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"pcaplay/internal/experiment"
)

// manyProblemsFile writes a run file of two configurations ("cmode",
// "pmode") on n problems ("P000000" …) × runs runs at D = 2 into dir, with
// made-up finite values (some runs infeasible; the records of
// BenchmarkManyProblems in package experiment), and returns its path.
func manyProblemsFile(tb testing.TB, dir string, n, runs int) string {
	tb.Helper()
	x := uint64(1)
	next := func() float64 { // a small LCG: values in [0, 1)
		x = x*6364136223846793005 + 1442695040888963407
		return float64(x>>11) / (1 << 53)
	}
	var b bytes.Buffer
	for _, a := range []string{"cmode", "pmode"} {
		for p := range n {
			for r := range runs {
				f, v := 100*next(), 0.0
				if next() < 0.2 {
					v = next()
				}
				var counts [3]int
				if v > 0 {
					counts[2] = 1
				}
				line, err := experiment.MarshalLine(experiment.Record{Algo: a, Problem: fmt.Sprintf("P%06d", p), Dim: 2, Data: experiment.DataNone, Run: r, Seed: 1 + uint64(r),
					MaxFES: 1000, FES: 1000, F: f, V: v, Feasible: v == 0, Counts: counts, BestFES: 900, X: []float64{next(), next()},
					Settings: "pop=5", Checkpoints: []experiment.Checkpoint{{Frac: 0.1, FES: 100, F: f + 2, V: v}, {Frac: 0.5, FES: 500, F: f + 1, V: v}, {Frac: 1, FES: 1000, F: f, V: v}},
					Curve: experiment.Curve{FES: []int{10, 100, 1000}, F: []float64{f + 3, f + 1, f}, V: []float64{v + 1, v, v}}})
				if err != nil {
					tb.Fatal(err)
				}
				b.Write(line)
			}
		}
	}
	path := filepath.Join(dir, fmt.Sprintf("many-%d.jsonl", n))
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		tb.Fatal(err)
	}
	return path
}

// manyCounts are what the results view holds in its DOM: table cells,
// options of the problems' menu and the pager's line.
type manyCounts struct {
	Cells   int    `json:"cells"`
	Options int    `json:"options"`
	Status  string `json:"status"`
	First   string `json:"first"` // the first problem column of the first supplement table
}

const manyCountsJS = `(() => {
  const s = document.querySelector('[data-role=page-status]'), th = document.querySelector('table.results-table thead th:nth-child(2)');
  return { cells: document.querySelectorAll('#results-root td, #results-root th').length,
    options: document.querySelectorAll('[data-role=chart-problem] option').length,
    status: s ? s.textContent : "", first: th ? th.textContent : "" };
})()`

// TestResultsManyProblems: a run file of 2 configurations × 2,000
// problems × 2 runs is shown a page of problems at a time — the tables,
// the tests and the ranks hold at most 100 problems, the problems' menu
// at most 101 options — and the page stays usable: the next page, a
// filter, a problem of the filtered list in the charts, the log FES axis;
// it passes axe-core's checks.
func TestResultsManyProblems(t *testing.T) {
	tb, dir := resultsPage(t)
	path := manyProblemsFile(t, dir, 2000, 2)
	choose(tb, path)
	waitText(tb, 5*time.Minute, statusSel, `^8000 run\(s\) of CMODE, PMODE at D = 2\.$`)
	c := eval[manyCounts](tb, 10*time.Second, manyCountsJS)
	// 2 supplement tables of 10 rows × (1 + 100) cells, 100 + 2 test rows of
	// 2 cells, 2 rank tables of 3 rows × 102 cells and the totals: < 3,000
	if c.Cells > 3000 || c.Options > 101 {
		t.Errorf("%d table cells and %d options for 2,000 problems, want at most 3,000 and 101 (a page of 100 problems)", c.Cells, c.Options)
	}
	if c.Status != "Problems 1–100 of 2000 (page 1 of 20)" || c.First != "P000000" {
		t.Errorf("pager %q, first column %q: want problems 1–100 of 2000 from P000000", c.Status, c.First)
	}
	if n := eval[int](tb, 5*time.Second, `document.querySelectorAll('[data-role=tests] tr[data-problem]').length`); n != 100 {
		t.Errorf("%d test rows on the page, want 100", n)
	}
	// the pager and the page pass axe-core (no serious or critical violation)
	for _, v := range tb.axeRun(t, axeSource(t)) {
		t.Errorf("results page with a pager: %s (%s): %s — %s", v.ID, v.Impact, v.Help, fmt.Sprint(v.Targets))
	}
	eval[bool](tb, 5*time.Second, `document.querySelector('[data-role=page-next]').click(), true`)
	waitText(tb, 10*time.Second, "[data-role=page-status]", `^Problems 101–200 of 2000 \(page 2 of 20\)$`)
	if c := eval[manyCounts](tb, 5*time.Second, manyCountsJS); c.First != "P000100" || c.Cells > 3000 {
		t.Errorf("page 2: first column %q, %d cells; want P000100 and at most 3,000", c.First, c.Cells)
	}
	// the filter: the problems whose name holds "P0019", 100 of them, on page 1
	eval[bool](tb, 5*time.Second, `(() => { const f = document.querySelector('[data-role=problem-filter]'); f.value = "p0019"; f.dispatchEvent(new Event("input")); return true; })()`)
	waitText(tb, 10*time.Second, "[data-role=page-status]", `^Problems 1–100 of 100 matching "p0019" \(page 1 of 1\)$`)
	c = eval[manyCounts](tb, 5*time.Second, manyCountsJS)
	if c.First != "P001900" || c.Options > 101 {
		t.Errorf("filtered: first column %q, %d options; want P001900 and at most 101", c.First, c.Options)
	}
	if n := eval[int](tb, 5*time.Second, `document.querySelectorAll('[data-role=tests] tr[data-problem^="P0019"]').length`); n != 100 {
		t.Errorf("%d test rows of P0019…, want 100", n)
	}
	// a problem of the filtered menu gets its charts from Go
	eval[bool](tb, 5*time.Second, `(() => { const s = document.querySelector('[data-role=chart-problem]'); s.value = "P001942"; s.dispatchEvent(new Event("change")); return true; })()`)
	eval[bool](tb, 60*time.Second, `new Promise((r) => { const w = () => document.querySelector('[data-role=problem-charts]').dataset.problem === "P001942" && !document.querySelector('.chart-wait') ? r(true) : setTimeout(w, 20); w(); })`)
	if c := eval[manyCounts](tb, 5*time.Second, manyCountsJS); c.Options > 101 {
		t.Errorf("%d options after choosing a problem", c.Options)
	}
	// the log FES axis keeps the page and the filter
	eval[bool](tb, 5*time.Second, `document.querySelector('[data-role=log-fes]').click(), true`)
	eval[bool](tb, 60*time.Second, `new Promise((r) => { const w = () => window.pcaplayResults.results && document.querySelector('[data-role=log-fes]').checked && document.querySelector('[data-role=problem-charts]').dataset.problem === "P001942" && !document.querySelector('.chart-wait') ? r(true) : setTimeout(w, 20); w(); })`)
	if c := eval[manyCounts](tb, 5*time.Second, manyCountsJS); c.Status != `Problems 1–100 of 100 matching "p0019" (page 1 of 1)` || c.First != "P001900" {
		t.Errorf("after log FES: pager %q, first %q", c.Status, c.First)
	}
	noRejections(t, tb)
}

// BenchmarkResultsManyProblems (PCAPLAY_RESULTS_PROBLEMS=20000, the
// default; a list, 2000,20000, measures each): the results page shows a
// file of 2 configurations × n problems × 1 run (21 MB at 20,000, as the
// 19 MB file that froze the page), in a fresh page. Metrics:
// show-ms, from choosing the file until the tables and the first
// problem's charts are drawn; logfes-ms, the log FES axis switched on
// until drawn again; longtask-max-ms, the longest main-thread task
// meanwhile; cells and options, the table cells and the problems' menu's
// options in the page.
//
//	PCAPLAY_E2E=1 go test ./e2e -run '^$' -bench BenchmarkResultsManyProblems -benchtime 1x -timeout 30m
func BenchmarkResultsManyProblems(b *testing.B) {
	sizes := os.Getenv("PCAPLAY_RESULTS_PROBLEMS")
	if sizes == "" {
		sizes = "20000"
	}
	for _, s := range strings.Split(sizes, ",") {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			b.Fatalf("PCAPLAY_RESULTS_PROBLEMS=%s: want a list of problem counts, 2000,20000", sizes)
		}
		b.Run(fmt.Sprintf("problems=%d", n), func(b *testing.B) {
			h := setup(b)
			path := manyProblemsFile(b, b.TempDir(), n, 1)
			for b.Loop() {
				tb := h.newTab(b)
				tb.navigate(h.siteURL + "results.html")
				eval[bool](tb, 30*time.Second, jsExpr("results-page-ready"))
				eval[float64](tb, 5*time.Second, `(window.__e2e.longtasks.length = 0, 0)`)
				t0 := time.Now()
				choose(tb, path)
				waitText(tb, 10*time.Minute, statusSel, `run\(s\) of CMODE, PMODE`)
				eval[bool](tb, 10*time.Minute, `new Promise((r) => { const w = () => !document.querySelector('.chart-wait') ? requestAnimationFrame(() => setTimeout(() => r(true), 0)) : setTimeout(w, 20); w(); })`)
				show := time.Since(t0)
				c := eval[manyCounts](tb, 60*time.Second, manyCountsJS)
				t1 := time.Now()
				eval[bool](tb, 60*time.Second, `document.querySelector('[data-role=log-fes]').click(), true`)
				eval[bool](tb, 10*time.Minute, `new Promise((r) => { const w = () => { const s = document.querySelector('.results-status'); return !s.textContent.startsWith("Summarising") && !document.querySelector('.chart-wait') ? requestAnimationFrame(() => setTimeout(() => r(true), 0)) : setTimeout(w, 20); }; w(); })`)
				logFES := time.Since(t1)
				longest := 0.0
				for _, l := range eval[[]float64](tb, 5*time.Second, `window.__e2e.longtasks.slice()`) {
					longest = max(longest, l)
				}
				b.ReportMetric(float64(show.Milliseconds()), "show-ms")
				b.ReportMetric(float64(logFES.Milliseconds()), "logfes-ms")
				b.ReportMetric(longest, "longtask-max-ms")
				b.ReportMetric(float64(c.Cells), "cells")
				b.ReportMetric(float64(c.Options), "options")
			}
		})
	}
}
