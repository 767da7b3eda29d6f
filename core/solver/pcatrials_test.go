package solver

import (
	"fmt"
	"math"
	"testing"

	"pcaplay/core/problem"
)

// inPop reports whether x is, bit for bit, a row of the population X.
func inPop(X []float64, n int, x []float64) bool {
	for i := 0; i+n <= len(X); i += n {
		if sameBits(X[i:i+n], x) {
			return true
		}
	}
	return false
}

// checkTrials checks the PCA trials of one snapshot against its projection:
// one per used input row, in row order; X is the row's reconstruction
// repaired into the box (the row itself when it was inside); F and V are the
// evaluation of X.
func checkTrials(t *testing.T, p problem.Problem, snap *Snapshot) {
	t.Helper()
	if snap.PCA == nil {
		if len(snap.PCATrials) != 0 {
			t.Fatalf("generation %d: %d PCA trials without a projection", snap.Generation, len(snap.PCATrials))
		}
		return
	}
	if len(snap.PCATrials) == 0 {
		t.Fatalf("generation %d: a projection but no PCA trial", snap.Generation)
	}
	n := p.Dim()
	lo, hi := p.Bounds()
	ev := problem.NewEvaluator(p)
	last := -1
	for _, tr := range snap.PCATrials {
		if tr.Index <= last || tr.Index >= snap.PCA.Count {
			t.Fatalf("generation %d: trial index %d after %d (count %d)", snap.Generation, tr.Index, last, snap.PCA.Count)
		}
		last = tr.Index
		pt := snap.PCA.Points[tr.Index*n : (tr.Index+1)*n]
		inside := true
		for d := range pt {
			inside = inside && pt[d] >= lo[d] && pt[d] <= hi[d]
			if !(tr.X[d] >= lo[d] && tr.X[d] <= hi[d]) {
				t.Fatalf("generation %d: trial %d leaves the box: %v", snap.Generation, tr.Index, tr.X)
			}
		}
		if inside && !sameBits(pt, tr.X) {
			t.Fatalf("generation %d: trial %d is %v, want its reconstruction %v", snap.Generation, tr.Index, tr.X, pt)
		}
		f, v := ev.Eval(tr.X)
		if math.Float64bits(f) != math.Float64bits(tr.F) || math.Float64bits(v) != math.Float64bits(tr.V) {
			t.Fatalf("generation %d: trial %d has f, v = %v, %v; evaluating it gives %v, %v", snap.Generation, tr.Index, tr.F, tr.V, f, v)
		}
	}
}

// PMODE reports its PCA children: a child that was not accepted is not in
// the population after the generation (outside the archive's reinsertion
// every K generations), and an accepted one is, unless a later child of the
// same generation that dominates it took its place.
func TestPMODEPCATrials(t *testing.T) {
	p := sphereCut{6}
	s := DefaultPMODE(6)
	s.PCAProb = 0.5
	sv, err := New(p, s, 3, 20000)
	if err != nil {
		t.Fatal(err)
	}
	trials, accepted := 0, 0
	for !sv.Done() {
		snap, err := sv.Step()
		if err != nil {
			t.Fatal(err)
		}
		checkTrials(t, p, &snap)
		for _, tr := range snap.PCATrials {
			trials++
			present := inPop(snap.X, 6, tr.X)
			switch {
			case tr.Accepted:
				accepted++
				if present {
					continue
				}
				displaced := false
				for _, o := range snap.PCATrials {
					if o.Index != tr.Index && inPop(snap.X, 6, o.X) && dominates(o.F, o.V, tr.F, tr.V) {
						displaced = true
					}
				}
				// a DE child may also have displaced it: the population
				// then holds a member dominating it
				for i := range snap.PopSize() {
					if dominates(snap.F[i], snap.V[i], tr.F, tr.V) {
						displaced = true
					}
				}
				if !displaced {
					t.Fatalf("generation %d: accepted trial %d is not in the population and nothing displaced it", snap.Generation, tr.Index)
				}
			case present && snap.Generation%s.K != 0:
				t.Fatalf("generation %d: trial %d was not accepted but is in the population", snap.Generation, tr.Index)
			}
		}
	}
	if trials == 0 || accepted == 0 || accepted == trials {
		t.Errorf("%d PCA trials, %d accepted: want some of each", trials, accepted)
	}
}

