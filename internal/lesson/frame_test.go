package lesson

import (
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func onBoxEdge(x, y float64) bool {
	const eps = 1e-12
	in := x >= -1-eps && x <= 2+eps && y >= -1-eps && y <= 2+eps
	edge := math.Abs(x+1) < eps || math.Abs(x-2) < eps || math.Abs(y+1) < eps || math.Abs(y-2) < eps
	return in && edge
}

func TestClipLine(t *testing.T) {
	l, _ := New(DefaultOptions())
	cases := []struct {
		p, d [2]float64
		half float64
		want []float64
	}{
		{[2]float64{0, 0}, [2]float64{1, 0}, math.Inf(1), []float64{-1, 0, 2, 0}},
		{[2]float64{0.5, 0.5}, [2]float64{0, 1}, math.Inf(1), []float64{0.5, -1, 0.5, 2}},
		{[2]float64{0, 0}, [2]float64{1, 0}, 0.5, []float64{-0.5, 0, 0.5, 0}},
		{[2]float64{1.8, 0}, [2]float64{1, 0}, 0.5, []float64{1.3, 0, 2, 0}},
		{[2]float64{5, 5}, [2]float64{1, 0}, math.Inf(1), nil},
		{[2]float64{5, 0}, [2]float64{0, 1}, math.Inf(1), nil},
	}
	for _, c := range cases {
		got := l.clipLine(c.p, c.d, c.half)
		if len(got) != len(c.want) {
			t.Fatalf("clipLine(%v, %v, %v) = %v, want %v", c.p, c.d, c.half, got, c.want)
		}
		for i := range got {
			if math.Abs(got[i]-c.want[i]) > 1e-15 {
				t.Fatalf("clipLine(%v, %v, %v) = %v, want %v", c.p, c.d, c.half, got, c.want)
			}
		}
	}
}

func TestFrame(t *testing.T) {
	st, _ := AngleStats()
	for _, o := range testOptions {
		l, _ := New(o)
		fr := l.Frame(3, st)
		if fr.Step != 3 || fr.NumSteps != NumSteps || fr.Seed != strconvU(o.Seed) || fr.K != o.K || len(fr.Steps) != NumSteps {
			t.Fatalf("%+v: frame head %+v", o, fr)
		}
		if l.Frame(0, st).Step != 1 || l.Frame(99, st).Step != NumSteps {
			t.Fatal("the step is not clamped to 1…NumSteps")
		}
		if !slices.Equal(fr.Best, l.Order[:o.K]) || !slices.Equal(fr.X, l.X) || !reflect.DeepEqual(fr.Steps, l.Steps(st)) {
			t.Fatalf("%+v: frame does not carry the lesson", o)
		}
		for _, ff := range []struct {
			f  FitFrame
			of Fit
		}{{fr.BestFit, l.Best}, {fr.AllFit, l.All}} {
			line := ff.f.Line
			if len(line) != 4 || !onBoxEdge(line[0], line[1]) || !onBoxEdge(line[2], line[3]) {
				t.Fatalf("%+v: axis line %v does not run from edge to edge of the box", o, line)
			}
			// Both ends on the line through the mean along the axis.
			for e := 0; e < 4; e += 2 {
				if c := (line[e]-ff.of.Mean[0])*ff.of.Axis[1] - (line[e+1]-ff.of.Mean[1])*ff.of.Axis[0]; math.Abs(c) > 1e-12 {
					t.Fatalf("%+v: axis line end %v is off the axis", o, line[e:e+2])
				}
			}
			tl := ff.f.TangentLine
			if len(tl) != 4 {
				t.Fatalf("%+v: no tangent segment", o)
			}
			for e := 0; e < 4; e += 2 {
				dx, dy := tl[e]-ff.of.Floor.Foot[0], tl[e+1]-ff.of.Floor.Foot[1]
				if math.Hypot(dx, dy) > TangentHalfLength+1e-12 || math.Abs(dx*ff.of.Floor.Tangent[1]-dy*ff.of.Floor.Tangent[0]) > 1e-12 {
					t.Fatalf("%+v: tangent segment end %v is not on the tangent near the foot", o, tl[e:e+2])
				}
			}
			if ff.f.Angle != ff.of.AngleDeg || ff.f.Improved != ff.of.Improved {
				t.Fatalf("%+v: fit frame numbers differ", o)
			}
		}
		if fr.Gen.HasPCA != (len(fr.Gen.PCALine) == 4) {
			t.Fatalf("%+v: the generation's PCA line %v with HasPCA %v", o, fr.Gen.PCALine, fr.Gen.HasPCA)
		}
		for _, kv := range strings.Split(fr.Playground, "&") {
			k, v, _ := strings.Cut(kv, "=")
			if l.PlaygroundParams()[k] != v {
				t.Fatalf("%+v: playground hash %q differs from PlaygroundParams at %s", o, fr.Playground, k)
			}
		}
		if len(strings.Split(fr.Playground, "&")) != len(l.PlaygroundParams()) {
			t.Fatalf("playground hash %q lacks keys", fr.Playground)
		}
	}
}

func strconvU(u uint64) string { return strconv.FormatUint(u, 10) }

func TestOpen(t *testing.T) {
	fr, notes, err := Open(map[string]string{"lesson": "fig1", "step": "4", "seed": "9", "pcak": "50"})
	if err != nil {
		t.Fatal(err)
	}
	if fr.Step != 4 || fr.Seed != "9" || fr.K != MaxK || len(notes) != 1 || notes[0].Key != "pcak" {
		t.Fatalf("Open: step %d seed %s k %d notices %+v", fr.Step, fr.Seed, fr.K, notes)
	}
	l, _ := New(Options{Seed: 9, K: MaxK, PCAProb: DefaultPCAProb})
	st, _ := AngleStats()
	if !reflect.DeepEqual(fr, l.Frame(4, st)) {
		t.Fatal("Open's frame differs from New + Frame")
	}
	if fr.Stats.Samples != StatSamples || len(fr.Stats.Median) != MaxK-MinK+1 {
		t.Fatalf("Open's frame lacks the stats: %+v", fr.Stats)
	}
}
