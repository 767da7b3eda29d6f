package experiment

import (
	"reflect"
	"testing"

	"pcaplay/core/stats"
)

// TestCompareTable: pmode's ten runs beat cmode's on C01 and tie on C02;
// the configurations come in canonical order whatever the record order.
func TestCompareTable(t *testing.T) {
	var recs []Record
	for r := range 10 {
		recs = append(recs,
			rec("pmode", "C02", r, 5, 0), rec("cmode", "C02", r, 5, 0),
			rec("pmode", "C01", r, float64(r), 0), rec("cmode", "C01", r, float64(20+r), 0))
	}
	c, err := CompareTable(recs, 10, stats.DefaultAlpha)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Configs) != 2 || c.Configs[0] != "cmode" || c.Configs[1] != "pmode" {
		t.Fatalf("configs %v, want canonical order cmode, pmode", c.Configs)
	}
	if c.Problems[0] != "C01" || c.Pairs[0][0].Mark != stats.Worse || c.Pairs[1][0].Mark != stats.Same {
		t.Errorf("marks %q on %s, %q on %s; want − and ≈", c.Pairs[0][0].Mark, c.Problems[0], c.Pairs[1][0].Mark, c.Problems[1])
	}
	if tl := c.Totals[0]; tl.Wins != 0 || tl.Ties != 1 || tl.Losses != 1 {
		t.Errorf("totals %+v", tl)
	}
}

func TestStatsTraces(t *testing.T) {
	r := rec("pmode", "C01", 0, 2, 0)
	r.BestFES = 77
	tr := StatsTraces([]Record{r})
	if len(tr) != 1 || tr[0].BestFES != 77 || tr[0].FES[0] != 100 || tr[0].F[0] != 2 {
		t.Errorf("traces %+v", tr)
	}
	if c := StatsCurves([]Record{r}); c[0].V[0] != 0 || len(c[0].FES) != 1 {
		t.Errorf("curves %+v", c)
	}
}

// TestRuntimeECDFs: two algorithms on two problems, one run each with a
// two-point curve; f_ref per problem is the better final f.
func TestRuntimeECDFs(t *testing.T) {
	r := func(algo, prob string, f0, v0, f1 float64, bestFES int) Record {
		x := rec(algo, prob, 0, f1, 0)
		x.Curve = Curve{FES: []int{50, 100}, F: []float64{f0, f1}, V: []float64{v0, 0}}
		x.BestFES = bestFES
		return x
	}
	recs := []Record{
		r("pmode", "C01", 3, 0, 1, 90), // f_ref(C01) = 1
		r("cmode", "C01", 9, 1, 1.5, 70),
		r("pmode", "C02", 5, 0, 5, 40), // f_ref(C02) = 5
		r("cmode", "C02", 8, 0, 7, 60),
	}
	targets := []stats.Target{{Feasible: true}, {Delta: 1}}
	names, ecdfs, err := RuntimeECDFs(recs, 10, targets)
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 2 || names[0] != "cmode" || names[1] != "pmode" {
		t.Fatalf("names %v", names)
	}
	// First hits, min(grid point, best_fes when the final best reaches
	// the target): cmode C01 feasible and within 1 at min(100, 70); C02
	// feasible at 50 (best_fes 60 is later), never within 1 (f − 5 ≥ 2).
	// pmode C01 feasible at 50, within 1 at min(100, 90) (3 − 1 > 1 at
	// 50); C02 both at min(50, 40).
	want := map[string]stats.ECDF{
		"cmode": {FES: []int{50, 70}, Frac: []float64{0.25, 0.75}, Pairs: 4, Hits: 3},
		"pmode": {FES: []int{40, 50, 90}, Frac: []float64{0.5, 0.75, 1}, Pairs: 4, Hits: 4},
	}
	for i, n := range names {
		if !reflect.DeepEqual(ecdfs[i], want[n]) {
			t.Errorf("%s: %+v, want %+v", n, ecdfs[i], want[n])
		}
	}
	bn, bands, err := ConvergenceBands(recs, "C01", 10)
	if err != nil || len(bn) != 2 || bands[1].Median.F[0] != 3 || bands[0].Median.V[0] != 1 {
		t.Errorf("bands %v %+v %v", bn, bands, err)
	}
}
