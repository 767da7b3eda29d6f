package solver

import (
	"fmt"
	"testing"

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
