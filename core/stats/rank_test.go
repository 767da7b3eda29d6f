package stats

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// meanKey builds a Summary with the RankMean keys.
func meanKey(sr, vio, mean float64) Summary { return Summary{SR: sr, Vio: vio, Mean: mean} }

// medKey builds a Summary with the RankMedian keys.
func medKey(median, medianV float64) Summary { return Summary{Median: median, MedianV: medianV} }

func entries(sums ...Summary) []Entry {
	e := make([]Entry, len(sums))
	for i, s := range sums {
		e[i] = Entry{Algorithm: string(rune('A' + i)), Summary: s}
	}
	return e
}

func TestRankMean(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name string
		sums []Summary
		want []int
	}{
		{"empty", nil, []int{}},
		{"single", []Summary{meanKey(0, 5, 5)}, []int{1}},
		{"SR first, higher better", []Summary{meanKey(40, 0.1, -100), meanKey(100, 0, 50), meanKey(4, 0.01, -1e9)}, []int{2, 1, 3}},
		{"then Vio, lower better", []Summary{meanKey(0, 5.5, -1), meanKey(0, 4.5, 100), meanKey(0, 6636, -1e9)}, []int{2, 1, 3}},
		{"then Mean, lower better", []Summary{meanKey(100, 0, 4.8), meanKey(100, 0, 3.99), meanKey(100, 0, 5)}, []int{2, 1, 3}},
		{"ties share the best rank, next skipped", []Summary{meanKey(100, 0, 2), meanKey(100, 0, 1), meanKey(100, 0, 2), meanKey(100, 0, 3)}, []int{2, 1, 2, 4}},
		{"tie at the top", []Summary{meanKey(100, 0, 0), meanKey(100, 0, 0), meanKey(96, 0.1, 0)}, []int{1, 1, 3}},
		{"all equal", []Summary{meanKey(0, 1, 1), meanKey(0, 1, 1), meanKey(0, 1, 1)}, []int{1, 1, 1}},
		{"median fields ignored", []Summary{{SR: 100, Mean: 1, Median: 9}, {SR: 100, Mean: 2, Median: -9}}, []int{1, 2}},
		{"NaN worst", []Summary{meanKey(100, 0, nan), meanKey(100, 0, 1e300), meanKey(nan, 0, 0)}, []int{2, 1, 3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := RankMean(entries(tc.sums...)); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("RankMean = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestRankMedian(t *testing.T) {
	tests := []struct {
		name string
		sums []Summary
		want []int
	}{
		{"empty", nil, []int{}},
		{"feasible beats infeasible", []Summary{medKey(-1000, 1e-6), medKey(1e6, 0)}, []int{2, 1}},
		{"feasible by f", []Summary{medKey(3.99, 0), medKey(-4, 0), medKey(3.98, 0)}, []int{3, 1, 2}},
		{"infeasible by violation, not f", []Summary{medKey(-1173, 1.9e-3), medKey(10, 1e-4), medKey(-1e9, 75.7)}, []int{2, 1, 3}},
		{"infeasible equal violation tie whatever f", []Summary{medKey(0, 6633.59), medKey(5, 6633.59), medKey(0, 6633.6)}, []int{1, 1, 3}},
		{"feasible ties", []Summary{medKey(1, 0), medKey(0, 0), medKey(0, 0), medKey(0, 1)}, []int{3, 1, 1, 4}},
		{"negative zero is feasible", []Summary{medKey(1, math.Copysign(0, -1)), medKey(0, 1e-300)}, []int{1, 2}},
		{"mean fields ignored", []Summary{{SR: 0, Vio: 9, Median: 1}, {SR: 100, Median: 2}}, []int{1, 2}},
		{"NaN worst", []Summary{medKey(math.NaN(), 0), medKey(1e300, 0), medKey(0, math.NaN()), medKey(0, 1e300)}, []int{2, 1, 4, 3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := RankMedian(entries(tc.sums...)); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("RankMedian = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestRank: two problems, three algorithms listed in different orders.
func TestRank(t *testing.T) {
	full := func(sr, vio, mean, median, medianV float64) Summary {
		return Summary{SR: sr, Vio: vio, Mean: mean, Median: median, MedianV: medianV}
	}
	byProblem := map[string][]Entry{
		"C01": {
			{"X", full(100, 0, 5, 5, 0)},
			{"Y", full(100, 0, 3, 4, 0)},
			{"Z", full(80, 0.1, 1, 1, 0)},
		},
		"C02": { // another order
			{"Z", full(0, 2, 0, 0, 2)},
			{"X", full(0, 1, 9, 9, 3)},
			{"Y", full(0, 1, 9, 9, 1)},
		},
	}
	tab, err := Rank([]string{"C01", "C02"}, byProblem)
	if err != nil {
		t.Fatal(err)
	}
	want := &Table{
		Problems:    []string{"C01", "C02"},
		Algorithms:  []string{"X", "Y", "Z"},
		Mean:        [][]int{{2, 1, 3}, {1, 1, 3}},
		Median:      [][]int{{3, 2, 1}, {3, 1, 2}},
		MeanTotal:   []int{3, 2, 6},
		MedianTotal: []int{6, 3, 3},
		Total:       []int{9, 5, 9},
	}
	if !reflect.DeepEqual(tab, want) {
		t.Errorf("Rank =\n%+v\nwant\n%+v", tab, want)
	}
}

func TestRankErrors(t *testing.T) {
	ok := Summary{SR: 100}
	e := func(names ...string) []Entry {
		var es []Entry
		for _, n := range names {
			es = append(es, Entry{n, ok})
		}
		return es
	}
	tests := []struct {
		name      string
		problems  []string
		byProblem map[string][]Entry
		want      []string
	}{
		{"no problems", nil, map[string][]Entry{}, []string{"no problems"}},
		{"repeated problem", []string{"C01", "C01"}, map[string][]Entry{"C01": e("A")}, []string{`"C01" listed twice`}},
		{"missing problem", []string{"C01", "C02"}, map[string][]Entry{"C01": e("A")}, []string{`"C02"`, "no entries"}},
		{"empty problem", []string{"C01"}, map[string][]Entry{"C01": {}}, []string{`"C01"`, "no entries"}},
		{"extra problem", []string{"C01"}, map[string][]Entry{"C01": e("A"), "C09": e("A")}, []string{`"C09"`}},
		{"empty name", []string{"C01"}, map[string][]Entry{"C01": e("")}, []string{`"C01"`, "empty algorithm"}},
		{"repeated algorithm", []string{"C01"}, map[string][]Entry{"C01": e("A", "A")}, []string{`"C01"`, `"A" listed twice`}},
		{"repeated later", []string{"C01", "C02"}, map[string][]Entry{"C01": e("A", "B"), "C02": e("A", "A")}, []string{`"C02"`, `"A" listed twice`}},
		{"unknown algorithm", []string{"C01", "C02"}, map[string][]Entry{"C01": e("A", "B"), "C02": e("A", "C")}, []string{`"C02"`, `"C"`}},
		{"missing algorithm", []string{"C01", "C02"}, map[string][]Entry{"C01": e("A", "B"), "C02": e("B")}, []string{`"C02"`, `"A"`, "missing"}},
		{"NaN key", []string{"C01"}, map[string][]Entry{"C01": {{"A", ok}, {"B", Summary{Mean: math.NaN()}}}}, []string{`"C01"`, `"B"`, "Mean is NaN"}},
		{"SR out of range", []string{"C01"}, map[string][]Entry{"C01": {{"A", Summary{SR: 101}}}}, []string{`"C01"`, "SR = 101"}},
		{"negative Vio", []string{"C01"}, map[string][]Entry{"C01": {{"A", Summary{Vio: -1}}}}, []string{"Vio = -1"}},
		{"negative MedianV", []string{"C01"}, map[string][]Entry{"C01": {{"A", Summary{MedianV: -2}}}}, []string{"MedianV = -2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := Rank(tc.problems, tc.byProblem)
			if err == nil {
				t.Fatalf("no error, table %+v", tab)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %s", err, w)
				}
			}
		})
	}
}
