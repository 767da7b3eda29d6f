package play

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"pcaplay/internal/play/export"
	"pcaplay/internal/play/wire"
)

func TestSanitizeCompare(t *testing.T) {
	for _, tc := range []struct {
		name      string
		raw       map[string]string
		n         int
		overrides []map[string]string
		names     []string
		notices   []string // keys, in order
	}{
		{"default B is PCA off", map[string]string{}, 2,
			[]map[string]string{{}, {"pca": "false"}}, []string{"A: pmode", "B: pmode, pca=false"}, nil},
		{"B of another algorithm", map[string]string{"problem": "C01", "dim": "10", "b.algo": "heco-pde"}, 2,
			nil, []string{"A: pmode", "B: heco-pde"}, nil},
		{"three runs, C a copy", map[string]string{"b.pcaprob": "0.5"}, 3,
			[]map[string]string{{}, {"pcaprob": "0.5"}, {}}, []string{"A: pmode", "B: pmode, pcaprob=0.5", "C: pmode"}, nil},
		{"clamped like A, prefixed notice", map[string]string{"b.pcaprob": "7"}, 2,
			[]map[string]string{{}, {"pcaprob": "1"}}, nil, []string{"b.pcaprob"}},
		{"shared keys and missing runs ignored", map[string]string{"b.seed": "9", "d.pca": "0", "a.pca": "0", "b.pca": "0"}, 2,
			[]map[string]string{{}, {"pca": "false"}}, nil, []string{"a.pca", "b.seed", "d.pca"}},
		{"an override equal to A's is dropped", map[string]string{"pca": "false", "b.pca": "false"}, 2,
			[]map[string]string{{}, {}}, []string{"A: pmode", "B: pmode"}, nil},
		{"B = A with PCA on is said outright", map[string]string{"b.pca": "true"}, 2,
			[]map[string]string{{}, {"pca": "true"}}, []string{"A: pmode", "B: pmode, pca=true"}, nil},
		{"unknown keys only: the default B", map[string]string{"b.nope": "1"}, 2,
			[]map[string]string{{}, {"pca": "false"}}, []string{"A: pmode", "B: pmode, pca=false"}, nil},
		{"A's notice once", map[string]string{"pcaprob": "x"}, 2,
			nil, nil, []string{"pcaprob"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := SanitizeCompare(tc.raw, tc.n)
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Values) != tc.n || len(s.Overrides) != tc.n || len(s.Names) != tc.n {
				t.Fatalf("%d values, %d overrides, %d names; want %d", len(s.Values), len(s.Overrides), len(s.Names), tc.n)
			}
			for i, v := range s.Values {
				for _, k := range SharedKeys {
					if v[k] != s.Values[0][k] {
						t.Errorf("run %d: %s = %s, A has %s", i, k, v[k], s.Values[0][k])
					}
				}
				// the values are sanitized: again, they give no notice
				if _, ns, _, _ := Sanitize(v); len(ns) != 0 {
					t.Errorf("run %d's values give notices %+v", i, ns)
				}
			}
			for i, want := range tc.overrides {
				if len(s.Overrides[i]) != len(want) {
					t.Errorf("run %d overrides %v, want %v", i, s.Overrides[i], want)
				}
				for k, v := range want {
					if s.Overrides[i][k] != v {
						t.Errorf("run %d overrides %v, want %v", i, s.Overrides[i], want)
					}
				}
			}
			for i, want := range tc.names {
				if s.Names[i] != want {
					t.Errorf("name %d = %q, want %q", i, s.Names[i], want)
				}
			}
			var keys []string
			for _, n := range s.Notices {
				keys = append(keys, n.Key)
			}
			if strings.Join(keys, " ") != strings.Join(tc.notices, " ") {
				t.Errorf("notices %+v, want keys %v", s.Notices, tc.notices)
			}
		})
	}
	for _, n := range []int{-1, 0, 1, 5} {
		if _, err := SanitizeCompare(nil, n); err == nil || wire.CodeOf(err) != wire.CodeBadArgument {
			t.Errorf("n = %d: err %v, want a bad-argument error", n, err)
		}
	}
	// B of another algorithm takes that algorithm's defaults, not A's values
	s, _ := SanitizeCompare(map[string]string{"algo": "heco-pde", "pcaprob": "0.3", "b.algo": "pmode"}, 2)
	if a, b := s.Values[0]["pcaprob"], s.Values[1]["pcaprob"]; a != "0.3" || b == "0.3" {
		t.Errorf("pcaprob A %s, B %s: B should take pmode's default", a, b)
	}
}

