package solver

import (
	"math"
	"testing"

	"pcaplay/core/problem"
)

// betterNum is problem.Better wherever neither point has a NaN.
func TestBetterNumIsBetter(t *testing.T) {
	vals := []float64{math.Inf(-1), -1, math.Copysign(0, -1), 0, 5e-324, 1, 2, math.MaxFloat64, math.Inf(1)}
	for _, fa := range vals {
		for _, va := range vals {
			for _, fb := range vals {
				for _, vb := range vals {
					if got, want := betterNum(fa, va, fb, vb), problem.Better(fa, va, fb, vb); got != want {
						t.Errorf("betterNum(%v, %v, %v, %v) = %v, problem.Better %v", fa, va, fb, vb, got, want)
					}
				}
			}
		}
	}
}
