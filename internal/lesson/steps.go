package lesson

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Layers of the lesson's figure, back to front. A Step lists the layers its
// figure shows; the page draws each from the Lesson's numbers and nothing
// else.
const (
	// LayerContour: iso-lines of f over the box (the playground's landscape).
	LayerContour = "contour"
	// LayerFloor: the valley floor y = x² (FloorLine) and the optimum (1, 1).
	LayerFloor = "floor"
	// LayerSample: the 20 points X.
	LayerSample = "sample"
	// LayerBest: the k best, Order[:K], marked (squares, as in Fig. 1(b)).
	LayerBest = "best"
	// LayerBestAxis: Best.Mean, the line through it along Best.Axis, and the
	// valley's tangent at Best.Floor.Foot.
	LayerBestAxis = "best-axis"
	// LayerBestProjected: Best.Points of the k best (dots, Fig. 1(c)), each
	// joined to its point.
	LayerBestProjected = "best-projected"
	// LayerAllAxis: All.Mean, the line along All.Axis and the tangent at
	// All.Floor.Foot.
	LayerAllAxis = "all-axis"
	// LayerAllProjected: All.Points of all 20 (dots, Fig. 1(d)), each
	// joined to its point.
	LayerAllProjected = "all-projected"
	// LayerProjection: every point's move x_i → x'_i onto the k best's
	// line, Best.Points (arrows), those that improved f set apart.
	LayerProjection = "projection"
	// LayerGeneration: Gen: the children (PCA ones set apart from DE ones),
	// each joined to its parent X[Q[i]], R, and the replacements.
	LayerGeneration = "generation"
)

// Layers lists every layer, back to front.
func Layers() []string {
	return []string{LayerContour, LayerFloor, LayerSample, LayerBest, LayerBestAxis, LayerBestProjected,
		LayerAllAxis, LayerAllProjected, LayerProjection, LayerGeneration}
}

// Controls lists every control a step can offer.
func Controls() []string { return []string{ControlResample, ControlK, ControlPCAProb, ControlRun} }

// Controls a step offers.
const (
	ControlResample = "resample" // draw another sample: a new seed
	ControlK        = "pcak"     // the k slider, MinK…MaxK
	ControlPCAProb  = "pcaprob"  // PMODE's p, in [0, 1]
	ControlRun      = "run"      // open the playground (Options.PlaygroundParams)
)

// Step is one step of the lesson: a paragraph or two for this sample, the
// figure's layers, the live controls and the numbers shown beside the
// figure.
type Step struct {
	// Key is the step's letter, "a" to "f" for the panels of Fig. 1 and
	// what follows them, "run" for the last.
	Key string `js:"key"`
	// Label is the printed label, e.g. "(c)".
	Label string `js:"label"`
	Title string `js:"title"`
	// Caption is the step in one sentence, for a slide that embeds it.
	Caption string `js:"caption"`
	// Text holds plain-text paragraphs (Unicode, no markup).
	Text     []string  `js:"text"`
	Layers   []string  `js:"layers"`
	Controls []string  `js:"controls"`
	Readouts []Readout `js:"readouts"`
}

// Readout is a number shown beside the figure, formatted in Go.
type Readout struct {
	Key   string `js:"key"` // stable name, e.g. "angle-best"
	Label string `js:"label"`
	Value string `js:"value"`
}

// NumSteps is the number of steps; URLs number them 1…NumSteps.
const NumSteps = 7

// FollowsDeg is the angle up to which the text says that an axis follows
// the valley (and beyond which it says the sample does not show it well).
const FollowsDeg = 15

// FloorLine returns the valley floor y = x² inside the box as a polyline
// of n ≥ 2 points (x, y) from x = −1 to x = √2, where it leaves the box at
// y = 2.
func FloorLine(n int) []float64 {
	n = max(n, 2)
	out := make([]float64, 0, 2*n)
	x0, x1 := -1.0, math.Sqrt2
	for i := range n {
		x := x0 + (x1-x0)*float64(i)/float64(n-1)
		out = append(out, x, x*x)
	}
	return out
}

// Steps returns the lesson's steps for this sample. st gives the numbers
// over many samples (AngleStats); with st nil the sentences that quote
// them are left out.
func (l *Lesson) Steps(st *Stats) []Step {
	t := newStepText(l, st)
	steps := []Step{t.valley(), t.sample(), t.pcaBest(), t.pcaAll(), t.operator(), t.generation(), t.run()}
	for i := range steps { // empty lists, never nil (null in the browser)
		s := &steps[i]
		s.Layers, s.Controls, s.Readouts = nonNil(s.Layers), nonNil(s.Controls), nonNil(s.Readouts)
	}
	return steps
}