// BestRecord answers "first FES with f − ref ≤ ε" exactly as a complete
// record of every generation would, for every ref at or below the best.
func TestBestRecordExact(t *testing.T) {
	type gen struct {
		fes  int
		f, v float64
	}
	var gens []gen
	f, floor := 30.0, 2.0
	for g := 0; g < 3000; g++ {
		v := 0.0
		if g < 40 {
			v = 1 / float64(g+1)
		}
		if g%3 != 0 { // improves two generations out of three, by varying steps
			f -= (f - floor) * 0.01 * float64(1+g%7)
		}
		if g == 2000 {
			f, floor = 1, 0.5 // a jump
		}
		gens = append(gens, gen{10 * (g + 1), f, v})
	}
	var r BestRecord
	kept := 0
	for _, g := range gens {
		r.Add(g.fes, g.f, g.v)
		kept = max(kept, r.Len())
	}
	if kept >= len(gens)/2 {
		t.Errorf("record kept up to %d of %d generations", kept, len(gens))
	}
	best := gens[len(gens)-1].f
	if r.Best() != best {
		t.Errorf("Best %v, want %v", r.Best(), best)
	}
	for _, ref := range []float64{best, best - 1e-9, best - 5e-3, -1} {
		for _, eps := range ScoreTargets {
			want, wok := 0, false
			for _, g := range gens {
				if g.v == 0 && g.f-ref <= eps {
					want, wok = g.fes, true
					break
				}
			}
			got, ok := r.FirstWithin(ref, eps)
			if got != want || ok != wok {
				t.Errorf("ref %v, ε %v: %d %v, want %d %v", ref, eps, got, ok, want, wok)
			}
		}
	}
	var empty BestRecord
	empty.Add(1, 5, 0.5)
	if !math.IsNaN(empty.Best()) {
		t.Error("an infeasible point was recorded")
	}
}

// The scoreboard of real runs: feasible and every f target from the runs
// as stepped, checked against a replay that keeps every generation.
func TestCompareScoreboard(t *testing.T) {
	r := NewRuns()
	setup, err := SanitizeCompare(map[string]string{"problem": "circle", "fes": "6000"}, 2)
	if err != nil {
		t.Fatal(err)
	}
	ids := []int{r.Open(), r.Open()}
	type pt struct {
		fes  int
		f, v float64
	}
	all := make([][]pt, 2)
	for i, id := range ids {
		if _, err := r.Configure(id, setup.Values[i], ConfigureOptions{}); err != nil {
			t.Fatal(err)
		}
		s, _ := r.Session(id)
		for !s.Solver.Done() {
			if _, err := s.Advance(StepOptions{N: 1}); err != nil {
				t.Fatal(err)
			}
			all[i] = append(all[i], pt{s.Last.FES, s.Last.Best.F, s.Last.Best.V})
		}
	}
	cf, err := r.Compare(ids, CompareOptions{Chart: true, Names: setup.Names})
	if err != nil {
		t.Fatal(err)
	}
	sb := cf.Scoreboard
	if !sb.Known || sb.FBest > 1 {
		t.Errorf("circle: f_best %v known %v; want min(f* = 1, the runs' best)", sb.FBest, sb.Known)
	}
	if len(sb.Targets) != 4 || sb.Targets[0] != "feasible" || sb.Targets[2] != "f − f_best ≤ 1e-4" {
		t.Errorf("targets %q", sb.Targets)
	}
	for i := range ids {
		want := []int{-1, -1, -1, -1}
		for _, p := range all[i] {
			if p.v == 0 && want[0] < 0 {
				want[0] = p.fes
			}
			for j, e := range ScoreTargets {
				if p.v == 0 && p.f-sb.FBest <= e && want[j+1] < 0 {
					want[j+1] = p.fes
				}
			}
		}
		for j := range want {
			if sb.FES[i][j] != want[j] {
				t.Errorf("run %d, %s: FES %d, want %d", i, sb.Targets[j], sb.FES[i][j], want[j])
			}
		}
		if want[1] < 0 {
			t.Errorf("run %d never came within 1e-2 of f_best on circle", i)
		}
	}
	// its files: every run at the end of its budget, rows named as the chart's
	if a, _ := r.Session(ids[0]); sb.Partial || sb.At != a.Last.FES || sb.MaxFES != 6000 ||
		!strings.Contains(sb.CSV, setup.Names[1]) || sb.LaTeX != string(export.ScoreboardLaTeX(sb.Board(setup.Names), "circle", 2)) || strings.HasPrefix(sb.LaTeX, "% Partial") {
		t.Errorf("board's files at the end: partial %v at %d of %d\n%s\n%s", sb.Partial, sb.At, sb.MaxFES, sb.CSV, sb.LaTeX)
	}
	if len(cf.Colors) != 2 || cf.Colors[0] == cf.Colors[1] || !strings.Contains(string(cf.Chart), setup.Names[1]) {
		t.Errorf("colours %v, chart names: %v", cf.Colors, strings.Contains(string(cf.Chart), setup.Names[1]))
	}
	// runs that go on: the board is partial, and says where they stand
	for _, id := range ids {
		if _, err := r.Configure(id, setup.Values[0], ConfigureOptions{}); err != nil {
			t.Fatal(err)
		}
		s, _ := r.Session(id)
		s.Advance(StepOptions{N: 3})
	}
	cf, err = r.Compare(ids, CompareOptions{})
	if a, _ := r.Session(ids[0]); err != nil || !cf.Scoreboard.Partial || cf.Scoreboard.At != a.Last.FES || !strings.HasPrefix(cf.Scoreboard.LaTeX, "% Partial: the runs stand at "+strconv.Itoa(a.Last.FES)+" of 6000 FES") {
		t.Errorf("runs after 3 generations: %v; board partial %v at %d\n%s", err, cf.Scoreboard.Partial, cf.Scoreboard.At, cf.Scoreboard.LaTeX)
	}
}

