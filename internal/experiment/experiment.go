// Package experiment runs grids of independent, seeded solver runs — the
// experiments of the paper's §5 — and reads and writes their results as JSON
// lines.
//
// A grid is every (algorithm, problem, run) of a Config. Run r of every
// algorithm on every problem uses the seed Config.Seed + r (common random
// numbers across algorithms), so a run is a function of (algorithm,
// settings, problem, dimension, MaxFES, seed) and the same Config gives
// bit-identical records however many workers execute it and in whatever
// order they finish.
//
// The canonical order of records — the order of the grid, of every file
// written and of every merged file — is: algorithm (in the order of
// solver.Names, unknown names after, alphabetically), problem (by name),
// dimension, run.
//
// Each run is driven through solver.Solver.Step, the project's only solver
// loop; after every generation the best-so-far is sampled at the CEC
// checkpoints (10 %, 50 %, 100 % of MaxFES) and on a fixed log-spaced FES
// grid for convergence charts.
package experiment

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"pcaplay/core/problem/formula"
	"pcaplay/core/solver"
	"pcaplay/core/suite"
)

// Record is the result of one run, one JSON object per line.
type Record struct {
	Algo    string `json:"algo"`
	Problem string `json:"problem"`
	Dim     int    `json:"dim"`
	// Data names the CEC 2017 data of the run: "official" (files
	// byte-identical to the official ones, wherever they were read from),
	// "generated" (cec2017.GenerateData, seed 0), "sha256:" + 16 hex digits
	// identifying other files by content (official.LabelOf), or "none" (a
	// teaching problem). Required: records written before the field existed
	// get it from scripts/add-data-field.sh (see there).
	Data string `json:"data"`
	Run  int    `json:"run"`
	Seed uint64 `json:"seed"`
	// MaxFES is the budget; FES the evaluations used (= MaxFES).
	MaxFES int `json:"maxfes"`
	FES    int `json:"fes"`
	// F is f of the final best solution (feasibility rule), V its CEC mean
	// violation v̄ (problem.MeanViolation), Feasible whether it satisfies
	// every constraint, Counts its c (problem.ViolationCounts).
	F        float64 `json:"f"`
	V        float64 `json:"v"`
	Feasible bool    `json:"feasible"`
	Counts   [3]int  `json:"counts"`
	// BestFES is the evaluation at which the final best was found.
	BestFES int `json:"best_fes"`
	// X is the final best solution (re-evaluate it with `cec eval`).
	X []float64 `json:"x"`
	// Settings are the algorithm's parameters as run, "key=value,…".
	Settings string `json:"settings"`
	// Checkpoints are the best-so-far at 10 %, 50 % and 100 % of MaxFES.
	Checkpoints []Checkpoint `json:"checkpoints"`
	// Curve is the best-so-far on the log-spaced grid CurveGrid(MaxFES).
	Curve Curve `json:"curve"`
	// Source is set only in a record of runs that someone published as
	// final values (package internal/published): where they were
	// published. Such a record holds the final f, v̄, feasibility and c
	// only: "x" and the checkpoints are empty, the curve's arrays too,
	// "best_fes" and "seed" are 0 and "fes" is "maxfes" (FinalOnly).
	Source string `json:"source,omitempty"`
}

// FinalOnly reports whether r holds final values only (Source is set): no
// point, no checkpoints, no curve.
func (r Record) FinalOnly() bool { return r.Source != "" }

// Checkpoint is the best-so-far at the first generation whose FES reaches
// Frac·MaxFES (the CEC reporting rule).
type Checkpoint struct {
	Frac float64 `json:"frac"`
	// FES is the evaluation count of that generation.
	FES int     `json:"fes"`
	F   float64 `json:"f"`
	V   float64 `json:"v"`
}

// Curve is the best-so-far (f and CEC mean violation v̄) at each FES of
// CurveGrid(MaxFES), sampled like a Checkpoint: at the first generation
// whose FES reaches the grid value. The three slices have equal length.
type Curve struct {
	FES []int     `json:"fes"`
	F   []float64 `json:"f"`
	V   []float64 `json:"v"`
}

// CheckpointFracs are the fractions of MaxFES at which the CEC tables
// report results.
var CheckpointFracs = []float64{0.1, 0.5, 1}

// CurvePoints is the number of points of the convergence grid.
const CurvePoints = 50

// CurveGrid returns about CurvePoints FES values spaced evenly on a log
// scale from min(100, maxFES) to maxFES, rounded and without repeats. The
// grid depends on maxFES only, so the curves of all runs with one budget
// line up point by point.
func CurveGrid(maxFES int) []int {
	if maxFES < 1 {
		return nil
	}
	lo := math.Min(100, float64(maxFES))
	hi := float64(maxFES)
	var g []int
	for k := 0; k < CurvePoints; k++ {
		t := int(math.Round(lo * math.Pow(hi/lo, float64(k)/float64(CurvePoints-1))))
		t = max(1, min(t, maxFES))
		if len(g) == 0 || t > g[len(g)-1] {
			g = append(g, t)
		}
	}
	if g[len(g)-1] != maxFES {
		g = append(g, maxFES)
	}
	return g
}

