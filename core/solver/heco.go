package solver

// HECO-DE (Xu, He, Shang) and HECO-PDE = HECO-DE + PCA-projection
// (Huang, Xu, Li, He, §4.2) are the one Method of this file; HECO-PDE is
// HECO-DE with the PCA setting on. The code follows the paper's pseudo-code
// of HECO-PDE in §4.2 (lines 1 … 39) top-down; a comment "Line X" cites the
// line it implements, numbered as printed (every line, "end if" and "end
// for" included). The LSHADE44 machinery the paper defers to (strategy
// competition, circle memories, archive) follows LSHADE44 (Poláková,
// Tvrdík, Bujok, CEC 2017) and its published MATLAB code.
//
// Where the paper is ambiguous or silent, the choice made, what the paper
// says and where the code makes it are in docs/hecode-choices.md; a short
// comment marks each of those places below.

import (
	"errors"
	"fmt"
	"math"

	"pcaplay/core/de"
	"pcaplay/core/internal/fmath"
	"pcaplay/core/pca"
	"pcaplay/core/problem"
	"pcaplay/core/rng"
)

// W1Reading selects the formula of the weight w_1i,t (line 7).
//
// The default is W1Alt, not the printed formula: a user who selects
// "HECO-PDE" expects the algorithm that produced the paper's numbers, and
// only the W1Alt reading reproduces them (docs/results/10D.md: with W1Alt
// HECO-PDE's SR is within ±8 points of the paper's 10D table on 26 of 28
// problems and its median within 1 % on 23; with W1Literal 25 and 21, and
// C15 and C24 collapse before ẽ gets any weight). The printed formula stays
// available as the setting w1=literal.
type W1Reading int

const (
	// W1Literal is the formula as printed: w1 = (t/T_max)^(20·i). With the
	// exponent 20·i, w1 is negligible for every i > 1 until t is close to
	// T_max (e.g. i = 2, t/T = 0.9: 0.9^40 ≈ 0.015).
	W1Literal W1Reading = iota
	// W1Alt reads the exponent as 20·i/λ, the form of the exponents 5·i/λ of
	// w2 and w3 printed next to it: w1 = (t/T_max)^(20·i/λ). Then every
	// sub-problem weights ẽ increasingly in the last part of the run
	// (i = λ: (t/T)^20; i = 1: (t/T)^(20/λ)). This reading reproduces the
	// paper's HECO-PDE 10D table (SR within ±8 points on 26 of 28
	// problems, medians within 1 % on 23; the literal reading: 25 and 21);
	// see docs/results/10D.md.
	W1Alt
)

// W1Names are the names of the W1 readings, indexed by W1Reading.
var W1Names = []string{"literal", "alt"}

// FStarReading selects the definition of f*(P) in ẽ(x) = |f(x) − f*(P)|
// (§4.2, the definition of the equivalent objective). The sentence says "f*(P) denotes the best
// individual's fitness in population P"; the formula printed under it agrees
// when P has feasible members (min f over them) but gives min v(x) — a
// violation, not a fitness — when none is feasible.
type FStarReading int

const (
	// FStarLiteral is the printed formula: min f over the feasible members,
	// or min v over P when none is feasible.
	FStarLiteral FStarReading = iota
	// FStarBest is the sentence, and HECO-DE's own definition (Xu, He,
	// Shang): f of the best individual of P by the feasibility rule, i.e.
	// min f over the feasible members, or f of the least-violated member
	// when none is feasible.
	FStarBest
	// FStarQ is the HECO-DE author's code: f of the best member of
	// Q' = Q ∪ {y_i} by the feasibility rule, computed for each trial
	// (selection: bestIndex over QSum), so that ẽ is 0 at that member.
	FStarQ
)

// FStarNames are the names of the f*(P) readings, indexed by FStarReading.
var FStarNames = []string{"literal", "best", "q"}

// HECOBound selects the bound handling of HECO trials. HECOBoundLSHADE44
// uses LSHADE44's rules per strategy; HECOBoundAll(b) uses the rule b of
// package de for every trial.
type HECOBound int

// HECOBoundLSHADE44 is LSHADE44's bound handling (its published MATLAB code):
// the midpoint between the bound and the target x_i for current-to-pbest
// trials (zrcad_shade, de.Midpoint) and reflection for randrl trials (zrcad,
// de.Reflect; zrcad reflects repeatedly, de.Reflect once and then clamps,
// which differs only for a mutant more than one box width outside). A
// PCA-projected trial is repaired with the midpoint rule towards x_i: a
// projection is a recombination of Q's members, and the midpoint keeps it
// between its parent and the bound. The mutant is repaired before crossover;
// LSHADE44 repairs the trial after it, which gives the same trial because
// the coordinates taken from x_i are inside the box.
const HECOBoundLSHADE44 HECOBound = 0

// HECOBoundAll returns the HECOBound that applies b to every trial.
func HECOBoundAll(b de.BoundHandling) HECOBound { return HECOBound(b) + 1 }

// hecoBoundNames are the choices of the "bound" parameter.
func hecoBoundNames() []string {
	return append(append([]string{"lshade44"}, de.BoundNames...), "halfway")
}

// HECOSettings are the parameters of HECO-DE and HECO-PDE (§5.2; LSHADE44
// for the ones the paper leaves to it). The zero value is not usable; start
// from DefaultHECO or DefaultHECOPDE.
type HECOSettings struct {
	// Lambda is λ, the size of the subpopulation Q and the number of
	// sub-problems f_i (paper 12). At least 4: randrl/1 needs three donors
	// distinct from x_i.
	Lambda int
	// N0 is n_0 > 0 of the strategy competition, eq. (29) (paper 2).
	N0 float64
	// Delta is δ: all success counts n_k are reset when some q_k < δ
	// (paper 1/20).
	Delta float64
	// H is the size of each strategy's circle memories M_F, M_CR (paper 5).
	H int
	// Mu0Factor gives μ_0 = round(Mu0Factor·D) (paper 12·D).
	Mu0Factor float64
	// MuFinal is μ_Tmax, the final population size (paper λ). At least λ.
	MuFinal int
	// P is p of current-to-pbest/1: x_pbest is drawn from the top
	// max(1, round(p·|P|)) of P by the feasibility rule. The paper only says
	// p ∈ (0, 1]; the default 0.11 is LSHADE44's.
	P float64
	// ArchiveRate gives |A|_max = round(ArchiveRate·μ_t) (line 34:
	// 4·μ_t).
	ArchiveRate float64
	// PCA switches PCA-projection on (HECO-PDE) or off (HECO-DE).
	PCA bool
	// PCAProb is the probability of line 12 (paper 0.1).
	PCAProb float64
	// PCAM is m, the number of principal components kept (paper 5).
	PCAM int
	// PCAK is k, the number of best members of Q the PCA is computed on
	// (default λ: line 13 "perform PCA-projection on set Q").
	PCAK int
	// PCAStream is the source of the coin of line 12 (see PCAStream).
	PCAStream PCAStream
	// PCARank orders Q for the k best of line 13 (see HECOPCARank).
	PCARank HECOPCARank
	// PCABound is the bound handling of a PCA child: 0 as the trials
	// (HECOSettings.Bound), else de.BoundHandling(PCABound − 1).
	PCABound int
	// PCAFrom and PCATo are the part of the run, as fractions of MaxFES,
	// in which line 12 applies (default 0 and 1: the whole run).
	PCAFrom, PCATo float64
	// W1 selects the formula of w1 (line 7), see W1Reading.
	W1 W1Reading
	// FStar selects the definition of f*(P), see FStarReading.
	FStar FStarReading
	// Bound is the bound handling, see HECOBound.
	Bound HECOBound
	// F0 and CR0 initialise every memory slot (LSHADE44: 0.5).
	F0, CR0 float64
	// CRStd is the standard deviation of CR ~ N(M_CR, CRStd). LSHADE44's code
	// uses √0.1 ≈ 0.316 (it reads L-SHADE's N(M, 0.1) as variance 0.1);
	// L-SHADE and the HECO-DE Python port use 0.1. The paper defers to
	// LSHADE44 (§4.2, line 28), so the default is √0.1.
	CRStd float64

	// CRTerminal enables L-SHADE's terminal value ⊥ of M_CR, which
	// LSHADE44's code has: a slot becomes ⊥ (CR = 0 for ever) when it was ⊥
	// or when every successful CR of the generation was 0. Off by default:
	// HECO's sets S_CR hold only the few successes of one generation of λ
	// trials split over 4 strategies, so "max S_CR = 0" happens whenever the
	// one success had CR = 0, and a success drawn from a ⊥ slot makes the
	// next slot ⊥. The rule is absorbing: on the test problem all 20 slots
	// were ⊥ within 1000 generations, leaving CR = 0 for the rest of the run.
	CRTerminal bool

	// The readings of the HECO-DE author's code (heco_gecco.go), each
	// with the paper's and LSHADE44's reading as its default.
	Donors      HECODonors
	PBestRank   HECOPBestRank
	RandMut     HECORandMut
	CRTake      HECOCRTake
	Select      HECOSelect
	KeepBest    bool
	CRDraw      HECOCRDraw
	DeltaTest   HECODeltaTest
	ArchiveTrim HECOArchiveTrim
	FESCount    HECOFESCount

	name string // registered algorithm, "heco-de" or "heco-pde"
	dim  int    // dimension the defaults were made for
}

