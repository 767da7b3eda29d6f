package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkExperimentVsCLI (make bench-web; docs/wasm-speed.md): 25 runs of
// HECO-PDE on C01 at D = 10 (the official data, MaxFES 200000) in the
// page's experiment view with 2 workers, against `cec run -workers 2` on
// the same machine. It reports both wall times and their ratio (target
// ≤ 2.5), and, since wall times on a shared machine measure its load more
// than the code, the CPU times too: cec's own, and the browser's (every
// Chromium process this test started, summed from /proc, during the
// experiment: the workers, the page's main thread, the browser's own
// work). It also reports the longest main-thread task while the experiment
// ran, and checks that both wrote the same records.
//
// PCAPLAY_BENCH_EXP_RUNS changes the number of runs (25),
// PCAPLAY_BENCH_EXP_WORKERS the workers of both (2), and
// PCAPLAY_BENCH_EXP_ALGO and _PROBLEM the algorithm (heco-pde) and the
// problem (C01): with WORKERS=1 the CPU ratio is the browser's V8 against
// native code, per algorithm, the page's own work included.
func BenchmarkExperimentVsCLI(b *testing.B) {
	h := setup(b)
	runs := envInt("PCAPLAY_BENCH_EXP_RUNS", 25)
	workers := envInt("PCAPLAY_BENCH_EXP_WORKERS", 2)
	algo, problem := envString("PCAPLAY_BENCH_EXP_ALGO", "heco-pde"), envString("PCAPLAY_BENCH_EXP_PROBLEM", "C01")
	for b.Loop() {
		dir := b.TempDir()
		// native
		out := filepath.Join(dir, "cec.jsonl")
		cmd := exec.Command(cecBinary(b), "run", "-algo", algo, "-problem", problem, "-dim", "10", "-runs", fmt.Sprint(runs),
			"-seed", "1", "-workers", fmt.Sprint(workers), "-quiet", "-o", out)
		t0 := time.Now()
		if o, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("cec run: %v\n%s", err, o)
		}
		native := time.Since(t0).Seconds()
		ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
		nativeCPU := time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()

		// the page
		pageWall, pageCPU, longest, lines := pageExperiment(b, h, algo, problem, 10, runs, workers)
		want, err := os.ReadFile(out)
		if err != nil {
			b.Fatal(err)
		}
		if !slices.Equal(sortedLines(lines), sortedLines(string(want))) {
			b.Errorf("the page's records differ from cec run's")
		}
		b.ReportMetric(native, "native-s")
		b.ReportMetric(nativeCPU, "native-cpu-s")
		b.ReportMetric(pageWall, "page-s")
		b.ReportMetric(pageWall/native, "ratio")
		b.ReportMetric(pageCPU, "page-cpu-s")
		b.ReportMetric(pageCPU/nativeCPU, "cpu-ratio")
		b.ReportMetric(longest, "longtask-max-ms")
		b.Logf("%d runs of %s on %s, D = 10, %d workers: wall page %.1f s, cec run %.1f s: ratio %.2f (target ≤ 2.5); CPU page %.1f s, cec run %.1f s: ratio %.2f; longest main-thread task during the experiment %.0f ms",
			runs, algo, problem, workers, pageWall, native, pageWall/native, pageCPU, nativeCPU, pageCPU/nativeCPU, longest)
	}
}

// BenchmarkExperimentRunWall: the wall time of one run in the
// page (one worker, HECO-PDE on C01, MaxFES 20000·D) at D = 10 and 30.
// PCAPLAY_BENCH_EXP_RUNS10 and _RUNS30 set the runs (4 and 2).
func BenchmarkExperimentRunWall(b *testing.B) {
	h := setup(b)
	for b.Loop() {
		for _, c := range []struct{ dim, runs int }{{10, envInt("PCAPLAY_BENCH_EXP_RUNS10", 4)}, {30, envInt("PCAPLAY_BENCH_EXP_RUNS30", 2)}} {
			wall, cpu, _, _ := pageExperiment(b, h, "heco-pde", "C01", c.dim, c.runs, 1)
			per := wall / float64(c.runs)
			b.ReportMetric(per, fmt.Sprintf("s/run-D%d", c.dim))
			b.ReportMetric(cpu/float64(c.runs), fmt.Sprintf("cpu-s/run-D%d", c.dim))
			b.Logf("one run of heco-pde on C01 at D = %d in the page (1 worker, %d runs): %.2f s wall, %.2f s CPU (the browser's)", c.dim, c.runs, per, cpu/float64(c.runs))
		}
	}
}

