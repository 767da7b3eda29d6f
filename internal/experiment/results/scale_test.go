package results

import (
	"fmt"
	"strings"
	"testing"

	"pcaplay/internal/experiment"
)

// BenchmarkSummariseManyProblems: the results view, with the charts of
// every problem, of two configurations × n problems × 3 runs at n = 2,000
// and 20,000 (the records of BenchmarkManyProblems in package
// experiment): the time grows linearly with n (or as n log n).
//
//	go test ./internal/experiment/results -run '^$' -bench BenchmarkSummariseManyProblems -benchtime 1x
func BenchmarkSummariseManyProblems(b *testing.B) {
	for _, n := range []int{2000, 20000} {
		recs := manyProblems(n, 3)
		b.Run(fmt.Sprintf("problems=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Summarise(recs, ResultsOptions{ChartsOf: "*"}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestSummariseBoundsShortNotes: the notes naming a (configuration,
// problem) with fewer runs than the most stop at 20, and one counts the
// rest (50 here: pmode has runs 0–1 of 3 on each of 50 problems).
func TestSummariseBoundsShortNotes(t *testing.T) {
	var recs []experiment.Record
	for _, r := range manyProblems(50, 3) {
		if r.Algo != "pmode" || r.Run < 2 {
			recs = append(recs, r)
		}
	}
	res, err := Summarise(recs, ResultsOptions{ChartsOf: "*"})
	if err != nil {
		t.Fatal(err)
	}
	short := 0
	for _, n := range res.Notes {
		if strings.HasSuffix(n, ": 2 of 3 runs.") {
			short++
		}
	}
	last := res.Notes[len(res.Notes)-1]
	if short != 20 || last != "D = 2: 30 more (configuration, problem) pair(s) with fewer than 3 runs." {
		t.Errorf("%d short notes, last %q: want 20 and one counting 30 more", short, last)
	}
}
