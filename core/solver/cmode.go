package solver

import (
	"errors"
	"fmt"

	"pcaplay/core/de"
	"pcaplay/core/pca"
	"pcaplay/core/problem"
	"pcaplay/core/rng"
)

// CMODESettings configure CMODE (Wang & Cai 2012) and PMODE = CMODE +
// PCA-projection (paper §4.1). The defaults are the paper's settings (§5.2),
// which are CMODE's own.
//
// Choices where the paper is silent, with the line they concern:
//
//   - F and CR ("randomly chosen between 0.5 and 0.6", "between 0.9 and
//     0.95", §5.2) are drawn uniformly and afresh for every trial vector.
//   - Line 14: the donors x_r1, x_r2, x_r3 are drawn from
//     Q (the λ individuals that take part in the generation, lines
//     7–8), mutually different and different from x_i. So λ ≥ 4.
//   - Bound handling: §2.1's "the mutation operation is repeated until v
//     falls in [L, U]" (de.Resample, capped at de.MaxResample tries, then
//     reflection). A PCA child outside the box cannot be re-drawn; it is
//     reflected (de.Reflect).
//   - Line 11: PCA-projection runs on Q at most once per generation
//     (Q does not change inside the loop) with the k = PCAK best of Q by the
//     feasibility rule (default k = λ = 8, "k = 8 in this paper", §3.3) and
//     m = PCAM components (paper: 5). When D ≤ m the projection would be the
//     identity, so the default is m = min(5, D−1). If the points of Q are
//     identical (zero variance) the trial falls back to mutation and
//     crossover.
//   - Lines 20–23: the non-dominated children
//     R are taken in the order they were generated; each replaces one
//     uniformly chosen member of Q that it dominates in (f, v) at that
//     moment.
//   - Lines 25–30 (CMODE's infeasible-solution
//     replacement): when R holds no feasible point, its member with the
//     least v is stored in A; every k generations each member of A replaces
//     a distinct, uniformly chosen member of P, and A is emptied.
//   - The last generation creates only as many children as the FES budget
//     has left.
//
// v is the summed violation problem.Violation (paper eq. 3–5).
type CMODESettings struct {
	Mu      int     // population size μ
	Lambda  int     // size λ of the sub-population Q
	FMin    float64 // F ~ U[FMin, FMax]
	FMax    float64
	CRMin   float64 // CR ~ U[CRMin, CRMax]
	CRMax   float64
	K       int     // infeasible-solution replacement every K generations
	PCA     bool    // PCA-projection on (PMODE) or off (CMODE)
	PCAProb float64 // probability of a PCA child (line 10)
	PCAM    int     // principal components kept, m
	PCAK    int     // best points of Q used for the basis, k
	// PCAStream is the source of the coin of line 10 (see PCAStream).
	PCAStream PCAStream
	Bound     de.BoundHandling

	name string
	dim  int
}

// DefaultCMODE returns CMODE's settings for dimension dim.
func DefaultCMODE(dim int) *CMODESettings {
	return &CMODESettings{Mu: 180, Lambda: 8, FMin: 0.5, FMax: 0.6, CRMin: 0.9, CRMax: 0.95, K: 22,
		PCA: false, PCAProb: 0.1, PCAM: max(1, min(5, dim-1)), PCAK: 8, Bound: de.Resample,
		name: "cmode", dim: dim}
}

// DefaultPMODE returns PMODE's settings: CMODE's with PCA-projection on.
func DefaultPMODE(dim int) *CMODESettings {
	s := DefaultCMODE(dim)
	s.PCA, s.name = true, "pmode"
	return s
}

func init() {
	Register(Algorithm{Name: "cmode", Title: "CMODE",
		Help:     "Multi-objective DE on (f, v) with infeasible-solution replacement (Wang & Cai)",
		Defaults: func(d int) Settings { return DefaultCMODE(d) }})
	Register(Algorithm{Name: "pmode", Title: "PMODE = CMODE + PCA-projection",
		Help:     "CMODE whose children come from PCA-projection of Q with probability 0.1 (§4.1)",
		Defaults: func(d int) Settings { return DefaultPMODE(d) }})
}

