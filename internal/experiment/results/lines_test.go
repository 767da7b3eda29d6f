package results

import (
	"strings"
	"testing"

	"pcaplay/internal/experiment"
)

// readFile writes recs as JSON lines with a blank line after the first
// (so that a record's line is not its number) and reads them as Read does.
func readFile(t *testing.T, name string, recs ...experiment.Record) []experiment.Record {
	t.Helper()
	var b strings.Builder
	for i, r := range recs {
		line, err := experiment.MarshalLine(r)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		if i == 0 {
			b.WriteString("\n")
		}
	}
	back, _, err := experiment.Read(strings.NewReader(b.String()), name)
	if err != nil {
		t.Fatal(err)
	}
	return back
}

// Records read from a file are named by file and line in Summarise's
// notes and errors (as cec table names them), not by their number: runs
// 0–3 and 999999 (cec table: "missing run 4") name the line of run 999999.
func TestSummariseNamesLines(t *testing.T) {
	var recs []experiment.Record
	for r := range 4 {
		recs = append(recs, rec("pmode", "C01", r, float64(r), 0))
	}
	big := rec("pmode", "C01", 999999, 1, 0)
	big.Seed = recs[0].Seed + 999999
	recs = append(recs, big)
	res, err := Summarise(readFile(t, "gap.jsonl", recs...), ResultsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := "Runs: pmode on C01 at D = 10 has 5 run(s) but gap.jsonl:6 is run 999999: runs below it are missing"
	if len(res.Notes) == 0 || !strings.HasPrefix(res.Notes[0], want) {
		t.Errorf("notes %q, want the first to start %q", res.Notes, want)
	}
	_, err = Summarise(readFile(t, "twice.jsonl", recs[0], recs[1], recs[0]), ResultsOptions{})
	if err == nil || !strings.Contains(err.Error(), "(twice.jsonl:1 and twice.jsonl:4)") {
		t.Errorf("a run listed twice: %v", err)
	}
	bad := recs[1]
	bad.Seed += 5
	res, err = Summarise(readFile(t, "seeds.jsonl", recs[0], bad), ResultsOptions{})
	if err != nil || len(res.Notes) == 0 || !strings.Contains(res.Notes[0], "seeds.jsonl:3: pmode C01 D=10 run 1") {
		t.Errorf("a seed off its base: %v, notes %q", err, res.Notes)
	}
	// a copy of the records is not what was read: by number
	copied := append([]experiment.Record(nil), readFile(t, "c.jsonl", recs[0], recs[1], recs[0])...)
	if _, err := Summarise(copied, ResultsOptions{}); err == nil || !strings.Contains(err.Error(), "(record 1 and record 3)") {
		t.Errorf("copied records: %v", err)
	}
}
