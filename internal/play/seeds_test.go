package play

import (
	"context"
	"encoding/csv"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"pcaplay/core/solver"
	"pcaplay/core/stats"
	"pcaplay/internal/experiment"
	"pcaplay/internal/play/wire"
)

func TestSanitizeSeeds(t *testing.T) {
	for _, tc := range []struct {
		raw    map[string]string
		want   int
		notice string // the notice's value, "" for none
	}{
		{map[string]string{}, 1, ""},
		{map[string]string{"seeds": "10"}, 10, ""},
		{map[string]string{"seeds": " 5 "}, 5, ""},
		{map[string]string{"seeds": "1"}, 1, ""},
		{map[string]string{"seeds": "30"}, 30, ""},
		{map[string]string{"seeds": "31"}, 1, "31"},
		{map[string]string{"seeds": "0"}, 1, "0"},
		{map[string]string{"seeds": "-3"}, 1, "-3"},
		{map[string]string{"seeds": "2.5"}, 1, "2.5"},
		{map[string]string{"seeds": "1e1"}, 1, "1e1"},
		{map[string]string{"seeds": "ten"}, 1, "ten"},
		{map[string]string{"seeds": ""}, 1, ""},
		{map[string]string{"seeds": "99999999999999999999"}, 1, "99999999999999999999"},
		// the last seed would pass 2^64 − 1
		{map[string]string{"seeds": "3", "seed": "18446744073709551614"}, 1, "3"},
		{map[string]string{"seeds": "2", "seed": "18446744073709551614"}, 2, ""},
	} {
		name := tc.raw["seeds"] + " " + tc.raw["seed"]
		t.Run(name, func(t *testing.T) {
			s, err := SanitizeCompare(tc.raw, 2)
			if err != nil {
				t.Fatal(err)
			}
			var got []Notice
			for _, n := range s.Notices {
				if n.Key == "seeds" {
					got = append(got, n)
				}
			}
			if s.Seeds != tc.want {
				t.Errorf("seeds %d, want %d", s.Seeds, tc.want)
			}
			_, has := tc.raw["seeds"]
			wantNotice := tc.notice != "" || (has && tc.raw["seeds"] == "")
			switch {
			case !wantNotice && len(got) != 0:
				t.Errorf("notices %+v, want none", got)
			case wantNotice && (len(got) != 1 || got[0].Value != tc.notice || !strings.Contains(got[0].Message, "using 1")):
				t.Errorf("notices %+v, want one naming %q", got, tc.notice)
			}
			for i, v := range s.Values {
				if _, ok := v["seeds"]; ok {
					t.Errorf("run %d's values carry seeds: %v", i, v)
				}
			}
		})
	}
	// a run's own seeds: shared with A, ignored with a notice
	s, err := SanitizeCompare(map[string]string{"seeds": "4", "b.seeds": "9"}, 2)
	if err != nil || s.Seeds != 4 || len(s.Notices) != 1 || s.Notices[0].Key != "b.seeds" {
		t.Errorf("b.seeds: %v, seeds %d, notices %+v", err, s.Seeds, s.Notices)
	}
}

