//go:build !(js && wasm)

package chart

import (
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"testing"

	"pcaplay/core/stats"
)

// normalize decodes JSON and drops empty objects and nulls held by object
// keys (go-echarts writes a few empty components such as "toolbox": {}).
func normalize(t *testing.T, b []byte) interface{} {
	t.Helper()
	var v interface{}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("invalid JSON: %v", err)
	}
	var clean func(interface{}) interface{}
	clean = func(v interface{}) interface{} {
		switch x := v.(type) {
		case map[string]interface{}:
			out := map[string]interface{}{}
			for k, e := range x {
				e = clean(e)
				if m, ok := e.(map[string]interface{}); ok && len(m) == 0 {
					continue
				}
				if e == nil {
					continue
				}
				out[k] = e
			}
			return out
		case []interface{}:
			for i := range x {
				x[i] = clean(x[i])
			}
		}
		return v
	}
	return clean(v)
}

// The browser module marshals the model without go-echarts; it must give
// the options go-echarts gives.
func TestLiteMatchesGoEcharts(t *testing.T) {
	neg := history(40, 100, 3, false)
	for i := range neg {
		neg[i].BestF -= 1000
	}
	models := map[string]*Model{
		"convergence":          convergenceModel(history(50, 1e4, 5, false), ConvergenceOptions{Title: "pmode on C01"}),
		"convergence-adaptive": convergenceModel(history(30, 5, 0, true), ConvergenceOptions{}),
		"convergence-symlog":   convergenceModel(neg, ConvergenceOptions{MaxPoints: 10}),
		"convergence-empty":    convergenceModel(nil, ConvergenceOptions{}),
		"variance":             varianceModel([]float64{5, 2, 1, 0, math.NaN()}, "PCA"),
		"compare": compareModel([]CompareRun{{"A", history(50, 1e4, 5, false)}, {"B", neg}},
			CompareOptions{Title: "C01", MaxPoints: 20}),
		"compare-feasible": compareModel([]CompareRun{{"A", history(10, 3, 0, false)}}, CompareOptions{}),
	}
	// The experiment charts: bands (stack, area, hidden lines, series
	// without tooltip), box plots (boxplot and scatter on a category axis),
	// ECDF steps.
	bands := testBands(t)
	ecdf, _ := stats.NewECDF([]int{100, 400, stats.NotReached})
	runs := []stats.Sample{{Name: "a", Runs: feasibleRuns(1, 2, 3, 100)}, {Name: "b", Runs: []stats.Run{{F: 1, MeanV: 1}}}}
	for name, f := range map[string]func() (*Model, error){
		"band":    func() (*Model, error) { return bandModel(bands, BandOptions{Title: "C01", LogFES: true}) },
		"band-v":  func() (*Model, error) { return bandModel(bands, BandOptions{Violation: true}) },
		"boxes":   func() (*Model, error) { return boxModel(runs, BoxOptions{Title: "final"}) },
		"boxes-v": func() (*Model, error) { return boxModel(runs, BoxOptions{Violation: true}) },
		"ecdf": func() (*Model, error) {
			return ecdfModel([]ECDFSeries{{"a", ecdf}}, ECDFOptions{LogFES: true, To: 1000})
		},
		"ecdf-lin": func() (*Model, error) { return ecdfModel([]ECDFSeries{{"a", ecdf}, {"b", ecdf}}, ECDFOptions{}) },
	} {
		m, err := f()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		models[name] = m
	}
	for name, m := range models {
		for i, p := range SplitGrids(m) {
			models[name+"-part"+strconv.Itoa(i)] = p
		}
	}
	for name, m := range models {
		a, err := echartsJSON(m)
		if err != nil {
			t.Fatalf("%s: go-echarts: %v", name, err)
		}
		b, err := liteJSON(m)
		if err != nil {
			t.Fatalf("%s: lite: %v", name, err)
		}
		na, nb := normalize(t, a), normalize(t, b)
		if !reflect.DeepEqual(na, nb) {
			ja, _ := json.Marshal(na)
			jb, _ := json.Marshal(nb)
			t.Errorf("%s: options differ\ngo-echarts: %s\nlite:       %s", name, ja, jb)
		}
	}
}