// HECO-PDE with a fixed population size: a PCA trial is in the population
// after its generation exactly when it was accepted.
func TestHECOPDEPCATrials(t *testing.T) {
	const D = 5
	s := DefaultHECOPDE(D)
	s.PCAProb, s.MuFinal = 0.3, 60 // μ_0 = 12·5 = 60 = μ_Tmax: no reduction
	sv, _ := hecoSolver(t, s, hecoSum{D}, 9, 20000)
	trials, accepted := 0, 0
	for !sv.Done() {
		snap, err := sv.Step()
		if err != nil {
			t.Fatal(err)
		}
		checkTrials(t, hecoSum{D}, &snap)
		for _, tr := range snap.PCATrials {
			trials++
			if tr.Accepted {
				accepted++
			}
			if present := inPop(snap.X, D, tr.X); present != tr.Accepted {
				t.Fatalf("generation %d: trial %d accepted=%v but in the population=%v", snap.Generation, tr.Index, tr.Accepted, present)
			}
		}
	}
	if trials == 0 || accepted == 0 || accepted == trials {
		t.Errorf("%d PCA trials, %d accepted: want some of each", trials, accepted)
	}
}

// added is the size of the multiset difference now − before of two
// populations of n-vectors, compared bit for bit: the rows put in (a
// converged population may hold equal rows, so a set would miss some).
func added(before, now []float64, n int) int {
	key := func(x []float64) string { return fmt.Sprint(bitsOf(x)) }
	count := map[string]int{}
	for i := 0; i+n <= len(before); i += n {
		count[key(before[i:i+n])]++
	}
	k := 0
	for i := 0; i+n <= len(now); i += n {
		if c := count[key(now[i:i+n])]; c > 0 {
			count[key(now[i:i+n])] = c - 1
		} else {
			k++
		}
	}
	return k
}

func bitsOf(x []float64) []uint64 {
	b := make([]uint64, len(x))
	for i, v := range x {
		b[i] = math.Float64bits(v)
	}
	return b
}

// Snapshot.Accepted counts what the selection kept. HECO-DE and HECO-PDE
// with a fixed population size: exactly the rows of the population after a
// generation that were not rows before it (as a multiset) (each accepted trial takes its
// parent's place, nothing else changes P). PMODE and CMODE: the children
// with a Replaced index. Never more than the generation's evaluations.
func TestAccepted(t *testing.T) {
	const D = 5
	pde := DefaultHECOPDE(D)
	pde.PCAProb, pde.MuFinal = 0.3, 60 // μ_0 = 12·5 = 60 = μ_Tmax: no reduction
	hde := DefaultHECO(D)
	hde.MuFinal = 60
	pm := DefaultPMODE(D)
	pm.PCAProb = 0.5
	for _, c := range []struct {
		s    Settings
		p    problem.Problem
		heco bool
	}{{pde, hecoSum{D}, true}, {hde, hecoSum{D}, true}, {pm, sphereCut{D}, false}, {DefaultCMODE(D), sphereCut{D}, false}} {
		t.Run(c.s.Algorithm(), func(t *testing.T) {
			sv, err := New(c.p, c.s, 11, 20000)
			if err != nil {
				t.Fatal(err)
			}
			var prev []float64
			fes, total, pcaAccepted := 0, 0, 0
			for !sv.Done() {
				snap, err := sv.Step()
				if err != nil {
					t.Fatal(err)
				}
				children := snap.FES - fes
				fes = snap.FES
				if snap.Generation == 0 {
					if snap.Accepted != 0 {
						t.Fatalf("generation 0: Accepted = %d, want 0", snap.Accepted)
					}
					prev = append(prev[:0], snap.X...)
					continue
				}
				if snap.Accepted < 0 || snap.Accepted > children {
					t.Fatalf("generation %d: Accepted = %d of %d children", snap.Generation, snap.Accepted, children)
				}
				want := 0
				if c.heco {
					want = added(prev, snap.X, D)
				} else {
					for _, r := range snap.Offspring.Replaced {
						if r >= 0 {
							want++
						}
					}
				}
				if snap.Accepted != want {
					t.Fatalf("generation %d: Accepted = %d, want %d", snap.Generation, snap.Accepted, want)
				}
				for _, tr := range snap.PCATrials {
					if tr.Accepted {
						pcaAccepted++
					}
				}
				total += snap.Accepted
				prev = append(prev[:0], snap.X...)
			}
			if total == 0 {
				t.Error("no child accepted in the whole run")
			}
			if pcaAccepted > total {
				t.Errorf("%d PCA children accepted of %d accepted in all", pcaAccepted, total)
			}
		})
	}
}