// Algorithm returns "cmode" or "pmode".
func (s *CMODESettings) Algorithm() string { return s.name }

// Params lists the settable parameters.
func (s *CMODESettings) Params() []Param {
	d := DefaultCMODE(s.dim)
	if s.name == "pmode" {
		d = DefaultPMODE(s.dim)
	}
	return []Param{
		intParam("pop", "population size μ", &s.Mu, d.Mu, 5, 10000),
		intParam("lambda", "individuals λ drawn into Q each generation", &s.Lambda, d.Lambda, 4, 10000),
		floatParam("fmin", "F is drawn uniformly from [fmin, fmax]", &s.FMin, d.FMin, 0, 2),
		floatParam("fmax", "upper end of the F range", &s.FMax, d.FMax, 0, 2),
		floatParam("crmin", "CR is drawn uniformly from [crmin, crmax]", &s.CRMin, d.CRMin, 0, 1),
		floatParam("crmax", "upper end of the CR range", &s.CRMax, d.CRMax, 0, 1),
		labeled(intParam("k", "generations between infeasible-solution replacements (CMODE's k, URL key k; not pcak's k best)", &s.K, d.K, 1, 100000), "replace every"),
		boolParam("pca", "use PCA-projection (on: PMODE, off: CMODE)", &s.PCA, d.PCA),
		floatParam("pcaprob", "probability that a child comes from PCA-projection", &s.PCAProb, d.PCAProb, 0, 1),
		intParam("pcam", "principal components m kept by PCA-projection (m < D, else no change)", &s.PCAM, d.PCAM, 1, 1000),
		intParam("pcak", "best points k of Q used to compute the principal components", &s.PCAK, d.PCAK, 2, 10000),
		pcaStreamParam(&s.PCAStream, d.PCAStream),
		boundParam("what to do with a mutant outside the box", &s.Bound, d.Bound),
	}
}

// Validate checks the settings against each other and the problem.
func (s *CMODESettings) Validate(p problem.Problem) error {
	if err := CheckParams(s); err != nil {
		return err
	}
	switch {
	case s.Lambda > s.Mu:
		return fmt.Errorf("lambda = %d: must not exceed pop = %d", s.Lambda, s.Mu)
	case s.FMin > s.FMax:
		return fmt.Errorf("fmin = %g: must not exceed fmax = %g", s.FMin, s.FMax)
	case s.CRMin > s.CRMax:
		return fmt.Errorf("crmin = %g: must not exceed crmax = %g", s.CRMin, s.CRMax)
	case s.PCA && s.PCAK > s.Lambda:
		return fmt.Errorf("pcak = %d: PCA-projection runs on Q, so k must not exceed lambda = %d", s.PCAK, s.Lambda)
	case s.PCA && s.PCAM > p.Dim():
		return fmt.Errorf("pcam = %d: must not exceed the dimension %d", s.PCAM, p.Dim())
	}
	return nil
}

// New returns the Method.
func (s *CMODESettings) New(p problem.Problem) (Method, error) {
	if err := s.Validate(p); err != nil {
		return nil, err
	}
	n := p.Dim()
	return &cmode{s: *s, children: newPopulation(n, s.Lambda), q: make([]int, s.Lambda),
		qx: make([]float64, n*s.Lambda), qf: make([]float64, s.Lambda), qv: make([]float64, s.Lambda),
		v: make([]float64, n), us: make([]float64, n)}, nil
}

// cmode is CMODE and PMODE (the PMODE pseudo-code of §4.1).
type cmode struct {
	s   CMODESettings
	pop population
	t   int // generation counter of line 5

	// archive A of line 4: infeasible points with the least v
	archive population

	// per-generation buffers
	children   population
	q          []int     // indices of Q in pop
	qx, qf, qv []float64 // copies of Q's points for PCA-projection
	nondom     []int
	dominated  []int
	pcaTrials  []PCATrial // the PCA children of this generation
	proj       pca.Projector
	slots      []int    // members of P replaced by the archive
	coin       *rng.PCG // the PCA coin's own stream (PCAStreamOwn), else nil
	v          []float64
	us         []float64 // crossover draws of de.Rand1Bin
	r          [3]int

	// what this generation made and kept (Snapshot.Offspring)
	off      Offspring
	fromPCA  []bool
	inR      []bool
	replaced []int
}

