package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// BenchmarkResultsView: the results page shows the paper's grid at one
// dimension — two algorithms × C01–C28 × 25 runs (1400 records of cec run;
// short runs: the cost depends on the runs and curve points, not on the
// budget), each time in a fresh page. Metrics: show-ms, from show() until
// the tables and the first problem's charts are drawn (each chart in a
// task of its own); problem-ms, from choosing another problem until its
// charts are drawn (the worker keeps the records it read); longtask-max-ms,
// the longest main-thread task meanwhile (Go works in the worker), and
// longtask-max-cpu-ms, the most CPU one used (the machine may be shared: a
// task waits for the CPU too). With -v it logs the tasks over 50 ms.
func BenchmarkResultsView(b *testing.B) {
	h := setup(b)
	runs := filepath.Join(b.TempDir(), "runs.jsonl")
	cec(b, "run", "-algo", "cmode,pmode", "-problem", "all", "-dim", "10", "-runs", "25", "-fes", "2000", "-data", "generated", "-quiet", "-o", runs)
	text, err := os.ReadFile(runs)
	if err != nil {
		b.Fatal(err)
	}
	js, _ := json.Marshal(string(text))
	var tb *tab
	for b.Loop() {
		// a fresh page each time (a tab is traced once)
		tb = h.newTab(b)
		tb.navigate(h.siteURL + "results.html")
		eval[bool](tb, 30*time.Second, jsExpr("results-page-ready"))
		eval[bool](tb, 30*time.Second, `window.__jsonl = `+string(js)+`, true`)
		eval[float64](tb, 5*time.Second, `(window.__e2e.longtasks.length = 0, 0)`)
		tr := startTrace(tb)
		show := eval[float64](tb, 120*time.Second, jsExpr("time-show-results"))
		problem := eval[float64](tb, 120*time.Second, jsExpr("time-choose-c17"))
		longest := 0.0
		for _, l := range eval[[]float64](tb, 5*time.Second, `window.__e2e.longtasks.slice()`) {
			longest = max(longest, l)
		}
		b.ReportMetric(show, "show-ms")
		b.ReportMetric(problem, "problem-ms")
		tasks := tr.stop(50)
		cpu, wall := tr.maxTaskCPU()
		b.ReportMetric(longest, "longtask-max-ms")
		b.ReportMetric(cpu, "longtask-max-cpu-ms")
		if testing.Verbose() {
			b.Logf("main-thread tasks over 50 ms:\n%s\nthe one that used the most CPU: %.1f ms of CPU in %.1f ms", strings.Join(tasks, "\n"), cpu, wall)
		}
	}
	if n := eval[int](tb, 5*time.Second, `document.querySelectorAll('[data-role=tests] tr[data-problem]').length`); n != 28 {
		b.Errorf("%d problems tested, want 28", n)
	}
}

// BenchmarkResultsUpdate: one live update of partial results, as the
// experiment view makes it while runs finish, on a big grid — four
// configurations (PMODE, CMODE, HECO-PDE, HECO-DE) × C01–C28 at D = 10:
// the view shows runs 0–1 of every configuration and problem (of a grid
// of 4 runs), then, measured, runs 0–2 (showPartial, the numbers of every
// table change). Metrics: update-ms, from showPartial until the charts are
// drawn again; longtask-max-cpu-ms, the most CPU one main-thread task used
// meanwhile; render-max-cpu-ms, the most CPU style, layout and paint used
// in one task (tracer.maxRenderCPU). With -v it logs the tasks over 10 ms.
func BenchmarkResultsUpdate(b *testing.B) {
	h := setup(b)
	runs := filepath.Join(b.TempDir(), "runs.jsonl")
	cec(b, "run", "-algo", "pmode,cmode,heco-pde,heco-de", "-problem", "all", "-dim", "10", "-runs", "3", "-fes", "2000", "-data", "generated", "-quiet", "-o", runs)
	text, err := os.ReadFile(runs)
	if err != nil {
		b.Fatal(err)
	}
	var two, three []string
	for _, l := range strings.Split(strings.TrimSuffix(string(text), "\n"), "\n") {
		var rec struct{ Run int }
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			b.Fatal(err)
		}
		if rec.Run < 2 {
			two = append(two, l)
		}
		three = append(three, l)
	}
	js2, _ := json.Marshal(two)
	js3, _ := json.Marshal(three)
	grid := resultsGrid{Runs: 4}
	for i := 1; i <= 28; i++ {
		grid.Problems = append(grid.Problems, gridProblem{fmt.Sprintf("C%02d", i), 10})
	}
	show := jsCall("time-show-partial", grid)
	var tb *tab
	for b.Loop() {
		tb = h.newTab(b)
		tb.navigate(h.siteURL + "results.html")
		eval[bool](tb, 30*time.Second, jsExpr("results-page-ready"))
		eval[bool](tb, 30*time.Second, `window.__runs = `+string(js2)+`, true`)
		eval[float64](tb, 120*time.Second, show)
		eval[bool](tb, 30*time.Second, `window.__runs = `+string(js3)+`, true`)
		eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => r(true), 500))`) // the page settles
		tr := startTrace(tb)
		update := eval[float64](tb, 120*time.Second, show)
		tasks := tr.stop(10)
		cpu, wall := tr.maxTaskCPU()
		b.ReportMetric(update, "update-ms")
		b.ReportMetric(cpu, "longtask-max-cpu-ms")
		b.ReportMetric(tr.maxRenderCPU(), "render-max-cpu-ms")
		if testing.Verbose() {
			b.Logf("main-thread tasks over 10 ms:\n%s\nthe one that used the most CPU: %.1f ms of CPU in %.1f ms", strings.Join(tasks, "\n"), cpu, wall)
		}
	}
	if l := eval[string](tb, 5*time.Second, `document.querySelector('[data-role=results-partial-label]').textContent`); !strings.HasPrefix(l, "Partial results: 336 of 448 runs") {
		b.Errorf("partial label %q, want 336 of 448 runs", l)
	}
}