// stepText is what the steps' sentences share: the sample, the numbers
// over many samples (nil: none) and the readouts several steps show.
type stepText struct {
	l                           *Lesson
	st                          *Stats
	k, rest                     int   // the k best and the other SampleSize − k
	kBest                       []int // indices of the k best, best first
	angleBest, angleAll, seedRO Readout
}

func newStepText(l *Lesson, st *Stats) *stepText {
	k := l.K
	return &stepText{l: l, st: st, k: k, rest: SampleSize - k, kBest: l.Order[:k],
		angleBest: Readout{"angle-best", fmt.Sprintf("axis of the %d best vs the valley", k), deg(l.Best.AngleDeg)},
		angleAll:  Readout{"angle-all", "axis of all 20 vs the valley", deg(l.All.AngleDeg)},
		seedRO:    Readout{"seed", "sample (seed)", strconv.FormatUint(l.Seed, 10)},
	}
}

// deg writes an angle with one decimal and a degree sign.
func deg(a float64) string { return strconv.FormatFloat(a, 'f', 1, 64) + "°" }

// num writes three significant digits, with no exponent in the box's range.
func num(x float64) string {
	if math.Abs(x) >= 1000 {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'g', 3, 64)
}

// dist writes a distance with two decimals.
func dist(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }

// fRange is the least and the largest f of the sample's points idx.
func (t *stepText) fRange(idx []int) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, i := range idx {
		lo, hi = math.Min(lo, t.l.F[i]), math.Max(hi, t.l.F[i])
	}
	return lo, hi
}

// meanDist is the mean distance of the points idx to the valley floor.
func (t *stepText) meanDist(idx []int) float64 {
	s := 0.0
	for _, i := range idx {
		s += t.l.Dist[i]
	}
	return s / float64(max(len(idx), 1))
}

// typical is the median angle for k = kk over many samples with its
// quartiles, or "" without those numbers.
func (t *stepText) typical(kk int) string {
	if t.st == nil || kk < MinK || kk-MinK >= len(t.st.Median) {
		return ""
	}
	i := kk - MinK
	return fmt.Sprintf("%s (half of them between %s and %s)", deg(t.st.Median[i]), deg(t.st.Q1[i]), deg(t.st.Q3[i]))
}

// valley is step (a), Rosenbrock's valley: the function, its floor and the paper's typo.
func (t *stepText) valley() Step {
	return Step{Key: "a", Label: "(a)", Title: "Rosenbrock's valley",
		Caption: "Rosenbrock's valley: its floor, the parabola y = x², leads to the minimum at (1, 1).",
		Text: []string{
			"Fig. 1 of the paper (§3.1) explains PCA-projection on Rosenbrock's function " +
				"f(x, y) = (1 − x)² + 100 (y − x²)² on the box −1 ≤ x, y ≤ 2, drawn here by its contour lines. " +
				"Its minimum, f = 0, lies at (1, 1), at the end of a long curved valley whose floor is the parabola y = x² (dashed), " +
				"where the second term vanishes. The walls are steep and the floor almost flat: at the minimum, f curves about " +
				"2500 times more across the valley than along it, so a search that ignores the valley's direction crawls.",
			"The paper prints the second term as 100(y − x²), without the square. That is a typo: without the square f is " +
				"linear in y, has no stationary point and no valley to see (its least value in the box, f(2, −1) = −499, sits " +
				"in a corner); the paper's figure and text are about the usual Rosenbrock function drawn here.",
		},
		Layers: []string{LayerContour, LayerFloor},
	}

}

