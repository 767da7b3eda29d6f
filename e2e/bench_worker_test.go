package e2e

import (
	"testing"
	"time"
)

// BenchmarkWorkerStart: the cost of starting a worker that runs the Go
// module, as the experiment view's pool or a retry does: after the playground is
// ready (its own worker started), 4 more WorkerClients are started at once
// and each answers "protocol", sharing one compiled module (after a first,
// unmeasured start has compiled it). It reports the wall time until all answered
// and the browser's CPU time meanwhile (every Chromium process of the
// harness, from /proc), per worker: the CPU measures the work a worker's
// start costs on a loaded machine better than the wall time does.
// PCAPLAY_BENCH_WORKERS changes the number of workers (4).
func BenchmarkWorkerStart(b *testing.B) {
	h := setup(b)
	n := envInt("PCAPLAY_BENCH_WORKERS", 4)
	tb := h.newTab(b)
	tb.open("")
	eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => r(true), 1000))`) // the page settles
	// one unmeasured start: the workers' shared module is compiled, as the
	// experiment view's is by the time its pool starts
	eval[float64](tb, 2*time.Minute, jsCall("start-workers", 1))
	var wall, cpu float64
	runs := 0
	for b.Loop() {
		cpu0 := childrenCPU()
		ms := eval[float64](tb, 2*time.Minute, jsCall("start-workers", n))
		cpu += childrenCPU() - cpu0
		wall += ms
		runs++
		eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => r(true), 300))`) // the terminated workers go
	}
	per := float64(runs * n)
	b.ReportMetric(wall/float64(runs), "wall-ms")
	b.ReportMetric(cpu*1000/per, "cpu-ms/worker")
	b.Logf("%d workers started at once after the page was ready: %.0f ms until all answered, %.0f ms of browser CPU per worker", n, wall/float64(runs), cpu*1000/per)
}