// The scoreboard of a CEC problem, whose f* is not known: f_best is the
// best of the runs. Runs of different problems are not compared.
func TestCompareScoreboardCEC(t *testing.T) {
	r := NewRuns()
	ids := []int{r.Open(), r.Open()}
	cec, _ := SanitizeCompare(map[string]string{"problem": "C01", "dim": "10", "fes": "3000"}, 2)
	for i, id := range ids {
		if _, err := r.Configure(id, cec.Values[i], ConfigureOptions{}); err != nil {
			t.Fatal(err)
		}
		s, _ := r.Session(id)
		s.Advance(StepOptions{N: 1e6})
	}
	cf, err := r.Compare(ids, CompareOptions{})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := r.Session(ids[0])
	b, _ := r.Session(ids[1])
	if cf.Scoreboard.Known || cf.Scoreboard.FBest != math.Min(a.Record.Best(), b.Record.Best()) || cf.Landscape != nil {
		t.Errorf("C01: %+v; want f_best = the runs' best %v, %v, no landscape", cf.Scoreboard, a.Record.Best(), b.Record.Best())
	}
	// runs of different problems are refused
	if _, err := r.Configure(ids[1], map[string]string{"problem": "C02"}, ConfigureOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Compare(ids, CompareOptions{}); err == nil || wire.CodeOf(err) != wire.CodeBadArgument {
		t.Errorf("different problems: %v", err)
	}
	if _, err := r.Compare([]int{ids[0], 99}, CompareOptions{}); wire.CodeOf(err) != wire.CodeNoRun {
		t.Errorf("unknown run: %v", err)
	}
}

// Zoom in compare mode: one window holds every run's points, the same
// rule as one run's zoom.
func TestCompareSharedZoom(t *testing.T) {
	r := NewRuns()
	setup, _ := SanitizeCompare(map[string]string{"problem": "rosenbrock", "algo": "de", "b.f": "0.7"}, 2)
	ids := []int{r.Open(), r.Open()}
	for i, id := range ids {
		if _, err := r.Configure(id, setup.Values[i], ConfigureOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	cf, err := r.Compare(ids, CompareOptions{View: true})
	if err != nil || cf.Landscape == nil {
		t.Fatalf("view: %v, %v", cf, err)
	}
	a, _ := r.Session(ids[0])
	lo, hi := a.Problem.Bounds()
	if e := cf.Landscape.Extent; e != [4]float64{lo[0], hi[0], lo[1], hi[1]} {
		t.Errorf("zoom off: window %v, want the box", e)
	}
	for g := 0; g < 400; g++ {
		for _, id := range ids {
			s, _ := r.Session(id)
			s.Advance(StepOptions{N: 1})
		}
		cf, err = r.Compare(ids, CompareOptions{Zoom: true, View: g == 0})
		if err != nil {
			t.Fatal(err)
		}
		z := r.zoom
		for _, id := range ids {
			s, _ := r.Session(id)
			for i := 0; i+1 < len(s.Last.X); i += 2 {
				x, y := math.Max(lo[0], math.Min(hi[0], s.Last.X[i])), math.Max(lo[1], math.Min(hi[1], s.Last.X[i+1]))
				if x < z.X0 || x > z.X1 || y < z.Y0 || y > z.Y1 {
					t.Fatalf("generation %d: run %d's point (%v, %v) outside the shared window %+v", g, id, x, y, z)
				}
			}
		}
		if cf.Landscape != nil && (cf.Landscape.Extent[0] != z.X0 || cf.Landscape.Extent[3] != z.Y1) {
			t.Fatalf("landscape window differs from the zoom window")
		}
	}
	if z := r.zoom; z.X1-z.X0 >= hi[0]-lo[0] {
		t.Errorf("after 400 generations the shared window %+v has not zoomed in", z)
	}
}

// D > 2: the runs' PC views share one plane (mean and axes of all their
// points) and one contour whose square holds every run's points; each
// run's coordinates are its points projected on that plane.
func TestComparePCOnePlane(t *testing.T) {
	r := NewRuns()
	setup, _ := SanitizeCompare(map[string]string{"problem": "C05", "dim": "10", "b.algo": "heco-pde"}, 2)
	ids := []int{r.Open(), r.Open()}
	for i, id := range ids {
		if _, err := r.Configure(id, setup.Values[i], ConfigureOptions{}); err != nil {
			t.Fatal(err)
		}
		s, _ := r.Session(id)
		s.Advance(StepOptions{N: 5})
	}
	cf, err := r.Compare(ids, CompareOptions{PC: 24})
	if err != nil || len(cf.PC) != 2 {
		t.Fatalf("%v, %v", cf, err)
	}
	a, b := cf.PC[0], cf.PC[1]
	if &a.Mean[0] != &b.Mean[0] || &a.V1[0] != &b.V1[0] || a.Contour == nil || a.Contour != b.Contour {
		t.Fatal("the views do not share one plane and one contour")
	}
	for i, pv := range cf.PC {
		s, _ := r.Session(ids[i])
		if len(pv.Coords) != 2*len(s.Last.F) {
			t.Fatalf("run %d: %d coordinates for %d points", i, len(pv.Coords), len(s.Last.F))
		}
		for j := 0; j < len(s.Last.F); j += 7 {
			var u, v float64
			for d := 0; d < 10; d++ {
				u += pv.V1[d] * (s.Last.X[10*j+d] - pv.Mean[d])
				v += pv.V2[d] * (s.Last.X[10*j+d] - pv.Mean[d])
			}
			if math.Abs(u-pv.Coords[2*j]) > 1e-9*(1+math.Abs(u)) || math.Abs(v-pv.Coords[2*j+1]) > 1e-9*(1+math.Abs(v)) {
				t.Fatalf("run %d point %d: (%v, %v), projected (%v, %v)", i, j, pv.Coords[2*j], pv.Coords[2*j+1], u, v)
			}
			c := a.Contour
			if u < c.Extent[0] || u > c.Extent[1] || v < c.Extent[2] || v > c.Extent[3] {
				t.Fatalf("run %d point %d outside the shared contour", i, j)
			}
		}
	}
	if cf, _ := r.Compare(ids, CompareOptions{PC: 1}); cf.PC[0].Contour != nil {
		t.Error("pc = 1 sampled a contour")
	}
	if _, err := r.Compare(ids, CompareOptions{PC: -1}); wire.CodeOf(err) != wire.CodeBadArgument {
		t.Errorf("pc = -1: %v", err)
	}
}

// FuzzSanitizeCompare feeds compare mode's splitter hostile addresses: for
// any input and any number of runs it returns that many sanitized runs that
// share problem, D, seed and budget, notices of bounded size, names, a
// number of seeds from 1 to MaxSeeds whose last seed does not pass 2^64 − 1,
// and overrides that, given back as prefixed keys (and seeds=), give the
// same runs without a notice. Fuzz it for longer with
//
//	go test ./internal/play -run '^$' -fuzz FuzzSanitizeCompare -fuzztime 5m
func FuzzSanitizeCompare(f *testing.F) {
	for _, s := range [][7]string{
		{"b.pca", "0", "b.algo", "cmode", "c.pcaprob", "7", "3"},
		{"b.seed", "9", "d.pop", "-1", "x.y", "z", "2"},
		{".", "", "b.", "1", "B.PCA", "false", "4"},
		{"a.pca", "1", "c.algo", "nope", "b.__proto__", "1", "2"},
		{"b.algo", "heco-pde", "b.pcak", "1e9", "problem", "C05", "3"},
		{"b.b.pca", "0", "b.fes", "1e3", "dim", "10", "9"},
		{"seeds", "10", "b.seeds", "3", "seed", "18446744073709551615", "2"},
		{"seeds", "31", "seed", "7", "b.algo", "cmode", "2"},
	} {
		f.Add(s[0], s[1], s[2], s[3], s[4], s[5], s[6])
	}
	f.Fuzz(func(t *testing.T, k1, v1, k2, v2, k3, v3, runs string) {
		raw := map[string]string{k1: v1, k2: v2, k3: v3}
		n, _ := strconv.Atoi(runs)
		s, err := SanitizeCompare(raw, n)
		if n < 2 || n > MaxCompareRuns {
			if err == nil {
				t.Fatalf("%d runs accepted", n)
			}
			return
		}
		if err != nil {
			t.Fatalf("SanitizeCompare(%q, %d): %v", raw, n, err)
		}
		if len(s.Values) != n || len(s.Overrides) != n || len(s.Names) != n {
			t.Fatalf("SanitizeCompare(%q, %d): %d runs", raw, n, len(s.Values))
		}
		for _, nt := range s.Notices {
			// Cut keeps max−8 characters and adds "… (N characters)": at
			// most EchoMax+24, the bound of the other sanitiser fuzz targets
			if len([]rune(nt.Key)) > EchoMax+24 || len([]rune(nt.Value)) > EchoMax+24 || len([]rune(nt.Message)) > 4*maxMessage {
				t.Fatalf("notice too long: %+v", nt)
			}
		}
		seed, _ := strconv.ParseUint(s.Values[0]["seed"], 10, 64)
		if s.Seeds < 1 || s.Seeds > MaxSeeds || seed > math.MaxUint64-uint64(s.Seeds-1) {
			t.Fatalf("SanitizeCompare(%q, %d): %d seeds from seed %d", raw, n, s.Seeds, seed)
		}
		back := map[string]string{}
		for k, v := range s.Values[0] {
			back[k] = v
		}
		if s.Seeds > 1 {
			back[SeedsKey] = strconv.Itoa(s.Seeds)
		}
		for i := 1; i < n; i++ {
			for _, k := range SharedKeys {
				if s.Values[i][k] != s.Values[0][k] {
					t.Fatalf("run %d: %s = %s, A has %s", i, k, s.Values[i][k], s.Values[0][k])
				}
			}
			for k, v := range s.Overrides[i] {
				back[RunLetters[i]+"."+k] = v
			}
		}
		again, err := SanitizeCompare(back, n)
		if err != nil {
			t.Fatal(err)
		}
		if len(again.Notices) != 0 || again.Seeds != s.Seeds {
			t.Fatalf("the sanitized address %q gives notices %+v, %d seeds (want %d)", back, again.Notices, again.Seeds, s.Seeds)
		}
		for i := range s.Values {
			if fmt.Sprint(again.Values[i]) != fmt.Sprint(s.Values[i]) {
				t.Fatalf("run %d: %v, read back %v", i, s.Values[i], again.Values[i])
			}
		}
	})
}
