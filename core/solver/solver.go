// Package solver runs population-based optimisers one generation at a time.
//
// Every algorithm in pcaplay is a Method driven by a Solver:
//
//	s, err := solver.New(p, settings, seed, maxFES)
//	for !s.Done() {
//		snap, err := s.Step() // one generation
//		...
//	}
//
// Step is the only solver loop in the project: the browser, cmd/cec and the
// tests all call it. A run is a function of (problem, settings, seed, maxFES):
// the same inputs give a bit-identical sequence of snapshots.
//
// Violation: every algorithm here (random search, DE, CMODE, PMODE, HECO-DE,
// HECO-PDE) compares points with the summed violation v(x) =
// problem.Violation (paper eq. 3–5, δ = 1e-4), and the best-so-far follows
// the feasibility rule on (f, v). Snapshot.Best also carries the CEC mean
// violation (problem.MeanViolation) and the counts c of the best point: the
// v̄ and c of the paper's tables.
//
// The budget is counted in function evaluations (FES). One FES is one call of
// Problem.Evaluate; a Method never evaluates more points than the budget has
// left, so a run ends with FES ≤ MaxFES.
//
// A run must end at a finite best f: an objective that is NaN (counted as
// +Inf) or ±Inf at the best point of the whole run ends it with an error
// in its last Step, the same for every caller (the page, compare mode, cec
// run).
package solver

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"pcaplay/core/pca"
	"pcaplay/core/problem"
	"pcaplay/core/rng"
)

// ErrDone is returned by Step when the budget is used up.
var ErrDone = errors.New("solver: run finished (FES budget used up)")

// Individual is a point with its objective value and its violation
// v(x) (problem.Violation).
type Individual struct {
	X []float64
	F float64
	V float64
}

// Method is one optimisation algorithm. Init creates and evaluates the
// initial population; Iterate runs one generation. Both use the Context for
// randomness and for every evaluation, and publish their population with
// Context.SetPopulation.
type Method interface {
	Init(c *Context) error
	Iterate(c *Context) error
}

// Settings are an algorithm's parameters. Implementations are plain structs
// with the paper's defaults; Params exposes their fields by name for the
// command line and the browser.
type Settings interface {
	// Algorithm is the registered name, e.g. "pmode".
	Algorithm() string
	// Validate returns an error naming the first bad value, or nil.
	Validate(p problem.Problem) error
	// Params lists the settable parameters.
	Params() []Param
	// New returns a fresh Method for a validated Settings.
	New(p problem.Problem) (Method, error)
}

// Context is what a Method sees of the run: the problem, the random source,
// the counted evaluation and the snapshot it fills.
type Context struct {
	Problem problem.Problem
	// RNG is the run's random source; Rand draws from the same stream (a
	// *rand.Rand on RNG), for the methods RNG does not have. The Methods
	// of this package draw through RNG's concrete methods, which cost a
	// fraction of rand.Rand's in WebAssembly (see package rng).
	RNG    *rng.PCG
	Rand   *rand.Rand
	MaxFES int

	seed    uint64 // the run's seed (New), for streams of its own
	eval    *problem.Evaluator
	fes     int
	best    Best
	hasBest bool
	snap    Snapshot
	// population buffers, reused from generation to generation
	popX, popF, popV []float64
	bestX            []float64
}

// Best is the best point found so far by the feasibility rule, with the
// measures the CEC tables report.
type Best struct {
	Individual
	// MeanV is the CEC mean violation (problem.MeanViolation) of X.
	MeanV float64
	// Counts is c: constraints violated by > 1, (0.01, 1], (1e-4, 0.01].
	Counts [3]int
	// FES is the evaluation count at which X was found.
	FES int
}

// FES returns the number of evaluations used so far.
func (c *Context) FES() int { return c.fes }

// stream returns a random stream of the run other than RNG: PCG-DXSM
// seeded with (the run's seed, seed2). Each seed2 gives another stream.
func (c *Context) stream(seed2 uint64) *rng.PCG { return rng.New(c.seed, seed2) }

// Remaining returns how many evaluations the budget still allows.
func (c *Context) Remaining() int { return c.MaxFES - c.fes }

