package lesson

import (
	"fmt"
	"slices"

	"pcaplay/core/pca"
	"pcaplay/core/solver"
)

// StatSamples is the number of samples behind Stats: seeds 1…StatSamples.
const StatSamples = 500

// Stats tells how typical one sample is: for every k from MinK to MaxK,
// the quartiles of the angle between the first axis of the k best and the
// valley (as in Fit.AngleDeg) over the samples of seeds 1…Samples. Index
// k − MinK. A uniformly random direction would have quartiles 22.5°, 45°
// and 67.5°.
type Stats struct {
	Samples        int
	Q1, Median, Q3 []float64
}

// AngleStats returns the Stats over StatSamples samples. They are computed
// ahead of time (statsTable, written by TestStatsTable -update, which checks
// on every run that the table is what angleStats computes, natively and in
// WebAssembly): computing them takes ~0.1 s natively but ~0.7 s in the
// browser. The caller must not modify them.
func AngleStats() (*Stats, error) {
	if statsTable.Samples != StatSamples {
		return nil, fmt.Errorf("lesson: the angle table holds %d samples, want %d: run go test ./internal/lesson -run TestStatsTable -update", statsTable.Samples, StatSamples)
	}
	return &statsTable, nil
}

// angleStats draws the samples of seeds 1…n exactly as New does and fits
// the k best for every k.
func angleStats(n int) (*Stats, error) {
	nk := MaxK - MinK + 1
	angles := make([][]float64, nk)
	for seed := uint64(1); seed <= uint64(n); seed++ {
		o := DefaultOptions()
		o.Seed = seed
		p, set, err := pmode(o)
		if err != nil {
			return nil, err
		}
		sv, err := solver.New(p, set, seed, SampleSize)
		if err != nil {
			return nil, fmt.Errorf("lesson: %w", err)
		}
		snap, err := sv.Step()
		if err != nil {
			return nil, fmt.Errorf("lesson: %w", err)
		}
		less := pca.ByFeasibility(snap.F, snap.V)
		for k := MinK; k <= MaxK; k++ {
			pr, err := pca.Project(snap.X, 2, less, k, Components)
			if err != nil {
				return nil, fmt.Errorf("lesson: seed %d, PCA of the %d best: %w", seed, k, err)
			}
			mean := [2]float64{pr.Mean[0], pr.Mean[1]}
			axis := [2]float64{pr.Vectors[0], pr.Vectors[1]}
			angles[k-MinK] = append(angles[k-MinK], AngleDeg(axis, NearestFloor(mean).Tangent))
		}
	}
	s := &Stats{Samples: n}
	for _, a := range angles {
		slices.Sort(a)
		s.Q1 = append(s.Q1, quantile(a, 0.25))
		s.Median = append(s.Median, quantile(a, 0.5))
		s.Q3 = append(s.Q3, quantile(a, 0.75))
	}
	return s, nil
}

// quantile returns the q-quantile of the sorted a by linear interpolation
// between order statistics (Hyndman and Fan's type 7, the default of R and
// NumPy).
func quantile(a []float64, q float64) float64 {
	h := q * float64(len(a)-1)
	i := int(h)
	if i+1 >= len(a) {
		return a[len(a)-1]
	}
	return a[i] + (h-float64(i))*(a[i+1]-a[i])
}
