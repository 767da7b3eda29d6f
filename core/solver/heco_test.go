package solver

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"slices"
	"strings"
	"testing"

	"pcaplay/core/problem"
)

// hecoSum is f = Σ x_j² subject to g = 1 − Σ x_j ≤ 0 on [−10, 10]^n: the
// constrained optimum is x* = (1/n, …, 1/n), f* = 1/n, on the constraint.
type hecoSum struct{ n int }

func (p hecoSum) Name() string { return "hecosum" }
func (p hecoSum) Dim() int     { return p.n }
func (p hecoSum) Bounds() (lo, hi []float64) {
	lo, hi = make([]float64, p.n), make([]float64, p.n)
	for j := range lo {
		lo[j], hi[j] = -10, 10
	}
	return lo, hi
}
func (p hecoSum) NumIneq() int { return 1 }
func (p hecoSum) NumEq() int   { return 0 }
func (p hecoSum) Evaluate(x, g, h []float64) float64 {
	f, s := 0.0, 0.0
	for _, v := range x {
		f += v * v
		s += v
	}
	g[0] = 1 - s
	return f
}

// hecoFlat has a constant objective and a constant violation: every
// min-max normalisation of HECO sees max = min.
type hecoFlat struct{ n int }

func (p hecoFlat) Name() string { return "flat" }
func (p hecoFlat) Dim() int     { return p.n }
func (p hecoFlat) Bounds() (lo, hi []float64) {
	return hecoSum(p).Bounds()
}
func (p hecoFlat) NumIneq() int                       { return 1 }
func (p hecoFlat) NumEq() int                         { return 0 }
func (p hecoFlat) Evaluate(x, g, h []float64) float64 { g[0] = 2; return 3 }

// hecoWild returns NaN, ±Inf and huge values in parts of the box.
type hecoWild struct{ n int }

func (p hecoWild) Name() string { return "wild" }
func (p hecoWild) Dim() int     { return p.n }
func (p hecoWild) Bounds() (lo, hi []float64) {
	return hecoSum(p).Bounds()
}
func (p hecoWild) NumIneq() int { return 1 }
func (p hecoWild) NumEq() int   { return 1 }
func (p hecoWild) Evaluate(x, g, h []float64) float64 {
	switch {
	case x[0] < -5:
		g[0], h[0] = math.NaN(), 0
		return math.NaN()
	case x[0] < 0:
		g[0], h[0] = math.Inf(1), 1
		return math.Inf(1)
	case x[0] < 5:
		g[0], h[0] = 0, 0
		return -1e308
	}
	g[0], h[0] = 1e308, 0
	return 1e308
}

func hecoSolver(t testing.TB, s *HECOSettings, p problem.Problem, seed uint64, fes int) (*Solver, *heco) {
	t.Helper()
	sv, err := New(p, s, seed, fes)
	if err != nil {
		t.Fatal(err)
	}
	return sv, sv.method.(*heco)
}

// snapHash folds every number of a snapshot into one hash.
func snapHash(s Snapshot) uint64 {
	h := fnv.New64a()
	var b [8]byte
	put := func(xs ...float64) {
		for _, x := range xs {
			binary.LittleEndian.PutUint64(b[:], math.Float64bits(x))
			h.Write(b[:])
		}
	}
	put(float64(s.Generation), float64(s.FES))
	put(s.X...)
	put(s.F...)
	put(s.V...)
	put(s.Best.X...)
	put(s.Best.F, s.Best.V, float64(s.Best.FES))
	if a := s.Adaptation; a != nil {
		put(a.StrategyProb...)
		put(a.MeanF...)
		put(a.MeanCR...)
	}
	if p := s.PCA; p != nil {
		put(float64(p.K), float64(p.M))
		put(p.Values...)
		put(p.Points...)
	}
	return h.Sum64()
}

func hecoTrace(t *testing.T, s *HECOSettings, seed uint64, fes int) []uint64 {
	t.Helper()
	sv, _ := hecoSolver(t, s, hecoSum{10}, seed, fes)
	var out []uint64
	for !sv.Done() {
		snap, err := sv.Step()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, snapHash(snap))
	}
	return out
}

