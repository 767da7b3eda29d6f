// Command pcashare measures how the children of PCA-projection fare beside
// the DE trials of the same algorithm: a diagnostic of why PCA-projection
// helps one optimiser and not another (docs/results/claim.md).
//
//	go run ./internal/tools/pcashare -algo pmode,heco-pde -problem all -dim 10 -runs 5 \
//	    [-seed 1] [-fes N] [-set key=value,…] [-workers N] [-format md|csv]
//
// Each (algorithm, problem, run) is the run cec run makes with the same
// flags (seed -seed + r, official data, MaxFES 20000·D unless -fes), driven
// through solver.Step. After every generation it counts, separately for
// the first and the second half of the budget:
//
//   - children: the generation's evaluations, and those made by
//     PCA-projection (Snapshot.PCATrials);
//   - accepted: the children the algorithm's own selection kept
//     (Snapshot.Accepted: HECO's f_i(y_i) < f_i(x_i), PMODE's replacement
//     of a dominated member of Q), and the PCA children among them;
//   - improvements: the generations in which the best-so-far improved,
//     and those whose new best is, bit for bit, one of the generation's
//     PCA children.
//
// It prints one row per algorithm and problem: the PCA children's share of
// the children, their acceptance rate against the DE trials' (and the
// ratio of the two), their share of the improvements, and the
// improvements per evaluation of a PCA child divided by a DE trial's (above
// 1: a PCA child is the better use of an evaluation for the best-so-far). A PCA child that
// is accepted less often than the DE trial it replaces costs the
// algorithm an evaluation; one accepted more often earns one.
//
// The output is a function of the flags, whatever -workers.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"

	"pcaplay/core/problem/cec2017/official"
	"pcaplay/core/solver"
	"pcaplay/core/suite"
	"pcaplay/internal/experiment"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// tally holds the counts of one (algorithm, problem) over its runs, per half
// of the budget (index 0: FES ≤ MaxFES/2 at the generation's end, 1: after).
type tally struct {
	children, pcaChildren [2]int
	accepted, pcaAccepted [2]int
	improved, pcaImproved [2]int
}

func (t *tally) add(u tally) {
	for h := range 2 {
		t.children[h] += u.children[h]
		t.pcaChildren[h] += u.pcaChildren[h]
		t.accepted[h] += u.accepted[h]
		t.pcaAccepted[h] += u.pcaAccepted[h]
		t.improved[h] += u.improved[h]
		t.pcaImproved[h] += u.pcaImproved[h]
	}
}

type options struct {
	algos, problems []string
	dim, runs, fes  int
	seed            uint64
	set             []experiment.Assignment
	workers         int
	format          string
	setText         string // -set as given, for the heading
}

func parse(args []string, stderr io.Writer) (options, error) {
	fl := flag.NewFlagSet("pcashare", flag.ContinueOnError)
	fl.SetOutput(stderr)
	algo := fl.String("algo", "pmode,heco-pde", "algorithms, comma-separated")
	prob := fl.String("problem", "all", "problems, comma-separated, or all (C01–C28)")
	dim := fl.Int("dim", 10, "dimension: 10, 30, 50 or 100 (the official data)")
	runs := fl.Int("runs", 5, "runs per algorithm and problem, at most 1000")
	seed := fl.Uint64("seed", 1, "run r has the seed -seed + r")
	fes := fl.Int("fes", 0, "budget per run; 0 means 20000·D")
	set := fl.String("set", "", "parameters, key=value or algo.key=value, comma-separated")
	workers := fl.Int("workers", runtime.NumCPU(), "runs at once")
	format := fl.String("format", "md", "md or csv")
	if err := fl.Parse(args); err != nil {
		return options{}, err
	}
	if fl.NArg() > 0 {
		return options{}, fmt.Errorf("unexpected argument %q", fl.Arg(0))
	}
	o := options{dim: *dim, runs: *runs, seed: *seed, fes: *fes, workers: *workers, format: *format, setText: *set}
	var err error
	if o.algos, err = experiment.ParseAlgos(*algo); err != nil {
		return o, fmt.Errorf("-algo: %v", err)
	}
	if o.problems, err = experiment.ParseProblems(*prob); err != nil {
		return o, fmt.Errorf("-problem: %v", err)
	}
	if *set != "" {
		if o.set, err = experiment.ParseSet(*set); err != nil {
			return o, fmt.Errorf("-set: %v", err)
		}
	}
	switch {
	case !slices.Contains([]int{10, 30, 50, 100}, o.dim):
		return o, fmt.Errorf("-dim %d: the official data has 10, 30, 50 and 100", o.dim)
	case o.runs < 1 || o.runs > 1000:
		return o, fmt.Errorf("-runs %d: want 1 … 1000", o.runs)
	case o.fes < 0 || o.fes > experiment.MaxRecordFES:
		return o, fmt.Errorf("-fes %d: want 0 (20000·D) … %d", o.fes, experiment.MaxRecordFES)
	case o.workers < 1:
		return o, fmt.Errorf("-workers %d: want at least 1", o.workers)
	case o.format != "md" && o.format != "csv":
		return o, fmt.Errorf("-format %q: want md or csv", o.format)
	}
	for _, name := range o.problems {
		if _, err := suite.New(name, o.dim, suite.Options{Data: official.FS()}); err != nil {
			return o, fmt.Errorf("-problem: %v", err)
		}
	}
	if o.fes == 0 {
		o.fes = experiment.DefaultFES(o.dim)
	}
	return o, nil
}

