package play

import (
	"math"

	"pcaplay/core/solver"
)

// Operator is one PCA-projection as the page draws it, phase by phase
// (OperatorPhases): select → principal axes → project → reconstruct →
// evaluate → replace.
//
// The projection maps every row of its input (the members of Q) to a
// reconstruction, but only some rows become children: each member of Q gets
// a PCA child with probability pcaprob and a DE child otherwise. Trial marks
// those rows; their children, f, v and the selection's verdict are the
// solver's own (solver.PCATrial), not evaluated again here.
type Operator struct {
	Generation int
	N, Count   int
	K, M       int
	Selected   []float64 // indices into the inputs, best first
	// Inputs are the points the operator was applied to (Count×N):
	// Inputs[i] is x_i, Points[i] its reconstruction x'_i.
	Inputs  []float64
	Mean    []float64
	Values  []float64
	Vectors []float64 // n×n, v_j = Vectors[j*N:(j+1)*N]
	Coords  []float64 // Count×M
	Points  []float64 // reconstructions, Count×N
	// Trial[i] is 1 when row i became a child (a PCA trial), else 0.
	Trial []float64
	// Children (Count×N) holds each trial's child as evaluated: x'_i
	// repaired into the box (equal to Points[i] when that was inside). Rows
	// without a trial hold their reconstruction.
	Children []float64
	// PF and PV are f and v of each child as the run counted them; NaN for
	// rows without a trial.
	PF, PV []float64
	// Accepted[i] is 1 when the selection accepted row i's child
	// (solver.PCATrial.Accepted), else 0.
	Accepted []float64
}

func newOperator(snap *solver.Snapshot) *Operator {
	r := snap.PCA
	n := r.N
	op := &Operator{Generation: snap.Generation, N: n, Count: r.Count, K: r.K, M: r.M,
		Inputs:   append([]float64(nil), r.Input...),
		Mean:     append([]float64(nil), r.Mean...),
		Values:   append([]float64(nil), r.Values...),
		Vectors:  append([]float64(nil), r.Basis()...), // the whole basis: the page draws dropped axes too
		Coords:   append([]float64(nil), r.Coords...),
		Points:   append([]float64(nil), r.Points...),
		Children: append([]float64(nil), r.Points...),
		Trial:    make([]float64, r.Count),
		PF:       make([]float64, r.Count),
		PV:       make([]float64, r.Count),
		Accepted: make([]float64, r.Count),
	}
	for _, i := range r.Selected {
		op.Selected = append(op.Selected, float64(i))
	}
	for i := range op.PF {
		op.PF[i], op.PV[i] = math.NaN(), math.NaN()
	}
	for _, t := range snap.PCATrials {
		i := t.Index
		op.Trial[i] = 1
		copy(op.Children[i*n:(i+1)*n], t.X)
		op.PF[i], op.PV[i] = t.F, t.V
		if t.Accepted {
			op.Accepted[i] = 1
		}
	}
	return op
}