func TestHECODeterminism(t *testing.T) {
	for _, mk := range []func(int) *HECOSettings{DefaultHECO, DefaultHECOPDE} {
		a := hecoTrace(t, mk(10), 7, 20000)
		b := hecoTrace(t, mk(10), 7, 20000)
		c := hecoTrace(t, mk(10), 8, 20000)
		name := mk(10).Algorithm()
		if len(a) != len(b) {
			t.Fatalf("%s: %d vs %d snapshots for the same seed", name, len(a), len(b))
		}
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("%s: snapshot %d differs for the same seed", name, i)
			}
		}
		same := 0
		for i := range min(len(a), len(c)) {
			if a[i] == c[i] {
				same++
			}
		}
		if same > 0 {
			t.Errorf("%s: %d snapshots identical for seeds 7 and 8", name, same)
		}
	}
}

func TestHECOBudgetIsExact(t *testing.T) {
	for _, fes := range []int{50, 120, 121, 5003, 20000} {
		for _, mk := range []func(int) *HECOSettings{DefaultHECO, DefaultHECOPDE} {
			sv, _ := hecoSolver(t, mk(10), hecoSum{10}, 3, fes)
			last := 0
			for !sv.Done() {
				snap, err := sv.Step()
				if err != nil {
					t.Fatal(err)
				}
				if snap.FES > fes || snap.FES <= last && snap.FES < fes {
					t.Fatalf("fes=%d: snapshot FES %d after %d", fes, snap.FES, last)
				}
				last = snap.FES
			}
			if last != fes || sv.FES() != fes {
				t.Errorf("%s fes=%d: run ended at %d", mk(10).Algorithm(), fes, last)
			}
			if _, err := sv.Step(); err != ErrDone {
				t.Errorf("Step after the end: %v, want ErrDone", err)
			}
		}
	}
}

// Population size follows eq. (35) from μ0 = 12·D down to
// μ_Tmax = λ, and the archive stays within 4·μ_t.
func TestHECOPopulationAndArchive(t *testing.T) {
	const D, fes = 10, 30000
	s := DefaultHECOPDE(D)
	sv, m := hecoSolver(t, s, hecoSum{D}, 1, fes)
	snap, _ := sv.Step()
	if snap.PopSize() != 12*D {
		t.Fatalf("initial population %d, want %d", snap.PopSize(), 12*D)
	}
	prev, maxArchive := snap.PopSize(), 0
	for !sv.Done() {
		snap, err := sv.Step()
		if err != nil {
			t.Fatal(err)
		}
		want := int(math.Round(120 - float64(snap.FES)/fes*(120-12)))
		if snap.PopSize() != want {
			t.Fatalf("FES %d: population %d, want μ_t = %d", snap.FES, snap.PopSize(), want)
		}
		if snap.PopSize() > prev {
			t.Fatalf("population grew from %d to %d", prev, snap.PopSize())
		}
		prev = snap.PopSize()
		na := len(m.archive) / D
		if na > 4*want {
			t.Fatalf("FES %d: archive %d > 4·μ_t = %d", snap.FES, na, 4*want)
		}
		maxArchive = max(maxArchive, na)
	}
	if prev != 12 {
		t.Errorf("final population %d, want λ = 12", prev)
	}
	if maxArchive == 0 {
		t.Error("the archive was never used")
	}
}

