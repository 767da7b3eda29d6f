package solver_test

import (
	"math"
	"slices"
	"sync"
	"testing"

	"pcaplay/core/solver"
	"pcaplay/core/suite"
	"pcaplay/internal/testdata"
)

// TestPaperAcceptance checks the solvers against published figures with the
// official data at D = 10, 25 runs, seeds 1…25, MaxFES = 20000·D:
// CMODE and PMODE are feasible in every run on C01 and C02 with median
// f ≤ 1e-10 (paper: ~5e-24), and PMODE's medians on C08, C09, C10 are
// within 1e-6 of the paper's supplement table. About 40 s of CPU; skipped
// with -short.
func TestPaperAcceptance(t *testing.T) {
	if testing.Short() {
		t.Skip("25-run acceptance check skipped with -short")
	}
	dir := testdata.CEC2017Data(t)
	type want struct {
		algo, problem string
		median        float64 // the paper's median, or NaN for "≤ 1e-10"
	}
	cases := []want{
		{"cmode", "C01", math.NaN()}, {"cmode", "C02", math.NaN()},
		{"pmode", "C01", math.NaN()}, {"pmode", "C02", math.NaN()},
		{"pmode", "C08", -1.34840e-03}, {"pmode", "C09", -4.97525e-03}, {"pmode", "C10", -5.09645e-04},
	}
	for _, c := range cases {
		t.Run(c.algo+"/"+c.problem, func(t *testing.T) {
			t.Parallel()
			p, err := suite.New(c.problem, 10, suite.Options{DataDir: dir})
			if err != nil {
				t.Fatal(err)
			}
			a, _ := solver.Lookup(c.algo)
			f := make([]float64, 25)
			feasible := make([]bool, 25)
			var wg sync.WaitGroup
			for r := range 25 {
				wg.Go(func() {
					sv, err := solver.New(p, a.Defaults(10), uint64(1+r), 200000)
					if err != nil {
						t.Error(err)
						return
					}
					last, err := sv.Run()
					if err != nil {
						t.Error(err)
						return
					}
					f[r], feasible[r] = last.Best.F, last.Best.V == 0
				})
			}
			wg.Wait()
			for r, ok := range feasible {
				if !ok {
					t.Errorf("run %d (seed %d) ended infeasible", r, r+1)
				}
			}
			slices.Sort(f)
			med := f[12]
			if math.IsNaN(c.median) {
				if med > 1e-10 {
					t.Errorf("median f = %g, want ≤ 1e-10", med)
				}
			} else if math.Abs(med-c.median) > 1e-6 {
				t.Errorf("median f = %.6e, paper %.6e: differ by more than 1e-6", med, c.median)
			}
		})
	}
}
