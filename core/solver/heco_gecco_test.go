package solver

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"pcaplay/core/rng"
	"pcaplay/core/suite"
)

// The preset sets every parameter it names; reading "preset" tells whether
// the settings are the preset's; "none" puts them all back; a value set
// after the preset makes the settings no longer the preset.
func TestGECCO2019Preset(t *testing.T) {
	for _, algo := range []string{"heco-de", "heco-pde"} {
		a, _ := Lookup(algo)
		s := a.Defaults(10).(*HECOSettings)
		def := *s
		if got := paramText(t, s, PresetKey); got != "none" {
			t.Fatalf("%s defaults: preset = %s, want none", algo, got)
		}
		if err := SetParam(s, PresetKey, "gecco2019"); err != nil {
			t.Fatal(err)
		}
		want := map[string]string{
			"lambda": "12", "n0": "2", "delta": "0.05", "h": "5", "mu0": "12", "mufinal": "12", "p": "0.11", "archive": "4",
			"w1": "literal", "fstar": "q", "bound": "halfway", "donors": "q", "pbestrank": "f", "randmut": "rand1",
			"crtake": "parent", "select": "seq", "keepbest": "true", "crdraw": "onebm", "crstd": "0.1",
			"deltatest": "before", "atrim": "trial", "fescount": "trials", "pcastream": "own", "f0": "0.5", "cr0": "0.5",
			"crterminal": "false", PresetKey: "gecco2019",
			// PCA's own settings are the algorithm's
			"pca": fmt.Sprint(algo == "heco-pde"), "pcaprob": "0.1",
		}
		for k, v := range want {
			if got := paramText(t, s, k); got != v {
				t.Errorf("%s preset=gecco2019: %s = %s, want %s", algo, k, got, v)
			}
		}
		if err := SetParam(s, "w1", "alt"); err != nil {
			t.Fatal(err)
		}
		if got := paramText(t, s, PresetKey); got != "none" {
			t.Errorf("%s preset then w1=alt: preset = %s, want none", algo, got)
		}
		if err := SetParam(s, PresetKey, "none"); err != nil {
			t.Fatal(err)
		}
		if *s != def {
			t.Errorf("%s: preset=none after the preset: %+v, want the defaults %+v", algo, *s, def)
		}
		if ps := s.Params(); ps[0].Key != PresetKey {
			t.Errorf("%s: the first parameter is %s, want %s (a preset applies before the values beside it)", algo, ps[0].Key, PresetKey)
		}
	}
}

func paramText(t *testing.T, s Settings, key string) string {
	t.Helper()
	for _, p := range s.Params() {
		if p.Key == key {
			return p.Format(p.Get())
		}
	}
	t.Fatalf("no parameter %s", key)
	return ""
}

// HECOBoundHalfway is the last choice of "bound".
func TestHECOBoundHalfwayIsLast(t *testing.T) {
	if n := hecoBoundNames(); int(HECOBoundHalfway) != len(n)-1 || n[HECOBoundHalfway] != "halfway" {
		t.Fatalf("HECOBoundHalfway = %d, the names %v", HECOBoundHalfway, n)
	}
}

// Each of the author's readings changes the run (none is dead), alone and
// on top of the preset's others.
func TestAuthorReadingsEachChangeTheRun(t *testing.T) {
	readings := [][2]string{
		{"donors", "q"}, {"pbestrank", "f"}, {"randmut", "rand1"}, {"crtake", "parent"}, {"select", "seq"},
		{"keepbest", "true"}, {"crdraw", "onebm"}, {"deltatest", "before"}, {"atrim", "trial"},
		{"fescount", "trials"}, {"fstar", "q"}, {"bound", "halfway"},
	}
	p := spec{"C07", 10}
	const fes = 60000
	base, _ := pcaTrace(t, "heco-de", nil, p, 3, fes)
	preset, _ := pcaTrace(t, "heco-de", []string{PresetKey, "gecco2019"}, p, 3, fes)
	for _, r := range readings {
		alone, _ := pcaTrace(t, "heco-de", r[:], p, 3, fes)
		// (deltatest acts only at a δ-reset, which our defaults do not
		// reach in this run; TestHECODeltaTest tests it.)
		if equalHashes(base, alone) && r[0] != "deltatest" {
			t.Errorf("%s=%s gives the default run", r[0], r[1])
		}
		// the preset with this one reading put back to its default
		a, _ := Lookup("heco-de")
		d := a.Defaults(p.dim)
		back := paramTextDefault(t, d, r[0])
		without, _ := pcaTrace(t, "heco-de", []string{PresetKey, "gecco2019", r[0], back}, p, 3, fes)
		if equalHashes(preset, without) {
			t.Errorf("the preset without %s=%s gives the preset's run", r[0], r[1])
		}
	}
}

