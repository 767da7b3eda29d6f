package results

import (
	"strings"
	"testing"

	"pcaplay/internal/experiment"
	"pcaplay/internal/published"
)

// Published runs (final values only) sit beside our runs in the tables,
// tests, ranks and final boxes; the convergence charts and runtime ECDFs
// leave them out and a note says so; alone they are summarised too.
func TestSummarisePublishedRuns(t *testing.T) {
	fsys, err := published.FS("heco-de-gecco2019")
	if err != nil {
		t.Fatal(err)
	}
	l := published.HECODEGECCO2019
	l.Dims = []int{10}
	pub, err := published.Read(fsys, l)
	if err != nil {
		t.Fatal(err)
	}
	var keep []experiment.Record
	for _, r := range pub {
		if r.Problem == "C01" || r.Problem == "C05" {
			keep = append(keep, r)
		}
	}
	ours := collect(t, plan(t, experiment.Config{Algos: []string{"heco-de"}, Problems: []string{"C01", "C05"}, Dim: 10, Runs: 3, Seed: 7, FES: 3000}), 2)
	for _, set := range [][]experiment.Record{append(ours, keep...), keep} {
		res, err := Summarise(set, ResultsOptions{})
		if err != nil {
			t.Fatal(err)
		}
		d := res.Dims[0]
		if len(d.Tables) != len(res.Configs) || len(d.Charts) == 0 {
			t.Fatalf("%d configurations: %d tables, %d charts", len(res.Configs), len(d.Tables), len(d.Charts))
		}
		if !strings.Contains(strings.Join(res.Notes, " "), "HECO-DE-PUBLISHED: published runs with final values only") {
			t.Errorf("notes %q say nothing of the published runs", res.Notes)
		}
		pc := d.Charts[0]
		if !strings.Contains(string(pc.BoxF), "HECO-DE-PUBLISHED") {
			t.Errorf("the final boxes leave out the published runs")
		}
		if strings.Contains(string(pc.Convergence), "HECO-DE-PUBLISHED") || strings.Contains(string(pc.ECDF), "HECO-DE-PUBLISHED") {
			t.Errorf("a convergence chart or an ECDF draws the published runs, which have no curve")
		}
		if len(res.Configs) == 2 && (d.Tests == nil || d.Rank == nil) {
			t.Errorf("no tests or ranks of ours against the published runs")
		}
	}
}