// DefaultHECO returns HECO-DE's settings for dimension dim (§5.2: λ = 12,
// n0 = 2, δ = 1/20, H = 5, μ0 = 12·D, μ_Tmax = λ). PCAM is min(5, D−1): with
// m ≥ D the projection would be the identity (as for PMODE).
func DefaultHECO(dim int) *HECOSettings {
	return &HECOSettings{
		Lambda: 12, N0: 2, Delta: 1.0 / 20, H: 5, Mu0Factor: 12, MuFinal: 12,
		P: 0.11, ArchiveRate: 4,
		PCA: false, PCAProb: 0.1, PCAM: max(1, min(5, dim-1)), PCAK: 12, PCATo: 1,
		W1: W1Alt, Bound: HECOBoundLSHADE44,
		F0: 0.5, CR0: 0.5, CRStd: math.Sqrt(0.1),
		name: "heco-de", dim: dim,
	}
}

// DefaultHECOPDE returns HECO-PDE's settings: HECO-DE's with PCA-projection
// on (§4.2, §5.2: "the setting is chosen as the same as that used in
// HECO-DE").
func DefaultHECOPDE(dim int) *HECOSettings {
	s := DefaultHECO(dim)
	s.PCA, s.name = true, "heco-pde"
	return s
}

func init() {
	Register(Algorithm{Name: "heco-de", Title: "HECO-DE (helper and equivalent objectives)",
		Help:     "λ weighted sub-problems of (ẽ, v, f) solved with LSHADE44's four competing DE strategies",
		Defaults: func(d int) Settings { return DefaultHECO(d) }})
	Register(Algorithm{Name: "heco-pde", Title: "HECO-PDE = HECO-DE + PCA-projection",
		Help:     "HECO-DE whose trials come from PCA-projection of Q with probability 0.1 (§4.2)",
		Defaults: func(d int) Settings { return DefaultHECOPDE(d) }})
}

// Algorithm returns the registered name, "heco-de" or "heco-pde". A
// HECOSettings built by hand (no name) is "heco-pde" when PCA is on.
func (s *HECOSettings) Algorithm() string {
	switch {
	case s.name != "":
		return s.name
	case s.PCA:
		return "heco-pde"
	}
	return "heco-de"
}

// Params lists the settable parameters with the defaults of the registered
// algorithm.
func (s *HECOSettings) Params() []Param {
	d := DefaultHECO(s.dim)
	if s.Algorithm() == "heco-pde" {
		d = DefaultHECOPDE(s.dim)
	}
	bn := hecoBoundNames()
	ps := []Param{
		presetParam(s),
		intParam("lambda", "λ: size of Q and number of sub-problems f_i", &s.Lambda, d.Lambda, 4, 1000),
		floatParam("n0", "n0 > 0: prior success count of each strategy (eq. (29))", &s.N0, d.N0, 0.01, 1000),
		floatParam("delta", "δ: reset the success counts when some q_k < δ", &s.Delta, d.Delta, 0, 0.25),
		intParam("h", "H: size of each strategy's circle memories M_F, M_CR", &s.H, d.H, 1, 1000),
		floatParam("mu0", "initial population μ0 = round(mu0·D)", &s.Mu0Factor, d.Mu0Factor, 0.1, 1000),
		intParam("mufinal", "final population μ_Tmax (at least λ)", &s.MuFinal, d.MuFinal, 4, 100000),
		floatParam("p", "pbest fraction of current-to-pbest/1 (LSHADE44: 0.11)", &s.P, d.P, 0.001, 1),
		floatParam("archive", "archive size |A| ≤ round(archive·μ_t)", &s.ArchiveRate, d.ArchiveRate, 0, 100),
		boolParam("pca", "use PCA-projection (on: HECO-PDE, off: HECO-DE)", &s.PCA, d.PCA),
		floatParam("pcaprob", "probability that a trial comes from PCA-projection of Q", &s.PCAProb, d.PCAProb, 0, 1),
		intParam("pcam", "principal components m kept by PCA-projection (m < D, else no change)", &s.PCAM, d.PCAM, 1, 10000),
		intParam("pcak", "best points k of Q used to compute the principal components (≤ λ)", &s.PCAK, d.PCAK, 2, 1000),
		pcaStreamParam(&s.PCAStream, d.PCAStream),
	}
	ps = append(ps, hecoReadingParams(s, d)...)
	ps = append(ps, hecoAuthorParams(s, d)...)
	return append(ps,
		Param{Key: "w1", Help: "weight w1 of ẽ: alt (t/T)^(20·i/λ) reproduces the paper's results; literal (t/T)^(20·i) is the formula as printed",
			Default: float64(d.W1), Min: 0, Max: float64(len(W1Names) - 1), Kind: Choice, Choices: W1Names,
			Get: func() float64 { return float64(s.W1) }, Set: func(x float64) { s.W1 = W1Reading(x) }},
		Param{Key: "fstar", Help: "f*(P) in ẽ = |f − f*(P)|: when P has no feasible member literal min v as printed, or best: f of the least-violated member; q: f of the best of Q ∪ {y_i} (the author's code)",
			Default: float64(d.FStar), Min: 0, Max: float64(len(FStarNames) - 1), Kind: Choice, Choices: FStarNames,
			Get: func() float64 { return float64(s.FStar) }, Set: func(x float64) { s.FStar = FStarReading(x) }},
		Param{Key: "bound", Help: "bound handling: lshade44 (midpoint for pbest, reflect for randrl), one rule for all, or halfway ((bound + v)/2, may stay outside: the author's code)",
			Default: float64(d.Bound), Min: 0, Max: float64(len(bn) - 1), Kind: Choice, Choices: bn,
			Get: func() float64 { return float64(s.Bound) }, Set: func(x float64) { s.Bound = HECOBound(x) }},
		floatParam("f0", "initial value of every M_F slot", &s.F0, d.F0, 0.01, 1),
		floatParam("cr0", "initial value of every M_CR slot", &s.CR0, d.CR0, 0, 1),
		boolParam("crterminal", "L-SHADE's terminal M_CR value (CR = 0 for ever once all successful CR are 0)", &s.CRTerminal, d.CRTerminal),
		floatParam("crstd", "standard deviation of CR ~ N(M_CR, crstd) (LSHADE44 code: √0.1)", &s.CRStd, d.CRStd, 0, 1),
	)
}

