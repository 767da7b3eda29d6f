// Package lesson computes the playground's guided lesson on Fig. 1 of Huang,
// Xu, Li and He (§3.1 "Principle Component Analysis and Valley Direction"):
// why the principal axis of the few best points of a random sample follows
// Rosenbrock's valley while that of the whole sample does not, then the
// operator built on it (PCA-projection, §3.2) and its place in one PMODE
// generation (§4.1).
//
//	l, err := lesson.New(lesson.Options{Seed: 1, K: 6, PCAProb: 0.1})
//	for _, st := range l.Steps() { fmt.Println(st.Label, st.Title) }
//
// Go decides, the page draws: a Lesson holds every number the figure shows
// (the sample, the k best, both principal axes, projections, the angle to
// the valley, one PMODE generation), and Steps gives each step's text and
// the layers its figure shows. The page only maps layers to marks.
//
// # The setting of Fig. 1
//
// Rosenbrock's function f(x, y) = (1 − x)² + 100 (y − x²)² on the box
// −1 ≤ x, y ≤ 2 (teach.Rosenbrock; the paper prints the second term without
// its square, a typo that teach.Rosenbrock documents). The sample is 20
// points drawn uniformly in the box; the k best (k = 6 in Fig. 1) are the
// k first by the feasibility rule (problem.Better; on this unconstrained
// problem simply the k smallest f).
//
// The sample is not drawn here: it is the initial population of the
// playground's own PMODE run on "rosenbrock" with μ = λ = 20, k = K and the
// seed (see PlaygroundParams), so "open in the playground" starts from the
// very same 20 points, and one Step of that solver is the PMODE generation
// of the last step. Every number is a function of Options and the same
// Options give the same bits natively and in the browser (the golden test
// runs on both).
//
// # The valley's direction
//
// The angle reported for a principal axis is the angle between the axis
// and the valley floor's tangent, where the floor is the parabola y = x²
// (the curve on which the second term vanishes) and the tangent is taken at
// the floor's point nearest to the mean the axis passes through
// (NearestFloor). It lies in [0°, 90°]: 0° means the axis runs along the
// valley, 90° straight across it.
package lesson

import (
	"fmt"
	"math"
	"strconv"

	"pcaplay/core/pca"
	"pcaplay/core/problem"
	"pcaplay/core/solver"
	"pcaplay/core/suite"
)

// Name is the lesson's key in the URL (lesson=fig1).
const Name = "fig1"

// The lesson's fixed setting and its defaults.
const (
	// Problem is the playground's key of Rosenbrock's function.
	Problem = "rosenbrock"
	// SampleSize is the number of random points of Fig. 1 (§3.1).
	SampleSize = 20
	// DefaultK is the number of best points of Fig. 1 (§3.1: "select 6
	// points with smallest function values").
	DefaultK = 6
	// MinK and MaxK bound k: a covariance needs two points, and k = 20 is
	// the whole sample (Fig. 1(d)).
	MinK = 2
	MaxK = SampleSize
	// DefaultSeed is the seed of the sample when the URL gives none. It is
	// chosen, as a textbook figure is: its sample shows Fig. 1's contrast
	// clearly (the axis of the 6 best is 2.9° off the valley, that of all
	// 20 is 88° off) and its first PMODE generation has PCA children.
	// Resampling shows how typical that is, and AngleStats says it in
	// numbers.
	DefaultSeed uint64 = 6
	// DefaultPCAProb is PMODE's probability of a PCA child (§4.1, line 10).
	DefaultPCAProb = 0.1
	// Components is m, the principal components PCA-projection keeps: at
	// D = 2 the only choice with m < D.
	Components = 1
)

// Options choose the lesson's sample and settings.
type Options struct {
	// Seed is the seed of PMODE's run whose initial population is the sample.
	Seed uint64
	// K is the number of best points the PCA is fitted to, MinK…MaxK.
	K int
	// PCAProb is PMODE's probability p of a PCA child in the generation of
	// the last step, in [0, 1].
	PCAProb float64
}

// DefaultOptions returns Fig. 1's setting (k = 6), PMODE's p = 0.1 and
// DefaultSeed.
func DefaultOptions() Options {
	return Options{Seed: DefaultSeed, K: DefaultK, PCAProb: DefaultPCAProb}
}

// Check returns an error naming the first bad value, or nil.
func (o Options) Check() error {
	switch {
	case o.K < MinK || o.K > MaxK:
		return fmt.Errorf("pcak = %d: k must be in [%d, %d]", o.K, MinK, MaxK)
	case !(o.PCAProb >= 0 && o.PCAProb <= 1):
		return fmt.Errorf("pcaprob = %v: p must be in [0, 1]", o.PCAProb)
	}
	return nil
}

