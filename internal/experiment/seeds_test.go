package experiment

import (
	"strings"
	"testing"
)

// seeded is rec with the seed base + run.
func seeded(algo, prob string, run int, base uint64) Record {
	r := rec(algo, prob, run, 1, 0)
	r.Seed = base + uint64(run)
	return r
}

func TestCheckSeeds(t *testing.T) {
	where := func(i int) string { return "f.jsonl:" + string(rune('1'+i)) }
	ok := []Record{seeded("a", "C01", 0, 5), seeded("a", "C01", 1, 5), seeded("b", "C02", 0, 9), seeded("b", "C02", 1, 9)}
	if err := CheckSeeds(ok, where, nil); err != nil {
		t.Fatal(err)
	}
	if err := Check(ok[:2], where); err != nil {
		t.Fatal(err)
	}
	// every seed 7: run 1's base is 6, run 0's 7
	seven := []Record{seeded("a", "C01", 0, 7), seeded("a", "C01", 1, 6)}
	err := Check(seven, where)
	want := `f.jsonl:2: a C01 D=10 run 1 has "seed" = 7, base 6 (seed − run), but f.jsonl:1: a C01 D=10 run 0 has "seed" = 7, base 7: run r has the seed base + r, and the runs of a on C01 must share one base`
	if err == nil || err.Error() != want {
		t.Errorf("every seed 7: %v\nwant %s", err, want)
	}
	// one base per (algorithm, problem) across dimensions too
	d30 := seeded("a", "C01", 0, 8)
	d30.Dim, d30.X = 30, make([]float64, 30)
	if err := CheckSeeds(append(ok[:2:2], d30), where, nil); err == nil || !strings.Contains(err.Error(), "f.jsonl:3: a C01 D=30 run 0") {
		t.Errorf("another base at D = 30: %v", err)
	}
	// a seed below its run has no base
	low := seeded("a", "C01", 3, 0)
	low.Seed = 2
	if err := CheckSeeds([]Record{low}, where, nil); err == nil || !strings.Contains(err.Error(), `f.jsonl:1: a C01 D=10 run 3 has "seed" = 2 below its "run" = 3`) {
		t.Errorf("seed below run: %v", err)
	}
	// groups: a and b in one group must share a base; in none they may differ
	grid := func(int) string { return "the shards" }
	if err := CheckSeeds(ok, where, grid); err == nil || !strings.Contains(err.Error(), "f.jsonl:3: b C02 D=10 run 0") || !strings.Contains(err.Error(), "the runs of the shards must share one base") {
		t.Errorf("one group: %v", err)
	}
	if err := CheckSeeds(ok, where, func(int) string { return "" }); err != nil {
		t.Errorf("no group: %v", err)
	}
	if se, isSeed := err.(*SeedError); !isSeed || se.I != 1 || se.J != 0 {
		t.Errorf("SeedError %#v", err)
	}
}

// TestCheckNamesTheLargestRun: a missing run names the record that
// implies it, and the lists of a large grid are cut.
func TestCheckNamesTheLargestRun(t *testing.T) {
	where := func(i int) string { return "f.jsonl:" + string(rune('1'+i)) }
	recs := []Record{seeded("a", "C01", 0, 1), seeded("a", "C01", 1, 1), seeded("a", "C01", 2, 1), seeded("a", "C01", 3, 1), seeded("a", "C01", 999999, 1)}
	err := Check(recs, where)
	if err == nil || !strings.Contains(err.Error(), "missing run a C01 D=10 run 4") || !strings.Contains(err.Error(), "the largest run at f.jsonl:5") {
		t.Errorf("runs 0–3 and 999999: %v", err)
	}
	var many []Record
	for p := range 20 {
		many = append(many, seeded("a", "P"+string(rune('a'+p)), 0, 1))
	}
	many = append(many, seeded("a", "Pa", 2, 1))
	err = Check(many, func(int) string { return "x" })
	if err == nil || !strings.Contains(err.Error(), "Pa, Pb, Pc, Pd, Pe, Pf, Pg, Ph, … (20 in all)") {
		t.Errorf("long lists: %v", err)
	}
}

// FuzzCheck: whatever records Read accepts, Check and CheckSeeds never
// panic and answer in one line; what Check accepts has the seeds and runs
// of cec run. `go test -fuzz FuzzCheck ./internal/experiment` runs it.
func FuzzCheck(f *testing.F) {
	line := goodLine(f)
	f.Add(line, 3, uint64(4), 0, uint64(1))
	f.Add(line, 0, uint64(7), 1, uint64(7))
	f.Add(line, 999999, uint64(1000000), 0, uint64(1))
	f.Add(line, 1, uint64(0), 0, uint64(18446744073709551615))
	f.Fuzz(func(t *testing.T, line string, run1 int, seed1 uint64, run2 int, seed2 uint64) {
		recs, _, err := Read(strings.NewReader(line), "fuzz")
		if err != nil || len(recs) != 1 || run1 < 0 || run2 < 0 || run1 >= MaxRuns || run2 >= MaxRuns {
			return
		}
		a, b := recs[0], recs[0]
		a.Run, a.Seed, b.Run, b.Seed = run1, seed1, run2, seed2
		all := []Record{a, b}
		where := func(i int) string { return "r" + string(rune('1'+i)) }
		for _, err := range []error{Check(all, where), CheckSeeds(all, where, func(int) string { return "g" }), CheckRuns(all, where)} {
			if err != nil && strings.Contains(err.Error(), "\n") {
				t.Fatalf("error spans lines: %q", err)
			}
		}
		if Check(all, where) == nil {
			lo, hi := min(run1, run2), max(run1, run2)
			if lo != 0 || hi != 1 || seed1-uint64(run1) != seed2-uint64(run2) || seed1 < uint64(run1) {
				t.Fatalf("accepted runs %d, %d with seeds %d, %d", run1, run2, seed1, seed2)
			}
		}
	})
}
