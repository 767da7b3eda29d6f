package stats

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// TestNewBox: quartiles as numpy.percentile(v, [25, 50, 75]) gives them
// (checked with NumPy 1.24), Tukey's whiskers and outliers by hand.
func TestNewBox(t *testing.T) {
	tests := []struct {
		v    []float64
		want Box
	}{
		{[]float64{4, 2, 1, 3}, Box{N: 4, Q1: 1.75, Median: 2.5, Q3: 3.25, LoWhisker: 1, HiWhisker: 4, Outliers: []float64{}}},
		{[]float64{5}, Box{N: 1, Q1: 5, Median: 5, Q3: 5, LoWhisker: 5, HiWhisker: 5, Outliers: []float64{}}},
		{[]float64{3, 1, 2}, Box{N: 3, Q1: 1.5, Median: 2, Q3: 2.5, LoWhisker: 1, HiWhisker: 3, Outliers: []float64{}}},
		// IQR 2: fences −1 and 7
		{[]float64{1, 2, 3, 4, 100}, Box{N: 5, Q1: 2, Median: 3, Q3: 4, LoWhisker: 1, HiWhisker: 4, Outliers: []float64{100}}},
		// IQR 6: fences −7 and 17
		{[]float64{-0.001, 2, 2, 2, 7, 8, 9, 10, -50}, Box{N: 9, Q1: 2, Median: 2, Q3: 8, LoWhisker: -0.001, HiWhisker: 10, Outliers: []float64{-50}}},
		{[]float64{7, 7, 7}, Box{N: 3, Q1: 7, Median: 7, Q3: 7, LoWhisker: 7, HiWhisker: 7, Outliers: []float64{}}},
	}
	for _, tc := range tests {
		b, err := NewBox(tc.v)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(b, tc.want) {
			t.Errorf("NewBox(%v) = %+v, want %+v", tc.v, b, tc.want)
		}
	}
	for _, bad := range []struct {
		v    []float64
		want string
	}{{nil, "no values"}, {[]float64{1, math.Inf(1)}, "value 1 = +Inf"}, {[]float64{math.NaN()}, "value 0 = NaN"}} {
		if _, err := NewBox(bad.v); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("NewBox(%v): error %v, want %q", bad.v, err, bad.want)
		}
	}
}

func TestQuantile(t *testing.T) {
	s := []float64{10, 20, 30, 40, 50}
	for _, tc := range []struct{ p, want float64 }{{0, 10}, {1, 50}, {0.5, 30}, {0.1, 14}, {0.9, 46}} {
		if got := Quantile(s, tc.p); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("Quantile(%v) = %v, want %v", tc.p, got, tc.want)
		}
	}
}
