package experiment

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"pcaplay/core/problem/cec2017/official"
	"pcaplay/core/stats"
)

// MarshalLine returns the record as one JSON line ending in '\n'.
func MarshalLine(r Record) ([]byte, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", r.Key(), err)
	}
	return append(b, '\n'), nil
}

// maxLine bounds one JSON line (a D = 100 record is about 10 kB).
const maxLine = 64 << 20

// Read reads JSON-lines records from r; name (a file name) is used in error
// messages, which name the line. Blank lines are skipped. Every record must
// have an algorithm, a problem, a dimension ≥ 1, a run ≥ 0, a budget ≥ 1,
// finite f and v ≥ 0, and Feasible ⇔ v = 0. lines[i] is the line number
// of record i.
func Read(r io.Reader, name string) (recs []Record, lines []int, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), maxLine)
	for line := 1; sc.Scan(); line++ {
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var rec Record
		dec := json.NewDecoder(bytes.NewReader(b))
		if err := dec.Decode(&rec); err != nil {
			return nil, nil, fmt.Errorf("%s:%d: not a run record: %v", name, line, err)
		}
		if dec.More() {
			return nil, nil, fmt.Errorf("%s:%d: more than one JSON value on the line", name, line)
		}
		if err := checkRecord(rec); err != nil {
			return nil, nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		recs = append(recs, rec)
		lines = append(lines, line)
	}
	if err := sc.Err(); err != nil {
		return nil, nil, fmt.Errorf("%s: %v", name, err)
	}
	return recs, lines, nil
}

func checkRecord(r Record) error {
	switch {
	case r.Algo == "":
		return errors.New(`missing "algo"`)
	case r.Problem == "":
		return errors.New(`missing "problem"`)
	case r.Data == "":
		return errors.New(`missing "data" (a record from before the field existed: scripts/add-data-field.sh adds "data":"official" to runs made with the official files)`)
	case !ValidDataLabel(r.Data):
		return fmt.Errorf(`"data" = %q: want official, generated, none or sha256:<16 hex digits>`, r.Data)
	case r.Dim < 1:
		return fmt.Errorf(`"dim" = %d: must be ≥ 1`, r.Dim)
	case r.Run < 0:
		return fmt.Errorf(`"run" = %d: must be ≥ 0`, r.Run)
	case r.MaxFES < 1:
		return fmt.Errorf(`"maxfes" = %d: must be ≥ 1`, r.MaxFES)
	case math.IsNaN(r.F) || math.IsInf(r.F, 0):
		return fmt.Errorf(`"f" = %v: not finite`, r.F)
	case !(r.V >= 0) || math.IsInf(r.V, 0):
		return fmt.Errorf(`"v" = %v: must be a finite number ≥ 0`, r.V)
	case r.Feasible != (r.V == 0):
		return fmt.Errorf(`"feasible" = %v disagrees with "v" = %g`, r.Feasible, r.V)
	case len(r.Curve.F) != len(r.Curve.FES) || len(r.Curve.V) != len(r.Curve.FES):
		return errors.New(`"curve": fes, f and v differ in length`)
	}
	return nil
}

