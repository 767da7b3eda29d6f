package play

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"pcaplay/core/problem"
)

func noticeFor(notes []Notice, key string) *Notice {
	for i := range notes {
		if notes[i].Key == key {
			return &notes[i]
		}
	}
	return nil
}

func TestSanitizeDefaults(t *testing.T) {
	c, notes, params, err := Sanitize(map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) != 0 {
		t.Errorf("defaults gave notices: %+v", notes)
	}
	if c.Problem != DefaultProblem || c.Dim != 2 || c.Algo != DefaultAlgo || c.Seed != DefaultSeed || c.FES != DefaultFES(2) {
		t.Errorf("defaults = %+v", c)
	}
	if len(params) == 0 || len(c.Params) != len(params) {
		t.Fatalf("params %d, config params %d", len(params), len(c.Params))
	}
	for _, p := range params {
		if p.Key == "pcam" {
			if p.Value != "1" || p.Default != "1" || !strings.Contains(p.Help, "identity") || !strings.Contains(p.Help, "min(5, D−1)") {
				t.Errorf("pcam at D=2: value %s, default %s, help %q; want 1 (core's min(5, D−1)) and why m < D", p.Value, p.Default, p.Help)
			}
		}
	}
}

// Every parameter shows its default and a one-line help; pcam's default is
// core's min(5, D−1) at every D, with no playground override.
func TestParamsDefaultsAndHelp(t *testing.T) {
	for _, raw := range []map[string]string{
		{"algo": "pmode"}, {"algo": "heco-pde", "problem": "C01", "dim": "10"},
		{"algo": "pmode", "problem": "C01", "dim": "30"}, {"algo": "de"}, {"algo": "random"},
	} {
		c, _, params, err := Sanitize(raw)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range params {
			if p.Default == "" || p.Help == "" || strings.Contains(p.Help, "\n") {
				t.Errorf("%v: param %s has default %q, help %q", raw, p.Key, p.Default, p.Help)
			}
			// the label is the key but for CMODE's k, named apart from pcak's k best
			if want := map[string]string{"k": "replace every"}[p.Key]; p.Label != want && (want != "" || p.Label != p.Key) {
				t.Errorf("%v: param %s labelled %q", raw, p.Key, p.Label)
			}
			if p.Key == "pcam" {
				want := strconv.Itoa(max(1, min(5, c.Dim-1)))
				if p.Default != want || p.Value != want {
					t.Errorf("%v: pcam default %s value %s, want min(5, D−1) = %s", raw, p.Default, p.Value, want)
				}
			}
		}
	}
}

func TestSanitizeBadValuesAreNamed(t *testing.T) {
	raw := map[string]string{
		"problem": "C05", "dim": "7", "algo": "pmode", "seed": "-3", "fes": "1e9",
		"pcaprob": "1.5", "lambda": "abc", "pca": "maybe", "nonsense": "1",
	}
	c, notes, _, err := Sanitize(raw)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"dim": "7", "seed": "-3", "fes": "1e9", "pcaprob": "1.5", "lambda": "abc", "pca": "maybe"}
	for k, v := range want {
		n := noticeFor(notes, k)
		if n == nil {
			t.Errorf("no notice for %s=%s (notices %+v)", k, v, notes)
			continue
		}
		if n.Value != v || n.Message == "" {
			t.Errorf("notice for %s = %+v, want value %q and a message", k, n, v)
		}
	}
	if noticeFor(notes, "nonsense") != nil {
		t.Errorf("unknown key reported: %+v", notes)
	}
	if c.Dim != 10 || c.FES != MaxFES || c.Seed != DefaultSeed || c.Params["pcaprob"] != "1" || c.Params["pca"] != "true" {
		t.Errorf("sanitized config = %+v", c)
	}
	if _, err := NewSession(c); err != nil {
		t.Fatalf("sanitized config does not run: %v", err)
	}
}

