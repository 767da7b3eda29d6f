package e2e

import (
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// BenchmarkLessonLongestTask walks the lesson as a class would: every step
// by Next, the k slider dragged from 2 to 20 and back on step (c), five
// Resamples, p changed on step (f), and reports the longest main-thread
// task of those interactions (the page load apart), in wall time
// (longtask-max-ms, 0 when none exceeds 50 ms) and in CPU time from a trace
// (longtask-max-cpu-ms; wall times on a shared machine say more about the
// machine than the page). Target: under 50 ms.
//
//	PCAPLAY_E2E=1 go test -run '^$' -bench LessonLongestTask -benchtime 1x ./e2e/
func BenchmarkLessonLongestTask(b *testing.B) {
	h := setup(b)
	var walls, cpus []float64
	for b.Loop() {
		tb := h.newTab(b)
		tb.openLesson(hash("lesson", "fig1"), 1)
		eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => r(true), 500))`)
		eval[float64](tb, 5*time.Second, `(window.__e2e.longtasks.length = 0, performance.now())`)
		tr := startTrace(tb)
		click := func(role string) {
			eval[bool](tb, 10*time.Second, jsCall("click", `[data-lesson-root] [data-role="`+role+`"]`))
		}
		for step := 2; step <= 7; step++ {
			click("lesson-next")
			tb.waitLesson(step)
		}
		eval[bool](tb, 10*time.Second, `(document.querySelector('[data-lesson-root] [data-step="3"]').click(), true)`)
		tb.waitLesson(3)
		// drag: one input event per animation frame, 2 → 20 → 2
		eval[bool](tb, 60*time.Second, jsExpr("drag-lesson-k"))
		for range 5 {
			seed := tb.waitLesson(3).Seed
			click("lesson-resample")
			for tb.waitLesson(3).Seed == seed {
				time.Sleep(20 * time.Millisecond)
			}
		}
		eval[bool](tb, 10*time.Second, `(document.querySelector('[data-lesson-root] [data-step="6"]').click(), true)`)
		tb.waitLesson(6)
		eval[bool](tb, 10*time.Second, jsCall("set-value", `[data-lesson-root] [data-role="lesson-p"]`, "1", "change"))
		eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => r(true), 500))`)
		lt := eval[[]float64](tb, 5*time.Second, `window.__e2e.longtasks.slice()`)
		lines := tr.stop(50)
		if f := os.Getenv("PCAPLAY_BENCH_TRACE"); f != "" {
			if err := os.WriteFile(f, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
				b.Fatal(err)
			}
			b.Logf("main-thread tasks over 50 ms, what they did, and what ran meanwhile: %s", f)
		}
		cpu, _ := tr.maxTaskCPU()
		wall := 0.0
		if len(lt) > 0 {
			wall = slices.Max(lt)
		}
		walls = append(walls, wall)
		cpus = append(cpus, cpu)
		b.Logf("longest task: %.0f ms wall (0: none over 50), %.1f ms CPU; long tasks: %v", wall, cpu, lt)
	}
	b.ReportMetric(slices.Max(walls), "longtask-max-ms")
	b.ReportMetric(slices.Max(cpus), "longtask-max-cpu-ms")
}
