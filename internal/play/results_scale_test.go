package play

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"pcaplay/internal/experiment"
)

// manyProblemsLines returns the JSON lines of two configurations
// ("cmode", "pmode") on n problems ("P000000" …) × runs runs at D = 2, with
// made-up finite values (some runs infeasible): the shape of a file with
// many problems (the records of BenchmarkManyProblems in package
// experiment).
func manyProblemsLines(tb testing.TB, n, runs int) []byte {
	tb.Helper()
	x := uint64(1)
	next := func() float64 { // a small LCG: values in [0, 1)
		x = x*6364136223846793005 + 1442695040888963407
		return float64(x>>11) / (1 << 53)
	}
	var b bytes.Buffer
	for _, a := range []string{"cmode", "pmode"} {
		for p := range n {
			for r := range runs {
				f, v := 100*next(), 0.0
				if next() < 0.2 {
					v = next()
				}
				var counts [3]int
				if v > 0 {
					counts[2] = 1
				}
				line, err := experiment.MarshalLine(experiment.Record{Algo: a, Problem: fmt.Sprintf("P%06d", p), Dim: 2, Data: experiment.DataNone, Run: r, Seed: 1 + uint64(r),
					MaxFES: 1000, FES: 1000, F: f, V: v, Feasible: v == 0, Counts: counts, BestFES: 900, X: []float64{next(), next()},
					Settings: "pop=5", Checkpoints: []experiment.Checkpoint{{Frac: 0.1, FES: 100, F: f + 2, V: v}, {Frac: 0.5, FES: 500, F: f + 1, V: v}, {Frac: 1, FES: 1000, F: f, V: v}},
					Curve: experiment.Curve{FES: []int{10, 100, 1000}, F: []float64{f + 3, f + 1, f}, V: []float64{v + 1, v, v}}})
				if err != nil {
					tb.Fatal(err)
				}
				b.Write(line)
			}
		}
	}
	return b.Bytes()
}

// BenchmarkSummariseManyProblems: the summarise command, as the results
// page's worker runs it, on a file of two configurations × n problems × 3
// runs at n = 2,000 and 20,000 (6.4 and 64 MB): "file" reads the JSON
// lines, summarises them (the charts of one problem) and writes the JSON
// reply; "again" is the next call on the same file (another problem's
// charts or the log FES axis: the records read are kept). Each grows
// linearly with n.
//
//	go test ./internal/play -run '^$' -bench BenchmarkSummariseManyProblems -benchtime 1x
func BenchmarkSummariseManyProblems(b *testing.B) {
	for _, n := range []int{2000, 20000} {
		jsonl := manyProblemsLines(b, n, 3)
		b.Run(fmt.Sprintf("file/problems=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(jsonl)))
			i := 0
			for b.Loop() {
				i++ // another name each time: the file is read again
				opts, _ := json.Marshal(map[string]any{"source": fmt.Sprintf("many-%d.jsonl", i), "chartsOf": "*"})
				if _, err := Summarise(jsonl, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("again/problems=%d", n), func(b *testing.B) {
			opts, _ := json.Marshal(map[string]any{"source": "many.jsonl", "chartsOf": "*"})
			if _, err := Summarise(jsonl, opts); err != nil {
				b.Fatal(err)
			}
			log, _ := json.Marshal(map[string]any{"source": "many.jsonl", "logFES": true, "chartsOf": "P000042"})
			for b.Loop() {
				if _, err := Summarise(jsonl, log); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
