package play

import (
	"math"
	"strconv"
	"testing"

	"pcaplay/internal/play/wire"
)

// TestGoldenNative: the golden run's digest natively (the wasm tests check
// the same numbers in the browser module).
func TestGoldenNative(t *testing.T) {
	d, err := RunDigest(Golden.State, Golden.Steps)
	if err != nil {
		t.Fatal(err)
	}
	got := strconv.FormatUint(d.Hash, 16)
	if got != Golden.Hash || math.Float64bits(d.BestF) != math.Float64bits(Golden.BestF) {
		t.Errorf("golden run: hash %s bestF %v (%d generations, %d FES); want hash %s bestF %v",
			got, strconv.FormatFloat(d.BestF, 'g', -1, 64), d.Generations, d.FES, Golden.Hash, Golden.BestF)
	}
}

// Several runs live side by side in one Runs: each is exactly the run it
// would be alone, whatever the others do in between.
func TestRunsSideBySide(t *testing.T) {
	r := NewRuns()
	a, b := r.Open(), r.Open()
	if a == b {
		t.Fatalf("two opens gave the same id %d", a)
	}
	state := map[string]string{"problem": "C01", "dim": "10", "algo": "heco-pde", "seed": "8", "pcaprob": "0.5"}
	ca, err := r.Configure(a, state, ConfigureOptions{})
	if err != nil {
		t.Fatal(err)
	}
	other := map[string]string{"problem": "rosenbrock", "algo": "pmode", "seed": "9"}
	if _, err := r.Configure(b, other, ConfigureOptions{}); err != nil {
		t.Fatal(err)
	}
	if ca.Frame.Status.Generation != 0 || ca.Frame.Status.FES == 0 || ca.Frame.Op != nil && ca.Frame.Op.Generation != 0 {
		t.Errorf("configure's frame: %+v", ca.Frame.Status)
	}
	if ca.Landscape != nil || ca.Frame.X != nil {
		t.Errorf("D = 10: configure returned a landscape or raw points")
	}
	sa, _ := r.Session(a)
	sb, _ := r.Session(b)
	for range 20 {
		if _, err := sa.Advance(StepOptions{N: 3}); err != nil {
			t.Fatal(err)
		}
		if _, err := sb.Advance(StepOptions{N: 5, Chart: true}); err != nil {
			t.Fatal(err)
		}
	}
	cfg, _, _, err := Sanitize(ca.Config)
	if err != nil {
		t.Fatal(err)
	}
	alone, err := NewSession(cfg)
	if err != nil {
		t.Fatal(err)
	}
	alone.Step(61, nil)
	if x, y := alone.Status(), sa.Status(); math.Float64bits(x.BestF) != math.Float64bits(y.BestF) || x.FES != y.FES {
		t.Errorf("run beside another: %+v; alone: %+v", y, x)
	}
	if err := r.Close(a); err != nil || r.Len() != 1 {
		t.Fatalf("close: %v, %d open", err, r.Len())
	}
	if _, err := r.Session(a); wire.CodeOf(err) != wire.CodeNoRun {
		t.Errorf("closed run: error %v (code %s), want %s", err, wire.CodeOf(err), wire.CodeNoRun)
	}
	if _, err := r.Configure(99, state, ConfigureOptions{}); wire.CodeOf(err) != wire.CodeNoRun {
		t.Errorf("configure of an unopened run: %v", err)
	}
	c := r.Open()
	if _, err := r.Session(c); wire.CodeOf(err) != wire.CodeNoRun {
		t.Errorf("unconfigured run: %v", err)
	}
	if _, err := r.Reset(c, FrameOptions{}); wire.CodeOf(err) != wire.CodeNoRun {
		t.Errorf("reset of an unconfigured run: %v", err)
	}
}

// UntilFES advances runs that spend different FES per generation to the same
// budget mark (lockstep by FES): each stops at the first generation that
// reaches the target.
func TestAdvanceUntilFES(t *testing.T) {
	r := NewRuns()
	de, pm := r.Open(), r.Open()
	if _, err := r.Configure(de, map[string]string{"algo": "de", "pop": "30", "seed": "1"}, ConfigureOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Configure(pm, map[string]string{"algo": "pmode", "seed": "1"}, ConfigureOptions{}); err != nil {
		t.Fatal(err)
	}
	sd, _ := r.Session(de)
	sp, _ := r.Session(pm)
	for target := 500; target <= 5000; target += 500 {
		for _, s := range []*Session{sd, sp} {
			before := s.Status().FES
			f, err := s.Advance(StepOptions{N: 1 << 30, UntilFES: target})
			if err != nil {
				t.Fatal(err)
			}
			st := f.Status
			if st.FES < target {
				t.Fatalf("%s: FES %d after untilFES %d", s.Config.Algo, st.FES, target)
			}
			// one generation less would not have reached the target
			if f.Applied > 0 && before >= target {
				t.Fatalf("%s: applied %d generations although FES %d was at the target %d", s.Config.Algo, f.Applied, before, target)
			}
			step := 30
			if s.Config.Algo == "pmode" {
				step = 8
			}
			if st.FES-step >= target {
				t.Fatalf("%s: FES %d went past the target %d by a generation or more", s.Config.Algo, st.FES, target)
			}
		}
	}
	// bad arguments are named and coded
	for _, o := range []StepOptions{{N: -1}, {UntilFES: -5}, {MaxMs: math.NaN()}, {PC: 5000}} {
		if _, err := sp.Advance(o); wire.CodeOf(err) != wire.CodeBadArgument {
			t.Errorf("Advance(%+v): %v (code %s), want %s", o, err, wire.CodeOf(err), wire.CodeBadArgument)
		}
	}
}

// A frame carries the operator once (or again when asked), raw points only
// at D = 2, and the chart only when asked.
func TestFrameContents(t *testing.T) {
	s := newSession(t, map[string]string{"algo": "pmode", "pcaprob": "1", "seed": "2"})
	f, err := s.Advance(StepOptions{N: 2, Chart: true})
	if err != nil {
		t.Fatal(err)
	}
	if f.Op == nil || len(f.X) != 2*len(f.F) || len(f.Charts) != 3 || f.Generations != 2 {
		t.Fatalf("frame: op %v, %d x for %d points, %d charts, %d generations", f.Op != nil, len(f.X), len(f.F), len(f.Charts), f.Generations)
	}
	f, _ = s.Advance(StepOptions{})
	if f.Op != nil || f.Charts != nil || f.Applied != 0 {
		t.Errorf("a redraw repeated the operator or the chart: %+v", f)
	}
	f, _ = s.Advance(StepOptions{Op: true})
	if f.Op == nil {
		t.Errorf("FrameOptions.Op did not send the operator again")
	}
	// zoom survives a restart; the first frame then has the fitted window
	if _, err := s.View(ViewOptions{Zoom: true, Grid: 40}); err != nil {
		t.Fatal(err)
	}
	ns, err := s.Restart()
	if err != nil {
		t.Fatal(err)
	}
	f, err = ns.Advance(StepOptions{N: 1})
	if err != nil {
		t.Fatal(err)
	}
	if f.Landscape == nil || f.Landscape.NX != 40 {
		t.Errorf("restart with zoom on: first frame landscape %+v", f.Landscape)
	}
	if _, err := s.View(ViewOptions{Grid: 5000}); wire.CodeOf(err) != wire.CodeBadArgument {
		t.Errorf("view grid 5000: %v", err)
	}
}
