package chart

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
)

func decode(t *testing.T, b []byte) map[string]interface{} {
	t.Helper()
	if strings.Contains(string(b), "NaN") || strings.Contains(string(b), "Inf") {
		t.Fatalf("non-finite number in JSON: %s", b)
	}
	var m map[string]interface{}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("invalid JSON: %v\n%s", err, b)
	}
	return m
}

func history(n int, f0 float64, feasibleFrom int, adapt bool) []Point {
	var h []Point
	for i := 0; i < n; i++ {
		p := Point{FES: 100 * (i + 1), BestF: f0 * math.Pow(0.8, float64(i)), BestV: 0, Feasible: float64(i) / float64(n), PopSize: 100 - i/2}
		if i < feasibleFrom {
			p.BestV = 10 * math.Pow(0.5, float64(i))
			p.BestF = math.NaN() // the f of an infeasible best must not matter
		}
		if adapt {
			p.StrategyProb = []float64{0.25, 0.25, 0.3, 0.2}
			p.MeanF = []float64{0.5, 0.6}
			p.MeanCR = []float64{0.9, math.Inf(1)}
		}
		h = append(h, p)
	}
	return h
}

func yAxes(t *testing.T, m map[string]interface{}) []map[string]interface{} {
	t.Helper()
	raw, ok := m["yAxis"].([]interface{})
	if !ok {
		t.Fatalf("no yAxis list: %v", m["yAxis"])
	}
	var out []map[string]interface{}
	for _, a := range raw {
		out = append(out, a.(map[string]interface{}))
	}
	return out
}

func seriesNames(m map[string]interface{}) []string {
	var n []string
	for _, s := range m["series"].([]interface{}) {
		n = append(n, s.(map[string]interface{})["name"].(string))
	}
	return n
}

func TestConvergenceLog10WhenPositive(t *testing.T) {
	h := history(50, 1e4, 5, false)
	m := decode(t, must(Convergence(h, ConvergenceOptions{Title: "C01"})))
	ys := yAxes(t, m)
	if ys[0]["type"] != "value" || !strings.Contains(ys[0]["name"].(string), "log10") {
		t.Errorf("f axis %v %q, want a value axis named log10(…)", ys[0]["type"], ys[0]["name"])
	}
	if ys[1]["type"] != "value" || !strings.Contains(ys[1]["name"].(string), "log10") {
		t.Errorf("violation axis %v %q, want a value axis named log10(…) (some v > 0)", ys[1]["type"], ys[1]["name"])
	}
	ser := m["series"].([]interface{})
	lastF := ser[0].(map[string]interface{})["data"].([]interface{})[49].([]interface{})[1].(float64)
	if want := math.Log10(h[49].BestF); math.Abs(lastF-want) > 1e-12 {
		t.Errorf("last plotted f = %v, want log10(f) = %v", lastF, want)
	}
	v0 := ser[1].(map[string]interface{})["data"].([]interface{})[0].([]interface{})[1].(float64)
	if want := math.Log10(h[0].BestV); math.Abs(v0-want) > 1e-12 {
		t.Errorf("first plotted v = %v, want log10(v) = %v", v0, want)
	}
	if v := ser[1].(map[string]interface{})["data"].([]interface{})[10].([]interface{})[1]; v != nil {
		t.Errorf("v = 0 plotted as %v, want a gap (null)", v)
	}
	if got := len(m["series"].([]interface{})); got != 4 {
		t.Errorf("%d series, want 4 without adaptation: %v", got, seriesNames(m))
	}
	// the first 5 points are infeasible: f is a gap (null), v is drawn
	s0 := m["series"].([]interface{})[0].(map[string]interface{})["data"].([]interface{})
	if len(s0) != 50 {
		t.Fatalf("%d f points, want 50", len(s0))
	}
	first := s0[0].([]interface{})
	if first[1] != nil || first[0].(float64) != 100 {
		t.Errorf("first f point = %v, want [100, null]", first)
	}
}

func TestConvergenceSymlogWhenNonPositive(t *testing.T) {
	h := history(30, 1e3, 0, false)
	for i := range h {
		h[i].BestF -= 500
	}
	m := decode(t, must(Convergence(h, ConvergenceOptions{})))
	ys := yAxes(t, m)
	if ys[0]["type"] != "value" {
		t.Errorf("f axis type = %v, want value for values ≤ 0", ys[0]["type"])
	}
	if !strings.Contains(ys[0]["name"].(string), "sign(f)") {
		t.Errorf("f axis name %q does not state the signed scale", ys[0]["name"])
	}
	if ys[1]["type"] != "value" {
		t.Errorf("violation axis = %v, want value when always feasible", ys[1]["type"])
	}
	d := m["series"].([]interface{})[0].(map[string]interface{})["data"].([]interface{})
	last := d[len(d)-1].([]interface{})[1].(float64)
	want := Symlog(h[len(h)-1].BestF)
	if math.Abs(last-want) > 1e-12 {
		t.Errorf("last plotted f = %v, want symlog %v", last, want)
	}
}

