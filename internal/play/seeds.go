package play

import (
	"math"
	"strconv"
	"strings"

	"pcaplay/core/chart"
	"pcaplay/core/solver"
	"pcaplay/core/stats"
	"pcaplay/internal/experiment"
	"pcaplay/internal/play/export"
	"pcaplay/internal/play/wire"
)

// Seeds in compare mode: seeds=N runs every compared configuration on N
// seeds, the run's seed S and S+1, …, S+N−1 — exactly the seeds of
// `cec run -seed S -runs N`, run r on seed S+r — in lockstep by FES with
// the runs the page shows (which are the runs on seed S). Over the seeds
// the comparison gives the median convergence of each configuration with
// its inter-quartile band (stats.ConvergenceBand, the results page's
// chart), how often each configuration reached each target of the
// scoreboard first and at all, and the rank-sum test of the final results
// that `cec wilcoxon` makes (stats.Compare on the runs as
// experiment.StatsRuns reads cec's records).
//
// Decisions made here:
//   - The seed runs are headless (no views) and recorded as `cec run`
//     records them (experiment.Recorder), so that a finished comparison's
//     curves and final results are those of cec's records, bit for bit.
//     The run on seed S is run again beside the shown one rather than read
//     from it: the shown run keeps no record, and a run is a function of
//     its seed, so the two are the same run.
//   - "First" on a seed is the fewest FES among the configurations that
//     reached the target on that seed; a tie counts for each tied
//     configuration (they start from one initial population where their
//     algorithms draw it alike, so "feasible" often ties).
//   - f_best on a seed is the scoreboard's: the problem's optimum f* where
//     it is known, else the best f any configuration found on that seed.
//   - While the runs go on, the test is of the best so far, and says so.

// SeedsKey is the URL key of compare mode's seeds: seeds=10.
const SeedsKey = "seeds"

// MaxSeeds is the most seeds compare mode runs each configuration on.
const MaxSeeds = 30

// SeedsTestName names the test of SeedsFrame.Tests as the page shows it.
const SeedsTestName = "Wilcoxon rank-sum test (Mann–Whitney U), two-sided, as cec wilcoxon"

// sanitizeSeeds reads seeds= of a comparison whose runs' seed is seed: 1
// (the shown runs only) when missing; a value that is not a whole number
// from 1 to MaxSeeds, or whose last seed seed+N−1 would pass 2^64 − 1, is
// refused with a notice naming it, and 1 is used.
func sanitizeSeeds(raw map[string]string, seed uint64) (int, []Notice) {
	v, has := raw[SeedsKey]
	if !has {
		return 1, nil
	}
	v = strings.TrimSpace(v)
	n, err := strconv.Atoi(v)
	switch {
	case err != nil || n < 1 || n > MaxSeeds:
		return 1, []Notice{NewNotice(SeedsKey, v, "want a whole number of seeds from 1 to "+strconv.Itoa(MaxSeeds)+"; using 1 (the shown runs only)")}
	case seed > math.MaxUint64-uint64(n-1):
		return 1, []Notice{NewNotice(SeedsKey, v, "with seed "+strconv.FormatUint(seed, 10)+" the last seed, seed + "+strconv.Itoa(n-1)+", passes 2^64 − 1; using 1")}
	}
	return n, nil
}

// seedRun is one configuration's run on one seed: headless, recorded as
// cec run records it, with what the win counts read.
type seedRun struct {
	seed uint64
	sv   *solver.Solver
	rec  *experiment.Recorder
	best BestRecord
	// feas is the FES at which the best point was first feasible (−1:
	// not yet); fes the FES the run stands at.
	feas, fes int
	// final is the best so far as a stats.Run.
	final stats.Run
}

// seedSet is every configuration's runs on every seed of a comparison,
// made for the shown sessions: other sessions (a reset, a new
// configuration) or another number of seeds make it anew.
type seedSet struct {
	shown []*Session
	runs  [][]*seedRun // [configuration][seed − S]
}

