package lesson

import (
	"math"
	"strconv"
	"strings"
)

// Frame is what the page draws for one lesson state: every number of the
// Lesson in plain slices, the lines to draw already clipped to the box, and
// the text of every step (so Back and Next need no round trip). The js tags
// are the keys the browser sees.
type Frame struct {
	Lesson   string `js:"lesson"`
	Step     int    `js:"step"` // 1…NumSteps
	NumSteps int    `js:"numSteps"`
	// Seed is written as text: a uint64 does not fit a JavaScript number.
	Seed    string  `js:"seed"`
	K       int     `js:"k"`
	MinK    int     `js:"minK"`
	MaxK    int     `js:"maxK"`
	PCAProb float64 `js:"pcaprob"`
	Problem string  `js:"problem"`
	// Lower, Upper: the box; Optimum: (1, 1); Floor: the polyline y = x².
	Lower   []float64 `js:"lower"`
	Upper   []float64 `js:"upper"`
	Optimum []float64 `js:"optimum"`
	Floor   []float64 `js:"floor"`
	// X, F: the sample (x, y pairs) and its f; Dist: distances to the floor.
	X    []float64 `js:"x"`
	F    []float64 `js:"f"`
	Dist []float64 `js:"dist"`
	// Best: the indices of the k best, best first.
	Best    []int    `js:"best"`
	BestFit FitFrame `js:"bestFit"`
	AllFit  FitFrame `js:"allFit"`
	// Angles[k − MinK]: the angle of the k best's axis, k = MinK…MaxK.
	Angles []float64  `js:"angles"`
	Stats  StatsFrame `js:"stats"`
	Gen    GenFrame   `js:"gen"`
	Steps  []Step     `js:"steps"`
	// Playground is the hash (without "#") of the playground's run from
	// these points (Options.PlaygroundParams, keys in a fixed order).
	Playground string `js:"playground"`
}

// FitFrame is a Fit for drawing.
type FitFrame struct {
	Selected []int     `js:"selected"`
	Mean     []float64 `js:"mean"`
	Values   []float64 `js:"values"`
	Axis     []float64 `js:"axis"`
	// Line is the axis through the mean, clipped to the box: x0, y0, x1, y1.
	Line   []float64 `js:"line"`
	Coords []float64 `js:"coords"`
	// Points are the reconstructions x'_i of all 20 points.
	Points     []float64 `js:"points"`
	PointsF    []float64 `js:"pointsF"`
	PointsDist []float64 `js:"pointsDist"`
	// Foot is the floor's point nearest the mean, Tangent the unit tangent
	// there and TangentLine a segment of the tangent line around Foot,
	// clipped to the box: x0, y0, x1, y1.
	Foot        []float64 `js:"foot"`
	Tangent     []float64 `js:"tangent"`
	TangentLine []float64 `js:"tangentLine"`
	Angle       float64   `js:"angle"`
	MeanDist    float64   `js:"meanDist"`
	Improved    int       `js:"improved"`
}

// StatsFrame is Stats: quartiles of the angle by k (index k − MinK).
type StatsFrame struct {
	Samples int       `js:"samples"`
	Q1      []float64 `js:"q1"`
	Median  []float64 `js:"median"`
	Q3      []float64 `js:"q3"`
}

// GenFrame is the Generation for drawing.
type GenFrame struct {
	Mu           int       `js:"mu"`
	Lambda       int       `js:"lambda"`
	K            int       `js:"k"`
	M            int       `js:"m"`
	PCAProb      float64   `js:"pcaprob"`
	Q            []int     `js:"q"`
	Children     []float64 `js:"children"`
	ChildF       []float64 `js:"childF"`
	FromPCA      []bool    `js:"fromPCA"`
	NonDominated []bool    `js:"nonDominated"`
	Replaced     []int     `js:"replaced"`
	HasPCA       bool      `js:"hasPCA"`
	PCAMean      []float64 `js:"pcaMean"`
	PCALine      []float64 `js:"pcaLine"`
	After        []float64 `js:"after"`
	AfterF       []float64 `js:"afterF"`
}

// TangentHalfLength is half the length of the drawn tangent segment.
const TangentHalfLength = 0.5