func TestChooseFScale(t *testing.T) {
	cases := []struct {
		v    []float64
		want Scale
	}{
		{[]float64{1, 10, 1e6}, ScaleLog},
		{[]float64{1, 0}, ScaleSymlog},
		{[]float64{-3, 5}, ScaleSymlog},
		{[]float64{math.NaN(), 2}, ScaleLog},
		{nil, ScaleNone},
		{[]float64{math.Inf(1)}, ScaleNone},
	}
	for _, c := range cases {
		if got := ChooseFScale(c.v); got != c.want {
			t.Errorf("ChooseFScale(%v) = %v, want %v", c.v, got, c.want)
		}
	}
}

func TestConvergenceAdaptationAndNoNaN(t *testing.T) {
	m := decode(t, must(Convergence(history(20, 5, 0, true), ConvergenceOptions{})))
	names := strings.Join(seriesNames(m), ",")
	for _, w := range []string{"q1", "q4", "mean F", "mean CR"} {
		if !strings.Contains(names, w) {
			t.Errorf("series %q missing in %s", w, names)
		}
	}
	if n := len(m["grid"].([]interface{})); n != 4 {
		t.Errorf("%d grids, want 4 with adaptation", n)
	}
}

func TestConvergenceThinsLongHistories(t *testing.T) {
	h := history(5000, 1e5, 0, false)
	m := decode(t, must(Convergence(h, ConvergenceOptions{MaxPoints: 300})))
	d := m["series"].([]interface{})[0].(map[string]interface{})["data"].([]interface{})
	if len(d) != 300 {
		t.Fatalf("%d points, want 300", len(d))
	}
	last := d[len(d)-1].([]interface{})[0].(float64)
	if int(last) != h[len(h)-1].FES {
		t.Errorf("last FES %v, want %d (the last point must be kept)", last, h[len(h)-1].FES)
	}
}

func TestConvergenceEmptyAndNonFinite(t *testing.T) {
	decode(t, must(Convergence(nil, ConvergenceOptions{})))
	h := []Point{{FES: 10, BestF: math.Inf(-1), BestV: 0, Feasible: math.NaN(), PopSize: 4},
		{FES: 20, BestF: math.NaN(), BestV: math.Inf(1)}}
	decode(t, must(Convergence(h, ConvergenceOptions{})))
}

func TestExplainedVariance(t *testing.T) {
	m := decode(t, must(ExplainedVariance([]float64{6, 3, 1, -1e-17, math.NaN()}, "PCA")))
	xs := m["xAxis"].([]interface{})[0].(map[string]interface{})
	if len(xs["data"].([]interface{})) != 5 || xs["type"] != "category" {
		t.Errorf("x axis = %v", xs)
	}
	ser := m["series"].([]interface{})
	bars := ser[0].(map[string]interface{})["data"].([]interface{})
	if v := bars[0].(float64); math.Abs(v-60) > 1e-9 {
		t.Errorf("PC1 share = %v, want 60", v)
	}
	cum := ser[1].(map[string]interface{})["data"].([]interface{})
	if v := cum[2].(float64); math.Abs(v-100) > 1e-9 {
		t.Errorf("cumulative after PC3 = %v, want 100", v)
	}
}

// The data are plain [x, y] pairs and plain numbers, which ECharts parses
// several times faster than {value: …} items; a gap is null.
func TestPlainData(t *testing.T) {
	h := history(3, 10, 1, false)
	b := must(Convergence(h, ConvergenceOptions{}))
	if strings.Contains(string(b), `{"value"`) {
		t.Errorf("convergence data has {value: …} items: %s", b)
	}
	if !strings.Contains(string(b), `"data":[[100,null],[200,`) {
		t.Errorf("best feasible f data should start [[100,null],[200,…: %s", b)
	}
	v := must(ExplainedVariance([]float64{3, 1}, ""))
	if !strings.Contains(string(v), `"data":[75,100]`) {
		t.Errorf("cumulative variance should be the plain numbers [75,100]: %s", v)
	}
	e := must(Convergence(nil, ConvergenceOptions{}))
	if strings.Contains(string(e), `"data":null`) {
		t.Errorf("empty history gives data null, want []: %s", e)
	}
}