// mu0 returns μ_0 = round(Mu0Factor·D).
func (s *HECOSettings) mu0(dim int) int { return int(math.Round(s.Mu0Factor * float64(dim))) }

// Validate checks the ranges, then the relations between the settings. The
// PCA settings are checked against λ and D only when PCA is on.
func (s *HECOSettings) Validate(p problem.Problem) error {
	if err := CheckParams(s); err != nil {
		return err
	}
	if p == nil {
		return errors.New("heco: nil problem")
	}
	d := p.Dim()
	if d < 1 {
		return fmt.Errorf("heco: problem %s has dimension %d", p.Name(), d)
	}
	if s.MuFinal < s.Lambda {
		return fmt.Errorf("mufinal = %d: the final population must hold Q, at least lambda = %d", s.MuFinal, s.Lambda)
	}
	if m := s.mu0(d); m < s.MuFinal {
		return fmt.Errorf("mu0 = %v: μ0 = round(mu0·D) = %d must be at least mufinal = %d", s.Mu0Factor, m, s.MuFinal)
	}
	if s.PCA {
		if s.PCAK > s.Lambda {
			return fmt.Errorf("pcak = %d: PCA selects its points from Q, at most lambda = %d", s.PCAK, s.Lambda)
		}
		if s.PCAM > d {
			return fmt.Errorf("pcam = %d: at most D = %d components exist", s.PCAM, d)
		}
		if s.PCAFrom >= s.PCATo {
			return fmt.Errorf("pcafrom = %v: must be below pcato = %v", s.PCAFrom, s.PCATo)
		}
	}
	return nil
}

// New returns a fresh HECO Method.
func (s *HECOSettings) New(p problem.Problem) (Method, error) {
	if err := s.Validate(p); err != nil {
		return nil, err
	}
	return &heco{s: *s}, nil
}

// The four strategies of LSHADE44 (§4.2, "four search strategies"): the
// mutation current-to-pbest/1 (eq. (30)) or randrl/1 (eq.
// (32)), each with binomial (eq. (33)) or exponential (eq.
// (34)) crossover.
const (
	hecoPBestBin = iota
	hecoPBestExp
	hecoRandRLBin
	hecoRandRLExp
	hecoStrategies // K = 4
)

// hecoNoStrategy marks a PCA-projected trial, hecoNoTrial a member of Q
// that got no trial because the budget ran out.
const (
	hecoNoStrategy = -1
	hecoNoTrial    = -2
)

// heco is the HECO-DE / HECO-PDE Method.
type heco struct {
	s       HECOSettings
	coin    *rng.PCG  // the PCA coin's own stream (PCAStreamOwn), else nil
	qfi     []float64 // f_i(x_i) of Q's members (pcarank=fi)
	n       int       // dimension D
	lo, hi  []float64
	mu0     int
	initFES int // evaluations of the initial population (fescount=trials)

	pop     population // P
	archive []float64  // A, row-major
	gen     int

	// strategy competition: n_k (successes since the last reset) and the
	// circle memories M_F, M_CR with their pointers, one set per strategy.
	succ       [hecoStrategies]float64
	mf, mcr    [hecoStrategies][]float64
	pos        [hecoStrategies]int
	sF, sCR    [hecoStrategies][]float64 // S_F, S_CR
	sDelta     [hecoStrategies][]float64 // improvement Δ of each success
	resets     int                       // δ-resets so far (diagnostics, tests)
	w1, w2, w3 []float64                 // weights of the λ sub-problems

	// per-generation state
	tau       float64    // t/T_max at the start of the generation
	fstar     float64    // f*(P) (fstar=literal, best)
	pBestF    float64    // f and v of P's best at the start (keepbest)
	pBestV    float64    //
	qFeasible bool       // Q had a feasible member at the start (pbestrank=f)
	q         []int      // Q as indices into P
	qpop      population // Q's points, f and v (rows of qx, qf, qv)
	qx        []float64  // Q's points, row-major (input of PCA-projection)
	qf, qv    []float64
	qe        []float64 // ẽ of Q's members
	qr        qRange    // ranges of ẽ, f, v over Q
	ranked    []int     // the donor pool sorted for x_pbest (pbestDonors)
	rankHeap  []rankKey // rankTop's heap
	trials    []float64 // y_i, row-major
	tf, tv    []float64
	accepted  []bool // f_i(y_i) < f_i(x_i): a success (line 24)
	replaced  []bool // y_i took x_i's place (accepted, unless keepbest kept x_i)
	strat     []int  // strategy of each trial: 0..3, hecoNoStrategy or hecoNoTrial
	mutant    []float64
	us        []float64 // crossover draws of the fused trials (de.Rand1Bin …)
	pick      [3]int
	fcr       [2]float64      // F and CR of the trial being made
	proj      *pca.Projection // PCA-projection of this generation, or nil
	projTried bool
	projector pca.Projector
	aMax      int    // archive size of atrim=trial
	del       []int  // shrink: members to delete
	gone      []bool // shrink: deleted or not
	adapt     Adaptation

	pcaTrials []PCATrial // the PCA trials of this generation (Snapshot.PCATrials)
}

// qRange holds the least and greatest ẽ, f and v over Q.
type qRange struct{ eLo, eHi, fLo, fHi, vLo, vHi float64 }

// Init runs lines 1 … 5.
func (h *heco) Init(c *Context) error {
	// Line 1: sizes μ_0, μ_Tmax; memories M_F = F0 and
	// M_CR = CR0 of size H per strategy; q_k = 1/4 (all n_k = 0); A = ∅.
	h.n = c.Problem.Dim()
	h.lo, h.hi = c.Problem.Bounds()
	h.mu0 = h.s.mu0(h.n)
	lam := h.s.Lambda
	for k := range hecoStrategies {
		h.mf[k] = make([]float64, h.s.H)
		h.mcr[k] = make([]float64, h.s.H)
		for j := range h.s.H {
			h.mf[k][j], h.mcr[k][j] = h.s.F0, h.s.CR0
		}
	}
	h.w1, h.w2, h.w3 = make([]float64, lam), make([]float64, lam), make([]float64, lam)
	h.q = make([]int, lam)
	h.qx = make([]float64, lam*h.n)
	h.qf, h.qv, h.qe = make([]float64, lam), make([]float64, lam), make([]float64, lam)
	h.qpop = population{n: h.n, x: h.qx, f: h.qf, v: h.qv}
	h.trials = make([]float64, lam*h.n)
	h.tf, h.tv = make([]float64, lam), make([]float64, lam)
	h.accepted, h.replaced = make([]bool, lam), make([]bool, lam)
	h.strat = make([]int, lam)
	h.mutant = make([]float64, h.n)
	h.us = make([]float64, h.n)
	// Line 2: t = 0.
	h.gen = 0
	// Lines 3 … 5: μ_0 uniform points,
	// evaluated (fewer if the budget is smaller than μ_0).
	h.pop = initUniform(c, h.mu0)
	h.initFES = c.FES()
	h.publish(c)
	return nil
}

