// Package pca implements PCA-projection (Huang, Xu, Li, He, §3.2) and the
// PCA-mutation of Munteanu & Lazarescu (§2.2).
package pca

import "errors"

// ErrZeroVariance is returned when the selected points have zero total
// variance (all identical), so no principal direction exists.
var ErrZeroVariance = errors.New("pca: the selected points have zero variance")

// Projection is what one PCA-projection did. All matrices are flat and
// row-major so they can be copied into typed arrays unchanged.
type Projection struct {
	N     int // dimension n
	Count int // number of input points
	K     int // points selected for the basis
	M     int // principal components kept

	// Selected are the indices (into the input) of the k best points, best first.
	Selected []int
	// Mean is m = (1/k) Σ x_i over the selected points.
	Mean []float64
	// Values are all n eigenvalues of Σ = 1/(k−1) Σ (x_i−m)(x_i−m)ᵀ, descending.
	Values []float64
	// Vectors holds the n eigenvectors in the same order: v_j is
	// Vectors[j*N:(j+1)*N]. The sign of each is fixed so that its
	// largest-magnitude coordinate is positive.
	Vectors []float64
	// Coords are y_i = Vᵀ(x_i − m) for every input point, Count×M.
	Coords []float64
	// Points are the reconstructions x'_i = m + V y_i, Count×N.
	Points []float64
}
