package lesson

import (
	"math"
	"strconv"
	"testing"
)

// The golden lessons: every number and every word of the lesson for these
// options, hashed. The test runs natively and in the browser's WebAssembly
// under Node (make test-wasm) and must give the same hashes on both, so a
// lesson link shows the same sample, axes, angles and text everywhere.
//
// When a deliberate change alters a lesson, rerun with -v to print the new
// hashes and review the change of the numbers before updating them here.
var golden = []struct {
	o     Options
	hash  string
	angle float64 // Best.AngleDeg, for a readable failure
}{
	{DefaultOptions(), "4288b85d46797aab", 2.8875570853165464},
	{Options{Seed: 1, K: 6, PCAProb: 0.1}, "7babf3ee8cebcb34", 4.961006982908302},
	{Options{Seed: 2024, K: 2, PCAProb: 1}, "24be1b6501a33433", 5.88682242445404},
	{Options{Seed: 18446744073709551615, K: 20, PCAProb: 0.35}, "8ee6196d082fd38c", 47.20076471830254},
}

// goldenStats hashes AngleStats.
const goldenStats = "a7dab4475cd8f35e"

type digest uint64

func (h *digest) word(w uint64) {
	for i := range 8 {
		*h ^= digest(byte(w >> (8 * i)))
		*h *= 1099511628211
	}
}

func (h *digest) floats(a ...float64) {
	for _, x := range a {
		h.word(math.Float64bits(x))
	}
}

func (h *digest) ints(a ...int) {
	for _, x := range a {
		h.word(uint64(int64(x)))
	}
}

func (h *digest) text(s ...string) {
	for _, x := range s {
		h.ints(len(x))
		for i := range len(x) {
			*h ^= digest(x[i])
			*h *= 1099511628211
		}
	}
}

func (h *digest) fit(f Fit) {
	h.ints(f.Selected...)
	h.floats(f.Mean[:]...)
	h.floats(f.Values[:]...)
	h.floats(f.Axis[:]...)
	h.floats(f.Coords...)
	h.floats(f.Points...)
	h.floats(f.PointsF...)
	h.floats(f.PointsDist...)
	h.floats(f.Floor.Foot[:]...)
	h.floats(f.Floor.Tangent[:]...)
	h.floats(f.Floor.Dist, f.AngleDeg, f.MeanDist)
	h.ints(f.Improved)
}

func lessonDigest(l *Lesson, st *Stats) string {
	h := digest(14695981039346656037)
	h.floats(l.X...)
	h.floats(l.F...)
	h.floats(l.Dist...)
	h.ints(l.Order...)
	h.fit(l.Best)
	h.fit(l.All)
	h.floats(l.Angles...)
	g := l.Gen
	h.ints(g.Q...)
	h.floats(g.Children...)
	h.floats(g.ChildF...)
	for i := range g.FromPCA {
		b := 0
		if g.FromPCA[i] {
			b |= 1
		}
		if g.NonDominated[i] {
			b |= 2
		}
		h.ints(b, g.Replaced[i])
	}
	h.floats(g.PCAMean[:]...)
	h.floats(g.PCAAxis[:]...)
	h.floats(g.After...)
	h.floats(g.AfterF...)
	for _, s := range l.Steps(st) {
		h.text(s.Key, s.Label, s.Title, s.Caption)
		h.text(s.Text...)
		h.text(s.Layers...)
		h.text(s.Controls...)
		for _, r := range s.Readouts {
			h.text(r.Key, r.Label, r.Value)
		}
	}
	return strconv.FormatUint(uint64(h), 16)
}

func TestGolden(t *testing.T) {
	st, err := AngleStats()
	if err != nil {
		t.Fatal(err)
	}
	h := digest(14695981039346656037)
	h.floats(st.Q1...)
	h.floats(st.Median...)
	h.floats(st.Q3...)
	if got := strconv.FormatUint(uint64(h), 16); got != goldenStats {
		t.Errorf("AngleStats hash %s, want %s (median for k = 6: %v, k = 20: %v)", got, goldenStats,
			st.Median[DefaultK-MinK], st.Median[MaxK-MinK])
	}
	for _, g := range golden {
		l, err := New(g.o)
		if err != nil {
			t.Fatal(err)
		}
		got := lessonDigest(l, st)
		t.Logf("%+v: hash %s angle %v", g.o, got, strconv.FormatFloat(l.Best.AngleDeg, 'g', -1, 64))
		if got != g.hash || math.Float64bits(l.Best.AngleDeg) != math.Float64bits(g.angle) {
			t.Errorf("%+v: hash %s angle %v; want hash %s angle %v", g.o, got,
				strconv.FormatFloat(l.Best.AngleDeg, 'g', -1, 64), g.hash, g.angle)
		}
	}
}
