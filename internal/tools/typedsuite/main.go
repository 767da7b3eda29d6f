// Command typedsuite reports runs on a suite of problems typed as formulas
// (docs/guide/formulas.md) by the criteria of the CEC 2006 constrained
// competition: for each problem with a known optimum f* (the file's
// "best"), each algorithm's successful runs (a feasible final best with
// f − f* ≤ 10⁻⁴, the report's "successful run"), feasible runs, and the
// median and best error f − f*; the two-sided rank-sum tests of chosen
// pairs of algorithms in the CEC order (feasible before infeasible, then
// by violation, then by f), Holm-corrected over every pair of the problem's
// algorithms; and the CEC 2018 total rank (Σ mean ranks + Σ median ranks,
// the paper's §5.4) of the algorithms over the problems.
//
//	go run ./internal/tools/typedsuite -problems examples/problems/cec2006 \
//	    [-pairs pmode:cmode,heco-pde:heco-de] [-alpha 0.05] [-link-runs 5] runs.jsonl …
//	go run ./internal/tools/typedsuite -problems examples/problems/cec2006 -list
//
// The runs files are cec run's JSON lines (every record must name a
// problem of the -problems folder by its name_hash, the same grid of
// algorithms and runs on each). It prints Markdown on stdout: the table of
// every problem, the win/tie/loss counts of each pair, the ranks, and for
// every eight problems a link that opens the same grid in the page's
// experiment view (a typed= link carries at most eight definitions). With
// -list it prints each problem file's name and name_hash instead.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"pcaplay/core/problem/formula"
	"pcaplay/core/stats"
	"pcaplay/internal/experiment"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// successTol is the CEC 2006 report's criterion of a successful run:
// a feasible solution with f(x) − f(x*) ≤ 0.0001.
const successTol = 1e-4

// suite is what the report reads: the problems (in file-name order) with
// their definitions, the algorithms (in the order of their first record)
// and the records of each (algorithm, problem).
type suite struct {
	problems []*formula.Definition
	algos    []string
	runs     map[[2]string][]experiment.Record // {algo, problem ID}
	maxfes   int
	nruns    int
	notRun   []string // problems of the folder without records
}

func run(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("typedsuite", flag.ContinueOnError)
	fl.SetOutput(stderr)
	dir := fl.String("problems", "", "folder of the suite's problem files (*.json), each with \"best\"")
	pairs := fl.String("pairs", "pmode:cmode,heco-pde:heco-de", "pairs A:B of algorithms to test, A's side")
	alpha := fl.Float64("alpha", stats.DefaultAlpha, "level of the Holm-corrected rank-sum tests")
	linkRuns := fl.Int("link-runs", 5, "runs per configuration in the experiment-view links")
	list := fl.Bool("list", false, "only print each problem file's name and the name_hash its records carry")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if *list && *dir != "" {
		defs, err := readProblems(*dir)
		if err != nil {
			fmt.Fprintln(stderr, "typedsuite:", err)
			return 1
		}
		for _, d := range defs {
			fmt.Fprintln(stdout, d.Name, d.ID())
		}
		return 0
	}
	if *dir == "" || fl.NArg() == 0 {
		fmt.Fprintln(stderr, "typedsuite: want -problems DIR and one or more runs files")
		return 2
	}
	s, err := load(*dir, fl.Args())
	if err == nil {
		err = s.write(stdout, *pairs, *alpha, *linkRuns)
	}
	if err != nil {
		fmt.Fprintln(stderr, "typedsuite:", err)
		return 1
	}
	return 0
}

// readProblems reads the problem files of dir, in the order of their names;
// each must have a best point.
func readProblems(dir string) ([]*formula.Definition, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(paths) == 0 {
		return nil, fmt.Errorf("-problems %s: no *.json problem files", dir)
	}
	slices.Sort(paths)
	var defs []*formula.Definition
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		d, err := formula.Parse(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", p, err)
		}
		if !d.HasBest {
			return nil, fmt.Errorf("%s: no \"best\": the report measures f − f*", p)
		}
		defs = append(defs, d)
	}
	return defs, nil
}