func TestIndices(t *testing.T) {
	if got := Indices(3, 10); len(got) != 3 {
		t.Errorf("Indices(3,10) = %v", got)
	}
	got := Indices(1000, 7)
	if len(got) != 7 || got[0] != 0 || got[6] != 999 {
		t.Errorf("Indices(1000,7) = %v", got)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// The parts of the convergence chart are its grids, one option each, with
// exactly the series and data of the single chart.
func TestConvergenceParts(t *testing.T) {
	for _, c := range []struct {
		adapt bool
		want  []string // series of each part
	}{
		{false, []string{"best feasible f", "violation of best", "feasible fraction,population size"}},
		{true, []string{"best feasible f", "violation of best", "feasible fraction,population size", "q1,q2,q3,q4,mean F,mean CR"}},
	} {
		h := history(60, 1e4, 5, c.adapt)
		whole := decode(t, must(Convergence(h, ConvergenceOptions{Title: "t", MaxPoints: 40})))
		byName := map[string]interface{}{}
		for _, s := range whole["series"].([]interface{}) {
			s := s.(map[string]interface{})
			byName[s["name"].(string)] = s["data"]
		}
		parts, err := ConvergenceParts(h, ConvergenceOptions{Title: "t", MaxPoints: 40})
		if err != nil {
			t.Fatal(err)
		}
		if len(parts) != len(c.want) {
			t.Fatalf("adapt=%v: %d parts, want %d", c.adapt, len(parts), len(c.want))
		}
		for i, b := range parts {
			m := decode(t, b)
			if got := strings.Join(seriesNames(m), ","); got != c.want[i] {
				t.Errorf("part %d: series %s, want %s", i, got, c.want[i])
			}
			for _, s := range m["series"].([]interface{}) {
				s := s.(map[string]interface{})
				if !reflect.DeepEqual(s["data"], byName[s["name"].(string)]) {
					t.Errorf("part %d: %s has other data than in the single chart", i, s["name"])
				}
				nx, ny := len(m["xAxis"].([]interface{})), len(m["yAxis"].([]interface{}))
				xi, _ := s["xAxisIndex"].(float64)
				yi, _ := s["yAxisIndex"].(float64)
				if int(xi) >= nx || int(yi) >= ny {
					t.Errorf("part %d: %s on axes %v,%v of %d,%d", i, s["name"], xi, yi, nx, ny)
				}
			}
			if n := len(m["grid"].([]interface{})); n != 1 {
				t.Errorf("part %d: %d grids, want 1", i, n)
			}
			title, _ := m["title"].(map[string]interface{})["text"].(string)
			if (i == 0) != (title == "t") {
				t.Errorf("part %d: title %q; want the title on the first part only", i, title)
			}
			legend := m["legend"].(map[string]interface{})["show"].(bool)
			if legend != strings.Contains(c.want[i], ",") {
				t.Errorf("part %d: legend shown %v with series %s; want a legend exactly when there are several", i, legend, c.want[i])
			}
			// every part has the same left margin, which holds half the
			// widest left y-axis name (so ECharts moves no plot)
			left := m["grid"].([]interface{})[0].(map[string]interface{})["left"].(string)
			if want := whole["grid"].([]interface{})[0].(map[string]interface{})["left"].(string); left != want {
				t.Errorf("part %d: grid left %s, the single chart's %s", i, left, want)
			}
			x := m["xAxis"].([]interface{})[0].(map[string]interface{})
			if x["name"] != "FES" {
				t.Errorf("part %d: x axis name %v, want FES", i, x["name"])
			}
			// log10 values are negative: the x axis stays at the bottom
			if l, _ := x["axisLine"].(map[string]interface{}); l == nil || l["onZero"] != false {
				t.Errorf("part %d: x axisLine %v, want onZero false", i, x["axisLine"])
			}
		}
	}
}

func TestNameMargin(t *testing.T) {
	if got := nameMargin([]Axis{{Name: "short"}}); got != 64 {
		t.Errorf("short name: margin %d, want 64", got)
	}
	long := "best feasible f as sign(f)·log10(1+|f|)" // 40 characters, 221 px in Chromium's 12 px sans
	if got := nameMargin([]Axis{{Name: long}, {Name: long + long, Position: "right"}}); got < 221/2+4 || got > 150 {
		t.Errorf("40-character name: margin %d, want a little over half its 221 px", got)
	}
}
