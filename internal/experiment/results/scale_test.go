package results

import (
	"fmt"
	"testing"
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