func run(args []string, stdout, stderr io.Writer) int {
	o, err := parse(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "pcashare:", err)
		return 2
	}
	cells, err := measure(o)
	if err != nil {
		fmt.Fprintln(stderr, "pcashare:", err)
		return 1
	}
	write(stdout, o, cells)
	return 0
}

// cell is one (algorithm, problem) and its counts over every run.
type cell struct {
	algo, problem string
	t             tally
}

// measure runs the grid on o.workers goroutines and sums each cell's runs.
func measure(o options) ([]cell, error) {
	var cells []cell
	type job struct{ c, r int }
	var jobs []job
	for _, a := range o.algos {
		for _, p := range o.problems {
			cells = append(cells, cell{algo: a, problem: p})
			for r := range o.runs {
				jobs = append(jobs, job{len(cells) - 1, r})
			}
		}
	}
	var (
		mu    sync.Mutex
		first error
		next  = make(chan job)
		wg    sync.WaitGroup
	)
	for range min(o.workers, len(jobs)) {
		wg.Go(func() {
			for j := range next {
				t, err := one(o, cells[j.c].algo, cells[j.c].problem, j.r)
				mu.Lock()
				if err != nil && first == nil {
					first = err
				}
				cells[j.c].t.add(t)
				mu.Unlock()
			}
		})
	}
	for _, j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	return cells, first
}

// one makes run r of algo on problem and counts its generations.
func one(o options, algo, name string, r int) (tally, error) {
	var t tally
	p, err := suite.New(name, o.dim, suite.Options{Data: official.FS()})
	if err != nil {
		return t, err
	}
	s, err := experiment.NewSettings(algo, o.dim, o.set)
	if err != nil {
		return t, err
	}
	sv, err := solver.New(p, s, o.seed+uint64(r), o.fes)
	if err != nil {
		return t, fmt.Errorf("%s %s run %d: %v", algo, name, r, err)
	}
	fes, bestFES := 0, -1
	for !sv.Done() {
		snap, err := sv.Step()
		if err != nil {
			return t, fmt.Errorf("%s %s run %d: %v", algo, name, r, err)
		}
		children := snap.FES - fes
		fes = snap.FES
		if snap.Generation == 0 {
			bestFES = snap.Best.FES
			continue
		}
		h := 0
		if 2*snap.FES > snap.MaxFES {
			h = 1
		}
		t.children[h] += children
		t.pcaChildren[h] += len(snap.PCATrials)
		t.accepted[h] += snap.Accepted
		for _, tr := range snap.PCATrials {
			if tr.Accepted {
				t.pcaAccepted[h]++
			}
		}
		if snap.Best.FES != bestFES {
			bestFES = snap.Best.FES
			t.improved[h]++
			if fromPCA(snap) {
				t.pcaImproved[h]++
			}
		}
	}
	return t, nil
}

// fromPCA reports whether the best-so-far is, bit for bit, one of the
// generation's PCA children.
func fromPCA(snap solver.Snapshot) bool {
	for _, tr := range snap.PCATrials {
		if slices.EqualFunc(tr.X, snap.Best.X, func(a, b float64) bool {
			return math.Float64bits(a) == math.Float64bits(b)
		}) {
			return true
		}
	}
	return false
}

// rate is a/b in percent, or NaN when b is 0.
func rate(a, b int) float64 {
	if b == 0 {
		return math.NaN()
	}
	return 100 * float64(a) / float64(b)
}

