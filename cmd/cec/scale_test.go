package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pcaplay/internal/experiment"
)

// manyProblemsFile writes a run file of two algorithms on n problems
// ("P000001" …) × 3 runs (hand-made records, some infeasible) and returns
// its path.
func manyProblemsFile(b *testing.B, n int) string {
	var recs []experiment.Record
	for _, a := range []string{"cmode", "pmode"} {
		for p := range n {
			for r := range 3 {
				f, v, c := float64((p*7+r*3)%11), 0.0, [3]int{}
				if (p+r)%5 == 0 {
					v, c = 0.5, [3]int{0, 1, 0}
				}
				if a == "pmode" {
					f++
				}
				recs = append(recs, handRec(a, fmt.Sprintf("P%06d", p), r, f, v, c))
			}
		}
	}
	path := filepath.Join(b.TempDir(), "many.jsonl")
	var buf bytes.Buffer
	for _, r := range recs {
		line, err := experiment.MarshalLine(r)
		if err != nil {
			b.Fatal(err)
		}
		buf.Write(line)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkManyProblems: cec table, rank and wilcoxon on 2 algorithms ×
// n problems × 3 runs at n = 2,000 and 20,000; each grows linearly with n
// (reading the file included).
//
//	go test ./cmd/cec -run '^$' -bench BenchmarkManyProblems -benchtime 1x
func BenchmarkManyProblems(b *testing.B) {
	for _, n := range []int{2000, 20000} {
		path := manyProblemsFile(b, n)
		for _, cmd := range []string{"table", "rank", "wilcoxon"} {
			b.Run(fmt.Sprintf("%s/problems=%d", cmd, n), func(b *testing.B) {
				for b.Loop() {
					var errb strings.Builder
					if code := cli(b.Context(), []string{cmd, path}, strings.NewReader(""), io.Discard, &errb); code != 0 {
						b.Fatalf("cec %s: exit %d: %s", cmd, code, errb.String())
					}
				}
			})
		}
	}
}