// pageExperiment runs an experiment of one algorithm in a fresh tab and returns
// its wall time (the page's elapsed), the browser's CPU time meanwhile, the
// longest main-thread task while it ran (ms) and its JSON lines.
func pageExperiment(b *testing.B, h *harness, algo, problem string, dim, runs, workers int) (float64, float64, float64, string) {
	b.Helper()
	tb := h.newTab(b)
	tb.openExperiment(hash("mode", "experiment", "problems", problem, "dim", fmt.Sprint(dim), "runs", fmt.Sprint(runs), "seed", "1",
		"configs", algo+":"+algo, "workers", fmt.Sprint(workers)))
	eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => r(true), 1000))`) // the page settles
	eval[float64](tb, 5*time.Second, jsExpr("reset-longtasks"))
	var tr *tracer
	if os.Getenv("PCAPLAY_BENCH_TRACE") != "" {
		tr = startTrace(tb)
	}
	cpu0 := childrenCPU()
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.startOver(), true`)
	s := tb.waitExp("the experiment's end", 60*time.Minute, func(s ExpState) bool { return s.State == "done" })
	cpu := childrenCPU() - cpu0
	if f := os.Getenv("PCAPLAY_BENCH_TRACE"); tr != nil {
		// PCAPLAY_BENCH_TRACE=file: the main-thread tasks over 20 ms, what
		// they did and what ran meanwhile, and the most CPU one task used
		if err := os.WriteFile(f, []byte(strings.Join(tr.stop(20), "\n")+"\n"), 0o644); err != nil {
			b.Fatal(err)
		}
		c, w := tr.maxTaskCPU()
		b.ReportMetric(c, "longtask-max-cpu-ms")
		b.Logf("main-thread tasks over 20 ms: %s; the one that used the most CPU: %.1f ms of CPU in %.1f ms", f, c, w)
	}
	if s.Done != runs || len(s.Failed) != 0 {
		b.Fatalf("experiment: %+v", s)
	}
	// tasks until the end (the results view draws afterwards, not counted)
	l := eval[[]float64](tb, 5*time.Second, `window.__e2e.longtasks.slice()`)
	at := eval[[]float64](tb, 5*time.Second, `window.__e2e.longtaskAt.map((t) => t - window.__e2e.benchT0)`)
	for i := range l {
		b.Logf("long task of %.0f ms at %.2f s after start (the experiment took %.2f s)", l[i], at[i]/1000, s.Elapsed/1000)
	}
	longest := 0.0
	if len(l) > 0 {
		longest = slices.Max(l)
	}
	lines := eval[string](tb, 10*time.Second, `window.pcaplayExperiment.jsonl()`)
	if strings.Count(lines, "\n") != runs {
		b.Fatalf("%d records, want %d", strings.Count(lines, "\n"), runs)
	}
	return s.Elapsed / 1000, cpu, longest, lines
}

// childrenCPU sums the CPU time (user + system, seconds) of the live
// processes descended from this one (the harness's Chromium) from /proc.
func childrenCPU() float64 {
	entries, _ := os.ReadDir("/proc")
	parent := map[int]int{}
	ticks := map[int]float64{}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid … utime(14) stime(15)
		rest := string(b[strings.LastIndexByte(string(b), ')')+2:])
		f := strings.Fields(rest)
		if len(f) < 13 {
			continue
		}
		ppid, _ := strconv.Atoi(f[1])
		ut, _ := strconv.ParseFloat(f[11], 64)
		st, _ := strconv.ParseFloat(f[12], 64)
		parent[pid], ticks[pid] = ppid, ut+st
	}
	me := os.Getpid()
	total := 0.0
	for pid, t := range ticks {
		for p := parent[pid]; p > 1; p = parent[p] {
			if p == me {
				total += t
				break
			}
		}
	}
	return total / 100 // USER_HZ
}
