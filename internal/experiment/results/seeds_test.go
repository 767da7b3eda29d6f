package results

import (
	"strings"
	"testing"

	"pcaplay/internal/experiment"
)

// TestSummariseWarnsOfSeedsAndRuns: the results view shows what cec table
// refuses, with a note naming the record.
func TestSummariseWarnsOfSeedsAndRuns(t *testing.T) {
	var recs []experiment.Record
	for r := range 4 {
		x := seeded("a", "C01", r, 1)
		x.Seed = 7
		recs = append(recs, x)
	}
	res, err := Summarise(recs, ResultsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Notes) != 1 || !strings.HasPrefix(res.Notes[0], `Seeds: record 2: a C01 D=10 run 1 has "seed" = 7, base 6`) {
		t.Errorf("every seed 7: notes %q", res.Notes)
	}
	recs = []experiment.Record{seeded("a", "C01", 0, 1), seeded("a", "C01", 1, 1), seeded("a", "C01", 2, 1), seeded("a", "C01", 3, 1), seeded("a", "C01", 999999, 1)}
	res, err = Summarise(recs, ResultsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Notes) != 1 || !strings.HasPrefix(res.Notes[0], "Runs: a on C01 at D = 10 has 5 run(s) but record 5 is run 999999") {
		t.Errorf("runs 0–3 and 999999: notes %q", res.Notes)
	}
	// a grid in progress finishes its runs in any order: no note of gaps
	res, err = Summarise(recs[2:4], ResultsOptions{Configs: []string{"a"}, Grid: &Grid{Runs: 5, Problems: []GridProblem{{"C01", 10}}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range res.Notes {
		if strings.HasPrefix(n, "Runs:") || strings.HasPrefix(n, "Seeds:") {
			t.Errorf("grid in progress: note %q", n)
		}
	}
}

// FuzzSummariseOneLine: whatever two runs Read accepts, Summarise never
// panics and its error is one line (the records of FuzzCheck in package
// experiment).
func FuzzSummariseOneLine(f *testing.F) {
	line := goodLine(f)
	f.Add(line, 3, uint64(4), 0, uint64(1))
	f.Add(line, 0, uint64(7), 1, uint64(7))
	f.Add(line, 999999, uint64(1000000), 0, uint64(1))
	f.Add(line, 1, uint64(0), 0, uint64(18446744073709551615))
	f.Fuzz(func(t *testing.T, line string, run1 int, seed1 uint64, run2 int, seed2 uint64) {
		recs, _, err := experiment.Read(strings.NewReader(line), "fuzz")
		if err != nil || len(recs) != 1 || run1 < 0 || run2 < 0 || run1 >= experiment.MaxRuns || run2 >= experiment.MaxRuns {
			return
		}
		a, b := recs[0], recs[0]
		a.Run, a.Seed, b.Run, b.Seed = run1, seed1, run2, seed2
		if _, err := Summarise([]experiment.Record{a, b}, ResultsOptions{}); err != nil && strings.Contains(err.Error(), "\n") {
			t.Fatalf("Summarise error spans lines: %q", err)
		}
	})
}