// sample is step (b), the sample and its k best.
func (t *stepText) sample() Step {
	bestLo, bestHi := t.fRange(t.kBest)
	restLo, restHi := t.fRange(t.l.Order[t.k:])
	bText := fmt.Sprintf("As in §3.1, 20 points are drawn uniformly in the box and the k = %d with the smallest f are marked "+
		"(squares; Fig. 1 uses k = 6). ", t.k)
	if t.rest == 0 {
		bText += "With k = 20 every point is marked: the “best” are the whole sample, as in Fig. 1(d)."
	} else {
		closer := "they lie closer to the valley floor"
		if t.meanDist(t.kBest) >= t.meanDist(t.l.Order[t.k:]) {
			closer = "yet they lie no closer to the valley floor"
		}
		bText += fmt.Sprintf("Their f lies between %s and %s, that of the other %d between %s and %s, and %s: %s from it "+
			"on average, against %s for the others. f is small only near the floor, since f ≥ 100 (y − x²)².",
			num(bestLo), num(bestHi), t.rest, num(restLo), num(restHi), closer, dist(t.meanDist(t.kBest)), dist(t.meanDist(t.l.Order[t.k:])))
	}
	return Step{Key: "b", Label: "(b)", Title: fmt.Sprintf("20 random points, the %d best marked", t.k),
		Caption: fmt.Sprintf("20 random points; the %d with the smallest f are marked (squares).", t.k),
		Text: []string{
			bText,
			fmt.Sprintf("“Best” follows the feasibility rule PMODE ranks by: feasible before infeasible, then by f (or by the "+
				"constraint violation). Rosenbrock's function has no constraints, so here it is f alone. The sample is PMODE's own "+
				"initial population for seed %d, so this page's link always shows these points; Resample draws another.", t.l.Seed),
		},
		Layers:   []string{LayerContour, LayerFloor, LayerSample, LayerBest},
		Controls: []string{ControlResample, ControlK},
		Readouts: []Readout{t.seedRO},
	}

}

// pcaBest is step (c), the PCA of the k best.
func (t *stepText) pcaBest() Step {
	var c2 string
	if t.l.Best.AngleDeg <= FollowsDeg {
		c2 = fmt.Sprintf("Because the %d best lie along the valley, so does their axis: v₁ is only %s off the valley's "+
			"direction (the tangent of y = x² at the floor's point nearest m), and the projected points lie %s from the floor on "+
			"average. This is the paper's observation (§3.1): “the valley in fact can be approximated by the first principle "+
			"component found by PCA”.", t.k, deg(t.l.Best.AngleDeg), dist(t.l.Best.MeanDist))
	} else {
		c2 = fmt.Sprintf("The paper's observation (§3.1) is that “the valley in fact can be approximated by the first principle "+
			"component found by PCA”. In this sample it holds only roughly: v₁ is %s off the valley's direction (the tangent "+
			"of y = x² at the floor's point nearest m), and the projected points lie %s from the floor on average. A few best "+
			"points of a small random sample need not line up; resample to see others.", deg(t.l.Best.AngleDeg), dist(t.l.Best.MeanDist))
	}
	if ty := t.typical(t.k); ty != "" {
		c2 += fmt.Sprintf(" Over %d samples the angle for k = %d is typically %s.", t.st.Samples, t.k, ty)
	}
	return Step{Key: "c", Label: "(c)", Title: fmt.Sprintf("PCA of the %d best", t.k),
		Caption: fmt.Sprintf("The first principal axis of the %d best is %s off the valley's direction.", t.k, deg(t.l.Best.AngleDeg)),
		Text: []string{
			fmt.Sprintf("Step 2 of PCA-projection (§3.2) computes the mean m and the covariance Σ of the k = %d best; step 3 "+
				"takes the eigenvector of Σ with the largest eigenvalue, the first principal axis v₁, the direction in which the "+
				"%d points spread most. Steps 4 and 5 project each of them on it, y_i = v₁ᵀ(x_i − m), and reconstruct it, "+
				"x'_i = m + v₁ y_i: keeping one component puts the points on a line through m (dots).", t.k, t.k),
			c2,
		},
		Layers:   []string{LayerContour, LayerFloor, LayerSample, LayerBest, LayerBestAxis, LayerBestProjected},
		Controls: []string{ControlResample, ControlK},
		Readouts: []Readout{t.angleBest, t.seedRO},
	}

}

// degrades says, from the numbers over many samples, how the median angle
// grows with k: little while some points are left out, steeply when the
// last ones join the fit. "" without the numbers.
func (t *stepText) degrades() string {
	m, q3 := t.st.Median, t.st.Q3
	last := MaxK - 2 // the largest k that leaves out two points
	if len(m) != MaxK-MinK+1 || len(q3) != len(m) || last <= MinK {
		return ""
	}
	at := func(s []float64, k int) string { return deg(s[k-MinK]) }
	lo, hi := slices.Min(m[:last-MinK+1]), slices.Max(m[:last-MinK+1])
	return fmt.Sprintf(" Move k towards 20: the median angle stays between %s and %s up to k = %d and rises only when the "+
		"last points join the fit, to %s at k = %d and %s at k = %d; the spread grows sooner (the upper quartile goes from %s "+
		"at k = %d to %s at k = %d).", deg(lo), deg(hi), last, at(m, MaxK-1), MaxK-1, at(m, MaxK), MaxK,
		at(q3, MinK), MinK, at(q3, last), last)
}

