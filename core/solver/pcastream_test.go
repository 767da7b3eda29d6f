package solver

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"pcaplay/core/de"
	"pcaplay/core/suite"
)

// spec names a problem of package suite at a dimension.
type spec struct {
	name string
	dim  int
}

// pcaTrace runs algo with the settings sets (key=value pairs) on p for fes
// evaluations and returns the hash of every generation's snapshot and the
// index of the first generation that made PCA children (−1: none).
func pcaTrace(t *testing.T, algo string, sets []string, p spec, seed uint64, fes int) (hashes []uint64, firstPCA int) {
	t.Helper()
	prob, err := suite.New(p.name, p.dim, suite.Options{DataSeed: 1})
	if err != nil {
		t.Fatal(err)
	}
	a, err := Lookup(algo)
	if err != nil {
		t.Fatal(err)
	}
	s := a.Defaults(p.dim)
	for i := 0; i < len(sets); i += 2 {
		if err := SetParam(s, sets[i], sets[i+1]); err != nil {
			t.Fatal(err)
		}
	}
	sv, err := New(prob, s, seed, fes)
	if err != nil {
		t.Fatal(err)
	}
	firstPCA = -1
	for !sv.Done() {
		snap, err := sv.Step()
		if err != nil {
			t.Fatal(err)
		}
		if firstPCA < 0 && len(snap.PCATrials) > 0 {
			firstPCA = len(hashes)
		}
		hashes = append(hashes, snapHash(snap))
	}
	return hashes, firstPCA
}

// TestPCAStreamOwnControl: with the PCA coin on a stream of its own,
// pcaprob = 0 makes PMODE CMODE and HECO-PDE HECO-DE bit for bit (every
// generation's population, f, v, best and adaptation), and with pcaprob > 0
// the paired runs are the same up to the first generation with a PCA child
// (common random numbers). On the run's own stream (the default), the coin
// alone makes the runs differ even at pcaprob = 0.
func TestPCAStreamOwnControl(t *testing.T) {
	for _, pair := range [][2]string{{"cmode", "pmode"}, {"heco-de", "heco-pde"}} {
		for _, p := range []spec{{"C01", 10}, {"C05", 10}, {"C17", 10}, {"rosenbrock", 2}} {
			for seed := uint64(1); seed <= 2; seed++ {
				name := fmt.Sprintf("%s/%s/D%d/seed%d", pair[1], p.name, p.dim, seed)
				t.Run(name, func(t *testing.T) {
					const fes = 6000
					base, _ := pcaTrace(t, pair[0], nil, p, seed, fes)
					ctl, first := pcaTrace(t, pair[1], []string{"pcaprob", "0", "pcastream", "own"}, p, seed, fes)
					if first >= 0 {
						t.Fatalf("pcaprob 0 made PCA children in generation %d", first)
					}
					if !equalHashes(base, ctl) {
						t.Fatalf("%s with pcaprob=0,pcastream=own is not %s: %d and %d generations, first difference at %d",
							pair[1], pair[0], len(ctl), len(base), firstDiff(base, ctl))
					}
					shared, _ := pcaTrace(t, pair[1], []string{"pcaprob", "0"}, p, seed, fes)
					if equalHashes(base, shared) {
						t.Errorf("%s with pcaprob=0 on the shared stream equals %s: the coin's draws should shift the run", pair[1], pair[0])
					}
					crn, first := pcaTrace(t, pair[1], []string{"pcastream", "own"}, p, seed, fes)
					if first < 0 {
						t.Fatalf("pcaprob 0.1 made no PCA child in %d evaluations", fes)
					}
					if d := firstDiff(base, crn); d < first {
						t.Errorf("with pcastream=own the runs part at generation %d, before the first PCA child (generation %d)", d, first)
					}
				})
			}
		}
	}
}

func equalHashes(a, b []uint64) bool { return firstDiff(a, b) == len(a) && len(a) == len(b) }