// seedsRuns configures the compared runs of raw (n runs) and returns the
// runs, their ids and the setup.
func seedsRuns(t *testing.T, raw map[string]string, n int) (*Runs, []int, *CompareSetup) {
	t.Helper()
	r := NewRuns()
	setup, err := SanitizeCompare(raw, n)
	if err != nil {
		t.Fatal(err)
	}
	var ids []int
	for i := 0; i < n; i++ {
		id := r.Open()
		if _, err := r.Configure(id, setup.Values[i], ConfigureOptions{}); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return r, ids, setup
}

// stepLockstep advances run A by one generation and the others to its FES
// (compare-app.js's step), and reports whether A is done.
func stepLockstep(t *testing.T, r *Runs, ids []int) bool {
	t.Helper()
	a, _ := r.Session(ids[0])
	if _, err := a.Advance(StepOptions{N: 1}); err != nil {
		t.Fatal(err)
	}
	for _, id := range ids[1:] {
		s, _ := r.Session(id)
		for !s.Solver.Done() && (s.Last.FES < a.Last.FES || a.Solver.Done()) {
			if _, err := s.Advance(StepOptions{N: 1}); err != nil {
				t.Fatal(err)
			}
		}
	}
	return a.Solver.Done()
}

// The comparison over seeds is that of `cec run -seed S -runs N` and `cec
// wilcoxon` on the same grid: the median curves are ConvergenceBand's of
// RunOne's records, the test is stats.Compare's of their StatsRuns, and
// the win counts are each seed's scoreboard, computed here from each run's
// generations.
func TestCompareSeedsMatchesRecords(t *testing.T) {
	const n, fes = 5, 3000
	r, ids, setup := seedsRuns(t, map[string]string{"problem": "valley", "fes": strconv.Itoa(fes), "seed": "7", "seeds": "5", "b.algo": "cmode"}, 2)
	if setup.Seeds != n {
		t.Fatalf("seeds %d", setup.Seeds)
	}
	o := CompareOptions{Chart: true, Names: setup.Names, Seeds: n}
	for done := false; !done; {
		done = stepLockstep(t, r, ids)
		cf, err := r.Compare(ids, o)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := r.Session(ids[0])
		sf := cf.Seeds
		if sf == nil || sf.At < a.Last.FES || sf.Done != done {
			t.Fatalf("at FES %d (done %v): seeds frame %+v", a.Last.FES, done, sf)
		}
		// lockstep: every seed run stands at A's FES, at most one of its generations past
		for i, rs := range r.seeds.runs {
			for _, sr := range rs {
				if !done && (sr.fes < a.Last.FES || sr.fes >= a.Last.FES+100) {
					t.Fatalf("config %d seed %d at FES %d, A at %d", i, sr.seed, sr.fes, a.Last.FES)
				}
			}
		}
		if !done && !strings.Contains(sf.Test, "best so far") {
			t.Errorf("a partial test says %q", sf.Test)
		}
	}
	cf, err := r.Compare(ids, o)
	if err != nil {
		t.Fatal(err)
	}
	sf := cf.Seeds
	if sf.First != "7" || sf.Last != "11" || sf.N != n || !sf.Done || !strings.Contains(sf.Test, "final results of 5 seeds") {
		t.Errorf("seeds %s–%s (%d), done %v, test %q", sf.First, sf.Last, sf.N, sf.Done, sf.Test)
	}
	if !strings.Contains(string(cf.Chart), "5 seeds: median, quartile band") || !strings.Contains(string(cf.Chart), setup.Names[1]) {
		t.Errorf("chart is not the median chart: %.200s", cf.Chart)
	}
	// cec run's records of both configurations
	var recs [][]experiment.Record
	var samples []stats.Sample
	for i, id := range ids {
		s, _ := r.Session(id)
		var rs []experiment.Record
		for k := 0; k < n; k++ {
			b, err := buildSession(s.Config, nil, s.Data, false)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := experiment.RunOne(context.Background(), b.Problem, b.Settings, 7+uint64(k), fes)
			if err != nil {
				t.Fatal(err)
			}
			rs = append(rs, rec)
		}
		recs = append(recs, rs)
		samples = append(samples, stats.Sample{Name: setup.Names[i], Runs: experiment.StatsRuns(rs)})
		band, err := stats.ConvergenceBand(experiment.StatsCurves(rs))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(sf.FES, band.FES) || !slices.Equal(sf.MedianF[i], band.Median.F) || !slices.Equal(sf.MedianV[i], band.Median.V) {
			t.Errorf("config %d: median curve differs from the records' band\n%v\n%v", i, sf.MedianF[i], band.Median.F)
		}
	}
	c, err := stats.Compare([]string{"valley"}, map[string][]stats.Sample{"valley": samples}, stats.DefaultAlpha)
	if err != nil {
		t.Fatal(err)
	}
	pr := c.Pairs[0][0]
	if len(sf.Tests) != 1 || sf.Tests[0].P != pr.P || sf.Tests[0].PHolm != pr.PHolm || sf.Tests[0].U != pr.U || sf.Tests[0].Mark != string(pr.Mark) {
		t.Errorf("test %+v, want %+v", sf.Tests, pr)
	}
	if want := "p = " + strconv.FormatFloat(pr.PHolm, 'g', 3, 64); !strings.Contains(sf.Tests[0].Text, want) {
		t.Errorf("test's text %q lacks %q", sf.Tests[0].Text, want)
	}
	first, reached := winCounts(t, ids, r, n)
	for i := range ids {
		if !slices.Equal(sf.FirstCount[i], first[i]) || !slices.Equal(sf.Reached[i], reached[i]) {
			t.Errorf("config %d: first %v reached %v; want %v %v", i, sf.FirstCount[i], sf.Reached[i], first[i], reached[i])
		}
	}
	checkSeedsFiles(t, cf.Scoreboard, setup.Names, first, reached, pr.P)
	t.Logf("first %v reached %v; %s; %s", sf.FirstCount, sf.Reached, sf.Test, sf.Tests[0].Text)
	if sf.Reached[0][0] != n || sf.FirstCount[0][0]+sf.FirstCount[1][0] < n {
		t.Errorf("feasible: first %v, reached %v", sf.FirstCount, sf.Reached)
	}
}

// checkSeedsFiles: the scoreboard's CSV and LaTeX carry the win counts
// (first, reached: recomputed from the runs) and B's p-value against A.
func checkSeedsFiles(t *testing.T, sb Scoreboard, names []string, first, reached [][]int, p float64) {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(sb.CSV)).ReadAll()
	if err != nil || len(recs) != 3 {
		t.Fatalf("scoreboard CSV: %v\n%s", err, sb.CSV)
	}
	col := map[string]int{}
	for j, h := range recs[0] {
		col[h] = j
	}
	for i, name := range names {
		for j, tgt := range []string{"feasible", "within_1e-2", "within_1e-4", "within_1e-8"} {
			if got, want := recs[i+1][col["first_"+tgt]]+"/"+recs[i+1][col["reached_"+tgt]], strconv.Itoa(first[i][j])+"/"+strconv.Itoa(reached[i][j]); got != want {
				t.Errorf("CSV %s %s: first/reached %s, want %s", name, tgt, got, want)
			}
			if want := strconv.Itoa(first[i][j]) + " / " + strconv.Itoa(reached[i][j]); !strings.Contains(sb.LaTeX, want) {
				t.Errorf("LaTeX lacks %s's %q", name, want)
			}
		}
		if recs[i+1][col["seeds"]] != "5" {
			t.Errorf("CSV %s: seeds %q", name, recs[i+1][col["seeds"]])
		}
	}
	if got := recs[2][col["p_vs_A"]]; got != strconv.FormatFloat(p, 'g', -1, 64) || recs[1][col["p_vs_A"]] != "" {
		t.Errorf("CSV p_vs_A: A %q, B %q, want \"\" and %v", recs[1][col["p_vs_A"]], got, p)
	}
	if !strings.Contains(sb.LaTeX, "Win counts over 5 seeds (7 to 11)") || !strings.Contains(sb.LaTeX, "p = "+strconv.FormatFloat(p, 'g', -1, 64)) {
		t.Errorf("LaTeX lacks the counts' caption or the test:\n%s", sb.LaTeX)
	}
}