func TestHECOStrategyCompetition(t *testing.T) {
	// q_k sums to 1 in every snapshot.
	sv, m := hecoSolver(t, DefaultHECO(10), hecoSum{10}, 2, 20000)
	for !sv.Done() {
		snap, err := sv.Step()
		if err != nil {
			t.Fatal(err)
		}
		a := snap.Adaptation
		if a == nil || len(a.StrategyProb) != 4 || len(a.MeanF) != 4 || len(a.MeanCR) != 4 {
			t.Fatalf("generation %d: adaptation %+v", snap.Generation, a)
		}
		sum := 0.0
		for k, q := range a.StrategyProb {
			sum += q
			if !(q > 0) || a.MeanF[k] <= 0 || a.MeanF[k] > 1 || a.MeanCR[k] < 0 || a.MeanCR[k] > 1 {
				t.Fatalf("generation %d: q=%v MF=%v MCR=%v", snap.Generation, a.StrategyProb, a.MeanF, a.MeanCR)
			}
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Fatalf("generation %d: Σq = %v", snap.Generation, sum)
		}
	}
	total := 0.0
	for _, n := range m.succ {
		total += n
	}
	if total == 0 && m.resets == 0 {
		t.Error("no strategy ever succeeded")
	}

	// Constructed δ-reset: n = (33, 0, 0, 0) gives q_min = 2/41 < 1/20, so
	// the next choice resets every n_k; (30, 0, 0, 0) gives 2/38 ≥ 1/20.
	m.succ = [hecoStrategies]float64{30, 0, 0, 0}
	r0 := m.resets
	m.chooseStrategy(sv.ctx.RNG)
	if m.resets != r0 || m.succ[0] != 30 {
		t.Fatalf("reset at q_min = 2/38: resets %d→%d, n = %v", r0, m.resets, m.succ)
	}
	m.succ = [hecoStrategies]float64{33, 0, 0, 0}
	m.chooseStrategy(sv.ctx.RNG)
	if m.resets != r0+1 || m.succ != [hecoStrategies]float64{} {
		t.Fatalf("no reset at q_min = 2/41: resets %d→%d, n = %v", r0, m.resets, m.succ)
	}
	if q := m.strategyProb(); q[0] != 0.25 || q[3] != 0.25 {
		t.Errorf("after the reset q = %v, want 1/4 each", q)
	}

	// In a run, a large δ triggers resets and δ = 0 never does.
	for _, tc := range []struct {
		delta float64
		reset bool
	}{{0.2, true}, {0, false}} {
		s := DefaultHECO(10)
		s.Delta = tc.delta
		sv, m := hecoSolver(t, s, hecoSum{10}, 2, 20000)
		if _, err := sv.Run(); err != nil {
			t.Fatal(err)
		}
		if (m.resets > 0) != tc.reset {
			t.Errorf("δ = %v: %d resets", tc.delta, m.resets)
		}
	}
}

func TestHECOPDEProjections(t *testing.T) {
	const D = 10
	s := DefaultHECOPDE(D)
	s.PCAK, s.PCAM = 8, 3
	sv, m := hecoSolver(t, s, hecoSum{D}, 5, 30000)
	sv.Step()
	gens, pcaGens, pcaTrials, exact := 0, 0, 0, 0
	for !sv.Done() {
		snap, err := sv.Step()
		if err != nil {
			t.Fatal(err)
		}
		gens++
		used := 0
		for i := range s.Lambda {
			if m.strat[i] == hecoNoStrategy {
				used++
			}
		}
		if snap.PCA == nil {
			if used > 0 {
				t.Fatalf("generation %d: %d PCA trials but no projection reported", snap.Generation, used)
			}
			continue
		}
		pcaGens++
		p := snap.PCA
		if p.K != 8 || p.M != 3 || p.N != D || p.Count != s.Lambda || len(p.Points) != s.Lambda*D {
			t.Fatalf("projection K=%d M=%d N=%d count=%d", p.K, p.M, p.N, p.Count)
		}
		if used == 0 {
			t.Fatalf("generation %d reports a projection but made no PCA trial", snap.Generation)
		}
		// Every PCA trial is its projection point x'_i (repaired into the
		// box towards its parent when it left the box).
		for i := range s.Lambda {
			if m.strat[i] != hecoNoStrategy {
				continue
			}
			want := append([]float64(nil), p.Points[i*D:(i+1)*D]...)
			inside := true
			for _, w := range want {
				inside = inside && w >= -10 && w <= 10
			}
			m.bound(hecoNoStrategy).Repair(want, m.qx[i*D:(i+1)*D], m.lo, m.hi, nil)
			got := m.trials[i*D : (i+1)*D]
			for j := range want {
				if got[j] != want[j] {
					t.Fatalf("generation %d: PCA trial %d = %v, want x'_i = %v", snap.Generation, i, got, want)
				}
			}
			if inside {
				exact++
			}
			pcaTrials++
		}
	}
	if pcaGens == 0 || exact == 0 {
		t.Fatalf("%d of %d generations ran PCA-projection, %d trials unrepaired", pcaGens, gens, exact)
	}
	// About 10 % of the trials are projections (line 12).
	if frac := float64(pcaTrials) / float64(gens*s.Lambda); frac < 0.07 || frac > 0.13 {
		t.Errorf("PCA trial fraction %.3f, want ≈ 0.1", frac)
	}

	// HECO-DE never projects.
	sv, m = hecoSolver(t, DefaultHECO(D), hecoSum{D}, 5, 30000)
	for !sv.Done() {
		snap, err := sv.Step()
		if err != nil {
			t.Fatal(err)
		}
		if snap.PCA != nil {
			t.Fatalf("HECO-DE reported a projection in generation %d", snap.Generation)
		}
		for _, k := range m.strat {
			if k == hecoNoStrategy {
				t.Fatal("HECO-DE made a PCA trial")
			}
		}
	}
}

