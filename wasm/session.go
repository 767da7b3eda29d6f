// Command wasm is the playground's WebAssembly module: thin bindings that let
// the page's Web Worker drive one run of pcaplay/core/solver.
//
// This file and the other untagged files are plain Go (they build and are
// tested natively too): reading the URL state into a run configuration,
// stepping the run and keeping its history, and gathering what the page
// draws. The syscall/js glue is in main_js.go.
package main

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"pcaplay/core/chart"
	"pcaplay/core/problem"
	"pcaplay/core/solver"
	"pcaplay/core/suite"
)

// Run-configuration limits and defaults used when the URL does not say.
const (
	DefaultProblem = "rosenbrock"
	DefaultAlgo    = "pmode"
	DefaultSeed    = 1
	MinFES         = 100
	MaxFES         = 100_000_000
)

// DefaultFES is the paper's budget 20000·D.
func DefaultFES(dim int) int { return 20000 * dim }

// Config is one run: a function of these values only.
type Config struct {
	Problem string
	Dim     int
	Algo    string
	Seed    uint64
	FES     int
	// Params holds every parameter of Algo as text, by Param.Key.
	Params map[string]string
}

// Notice reports a URL value that was replaced or clamped.
type Notice struct {
	Key     string `js:"key"`
	Value   string `js:"value"`
	Message string `js:"message"`
}

// ParamInfo describes one parameter for the controls.
type ParamInfo struct {
	Key     string   `js:"key"`
	Help    string   `js:"help"`
	Kind    string   `js:"kind"`
	Default string   `js:"default"`
	Value   string   `js:"value"`
	Min     float64  `js:"min"`
	Max     float64  `js:"max"`
	Choices []string `js:"choices"`
}

// pcamHelp is added to the help of pcam: why m must stay below D, and that
// core's default min(5, D−1) already does so (m = 1 at D = 2).
const pcamHelp = "; default min(5, D−1), since with m ≥ D every point comes back unchanged (the identity)"