// firstDiff returns the first index where a and b differ, or the shorter length.
func firstDiff(a, b []uint64) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestHECOPCAWindow: with pcafrom and pcato, PCA trials come only from
// generations that start inside [pcafrom, pcato) of the budget.
func TestHECOPCAWindow(t *testing.T) {
	prob, err := suite.New("C01", 10, suite.Options{DataSeed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := DefaultHECOPDE(10)
	for k, v := range map[string]string{"pcaprob": "0.5", "pcafrom": "0.3", "pcato": "0.6"} {
		if err := SetParam(s, k, v); err != nil {
			t.Fatal(err)
		}
	}
	const fes = 20000
	sv, err := New(prob, s, 3, fes)
	if err != nil {
		t.Fatal(err)
	}
	inside, withPCA := 0, 0
	for !sv.Done() {
		tau := float64(sv.FES()) / fes
		snap, err := sv.Step()
		if err != nil {
			t.Fatal(err)
		}
		if snap.Generation == 0 {
			continue // the initial population
		}
		in := 0.3 <= tau && tau < 0.6
		if in {
			inside++
		}
		if len(snap.PCATrials) > 0 {
			withPCA++
			if !in {
				t.Fatalf("generation %d starts at FES/MaxFES = %.4f, outside [0.3, 0.6), and has %d PCA trials", snap.Generation, tau, len(snap.PCATrials))
			}
		}
	}
	if withPCA == 0 || withPCA < inside/2 {
		t.Errorf("%d of %d generations inside the window had PCA trials (pcaprob 0.5, λ = 12)", withPCA, inside)
	}
	bad := DefaultHECOPDE(10)
	for k, v := range map[string]string{"pcafrom": "0.6", "pcato": "0.6"} {
		if err := SetParam(bad, k, v); err != nil {
			t.Fatal(err)
		}
	}
	if err := bad.Validate(prob); err == nil || !strings.Contains(err.Error(), "pcafrom = 0.6") {
		t.Errorf("pcafrom = pcato = 0.6: got %v, want an error naming pcafrom = 0.6", err)
	}
}

// TestHECOPCARank: pcaLess orders Q by the reading pcarank names.
func TestHECOPCARank(t *testing.T) {
	h := &heco{s: *DefaultHECOPDE(3)}
	lam := h.s.Lambda
	h.qf, h.qv, h.qe = make([]float64, lam), make([]float64, lam), make([]float64, lam)
	h.w1, h.w2, h.w3 = make([]float64, lam), make([]float64, lam), make([]float64, lam)
	hecoWeightsAll(h.s.W1, 0.5, h.w1, h.w2, h.w3)
	for i := range lam {
		// f falls with i, v is 0 for even i and rises for odd i, ẽ is
		// largest in the middle: every reading orders Q differently.
		h.qf[i] = float64(lam - i)
		if i%2 == 1 {
			h.qv[i] = float64(i)
		}
		h.qe[i] = math.Abs(float64(i) - float64(lam)/2)
	}
	eLo, eHi := minMax(h.qe)
	fLo, fHi := minMax(h.qf)
	vLo, vHi := minMax(h.qv)
	fi := make([]float64, lam)
	for i := range fi {
		fi[i] = h.w1[i]*hecoNorm(h.qe[i], eLo, eHi) + h.w2[i]*hecoNorm(h.qv[i], vLo, vHi) + h.w3[i]*hecoNorm(h.qf[i], fLo, fHi)
	}
	key := map[HECOPCARank]func(i int) [2]float64{
		PCARankFeasibility: func(i int) [2]float64 { return [2]float64{h.qv[i], h.qf[i]} },
		PCARankE:           func(i int) [2]float64 { return [2]float64{h.qe[i], 0} },
		PCARankF:           func(i int) [2]float64 { return [2]float64{h.qf[i], 0} },
		PCARankFi:          func(i int) [2]float64 { return [2]float64{fi[i], 0} },
	}
	orders := map[string]bool{}
	for rank, name := range PCARankNames {
		if err := SetParam(&h.s, "pcarank", name); err != nil {
			t.Fatal(err)
		}
		less := h.pcaLess()
		k := key[HECOPCARank(rank)]
		for i := range lam {
			for j := range lam {
				ki, kj := k(i), k(j)
				want := ki[0] < kj[0] || ki[0] == kj[0] && ki[1] < kj[1]
				if got := less(i, j); got != want {
					t.Fatalf("pcarank=%s: less(%d, %d) = %v, want %v (keys %v, %v)", name, i, j, got, want, ki, kj)
				}
			}
		}
		idx := make([]int, lam)
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int {
			if less(a, b) {
				return -1
			} else if less(b, a) {
				return 1
			}
			return 0
		})
		orders[fmt.Sprint(idx[:4])] = true
	}
	if len(orders) != len(PCARankNames) {
		t.Errorf("the %d readings pick %d different sets of 4 best: the test data does not tell them apart", len(PCARankNames), len(orders))
	}
}

// TestHECOPCABound: pcabound=trial is the trials' rule for a trial without
// strategy (midpoint under bound=lshade44), another name that rule.
func TestHECOPCABound(t *testing.T) {
	h := &heco{s: *DefaultHECOPDE(3)}
	if got := h.pcaChildBound(); got != de.Midpoint {
		t.Errorf("pcabound=trial, bound=lshade44: %v, want midpoint", got)
	}
	for _, name := range de.BoundNames {
		if err := SetParam(&h.s, "pcabound", name); err != nil {
			t.Fatal(err)
		}
		if got := h.pcaChildBound(); de.BoundNames[got] != name {
			t.Errorf("pcabound=%s: %s", name, de.BoundNames[got])
		}
	}
}
