package play

import (
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"sort"
	"strconv"
	"testing"

	"pcaplay/core/chart"
)

// A long run keeps a bounded history (issue: a 1e8-FES random search with
// pop=1 appended one point per generation until the worker ran out of
// memory). The newest generation is always the last point.
func TestHistoryBounded(t *testing.T) {
	s := newSession(t, map[string]string{"problem": "rosenbrock", "algo": "random", "pop": "1", "fes": "1e8", "seed": "4"})
	const gens = 300_000
	if _, err := s.Step(gens, nil); err != nil {
		t.Fatal(err)
	}
	h := &s.History
	if h.Added() != gens {
		t.Fatalf("%d points added, want %d", h.Added(), gens)
	}
	if n := h.Len(); n > DefaultHistoryCap+200 {
		t.Errorf("after %d generations the history holds %d points; want at most the cap %d plus the first hits", gens, n, DefaultHistoryCap)
	}
	pts := h.Points()
	if last := pts[len(pts)-1]; last.FES != s.Last.FES {
		t.Errorf("last point at FES %d, run at %d", last.FES, s.Last.FES)
	}
	if pts[0].FES != 1 {
		t.Errorf("first point at FES %d, want the initial population (1)", pts[0].FES)
	}
	for i := 1; i < len(pts); i++ {
		if pts[i].FES <= pts[i-1].FES {
			t.Fatalf("points %d, %d out of order: FES %d, %d", i-1, i, pts[i-1].FES, pts[i].FES)
		}
	}
}

// syntheticRun returns n points of a run whose best point improves at
// random: infeasible first (v falling over many decades), then feasible
// with f falling through zero to negative values.
func syntheticRun(n int, seed uint64) []chart.Point {
	r := rand.New(rand.NewPCG(seed, 1))
	pts := make([]chart.Point, n)
	f, v := 1e6, 1e12
	for i := range pts {
		if r.Float64() < 0.05 {
			if v > 0 {
				v *= math.Pow(10, -3*r.Float64())
				if v < 1e-30 {
					v = 0
				}
				f = 1e6 * r.Float64()
			} else {
				f -= math.Abs(f)*r.Float64()*0.9 + 1e-9*r.Float64()
			}
		}
		pts[i] = chart.Point{FES: 10 * (i + 1), BestF: f, BestV: v, PopSize: 10}
	}
	return pts
}

// For every target on the grid (feasible; v ≤ L; f ≤ L with v = 0) the
// thinned history gives exactly the FES of the first point that met it,
// although it keeps a small fraction of the points.
func TestHistoryFirstHitsExact(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		pts := syntheticRun(200_000, seed)
		h := History{Cap: 256}
		for g, p := range pts {
			h.Add(p, g)
		}
		// the first hits, counted on the full run
		var ref History
		nhits := 0
		for g, p := range pts {
			if ref.Add(p, g) {
				nhits++
			}
		}
		if h.Len() > 256+nhits+1 || len(pts) < 50*h.Len() {
			t.Errorf("seed %d: %d points kept of %d (%d first hits, cap 256)", seed, h.Len(), len(pts), nhits)
		}
		first := func(target func(chart.Point) bool) (int, bool) {
			for _, p := range pts {
				if target(p) {
					return p.FES, true
				}
			}
			return 0, false
		}
		check := func(name string, target func(chart.Point) bool) {
			t.Helper()
			want, wok := first(target)
			got, gok := h.FirstFES(target)
			if got != want || gok != wok {
				t.Errorf("seed %d, %s: first hit at FES %d (%v) in the thinned history, %d (%v) in the full run", seed, name, got, gok, want, wok)
			}
		}
		check("feasible", func(p chart.Point) bool { return p.BestV == 0 })
		hits := 0
		for _, L := range levels {
			if L < 1e-40 || L > 1e15 {
				continue
			}
			check("v ≤ "+strconv.FormatFloat(L, 'g', -1, 64), func(p chart.Point) bool { return p.BestV <= L })
		}
		for _, L := range fLevels {
			if math.Abs(L) > 1e15 || (L != 0 && math.Abs(L) < 1e-12) {
				continue
			}
			if _, ok := first(func(p chart.Point) bool { return p.BestV == 0 && p.BestF <= L }); ok {
				hits++
			}
			check("f ≤ "+strconv.FormatFloat(L, 'g', -1, 64), func(p chart.Point) bool { return p.BestV == 0 && p.BestF <= L })
		}
		if hits < 20 {
			t.Errorf("seed %d: only %d f-targets were met: the synthetic run does not test much", seed, hits)
		}
	}
}