func paramTextDefault(t *testing.T, s Settings, key string) string {
	t.Helper()
	for _, p := range s.Params() {
		if p.Key == key {
			return p.Format(p.Default)
		}
	}
	t.Fatalf("no parameter %s", key)
	return ""
}

// With the preset's control stream, HECO-PDE at pcaprob = 0 is the
// preset's HECO-DE bit for bit, and at pcaprob > 0 the two share their
// numbers until the first PCA child.
func TestGECCO2019PDEControl(t *testing.T) {
	for _, p := range []spec{{"C01", 10}, {"C05", 10}, {"C17", 10}} {
		const fes = 8000
		base, _ := pcaTrace(t, "heco-de", []string{PresetKey, "gecco2019"}, p, 2, fes)
		ctl, first := pcaTrace(t, "heco-pde", []string{PresetKey, "gecco2019", "pcaprob", "0"}, p, 2, fes)
		if first >= 0 || !equalHashes(base, ctl) {
			t.Errorf("%s: heco-pde preset=gecco2019,pcaprob=0 is not heco-de preset=gecco2019 (first PCA %d, first difference %d of %d)",
				p.name, first, firstDiff(base, ctl), len(base))
		}
		crn, first := pcaTrace(t, "heco-pde", []string{PresetKey, "gecco2019"}, p, 2, fes)
		if first < 0 {
			t.Fatalf("%s: no PCA child", p.name)
		}
		if d := firstDiff(base, crn); d < first {
			t.Errorf("%s: the runs part at generation %d, before the first PCA child (%d)", p.name, d, first)
		}
	}
}

// keepbest: the population's best by the feasibility rule never gets
// worse from one generation to the next; without it, it does on this
// problem and seed (the test would pass vacuously otherwise).
func TestHECOKeepBest(t *testing.T) {
	degrades := func(sets ...string) int {
		prob, err := suite.New("C07", 10, suite.Options{DataSeed: 1})
		if err != nil {
			t.Fatal(err)
		}
		s := DefaultHECO(10)
		for i := 0; i < len(sets); i += 2 {
			if err := SetParam(s, sets[i], sets[i+1]); err != nil {
				t.Fatal(err)
			}
		}
		sv, _ := hecoSolver(t, s, prob, 1, 60000)
		n, prevF, prevV := 0, math.Inf(1), math.Inf(1)
		for !sv.Done() {
			snap, err := sv.Step()
			if err != nil {
				t.Fatal(err)
			}
			b := 0
			for i := range snap.F {
				if betterNum(snap.F[i], snap.V[i], snap.F[b], snap.V[b]) {
					b = i
				}
			}
			if betterNum(prevF, prevV, snap.F[b], snap.V[b]) {
				n++
			}
			prevF, prevV = snap.F[b], snap.V[b]
		}
		return n
	}
	if n := degrades("keepbest", "true"); n != 0 {
		t.Errorf("keepbest: the population's best got worse in %d generations", n)
	}
	if n := degrades("keepbest", "true", "select", "seq"); n != 0 {
		t.Errorf("keepbest, select=seq: the population's best got worse in %d generations", n)
	}
	if n := degrades(); n == 0 {
		t.Errorf("without keepbest the best never got worse: the test shows nothing here")
	}
}