func TestSanitizeRoundTrip(t *testing.T) {
	c, _, _, err := Sanitize(map[string]string{"problem": "c3", "dim": "10", "algo": "heco-pde", "seed": "99", "fes": "5000"})
	if err != nil {
		t.Fatal(err)
	}
	c2, notes, _, err := Sanitize(c.Values())
	if err != nil || len(notes) != 0 {
		t.Fatalf("round trip: %v %+v", err, notes)
	}
	if c2.Problem != "C03" || c2.Seed != 99 || c2.FES != 5000 || len(c2.Params) != len(c.Params) {
		t.Errorf("round trip %+v vs %+v", c2, c)
	}
	for k, v := range c.Params {
		if c2.Params[k] != v {
			t.Errorf("param %s: %s → %s", k, v, c2.Params[k])
		}
	}
}

func newSession(t testing.TB, raw map[string]string) *Session {
	t.Helper()
	c, _, _, err := Sanitize(raw)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSession(c)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSessionStepsAndOperator(t *testing.T) {
	s := newSession(t, map[string]string{"problem": "rosenbrock", "algo": "pmode", "seed": "7", "pcaprob": "0.5"})
	n, err := s.Step(1, nil)
	if err != nil || n != 1 {
		t.Fatalf("first step: %d %v", n, err)
	}
	pop := len(s.Last.F)
	if s.Last.FES != pop || len(s.Last.X) != 2*pop {
		t.Errorf("after init: FES %d, pop %d, len X %d", s.Last.FES, pop, len(s.Last.X))
	}
	for s.Operator == nil && !s.Solver.Done() {
		if _, err := s.Step(1, nil); err != nil {
			t.Fatal(err)
		}
	}
	op := s.Operator
	if op == nil {
		t.Fatal("PCA-projection never ran")
	}
	if op.M != 1 || op.N != 2 || len(op.Points) != op.Count*2 || len(op.Selected) != op.K {
		t.Errorf("operator shape: %+v", op)
	}
	checkOperatorInputs(t, op)
	if s.History.Added() != s.Last.Generation+1 || s.History.Len() != s.Last.Generation+1 {
		t.Errorf("history %d points (%d added), generation %d", s.History.Len(), s.History.Added(), s.Last.Generation)
	}
	b, err := s.ConvergenceJSON(0)
	if err != nil || !strings.Contains(string(b), "best feasible f") {
		t.Errorf("convergence chart: %v", err)
	}
}

// checkOperatorInputs: Inputs has one row per reconstruction, and projecting
// input i onto the kept axes, m + V Vᵀ(x_i − m), gives Points[i].
func checkOperatorInputs(t *testing.T, op *Operator) {
	t.Helper()
	n := op.N
	if len(op.Inputs) != op.Count*n {
		t.Fatalf("%d input coordinates, want %d×%d", len(op.Inputs), op.Count, n)
	}
	// The page draws the dropped axes too (v_{m+1}): the whole orthonormal
	// basis, also when core computed only the leading vectors.
	if len(op.Vectors) != n*n {
		t.Fatalf("%d vector coordinates, want the whole basis %d×%d", len(op.Vectors), n, n)
	}
	for a := 0; a < n; a++ {
		for b := 0; b < n; b++ {
			d := 0.0
			for c := 0; c < n; c++ {
				d += op.Vectors[a*n+c] * op.Vectors[b*n+c]
			}
			if want := map[bool]float64{true: 1, false: 0}[a == b]; math.Abs(d-want) > 1e-9 {
				t.Fatalf("v%d·v%d = %v, want %v", a+1, b+1, d, want)
			}
		}
	}
	moved := 0
	for i := 0; i < op.Count; i++ {
		x := op.Inputs[i*n : (i+1)*n]
		p := append([]float64(nil), op.Mean...)
		for j := 0; j < op.M; j++ {
			v := op.Vectors[j*n : (j+1)*n]
			y := 0.0
			for d := range x {
				y += v[d] * (x[d] - op.Mean[d])
			}
			for d := range p {
				p[d] += y * v[d]
			}
		}
		for d := range p {
			w := op.Points[i*n+d]
			if math.IsNaN(x[d]) || math.Abs(p[d]-w) > 1e-9*(1+math.Abs(w)) {
				t.Fatalf("input %d: projection %v, reconstruction %v", i, p, op.Points[i*n:(i+1)*n])
			}
			if x[d] != w {
				moved++
			}
		}
	}
	if op.M < n && moved == 0 {
		t.Errorf("m = %d < n = %d but no input moved: are Inputs the reconstructions?", op.M, n)
	}
}

// checkOperatorTrials: the rows marked Trial hold the solver's children
// with their counted f and v (evaluating the child again gives the same
// bits); the other rows have no f, v or verdict.
func checkOperatorTrials(t *testing.T, s *Session, op *Operator) {
	t.Helper()
	n := op.N
	ev := problem.NewEvaluator(s.Problem)
	lo, hi := s.Problem.Bounds()
	trials := 0
	for i := 0; i < op.Count; i++ {
		child := op.Children[i*n : (i+1)*n]
		if op.Trial[i] == 0 {
			if !math.IsNaN(op.PF[i]) || !math.IsNaN(op.PV[i]) || op.Accepted[i] != 0 {
				t.Fatalf("row %d is no trial but has f %v, v %v, accepted %v", i, op.PF[i], op.PV[i], op.Accepted[i])
			}
			continue
		}
		trials++
		for d := range child {
			if child[d] < lo[d] || child[d] > hi[d] {
				t.Fatalf("trial %d: child %v leaves the box", i, child)
			}
		}
		f, v := ev.Eval(child)
		if math.Float64bits(f) != math.Float64bits(op.PF[i]) || math.Float64bits(v) != math.Float64bits(op.PV[i]) {
			t.Fatalf("trial %d: f, v = %v, %v; evaluating its child gives %v, %v", i, op.PF[i], op.PV[i], f, v)
		}
	}
	if trials == 0 {
		t.Fatalf("generation %d: an operator with no trial", op.Generation)
	}
}

// The operator's inputs are those core projected, for every algorithm
// with PCA-projection, at D = 2 and D = 10.
func TestOperatorInputs(t *testing.T) {
	for _, raw := range []map[string]string{
		{"problem": "rosenbrock", "algo": "heco-pde", "seed": "3", "pcaprob": "1"},
		{"problem": "C01", "dim": "10", "algo": "pmode", "seed": "4", "pcaprob": "1"},
		{"problem": "C05", "dim": "10", "algo": "heco-pde", "seed": "5", "pcaprob": "1"},
	} {
		s := newSession(t, raw)
		seen := 0
		for g := 0; g < 40 && !s.Solver.Done(); g++ {
			if _, err := s.Step(1, nil); err != nil {
				t.Fatal(err)
			}
			if s.Operator != nil && s.Operator.Generation == s.Last.Generation {
				checkOperatorInputs(t, s.Operator)
				checkOperatorTrials(t, s, s.Operator)
				seen++
			}
		}
		if seen == 0 {
			t.Errorf("%v: PCA-projection never ran", raw)
		}
	}
}

func TestLandscape(t *testing.T) {
	s := newSession(t, map[string]string{"problem": "disc"})
	c, err := s.Landscape(60, 60, 0, 0, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[float64]int{}
	for _, k := range c.LineKind {
		kinds[k]++
	}
	if kinds[LineLevel] == 0 || kinds[LineG] == 0 {
		t.Errorf("line kinds %v: want f iso-lines and a g=0 boundary", kinds)
	}
	inf := 0
	for _, m := range c.Mask {
		if m&MaskInfeasible != 0 {
			inf++
		}
	}
	if inf == 0 || inf == len(c.Mask) {
		t.Errorf("%d of %d nodes infeasible", inf, len(c.Mask))
	}
	if int(c.LineStart[len(c.LineStart)-1])*2 != len(c.Lines) {
		t.Errorf("line index does not end at the data")
	}
	for _, x := range c.Lines {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			t.Fatal("non-finite line coordinate")
		}
	}
}

func TestPCView(t *testing.T) {
	s := newSession(t, map[string]string{"problem": "C01", "dim": "10", "algo": "pmode", "seed": "3"})
	if _, err := s.Step(3, nil); err != nil {
		t.Fatal(err)
	}
	pv, err := s.PCView(32)
	if err != nil {
		t.Fatal(err)
	}
	if len(pv.Values) != 10 || len(pv.Coords) != 2*len(s.Last.F) || pv.Contour == nil {
		t.Fatalf("pc view shape: %d values, %d coords", len(pv.Values), len(pv.Coords))
	}
	if pv.Values[0] < pv.Values[1] {
		t.Errorf("eigenvalues not descending: %v", pv.Values[:2])
	}
	// the coordinates are centred: their mean is ~0
	su, sv := 0.0, 0.0
	for i := 0; i < len(pv.Coords); i += 2 {
		su += pv.Coords[i]
		sv += pv.Coords[i+1]
	}
	if math.Abs(su)+math.Abs(sv) > 1e-6*float64(len(pv.Coords)) {
		t.Errorf("PC coordinates not centred: %v %v", su, sv)
	}
	if len(pv.Contour.Levels) == 0 || !strings.Contains(string(pv.VarianceJS), "PC10") {
		t.Errorf("contour levels %d, variance chart %s", len(pv.Contour.Levels), pv.VarianceJS)
	}
}

func TestDeterministicDigest(t *testing.T) {
	raw := map[string]string{"problem": "rosenbrock", "algo": "heco-pde", "seed": "5"}
	a, err := RunDigest(raw, 40)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := RunDigest(raw, 40)
	if a != b {
		t.Errorf("same seed, different runs: %+v vs %+v", a, b)
	}
	raw["seed"] = "6"
	c, _ := RunDigest(raw, 40)
	if c.Hash == a.Hash {
		t.Errorf("different seeds gave the same digest")
	}
}

func inWindow(s *Session) bool {
	x0, x1, y0, y1 := s.Window()
	X := s.Last.X
	for i := 0; i+1 < len(X); i += 2 {
		if X[i] < x0 || X[i] > x1 || X[i+1] < y0 || X[i+1] > y1 {
			return false
		}
	}
	return true
}

// The zoom window holds the population at every generation, changes only
// when a point left it or when it can shrink 3× or more, and the landscape
// is sampled over it.
func TestZoomWindow(t *testing.T) {
	s := newSession(t, map[string]string{"problem": "rosenbrock", "algo": "de", "seed": "2", "pop": "30"})
	if _, err := s.Step(1, nil); err != nil {
		t.Fatal(err)
	}
	lo, hi := s.Problem.Bounds()
	if x0, x1, y0, y1 := s.Window(); x0 != lo[0] || x1 != hi[0] || y0 != lo[1] || y1 != hi[1] {
		t.Fatalf("zoom off: window %v %v %v %v, want the box", x0, x1, y0, y1)
	}
	s.SetZoom(true)
	if !s.Zoom.Set || !inWindow(s) {
		t.Fatalf("zoom on: window %+v does not hold the initial population", s.Zoom)
	}
	changes, zoomIns := 0, 0
	for g := 0; g < 400 && !s.Solver.Done(); g++ {
		before := s.Zoom
		if _, err := s.Step(1, nil); err != nil {
			t.Fatal(err)
		}
		// was the old window still good for the new population?
		escaped := false
		X := s.Last.X
		for i := 0; i+1 < len(X); i += 2 {
			if X[i] < before.X0 || X[i] > before.X1 || X[i+1] < before.Y0 || X[i+1] > before.Y1 {
				escaped = true
			}
		}
		changed := s.UpdateZoom()
		if !inWindow(s) {
			t.Fatalf("generation %d: a point is outside the window %+v", s.Last.Generation, s.Zoom)
		}
		if !changed {
			if s.Zoom != before {
				t.Fatalf("generation %d: window changed without saying so", s.Last.Generation)
			}
			continue
		}
		changes++
		oldSide := math.Max(before.X1-before.X0, before.Y1-before.Y0)
		newSide := math.Max(s.Zoom.X1-s.Zoom.X0, s.Zoom.Y1-s.Zoom.Y0)
		if !escaped {
			if newSide*ZoomFactor > oldSide {
				t.Errorf("generation %d: re-zoomed from side %g to %g with every point inside (less than %g×)", s.Last.Generation, oldSide, newSide, ZoomFactor)
			}
			zoomIns++
		}
	}
	t.Logf("%d window changes, %d of them zoom-ins; window %+v", changes, zoomIns, s.Zoom)
	if zoomIns < 2 {
		t.Errorf("%d zoom-ins in 400 generations of a converging DE (%d changes); want several", zoomIns, changes)
	}
	if changes > 40 {
		t.Errorf("%d window changes in 400 generations: the contour is recomputed too often", changes)
	}
	// the landscape is sampled over the window
	c, err := s.ZoomLandscape()
	if err != nil {
		t.Fatal(err)
	}
	z := s.Zoom
	if c.Extent != [4]float64{z.X0, z.X1, z.Y0, z.Y1} || c.NX != 160 {
		t.Errorf("landscape over %v (%d nodes), want the window %+v", c.Extent, c.NX, z)
	}
	if side := math.Max(z.X1-z.X0, z.Y1-z.Y0); side < ZoomMinSide*3 || side > 0.5*(hi[0]-lo[0]) {
		t.Errorf("after 400 generations the window side is %g (box %g)", side, hi[0]-lo[0])
	}
	// off again: the box
	s.SetZoom(false)
	if x0, x1, _, _ := s.Window(); x0 != lo[0] || x1 != hi[0] {
		t.Errorf("zoom off again: window starts at %v..%v", x0, x1)
	}
}

// place keeps the window inside the box where it fits.
func TestZoomPlace(t *testing.T) {
	for _, c := range []struct{ c, side, lo, hi, a, b float64 }{
		{0, 2, -100, 100, -1, 1},
		{99.5, 2, -100, 100, 98, 100},
		{-100, 4, -100, 100, -100, -96},
		{0, 300, -100, 100, -100, 100},
	} {
		if a, b := place(c.c, c.side, c.lo, c.hi); a != c.a || b != c.b {
			t.Errorf("place(%v, %v, %v, %v) = %v, %v; want %v, %v", c.c, c.side, c.lo, c.hi, a, b, c.a, c.b)
		}
	}
}

// Under a preset, an address and the native command name the preset and
// only the values that differ from it; "none" brings every default back.
func TestPresetInAddressAndCommand(t *testing.T) {
	c, notes, infos, err := Sanitize(map[string]string{"problem": "C05", "dim": "10", "algo": "heco-de", "preset": "gecco2019"})
	if err != nil || len(notes) > 0 {
		t.Fatal(err, notes)
	}
	for _, in := range infos {
		if in.Value != in.Default && in.Key != "preset" {
			t.Errorf("%s = %s, its default under the preset %s: the address would name it", in.Key, in.Value, in.Default)
		}
		if in.Key == "preset" && (in.Value != "gecco2019" || in.Default != "none") {
			t.Errorf("preset: value %s, default %s", in.Value, in.Default)
		}
	}
	args, err := CommandArgs(c, "official")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(args, " "); !strings.Contains(got, "-set preset=gecco2019 -json") {
		t.Errorf("command %q, want -set preset=gecco2019 alone", got)
	}
	c, _, _, err = Sanitize(map[string]string{"problem": "C05", "dim": "10", "algo": "heco-de", "preset": "gecco2019", "crstd": "0.2"})
	if err != nil {
		t.Fatal(err)
	}
	args, _ = CommandArgs(c, "official")
	if got := strings.Join(args, " "); strings.Contains(got, "preset=") || !strings.Contains(got, "crstd=0.2") || !strings.Contains(got, "donors=q") {
		t.Errorf("preset and crstd=0.2: command %q, want every value and no preset", got)
	}
	c, _, _, err = Sanitize(map[string]string{"problem": "C05", "dim": "10", "algo": "heco-de", "preset": "none"})
	if err != nil {
		t.Fatal(err)
	}
	if args, _ = CommandArgs(c, "official"); strings.Contains(strings.Join(args, " "), "-set") {
		t.Errorf("preset=none: command %q sets parameters", strings.Join(args, " "))
	}
}