// pcaAll is step (d), the PCA of all 20.
func (t *stepText) pcaAll() Step {
	byChance := ""
	if t.l.All.AngleDeg <= FollowsDeg {
		byChance = " (close, by chance)"
	}
	d2 := "Resample: this axis turns at random from sample to sample, while that of the best points mostly stays in the valley."
	if tAll, tK := t.typical(MaxK), t.typical(t.k); tAll != "" {
		d2 = fmt.Sprintf("Resample: this axis turns at random from sample to sample. Over %d samples its angle is typically %s, "+
			"close to the 45° of a random direction, against %s for the %d best.", t.st.Samples, tAll, tK, t.k) + t.degrades()
	}
	return Step{Key: "d", Label: "(d)", Title: "PCA of all 20",
		Caption: fmt.Sprintf("The first principal axis of all 20 points is %s off the valley's direction.", deg(t.l.All.AngleDeg)),
		Text: []string{
			fmt.Sprintf("The same PCA applied to the whole sample (Fig. 1(d)): v₁ is now the direction in which 20 uniformly "+
				"random points happen to spread most, which has nothing to do with the valley. Here it is %s off the valley's "+
				"direction at the floor's point nearest the sample's mean%s, and the 20 projected points lie %s from the floor on "+
				"average (the %d best: %s). In the paper's words, the mapped points “could represent any direction”.",
				deg(t.l.All.AngleDeg), byChance, dist(t.l.All.MeanDist), t.k, dist(t.l.Best.MeanDist)),
			d2,
		},
		Layers:   []string{LayerContour, LayerFloor, LayerSample, LayerAllAxis, LayerAllProjected},
		Controls: []string{ControlResample, ControlK},
		Readouts: []Readout{t.angleAll, t.angleBest, t.seedRO},
	}

}

// operator is step (e), the operator: project and reconstruct every point with m < D.
func (t *stepText) operator() Step {
	return Step{Key: "e", Label: "(e)", Title: "PCA-projection: project and reconstruct",
		Caption: fmt.Sprintf("PCA-projection moves every point onto the line of the %d best: %d of 20 reach a smaller f.", t.k, t.l.Best.Improved),
		Text: []string{
			fmt.Sprintf("The operator of §3.2 applies steps 4 and 5 to every point, not only to the k best: x_i becomes "+
				"x'_i = m + V Vᵀ(x_i − m), its orthogonal projection onto the m leading axes V of the k best, through their mean. "+
				"It needs m < D, since with m = D, V Vᵀ is the identity and every point comes back unchanged. Here D = 2, so "+
				"m = 1: each point moves straight onto the line of the %d best (arrows), and %d of the 20 land at a smaller f.",
				t.k, t.l.Best.Improved),
			"There is no random step: the paper calls the operator PCA-projection rather than PCA-mutation because it " +
				"“does not include a mutation step” (§3.2), and describes it as a multi-parent recombination (§3.3). Points " +
				"already on the line stay put. In D dimensions the paper keeps m = 5 components (§3.2, §4.1). (The paper writes m " +
				"both for the mean and for the number of components kept.)",
		},
		Layers:   []string{LayerContour, LayerFloor, LayerSample, LayerBest, LayerBestAxis, LayerProjection},
		Controls: []string{ControlResample, ControlK},
		Readouts: []Readout{{"improved", "points moved to a smaller f", fmt.Sprintf("%d of 20", t.l.Best.Improved)}, t.angleBest, t.seedRO},
	}

}