// fescount=trials: μ_t follows eq. (35) with t/T_max counting the trials
// only, (FES − μ0)/(MaxFES − μ0), and reaches μ_Tmax at the end.
func TestHECOFESCountTrials(t *testing.T) {
	prob, err := suite.New("C01", 10, suite.Options{DataSeed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := DefaultHECO(10)
	s.FESCount = FESTrials
	const fes = 24000
	sv, _ := hecoSolver(t, s, prob, 1, fes)
	mu0 := 120
	for !sv.Done() {
		snap, err := sv.Step()
		if err != nil {
			t.Fatal(err)
		}
		tau := math.Min(1, float64(snap.FES-mu0)/float64(fes-mu0))
		want := int(math.Round(float64(mu0) - tau*float64(mu0-12)))
		if snap.Generation > 0 && snap.PopSize() != want {
			t.Fatalf("generation %d, FES %d: |P| = %d, want %d", snap.Generation, snap.FES, snap.PopSize(), want)
		}
		if snap.Done && snap.PopSize() != 12 {
			t.Fatalf("the run ends with |P| = %d, want 12", snap.PopSize())
		}
	}
}

// atrim=trial: the archive never holds more than round(4·|P|) members with
// |P| at the start of the generation, after any trial.
func TestHECOArchiveTrimTrial(t *testing.T) {
	prob, err := suite.New("C05", 10, suite.Options{DataSeed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := DefaultHECO(10)
	s.ArchiveTrim = TrimTrial
	sv, h := hecoSolver(t, s, prob, 1, 20000)
	grew := false
	for !sv.Done() {
		size := h.pop.size()
		if _, err := sv.Step(); err != nil {
			t.Fatal(err)
		}
		if na := len(h.archive) / h.n; na > int(math.Round(4*float64(size))) {
			t.Fatalf("generation %d: |A| = %d > 4·%d", h.gen, na, size)
		} else if na > 4*h.pop.size() {
			grew = true // above the generation's end size: trimmed per trial, not at the end
		}
	}
	if !grew {
		t.Error("the archive never exceeded 4·μ_t after a generation: atrim=trial looks like atrim=generation")
	}
}

// deltatest: tested before the draw, the draw after a reset is uniform;
// after it, the draw still follows the counts that caused the reset.
func TestHECODeltaTest(t *testing.T) {
	for _, tc := range []struct {
		test HECODeltaTest
		want float64 // frequency of strategy 0 with n = (33, 0, 0, 0), n0 = 2
	}{{DeltaBefore, 0.25}, {DeltaAfter, 35.0 / 41}} {
		h := &heco{s: *DefaultHECO(10)}
		h.s.DeltaTest = tc.test
		r := rng.New(1, 2)
		const n = 40000
		zero := 0
		for range n {
			h.succ = [hecoStrategies]float64{33, 0, 0, 0}
			if h.chooseStrategy(r) == 0 {
				zero++
			}
			if h.succ != [hecoStrategies]float64{} {
				t.Fatalf("deltatest=%s: no reset", DeltaTestNames[tc.test])
			}
		}
		if f := float64(zero) / n; math.Abs(f-tc.want) > 0.01 {
			t.Errorf("deltatest=%s: strategy 0 in %.3f of the draws, want %.3f", DeltaTestNames[tc.test], f, tc.want)
		}
	}
}

// crdraw=onebm draws √(−2 ln u)·sin(2πu): mean 0.308, standard deviation
// 0.887, positive half of the time, never NaN at the ends of (0, 1].
func TestOneUniformNormal(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	const n = 400000
	var s, s2 float64
	pos := 0
	for range n {
		z := oneUniformNormal(1 - r.Float64())
		s += z
		s2 += z * z
		if z > 0 {
			pos++
		}
	}
	mean := s / n
	sd := math.Sqrt(s2/n - mean*mean)
	if math.Abs(mean-0.308) > 0.01 || math.Abs(sd-0.887) > 0.01 || math.Abs(float64(pos)/n-0.5) > 0.01 {
		t.Errorf("mean %.4f, sd %.4f, positive %.4f; want 0.308, 0.887, 0.5", mean, sd, float64(pos)/n)
	}
	if z := oneUniformNormal(1); z != 0 {
		t.Errorf("u = 1: %v, want 0", z)
	}
	if z := oneUniformNormal(math.SmallestNonzeroFloat64); math.IsNaN(z) || math.IsInf(z, 0) {
		t.Errorf("u = 5e-324: %v", z)
	}
}

// The preset's record names the preset first, then every value.
func TestGECCO2019Settings(t *testing.T) {
	s := DefaultHECO(10)
	if err := SetParam(s, PresetKey, "gecco2019"); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, p := range s.Params() {
		if p.OmitDefault && p.Get() == p.Default {
			continue
		}
		keys = append(keys, p.Key)
	}
	if got := strings.Join(keys, ","); !strings.HasPrefix(got, "preset,lambda,") || !strings.Contains(got, "donors,pbestrank,randmut,crtake,select,keepbest,crdraw,deltatest,atrim,fescount") {
		t.Errorf("record keys %s", got)
	}
}