// newSeedSet starts the runs of the sessions' configurations on n seeds.
func newSeedSet(ss []*Session, n int) (*seedSet, error) {
	set := &seedSet{shown: append([]*Session(nil), ss...), runs: make([][]*seedRun, len(ss))}
	for i, s := range ss {
		for k := 0; k < n; k++ {
			c := s.Config
			c.Seed += uint64(k)
			b, err := buildSession(c, s.data, s.Data, true)
			if err != nil {
				return nil, err
			}
			set.runs[i] = append(set.runs[i], &seedRun{seed: c.Seed, sv: b.Solver, rec: b.rec, feas: -1})
		}
	}
	return set, nil
}

// fits reports whether set was made for the sessions ss on n seeds.
func (set *seedSet) fits(ss []*Session, n int) bool {
	if set == nil || len(set.shown) != len(ss) || len(set.runs[0]) != n {
		return false
	}
	for i, s := range ss {
		if set.shown[i] != s {
			return false
		}
	}
	return true
}

// advance steps every run until it stands at FES fes or past it (at most
// one of its own generations past), or is done.
func (set *seedSet) advance(fes int) error {
	for _, rs := range set.runs {
		for _, r := range rs {
			for r.fes < fes && !r.sv.Done() {
				snap, err := r.sv.Step()
				if err != nil {
					return wire.Errorf(wire.CodeRunFailed, "compare: seed %d: %v", r.seed, err)
				}
				r.rec.Observe(&snap)
				r.best.Add(snap.FES, snap.Best.F, snap.Best.V)
				if r.feas < 0 && snap.Best.V == 0 {
					r.feas = snap.FES
				}
				b := snap.Best
				r.fes = snap.FES
				r.final = stats.Run{F: b.F, MeanV: b.MeanV, Counts: b.Counts, Feasible: b.V == 0}
			}
		}
	}
	return nil
}

// done reports whether every run has used its budget.
func (set *seedSet) done() bool {
	for _, rs := range set.runs {
		for _, r := range rs {
			if !r.sv.Done() {
				return false
			}
		}
	}
	return true
}

// SeedsFrame is the comparison over the seeds (CompareFrame.Seeds).
type SeedsFrame struct {
	// N is the number of seeds, First and Last the first and the last
	// (as text: a seed may pass 2^53).
	N     int    `js:"n"`
	First string `js:"first"`
	Last  string `js:"last"`
	// At is the FES the runs stand at (run A's on seed First); Done says
	// that every run has used its budget (the results are final).
	At   int  `js:"at"`
	Done bool `js:"done"`
	// FES is the grid of the median curves (a prefix of
	// experiment.CurveGrid(MaxFES)), MedianF[i] and MedianV[i] f and v̄ of
	// configuration i's median run there (stats.ConvergenceBand).
	FES     []int       `js:"fes"`
	MedianF [][]float64 `js:"medianF"`
	MedianV [][]float64 `js:"medianV"`
	// Targets are the scoreboard's; FirstCount[i][j] counts the seeds on
	// which configuration i reached target j first (ties count for each),
	// Reached[i][j] those on which it reached it at all.
	Targets    []string `js:"targets"`
	FirstCount [][]int  `js:"firstCount"`
	Reached    [][]int  `js:"reached"`
	// Caption defines the counts, as the page shows it under the table.
	Caption string `js:"caption"`
	// Test names the test (SeedsTestName); Tests are its pairs.
	Test  string      `js:"test"`
	Tests []SeedsPair `js:"tests"`
}

// export is the frame's counts and test as the scoreboard's files write
// them (export.ScoreboardSeedsCSV, SeedsLaTeX).
func (sf *SeedsFrame) export() export.Seeds {
	es := export.Seeds{N: sf.N, First: sf.First, Last: sf.Last, FirstCount: sf.FirstCount, Reached: sf.Reached, Test: sf.Test}
	for _, p := range sf.Tests {
		es.Pairs = append(es.Pairs, export.SeedsPair{A: p.A, B: p.B, P: p.P, PHolm: p.PHolm, Mark: p.Mark})
	}
	return es
}