// Iterate runs one pass of the loop of lines 6 … 39.
func (h *heco) Iterate(c *Context) error {
	if c.Remaining() <= 0 {
		return nil // line 6: FES = FES_max, nothing left to do
	}
	if mu := h.pop.size(); mu < h.s.Lambda || mu < 4 {
		return fmt.Errorf("heco: population of %d cannot hold Q of lambda = %d", mu, h.s.Lambda)
	}
	h.startGeneration(c)
	// Line 11: for x_i in Q, i = 1..λ.
	coin := pcaCoin(c, h.s.PCAStream, &h.coin)
	pcaOn := h.s.PCA && h.s.pcaWindow(h.tau)
	for i := range h.s.Lambda {
		// Line 6 (FES ≤ FES_max): the last generation
		// evaluates only what the budget has left; the rest of Q stays
		// as it is.
		if c.Remaining() == 0 {
			break
		}
		if err := h.makeTrial(c, i, pcaOn && coin.Float64() < h.s.PCAProb); err != nil {
			return err
		}
		h.selectTrial(c, i)
	} // Line 27
	h.endGeneration(c)
	return nil
}

// startGeneration runs lines 7 … 10 and clears the generation's state.
func (h *heco) startGeneration(c *Context) {
	r, n := c.RNG, h.n
	// Line 7: adjust the weights, t/T_max at the start of the generation
	// (FES/MaxFES, or see fescount).
	h.tau = h.schedule(c)
	hecoWeightsAll(h.s.W1, h.tau, h.w1, h.w2, h.w3)
	// Line 8: S_F = S_CR = ∅ for each strategy.
	for k := range hecoStrategies {
		h.sF[k], h.sCR[k], h.sDelta[k] = h.sF[k][:0], h.sCR[k][:0], h.sDelta[k][:0]
	}
	// Line 9: C = ∅ (C is the set of accepted trials).
	clear(h.accepted)
	clear(h.replaced)
	for i := range h.strat {
		h.strat[i] = hecoNoTrial
	}
	h.proj, h.projTried = nil, false
	h.pcaTrials = h.pcaTrials[:0]
	h.ranked = h.ranked[:0]
	if h.s.KeepBest {
		b := h.pop.best()
		h.pBestF, h.pBestV = h.pop.f[b], h.pop.v[b]
	}
	h.aMax = int(math.Round(h.s.ArchiveRate * float64(h.pop.size())))

	// Line 10: Q = λ members of P drawn without replacement;
	// P' = P \ Q is the rest of the population.
	de.Pick(r, h.q, h.pop.size())
	// ẽ needs f*(P), computed once over P at the start of the generation
	// (the definition under eq. (25); when P has no feasible member, as
	// FStarReading says; fstar=q computes it for each trial instead).
	h.fstar = hecoFStar(h.s.FStar, h.pop.f, h.pop.v)
	h.qFeasible = false
	for i, qi := range h.q {
		copy(h.qx[i*n:(i+1)*n], h.pop.row(qi))
		h.qf[i], h.qv[i] = h.pop.f[qi], h.pop.v[qi]
		h.qe[i] = hecoE(h.qf[i], h.fstar)
		h.qFeasible = h.qFeasible || h.qv[i] == 0
	}
	h.qr = h.qRange()
}

// qRange returns the ranges of ẽ, f and v over Q.
func (h *heco) qRange() qRange {
	var q qRange
	q.eLo, q.eHi = minMax(h.qe)
	q.fLo, q.fHi = minMax(h.qf)
	q.vLo, q.vHi = minMax(h.qv)
	return q
}

// makeTrial writes the trial y_i of Q's member i into h.trials, evaluates
// it (lines 12 … 19) and records its strategy; pcaTrial is the coin of
// line 12.
func (h *heco) makeTrial(c *Context, i int, pcaTrial bool) error {
	r, n := c.RNG, h.n
	pool, ti := h.pool(i)
	x := pool.row(ti)
	y := h.trials[i*n : (i+1)*n]
	k := hecoNoStrategy
	var F, CR float64
	// Line 12: with probability PCAProb (HECO-PDE only; HECO-DE has no
	// such line and draws no random number here).
	if pcaTrial {
		// Line 13: PCA-projection on Q, λ projected individuals
		// x'_1..x'_λ, computed once per generation the first time it is
		// needed (on Q as it is then).
		if !h.projTried {
			h.projTried = true
			if err := h.project(c); err != nil {
				return err
			}
		}
		pcaTrial = h.proj != nil
		if pcaTrial {
			// Line 14: y_i = x'_i, repaired into the box (see
			// HECOBoundLSHADE44).
			copy(y, h.proj.Points[i*n:(i+1)*n])
			h.repairPCAChild(y, x)
		}
	}
	if !pcaTrial {
		// Line 16: strategy k with probability q_k, F and CR
		// from strategy k's circle memories.
		k = h.chooseStrategy(r)
		F, CR = h.sampleFCR(r, k)
		// Line 17: mutation, bound repair, crossover.
		h.trial(r, k, pool, ti, F, CR, y)
		h.fcr[0], h.fcr[1] = F, CR
	}
	h.strat[i] = k
	// Evaluate f(y_i) and v(y_i).
	h.tf[i], h.tv[i] = c.Evaluate(y)
	return nil
}