// Init: lines 1–4.
func (m *cmode) Init(c *Context) error {
	m.pop = initUniform(c, m.s.Mu) // lines 1–3: FES = μ
	m.archive = newPopulation(m.pop.n, 0)
	m.pop.publish(c)
	return nil
}

// Iterate is one pass of the loop of lines 5–31.
func (m *cmode) Iterate(c *Context) error {
	m.t++
	n := m.pop.n
	lo, hi := c.Problem.Bounds()
	mu := m.pop.size()
	lambda := min(m.s.Lambda, mu)

	// Lines 7–8: Q = λ random individuals of P; P' = P \ Q is the rest.
	m.q = m.q[:lambda]
	de.Pick(c.RNG, m.q, mu)

	// Lines 10–15, for x_i in Q. Only as many children as the
	// budget allows.
	nc := min(lambda, c.Remaining())
	m.children.x, m.children.f, m.children.v = m.children.x[:nc*n], m.children.f[:nc], m.children.v[:nc]
	var proj *pca.Projection
	projTried := false
	m.pcaTrials = m.pcaTrials[:0]
	m.fromPCA, m.inR, m.replaced = resize(m.fromPCA, nc), resize(m.inR, nc), resize(m.replaced, nc)
	clear(m.fromPCA)
	clear(m.inR)
	for i := range m.replaced {
		m.replaced[i] = -1
	}
	coin := pcaCoin(c, m.s.PCAStream, &m.coin)
	for i := range nc {
		xi := m.pop.row(m.q[i])
		y := m.children.row(i)
		if m.s.PCA && coin.Float64() < m.s.PCAProb {
			// Line 11: PCA-projection on Q, once per generation.
			if !projTried {
				projTried = true
				var err error
				if proj, err = m.projectQ(); err != nil && !errors.Is(err, pca.ErrZeroVariance) {
					return fmt.Errorf("pmode generation %d: %w", m.t, err)
				} else if err != nil {
					proj = nil // zero variance: fall back to mutation below
				}
				if proj != nil {
					c.SetPCA(proj)
				}
			}
			if proj != nil {
				// Line 12: y_i = x'_i, reflected into the box if needed.
				copy(y, proj.Points[i*n:(i+1)*n])
				de.Reflect.Repair(y, xi, lo, hi, nil)
				m.pcaTrials = append(m.pcaTrials, PCATrial{Index: i})
				m.fromPCA[i] = true
				continue
			}
		}
		// Line 14: DE/rand/1/bin with donors from Q.
		// F, then CR, uniform in their ranges: both draws in one call
		// (rng.Float64s: the numbers of two Float64 calls).
		var u [2]float64
		c.RNG.Float64s(u[:])
		F := m.s.FMin + (m.s.FMax-m.s.FMin)*u[0]
		CR := m.s.CRMin + (m.s.CRMax-m.s.CRMin)*u[1]
		mutate := func(v []float64) {
			de.PickFew(c.RNG, m.r[:], lambda, i)
			de.Rand1(v, m.pop.row(m.q[m.r[0]]), m.pop.row(m.q[m.r[1]]), m.pop.row(m.q[m.r[2]]), F)
		}
		// de.Rand1Bin: mutation and crossover in one pass when the mutant
		// is inside the box; else repair (re-mutate, §2.1), then cross.
		de.PickFew(c.RNG, m.r[:], lambda, i)
		q := m.q
		if !de.Rand1Bin(y, m.v, xi, m.pop.row(q[m.r[0]]), m.pop.row(q[m.r[1]]), m.pop.row(q[m.r[2]]), lo, hi, F, CR, c.RNG, m.us) {
			m.s.Bound.Repair(m.v, xi, lo, hi, mutate)
			de.Binomial(y, xi, m.v, CR, c.RNG)
		}
	}

	// Line 18: evaluate C; FES += |C|.
	for i := range nc {
		m.children.f[i], m.children.v[i] = c.Evaluate(m.children.row(i))
	}
	for j := range m.pcaTrials {
		t := &m.pcaTrials[j]
		t.X, t.F, t.V = m.children.row(t.Index), m.children.f[t.Index], m.children.v[t.Index]
	}

	// Line 19: R = the non-dominated members of C.
	// (A child never dominates itself, so j = i needs no exclusion; every
	// pair is compared, without a branch: see dominatesBit.)
	m.nondom = m.nondom[:0]
	fs, vs := m.children.f[:nc], m.children.v[:nc]
	for i := range nc {
		fi, vi := fs[i], vs[i]
		d := 0
		for j := range vs {
			d |= dominatesBit(fs[j], vs[j], fi, vi)
		}
		if d == 0 {
			m.nondom = append(m.nondom, i)
			m.inR[i] = true
		}
	}

	// Lines 20–23: each x in R replaces a
	// random member of Q that it dominates. Writing into P at Q's indices
	// is line 24, P = P' ∪ Q.
	feasibleInR := false
	accepted := 0
	for _, ci := range m.nondom {
		cf, cv := m.children.f[ci], m.children.v[ci]
		if cv == 0 {
			feasibleInR = true
		}
		// The members of Q that x dominates, in Q's order (each written
		// and kept by advancing k: no branch, see dominatesBit).
		m.dominated = resize(m.dominated, len(m.q))
		k := 0
		for _, qi := range m.q {
			m.dominated[k] = qi
			k += dominatesBit(cf, cv, m.pop.f[qi], m.pop.v[qi])
		}
		m.dominated = m.dominated[:k]
		if len(m.dominated) > 0 {
			pi := m.dominated[c.RNG.IntN(len(m.dominated))]
			m.pop.set(pi, m.children.row(ci), cf, cv)
			m.replaced[ci] = pi
			accepted++
			for j := range m.pcaTrials {
				if m.pcaTrials[j].Index == ci {
					m.pcaTrials[j].Accepted = true
				}
			}
		}
	}

	m.off = Offspring{Q: m.q, X: m.children.x, F: m.children.f, V: m.children.v,
		FromPCA: m.fromPCA, NonDominated: m.inR, Replaced: m.replaced}
	c.SetOffspring(&m.off)
	c.setAccepted(accepted)

	// Lines 25–30: infeasible-solution replacement.
	if !feasibleInR && len(m.nondom) > 0 {
		best := m.nondom[0]
		for _, ci := range m.nondom[1:] {
			if m.children.v[ci] < m.children.v[best] {
				best = ci
			}
		}
		m.archive.x = append(m.archive.x, m.children.row(best)...)
		m.archive.f = append(m.archive.f, m.children.f[best])
		m.archive.v = append(m.archive.v, m.children.v[best])
	}
	if m.t%m.s.K == 0 {
		na := min(m.archive.size(), mu)
		if na > 0 {
			m.slots = append(m.slots[:0], make([]int, na)...)
			de.Pick(c.RNG, m.slots, mu)
			for a, pi := range m.slots {
				m.pop.set(pi, m.archive.row(a), m.archive.f[a], m.archive.v[a])
			}
		}
		m.archive.x, m.archive.f, m.archive.v = m.archive.x[:0], m.archive.f[:0], m.archive.v[:0]
	}

	if len(m.pcaTrials) > 0 {
		c.SetPCATrials(m.pcaTrials)
	}
	m.pop.publish(c)
	return nil
}

// projectQ runs PCA-projection on the current members of Q.
func (m *cmode) projectQ() (*pca.Projection, error) {
	n := m.pop.n
	m.qx, m.qf, m.qv = m.qx[:0], m.qf[:0], m.qv[:0]
	for _, qi := range m.q {
		m.qx = append(m.qx, m.pop.row(qi)...)
		m.qf = append(m.qf, m.pop.f[qi])
		m.qv = append(m.qv, m.pop.v[qi])
	}
	k := min(m.s.PCAK, len(m.q))
	mm := min(m.s.PCAM, n)
	return m.proj.Project(m.qx, n, pca.ByFeasibility(m.qf, m.qv), k, mm)
}