func TestHECOWeights(t *testing.T) {
	const lam = 12
	close := func(a, b float64) bool { return math.Abs(a-b) <= 1e-14*max(1, math.Abs(b)) }
	cases := []struct {
		i   int
		tau float64
	}{{1, 0}, {1, 0.5}, {6, 0.5}, {12, 0.5}, {3, 0.9}, {12, 1}, {1, 1}}
	for _, tc := range cases {
		ri := float64(tc.i) / lam
		w2want := ri * math.Pow(tc.tau, 5*ri)
		w3want := (1 - ri) * math.Pow(1-tc.tau, 5*ri)
		for _, rd := range []W1Reading{W1Literal, W1Alt} {
			w1, w2, w3 := hecoWeights(rd, tc.i, lam, tc.tau)
			w1want := math.Pow(tc.tau, 20*float64(tc.i))
			if rd == W1Alt {
				w1want = math.Pow(tc.tau, 20*ri)
			}
			if !close(w1, w1want) || !close(w2, w2want) || !close(w3, w3want) {
				t.Errorf("%s i=%d t/T=%v: (%g, %g, %g), want (%g, %g, %g)", W1Names[rd], tc.i, tc.tau,
					w1, w2, w3, w1want, w2want, w3want)
			}
		}
	}
	// Spot values: at t/T = 0.5 the literal w1 of sub-problem 2 is 0.5^40,
	// the alternative one 0.5^(40/12).
	if w1, _, _ := hecoWeights(W1Literal, 2, lam, 0.5); !close(w1, 9.094947017729282e-13) {
		t.Errorf("literal w1(i=2, 0.5) = %g", w1)
	}
	if w1, _, _ := hecoWeights(W1Alt, 2, lam, 0.5); !close(w1, math.Pow(2, -40.0/12)) {
		t.Errorf("alt w1(i=2, 0.5) = %g", w1)
	}
	// At t = 0 only the helper f counts, at t = T_max it is gone; w1, w2
	// grow and w3 falls over t.
	for i := 1; i <= lam; i++ {
		for _, rd := range []W1Reading{W1Literal, W1Alt} {
			w1, w2, w3 := hecoWeights(rd, i, lam, 0)
			if w1 != 0 || w2 != 0 || !close(w3, 1-float64(i)/lam) {
				t.Errorf("t=0, i=%d: (%g, %g, %g)", i, w1, w2, w3)
			}
			w1, w2, w3 = hecoWeights(rd, i, lam, 1)
			if w1 != 1 || !close(w2, float64(i)/lam) || w3 != 0 {
				t.Errorf("t=T, i=%d: (%g, %g, %g)", i, w1, w2, w3)
			}
			p1, p2, p3 := hecoWeights(rd, i, lam, 0.3)
			q1, q2, q3 := hecoWeights(rd, i, lam, 0.7)
			if q1 < p1 || q2 < p2 || (q3 > p3 && i < lam) {
				t.Errorf("i=%d: weights not monotone in t", i)
			}
		}
	}
}

// hecoWeightsAll, the weights of a generation with the logarithms shared,
// gives hecoWeights' bits for every sub-problem.
func TestHECOWeightsAllIsHecoWeights(t *testing.T) {
	for _, lam := range []int{4, 7, 12, 30} {
		w1, w2, w3 := make([]float64, lam), make([]float64, lam), make([]float64, lam)
		for s := -2; s <= 1002; s++ {
			tau := float64(s) / 1000
			for _, rd := range []W1Reading{W1Literal, W1Alt} {
				hecoWeightsAll(rd, tau, w1, w2, w3)
				for i := range lam {
					a, b, c := hecoWeights(rd, i+1, lam, tau)
					if math.Float64bits(a) != math.Float64bits(w1[i]) || math.Float64bits(b) != math.Float64bits(w2[i]) ||
						math.Float64bits(c) != math.Float64bits(w3[i]) {
						t.Fatalf("%s λ=%d i=%d t/T=%v: (%v, %v, %v), hecoWeights (%v, %v, %v)",
							W1Names[rd], lam, i+1, tau, w1[i], w2[i], w3[i], a, b, c)
					}
				}
			}
		}
	}
}