// ValidDataLabel reports whether s is a Record.Data value.
func ValidDataLabel(s string) bool {
	switch s {
	case official.Label, DataGenerated, DataNone:
		return true
	}
	h, ok := strings.CutPrefix(s, "sha256:")
	if !ok || len(h) != 16 {
		return false
	}
	for _, c := range h {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// Check refuses a set of records that is not a complete grid. The grid
// implied by the records at a dimension is every algorithm × every problem
// seen there × runs 0..R−1, R the largest run + 1 seen there. Check names
// the first run listed twice (same algorithm, problem, dimension and run),
// the first missing run of the implied grid in canonical order, or two runs
// of one (algorithm, problem, dimension) with different budgets or settings.
// where(i) names the origin of record i in messages.
func Check(recs []Record, where func(i int) string) error {
	type cell struct {
		Algo, Problem string
		Dim           int
	}
	seen := map[Key]int{}
	runs := map[cell][]int{}
	first := map[cell]int{}
	for i, r := range recs {
		k := r.Key()
		if j, dup := seen[k]; dup {
			return fmt.Errorf("duplicate run %s (%s and %s)", k, where(j), where(i))
		}
		seen[k] = i
		c := cell{r.Algo, r.Problem, r.Dim}
		if _, ok := first[c]; !ok {
			first[c] = i
		} else if f := recs[first[c]]; f.MaxFES != r.MaxFES || f.Settings != r.Settings || f.Data != r.Data {
			return fmt.Errorf("%s: budget, settings or data differ from %s (%s: maxfes %d, %q, data %s; %s: maxfes %d, %q, data %s)",
				k, Key{f.Algo, f.Problem, f.Dim, f.Run}, where(i), r.MaxFES, r.Settings, r.Data, where(first[c]), f.MaxFES, f.Settings, f.Data)
		}
		runs[c] = append(runs[c], r.Run)
	}
	// The implied grid at each dimension: every algorithm × every problem
	// × runs 0..R−1, R = the largest run + 1 at that dimension.
	for _, d := range Dims(recs) {
		R := 0
		var algos, probs []string
		for _, r := range recs {
			if r.Dim != d {
				continue
			}
			R = max(R, r.Run+1)
			if !slices.Contains(algos, r.Algo) {
				algos = append(algos, r.Algo)
			}
			if !slices.Contains(probs, r.Problem) {
				probs = append(probs, r.Problem)
			}
		}
		slices.SortStableFunc(algos, compareAlgo)
		slices.Sort(probs)
		for _, a := range algos {
			for _, p := range probs {
				n := len(runs[cell{a, p, d}])
				for run := 0; run < R; run++ {
					if _, ok := seen[Key{a, p, d, run}]; !ok {
						return fmt.Errorf("missing run %s (the files imply runs 0..%d of %s on %s; %d of them present)",
							Key{a, p, d, run}, R-1, strings.Join(algos, ", "), strings.Join(probs, ", "), n)
					}
				}
			}
		}
	}
	return nil
}

// Algos lists the algorithms of recs in canonical order.
func Algos(recs []Record) []string {
	var a []string
	for _, r := range recs {
		if !slices.Contains(a, r.Algo) {
			a = append(a, r.Algo)
		}
	}
	slices.SortStableFunc(a, compareAlgo)
	return a
}

// Dims lists the dimensions of recs in increasing order.
func Dims(recs []Record) []int {
	var d []int
	for _, r := range recs {
		if !slices.Contains(d, r.Dim) {
			d = append(d, r.Dim)
		}
	}
	slices.Sort(d)
	return d
}

// Problems lists the problems of recs at dimension dim, sorted.
func Problems(recs []Record, dim int) []string {
	var p []string
	for _, r := range recs {
		if r.Dim == dim && !slices.Contains(p, r.Problem) {
			p = append(p, r.Problem)
		}
	}
	slices.Sort(p)
	return p
}

// Select returns the records of algo at dim on problem, sorted by run.
func Select(recs []Record, algo, prob string, dim int) []Record {
	var out []Record
	for _, r := range recs {
		if r.Algo == algo && r.Problem == prob && r.Dim == dim {
			out = append(out, r)
		}
	}
	slices.SortFunc(out, func(a, b Record) int { return a.Run - b.Run })
	return out
}

// StatsRuns converts records to stats.Run.
func StatsRuns(recs []Record) []stats.Run {
	out := make([]stats.Run, len(recs))
	for i, r := range recs {
		out[i] = stats.Run{F: r.F, MeanV: r.V, Counts: r.Counts, Feasible: r.Feasible}
	}
	return out
}

// Summaries returns, for algo at dim, the problems it ran and the
// stats.Summary of each.
func Summaries(recs []Record, algo string, dim int) ([]string, []stats.Summary, error) {
	var probs []string
	var sums []stats.Summary
	for _, p := range Problems(recs, dim) {
		rs := Select(recs, algo, p, dim)
		if len(rs) == 0 {
			continue
		}
		s, err := stats.Summarize(StatsRuns(rs))
		if err != nil {
			return nil, nil, fmt.Errorf("%s on %s at D=%d: %v", algo, p, dim, err)
		}
		probs = append(probs, p)
		sums = append(sums, s)
	}
	return probs, sums, nil
}

// RankTable ranks the algorithms of recs at dim with stats.Rank.
func RankTable(recs []Record, dim int) (*stats.Table, error) {
	probs := Problems(recs, dim)
	by := map[string][]stats.Entry{}
	for _, a := range Algos(recs) {
		ps, sums, err := Summaries(recs, a, dim)
		if err != nil {
			return nil, err
		}
		for i, p := range ps {
			by[p] = append(by[p], stats.Entry{Algorithm: a, Summary: sums[i]})
		}
	}
	return stats.Rank(probs, by)
}
