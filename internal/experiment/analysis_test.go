package experiment

import (
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
