package chart

import (
	"math"
	"testing"
)

// Each run gets one colour in both plots and one legend name; f is on one
// scale for all runs (symlog as soon as one run has f ≤ 0), v on log10
// with a gap once feasible.
func TestCompareConvergence(t *testing.T) {
	a := history(30, 1e3, 4, false)
	b := history(20, 1e3, 25, false) // never feasible within its 20 points
	for i := range b {
		b[i].BestF -= 5e3 // f ≤ 0 where drawn (it is not: b is infeasible)
	}
	m := decode(t, must(CompareConvergence([]CompareRun{{"A: pmode", a}, {"B: cmode", b}}, CompareOptions{MaxPoints: 400})))
	ser := series(t, m)
	if len(ser) != 4 {
		t.Fatalf("%d series, want 2 per run", len(ser))
	}
	for i, want := range []struct {
		name, color string
		x, y        float64
	}{{"A: pmode", Palette[0], 0, 0}, {"A: pmode", Palette[0], 1, 1}, {"B: cmode", Palette[1], 0, 0}, {"B: cmode", Palette[1], 1, 1}} {
		s := ser[i]
		idx := func(k string) float64 { // ECharts' default 0 is left out
			v, _ := s[k].(float64)
			return v
		}
		if s["name"] != want.name || s["color"] != want.color || idx("xAxisIndex") != want.x || idx("yAxisIndex") != want.y {
			t.Errorf("series %d = %v %v x%v y%v, want %+v", i, s["name"], s["color"], idx("xAxisIndex"), idx("yAxisIndex"), want)
		}
	}
	ys := yAxes(t, m)
	if ys[0]["name"] != FAxisName(ScaleLog) || ys[1]["name"] != "log10(violation of best)" {
		t.Errorf("axes %v, %v", ys[0]["name"], ys[1]["name"])
	}
	// run A's f: a gap while infeasible, log10(f) after
	x, y := point(t, ser[0], 10)
	if int(x) != a[10].FES || math.Abs(y-math.Log10(a[10].BestF)) > 1e-12 {
		t.Errorf("A's f at 10 = (%v, %v), want (%d, %v)", x, y, a[10].FES, math.Log10(a[10].BestF))
	}
	if d := ser[0]["data"].([]interface{})[0].([]interface{}); d[1] != nil {
		t.Errorf("A's f at 0 = %v, want a gap (infeasible)", d[1])
	}
	if d := ser[1]["data"].([]interface{})[10].([]interface{}); d[1] != nil {
		t.Errorf("A's v at 10 = %v, want a gap (feasible)", d[1])
	}
	// a run with f ≤ 0 switches every run to symlog
	b2 := history(20, 1e3, 0, false)
	for i := range b2 {
		b2[i].BestF = -b2[i].BestF
	}
	m = decode(t, must(CompareConvergence([]CompareRun{{"A", a}, {"B", b2}}, CompareOptions{})))
	if n := yAxes(t, m)[0]["name"]; n != FAxisName(ScaleSymlog) {
		t.Errorf("f axis %v, want symlog", n)
	}
	if _, y := point(t, series(t, m)[0], 10); math.Abs(y-Symlog(a[10].BestF)) > 1e-12 {
		t.Errorf("A's f on symlog = %v, want %v", y, Symlog(a[10].BestF))
	}
	// no runs, empty runs: a valid option
	if _, err := CompareConvergence(nil, CompareOptions{}); err != nil {
		t.Error(err)
	}
	if _, err := CompareConvergence([]CompareRun{{"A", nil}}, CompareOptions{}); err != nil {
		t.Error(err)
	}
}