// Evaluate evaluates x, counts one FES and updates the best-so-far. It
// panics if the budget is used up: a Method must check Remaining first.
func (c *Context) Evaluate(x []float64) (f, v float64) {
	if c.fes >= c.MaxFES {
		panic("solver: Evaluate called with the FES budget used up")
	}
	// c.eval.Eval(x), written out: Eval is too big for Go to inline, and
	// in WebAssembly each call of the evaluation chain costs about as much
	// as a coordinate's arithmetic.
	e := c.eval
	f = e.P.Evaluate(x, e.G, e.H)
	v = problem.Violation(e.G, e.H)
	if math.IsNaN(f) {
		f = math.Inf(1) // a NaN objective never wins and never poisons a ranking
	}
	if math.IsNaN(v) {
		v = math.Inf(1)
	}
	c.fes++
	if !c.hasBest || betterNum(f, v, c.best.F, c.best.V) { // problem.Better: f, v, best.F, best.V are not NaN
		c.newBest(x, f, v)
	}
	return f, v
}

// newBest records x, just evaluated to (f, v), as the best so far. (Apart
// from Evaluate, which runs once per evaluation and is smaller without it:
// in WebAssembly every call and jump of a function costs more the more
// blocks it has.)
func (c *Context) newBest(x []float64, f, v float64) {
	c.hasBest = true
	c.best.X = append(c.best.X[:0], x...)
	c.best.F, c.best.V = f, v
	c.best.MeanV = problem.MeanViolation(c.eval.G, c.eval.H)
	c.best.Counts = problem.ViolationCounts(c.eval.G, c.eval.H)
	c.best.FES = c.fes
}

// SetPopulation publishes the current population for the snapshot. x is
// row-major, len(f) rows of Dim() values. The slices are copied.
func (c *Context) SetPopulation(x, f, v []float64) {
	c.popX = append(c.popX[:0], x...)
	c.popF = append(c.popF[:0], f...)
	c.popV = append(c.popV[:0], v...)
	c.snap.X, c.snap.F, c.snap.V = c.popX, c.popF, c.popV
}

// sharePopulation is SetPopulation without the copy, for the Methods of
// this package: they publish their own population at the end of a
// generation and leave it unchanged until the next Step, so the snapshot
// may show it directly (copying a population of 1200 points at D = 100
// every generation cost as much as the generation's evaluations).
func (c *Context) sharePopulation(x, f, v []float64) {
	c.snap.X, c.snap.F, c.snap.V = x, f, v
}

// SetPCA records what PCA-projection did in this generation.
func (c *Context) SetPCA(r *pca.Projection) { c.snap.PCA = r }

// SetPCATrials records the children that came from PCA-projection in this
// generation (see Snapshot.PCATrials). The slice is the Method's: it must
// stay unchanged until the next Step.
func (c *Context) SetPCATrials(t []PCATrial) { c.snap.PCATrials = t }

// SetOffspring records what a generation made and kept (see Offspring).
// The slices are the Method's and stay unchanged until the next Step.
func (c *Context) SetOffspring(o *Offspring) { c.snap.Offspring = o }

// setAccepted records Snapshot.Accepted.
func (c *Context) setAccepted(n int) { c.snap.Accepted = n }

// SetAdaptation records adaptive-parameter state (HECO algorithms).
func (c *Context) SetAdaptation(a *Adaptation) { c.snap.Adaptation = a }

