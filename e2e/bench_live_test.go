package e2e

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// BenchmarkExperimentLive: the experiment view with its live results on
// a big grid — PMODE vs CMODE on C01–C28 at D = 10 (short runs, MaxFES
// 2000: many runs finish, so the partial results are summarised again
// every few seconds and grow to the whole grid; the tables, tests and
// ranking are those of 28 problems). Metrics: longtask-max-ms, the longest
// main-thread task from the start to the end of the experiment (the
// longtask observer: tasks over 50 ms; 0 when none), longtask-max-cpu-ms,
// the most CPU a main-thread task used meanwhile (from a Chrome trace: the
// machine may be shared, and a task waits for a core too),
// render-max-cpu-ms, the most CPU style, layout and paint used in one
// main-thread task (tracer.maxRenderCPU: the cost of the page's DOM, apart
// from the scripts, such as ECharts' draws), updates, the live updates of
// the results, and experiment-s, the experiment's time. With -v it logs the tasks
// over 20 ms and what they did.
//
// PCAPLAY_BENCH_LIVE_RUNS (10), _FES (2000), _WORKERS (1), _PROBLEMS
// (all) and _CONFIGS (pmode:pmode,cmode:cmode) change the grid.
func BenchmarkExperimentLive(b *testing.B) {
	h := setup(b)
	runs := envInt("PCAPLAY_BENCH_LIVE_RUNS", 10)
	fes := envInt("PCAPLAY_BENCH_LIVE_FES", 2000)
	workers := envInt("PCAPLAY_BENCH_LIVE_WORKERS", 1)
	problems := envString("PCAPLAY_BENCH_LIVE_PROBLEMS", "")
	configs := envString("PCAPLAY_BENCH_LIVE_CONFIGS", "pmode:pmode,cmode:cmode")
	if problems == "" {
		var all []string
		for i := 1; i <= 28; i++ {
			all = append(all, fmt.Sprintf("C%02d", i))
		}
		problems = strings.Join(all, ",")
	}
	total := len(strings.Split(configs, ",")) * runs * len(strings.Split(problems, ","))
	for b.Loop() {
		tb := h.newTab(b)
		tb.openExperiment(hash("mode", "experiment", "problems", problems, "dim", "10", "fes", fmt.Sprint(fes), "runs", fmt.Sprint(runs), "seed", "1",
			"configs", configs, "workers", fmt.Sprint(workers)))
		eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => r(true), 1000))`) // the page settles
		eval[float64](tb, 5*time.Second, jsExpr("reset-longtasks"))
		tr := startTrace(tb)
		eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.startOver(), true`)
		s := tb.waitExp("the experiment's end", 60*time.Minute, func(s ExpState) bool { return s.State == "done" })
		l := eval[[]float64](tb, 5*time.Second, `window.__e2e.longtasks.slice()`)
		updates := eval[int](tb, 5*time.Second, `window.pcaplayExperiment.state().liveUpdates`)
		tasks := tr.stop(20)
		cpu, wall := tr.maxTaskCPU()
		render := tr.maxRenderCPU()
		if s.Done != total || len(s.Failed) != 0 {
			b.Fatalf("experiment: %+v, want %d runs", s, total)
		}
		if updates < 2 {
			b.Errorf("%d live updates, want the results updated while the experiment ran", updates)
		}
		longest := 0.0
		if len(l) > 0 {
			longest = slices.Max(l)
		}
		b.ReportMetric(longest, "longtask-max-ms")
		b.ReportMetric(cpu, "longtask-max-cpu-ms")
		b.ReportMetric(render, "render-max-cpu-ms")
		b.ReportMetric(float64(updates), "updates")
		b.ReportMetric(s.Elapsed/1000, "experiment-s")
		b.Logf("%d runs (%s × %d problems × %d runs, MaxFES %d, %d worker(s)) in %.1f s: %d live updates; main-thread tasks over 50 ms: %v; the task that used the most CPU: %.1f ms of CPU in %.1f ms",
			total, configs, len(strings.Split(problems, ",")), runs, fes, workers, s.Elapsed/1000, updates, l, cpu, wall)
		if testing.Verbose() {
			b.Logf("main-thread tasks over 20 ms:\n%s", strings.Join(tasks, "\n"))
		}
		if f := os.Getenv("PCAPLAY_BENCH_TRACE"); f != "" {
			os.WriteFile(f, []byte(strings.Join(tasks, "\n")+"\n"), 0o644)
		}
	}
}