// findInfo looks a problem up case-insensitively; "c5" finds C05.
func findInfo(name string) (suite.Info, bool) {
	name = strings.TrimSpace(name)
	if len(name) >= 2 && (name[0] == 'c' || name[0] == 'C') {
		if n, err := strconv.Atoi(name[1:]); err == nil && n >= 1 && n <= 28 {
			name = "C" + pad2(n)
		}
	}
	for _, in := range suite.List() {
		if strings.EqualFold(in.Name, name) {
			return in, true
		}
	}
	return suite.Info{}, false
}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// Sanitize turns URL values (key → text) into a valid Config. Missing keys
// take their defaults silently; malformed or out-of-range values are
// replaced or clamped and reported in the notices. Unknown keys are ignored.
// It also returns the parameter descriptions for the controls.
func Sanitize(raw map[string]string) (Config, []Notice, []ParamInfo, error) {
	var notes []Notice
	note := func(k, v, msg string) { notes = append(notes, Notice{Key: k, Value: v, Message: msg}) }
	get := func(k string) (string, bool) {
		v, ok := raw[k]
		return strings.TrimSpace(v), ok
	}

	var c Config
	// problem
	info, ok := findInfo(DefaultProblem)
	if !ok {
		l := suite.List()
		if len(l) == 0 {
			return c, nil, nil, errors.New("no problems are registered")
		}
		info = l[0]
	}
	if v, has := get("problem"); has {
		if in, ok := findInfo(v); ok {
			info = in
		} else {
			note("problem", v, "unknown problem; using "+info.Name)
		}
	}
	c.Problem = info.Name

	// dim
	c.Dim = info.Dims[0]
	if !info.Teaching && contains(info.Dims, 10) {
		c.Dim = 10
	}
	if v, has := get("dim"); has {
		d, err := strconv.Atoi(v)
		switch {
		case err != nil:
			note("dim", v, "not a whole number; using "+strconv.Itoa(c.Dim))
		case !contains(info.Dims, d):
			n := nearest(info.Dims, d)
			note("dim", v, c.Problem+" offers D ∈ {"+joinInts(info.Dims)+"}; using "+strconv.Itoa(n))
			c.Dim = n
		default:
			c.Dim = d
		}
	}

	// algorithm
	names := solver.Names()
	if len(names) == 0 {
		return c, notes, nil, errors.New("no algorithms are registered")
	}
	c.Algo = names[0]
	if contains(names, DefaultAlgo) {
		c.Algo = DefaultAlgo
	}
	if v, has := get("algo"); has {
		if contains(names, strings.ToLower(v)) {
			c.Algo = strings.ToLower(v)
		} else {
			note("algo", v, "unknown algorithm; using "+c.Algo)
		}
	}

	// seed
	c.Seed = DefaultSeed
	if v, has := get("seed"); has {
		s, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			note("seed", v, "want a whole number in [0, 2^64); using "+strconv.FormatUint(c.Seed, 10))
		} else {
			c.Seed = s
		}
	}

	// budget
	c.FES = DefaultFES(c.Dim)
	if v, has := get("fes"); has {
		f, err := strconv.ParseFloat(v, 64)
		switch {
		case err != nil || math.IsNaN(f):
			note("fes", v, "not a number; using "+strconv.Itoa(c.FES))
		case f < MinFES || f > MaxFES || f != math.Trunc(f):
			n := int(math.Round(math.Max(MinFES, math.Min(MaxFES, f))))
			note("fes", v, "budget must be a whole number in ["+strconv.Itoa(MinFES)+", "+strconv.Itoa(MaxFES)+"]; using "+strconv.Itoa(n))
			c.FES = n
		default:
			c.FES = int(f)
		}
	}

	// parameters
	p, err := suite.New(c.Problem, c.Dim, suite.Options{})
	if err != nil {
		return c, notes, nil, err
	}
	alg, err := solver.Lookup(c.Algo)
	if err != nil {
		return c, notes, nil, err
	}
	s := alg.Defaults(c.Dim)
	for _, pr := range s.Params() {
		v, has := get(pr.Key)
		if !has {
			continue
		}
		x, err := pr.Parse(v)
		if err != nil {
			note(pr.Key, v, err.Error()+"; using the default "+pr.Format(pr.Get()))
			continue
		}
		if err := pr.Check(x); err != nil {
			y := x
			if math.IsNaN(y) || math.IsInf(y, 0) {
				note(pr.Key, v, err.Error()+"; using the default "+pr.Format(pr.Get()))
				continue
			}
			if pr.Kind != solver.Float {
				y = math.Round(y)
			}
			y = math.Max(pr.Min, math.Min(pr.Max, y))
			note(pr.Key, v, err.Error()+"; using "+pr.Format(y))
			x = y
		}
		pr.Set(x)
	}
	if err := s.Validate(p); err != nil {
		note("params", "", err.Error()+"; all parameters reset to their defaults")
		s = alg.Defaults(c.Dim)
		if err := s.Validate(p); err != nil {
			return c, notes, nil, err
		}
	}
	c.Params = map[string]string{}
	def := alg.Defaults(c.Dim)
	dv := map[string]float64{}
	for _, pr := range def.Params() {
		dv[pr.Key] = pr.Get()
	}
	var infos []ParamInfo
	for _, pr := range s.Params() {
		c.Params[pr.Key] = pr.Format(pr.Get())
		help := pr.Help
		if pr.Key == "pcam" {
			help += pcamHelp
		}
		infos = append(infos, ParamInfo{Key: pr.Key, Help: help, Kind: pr.Kind.String(),
			Default: pr.Format(dv[pr.Key]), Value: pr.Format(pr.Get()),
			Min: pr.Min, Max: pr.Max, Choices: pr.Choices})
	}
	return c, notes, infos, nil
}

// Values returns the configuration as URL values (key → text).
func (c Config) Values() map[string]string {
	m := map[string]string{
		"problem": c.Problem, "dim": strconv.Itoa(c.Dim), "algo": c.Algo,
		"seed": strconv.FormatUint(c.Seed, 10), "fes": strconv.Itoa(c.FES),
	}
	for k, v := range c.Params {
		m[k] = v
	}
	return m
}

func contains[T comparable](a []T, x T) bool {
	for _, y := range a {
		if y == x {
			return true
		}
	}
	return false
}