// Snapshot is the state after a generation. Its slices (and those of PCA
// and Adaptation) are owned by the Solver, some are the algorithm's own
// state: they are valid until the next call of Step and must not be
// modified; copy what you keep.
type Snapshot struct {
	Generation int
	FES        int
	MaxFES     int
	Done       bool
	Dim        int
	// X is the population, row-major: individual i is X[i*Dim:(i+1)*Dim].
	X []float64
	// F and V are f(x) and v(x) of each individual.
	F, V []float64
	// Best is the best point found so far (feasibility rule).
	Best Best
	// PCA is set when PCA-projection ran in this generation. It comes from
	// a pca.Projector: its Vectors hold the leading eigenvectors the
	// projection used (at least M); PCA.Basis() gives all D.
	PCA *pca.Projection
	// PCATrials are the children of this generation that came from PCA
	// (one per input row used, in row order; empty when PCA is nil).
	PCATrials []PCATrial
	// Adaptation is set by algorithms with adaptive parameters.
	Adaptation *Adaptation
	// Offspring is set by CMODE and PMODE in every generation after the
	// first: its sub-population Q, its children and what they replaced.
	Offspring *Offspring
	// Accepted is how many of this generation's children (one per
	// evaluation: FES minus the previous snapshot's FES) its selection
	// accepted: HECO-DE and HECO-PDE line 24 (f_i(y_i) < f_i(x_i), the
	// trial takes its parent's place); CMODE and PMODE lines 20–23 (a
	// non-dominated child replaced a member of Q it dominates). PCATrials
	// tells which of them came from PCA-projection. It is 0 in the first
	// generation and for the methods whose selection it does not describe
	// (DE, random search).
	Accepted int
}

// PCATrial is one child made by PCA-projection: the reconstruction x'_i of
// row Index of the projection's input, repaired into the box, evaluated and
// judged by the algorithm's own selection. Only some rows become children:
// each member of Q gets a PCA child with probability PCAProb, the others a
// DE child.
type PCATrial struct {
	// Index is the row of PCA.Input and PCA.Points the child was made from
	// (its parent's place in Q).
	Index int
	// X is the child as evaluated: PCA.Points row Index after bound repair
	// (owned by the solver, valid until the next Step).
	X []float64
	// F and V are f and v of X, the evaluation the run counted.
	F, V float64
	// Accepted is the selection's verdict. PMODE (lines
	// 20–23): the child is non-dominated in C
	// and replaced a member of Q it dominates. HECO-PDE (line
	// 24): f_i(y_i) < f_i(x_i), so it replaced its parent.
	// A later step of the same generation may still remove an accepted child
	// (in PMODE a later child of R that dominates it, or the archive's
	// reinsertion; in HECO-PDE the population-size reduction).
	Accepted bool
}

// Offspring is what one generation of CMODE or PMODE did, in the terms of
// the PMODE pseudo-code (§4.1): the sub-population Q (lines 7–8), the
// children C (lines 9–18), the non-dominated children R (line 19) and the
// replacements (lines 20–23). Child i is the trial of x_i = P[Q[i]], made
// either by PCA-projection (lines 10–12) or by DE mutation and crossover
// (line 14). It lets a viewer show a generation without re-evaluating or
// matching points; Snapshot.PCATrials lists its FromPCA children with
// their verdict in the same terms as HECO-PDE's.
//
// All slices are owned by the solver and valid until the next Step; the
// last generation of a run may have fewer children than Q has members
// (only as many as the budget allows). CMODE's infeasible-solution
// replacement (lines 25–30), which moves archived children into P every
// k generations, is not part of Offspring.
type Offspring struct {
	// Q holds the population index of each member of Q, in loop order
	// (child i, when there is one, is the trial of member i).
	Q []int
	// X holds the children, row-major (one row per child), F and V their
	// f and v as evaluated and counted (line 18).
	X, F, V []float64
	// FromPCA[i] reports that child i is x'_i, the PCA-projection of x_i
	// (reflected into the box if it left it), rather than a DE trial.
	FromPCA []bool
	// NonDominated[i] reports that child i is in R: no other child
	// dominates it in (f, v).
	NonDominated []bool
	// Replaced[i] is the population index whose member child i replaced
	// (lines 20–23), or −1 when it replaced none. A later child of R may
	// replace the same member again, so P after the generation holds the
	// last child written to each index.
	Replaced []int
}

// Children returns the number of children.
func (o *Offspring) Children() int { return len(o.F) }

// PopSize returns the number of individuals in the snapshot.
func (s *Snapshot) PopSize() int { return len(s.F) }

// FeasibleFraction returns the fraction of the population with v = 0.
func (s *Snapshot) FeasibleFraction() float64 {
	if len(s.V) == 0 {
		return 0
	}
	n := 0
	for _, v := range s.V {
		if v == 0 {
			n++
		}
	}
	return float64(n) / float64(len(s.V))
}