// PlaygroundParams returns the playground's URL values of the PMODE run
// whose initial population is the lesson's sample and whose first
// generation is Lesson.Gen: Rosenbrock, PMODE with μ = λ = 20, k = K,
// p = PCAProb and the seed. Every other setting is PMODE's default.
func (o Options) PlaygroundParams() map[string]string {
	return map[string]string{
		"problem": Problem,
		"algo":    "pmode",
		"seed":    strconv.FormatUint(o.Seed, 10),
		"pop":     strconv.Itoa(SampleSize),
		"lambda":  strconv.Itoa(SampleSize),
		"pcak":    strconv.Itoa(o.K),
		"pcaprob": strconv.FormatFloat(o.PCAProb, 'g', -1, 64),
	}
}

// Lesson is everything the lesson's figure shows for one Options. Points
// are row-major (x, y) pairs: point i is X[2i], X[2i+1].
type Lesson struct {
	Options
	// Lower and Upper are the box [−1, 2]², Optimum is (1, 1) with f = 0.
	Lower, Upper, Optimum [2]float64
	// X holds the SampleSize random points, F their f and Dist their
	// distances to the valley floor.
	X, F, Dist []float64
	// Order lists the points best first by the feasibility rule; Order[:K]
	// are the k best.
	Order []int
	// Best is the PCA of the k best (Fig. 1(c)); its projections of all 20
	// points are PCA-projection's children (step e).
	Best Fit
	// All is the PCA of all 20 points (Fig. 1(d)).
	All Fit
	// Angles[k−MinK] is the angle to the valley of the first axis of the k
	// best, for every k from MinK to MaxK (Angles[K−MinK] = Best.AngleDeg).
	Angles []float64
	// Gen is the first PMODE generation from the sample.
	Gen Generation
}

// Fit is the PCA of some of the sample's points with one kept component
// (m = 1), and its relation to the valley.
type Fit struct {
	// Selected are the indices of the points the PCA is fitted to, best first.
	Selected []int
	// Mean is their mean m and Values the eigenvalues λ₁ ≥ λ₂ of their
	// covariance Σ (§3.2, step 2).
	Mean, Values [2]float64
	// Axis is v₁, the unit eigenvector of λ₁ (sign: its larger coordinate
	// in magnitude is positive).
	Axis [2]float64
	// Coords are y_i = v₁ᵀ(x_i − m) and Points the reconstructions
	// x'_i = m + v₁ y_i (§3.2, steps 4 and 5) of ALL sample points, in
	// sample order; PointsF are f(x'_i) and PointsDist their distances to
	// the valley floor.
	Coords, Points, PointsF, PointsDist []float64
	// Floor is the valley floor's point nearest to Mean, with its tangent.
	Floor Floor
	// AngleDeg is the angle between Axis and Floor.Tangent, in [0°, 90°].
	AngleDeg float64
	// MeanDist is the mean distance to the floor of the reconstructions of
	// the selected points: how close the projected points lie to the valley.
	MeanDist float64
	// Improved counts the sample points whose reconstruction has a smaller
	// f than the point itself.
	Improved int
}

// Generation is one PMODE generation (§4.1, lines 6–24) from the sample, as
// the solver reports it (solver.Offspring): μ = λ = 20, so Q holds every
// point of the sample, in the random order of line 7.
type Generation struct {
	Mu, Lambda, K, M int
	PCAProb          float64
	// Q lists the sample's indices in Q's order: child i is the trial of
	// sample point Q[i].
	Q []int
	// Children are the λ children (row-major) and ChildF their f.
	Children, ChildF []float64
	// FromPCA[i]: child i is x'_i from PCA-projection (lines 10–12), not a
	// DE trial (line 14).
	FromPCA []bool
	// NonDominated[i]: child i is in R (line 19).
	NonDominated []bool
	// Replaced[i] is the sample index child i replaced (lines 20–23), or −1.
	Replaced []int
	// HasPCA reports that PCA-projection ran (some child came from it);
	// PCAMean and PCAAxis are then the mean and first axis of the k best of
	// Q (line 11).
	HasPCA           bool
	PCAMean, PCAAxis [2]float64
	// After is the population after the generation (line 24), AfterF its f.
	After, AfterF []float64
}