// load reads the problem files of dir and the runs files, and checks that
// every record names one of the problems and that the grid is complete.
func load(dir string, files []string) (*suite, error) {
	defs, err := readProblems(dir)
	if err != nil {
		return nil, err
	}
	s := &suite{problems: defs, runs: map[[2]string][]experiment.Record{}}
	byID := map[string]bool{}
	for _, d := range defs {
		byID[d.ID()] = true
	}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		recs, _, err := experiment.Read(f, name)
		f.Close()
		if err != nil {
			return nil, err
		}
		for _, r := range recs {
			if !byID[r.Problem] {
				return nil, fmt.Errorf("%s: problem %q is none of the files of %s (another definition?)", name, r.Problem, dir)
			}
			if !slices.Contains(s.algos, r.Algo) {
				s.algos = append(s.algos, r.Algo)
			}
			if s.maxfes == 0 {
				s.maxfes = r.MaxFES
			} else if r.MaxFES != s.maxfes {
				return nil, fmt.Errorf("%s: %s %s run %d has MaxFES %d, others %d", name, r.Algo, r.Problem, r.Run, r.MaxFES, s.maxfes)
			}
			k := [2]string{r.Algo, r.Problem}
			s.runs[k] = append(s.runs[k], r)
		}
	}
	return s, s.complete()
}

// complete keeps the problems that have records (noting the others in
// notRun) and checks that every algorithm has the same number of runs on
// each of them.
func (s *suite) complete() error {
	if len(s.algos) == 0 {
		return errors.New("no records")
	}
	var run []*formula.Definition
	for _, d := range s.problems {
		some := false
		for _, a := range s.algos {
			some = some || len(s.runs[[2]string{a, d.ID()}]) > 0
		}
		if some {
			run = append(run, d)
		} else {
			s.notRun = append(s.notRun, d.Name)
		}
	}
	s.problems = run
	for _, a := range s.algos {
		for _, d := range s.problems {
			n := len(s.runs[[2]string{a, d.ID()}])
			if s.nruns == 0 {
				s.nruns = n
			}
			if n == 0 || n != s.nruns {
				return fmt.Errorf("%s on %s: %d runs, want %d on every problem (is the grid complete?)", a, d.Name, n, s.nruns)
			}
		}
	}
	return nil
}

// cell is one algorithm's result on one problem.
type cell struct {
	success, feasible int
	median, best      experiment.Record // in the CEC order
}

func (s *suite) cell(algo string, d *formula.Definition) cell {
	recs := slices.Clone(s.runs[[2]string{algo, d.ID()}])
	slices.SortStableFunc(recs, func(a, b experiment.Record) int { return cecOrder(a, b) })
	c := cell{median: recs[(len(recs)-1)/2], best: recs[0]}
	for _, r := range recs {
		if r.Feasible {
			c.feasible++
			if r.F-d.BestF <= successTol {
				c.success++
			}
		}
	}
	return c
}

// cecOrder is the CEC order of final results: feasible before infeasible,
// infeasible by mean violation, then by f.
func cecOrder(a, b experiment.Record) int {
	switch {
	case a.Feasible != b.Feasible:
		if a.Feasible {
			return -1
		}
		return 1
	case a.V < b.V:
		return -1
	case a.V > b.V:
		return 1
	case a.F < b.F:
		return -1
	case a.F > b.F:
		return 1
	}
	return 0
}

// errText writes a run's f − f*, or its violation when infeasible.
func errText(r experiment.Record, fstar float64) string {
	if !r.Feasible {
		return fmt.Sprintf("v̄ %.2e", r.V)
	}
	return fmt.Sprintf("%.2e", r.F-fstar)
}

func parsePairs(spec string, algos []string) ([][2]string, error) {
	var out [][2]string
	for _, p := range strings.Split(spec, ",") {
		a, b, ok := strings.Cut(p, ":")
		if !ok || !slices.Contains(algos, a) || !slices.Contains(algos, b) || a == b {
			return nil, fmt.Errorf("-pairs: %q is not A:B of two algorithms of the runs (%s)", p, strings.Join(algos, ", "))
		}
		out = append(out, [2]string{a, b})
	}
	return out, nil
}