// SeedsPair is the rank-sum test of configuration A against B over the
// seeds (stats.Pair as cec wilcoxon prints it).
type SeedsPair struct {
	A string `js:"a"`
	B string `js:"b"`
	// P is the two-sided p-value, PHolm that value Holm-adjusted over
	// every pair (P itself for two configurations); U is A's statistic.
	P     float64 `js:"p"`
	PHolm float64 `js:"pHolm"`
	U     float64 `js:"u"`
	Exact bool    `js:"exact"`
	// Mark is A's mark at α = 0.05 after Holm's correction: "+", "−" or
	// "≈" (stats.Mark).
	Mark string `js:"mark"`
	// Text is the line the page shows: "A: pmode vs B: cmode: p = 0.000177 (+: A better)".
	Text string `js:"text"`
}

// frame returns the frame of set, whose configurations are named
// names, and the median chart's option.
func (set *seedSet) frame(names []string, seed uint64) (*SeedsFrame, []byte, error) {
	n := len(set.runs[0])
	sf := &SeedsFrame{N: n, First: strconv.FormatUint(seed, 10), Last: strconv.FormatUint(seed+uint64(n-1), 10),
		At: set.runs[0][0].fes, Done: set.done()}
	series, err := set.bands(names, sf)
	if err != nil {
		return nil, nil, err
	}
	set.wins(sf)
	if err := set.test(names, sf); err != nil {
		return nil, nil, err
	}
	if len(sf.FES) == 0 {
		return sf, nil, nil
	}
	title := strconv.Itoa(n) + " seeds: median, quartile band"
	b, err := chart.MedianConvergence(series, chart.BandOptions{Title: title, LogFES: true})
	if err != nil {
		return nil, nil, err
	}
	return sf, b, nil
}

// bands sets sf's median curves: each configuration's ConvergenceBand of
// its runs' curves on the grid points every run has reached, from the
// first point where every run's best f is a finite number (an objective
// that is NaN or ±Inf where a run has looked so far has no place on the
// chart yet; a run that never finds a finite f ends with the solver's
// error).
func (set *seedSet) bands(names []string, sf *SeedsFrame) ([]chart.BandSeries, error) {
	curves := make([][]stats.Curve, len(set.runs))
	m, from := math.MaxInt, 0
	for i, rs := range set.runs {
		for _, r := range rs {
			c := r.rec.Curve()
			curves[i] = append(curves[i], stats.Curve(c))
			m = min(m, len(c.FES))
			k := 0
			for k < len(c.F) && (math.IsInf(c.F[k], 0) || math.IsNaN(c.F[k])) {
				k++
			}
			from = max(from, k)
		}
	}
	sf.FES, sf.MedianF, sf.MedianV = []int{}, [][]float64{}, [][]float64{}
	if from >= m {
		return nil, nil
	}
	var series []chart.BandSeries
	for i, cs := range curves {
		for k := range cs {
			cs[k] = stats.Curve{FES: cs[k].FES[from:m], F: cs[k].F[from:m], V: cs[k].V[from:m]}
		}
		b, err := stats.ConvergenceBand(cs)
		if err != nil {
			return nil, wire.Errorf(wire.CodeRunFailed, "compare: %s: %v", names[i], err)
		}
		series = append(series, chart.BandSeries{Name: names[i], Band: b})
		sf.MedianF = append(sf.MedianF, b.Median.F)
		sf.MedianV = append(sf.MedianV, b.Median.V)
		sf.FES = b.FES
	}
	return series, nil
}

// wins sets sf's win counts: on each seed, the scoreboard of the
// configurations' runs on that seed.
func (set *seedSet) wins(sf *SeedsFrame) {
	p := set.shown[0].Problem
	sf.Targets = scoreTargets()
	k := len(sf.Targets)
	for range set.runs {
		sf.FirstCount = append(sf.FirstCount, make([]int, k))
		sf.Reached = append(sf.Reached, make([]int, k))
	}
	for s := range set.runs[0] {
		recs := make([]*BestRecord, len(set.runs))
		for i, rs := range set.runs {
			recs[i] = &rs[s].best
		}
		fbest, _ := referenceF(p, recs)
		rows := make([][]int, len(set.runs))
		for i, rs := range set.runs {
			rows[i] = scoreRow(rs[s].feas, recs[i], fbest)
		}
		for j := 0; j < k; j++ {
			first := -1
			for _, row := range rows {
				if row[j] >= 0 && (first < 0 || row[j] < first) {
					first = row[j]
				}
			}
			for i, row := range rows {
				if row[j] >= 0 {
					sf.Reached[i][j]++
				}
				if row[j] >= 0 && row[j] == first {
					sf.FirstCount[i][j]++
				}
			}
		}
	}
	sf.Caption = "Each cell: on how many of the " + strconv.Itoa(len(set.runs[0])) + " seeds (" + sf.First + "–" + sf.Last +
		") the configuration reached the target first (with the fewest FES of the configurations on that seed; a tie counts for each)" +
		" / at all. f_best is each seed's: the problem's optimum f* where known, else the best f any configuration found on that seed."
}

