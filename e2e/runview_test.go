package e2e

import (
	"testing"
	"time"
)

// A run is a thing to instantiate: a page can make more runs and views from
// the modules (compare mode will). Two controllers in one worker, each with a
// view made on a copy of the page's run view, run side by side; each is bit
// for bit the run it is alone, both views draw, and the page's own run is
// untouched. The Player keeps them in lockstep by FES.
func TestTwoRunsAndViews(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("problem", "rosenbrock", "algo", "de", "seed", "1"))
	type info struct {
		LandscapeDrawn bool    `json:"landscapeDrawn"`
		Points         float64 `json:"points"`
		Convergence    float64 `json:"convergence"`
	}
	type result struct {
		IDs            int        `json:"ids"`
		Bits           [4]string  `json:"bits"` // alone A, alone B, side by side A, B
		FES            [4]float64 `json:"fes"`
		InfoA          info       `json:"infoA"`
		InfoB          info       `json:"infoB"`
		Runs           float64    `json:"runs"`
		PageGeneration float64    `json:"pageGeneration"`
		Lock           [2]float64 `json:"lock"`
		LockGens       float64    `json:"lockGens"`
	}
	r := eval[result](tb, 120*time.Second, jsExpr("two-runs-and-views"))
	if r.IDs != 0 {
		t.Errorf("the run view's root holds %d elements with an id: a copy would duplicate them", r.IDs)
	}
	if r.Runs != 2 {
		t.Errorf("the worker holds %v runs, want 2", r.Runs)
	}
	if r.Bits[0] != r.Bits[2] || r.Bits[1] != r.Bits[3] || r.FES[0] != r.FES[2] || r.FES[1] != r.FES[3] {
		t.Errorf("runs side by side differ from the same runs alone: best f bits %v, FES %v (alone A, B; side by side A, B)", r.Bits, r.FES)
	}
	for name, in := range map[string]info{"A": r.InfoA, "B": r.InfoB} {
		if !in.LandscapeDrawn || in.Points == 0 || in.Convergence == 0 {
			t.Errorf("view %s: %+v; want the landscape, points and the convergence chart drawn", name, in)
		}
	}
	if r.PageGeneration != 0 {
		t.Errorf("the page's own run moved to generation %v", r.PageGeneration)
	}
	if r.LockGens < 5 {
		t.Errorf("lockstep play made %v generations of the lead in 1.5 s", r.LockGens)
	}
	if d := r.Lock[1] - r.Lock[0]; d < 0 || d >= 12 {
		t.Errorf("after a lockstep play, FES %v (PMODE) and %v (HECO-PDE): want HECO-PDE at most one generation (12) ahead", r.Lock[0], r.Lock[1])
	}
	tb.noConsoleErrors()
}
