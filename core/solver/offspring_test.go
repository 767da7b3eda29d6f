package solver

import (
	"testing"

	"pcaplay/core/de"
	"pcaplay/core/problem"
)

// TestOffspringTellsTheGeneration checks Snapshot.Offspring of PMODE against
// the population before and after each generation: Q is λ distinct
// members, every child is evaluated as reported, PCA children are the
// projection's points, R is exactly the children no other child dominates,
// and the population changes exactly at the reported replacements, each by
// a child that dominated the member it replaced.
func TestOffspringTellsTheGeneration(t *testing.T) {
	p := sphereCut{4}
	s := DefaultPMODE(4)
	s.Mu, s.Lambda, s.PCAK, s.PCAM = 30, 12, 6, 2
	s.PCAProb = 0.5
	s.K = 100000 // no infeasible-solution replacement: it is not part of Offspring
	const n = 4
	sv, err := New(p, s, 5, 30+12*40-5) // the last generation is cut short
	if err != nil {
		t.Fatal(err)
	}
	snap, _ := sv.Step()
	if snap.Offspring != nil {
		t.Fatal("the initial population reports offspring")
	}
	ev := problem.NewEvaluator(p)
	lo, hi := p.Bounds()
	before := append([]float64(nil), snap.X...)
	beforeF := append([]float64(nil), snap.F...)
	beforeV := append([]float64(nil), snap.V...)
	pcaChildren, replacements, short := 0, 0, false
	for !sv.Done() {
		snap, err = sv.Step()
		if err != nil {
			t.Fatal(err)
		}
		o := snap.Offspring
		if o == nil {
			t.Fatalf("generation %d: no offspring", snap.Generation)
		}
		nc := o.Children()
		if len(o.Q) != 12 || nc > 12 || len(o.X) != nc*n || len(o.V) != nc ||
			len(o.FromPCA) != nc || len(o.NonDominated) != nc || len(o.Replaced) != nc {
			t.Fatalf("generation %d: |Q| = %d, %d children, lengths %d %d %d %d %d", snap.Generation,
				len(o.Q), nc, len(o.X), len(o.V), len(o.FromPCA), len(o.NonDominated), len(o.Replaced))
		}
		short = short || nc < 12
		seen := map[int]bool{}
		for _, q := range o.Q {
			if q < 0 || q >= 30 || seen[q] {
				t.Fatalf("generation %d: Q = %v is not λ distinct members", snap.Generation, o.Q)
			}
			seen[q] = true
		}
		row := func(a []float64, i int) []float64 { return a[i*n : (i+1)*n] }
		want := map[int]int{} // population index → the last child written there
		for i := range nc {
			f, v := ev.Eval(row(o.X, i))
			if f != o.F[i] || v != o.V[i] {
				t.Fatalf("generation %d child %d: reported (f, v) = (%v, %v), evaluates to (%v, %v)", snap.Generation, i, o.F[i], o.V[i], f, v)
			}
			if o.FromPCA[i] {
				pcaChildren++
				// x'_i, reflected into the box as the solver documents.
				var xp []float64
				if snap.PCA != nil {
					xp = append(xp, row(snap.PCA.Points, i)...)
					de.Reflect.Repair(xp, row(before, o.Q[i]), lo, hi, nil)
				}
				if !sameBits(row(o.X, i), xp) {
					t.Fatalf("generation %d child %d: marked PCA but is not x'_%d of the projection: %v vs %v", snap.Generation, i, i, row(o.X, i), row(snap.PCA.Points, i))
				}
				if !sameBits(row(snap.PCA.Input, i), row(before, o.Q[i])) {
					t.Fatalf("generation %d: the projection's input %d is not Q's member %d", snap.Generation, i, i)
				}
			}
			dominated := false
			for j := range nc {
				if j != i && dominates(o.F[j], o.V[j], o.F[i], o.V[i]) {
					dominated = true
				}
			}
			if o.NonDominated[i] == dominated {
				t.Fatalf("generation %d child %d: NonDominated = %v, but dominated = %v", snap.Generation, i, o.NonDominated[i], dominated)
			}
			if r := o.Replaced[i]; r >= 0 {
				replacements++
				if !o.NonDominated[i] || !seen[r] {
					t.Fatalf("generation %d child %d replaced %d: not in R or not in Q", snap.Generation, i, r)
				}
				want[r] = i
			}
		}
		for pi := range 30 {
			got := row(snap.X, pi)
			if ci, ok := want[pi]; ok {
				if !sameBits(got, row(o.X, ci)) || snap.F[pi] != o.F[ci] || snap.V[pi] != o.V[ci] {
					t.Fatalf("generation %d: member %d is not child %d that replaced it", snap.Generation, pi, ci)
				}
				continue
			}
			if !sameBits(got, row(before, pi)) || snap.F[pi] != beforeF[pi] || snap.V[pi] != beforeV[pi] {
				t.Fatalf("generation %d: member %d changed without a reported replacement", snap.Generation, pi)
			}
		}
		// A replacement is by a child that dominates the member it replaced
		// at that moment; the first write to an index replaced an old member.
		first := map[int]bool{}
		for i := range nc {
			if r := o.Replaced[i]; r >= 0 && !first[r] {
				first[r] = true
				if !dominates(o.F[i], o.V[i], beforeF[r], beforeV[r]) {
					t.Fatalf("generation %d: child %d replaced member %d, which it does not dominate", snap.Generation, i, r)
				}
			}
		}
		before = append(before[:0], snap.X...)
		beforeF = append(beforeF[:0], snap.F...)
		beforeV = append(beforeV[:0], snap.V...)
	}
	if pcaChildren == 0 || replacements == 0 || !short {
		t.Fatalf("the run did not exercise the trace: %d PCA children, %d replacements, short last generation %v",
			pcaChildren, replacements, short)
	}
}

// CMODE reports offspring too, none of them from PCA-projection.
func TestOffspringCMODE(t *testing.T) {
	sv, err := New(sphereCut{3}, DefaultCMODE(3), 2, 180+8*5)
	if err != nil {
		t.Fatal(err)
	}
	for !sv.Done() {
		snap, err := sv.Step()
		if err != nil {
			t.Fatal(err)
		}
		if snap.Generation == 0 {
			continue
		}
		if snap.Offspring == nil || snap.Offspring.Children() != 8 {
			t.Fatalf("generation %d: offspring %+v", snap.Generation, snap.Offspring)
		}
		for i, pc := range snap.Offspring.FromPCA {
			if pc {
				t.Fatalf("CMODE child %d marked as a PCA child", i)
			}
		}
	}
}