// selectTrial runs lines 20 … 26 for trial i: y_i against x_i on the
// sub-problem f_i over Q' = Q ∪ {y_i}.
func (h *heco) selectTrial(c *Context, i int) {
	n := h.n
	fy, vy := h.tf[i], h.tv[i]
	x := h.qx[i*n : (i+1)*n]
	// Line 20: Q' = Q ∪ {y_i}, with Q as it was at the start of the
	// generation (select=sync, as LSHADE44) or with the earlier accepted
	// trials in it (select=seq).
	fstar, qr := h.fstar, h.qr
	// the best of Q' (fstar=q and keepbest only: the default reads neither,
	// and this runs once per trial)
	var bestF, bestV float64
	if h.s.FStar == FStarQ || h.s.KeepBest {
		bestF, bestV = h.q1Best(fy, vy)
	}
	if h.s.FStar == FStarQ {
		// ẽ from the best of Q' (the author's code).
		fstar = bestF
		for m := range h.qe {
			h.qe[m] = hecoE(h.qf[m], fstar)
		}
		qr = h.qRange()
	} else if h.s.Select == SelectSeq {
		qr = h.qRange()
	}
	ey := hecoE(fy, fstar)
	// Line 21: min-max normalisation of ẽ, f, v over Q'.
	// (fmath.Min and Max are the built-ins, inlined also in WebAssembly)
	el, eh := fmath.Min(qr.eLo, ey), fmath.Max(qr.eHi, ey)
	fl, fh := fmath.Min(qr.fLo, fy), fmath.Max(qr.fHi, fy)
	vl, vh := fmath.Min(qr.vLo, vy), fmath.Max(qr.vHi, vy)
	// Line 22: f_i = w1i·ẽ + w2i·v + w3i·f (eq. (26)).
	fiY := h.subproblem(i, hecoNorm(ey, el, eh), hecoNorm(vy, vl, vh), hecoNorm(fy, fl, fh))
	fiX := h.subproblem(i, hecoNorm(h.qe[i], el, eh), hecoNorm(h.qv[i], vl, vh), hecoNorm(h.qf[i], fl, fh))
	// Strict comparison f_i(y_i) < f_i(x_i).
	if fiY < fiX {
		// Line 24: C ← y_i ∪ C, A ← x_i ∪ A. x_i goes into A at
		// once, so later trials of this generation may draw it; A is
		// trimmed at lines 34 … 37 (or after every trial: atrim).
		h.accepted[i] = true
		h.archive = append(h.archive, x...)
		// keepbest: the best so far of P and Q' keeps its place.
		if h.s.KeepBest {
			gF, gV := h.pBestF, h.pBestV
			if betterNum(bestF, bestV, gF, gV) {
				gF, gV = bestF, bestV
			}
			h.replaced[i] = !(h.qf[i] == gF && h.qv[i] == gV)
		} else {
			h.replaced[i] = true
		}
		// Line 25: F, CR into S_F, S_CR of strategy k
		// with the improvement Δ = f_i(x_i) − f_i(y_i) (weights of the
		// memory update), n_k++. A PCA trial records no F, CR and
		// counts for no strategy.
		if k := h.strat[i]; k != hecoNoStrategy {
			h.sF[k] = append(h.sF[k], h.fcr[0])
			h.sCR[k] = append(h.sCR[k], h.fcr[1])
			h.sDelta[k] = append(h.sDelta[k], fiX-fiY)
			h.succ[k]++
		}
		if h.s.Select == SelectSeq && h.replaced[i] {
			// y_i takes x_i's place at once, in Q and in P.
			y := h.trials[i*n : (i+1)*n]
			copy(x, y)
			h.qf[i], h.qv[i] = fy, vy
			h.qe[i] = hecoE(fy, h.fstar)
			h.pop.set(h.q[i], y, fy, vy)
			h.ranked = h.ranked[:0] // the donor pool changed
		}
	}
	if h.s.ArchiveTrim == TrimTrial {
		h.trimArchive(c.RNG, h.aMax)
	}
}

// q1Best returns f and v of the best member of Q ∪ {(fy, vy)} by the
// feasibility rule (ties: the first of Q, then y).
func (h *heco) q1Best(fy, vy float64) (f, v float64) {
	f, v = h.qf[0], h.qv[0]
	for m := 1; m < len(h.qf); m++ {
		if betterNum(h.qf[m], h.qv[m], f, v) {
			f, v = h.qf[m], h.qv[m]
		}
	}
	if betterNum(fy, vy, f, v) {
		f, v = fy, vy
	}
	return f, v
}

// endGeneration runs lines 28 … 39 and publishes the generation.
func (h *heco) endGeneration(c *Context) {
	r, n, lam := c.RNG, h.n, h.s.Lambda
	// The PCA trials and their verdicts, for the snapshot.
	replaced := 0
	for i := range lam {
		if h.replaced[i] {
			replaced++
		}
		if h.strat[i] == hecoNoStrategy {
			h.pcaTrials = append(h.pcaTrials, PCATrial{Index: i, X: h.trials[i*n : (i+1)*n],
				F: h.tf[i], V: h.tv[i], Accepted: h.replaced[i]})
		}
	}
	if len(h.pcaTrials) > 0 {
		c.SetPCATrials(h.pcaTrials)
	}
	c.setAccepted(replaced)

	// Line 28: M_F, M_CR of each strategy from its S_F, S_CR.
	for k := range hecoStrategies {
		h.updateMemory(k)
	}
	// Line 29: P ← P' ∪ C, keeping the members of Q that were not
	// replaced (each accepted y_i takes its parent's place); read
	// literally, P would lose the λ − |C| members whose trial failed.
	// (select=seq has put them in place already.)
	if h.s.Select == SelectSync {
		for i, qi := range h.q {
			if h.replaced[i] {
				h.pop.set(qi, h.trials[i*n:(i+1)*n], h.tf[i], h.tv[i])
			}
		}
	}
	// Lines 30 … 33 (eq. (35)) with t/T_max after this
	// generation, so that μ reaches μ_Tmax exactly at the budget.
	muT := h.requiredSize(c)
	if muT < h.pop.size() {
		h.shrink(r, h.pop.size()-muT)
	}
	// Lines 34 … 37: |A|_max = ArchiveRate·μ_t.
	if h.s.ArchiveTrim == TrimGeneration {
		h.trimArchive(r, int(math.Round(h.s.ArchiveRate*float64(muT))))
	}
	// FES ← FES + λ is counted by the Context; t ← t + 1.
	h.gen++
	h.publish(c)
}

// hecoWeights returns the weights (w_1i,t, w_2i,t, w_3i,t) of sub-problem i
// (1-based) of λ at tau = t/T_max ∈ [0, 1] (line 7):
//
//	w1 = tau^(20·i)            (W1Literal, as printed)
//	w1 = tau^(20·i/λ)          (W1Alt)
//	w2 = (i/λ)·tau^(5·i/λ)
//	w3 = (1 − i/λ)·(1 − tau)^(5·i/λ)
//
// All weights lie in [0, 1]; tau is clamped to [0, 1]. fmath.Pow keeps the
// weights bit-identical natively and in the browser.
func hecoWeights(reading W1Reading, i, lambda int, tau float64) (w1, w2, w3 float64) {
	tau = fmath.Max(0, fmath.Min(1, tau))
	ri := float64(i) / float64(lambda)
	if reading == W1Alt {
		w1 = fmath.Pow(tau, 20*ri)
	} else {
		w1 = fmath.Pow(tau, 20*float64(i))
	}
	w2 = ri * fmath.Pow(tau, 5*ri)
	w3 = (1 - ri) * fmath.Pow(1-tau, 5*ri)
	return w1, w2, w3
}

// hecoWeightsAll writes hecoWeights(reading, i+1, λ, tau) into w1[i],
// w2[i], w3[i] for i = 0..λ−1 (λ = len(w1)), the same bits, with ln tau and
// ln(1 − tau) computed once rather than in each of the 3λ powers
// (fmath.PowLn).
func hecoWeightsAll(reading W1Reading, tau float64, w1, w2, w3 []float64) {
	lambda := len(w1)
	w2, w3 = w2[:lambda], w3[:lambda]
	tau = fmath.Max(0, fmath.Min(1, tau))
	lnT, lnT1 := math.Log(tau), math.Log(1-tau)
	for i := range w1 {
		ri := float64(i+1) / float64(lambda)
		if reading == W1Alt {
			w1[i] = fmath.PowLn(tau, lnT, 20*ri)
		} else {
			w1[i] = fmath.PowLn(tau, lnT, 20*float64(i+1))
		}
		w2[i] = ri * fmath.PowLn(tau, lnT, 5*ri)
		w3[i] = (1 - ri) * fmath.PowLn(1-tau, lnT1, 5*ri)
	}
}

