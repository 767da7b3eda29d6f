package solver

import (
	"math"

	"pcaplay/core/internal/fmath"
)

// HECO-DE as its author ran it. The HECO-DE author published the code of
// his GECCO 2019 competition entry with its results (repository
// burningxt/HECO-DE-OldVersion, commit d4af593, GECCO/GECCO_cy.pyx, class
// HEOEA), and those results are the HECO-DE column of the paper's ranks.
// That code differs from the algorithm as HECO-DE's paper and LSHADE44
// describe it (our defaults) in the places below. Each is a setting of
// heco-de and heco-pde with our reading as its default, and the preset
// gecco2019 applies them all. docs/hecode-choices.md §13 cites, for each,
// the place in the published code it follows.

// HECODonors says where a trial's donors come from.
type HECODonors int

const (
	// DonorsP: from the population P (LSHADE44; the paper's eq. (30) and
	// (32) name no set).
	DonorsP HECODonors = iota
	// DonorsQ: from the subpopulation Q of the generation, and r2 of
	// current-to-pbest/1 from Q ∪ A (mutation_1 and mutation_2).
	DonorsQ
)

// HECOPBestRank orders the donor pool for x_pbest of current-to-pbest/1.
type HECOPBestRank int

const (
	// PBestRankFeasibility: by the feasibility rule (v, then f).
	PBestRankFeasibility HECOPBestRank = iota
	// PBestRankF: by f alone, the violation ignored; by (v, f) only when Q
	// had no feasible member at the start of the generation and
	// t/T_max ≥ 0.4 (mutation_1's sort and its flag jugg).
	PBestRankF
)

// HECORandMut is the mutation of the randrl strategies.
type HECORandMut int

const (
	// RandMutRL: randrl/1 (eq. (32)), three distinct donors other than the
	// target, ordered best first by the feasibility rule.
	RandMutRL HECORandMut = iota
	// RandMut1: rand/1, three distinct donors in the order drawn, the
	// target among the candidates (mutation_2: random.sample(range(λ), 3)).
	RandMut1
)

// HECOCRTake says what CR is the probability of in the crossovers.
type HECOCRTake int

const (
	// CRTakeMutant: CR is the probability of taking the mutant's coordinate
	// (eq. (33), (34); de.Binomial, de.Exponential).
	CRTakeMutant HECOCRTake = iota
	// CRTakeParent: CR is the probability of keeping the parent's
	// (crossover_1, crossover_2; de.BinomialKeep, de.ExponentialKeep).
	CRTakeParent
)

// HECOSelect says when an accepted trial joins the population.
type HECOSelect int

const (
	// SelectSync: at line 29, after the generation; every trial of the
	// generation sees Q and P as they were at its start (LSHADE44).
	SelectSync HECOSelect = iota
	// SelectSeq: at once, so that later trials of the same generation
	// draw their donors from, and are normalised over, Q with the earlier
	// accepted trials in it (selection replaces QParent[i] in place).
	SelectSeq
)

// HECOCRDraw is how the normal deviate of CR ~ N(M_CR, crstd) is drawn.
type HECOCRDraw int

const (
	// CRDrawNormal: a standard normal deviate.
	CRDrawNormal HECOCRDraw = iota
	// CRDrawOneBM: Box–Muller on a single uniform u, √(−2 ln u)·sin(2πu)
	// (rand_normal): not normal, with mean 0.31 and standard deviation
	// 0.89, so CR ~ M_CR + 0.1·z has mean M_CR + 0.031.
	CRDrawOneBM
)

// HECODeltaTest says when the δ-reset of the strategy competition is
// tested.
type HECODeltaTest int

const (
	// DeltaAfter: after the roulette draw (LSHADE44's roulete.m).
	DeltaAfter HECODeltaTest = iota
	// DeltaBefore: before it, so that the draw after a reset is uniform
	// (chooseStrategy).
	DeltaBefore
)

// HECOArchiveTrim says when the archive is cut back to its size.
type HECOArchiveTrim int

const (
	// TrimGeneration: once per generation, to round(archive·μ_t) with the
	// new μ_t (lines 34–37).
	TrimGeneration HECOArchiveTrim = iota
	// TrimTrial: after every trial, to round(archive·|P|) with |P| at the
	// start of the generation (stableA, ASize).
	TrimTrial
)

// HECOFESCount says what the schedule t/T_max of the weights (line 7), the
// population size (eq. (35)) and the PCA window counts.
type HECOFESCount int

