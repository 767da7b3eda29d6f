//go:build !(js && wasm)

package chart

import (
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"testing"
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