func nearest(a []int, x int) int {
	best := a[0]
	for _, y := range a {
		if abs(y-x) < abs(best-x) {
			best = y
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func joinInts(a []int) string {
	s := make([]string, len(a))
	for i, x := range a {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}

// Session is one run with its history.
type Session struct {
	Cfg      Config
	P        problem.Problem
	Settings solver.Settings
	S        *solver.Solver

	// Last is a copy of the last snapshot (its slices are owned here).
	Last    solver.Snapshot
	HasLast bool
	// History has one point per generation, for the convergence chart.
	History []chart.Point
	// Op is the last PCA-projection, with what the page needs to draw it.
	Op *Operator
	// Zoom is the landscape's view when D = 2 (see Zoom).
	Zoom Zoom

	eval *problem.Evaluator
}

// NewSession builds a run from a sanitized Config. It does not step.
func NewSession(c Config) (*Session, error) {
	p, err := suite.New(c.Problem, c.Dim, suite.Options{})
	if err != nil {
		return nil, err
	}
	alg, err := solver.Lookup(c.Algo)
	if err != nil {
		return nil, err
	}
	s := alg.Defaults(c.Dim)
	for _, pr := range s.Params() {
		if v, ok := c.Params[pr.Key]; ok {
			if err := solver.SetParam(s, pr.Key, v); err != nil {
				return nil, err
			}
		}
	}
	sv, err := solver.New(p, s, c.Seed, c.FES)
	if err != nil {
		return nil, err
	}
	return &Session{Cfg: c, P: p, Settings: s, S: sv, eval: problem.NewEvaluator(p)}, nil
}

// Step advances up to n generations, stopping early when the run is done
// or when stop() reports true (checked after each generation). It returns
// how many generations were applied.
func (s *Session) Step(n int, stop func() bool) (int, error) {
	done := 0
	for done < n && !s.S.Done() {
		snap, err := s.S.Step()
		if errors.Is(err, solver.ErrDone) {
			break
		}
		if err != nil {
			return done, err
		}
		s.keep(&snap)
		done++
		if stop != nil && stop() {
			break
		}
	}
	return done, nil
}

// keep copies what the page needs out of a snapshot.
func (s *Session) keep(snap *solver.Snapshot) {
	l := &s.Last
	x, f, v, bx := l.X, l.F, l.V, l.Best.X
	*l = *snap
	l.X = append(x[:0], snap.X...)
	l.F = append(f[:0], snap.F...)
	l.V = append(v[:0], snap.V...)
	l.Best.X = append(bx[:0], snap.Best.X...)
	l.PCA, l.Adaptation = nil, nil
	s.HasLast = true

	pt := chart.Point{FES: snap.FES, BestF: snap.Best.F, BestV: snap.Best.V,
		Feasible: snap.FeasibleFraction(), PopSize: snap.PopSize()}
	if a := snap.Adaptation; a != nil {
		pt.StrategyProb = append([]float64(nil), a.StrategyProb...)
		pt.MeanF = append([]float64(nil), a.MeanF...)
		pt.MeanCR = append([]float64(nil), a.MeanCR...)
	}
	s.History = append(s.History, pt)
	if snap.PCA != nil {
		s.Op = newOperator(s, snap)
	}
}

// Status is the run's state as the page reports it.
type Status struct {
	FES        int     `js:"fes"`
	MaxFES     int     `js:"maxFES"`
	Generation int     `js:"generation"`
	Done       bool    `js:"done"`
	BestF      float64 `js:"bestF"`
	BestV      float64 `js:"bestV"`
	Feasible   bool    `js:"feasible"`
	FeasFrac   float64 `js:"feasibleFraction"`
	PopSize    int     `js:"popSize"`
}

// Status returns the state after the last applied generation.
func (s *Session) Status() Status {
	st := Status{MaxFES: s.Cfg.FES, BestF: math.NaN(), BestV: math.NaN()}
	if s.HasLast {
		l := &s.Last
		st.FES, st.Generation, st.Done = l.FES, l.Generation, s.S.Done()
		st.BestF, st.BestV, st.Feasible = l.Best.F, l.Best.V, l.Best.V == 0
		st.FeasFrac, st.PopSize = l.FeasibleFraction(), l.PopSize()
	}
	return st
}

// Points per series of the convergence chart: a paused run's history is
// thinned to ChartPoints, and to ChartPointsPlaying while it plays (the page
// redraws the chart twice a second then, and ECharts' main-thread time
// grows with the points).
const (
	ChartPoints        = 400
	ChartPointsPlaying = 100
)

func (s *Session) convergenceOptions(maxPoints int) chart.ConvergenceOptions {
	if maxPoints <= 0 {
		maxPoints = ChartPoints
	}
	title := s.Cfg.Algo + " on " + s.Cfg.Problem + ", D=" + strconv.Itoa(s.Cfg.Dim)
	return chart.ConvergenceOptions{Title: title, MaxPoints: maxPoints}
}

// ConvergenceJSON returns the convergence chart's ECharts option with at
// most maxPoints points per series (ChartPoints when ≤ 0).
func (s *Session) ConvergenceJSON(maxPoints int) ([]byte, error) {
	return chart.Convergence(s.History, s.convergenceOptions(maxPoints))
}

// ConvergenceParts returns the convergence chart as one option per panel
// (chart.ConvergenceParts), as the page draws it.
func (s *Session) ConvergenceParts(maxPoints int) ([][]byte, error) {
	return chart.ConvergenceParts(s.History, s.convergenceOptions(maxPoints))
}