// Frame returns the frame of step (1…NumSteps, clamped) with the steps'
// text quoting st (AngleStats; nil leaves those sentences out).
func (l *Lesson) Frame(step int, st *Stats) *Frame {
	step = max(1, min(NumSteps, step))
	fr := &Frame{
		Lesson: Name, Step: step, NumSteps: NumSteps,
		Seed: strconv.FormatUint(l.Seed, 10), K: l.K, MinK: MinK, MaxK: MaxK, PCAProb: l.PCAProb,
		Problem: Problem,
		Lower:   l.Lower[:], Upper: l.Upper[:], Optimum: l.Optimum[:],
		Floor: FloorLine(97),
		X:     l.X, F: l.F, Dist: l.Dist,
		Best:    l.Order[:l.K],
		BestFit: l.fitFrame(l.Best),
		AllFit:  l.fitFrame(l.All),
		Angles:  l.Angles,
		Steps:   l.Steps(st),
	}
	if st != nil {
		fr.Stats = StatsFrame{Samples: st.Samples, Q1: st.Q1, Median: st.Median, Q3: st.Q3}
	}
	g := l.Gen
	fr.Gen = GenFrame{Mu: g.Mu, Lambda: g.Lambda, K: g.K, M: g.M, PCAProb: g.PCAProb,
		Q: g.Q, Children: g.Children, ChildF: g.ChildF, FromPCA: g.FromPCA, NonDominated: g.NonDominated,
		Replaced: g.Replaced, HasPCA: g.HasPCA, After: g.After, AfterF: g.AfterF}
	if g.HasPCA {
		fr.Gen.PCAMean = g.PCAMean[:]
		fr.Gen.PCALine = l.clipLine(g.PCAMean, g.PCAAxis, math.Inf(1))
	}
	pp := l.PlaygroundParams()
	var parts []string
	for _, k := range []string{"problem", "algo", "seed", "pop", "lambda", "pcak", "pcaprob"} {
		parts = append(parts, k+"="+pp[k])
	}
	fr.Playground = strings.Join(parts, "&")
	return fr
}

func (l *Lesson) fitFrame(f Fit) FitFrame {
	return FitFrame{
		Selected: f.Selected, Mean: f.Mean[:], Values: f.Values[:], Axis: f.Axis[:],
		Line:   l.clipLine(f.Mean, f.Axis, math.Inf(1)),
		Coords: f.Coords, Points: f.Points, PointsF: f.PointsF, PointsDist: f.PointsDist,
		Foot: f.Floor.Foot[:], Tangent: f.Floor.Tangent[:],
		TangentLine: l.clipLine(f.Floor.Foot, f.Floor.Tangent, TangentHalfLength),
		Angle:       f.AngleDeg, MeanDist: f.MeanDist, Improved: f.Improved,
	}
}

// clipLine returns the segment p + t·d, |t| ≤ half, clipped to the box
// (Liang–Barsky), as x0, y0, x1, y1; nil when it misses the box. d ≠ 0.
func (l *Lesson) clipLine(p, d [2]float64, half float64) []float64 {
	t0, t1 := -half, half
	for j := range 2 {
		lo, hi := l.Lower[j], l.Upper[j]
		if d[j] == 0 {
			if p[j] < lo || p[j] > hi {
				return nil
			}
			continue
		}
		a, b := (lo-p[j])/d[j], (hi-p[j])/d[j]
		if a > b {
			a, b = b, a
		}
		t0, t1 = max(t0, a), min(t1, b)
	}
	if !(t0 <= t1) {
		return nil
	}
	return []float64{p[0] + t0*d[0], p[1] + t0*d[1], p[0] + t1*d[0], p[1] + t1*d[1]}
}

// Open is the page's one call: it parses the lesson's URL values, computes
// the lesson and returns the frame of the requested step, with a notice
// for every value it replaced. The error is non-nil only if the lesson
// cannot be computed at all (it names the cause).
func Open(raw map[string]string) (*Frame, []Notice, error) {
	st, notes := Parse(raw)
	l, err := New(st.Options)
	if err != nil {
		return nil, notes, err
	}
	stats, err := AngleStats()
	if err != nil {
		return nil, notes, err
	}
	return l.Frame(st.Step, stats), notes, nil
}
