package lesson

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var knownLayers = Layers()

var knownControls = Controls()

func TestStepsShape(t *testing.T) {
	st, err := AngleStats()
	if err != nil {
		t.Fatal(err)
	}
	wantKeys := []string{"a", "b", "c", "d", "e", "f", "run"}
	opts := slices.Clone(testOptions)
	for seed := uint64(1); seed <= 30; seed++ {
		for _, k := range []int{2, 3, 6, 19, 20} {
			for _, p := range []float64{0, 0.1, 1} {
				opts = append(opts, Options{Seed: seed, K: k, PCAProb: p})
			}
		}
	}
	for _, o := range opts {
		l, err := New(o)
		if err != nil {
			t.Fatal(err)
		}
		for _, stats := range []*Stats{st, nil} {
			steps := l.Steps(stats)
			if len(steps) != NumSteps {
				t.Fatalf("%d steps, want NumSteps = %d", len(steps), NumSteps)
			}
			for i, s := range steps {
				if s.Key != wantKeys[i] || s.Title == "" || s.Caption == "" || len(s.Text) == 0 || len(s.Layers) == 0 {
					t.Fatalf("step %d: %+v", i+1, s)
				}
				if s.Key != "run" && s.Label != "("+s.Key+")" {
					t.Fatalf("step %d: label %q", i+1, s.Label)
				}
				for _, ly := range s.Layers {
					if !slices.Contains(knownLayers, ly) {
						t.Fatalf("step %d: unknown layer %q", i+1, ly)
					}
				}
				for _, c := range s.Controls {
					if !slices.Contains(knownControls, c) {
						t.Fatalf("step %d: unknown control %q", i+1, c)
					}
				}
				all := append([]string{s.Title, s.Caption}, s.Text...)
				for _, r := range s.Readouts {
					all = append(all, r.Label, r.Value)
				}
				for _, text := range all {
					if strings.Contains(text, "%!") || strings.Contains(text, "NaN") || strings.Contains(text, "Inf") ||
						strings.Contains(text, "e+") || strings.Contains(text, "\n") || text == "" {
						t.Fatalf("step %d: malformed text %q", i+1, text)
					}
				}
			}
			// The last step opens the playground; only it has that control.
			for i, s := range steps {
				if slices.Contains(s.Controls, ControlRun) != (i == NumSteps-1) {
					t.Fatalf("step %d: the run control belongs to the last step only", i+1)
				}
			}
		}
	}
}

// The numbers a step quotes are the lesson's.
func TestStepsQuoteTheNumbers(t *testing.T) {
	st, _ := AngleStats()
	deg := func(a float64) string { return strconv.FormatFloat(a, 'f', 1, 64) + "°" }
	for _, o := range testOptions {
		l, _ := New(o)
		steps := l.Steps(st)
		text := func(i int) string { return strings.Join(steps[i].Text, " ") }
		if !strings.Contains(text(2), deg(l.Best.AngleDeg)) || !strings.Contains(steps[2].Caption, deg(l.Best.AngleDeg)) {
			t.Errorf("%+v: step (c) does not quote the angle %s", o, deg(l.Best.AngleDeg))
		}
		if !strings.Contains(text(2), deg(st.Median[o.K-MinK])) {
			t.Errorf("%+v: step (c) does not quote the typical angle for k = %d", o, o.K)
		}
		if !strings.Contains(text(3), deg(l.All.AngleDeg)) || !strings.Contains(text(3), deg(st.Median[MaxK-MinK])) {
			t.Errorf("%+v: step (d) does not quote the angle of all 20 and its typical value", o)
		}
		if !strings.Contains(text(4), strconv.Itoa(l.Best.Improved)+" of the 20") {
			t.Errorf("%+v: step (e) does not quote the %d improved points", o, l.Best.Improved)
		}
		if (l.Best.AngleDeg <= FollowsDeg) != strings.Contains(text(2), "so does their axis") {
			t.Errorf("%+v: step (c) claims the axis follows the valley at %s", o, deg(l.Best.AngleDeg))
		}
		npca := 0
		for _, b := range l.Gen.FromPCA {
			if b {
				npca++
			}
		}
		switch {
		case npca == 0 && !strings.Contains(text(5), "none of the 20 children came from PCA-projection"):
			t.Errorf("%+v: step (f) does not say that no child came from PCA-projection", o)
		case npca > 1 && !strings.Contains(text(5), strconv.Itoa(npca)+" of the 20 children came from PCA-projection"):
			t.Errorf("%+v: step (f) does not quote its %d PCA children", o, npca)
		}
		replaced := slices.ContainsFunc(l.Gen.Replaced, func(r int) bool { return r >= 0 })
		if replaced == strings.Contains(text(5), "P is unchanged") {
			t.Errorf("%+v: step (f) misreports the replacement", o)
		}
		if !strings.Contains(text(6), "seed "+strconv.FormatUint(o.Seed, 10)) {
			t.Errorf("%+v: the last step does not name the seed", o)
		}
		if p := math.Pow(0.9, 20); math.Abs(p-0.1216) > 1e-3 {
			t.Fatal(p)
		}
	}
}

func TestFloorLine(t *testing.T) {
	pl := FloorLine(50)
	if len(pl) != 100 || pl[0] != -1 || pl[1] != 1 || math.Abs(pl[98]-math.Sqrt2) > 1e-15 || math.Abs(pl[99]-2) > 1e-15 {
		t.Fatalf("floor line %v … %v", pl[:2], pl[98:])
	}
	for i := 0; i < len(pl); i += 2 {
		if pl[i+1] != pl[i]*pl[i] || pl[i+1] > 2+1e-15 {
			t.Fatalf("point %v, %v is not on y = x² inside the box", pl[i], pl[i+1])
		}
	}
	if len(FloorLine(0)) != 4 {
		t.Fatal("FloorLine(0) is not the 2-point minimum")
	}
}