// checkpointTarget is the FES a checkpoint at frac waits for.
func checkpointTarget(frac float64, maxFES int) int {
	return max(1, int(math.Ceil(frac*float64(maxFES)-1e-9)))
}

// DefaultFES is the paper's budget, 20000·D.
func DefaultFES(dim int) int { return 20000 * dim }

// AllProblems returns C01–C28.
func AllProblems() []string {
	p := make([]string, 28)
	for i := range p {
		p[i] = fmt.Sprintf("C%02d", i+1)
	}
	return p
}

// AlgoLess orders algorithm names canonically: registry order
// (solver.Names), then unknown names alphabetically.
func AlgoLess(a, b string) bool { return compareAlgo(a, b) < 0 }

func compareAlgo(a, b string) int {
	names := solver.Names()
	ia, ib := slices.Index(names, a), slices.Index(names, b)
	switch {
	case ia >= 0 && ib >= 0:
		return cmp.Compare(ia, ib)
	case ia >= 0:
		return -1
	case ib >= 0:
		return 1
	}
	return strings.Compare(a, b)
}

// Key identifies a run.
type Key struct {
	Algo, Problem string
	Dim, Run      int
}

// String renders the key as "pmode C05 D=10 run 3".
func (k Key) String() string {
	return fmt.Sprintf("%s %s D=%d run %d", k.Algo, k.Problem, k.Dim, k.Run)
}

// Key returns the record's key.
func (r *Record) Key() Key { return Key{r.Algo, r.Problem, r.Dim, r.Run} }

// CompareKeys orders keys canonically.
func CompareKeys(a, b Key) int {
	if c := compareAlgo(a.Algo, b.Algo); c != 0 {
		return c
	}
	if c := strings.Compare(a.Problem, b.Problem); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Dim, b.Dim); c != 0 {
		return c
	}
	return cmp.Compare(a.Run, b.Run)
}

// Sort sorts records canonically (stable).
func Sort(recs []Record) {
	slices.SortStableFunc(recs, func(a, b Record) int { return CompareKeys(a.Key(), b.Key()) })
}

// Assignment is one -set item: Key=Value for Algo, or for every algorithm
// that has the key when Algo is empty.
type Assignment struct {
	Algo, Key, Value string
}

// ParseSet parses "key=value,algo.key=value,…". An empty string gives no
// assignments; a key given twice for the same scope is an error (pop=5
// and pmode.pop=6 are two scopes: see NewSettings).
func ParseSet(s string) ([]Assignment, error) {
	var out []Assignment
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	for _, item := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(item, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return nil, fmt.Errorf("-set %q: want key=value or algo.key=value", item)
		}
		a := Assignment{Key: k, Value: strings.TrimSpace(v)}
		if algo, key, dotted := strings.Cut(k, "."); dotted {
			if algo == "" || key == "" {
				return nil, fmt.Errorf("-set %q: want key=value or algo.key=value", item)
			}
			a.Algo, a.Key = strings.ToLower(algo), key
		}
		for _, b := range out {
			if b.Algo == a.Algo && b.Key == a.Key {
				return nil, fmt.Errorf("-set: %s given twice (%s=%s and %s=%s)", k, k, b.Value, k, a.Value)
			}
		}
		out = append(out, a)
	}
	return out, nil
}

// Shard selects the jobs with index ≡ Index−1 (mod Count) of a grid:
// shard i of n, 1 ≤ i ≤ n. The zero Shard selects everything.
type Shard struct{ Index, Count int }

// ParseShard parses "i/n" with 1 ≤ i ≤ n.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("-shard %q: want i/n with 1 ≤ i ≤ n, e.g. 1/4", cutValue(s))
	}
	return Shard{Index: i, Count: n}, nil
}

// Has reports whether grid job k belongs to the shard.
func (s Shard) Has(k int) bool {
	if s.Count <= 1 {
		return true
	}
	return k%s.Count == s.Index-1
}

// CanonicalProblem returns the catalogue name of a problem: "c5" and "C05"
// give "C05", "c21-Author" gives "C21-author"; other names are returned as
// given. It does not check that the problem exists.
func CanonicalProblem(name string) string {
	name = strings.TrimSpace(name)
	if c, ok := suite.CanonicalCEC(name); ok {
		return c
	}
	return name
}

// ParseProblems parses "all" or a comma list of problem names into sorted,
// canonical, distinct names. It does not load the problems.
func ParseProblems(s string) ([]string, error) {
	if strings.EqualFold(strings.TrimSpace(s), "all") {
		return AllProblems(), nil
	}
	var out []string
	for _, p := range strings.Split(s, ",") {
		c := CanonicalProblem(p)
		if c == "" {
			return nil, fmt.Errorf("-problem %q: empty problem name", s)
		}
		if slices.Contains(out, c) {
			return nil, fmt.Errorf("-problem: %s listed twice", c)
		}
		out = append(out, c)
	}
	slices.Sort(out)
	return out, nil
}