// winCounts recomputes the win counts from every generation of each
// configuration's run on each seed: f_best on a seed is min(f*, the
// configurations' final best feasible f), a target's FES the first
// generation whose feasible best met it.
func winCounts(t *testing.T, ids []int, r *Runs, n int) (first, reached [][]int) {
	t.Helper()
	for range ids {
		first = append(first, make([]int, 1+len(ScoreTargets)))
		reached = append(reached, make([]int, 1+len(ScoreTargets)))
	}
	for k := 0; k < n; k++ {
		type gen struct {
			fes  int
			f, v float64
		}
		gens := make([][]gen, len(ids))
		fbest := math.NaN()
		for i, id := range ids {
			s, _ := r.Session(id)
			sv, err := solver.New(s.Problem, s.Settings, s.Config.Seed+uint64(k), s.Config.FES)
			if err != nil {
				t.Fatal(err)
			}
			for !sv.Done() {
				snap, err := sv.Step()
				if errors.Is(err, solver.ErrDone) {
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				gens[i] = append(gens[i], gen{snap.FES, snap.Best.F, snap.Best.V})
				if snap.Best.V == 0 && (math.IsNaN(fbest) || snap.Best.F < fbest) {
					fbest = snap.Best.F
				}
			}
		}
		if _, fstar := s0(r, ids).Problem.(interface{ Optimum() ([]float64, float64) }).Optimum(); fstar < fbest {
			fbest = fstar
		}
		rows := make([][]int, len(ids))
		for i := range ids {
			rows[i] = []int{-1, -1, -1, -1}
			for _, g := range gens[i] {
				if g.v == 0 && rows[i][0] < 0 {
					rows[i][0] = g.fes
				}
				for j, e := range ScoreTargets {
					if g.v == 0 && g.f-fbest <= e && rows[i][j+1] < 0 {
						rows[i][j+1] = g.fes
					}
				}
			}
		}
		for j := 0; j < 4; j++ {
			best := -1
			for i := range ids {
				if rows[i][j] >= 0 && (best < 0 || rows[i][j] < best) {
					best = rows[i][j]
				}
			}
			for i := range ids {
				if rows[i][j] >= 0 {
					reached[i][j]++
					if rows[i][j] == best {
						first[i][j]++
					}
				}
			}
		}
	}
	return first, reached
}

func s0(r *Runs, ids []int) *Session {
	s, _ := r.Session(ids[0])
	return s
}

// A reset (a new session) starts the seed runs again; seeds ≤ 1 forget
// them; a bad number of seeds is a bad argument naming it.
func TestCompareSeedsReset(t *testing.T) {
	r, ids, setup := seedsRuns(t, map[string]string{"problem": "rosenbrock", "fes": "2000", "seeds": "3"}, 2)
	o := CompareOptions{Names: setup.Names, Seeds: 3}
	for i := 0; i < 5; i++ {
		stepLockstep(t, r, ids)
	}
	cf, err := r.Compare(ids, o)
	if err != nil {
		t.Fatal(err)
	}
	at := cf.Seeds.At
	for _, id := range ids {
		if _, err := r.Reset(id, FrameOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	cf, err = r.Compare(ids, o)
	if err != nil {
		t.Fatal(err)
	}
	if a := s0(r, ids); cf.Seeds.At >= at || cf.Seeds.At != a.Last.FES {
		t.Errorf("after a reset the seeds stand at %d (before %d, A at %d)", cf.Seeds.At, at, a.Last.FES)
	}
	// names a caller repeats still test: the samples go by letter
	if cf, err := r.Compare(ids, CompareOptions{Seeds: 3, Names: []string{"same", "same"}}); err != nil || len(cf.Seeds.Tests) != 1 || cf.Seeds.Tests[0].A != "same" {
		t.Errorf("repeated names: %v, %+v", err, cf)
	}
	if cf, err = r.Compare(ids, CompareOptions{Seeds: 1, Chart: true}); err != nil || cf.Seeds != nil || r.seeds != nil || strings.Contains(string(cf.Chart), "median") {
		t.Errorf("seeds 1: %v, frame %+v", err, cf.Seeds)
	}
	for _, bad := range []int{-1, MaxSeeds + 1} {
		_, err := r.Compare(ids, CompareOptions{Seeds: bad})
		if wire.CodeOf(err) != wire.CodeBadArgument || !strings.Contains(err.Error(), "seeds = "+strconv.Itoa(bad)) {
			t.Errorf("seeds %d: %v", bad, err)
		}
	}
}