// row is what one line of the output says of a cell (whole run, and the
// acceptance rates of each half).
type row struct {
	share, pcaAcc, deAcc, ratio, impShare float64
	worth                                 float64       // improvements per evaluation, PCA child ÷ DE trial
	half                                  [2][2]float64 // [half]{pcaAcc, deAcc}
}

func rowOf(t tally) row {
	sum := func(a [2]int) int { return a[0] + a[1] }
	r := row{
		share:    rate(sum(t.pcaChildren), sum(t.children)),
		pcaAcc:   rate(sum(t.pcaAccepted), sum(t.pcaChildren)),
		deAcc:    rate(sum(t.accepted)-sum(t.pcaAccepted), sum(t.children)-sum(t.pcaChildren)),
		impShare: rate(sum(t.pcaImproved), sum(t.improved)),
	}
	r.ratio = r.pcaAcc / r.deAcc
	r.worth = rate(sum(t.pcaImproved), sum(t.pcaChildren)) /
		rate(sum(t.improved)-sum(t.pcaImproved), sum(t.children)-sum(t.pcaChildren))
	for h := range 2 {
		r.half[h] = [2]float64{rate(t.pcaAccepted[h], t.pcaChildren[h]),
			rate(t.accepted[h]-t.pcaAccepted[h], t.children[h]-t.pcaChildren[h])}
	}
	return r
}

func write(w io.Writer, o options, cells []cell) {
	f := func(x float64, prec int) string {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return "–"
		}
		return fmt.Sprintf("%.*f", prec, x)
	}
	head := []string{"algorithm", "problem", "PCA share of children %", "PCA accepted %", "DE accepted %",
		"ratio", "PCA accepted % (1st half / 2nd)", "DE accepted % (1st half / 2nd)", "PCA share of improvements %", "improvements per evaluation, PCA ÷ DE"}
	if o.format == "csv" {
		fmt.Fprintln(w, strings.Join([]string{"algorithm", "problem", "pca_share", "pca_accepted", "de_accepted",
			"ratio", "pca_accepted_1", "pca_accepted_2", "de_accepted_1", "de_accepted_2", "pca_improvements", "worth"}, ","))
	} else {
		fmt.Fprintf(w, "D = %d, %d runs, MaxFES %d, seeds %d…%d%s\n\n", o.dim, o.runs, o.fes, o.seed, o.seed+uint64(o.runs)-1, setNote(o))
		fmt.Fprintf(w, "| %s |\n|%s\n", strings.Join(head, " | "), strings.Repeat("---|", len(head)))
	}
	ratios, worths := map[string][]float64{}, map[string][]float64{}
	for _, c := range cells {
		r := rowOf(c.t)
		if !math.IsNaN(r.ratio) {
			ratios[c.algo] = append(ratios[c.algo], r.ratio)
		}
		if !math.IsNaN(r.worth) && !math.IsInf(r.worth, 0) {
			worths[c.algo] = append(worths[c.algo], r.worth)
		}
		if o.format == "csv" {
			fmt.Fprintln(w, strings.Join([]string{c.algo, c.problem, f(r.share, 2), f(r.pcaAcc, 2), f(r.deAcc, 2),
				f(r.ratio, 3), f(r.half[0][0], 2), f(r.half[1][0], 2), f(r.half[0][1], 2), f(r.half[1][1], 2), f(r.impShare, 2), f(r.worth, 3)}, ","))
			continue
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s / %s | %s / %s | %s | %s |\n", c.algo, c.problem,
			f(r.share, 1), f(r.pcaAcc, 1), f(r.deAcc, 1), f(r.ratio, 2),
			f(r.half[0][0], 1), f(r.half[1][0], 1), f(r.half[0][1], 1), f(r.half[1][1], 1), f(r.impShare, 1), f(r.worth, 2))
	}
	if o.format == "csv" {
		return
	}
	fmt.Fprintln(w)
	for _, a := range o.algos {
		rs := ratios[a]
		above := 0
		for _, x := range rs {
			if x > 1 {
				above++
			}
		}
		ws := worths[a]
		worth := 0
		for _, x := range ws {
			if x > 1 {
				worth++
			}
		}
		fmt.Fprintf(w, "%s: PCA children accepted more often than DE trials on %d of %d problems (median ratio %s); "+
			"more improvements of the best per evaluation on %d of %d (median ratio %s)\n",
			a, above, len(rs), f(median(rs), 2), worth, len(ws), f(median(ws), 2))
	}
}

func setNote(o options) string {
	if o.setText == "" {
		return ""
	}
	return ", -set " + o.setText
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}
