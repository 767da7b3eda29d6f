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
	Generation int `js:"generation"`
	N          int `js:"n"`
	Count      int `js:"count"`
	K          int `js:"k"`
	M          int `js:"m"`
	// Selected are indices into the inputs, best first.
	Selected []float64 `js:"selected"`
	// Inputs are the points the operator was applied to (Count×N):
	// Inputs[i] is x_i, Points[i] its reconstruction x'_i.
	Inputs []float64 `js:"inputs"`
	Mean   []float64 `js:"mean"`
	Values []float64 `js:"values"`
	// Vectors is n×n, v_j = Vectors[j*N:(j+1)*N].
	Vectors []float64 `js:"vectors"`
	// Coords is Count×M.
	Coords []float64 `js:"coords"`
	// Points are the reconstructions, Count×N.
	Points []float64 `js:"points"`
	// Trial[i] is 1 when row i became a child (a PCA trial), else 0.
	Trial []float64 `js:"trial"`
	// Children (Count×N) holds each trial's child as evaluated: x'_i
	// repaired into the box (equal to Points[i] when that was inside). Rows
	// without a trial hold their reconstruction.
	Children []float64 `js:"children"`
	// PF and PV are f and v of each child as the run counted them; NaN for
	// rows without a trial.
	PF []float64 `js:"pf"`
	PV []float64 `js:"pv"`
	// Accepted[i] is 1 when the selection accepted row i's child
	// (solver.PCATrial.Accepted), else 0.
	Accepted []float64 `js:"accepted"`
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