// New computes the lesson for o. It returns an error naming a bad value of
// o; it never panics.
func New(o Options) (*Lesson, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	p, set, err := pmode(o)
	if err != nil {
		return nil, err
	}
	sv, err := solver.New(p, set, o.Seed, 2*SampleSize)
	if err != nil {
		return nil, fmt.Errorf("lesson: %w", err)
	}
	snap, err := sv.Step() // the initial population: the sample
	if err != nil {
		return nil, fmt.Errorf("lesson: %w", err)
	}
	if snap.PopSize() != SampleSize || snap.Dim != 2 {
		return nil, fmt.Errorf("lesson: the initial population has %d points in %d-D, want %d in 2-D", snap.PopSize(), snap.Dim, SampleSize)
	}
	lo, hi := p.Bounds()
	opt, ok := p.(problem.Optimum)
	if !ok {
		return nil, fmt.Errorf("lesson: %s has no known optimum", p.Name())
	}
	xo, _ := opt.Optimum()
	l := &Lesson{
		Options: o,
		Lower:   [2]float64{lo[0], lo[1]},
		Upper:   [2]float64{hi[0], hi[1]},
		Optimum: [2]float64{xo[0], xo[1]},
		X:       append([]float64(nil), snap.X...),
		F:       append([]float64(nil), snap.F...),
	}
	for i := range SampleSize {
		l.Dist = append(l.Dist, NearestFloor([2]float64{l.X[2*i], l.X[2*i+1]}).Dist)
	}
	v := append([]float64(nil), snap.V...)
	less := pca.ByFeasibility(l.F, v)

	// The ranking of all 20 (the selection step of PCA-projection).
	all, err := l.fit(p, less, SampleSize)
	if err != nil {
		return nil, err
	}
	l.All = all
	l.Order = append([]int(nil), all.Selected...)
	for k := MinK; k <= MaxK; k++ {
		f, err := l.fit(p, less, k)
		if err != nil {
			return nil, err
		}
		l.Angles = append(l.Angles, f.AngleDeg)
		if k == o.K {
			l.Best = f
		}
	}

	// One PMODE generation from the sample.
	snap, err = sv.Step()
	if err != nil {
		return nil, fmt.Errorf("lesson: %w", err)
	}
	os := snap.Offspring
	if os == nil {
		return nil, fmt.Errorf("lesson: the PMODE generation reported no offspring")
	}
	g := Generation{Mu: SampleSize, Lambda: SampleSize, K: o.K, M: Components, PCAProb: o.PCAProb,
		Q:            append([]int(nil), os.Q...),
		Children:     append([]float64(nil), os.X...),
		ChildF:       append([]float64(nil), os.F...),
		FromPCA:      append([]bool(nil), os.FromPCA...),
		NonDominated: append([]bool(nil), os.NonDominated...),
		Replaced:     append([]int(nil), os.Replaced...),
		After:        append([]float64(nil), snap.X...),
		AfterF:       append([]float64(nil), snap.F...),
	}
	if pr := snap.PCA; pr != nil {
		g.HasPCA = true
		g.PCAMean = [2]float64{pr.Mean[0], pr.Mean[1]}
		g.PCAAxis = [2]float64{pr.Vectors[0], pr.Vectors[1]}
	}
	l.Gen = g
	return l, nil
}

// pmode returns the problem and the settings of the playground's run named
// by o.PlaygroundParams, built the way the playground builds them.
func pmode(o Options) (problem.Problem, solver.Settings, error) {
	params := o.PlaygroundParams()
	p, err := suite.New(params["problem"], 2, suite.Options{})
	if err != nil {
		return nil, nil, fmt.Errorf("lesson: %w", err)
	}
	alg, err := solver.Lookup(params["algo"])
	if err != nil {
		return nil, nil, fmt.Errorf("lesson: %w", err)
	}
	s := alg.Defaults(2)
	for _, key := range []string{"pop", "lambda", "pcak", "pcaprob"} {
		if err := solver.SetParam(s, key, params[key]); err != nil {
			return nil, nil, fmt.Errorf("lesson: %w", err)
		}
	}
	if err := s.Validate(p); err != nil {
		return nil, nil, fmt.Errorf("lesson: %w", err)
	}
	return p, s, nil
}

// fit runs PCA-projection's steps 1–5 (§3.2) with m = 1 on the k best of
// the sample and measures the axis against the valley.
func (l *Lesson) fit(p problem.Problem, less func(i, j int) bool, k int) (Fit, error) {
	pr, err := pca.Project(l.X, 2, less, k, Components)
	if err != nil {
		// Twenty points drawn in a box are never all identical, so even
		// ErrZeroVariance is a failure here.
		return Fit{}, fmt.Errorf("lesson: PCA of the %d best: %w", k, err)
	}
	f := Fit{
		Selected: pr.Selected,
		Mean:     [2]float64{pr.Mean[0], pr.Mean[1]},
		Values:   [2]float64{pr.Values[0], pr.Values[1]},
		Axis:     [2]float64{pr.Vectors[0], pr.Vectors[1]},
		Coords:   pr.Coords,
		Points:   pr.Points,
	}
	f.Floor = NearestFloor(f.Mean)
	f.AngleDeg = AngleDeg(f.Axis, f.Floor.Tangent)
	x := make([]float64, 2)
	for i := range SampleSize {
		copy(x, f.Points[2*i:2*i+2])
		fx := p.Evaluate(x, nil, nil)
		f.PointsF = append(f.PointsF, fx)
		f.PointsDist = append(f.PointsDist, NearestFloor([2]float64{x[0], x[1]}).Dist)
		if fx < l.F[i] {
			f.Improved++
		}
	}
	for _, i := range f.Selected {
		f.MeanDist += f.PointsDist[i]
	}
	f.MeanDist /= float64(len(f.Selected))
	if math.IsNaN(f.AngleDeg) || math.IsNaN(f.MeanDist) {
		return Fit{}, fmt.Errorf("lesson: the PCA of the %d best gave no finite angle", k)
	}
	return f, nil
}