// subproblem is f_i = w1i·ẽ + w2i·v + w3i·f of eq. (26) on normalised
// values. Each product is rounded on its own (no FMA) so the sum has the
// same bits on every platform.
func (h *heco) subproblem(i int, e, v, f float64) float64 {
	return float64(h.w1[i]*e) + float64(h.w2[i]*v) + float64(h.w3[i]*f)
}

// hecoNorm is the min-max normalisation (a − lo)/(hi − lo) of line
// 21. It never returns NaN: when max = min (or the range is not
// a positive number) every value maps to 0, and when the range is infinite
// a value equal to the maximum maps to 1 and any other undefined quotient
// to 0.
//
// The cases are integer selects on the bits, not branches (6 calls per
// trial; in WebAssembly a branch is a jump through the block dispatcher).
func hecoNorm(a, lo, hi float64) float64 {
	d := hi - lo
	x := (a - lo) / d
	r := math.Float64bits(x)
	undefined := uint64(b2i(a == hi)) * math.Float64bits(1) // an undefined quotient: 1 at the maximum, else 0
	if x != x {
		r = undefined
	}
	if !(d > 0) {
		r = 0
	}
	return math.Float64frombits(r)
}

// hecoFStar is f*(P) of eq. (25): the least f among the
// feasible members of P or, when P has no feasible member, the least v over
// P (FStarLiteral) or the f of the least-violated member (FStarBest).
func hecoFStar(reading FStarReading, f, v []float64) float64 {
	best, feasible := math.Inf(1), false
	for i := range f {
		if v[i] == 0 && (!feasible || f[i] < best) {
			best, feasible = f[i], true
		}
	}
	if feasible {
		return best
	}
	if reading == FStarBest {
		at := 0
		for i := range v {
			if v[i] < v[at] {
				at = i
			}
		}
		return f[at]
	}
	for _, vi := range v {
		best = fmath.Min(best, vi)
	}
	return best
}

// hecoE is ẽ(x) = |f(x) − f*(P)| (eq. (25)), 0 when both
// are the same infinity (the same level; |∞ − ∞| would be NaN).
func hecoE(f, fstar float64) float64 {
	if e := math.Abs(f - fstar); !math.IsNaN(e) {
		return e
	}
	return 0
}

// minMax returns the least and the greatest value of a non-empty slice.
func minMax(a []float64) (lo, hi float64) {
	lo, hi = a[0], a[0]
	for _, x := range a[1:] {
		lo, hi = fmath.Min(lo, x), fmath.Max(hi, x)
	}
	return lo, hi
}

// chooseStrategy draws strategy k with probability
// q_k = (n_k + n0)/Σ(n_i + n0) (eq. (29)) by roulette wheel. As in
// LSHADE44's roulete.m the δ-test comes after the draw: if the smallest q_k
// is below δ, all n_k are reset to 0 (q_k = 1/4 again); with
// deltatest=before (the author's code) it comes before the draw. The n_k grow inside
// the generation (line 25), so the test runs at every
// strategy choice, not once per generation. The paper gives δ (§5.2) but not when to test it; with counts that accumulate over the run a
// reset happens only when one strategy keeps dominating (e.g. n = (33, 0, 0,
// 0) with n0 = 2: q_min = 2/41 < 1/20).
func (h *heco) chooseStrategy(r *rng.PCG) int {
	if h.s.DeltaTest == DeltaBefore && h.deltaLow() {
		h.succ = [hecoStrategies]float64{}
		h.resets++
	}
	var q [hecoStrategies]float64
	sum := 0.0
	for k := range hecoStrategies {
		q[k] = h.succ[k] + h.s.N0
		sum += q[k]
	}
	u := r.Float64() * sum
	k := 0
	for k < hecoStrategies-1 && u >= q[k] {
		u -= q[k]
		k++
	}
	if h.s.DeltaTest == DeltaAfter && h.deltaLow() {
		h.succ = [hecoStrategies]float64{}
		h.resets++
	}
	return k
}

// deltaLow reports whether the smallest q_k of eq. (29) is below δ.
func (h *heco) deltaLow() bool {
	sum, qMin := 0.0, math.Inf(1)
	for k := range hecoStrategies {
		q := h.succ[k] + h.s.N0
		sum += q
		qMin = fmath.Min(qMin, q) // slices.Min's value: min is a runtime call in WebAssembly
	}
	return qMin/sum < h.s.Delta
}

// strategyProb returns q_k of eq. (29) for the current n_k.
func (h *heco) strategyProb() []float64 { return h.strategyProbInto(make([]float64, hecoStrategies)) }

// strategyProbInto writes q_k into q (length hecoStrategies) and returns it.
func (h *heco) strategyProbInto(q []float64) []float64 {
	sum := 0.0
	for k := range q {
		q[k] = h.succ[k] + h.s.N0
		sum += q[k]
	}
	for k := range q {
		q[k] /= sum
	}
	return q
}

// sampleFCR draws F and CR from a random slot r of strategy k's circle
// memories (LSHADE44): CR ~ N(M_CR[r], CRStd) truncated to [0, 1], or 0 when
// the slot holds the terminal value ⊥ (stored as −1); F ~ Cauchy(M_F[r], 0.1)
// resampled while F ≤ 0 and set to 1 when F > 1. The resampling stops after
// 100 draws (probability < 2^-100 when M_F > 0) with F = M_F[r].
func (h *heco) sampleFCR(r *rng.PCG, k int) (F, CR float64) {
	slot := r.IntN(h.s.H)
	if m := h.mcr[k][slot]; m < 0 {
		CR = 0
	} else {
		var z float64
		if h.s.CRDraw == CRDrawOneBM {
			z = oneUniformNormal(1 - r.Float64())
		} else {
			z = r.Rand().NormFloat64()
		}
		CR = fmath.Max(0, fmath.Min(1, m+float64(h.s.CRStd*z)))
	}
	mf := h.mf[k][slot]
	F = mf
	for range 100 {
		if f := mf + float64(0.1*math.Tan(float64(math.Pi*(r.Float64()-0.5)))); f > 0 {
			F = f
			break
		}
	}
	return fmath.Min(F, 1), CR
}

// pool returns the population the donors of trial i come from and the
// index of its target x_i in it: P and q[i], or Q and i (donors=q).
func (h *heco) pool(i int) (*population, int) {
	if h.s.Donors == DonorsQ {
		return &h.qpop, i
	}
	return &h.pop, h.q[i]
}