// Adaptation is the adaptive state of an algorithm with strategy
// competition and success-history memories.
type Adaptation struct {
	// StrategyProb is q_k for each strategy.
	StrategyProb []float64
	// MeanF and MeanCR are the means of each strategy's memories.
	MeanF, MeanCR []float64
}

// Solver advances one run generation by generation.
type Solver struct {
	ctx    Context
	method Method
	gen    int
	inited bool
	err    error
}

// New validates the settings and returns a Solver for a run of at most
// maxFES evaluations. The random source is PCG-DXSM seeded with (seed,
// 0x9e3779b97f4a7c15): the stream of rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)).
func New(p problem.Problem, s Settings, seed uint64, maxFES int) (*Solver, error) {
	if p == nil {
		return nil, errors.New("solver: nil problem")
	}
	if s == nil {
		return nil, errors.New("solver: nil settings")
	}
	if maxFES < 1 {
		return nil, fmt.Errorf("fes = %d: the budget must be at least 1 evaluation", maxFES)
	}
	if err := s.Validate(p); err != nil {
		return nil, err
	}
	m, err := s.New(p)
	if err != nil {
		return nil, err
	}
	sv := &Solver{method: m}
	r := rng.New(seed, 0x9e3779b97f4a7c15)
	sv.ctx = Context{
		Problem: p,
		RNG:     r,
		Rand:    r.Rand(),
		MaxFES:  maxFES,
		seed:    seed,
		eval:    problem.NewEvaluator(p),
	}
	return sv, nil
}

// Done reports whether the budget is used up (or the run failed).
func (s *Solver) Done() bool { return s.err != nil || (s.inited && s.ctx.fes >= s.ctx.MaxFES) }

// FES returns the evaluations used so far.
func (s *Solver) FES() int { return s.ctx.fes }

// Best returns the best point so far.
func (s *Solver) Best() Best { return s.ctx.best }

// Step advances the run by one generation and returns the snapshot after it.
// The first Step creates and evaluates the initial population (generation 0).
// Step returns ErrDone once the budget is used up. A Method that panics or
// makes no progress ends the run with an error instead of crashing the caller.
func (s *Solver) Step() (snap Snapshot, err error) {
	if s.err != nil {
		return Snapshot{}, s.err
	}
	if s.Done() {
		return Snapshot{}, ErrDone
	}
	defer func() {
		if r := recover(); r != nil {
			s.err = fmt.Errorf("solver: %T panicked in generation %d: %v", s.method, s.gen, r)
			snap, err = Snapshot{}, s.err
		}
	}()
	c := &s.ctx
	c.snap = Snapshot{}
	before := c.fes
	if !s.inited {
		err = s.method.Init(c)
		s.inited = true
	} else {
		err = s.method.Iterate(c)
		s.gen++
	}
	if err != nil {
		s.err = err
		return Snapshot{}, err
	}
	if c.fes == before && c.fes < c.MaxFES {
		s.err = fmt.Errorf("solver: %T used no evaluation in generation %d", s.method, s.gen)
		return Snapshot{}, s.err
	}
	if c.fes >= c.MaxFES && (math.IsInf(c.best.F, 0) || math.IsNaN(c.best.F)) {
		// One rule for every caller (the page, compare mode, cec run): a
		// run must end at a finite best f.
		s.err = fmt.Errorf("the objective was not a finite number at the best of the run's %d evaluations (f = %v; a NaN counts as +Inf): "+
			"the problem has no finite f where the run looked", c.fes, c.best.F)
		return Snapshot{}, s.err
	}
	snap = c.snap
	snap.Generation = s.gen
	snap.FES = c.fes
	snap.MaxFES = c.MaxFES
	snap.Done = c.fes >= c.MaxFES
	snap.Dim = c.Problem.Dim()
	snap.Best = c.best
	c.bestX = append(c.bestX[:0], c.best.X...)
	snap.Best.X = c.bestX
	return snap, nil
}

// Run steps until the budget is used up and returns the final snapshot.
func (s *Solver) Run() (Snapshot, error) {
	var last Snapshot
	for !s.Done() {
		snap, err := s.Step()
		if err != nil {
			return last, err
		}
		last = snap
	}
	return last, s.err
}
