package play

import (
	"sort"

	"pcaplay/core/chart"
)

// History is the convergence record of a run, one chart.Point per kept
// generation, in a memory bounded over any budget: a run of 10⁸ generations
// keeps about as many points as one of 10⁴.
//
// Thinning. Generation g is kept when g is a multiple of the stride (1 at
// first). When more than Cap ordinary points are kept, the stride doubles
// and the points whose generation is no longer a multiple of it are
// dropped, so the ordinary points are always at most Cap, evenly spaced in
// generations. The newest point is always shown (Points), kept or not.
//
// First hits are never dropped. A point is a first hit when it is the first
// of the run to meet a target of the grid:
//
//   - feasible: v = 0 (the first feasible best point);
//   - v ≤ L for every level L of the 1-2-5 series m·10^e (m ∈ {1, 2, 5},
//     |e| ≤ 300) while no point is feasible;
//   - f ≤ L, with v = 0, for every level L of that series, its negatives,
//     and 0.
//
// So the FES at which the run first met any target on the grid — "feasible",
// "f ≤ 1e-4", "v ≤ 0.01" — is read exactly from the thinned history
// (FirstFES). There are at most 3607 f-levels and 1804 v-levels, so first
// hits are bounded too (a run meets a few dozen in practice). The best point
// follows the feasibility rule, so once feasible its f never increases and
// v never increases at all: each level is met once.
type History struct {
	// Cap is the most ordinary (not first-hit) points kept; 0 means
	// DefaultHistoryCap. Set it before the first Add.
	Cap int

	pts    []histPoint
	stride int
	plain  int // ordinary points in pts
	fMet   int // f-levels met so far (only once feasible)
	vMet   int // v-levels met so far (len(levels)+1 once feasible)
	last   histPoint
	n      int // points added
}

type histPoint struct {
	chart.Point
	gen int
	hit bool
}

// DefaultHistoryCap is History.Cap when unset.
const DefaultHistoryCap = 1024

// levels is the positive 1-2-5 series 1e-300 … 5e300, ascending; fLevels
// is −levels (descending), 0 and levels: every f-target, ascending.
// levels is a table of constants (history_levels.go): built at start by
// strconv.ParseFloat it was the most costly package init of the wasm
// module (about 50–120 ms under Node; docs/wasm-size.md).
var levels = levelsTable[:]

var fLevels = func() []float64 {
	all := make([]float64, 0, 2*len(levels)+1)
	for i := len(levels) - 1; i >= 0; i-- {
		all = append(all, -levels[i])
	}
	all = append(all, 0)
	return append(all, levels...)
}()

// met returns how many targets "x ≤ L" of the ascending grid x meets.
func met(grid []float64, x float64) int {
	return len(grid) - sort.SearchFloat64s(grid, x)
}

// Add records generation gen's point (gen ascending from 0) and reports
// whether it is a first hit.
func (h *History) Add(p chart.Point, gen int) bool {
	if h.stride == 0 {
		h.stride = 1
	}
	limit := h.Cap
	if limit <= 0 {
		limit = DefaultHistoryCap
	}
	hit := false
	if p.BestV == 0 {
		if h.vMet <= len(levels) {
			h.vMet, hit = len(levels)+1, true
		}
		if m := met(fLevels, p.BestF); m > h.fMet {
			h.fMet, hit = m, true
		}
	} else if m := met(levels, p.BestV); m > h.vMet {
		h.vMet, hit = m, true
	}
	hp := histPoint{Point: p, gen: gen, hit: hit}
	h.last = hp
	h.n++
	if !hit && gen%h.stride != 0 {
		return false
	}
	h.pts = append(h.pts, hp)
	if hit {
		return true
	}
	h.plain++
	if h.plain > limit {
		h.stride *= 2
		kept, plain := h.pts[:0], 0
		for _, q := range h.pts {
			if q.hit || q.gen%h.stride == 0 {
				kept = append(kept, q)
				if !q.hit {
					plain++
				}
			}
		}
		clear(h.pts[len(kept):]) // let the dropped points' slices go
		h.pts, h.plain = kept, plain
	}
	return hit
}

// Len returns how many points Points returns.
func (h *History) Len() int {
	if h.n == 0 {
		return 0
	}
	if len(h.pts) > 0 && h.pts[len(h.pts)-1].gen == h.last.gen {
		return len(h.pts)
	}
	return len(h.pts) + 1
}

// Added returns how many points were added (the generations recorded).
func (h *History) Added() int { return h.n }

// Points returns the kept points and the newest one, in order. The slice is
// new; the points' adaptation slices are shared.
func (h *History) Points() []chart.Point {
	out := make([]chart.Point, 0, h.Len())
	for _, q := range h.pts {
		out = append(out, q.Point)
	}
	if h.n > 0 && (len(h.pts) == 0 || h.pts[len(h.pts)-1].gen != h.last.gen) {
		out = append(out, h.last.Point)
	}
	return out
}

// FirstFES returns the FES of the first point meeting target, and whether
// one does. It is exact for every target on the grid of first hits (see
// History), such as func(p) bool { return p.BestV == 0 && p.BestF <= 1e-4 }.
func (h *History) FirstFES(target func(chart.Point) bool) (int, bool) {
	for _, q := range h.pts {
		if target(q.Point) {
			return q.FES, true
		}
	}
	if h.n > 0 && target(h.last.Point) {
		return h.last.FES, true
	}
	return 0, false
}