// trial writes into y the trial of strategy k for the target pool[ti]
// (line 17). Donors come from the pool (P by default, Q with donors=q; as
// it was at the start of the generation, or as it is with select=seq) and
// from the archive A:
//
//   - current-to-pbest/1 (eq. (30)): x_pbest uniform among the top
//     max(1, round(p·|pool|)) of the pool by the feasibility rule (or by f:
//     pbestrank), r1 ∈ pool \ {i}, r2 ∈ (pool ∪ A) \ {i, r1} (LSHADE44;
//     r1 ≠ pbest is not enforced);
//   - randrl/1 (eq. (32)): three distinct members of pool \ {i}, ordered
//     best first by the feasibility rule, v = x_r1* + F(x_r2* − x_r3*);
//     with randmut=rand1 three distinct members of the pool in the order
//     drawn.
//
// The mutant is repaired before crossover: LSHADE44 repairs the trial after
// crossover, which is the same for the coordinate-wise midpoint and
// reflection rules because the coordinates taken from x_i are inside.
func (h *heco) trial(r *rng.PCG, k int, pool *population, ti int, F, CR float64, y []float64) {
	x := pool.row(ti)
	v := h.mutant
	pbest := k == hecoPBestBin || k == hecoPBestExp
	bin := k == hecoPBestBin || k == hecoRandRLBin
	mutate := func(v []float64) {
		if pbest {
			xp, r1, r2 := h.pbestDonors(r, pool, ti)
			de.CurrentToPBest1(v, x, xp, r1, r2, F)
		} else {
			r1, r2, r3 := h.randDonors(r, pool, ti)
			de.Rand1(v, r1, r2, r3, F)
		}
	}
	if h.s.CRTake == CRTakeMutant {
		// Mutation and crossover in one pass when the mutant is inside the
		// box (de.Rand1Bin and its siblings: the same draws and numbers as
		// the steps, fewer calls and loops in WebAssembly); else the steps:
		// repair, then crossover.
		var ok bool
		switch {
		case pbest && bin:
			xp, r1, r2 := h.pbestDonors(r, pool, ti)
			ok = de.CurrentToPBest1Bin(y, v, x, xp, r1, r2, h.lo, h.hi, F, CR, r, h.us)
		case pbest:
			xp, r1, r2 := h.pbestDonors(r, pool, ti)
			ok = de.CurrentToPBest1Exp(y, v, x, xp, r1, r2, h.lo, h.hi, F, CR, r, h.us)
		case bin:
			r1, r2, r3 := h.randDonors(r, pool, ti)
			ok = de.Rand1Bin(y, v, x, r1, r2, r3, h.lo, h.hi, F, CR, r, h.us)
		default:
			r1, r2, r3 := h.randDonors(r, pool, ti)
			ok = de.Rand1Exp(y, v, x, r1, r2, r3, h.lo, h.hi, F, CR, r, h.us)
		}
		if ok {
			return
		}
	} else {
		mutate(v)
	}
	h.repair(k, v, x, mutate)
	switch {
	case h.s.CRTake == CRTakeParent && bin:
		de.BinomialKeep(y, x, v, CR, r)
	case h.s.CRTake == CRTakeParent:
		de.ExponentialKeep(y, x, v, CR, r)
	case bin:
		de.Binomial(y, x, v, CR, r)
	default:
		de.Exponential(y, x, v, CR, r)
	}
}

// pbestDonors draws the donors of current-to-pbest/1 for the target
// pool[ti] (see trial): x_pbest, x_r1 and x_r2.
func (h *heco) pbestDonors(r *rng.PCG, pool *population, ti int) (xp, r1, r2 []float64) {
	mu := pool.size()
	if len(h.ranked) == 0 {
		// pbestrank=f: by f alone, unless Q started without a feasible
		// member and t/T_max ≥ 0.4 (the author's mutation_1).
		byF := h.s.PBestRank == PBestRankF && (h.qFeasible || h.tau < 0.4)
		h.rankTop(pool, max(1, int(math.Round(h.s.P*float64(mu)))), byF)
	}
	pbest := h.ranked[r.IntN(len(h.ranked))]
	de.PickFew(r, h.pick[:1], mu, ti)
	i1 := h.pick[0]
	de.PickFew(r, h.pick[1:2], mu+len(h.archive)/h.n, ti, i1)
	return pool.row(pbest), pool.row(i1), h.donor(pool, h.pick[1])
}

// randDonors draws the donors of the rand strategies for the target
// pool[ti] (see trial): three distinct members of pool \ {ti}, best first
// (randrl/1), or of the whole pool in the order drawn (randmut=rand1).
func (h *heco) randDonors(r *rng.PCG, pool *population, ti int) (r1, r2, r3 []float64) {
	if h.s.RandMut == RandMut1 {
		de.PickFew(r, h.pick[:], pool.size())
	} else {
		de.PickFew(r, h.pick[:], pool.size(), ti)
		de.OrderRL(&h.pick, pool.f, pool.v)
	}
	return pool.row(h.pick[0]), pool.row(h.pick[1]), pool.row(h.pick[2])
}

// donor returns member j of pool ∪ A: pool[j] for j < |pool|, else
// A[j − |pool|].
func (h *heco) donor(pool *population, j int) []float64 {
	if mu := pool.size(); j >= mu {
		j -= mu
		return h.archive[j*h.n : (j+1)*h.n]
	}
	return pool.row(j)
}

// bound returns the rule of package de that repairs a trial of strategy k
// (hecoNoStrategy for a PCA trial), see HECOBound; HECOBoundHalfway is
// not one of them (repair applies it).
func (h *heco) bound(k int) de.BoundHandling {
	if h.s.Bound != HECOBoundLSHADE44 {
		return de.BoundHandling(h.s.Bound - 1)
	}
	if k == hecoRandRLBin || k == hecoRandRLExp {
		return de.Reflect
	}
	return de.Midpoint
}

// repair brings the mutant v of strategy k back by the bound handling
// (HECOBound): halfway, or a rule of package de with x the target.
func (h *heco) repair(k int, v, x []float64, mutate func([]float64)) {
	if h.s.Bound == HECOBoundHalfway {
		de.Halfway(v, h.lo, h.hi)
		return
	}
	h.bound(k).Repair(v, x, h.lo, h.hi, mutate)
}

// rankTop fills h.ranked with the indices of the top np members of the
// pool by the feasibility rule (byF: by f alone), best first; ties by f
// and then by index (LSHADE44 ranks lexicographically by violation, then
// f). That order is total, so the top np and their order are unique; a
// bounded max-heap of rank keys (rankKey) finds them with
// O(|pool| + np·log np) integer comparisons in the usual case (np is 11 %
// of |P|), and a heap sort orders them.
func (h *heco) rankTop(pool *population, np int, byF bool) {
	f, v := pool.f, pool.v
	mu := pool.size()
	np = min(np, mu)
	// vmask zeroes the violation's key when ranking by f alone (an
	// integer select, no branch per member).
	vmask := ^uint64(0)
	if byF {
		vmask = 0
	}
	hp := h.rankHeap[:0]
	for i := range np {
		// push member i and sift it up
		hp = append(hp, rankKey{v: orderedBits(v[i]) & vmask, f: orderedBits(f[i]), i: i})
		for j := len(hp) - 1; j > 0; {
			p := (j - 1) / 2
			if !hp[p].before(hp[j]) {
				break
			}
			hp[p], hp[j] = hp[j], hp[p]
			j = p
		}
	}
	// The others replace the worst of the heap, hp[0], when they rank
	// before it. Their index is larger than every index in the heap, so
	// that is (v, f) less, ties lose: one test per member, as 0/1
	// arithmetic (b2i; in WebAssembly each && and || would be a jump).
	v, f = v[:mu], f[:mu]
	for i := np; i < mu; i++ {
		kv, kf := orderedBits(v[i])&vmask, orderedBits(f[i])
		if b2i(kv < hp[0].v)|b2i(kv == hp[0].v)&b2i(kf < hp[0].f) != 0 {
			hp[0] = rankKey{v: kv, f: kf, i: i}
			siftDown(hp, 0)
		}
	}
	// heap sort: the worst to the end, repeatedly
	for end := len(hp) - 1; end > 0; end-- {
		hp[0], hp[end] = hp[end], hp[0]
		siftDown(hp[:end], 0)
	}
	h.rankHeap = hp
	h.ranked = h.ranked[:0]
	for _, k := range hp {
		h.ranked = append(h.ranked, k.i)
	}
}