// The ordinary points are evenly spaced: every kept generation that is not
// a first hit is a multiple of one stride, and there are at most Cap.
func TestHistoryThinsEvenly(t *testing.T) {
	h := History{Cap: 100}
	for g := 0; g < 100_000; g++ {
		h.Add(chart.Point{FES: g + 1, BestF: 5, BestV: 0}, g) // one first hit only
	}
	plain := 0
	for _, q := range h.pts {
		if q.hit {
			continue
		}
		plain++
		if q.gen%h.stride != 0 {
			t.Fatalf("generation %d kept with stride %d", q.gen, h.stride)
		}
	}
	if plain > 100 || plain < 50 {
		t.Errorf("%d ordinary points with cap 100 (stride %d)", plain, h.stride)
	}
}

// BenchmarkSessionMemory plays a random search with pop = 1 (one generation
// per FES, the worst case for the history) for PCAPLAY_BENCH_FES evaluations
// (default 1e8) and reports the live heap after a GC at 10⁶, 10⁷ and the
// end, and the points the history keeps. Run it once:
//
//	go test ./internal/play -run '^$' -bench SessionMemory -benchtime 1x
func BenchmarkSessionMemory(b *testing.B) {
	fes := 100_000_000
	if v, err := strconv.Atoi(getenv("PCAPLAY_BENCH_FES")); err == nil && v >= 1_000_000 {
		fes = v
	}
	heap := func() float64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return float64(m.HeapAlloc) / (1 << 20)
	}
	for b.Loop() {
		s := newSession(b, map[string]string{"problem": "rosenbrock", "algo": "random", "pop": "1", "fes": strconv.Itoa(fes), "seed": "1"})
		marks := map[int]float64{}
		for _, at := range []int{1_000_000, 10_000_000, fes} {
			if _, err := s.Step(at-s.History.Added(), nil); err != nil {
				b.Fatal(err)
			}
			marks[at] = heap()
			b.Logf("%d generations (FES %d): live heap %.2f MiB, history %d points", s.History.Added(), s.Last.FES, marks[at], s.History.Len())
		}
		b.ReportMetric(marks[1_000_000], "MiB-at-1e6")
		b.ReportMetric(marks[10_000_000], "MiB-at-1e7")
		b.ReportMetric(marks[fes], "MiB-at-end")
		b.ReportMetric(float64(s.History.Len()), "history-points")
	}
}

func getenv(k string) string { return os.Getenv(k) }

// TestLevelsTable: the table of constants (history_levels.go) is the 1-2-5
// series as strconv.ParseFloat reads it, bit for bit, ascending.
func TestLevelsTable(t *testing.T) {
	var want []float64
	for e := -300; e <= 300; e++ {
		for _, m := range []string{"1", "2", "5"} {
			x, err := strconv.ParseFloat(m+"e"+strconv.Itoa(e), 64)
			if err != nil || x == 0 {
				t.Fatalf("%se%d: %v, %v", m, e, x, err)
			}
			want = append(want, x)
		}
	}
	if !sort.Float64sAreSorted(want) || len(levels) != len(want) {
		t.Fatalf("%d levels, want %d sorted", len(levels), len(want))
	}
	for i := range want {
		if math.Float64bits(levels[i]) != math.Float64bits(want[i]) {
			t.Fatalf("levels[%d] = %v, want %v", i, levels[i], want[i])
		}
	}
	if len(fLevels) != 2*len(levels)+1 || fLevels[len(levels)] != 0 || fLevels[0] != -levels[len(levels)-1] || !sort.Float64sAreSorted(fLevels) {
		t.Fatalf("fLevels is not −levels, 0, levels ascending")
	}
}