// test sets sf's rank-sum tests: stats.Compare, cec wilcoxon's, of the
// configurations' final results (their records' when every run is done,
// as experiment.StatsRuns reads them; the best so far before).
func (set *seedSet) test(names []string, sf *SeedsFrame) error {
	// the samples are named by their letters, which are unique (the names
	// a caller gives need not be), and shown by their names
	samples := make([]stats.Sample, len(set.runs))
	byLetter := map[string]string{}
	for i, rs := range set.runs {
		samples[i].Name = RunLetters[i]
		byLetter[RunLetters[i]] = names[i]
		if sf.Done {
			recs := make([]experiment.Record, len(rs))
			for k, r := range rs {
				rec, err := r.rec.Record()
				if err != nil {
					return wire.Errorf(wire.CodeRunFailed, "compare: %s, seed %d: %v", names[i], rs[k].seed, err)
				}
				recs[k] = rec
			}
			samples[i].Runs = experiment.StatsRuns(recs)
			continue
		}
		for _, r := range rs {
			samples[i].Runs = append(samples[i].Runs, r.final)
		}
	}
	// A run whose best f is not a number yet (an objective NaN or ±Inf
	// wherever it has looked) cannot be ranked: no test until every run has
	// a finite best (a run that never finds one ends with the solver's
	// error).
	for _, sm := range samples {
		for _, r := range sm.Runs {
			if math.IsInf(r.F, 0) || math.IsNaN(r.F) {
				sf.Test, sf.Tests = SeedsTestName+": not yet, a run has found no finite f so far", []SeedsPair{}
				return nil
			}
		}
	}
	const prob = "problem"
	c, err := stats.Compare([]string{prob}, map[string][]stats.Sample{prob: samples}, stats.DefaultAlpha)
	if err != nil {
		return wire.Errorf(wire.CodeRunFailed, "compare: %v", err)
	}
	sf.Test, sf.Tests = SeedsTestName, []SeedsPair{}
	if len(c.Pairs[0]) > 1 {
		sf.Test += ", p Holm-adjusted over the " + strconv.Itoa(len(c.Pairs[0])) + " pairs"
	}
	if sf.Done {
		sf.Test += ", on the final results of " + strconv.Itoa(sf.N) + " seeds"
	} else {
		sf.Test += ", on the best so far of " + strconv.Itoa(sf.N) + " seeds at FES " + strconv.Itoa(sf.At) + " (the runs go on)"
	}
	for _, pr := range c.Pairs[0] {
		a, b := byLetter[pr.A], byLetter[pr.B]
		sp := SeedsPair{A: a, B: b, P: pr.P, PHolm: pr.PHolm, U: pr.U, Exact: pr.Exact, Mark: string(pr.Mark)}
		sp.Text = a + " vs " + b + ": p = " + strconv.FormatFloat(pr.PHolm, 'g', 3, 64) + " (" + markText(pr.Mark) + ")"
		sf.Tests = append(sf.Tests, sp)
	}
	return nil
}

// markText says what a mark means from the side of the pair's first
// configuration.
func markText(m stats.Mark) string {
	switch m {
	case stats.Better:
		return string(m) + ": the first is better at α = 0.05"
	case stats.Worse:
		return string(m) + ": the first is worse at α = 0.05"
	}
	return string(m) + ": no significant difference at α = 0.05"
}
