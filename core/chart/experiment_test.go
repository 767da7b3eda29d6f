package chart

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"

	"pcaplay/core/stats"
)

func series(t *testing.T, m map[string]interface{}) []map[string]interface{} {
	t.Helper()
	var out []map[string]interface{}
	for _, s := range m["series"].([]interface{}) {
		out = append(out, s.(map[string]interface{}))
	}
	return out
}

func xAxis0(t *testing.T, m map[string]interface{}) map[string]interface{} {
	t.Helper()
	return m["xAxis"].([]interface{})[0].(map[string]interface{})
}

// point returns data item k of s as (x, y); y is NaN for null.
func point(t *testing.T, s map[string]interface{}, k int) (float64, float64) {
	t.Helper()
	p := s["data"].([]interface{})[k].([]interface{})
	y := math.NaN()
	if p[1] != nil {
		y = p[1].(float64)
	}
	return p[0].(float64), y
}

func near(a, b float64) bool {
	return (math.IsNaN(a) && math.IsNaN(b)) || math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b))
}

// testBands: two configurations of three runs on a grid of three points.
// "on": feasible from the start. "off": one run infeasible throughout,
// one until the last point.
func testBands(t *testing.T) []BandSeries {
	t.Helper()
	g := []int{100, 1000, 10000}
	on, err := stats.ConvergenceBand([]stats.Curve{
		{FES: g, F: []float64{100, 10, 1}, V: []float64{0, 0, 0}},
		{FES: g, F: []float64{1000, 100, 10}, V: []float64{0, 0, 0}},
		{FES: g, F: []float64{10000, 1000, 100}, V: []float64{0, 0, 0}},
	})
	if err != nil {
		t.Fatal(err)
	}
	off, err := stats.ConvergenceBand([]stats.Curve{
		{FES: g, F: []float64{50, 5, 0.5}, V: []float64{0, 0, 0}},
		{FES: g, F: []float64{-3, -3, 80}, V: []float64{2, 1, 0}},
		{FES: g, F: []float64{-9, -9, -9}, V: []float64{4, 3, 2}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return []BandSeries{{"on", on}, {"off", off}}
}

func TestMedianConvergence(t *testing.T) {
	bands := testBands(t)
	m := decode(t, must(MedianConvergence(bands, BandOptions{Title: "C01", LogFES: true})))
	if x := xAxis0(t, m); x["type"] != "log" || x["name"] != "FES" {
		t.Errorf("x axis %v %v, want a log axis named FES", x["type"], x["name"])
	}
	if y := yAxes(t, m)[0]; y["name"] != "log10(best feasible f)" {
		t.Errorf("y axis %q", y["name"])
	}
	ss := series(t, m)
	if len(ss) != 6 {
		t.Fatalf("%d series, want 3 per configuration", len(ss))
	}
	for i, s := range ss {
		if want := bands[i/3].Name; s["name"] != want {
			t.Errorf("series %d named %v, want %s (one legend entry per configuration)", i, s["name"], want)
		}
		if want := Palette[i/3]; s["color"] != want {
			t.Errorf("series %d colour %v, want %s", i, s["color"], want)
		}
	}
	base, width, med := ss[0], ss[1], ss[2]
	if base["stack"] == nil || base["stack"] != width["stack"] || ss[3]["stack"] == base["stack"] {
		t.Errorf("stacks %v %v %v: base and width of a band stack, bands do not", base["stack"], width["stack"], ss[3]["stack"])
	}
	// the width stacks on the lower line whatever their signs (ECharts'
	// default stacks only values of the same sign: a band below 0 would
	// be drawn from 0)
	if base["stackStrategy"] != "all" || width["stackStrategy"] != "all" || med["stackStrategy"] != nil {
		t.Errorf("stack strategies %v %v %v, want all, all and none", base["stackStrategy"], width["stackStrategy"], med["stackStrategy"])
	}
	for _, s := range []map[string]interface{}{base, width} {
		if tip, _ := s["tooltip"].(map[string]interface{}); tip == nil || tip["show"] != false {
			t.Errorf("band part %v: tooltip %v, want show false", s["name"], s["tooltip"])
		}
		if ls, _ := s["lineStyle"].(map[string]interface{}); ls == nil || ls["opacity"] != 0.0 {
			t.Errorf("band part: lineStyle %v, want opacity 0", s["lineStyle"])
		}
	}
	if as, _ := width["areaStyle"].(map[string]interface{}); as == nil || math.Abs(as["opacity"].(float64)-bandAlpha) > 1e-6 {
		t.Errorf("band width: areaStyle %v", width["areaStyle"])
	}
	if _, ok := base["areaStyle"]; ok {
		t.Error("band base is filled")
	}
	if _, ok := med["tooltip"]; ok {
		t.Error("median line left out of the tooltip")
	}
	// "on" at FES 1000: lo 10, median 100, hi 1000.
	x, y := point(t, med, 1)
	_, b := point(t, base, 1)
	_, w := point(t, width, 1)
	if x != 1000 || !near(y, 2) || !near(b, 1) || !near(w, 2) {
		t.Errorf("on at 1000: x %v median %v base %v width %v; want 1000, 2, 1, 2", x, y, b, w)
	}
	// "off": at FES 100 the median run is infeasible (v̄ 2), at 1000 too
	// (v̄ 1); at 10000 the median is 80; the band needs both quartile
	// runs feasible: the upper one (v̄ 2) never is.
	offBase, offMed := ss[3], ss[5]
	for k, want := range []float64{math.NaN(), math.NaN(), math.Log10(80)} {
		if _, got := point(t, offMed, k); !near(got, want) {
			t.Errorf("off median at point %d: %v, want %v", k, got, want)
		}
		if _, got := point(t, offBase, k); !math.IsNaN(got) {
			t.Errorf("off band at point %d: %v, want a gap", k, got)
		}
	}
	lin := decode(t, must(MedianConvergence(bands, BandOptions{})))
	if x := xAxis0(t, lin); x["type"] != "value" {
		t.Errorf("linear FES axis: type %v", x["type"])
	}
}

func TestMedianConvergenceViolation(t *testing.T) {
	bands := testBands(t)
	m := decode(t, must(MedianConvergence(bands, BandOptions{Violation: true})))
	if y := yAxes(t, m)[0]; !strings.Contains(y["name"].(string), "log10(v̄ of best)") {
		t.Errorf("y axis %q", y["name"])
	}
	ss := series(t, m)
	// "off" lo/median/hi v̄: FES 100: 0, 2, 4; 1000: 0, 1, 3; 10000: 0, 0, 2.
	for k, want := range []float64{math.Log10(2), 0, math.NaN()} {
		if _, got := point(t, ss[5], k); !near(got, want) {
			t.Errorf("off median log10(v̄) at point %d: %v, want %v", k, got, want)
		}
		if _, got := point(t, ss[3], k); !math.IsNaN(got) {
			t.Errorf("off band at point %d: %v, want a gap (the lower run is feasible)", k, got)
		}
	}
	if _, got := point(t, ss[2], 0); !math.IsNaN(got) {
		t.Errorf("on (always feasible): v̄ drawn as %v, want a gap", got)
	}
}

func TestMedianConvergenceSymlog(t *testing.T) {
	b, err := stats.ConvergenceBand([]stats.Curve{{FES: []int{10, 20}, F: []float64{5, -5}, V: []float64{0, 0}}})
	if err != nil {
		t.Fatal(err)
	}
	m := decode(t, must(MedianConvergence([]BandSeries{{"a", b}}, BandOptions{})))
	if y := yAxes(t, m)[0]; !strings.Contains(y["name"].(string), "sign(f)") {
		t.Errorf("y axis %q, want the signed scale", y["name"])
	}
	if _, got := point(t, series(t, m)[2], 1); !near(got, Symlog(-5)) {
		t.Errorf("median %v, want symlog(−5) = %v", got, Symlog(-5))
	}
}

func TestMedianConvergenceErrors(t *testing.T) {
	if _, err := MedianConvergence(nil, BandOptions{}); err == nil || !strings.Contains(err.Error(), "no configurations") {
		t.Errorf("no series: %v", err)
	}
	bad := testBands(t)
	bad[1].Band.Hi.V = bad[1].Band.Hi.V[:1]
	if _, err := MedianConvergence(bad, BandOptions{}); err == nil || !strings.Contains(err.Error(), `"off"`) {
		t.Errorf("short line: %v", err)
	}
}

func feasibleRuns(fs ...float64) []stats.Run {
	var out []stats.Run
	for _, f := range fs {
		out = append(out, stats.Run{F: f, Feasible: true})
	}
	return out
}

func TestFinalBoxes(t *testing.T) {
	inf := func(f, v float64) stats.Run { return stats.Run{F: f, MeanV: v, Counts: [3]int{0, 1, 0}} }
	samples := []stats.Sample{
		{Name: "on", Runs: feasibleRuns(1, 10, 100, 1000, 1e9)},
		{Name: "off", Runs: append(feasibleRuns(10, 100), inf(-50, 0.5), inf(3, 2))},
		{Name: "none", Runs: []stats.Run{inf(1, 1)}},
	}
	m := decode(t, must(FinalBoxes(samples, BoxOptions{Title: "C01"})))
	cats := xAxis0(t, m)["data"].([]interface{})
	want := []string{"on\n5 of 5 feasible", "off\n2 of 4 feasible", "none\n0 of 1 feasible"}
	for i, w := range want {
		if cats[i] != w {
			t.Errorf("category %d: %q, want %q", i, cats[i], w)
		}
	}
	if y := yAxes(t, m)[0]; y["name"] != "log10(final f of feasible runs)" {
		t.Errorf("y axis %q", y["name"])
	}
	ss := series(t, m)
	if len(ss) != 2 || ss[0]["type"] != "boxplot" || ss[1]["type"] != "scatter" {
		t.Fatalf("series %v", ss)
	}
	// "on": log10 = 0, 1, 2, 3, 9: quartiles 1, 2, 3 (NewBox on f, then
	// log10); IQR of f 990, upper fence 2485: 1e9 is an outlier, the upper
	// whisker 1000.
	data := ss[0]["data"].([]interface{})
	got := fmt.Sprint(data[0])
	if wantBox := fmt.Sprint([]interface{}{0.0, 1.0, 2.0, 3.0, 3.0}); got != wantBox {
		t.Errorf("box of on: %s, want %s", got, wantBox)
	}
	if fmt.Sprint(data[2]) != "[<nil> <nil> <nil> <nil> <nil>]" {
		t.Errorf("configuration without feasible runs: box %v, want an empty slot", data[2])
	}
	outl := ss[1]["data"].([]interface{})
	if len(outl) != 1 || fmt.Sprint(outl[0]) != "[0 9]" {
		t.Errorf("outliers %v, want [[0 9]]", outl)
	}
	v := decode(t, must(FinalBoxes(samples, BoxOptions{Violation: true})))
	vcats := xAxis0(t, v)["data"].([]interface{})
	if vcats[1] != "off\n2 of 4 infeasible" {
		t.Errorf("v̄ category %q", vcats[1])
	}
	vb := series(t, v)[0]["data"].([]interface{})
	if fmt.Sprint(vb[0]) != "[<nil> <nil> <nil> <nil> <nil>]" || fmt.Sprint(vb[2]) != "[0 0 0 0 0]" {
		t.Errorf("v̄ boxes %v: want an empty slot for on and log10(1) for none", vb)
	}
	if _, err := FinalBoxes(nil, BoxOptions{}); err == nil {
		t.Error("no samples: no error")
	}
	bad := []stats.Sample{{Name: "x", Runs: []stats.Run{{F: math.NaN(), Feasible: true}}}}
	if _, err := FinalBoxes(bad, BoxOptions{}); err == nil || !strings.Contains(err.Error(), `"x", run 0`) {
		t.Errorf("NaN run: %v", err)
	}
}

func TestRuntimeECDF(t *testing.T) {
	a, _ := stats.NewECDF([]int{100, 400, stats.NotReached, 400})
	b, _ := stats.NewECDF([]int{stats.NotReached, stats.NotReached})
	m := decode(t, must(RuntimeECDF([]ECDFSeries{{"a", a}, {"b", b}}, ECDFOptions{LogFES: true, To: 1000})))
	if x := xAxis0(t, m); x["type"] != "log" {
		t.Errorf("x axis %v", x["type"])
	}
	y := yAxes(t, m)[0]
	if y["min"] != 0.0 || y["max"] != 1.0 {
		t.Errorf("y axis %v … %v, want 0 … 1", y["min"], y["max"])
	}
	ss := series(t, m)
	if ss[0]["step"] != "end" {
		t.Errorf("step %v, want end", ss[0]["step"])
	}
	if got := fmt.Sprint(ss[0]["data"]); got != "[[100 0] [100 0.25] [400 0.75] [1000 0.75]]" {
		t.Errorf("a: %s", got)
	}
	if got := fmt.Sprint(ss[1]["data"]); got != "[[100 0] [1000 0]]" {
		t.Errorf("b (nothing reached): %s", got)
	}
	// default From and To: the first and the last step
	d := decode(t, must(RuntimeECDF([]ECDFSeries{{"a", a}}, ECDFOptions{})))
	if got := fmt.Sprint(series(t, d)[0]["data"]); got != "[[100 0] [100 0.25] [400 0.75] [400 0.75]]" {
		t.Errorf("defaults: %s", got)
	}
	for _, bad := range []struct {
		s    []ECDFSeries
		o    ECDFOptions
		want string
	}{
		{nil, ECDFOptions{}, "no configurations"},
		{[]ECDFSeries{{"a", a}}, ECDFOptions{To: 300}, "outside"},
		{[]ECDFSeries{{"a", a}}, ECDFOptions{From: 200}, "outside"},
		{[]ECDFSeries{{"a", a}}, ECDFOptions{From: -1}, "From = -1"},
		{[]ECDFSeries{{"a", a}}, ECDFOptions{From: 50, To: 20}, "below From"},
		{[]ECDFSeries{{"z", stats.ECDF{FES: []int{5, 3}, Frac: []float64{0.1, 0.2}}}}, ECDFOptions{}, `"z": ECDF step 1`},
		{[]ECDFSeries{{"z", stats.ECDF{FES: []int{5}, Frac: []float64{1.5}}}}, ECDFOptions{}, "fraction 1.5"},
		{[]ECDFSeries{{"z", stats.ECDF{FES: []int{5}}}}, ECDFOptions{}, "1 FES and 0 fractions"},
	} {
		if _, err := RuntimeECDF(bad.s, bad.o); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%+v: error %v, want %q", bad.o, err, bad.want)
		}
	}
}

// The experiment charts' options are plain JSON values for the page.
func TestExperimentOptionsJSON(t *testing.T) {
	b := must(MedianConvergence(testBands(t), BandOptions{LogFES: true}))
	var v map[string]interface{}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
}

// Example: the median convergence of two configurations as an ECharts
// option, and what it holds.
func ExampleMedianConvergence() {
	grid := []int{100, 1000, 10000}
	band := func(scale float64) stats.Band {
		b, _ := stats.ConvergenceBand([]stats.Curve{
			{FES: grid, F: []float64{100 * scale, 10 * scale, scale}, V: []float64{0, 0, 0}},
			{FES: grid, F: []float64{200 * scale, 20 * scale, 2 * scale}, V: []float64{0, 0, 0}},
		})
		return b
	}
	js, err := MedianConvergence([]BandSeries{{"PMODE", band(1)}, {"CMODE", band(10)}}, BandOptions{Title: "C01, D = 10", LogFES: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	var opt struct {
		XAxis  []struct{ Type string }
		YAxis  []struct{ Name string }
		Series []struct {
			Name string
			Data [][2]float64
		}
	}
	if err := json.Unmarshal(js, &opt); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(opt.XAxis[0].Type, "FES axis;", opt.YAxis[0].Name)
	for _, s := range opt.Series[2:3] {
		fmt.Println(s.Name, "median:", s.Data)
	}
	// Output:
	// log FES axis; log10(best feasible f)
	// PMODE median: [[100 2] [1000 1] [10000 0]]
}