func TestHECONormalisationNeverNaN(t *testing.T) {
	for _, tc := range []struct{ a, lo, hi, want float64 }{
		{3, 3, 3, 0}, {1, 0, 2, 0.5}, {math.Inf(1), 0, math.Inf(1), 1}, {5, 0, math.Inf(1), 0},
		{math.Inf(1), math.Inf(1), math.Inf(1), 0}, {1, math.Inf(-1), math.Inf(1), 0},
		{1e308, -1e308, 1e308, 1},
	} {
		if got := hecoNorm(tc.a, tc.lo, tc.hi); got != tc.want {
			t.Errorf("hecoNorm(%g, %g, %g) = %g, want %g", tc.a, tc.lo, tc.hi, got, tc.want)
		}
	}
	if e := hecoE(math.Inf(1), math.Inf(1)); e != 0 {
		t.Errorf("ẽ(∞, f* = ∞) = %g", e)
	}
	if f := hecoFStar(FStarLiteral, []float64{5, 1, 3}, []float64{0.5, 0.2, 0.7}); f != 0.2 {
		t.Errorf("f*(P) without a feasible member = %g, want min v = 0.2 (literal)", f)
	}
	if f := hecoFStar(FStarBest, []float64{5, 1, 3}, []float64{0.5, 0.2, 0.7}); f != 1 {
		t.Errorf("f*(P) without a feasible member = %g, want f of the least-violated member = 1 (best)", f)
	}
	for _, r := range []FStarReading{FStarLiteral, FStarBest} {
		if f := hecoFStar(r, []float64{5, 1, 3}, []float64{0, 0.2, 0}); f != 3 {
			t.Errorf("%s: f*(P) = %g, want the least feasible f = 3", FStarNames[r], f)
		}
	}
	// Whole runs on a flat problem (max = min everywhere) and on one with
	// NaN, ±∞ and ±1e308 values: no error, no NaN anywhere.
	for _, p := range []problem.Problem{hecoFlat{4}, hecoWild{4}} {
		for _, mk := range []func(int) *HECOSettings{DefaultHECO, DefaultHECOPDE} {
			sv, m := hecoSolver(t, mk(4), p, 1, 4000)
			for !sv.Done() {
				snap, err := sv.Step()
				if err != nil {
					t.Fatalf("%s: %v", p.Name(), err)
				}
				for _, xs := range [][]float64{snap.X, snap.F, snap.V, snap.Adaptation.StrategyProb,
					snap.Adaptation.MeanF, snap.Adaptation.MeanCR} {
					for _, x := range xs {
						if math.IsNaN(x) {
							t.Fatalf("%s generation %d: NaN in the snapshot", p.Name(), snap.Generation)
						}
					}
				}
			}
			for k := range hecoStrategies {
				for j := range m.mf[k] {
					if math.IsNaN(m.mf[k][j]) || math.IsNaN(m.mcr[k][j]) {
						t.Fatalf("%s: NaN in the memories", p.Name())
					}
				}
			}
		}
	}
}

// Both algorithms and both readings of w1 solve a 10-D sphere with an active
// linear constraint to 1e-6 in 200000 FES. With the literal w1 the final
// error is typically 1e-7…1e-6 (f keeps only a tiny weight at the end of the
// run), so the test takes the median of three seeds; every run must end
// feasible.
func TestHECOSolvesSphereWithLinearConstraint(t *testing.T) {
	const D = 10
	for _, mk := range []func(int) *HECOSettings{DefaultHECO, DefaultHECOPDE} {
		for _, rd := range []W1Reading{W1Literal, W1Alt} {
			var errs []float64
			for seed := uint64(1); seed <= 3; seed++ {
				s := mk(D)
				s.W1 = rd
				sv, _ := hecoSolver(t, s, hecoSum{D}, seed, 200000)
				last, err := sv.Run()
				if err != nil {
					t.Fatal(err)
				}
				if last.Best.V != 0 {
					t.Errorf("%s w1=%s seed %d: best is infeasible, v = %g", s.Algorithm(), W1Names[rd], seed, last.Best.V)
				}
				errs = append(errs, math.Abs(last.Best.F-0.1))
			}
			slices.Sort(errs)
			if errs[1] > 1e-6 {
				t.Errorf("%s w1=%s: |f − f*| = %.2g (sorted over 3 seeds), median above 1e-6",
					mk(D).Algorithm(), W1Names[rd], errs)
			}
		}
	}
}