// rankKey orders members of P as rankTop does: by v, then f, then index,
// the floats as orderedBits. For numbers this is the feasibility rule
// (problem.Better: a feasible v = 0 first, feasible points by f,
// infeasible ones by v, equal v by f) followed by the index; a population
// holds no NaN (Context.Evaluate turns a NaN f or v into +Inf).
type rankKey struct {
	v, f uint64
	i    int
}

func (a rankKey) before(b rankKey) bool {
	switch {
	case a.v != b.v:
		return a.v < b.v
	case a.f != b.f:
		return a.f < b.f
	}
	return a.i < b.i
}

// orderedBits maps x to an integer with the order of the numbers: a < b
// iff orderedBits(a) < orderedBits(b), −0 and +0 the same; NaN above +Inf.
func orderedBits(x float64) uint64 {
	// (integer selects, no branches)
	b := math.Float64bits(x)
	r := b | 1<<63
	if b>>63 != 0 {
		r = ^b
	}
	if x == 0 {
		r = 1 << 63 // −0 and +0
	}
	if x != x {
		r = math.MaxUint64
	}
	return r
}

// siftDown restores the max-heap (by rankKey.before) of hp below position j.
func siftDown(hp []rankKey, j int) {
	for {
		c := 2*j + 1
		if c >= len(hp) {
			return
		}
		if c+1 < len(hp) && hp[c].before(hp[c+1]) {
			c++
		}
		if !hp[j].before(hp[c]) {
			return
		}
		hp[j], hp[c] = hp[c], hp[j]
		j = c
	}
}

// project runs PCA-projection on Q (line 13) and records it in the
// snapshot. When the selected points have zero variance no principal
// direction exists (§3.3: the projected points would be the points
// themselves, wasting an evaluation on a copy of the parent); h.proj stays
// nil and such trials fall back to mutation and crossover, as in PMODE.
func (h *heco) project(c *Context) error {
	proj, err := h.projector.Project(h.qx, h.n, h.pcaLess(), min(h.s.PCAK, h.s.Lambda), min(h.s.PCAM, h.n))
	switch {
	case errors.Is(err, pca.ErrZeroVariance):
		return nil
	case err != nil:
		return fmt.Errorf("heco generation %d: PCA-projection: %w", h.gen+1, err)
	case proj == nil || len(proj.Points) != len(h.qx):
		return fmt.Errorf("heco generation %d: PCA-projection returned no points", h.gen+1)
	}
	h.proj = proj
	c.SetPCA(proj)
	return nil
}

// updateMemory updates strategy k's circle memories from its successes of
// this generation (line 28, LSHADE44): with weights
// w_m = Δ_m/ΣΔ (equal weights when ΣΔ is 0 or not finite),
// M_F[pos] = Σ w F² / Σ w F (weighted Lehmer mean) and M_CR[pos] = Σ w CR
// (weighted arithmetic mean). With CRTerminal, M_CR[pos] becomes the
// terminal value ⊥ (−1) when the slot already holds ⊥ or max S_CR = 0. The
// pointer advances only on success; a strategy without success keeps its
// memories.
func (h *heco) updateMemory(k int) {
	sf, scr, sd := h.sF[k], h.sCR[k], h.sDelta[k]
	if len(sf) == 0 {
		return
	}
	sum := 0.0
	for _, d := range sd {
		sum += d
	}
	equal := !(sum > 0) || math.IsInf(sum, 0)
	var num, den, cr, crMax float64
	for m := range sf {
		w := 1 / float64(len(sf))
		if !equal {
			w = sd[m] / sum
		}
		num += float64(float64(w*sf[m]) * sf[m])
		den += float64(w * sf[m])
		cr += float64(w * scr[m])
		crMax = fmath.Max(crMax, scr[m])
	}
	p := h.pos[k]
	if den > 0 {
		h.mf[k][p] = num / den
	}
	if h.s.CRTerminal && (h.mcr[k][p] < 0 || crMax == 0) {
		h.mcr[k][p] = -1
	} else {
		h.mcr[k][p] = cr
	}
	h.pos[k] = (p + 1) % h.s.H
}

// requiredSize is μ_t of eq. (35) with t/T_max = FES/MaxFES (or see
// fescount).
func (h *heco) requiredSize(c *Context) int {
	tau := fmath.Min(1, h.schedule(c))
	return int(math.Round(float64(h.mu0) - float64(tau*float64(h.mu0-h.s.MuFinal))))
}

// shrink removes m members of P chosen uniformly at random among all but
// the best by the feasibility rule (§4.2: "|P| − μ_t non-best individuals
// are removed from P at random"). The order of the others is kept.
func (h *heco) shrink(r *rng.PCG, m int) {
	mu := h.pop.size()
	best := 0
	for i := 1; i < mu; i++ {
		if h.pop.better(i, best) {
			best = i
		}
	}
	h.del = append(h.del[:0], make([]int, m)...)
	de.Pick(r, h.del, mu, best)
	h.gone = append(h.gone[:0], make([]bool, mu)...)
	gone := h.gone
	for _, i := range h.del {
		gone[i] = true
	}
	j := 0
	for i := range mu {
		if gone[i] {
			continue
		}
		if i != j {
			h.pop.set(j, h.pop.row(i), h.pop.f[i], h.pop.v[i])
		}
		j++
	}
	h.pop.x, h.pop.f, h.pop.v = h.pop.x[:j*h.n], h.pop.f[:j], h.pop.v[:j]
}

// trimArchive deletes uniformly chosen members of A until |A| ≤ maxSize
// (lines 34 … 37). A deleted row is overwritten by
// the last one; the order of A carries no meaning.
func (h *heco) trimArchive(r *rng.PCG, maxSize int) {
	n := h.n
	for na := len(h.archive) / n; na > max(maxSize, 0); na-- {
		j := r.IntN(na)
		copy(h.archive[j*n:(j+1)*n], h.archive[(na-1)*n:na*n])
		h.archive = h.archive[:(na-1)*n]
	}
}

// publish fills the snapshot: the population and the adaptive state (q_k,
// and the mean of each strategy's M_F and M_CR, ⊥ counted as CR = 0).
func (h *heco) publish(c *Context) {
	h.pop.publish(c)
	// The Adaptation and its slices are reused: a snapshot is valid until
	// the next Step.
	a := &h.adapt
	if a.StrategyProb == nil {
		a.StrategyProb = make([]float64, hecoStrategies)
		a.MeanF, a.MeanCR = make([]float64, hecoStrategies), make([]float64, hecoStrategies)
	}
	h.strategyProbInto(a.StrategyProb)
	clear(a.MeanF)
	clear(a.MeanCR)
	for k := range hecoStrategies {
		for j := range h.s.H {
			a.MeanF[k] += h.mf[k][j]
			a.MeanCR[k] += fmath.Max(0, h.mcr[k][j])
		}
		a.MeanF[k] /= float64(h.s.H)
		a.MeanCR[k] /= float64(h.s.H)
	}
	c.SetAdaptation(a)
}