// ReadTyped reads the problems typed as formulas in a -problem list: each
// item "@FILE" is read with read, parsed (formula.Parse) and replaced in
// the list by the definition's ID (name_hash), under which the returned
// map holds it (Config.Typed). Other items are left as they are. Errors
// name the item: "-problem @p.json: formula: …".
func ReadTyped(list string, read func(name string) ([]byte, error)) (string, map[string]*formula.Definition, error) {
	items := strings.Split(list, ",")
	var typed map[string]*formula.Definition
	for i, it := range items {
		it = strings.TrimSpace(it)
		file, ok := strings.CutPrefix(it, "@")
		if !ok {
			continue
		}
		if file == "" {
			return "", nil, fmt.Errorf("-problem %q: '@' without a file name", it)
		}
		data, err := read(file)
		if err != nil {
			return "", nil, fmt.Errorf("-problem %s: %v", it, err)
		}
		def, err := formula.Parse(data)
		if err != nil {
			return "", nil, fmt.Errorf("-problem %s: %v", it, err)
		}
		if typed == nil {
			typed = map[string]*formula.Definition{}
		}
		typed[def.ID()] = def
		items[i] = def.ID()
	}
	return strings.Join(items, ","), typed, nil
}

// ParseAlgos parses a comma list of algorithm names, checks that each is
// registered and returns them in canonical order.
func ParseAlgos(s string) ([]string, error) {
	var out []string
	for _, a := range strings.Split(s, ",") {
		a = strings.ToLower(strings.TrimSpace(a))
		if _, err := solver.Lookup(a); err != nil {
			return nil, err
		}
		if slices.Contains(out, a) {
			return nil, fmt.Errorf("-algo: %s listed twice", a)
		}
		out = append(out, a)
	}
	slices.SortStableFunc(out, compareAlgo)
	return out, nil
}

// FormatSettings renders a Settings as "key=value,…" in declaration order,
// leaving out a parameter marked OmitDefault while it has its default.
func FormatSettings(s solver.Settings) string {
	var b strings.Builder
	for _, p := range s.Params() {
		if p.OmitDefault && p.Get() == p.Default {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(p.Key)
		b.WriteByte('=')
		b.WriteString(p.Format(p.Get()))
	}
	return b.String()
}

// NewSettings returns the defaults of algo at dimension dim with the
// assignments that apply to it: first those without an algorithm (to every
// algorithm that has the key), then those naming algo.
func NewSettings(algo string, dim int, set []Assignment) (solver.Settings, error) {
	a, err := solver.Lookup(algo)
	if err != nil {
		return nil, err
	}
	s := a.Defaults(dim)
	// Assignments for every algorithm first, then those for this one, so
	// that pmode.pop=6 wins over pop=5 in any order; a preset before all
	// of them, so that the values given beside it win over it in any
	// order.
	for _, preset := range []bool{true, false} {
		for _, specific := range []bool{false, true} {
			for _, as := range set {
				if (as.Key == "preset") != preset || (as.Algo != "") != specific || (specific && as.Algo != algo) {
					continue
				}
				if !specific && !slices.Contains(solver.ParamKeys(s), as.Key) {
					continue
				}
				if err := solver.SetParam(s, as.Key, as.Value); err != nil {
					return nil, fmt.Errorf("-set: %s: %v", algo, err)
				}
			}
		}
	}
	return s, nil
}

// checkAssignments reports an assignment that applies to no algorithm:
// one naming an algorithm that is not run, or a key that no algorithm
// (or not the named one) has.
func checkAssignments(algos []string, dim int, set []Assignment) error {
	for _, as := range set {
		if as.Algo != "" && !slices.Contains(algos, as.Algo) {
			if _, err := solver.Lookup(as.Algo); err != nil {
				return fmt.Errorf("-set %s.%s=%s: %v", as.Algo, as.Key, as.Value, err)
			}
			return fmt.Errorf("-set %s.%s=%s: %s is not run (-algo %s)", as.Algo, as.Key, as.Value, as.Algo, strings.Join(algos, ","))
		}
		used := false
		for _, algo := range algos {
			if as.Algo != "" && as.Algo != algo {
				continue
			}
			a, err := solver.Lookup(algo)
			if err != nil {
				return err
			}
			if slices.Contains(solver.ParamKeys(a.Defaults(dim)), as.Key) {
				used = true
			}
		}
		if !used {
			name := as.Key
			if as.Algo != "" {
				name = as.Algo + "." + as.Key
			}
			return fmt.Errorf("-set %s=%s: no parameter %q in %s", name, as.Value, as.Key, strings.Join(algos, ", "))
		}
	}
	return nil
}