func TestHECOSettings(t *testing.T) {
	for name, pca := range map[string]bool{"heco-de": false, "heco-pde": true} {
		a, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		s := a.Defaults(10).(*HECOSettings)
		if s.Algorithm() != name || s.PCA != pca || s.Lambda != 12 || s.MuFinal != 12 ||
			s.mu0(10) != 120 || s.H != 5 || s.N0 != 2 || s.Delta != 0.05 || s.PCAM != 5 {
			t.Errorf("%s defaults: %+v", name, s)
		}
	}
	p := hecoSum{3}
	cases := []struct {
		set  func(s *HECOSettings)
		want string
	}{
		{func(s *HECOSettings) { s.Lambda = 3 }, "lambda"},
		{func(s *HECOSettings) { s.MuFinal = 10 }, "mufinal"},
		{func(s *HECOSettings) { s.Mu0Factor = 3 }, "mu0"},
		{func(s *HECOSettings) { s.PCAK = 13 }, "pcak"},
		{func(s *HECOSettings) { s.PCAM = 4 }, "pcam"},
		{func(s *HECOSettings) { s.P = 0 }, "p ="},
		{func(s *HECOSettings) { s.Delta = 0.5 }, "delta"},
		{func(s *HECOSettings) { s.N0 = math.NaN() }, "n0"},
		{func(s *HECOSettings) { s.H = 0 }, "h ="},
		{func(s *HECOSettings) { s.PCAProb = 1.5 }, "pcaprob"},
		{func(s *HECOSettings) { s.W1 = 2 }, "w1"},
		{func(s *HECOSettings) { s.Bound = -1 }, "bound"},
		{func(s *HECOSettings) { s.CRStd = -0.1 }, "crstd"},
		{func(s *HECOSettings) { s.ArchiveRate = -1 }, "archive"},
	}
	for _, tc := range cases {
		s := DefaultHECOPDE(3)
		tc.set(s)
		_, err := New(p, s, 1, 1000)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("want an error naming %q, got %v", tc.want, err)
		}
	}
	// PCA settings are not checked when PCA is off.
	s := DefaultHECO(3)
	s.PCAM = 4
	if _, err := New(p, s, 1, 1000); err != nil {
		t.Errorf("HECO-DE with pcam > D: %v", err)
	}
	if err := SetParam(DefaultHECO(3), "w1", "alt"); err != nil {
		t.Error(err)
	}
	if err := SetParam(DefaultHECO(3), "bound", "lshade44"); err != nil {
		t.Error(err)
	}
}

// Every bound rule and a tiny budget work end to end (Solver.Step would turn a
// panic into an error; there must be none).
func TestHECOBoundRulesRun(t *testing.T) {
	for b := range hecoBoundNames() {
		for _, w := range []W1Reading{W1Literal, W1Alt} {
			s := DefaultHECOPDE(5)
			s.Bound, s.W1, s.PCAProb = HECOBound(b), w, 0.5
			sv, _ := hecoSolver(t, s, hecoSum{5}, 9, 6000)
			last, err := sv.Run()
			if err != nil {
				t.Fatalf("bound %s: %v", hecoBoundNames()[b], err)
			}
			for j, x := range last.X {
				if x < -10 || x > 10 {
					t.Fatalf("bound %s: coordinate %d = %g outside the box", hecoBoundNames()[b], j, x)
				}
			}
		}
	}
}

// TestW1DefaultReproducesPaper: HECO-DE and HECO-PDE default to the w1
// reading that reproduces the paper's published tables (W1Alt), the printed
// formula stays available as w1=literal, and the help says why.
func TestW1DefaultReproducesPaper(t *testing.T) {
	for _, name := range []string{"heco-de", "heco-pde"} {
		a, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		s := a.Defaults(10)
		if got := s.(*HECOSettings).W1; got != W1Alt {
			t.Errorf("%s: default w1 = %s, want alt", name, W1Names[got])
		}
		var help string
		for _, p := range s.Params() {
			if p.Key == "w1" {
				help = p.Help
			}
		}
		if !strings.Contains(help, "reproduces the paper") || !strings.Contains(help, "as printed") {
			t.Errorf("%s: w1 help %q does not say which reading reproduces the paper and which is printed", name, help)
		}
		if err := SetParam(s, "w1", "literal"); err != nil {
			t.Fatalf("%s: w1=literal: %v", name, err)
		}
		if got := s.(*HECOSettings).W1; got != W1Literal {
			t.Errorf("%s: after w1=literal, w1 = %s", name, W1Names[got])
		}
	}
}