// generation is step (f), one PMODE generation.
func (t *stepText) generation() Step {
	g := &t.l.Gen
	npca := 0
	for _, b := range g.FromPCA {
		if b {
			npca++
		}
	}
	var genText []string
	genText = append(genText,
		"PMODE is CMODE with PCA-projection added (§4.1). A generation draws λ members of the population P into Q "+
			"(lines 7–8). For each x_i in Q, with probability p its child is x'_i, the PCA-projection of Q built on the k best "+
			"of Q (lines 10–12); otherwise it is a DE/rand/1/bin trial (line 14). The children are evaluated (line 18); those "+
			"that no other child dominates in (f, v) form R (line 19), and each of them replaces a random member of Q that it "+
			"dominates (lines 20–23).")
	this := fmt.Sprintf("Here μ = λ = 20, so Q is the whole sample and its %d best are the points marked before (the paper "+
		"runs μ = 180 and λ = k = 8, §5.2 and §3.3, so there the PCA uses all of a random Q). With p = %s, ",
		t.k, strconv.FormatFloat(g.PCAProb, 'g', -1, 64))
	switch npca {
	case 0:
		this += fmt.Sprintf("none of the 20 children came from PCA-projection this time (chance %s): resample, or raise p.",
			strconv.FormatFloat(math.Pow(1-g.PCAProb, SampleSize), 'f', 2, 64))
	case 1:
		this += "1 of the 20 children came from PCA-projection (ringed), 19 from DE."
	default:
		this += fmt.Sprintf("%d of the 20 children came from PCA-projection (ringed), %d from DE.", npca, SampleSize-npca)
	}
	var reps []string
	for i, r := range g.Replaced {
		if r < 0 {
			continue
		}
		src := "a DE child"
		if g.FromPCA[i] {
			src = "a PCA child"
		}
		reps = append(reps, fmt.Sprintf("%s with f = %s replaced a point with f = %s", src, num(g.ChildF[i]), num(t.l.F[r])))
	}
	sel := " Without constraints v = 0 everywhere and dominating means a smaller f, so R holds only the child with the " +
		"smallest f (several only on a tie), and PMODE replaces at most one point per generation on this problem: "
	if len(reps) == 0 {
		sel += "this time it dominated no member of Q, and P is unchanged."
	} else {
		sel += strings.Join(reps, "; ") + "."
	}
	genText = append(genText, this+sel)
	genCaption := fmt.Sprintf("One PMODE generation: %d of 20 children from PCA-projection; ", npca)
	if len(reps) == 0 {
		genCaption += "no child beats a point it could replace."
	} else {
		genCaption += "the best child replaces a worse point."
	}
	return Step{Key: "f", Label: "(f)", Title: "One PMODE generation",
		Caption:  genCaption,
		Text:     genText,
		Layers:   []string{LayerContour, LayerFloor, LayerSample, LayerBest, LayerGeneration},
		Controls: []string{ControlResample, ControlK, ControlPCAProb},
		Readouts: []Readout{{"pca-children", "children from PCA-projection", fmt.Sprintf("%d of 20", npca)}, t.seedRO},
	}

}

// run is step the last one: the live playground from the same points.
func (t *stepText) run() Step {
	g := &t.l.Gen
	return Step{Key: "run", Label: "", Title: "Run PMODE from these points",
		Caption: "PMODE in the playground, from these 20 points.",
		Text: []string{
			fmt.Sprintf("Open the playground with these 20 points as PMODE's initial population (seed %d, μ = λ = 20, k = %d, "+
				"p = %s): its first generation is the one of step (f), and its operator panel draws every PCA-projection as in "+
				"steps (c) and (e) as the population moves along the valley towards (1, 1).",
				t.l.Seed, t.k, strconv.FormatFloat(g.PCAProb, 'g', -1, 64)),
			"Does it pay off? In our reproduction of the paper's experiments on the 28 CEC 2017 problems, PCA-projection " +
				"makes CMODE clearly better: PMODE wins on 21 to 25 of them at 10, 30 and 50 dimensions and loses on at most 2. " +
				"It does not make HECO-DE better: not the HECO-DE the paper compared with (its author's own code, which we " +
				"rebuilt and which matches his published runs), where HECO-PDE wins on 2 to 5 problems and loses on 2 to 15, " +
				"nor our reading of it, where it wins on at most 2 and loses on 7 to 19. Why: a PCA child takes the place of a DE " +
				"trial. Beside CMODE's random trials it finds a new best about five times as often as the trial it replaces; " +
				"beside HECO-DE's adaptive ones one to three times as often, and HECO-DE's adaptation of F, CR and its " +
				"strategies learns nothing from it (docs/results/claim.md in the repository says how we looked).",
		},
		Layers:   []string{LayerContour, LayerFloor, LayerSample, LayerBest},
		Controls: []string{ControlResample, ControlK, ControlPCAProb, ControlRun},
		Readouts: []Readout{t.seedRO},
	}
}

func nonNil[T any](a []T) []T {
	if a == nil {
		return []T{}
	}
	return a
}