const (
	// FESAll: every evaluation, t/T_max = FES/MaxFES.
	FESAll HECOFESCount = iota
	// FESTrials: the generations' trials only, t/T_max = (FES − μ0)/
	// (MaxFES − μ0): the initial population is not counted. The author's
	// loop runs "while FES < 20000·D" over trials only, so it evaluates
	// μ0 + λ·⌈20000·D/λ⌉ points (200,124 at D = 10): -fes with that
	// number makes the same budget.
	FESTrials
)

// HECOPreset names a set of settings.
type HECOPreset int

const (
	// PresetNone: the settings as given.
	PresetNone HECOPreset = iota
	// PresetGECCO2019: HECO-DE as its author ran it for the GECCO 2019
	// competition (gecco2019).
	PresetGECCO2019
)

// The names of the settings' values, indexed by value.
var (
	DonorsNames      = []string{"p", "q"}
	PBestRankNames   = []string{"feasibility", "f"}
	RandMutNames     = []string{"randrl", "rand1"}
	CRTakeNames      = []string{"mutant", "parent"}
	SelectNames      = []string{"sync", "seq"}
	CRDrawNames      = []string{"normal", "onebm"}
	DeltaTestNames   = []string{"after", "before"}
	ArchiveTrimNames = []string{"generation", "trial"}
	FESCountNames    = []string{"all", "trials"}
	PresetNames      = []string{"none", "gecco2019"}
)

// HECOBoundHalfway is the bound handling of the author's code for every
// trial: a coordinate outside the box moves halfway towards the bound it
// crossed, (bound + v_j)/2, and so stays outside (de.Halfway). It is the
// last choice of the "bound" parameter, after lshade44 and de's rules.
const HECOBoundHalfway HECOBound = 4 // 1 + len(de.BoundNames); TestHECOBoundHalfwayIsLast

// gecco2019 sets every parameter of s that the author's code fixes to the
// value it has there; PCA's own settings stay as they are, except that the
// coin has a stream of its own (pcastream=own), so that HECO-PDE on the
// preset with pcaprob=0 is the preset's HECO-DE bit for bit.
func gecco2019(s *HECOSettings) {
	// params: NP = 12·D, λ = 12, H = 5, four strategies, p_rate 0.11
	// (with donors from Q and λ = 12, round(0.11·12) = 1: the best of Q).
	s.Lambda, s.N0, s.Delta, s.H, s.Mu0Factor, s.MuFinal = 12, 2, 0.05, 5, 12, 12
	s.P, s.ArchiveRate, s.F0, s.CR0, s.CRTerminal = 0.11, 4, 0.5, 0.5, false
	s.W1, s.FStar, s.Bound = W1Literal, FStarQ, HECOBoundHalfway
	s.Donors, s.PBestRank, s.RandMut, s.CRTake = DonorsQ, PBestRankF, RandMut1, CRTakeParent
	s.Select, s.KeepBest = SelectSeq, true
	s.CRDraw, s.CRStd = CRDrawOneBM, 0.1
	s.DeltaTest, s.ArchiveTrim, s.FESCount = DeltaBefore, TrimTrial, FESTrials
	s.PCAStream = PCAStreamOwn
}

// applyPreset sets s to preset p: gecco2019 applies gecco2019; none puts
// every parameter gecco2019 sets back to its default.
func (s *HECOSettings) applyPreset(p HECOPreset) {
	if p == PresetGECCO2019 {
		gecco2019(s)
		return
	}
	d := DefaultHECO(s.dim)
	s.Lambda, s.N0, s.Delta, s.H, s.Mu0Factor, s.MuFinal = d.Lambda, d.N0, d.Delta, d.H, d.Mu0Factor, d.MuFinal
	s.P, s.ArchiveRate, s.F0, s.CR0, s.CRTerminal = d.P, d.ArchiveRate, d.F0, d.CR0, d.CRTerminal
	s.W1, s.FStar, s.Bound = d.W1, d.FStar, d.Bound
	s.Donors, s.PBestRank, s.RandMut, s.CRTake = d.Donors, d.PBestRank, d.RandMut, d.CRTake
	s.Select, s.KeepBest = d.Select, d.KeepBest
	s.CRDraw, s.CRStd = d.CRDraw, d.CRStd
	s.DeltaTest, s.ArchiveTrim, s.FESCount = d.DeltaTest, d.ArchiveTrim, d.FESCount
	s.PCAStream = d.PCAStream
}

// preset reports the preset s equals: gecco2019 when every parameter the
// preset sets has its value, else none.
func (s *HECOSettings) preset() HECOPreset {
	g := *s
	gecco2019(&g)
	if g == *s {
		return PresetGECCO2019
	}
	return PresetNone
}

// choiceParam binds a Choice parameter to a field of an int kind.
func choiceParam[T ~int](key, help string, p *T, def T, names []string) Param {
	return Param{Key: key, Help: help, Default: float64(def), Min: 0, Max: float64(len(names) - 1),
		Kind: Choice, Choices: names,
		Get: func() float64 { return float64(*p) }, Set: func(x float64) { *p = T(x) }}
}

// presetParam is the "preset" parameter. It comes first among the
// parameters, so that a form or an address that sets every parameter in
// their order applies the preset before the values given beside it
// (experiment.NewSettings applies it first too). Reading it tells whether
// the settings are exactly the preset's.
func presetParam(s *HECOSettings) Param {
	return Param{Key: "preset",
		Help:    "gecco2019: HECO-DE as its author ran it for the GECCO 2019 competition (every setting below that his code fixes); none: our defaults for them",
		Default: float64(PresetNone), Min: 0, Max: float64(len(PresetNames) - 1), Kind: Choice, Choices: PresetNames,
		Get: func() float64 { return float64(s.preset()) }, Set: func(x float64) { s.applyPreset(HECOPreset(x)) },
		OmitDefault: true}
}

// hecoAuthorParams are the parameters of the author's readings
// (OmitDefault: a record names them only when a run uses them).
func hecoAuthorParams(s, d *HECOSettings) []Param {
	ps := []Param{
		choiceParam("donors", "where the donors come from: p (the population, LSHADE44) or q (the subpopulation Q, r2 from Q ∪ A: the author's code)", &s.Donors, d.Donors, DonorsNames),
		choiceParam("pbestrank", "order for x_pbest: feasibility (v, then f) or f (f alone; (v, f) once t ≥ 0.4 if Q started without a feasible member: the author's code)", &s.PBestRank, d.PBestRank, PBestRankNames),
		choiceParam("randmut", "mutation of the rand strategies: randrl (three donors other than x_i, best first) or rand1 (three donors in the order drawn, x_i may be one: the author's code)", &s.RandMut, d.RandMut, RandMutNames),
		choiceParam("crtake", "CR is the probability of taking the mutant's coordinate (mutant, eq. (33), (34)) or of keeping the parent's (parent: the author's code)", &s.CRTake, d.CRTake, CRTakeNames),
		choiceParam("select", "an accepted trial joins P after the generation (sync, LSHADE44) or at once, seen by the later trials (seq: the author's code)", &s.Select, d.Select, SelectNames),
		boolParam("keepbest", "an accepted trial does not replace its parent when the parent is the best so far of P and Q ∪ {y_i} (the author's code)", &s.KeepBest, d.KeepBest),
		choiceParam("crdraw", "deviate of CR ~ N(M_CR, crstd): normal, or onebm, Box–Muller on one uniform, √(−2 ln u)·sin(2πu) (the author's code)", &s.CRDraw, d.CRDraw, CRDrawNames),
		choiceParam("deltatest", "the δ-reset of the strategy counts is tested after the roulette draw (LSHADE44) or before it (the author's code)", &s.DeltaTest, d.DeltaTest, DeltaTestNames),
		choiceParam("atrim", "the archive is cut to size once per generation (lines 34–37) or after every trial (the author's code)", &s.ArchiveTrim, d.ArchiveTrim, ArchiveTrimNames),
		choiceParam("fescount", "t/T_max counts every evaluation (all) or the trials only, the initial population not counted (trials: the author's code)", &s.FESCount, d.FESCount, FESCountNames),
	}
	for i := range ps {
		ps[i].OmitDefault = true
	}
	return ps
}

// schedule is t/T_max (see HECOFESCount) at the current FES.
func (h *heco) schedule(c *Context) float64 {
	fes, budget := c.FES(), c.MaxFES
	if h.s.FESCount == FESTrials {
		fes, budget = fes-h.initFES, budget-h.initFES
	}
	if budget <= 0 {
		return 1
	}
	return float64(fes) / float64(budget)
}

// oneUniformNormal is rand_normal's deviate √(−2 ln u)·sin(2πu) on one
// uniform u ∈ (0, 1] (CRDrawOneBM).
func oneUniformNormal(u float64) float64 {
	return float64(math.Sqrt(-2*fmath.Log(u)) * math.Sin(float64(2*math.Pi*u)))
}
