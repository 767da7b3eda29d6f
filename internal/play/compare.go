package play

import (
	"errors"
	"math"
	"sort"
	"strconv"
	"strings"

	"pcaplay/core/chart"
	"pcaplay/core/pca"
	"pcaplay/core/problem"
	"pcaplay/core/solver"
	"pcaplay/internal/play/export"
	"pcaplay/internal/play/wire"
)

// Compare mode: up to MaxCompareRuns runs of one problem side by side (the
// page's compare-app.js). Run A is configured by the address's keys as in
// the single-run page; run B, C, D by A's values with their overrides,
// written with the run's letter as prefix: b.pca=false, b.algo=cmode,
// c.pcaprob=0.5. The runs share SharedKeys (problem, D, seed, budget, a
// typed problem's definition and the number of seeds, seeds.go):
// a comparison differs in the algorithm and its parameters, starts from the
// same initial population where the algorithms draw it alike, and every run
// gets the same evaluations.
//
// Decisions made here:
//   - B without any override is A with PCA-projection off (b.pca=false), so
//     "PCA-projection on vs off" is the default comparison; C and D without
//     overrides are copies of A.
//   - A prefixed shared key (b.seed=2) or a key of a run the page does not
//     have (d.algo with runs=2) is ignored with a notice naming it.
//   - Overrides are sanitized like A's keys (same clamping and notices, the
//     notice's key carries the prefix); an override equal to A's value is
//     dropped, so the address lists only what differs.

// MaxCompareRuns is the most runs compare mode shows.
const MaxCompareRuns = 4

// RunLetters names the runs of a comparison; run i's overrides are prefixed
// with RunLetters[i] + "." (run A has none).
var RunLetters = []string{"a", "b", "c", "d"}

// SharedKeys are the run keys every run of a comparison takes from run A.
var SharedKeys = []string{"problem", "dim", "seed", "fes", TypedKey, SeedsKey}

// CompareSetup is a sanitized comparison.
type CompareSetup struct {
	// Values are each run's sanitized URL values (Config.Values), A first.
	Values []map[string]string `js:"values"`
	// Overrides are, per run, the values that differ from A's (none for A),
	// without prefix.
	Overrides []map[string]string `js:"overrides"`
	// Names are the runs' labels: "A: pmode", "B: pmode, pca=false".
	Names []string `js:"names"`
	// Notices name the replaced values, with their prefix.
	Notices []Notice `js:"notices"`
	// Seeds is the number of seeds each configuration runs on (seeds=N,
	// seeds.go; 1: the shown runs only).
	Seeds int `js:"seeds"`
}

// SanitizeCompare splits URL values into n runs (2 ≤ n ≤ MaxCompareRuns)
// and sanitizes each: run A from the unprefixed keys, run i from A's keys
// with the keys prefixed by RunLetters[i] + "." in their place.
func SanitizeCompare(raw map[string]string, n int) (*CompareSetup, error) {
	if n < 2 || n > MaxCompareRuns {
		return nil, wire.Errorf(wire.CodeBadArgument, "compare: %d runs; want 2 to %d", n, MaxCompareRuns)
	}
	base, over, notes := splitCompareKeys(raw, n)
	cfgA, notesA, _, err := Sanitize(base)
	if err != nil {
		return nil, err
	}
	if !namesARunKey(over[1], cfgA) {
		// B overrides nothing it has (no key, or only unknown ones, which
		// are ignored as for A): the default comparison, PCA-projection on
		// vs off
		over[1] = map[string]string{"pca": "false"}
	}
	seeds, seedNotes := sanitizeSeeds(base, cfgA.Seed)
	notes = append(append(notesA, seedNotes...), notes...)
	a := cfgA.Values()
	setup := &CompareSetup{Values: []map[string]string{a}, Overrides: []map[string]string{{}}, Names: []string{"A: " + cfgA.Algo}, Seeds: seeds}
	for i := 1; i < n; i++ {
		cfg, ns, _, err := Sanitize(mergeOverrides(cfgA, over[i]))
		if err != nil {
			return nil, err
		}
		prefix := RunLetters[i] + "."
		for _, nt := range ns {
			if _, ok := over[i][nt.Key]; ok || nt.Key == "params" {
				nt.Key = Cut(prefix+nt.Key, EchoMax)
				notes = append(notes, nt)
			}
		}
		vals := cfg.Values()
		diff := overridesKept(i, over[i], vals, a)
		setup.Values = append(setup.Values, vals)
		setup.Overrides = append(setup.Overrides, diff)
		setup.Names = append(setup.Names, compareName(i, cfg.Algo, diff))
	}
	if setup.Notices = notes; notes == nil {
		setup.Notices = []Notice{}
	}
	return setup, nil
}

// splitCompareKeys splits raw into run A's keys (base) and, per run i < n,
// the keys prefixed by RunLetters[i] + "." without their prefix (over[i];
// over[0] stays empty), noting every prefixed key that no run takes: a
// prefix of no run of n, A's own prefix, or a key the runs share with A.
// A key with a prefix that is no run's letter is an unknown key, ignored
// as Sanitize ignores one.
func splitCompareKeys(raw map[string]string, n int) (base map[string]string, over []map[string]string, notes []Notice) {
	base = map[string]string{}
	over = make([]map[string]string, n)
	for i := range over {
		over[i] = map[string]string{}
	}
	for _, k := range sortedKeys(raw) {
		v := raw[k]
		letter, key, prefixed := strings.Cut(k, ".")
		if !prefixed {
			base[k] = v
			continue
		}
		i := index(RunLetters, strings.ToLower(letter))
		switch {
		case i == 0 || key == "":
			notes = append(notes, NewNotice(k, v, "not a key of a compared run (b.KEY, c.KEY, d.KEY); ignored"))
		case i < 0:
			// not a run prefix: an unknown key, ignored as Sanitize does
		case i >= n:
			notes = append(notes, NewNotice(k, v, "the page compares "+strconv.Itoa(n)+" runs: there is no run "+strings.ToUpper(RunLetters[i])+"; ignored"))
		case contains(SharedKeys, key):
			notes = append(notes, NewNotice(k, v, "the compared runs share problem, D, seed, budget and seeds with run A; ignored"))
		default:
			over[i][key] = v
		}
	}
	return base, over, notes
}

// mergeOverrides returns the URL values of a compared run: run A's values
// with over in their place. A run of another algorithm takes its
// parameters' defaults, not A's, where it does not override them.
func mergeOverrides(cfgA Config, over map[string]string) map[string]string {
	merged := map[string]string{}
	for k, v := range cfgA.Values() {
		merged[k] = v
	}
	if _, ok := over["algo"]; ok {
		for k := range cfgA.Params {
			delete(merged, k)
		}
	}
	for k, v := range over {
		merged[k] = v
	}
	return merged
}

// overridesKept returns run i's overrides as the address keeps them: the
// keys of over whose sanitized values vals differ from A's values a (all
// of them, sanitized, when the algorithm differs: A's values are then no
// reference). Run B equal to A with PCA-projection on says pca=true
// outright, since B without overrides is A with it off.
func overridesKept(i int, over, vals, a map[string]string) map[string]string {
	diff := map[string]string{}
	for k := range over {
		if v, ok := vals[k]; ok && (v != a[k] || vals["algo"] != a["algo"]) {
			diff[k] = v
		}
	}
	if i == 1 && len(diff) == 0 && vals["pca"] == "true" {
		diff["pca"] = "true"
	}
	return diff
}

// compareName is run i's label: its letter, its algorithm and its
// overrides other than the algorithm, "B: pmode, pca=false".
func compareName(i int, algo string, diff map[string]string) string {
	var parts []string
	for _, k := range sortedKeys(diff) {
		if k != "algo" {
			parts = append(parts, k+"="+diff[k])
		}
	}
	name := strings.ToUpper(RunLetters[i]) + ": " + algo
	if len(parts) > 0 {
		name += ", " + strings.Join(parts, ", ")
	}
	return name
}

// namesARunKey reports whether over names the algorithm or a parameter of
// the algorithm it selects (A's when it names none) at A's D.
func namesARunKey(over map[string]string, a Config) bool {
	if _, ok := over["algo"]; ok {
		return true
	}
	alg, err := solver.Lookup(a.Algo)
	if err != nil {
		return false
	}
	for _, p := range alg.Defaults(a.Dim).Params() {
		if _, ok := over[p.Key]; ok {
			return true
		}
	}
	return false
}

func index(a []string, x string) int {
	for i, y := range a {
		if y == x {
			return i
		}
	}
	return -1
}

func sortedKeys(m map[string]string) []string {
	k := make([]string, 0, len(m))
	for x := range m {
		k = append(k, x)
	}
	sort.Strings(k)
	return k
}

// BestRecord is the exact record of a run's feasible best f: the FES and f
// of every generation whose best point improved while feasible. The
// scoreboard reads from it the FES at which the run first came within ε of
// a reference f (FirstWithin). It stays small: an entry more than
// ScoreWindow above the run's current best can never be the first within ε
// ≤ ScoreWindow of a reference at or below that best, so it is dropped.
type BestRecord struct {
	fes []int
	f   []float64
}

// ScoreWindow is the largest ε the scoreboard asks about.
const ScoreWindow = 1e-2

// Add records the best point after a generation (f, v at FES fes).
func (r *BestRecord) Add(fes int, f, v float64) {
	if v != 0 || math.IsNaN(f) {
		return
	}
	if n := len(r.f); n > 0 && !(f < r.f[n-1]) {
		return
	}
	// drop the entries that can no longer be a first hit (a prefix: f
	// decreases along the record); float subtraction is monotone, so
	// e − ref ≥ e − f > ScoreWindow for every ref ≤ f
	drop := 0
	for drop < len(r.f) && r.f[drop]-f > ScoreWindow {
		drop++
	}
	if drop > 0 {
		r.fes = append(r.fes[:0], r.fes[drop:]...)
		r.f = append(r.f[:0], r.f[drop:]...)
	}
	r.fes = append(r.fes, fes)
	r.f = append(r.f, f)
}

// FirstWithin returns the FES at which the feasible best f first met
// f − ref ≤ eps, for ref at most the run's current best and eps ≤
// ScoreWindow, and whether it has.
func (r *BestRecord) FirstWithin(ref, eps float64) (int, bool) {
	for i, f := range r.f {
		if f-ref <= eps {
			return r.fes[i], true
		}
	}
	return 0, false
}

// Best returns the run's feasible best f (NaN when none is feasible).
func (r *BestRecord) Best() float64 {
	if len(r.f) == 0 {
		return math.NaN()
	}
	return r.f[len(r.f)-1]
}

// Len returns the number of entries kept.
func (r *BestRecord) Len() int { return len(r.f) }

// ScoreTargets are the scoreboard's ε: f − f_best ≤ ε.
var ScoreTargets = []float64{1e-2, 1e-4, 1e-8}

// Scoreboard is the FES at which each run first reached each target.
//
// The reference f_best is the smallest of the problem's known optimum f*
// (the teaching problems know theirs) and every run's feasible best so far
// (CEC problems do not publish f*: there it is the best any compared run
// has found, and the board says so). Since it can only fall as the runs
// go on, an entry can move later or vanish, never be wrong for the runs as
// they stand. Every FES is exact: "feasible" from the history's first hits,
// the f targets from each run's BestRecord.
type Scoreboard struct {
	// Targets are the columns' labels: "feasible", "f − f_best ≤ 1e-2", …
	Targets []string `js:"targets"`
	// FBest is the reference f_best (NaN: no run is feasible and f* is
	// unknown); Known says it is the problem's optimum f*.
	FBest float64 `js:"fbest"`
	Known bool    `js:"known"`
	// FES[i][j] is run i's FES at target j, or −1 when not reached.
	FES [][]int `js:"fes"`
	// Partial says that a run has not reached the end of its budget yet,
	// so the board may still change; At and MaxFES are the FES at which
	// the runs stand (run A's: the others are at most one of their own
	// generations past it) and their budget. Set by Runs.Compare.
	Partial bool `js:"partial"`
	At      int  `js:"at"`
	MaxFES  int  `js:"maxFES"`
	// CSV and LaTeX are the board as files (export.ScoreboardCSV and
	// ScoreboardLaTeX of Board), rows named as the compare chart names
	// the runs.
	// Set by Runs.Compare.
	CSV   string `js:"csv"`
	LaTeX string `js:"latex"`
}

// Board is the board as package export writes it, its rows named names.
func (sb Scoreboard) Board(names []string) export.Board {
	return export.Board{Letters: RunLetters[:len(sb.FES)], Names: names, Eps: ScoreTargets, FES: sb.FES,
		FBest: sb.FBest, Known: sb.Known, Partial: sb.Partial, At: sb.At, MaxFES: sb.MaxFES}
}

// Score returns the scoreboard of the sessions (one problem).
func Score(ss []*Session) Scoreboard {
	sb := Scoreboard{Targets: scoreTargets(), FBest: math.NaN()}
	if len(ss) == 0 {
		return sb
	}
	recs := make([]*BestRecord, len(ss))
	for i, s := range ss {
		recs[i] = &s.Record
	}
	sb.FBest, sb.Known = referenceF(ss[0].Problem, recs)
	for i, s := range ss {
		feas := -1
		if fes, ok := s.History.FirstFES(func(p chart.Point) bool { return p.BestV == 0 }); ok {
			feas = fes
		}
		sb.FES = append(sb.FES, scoreRow(feas, recs[i], sb.FBest))
	}
	return sb
}

// scoreTargets are the scoreboard's columns: "feasible", "f − f_best ≤
// 1e-2", …
func scoreTargets() []string {
	t := []string{"feasible"}
	for _, e := range ScoreTargets {
		t = append(t, "f − f_best ≤ "+export.FormatEps(e))
	}
	return t
}

// referenceF returns the scoreboard's f_best for runs of problem p whose
// feasible best f are recorded in recs: the smallest of p's optimum f*
// (known: p knows it) and the runs' best f; NaN when neither exists.
func referenceF(p problem.Problem, recs []*BestRecord) (fbest float64, known bool) {
	fbest = math.NaN()
	if o, ok := p.(problem.Optimum); ok {
		_, fbest = o.Optimum()
		known = true
	}
	for _, r := range recs {
		if b := r.Best(); !math.IsNaN(b) && (math.IsNaN(fbest) || b < fbest) {
			fbest = b
		}
	}
	return fbest, known
}

// scoreRow returns a run's row of the scoreboard: feas (the FES at which
// its best point was first feasible, −1 not yet), then the FES at which
// its feasible best f first came within each ScoreTargets of fbest (from
// rec), −1 for a target not reached.
func scoreRow(feas int, rec *BestRecord, fbest float64) []int {
	row := []int{feas}
	for _, e := range ScoreTargets {
		fes, ok := -1, false
		if !math.IsNaN(fbest) {
			if fes, ok = rec.FirstWithin(fbest, e); !ok {
				fes = -1
			}
		}
		row = append(row, fes)
	}
	return row
}

// CompareOptions say what a compare frame carries.
type CompareOptions struct {
	// Chart: the overlaid convergence chart; Playing thins it to
	// ChartPointsPlaying points per run.
	Chart   bool `js:"chart"`
	Playing bool `js:"playing"`
	// Zoom fits one 2-D landscape window to every run's points (see
	// Zoom); View asks for the shared landscape even when its window has
	// not changed (after a configure or a zoom switch).
	Zoom bool `js:"zoom"`
	View bool `js:"view"`
	// Names label the runs in the chart's legend (CompareSetup.Names).
	Names []string `js:"names"`
	// PC (D > 2): every run's population on one principal-component plane
	// (comparePC); PC > 1 also samples that plane on a PC×PC grid, PC = 1
	// gives the points only.
	PC int `js:"pc"`
	// Seeds (2 to MaxSeeds; 0 or 1: none) also runs every configuration
	// on the seeds after the runs' own, in lockstep with them
	// (CompareSetup.Seeds, seeds.go): the frame then has Seeds, and its
	// Chart is the median convergence over the seeds.
	Seeds int `js:"seeds"`
}

// CompareFrame is what the page draws across the runs of a comparison.
type CompareFrame struct {
	// Chart is the overlaid convergence chart (chart.CompareConvergence).
	Chart []byte `js:"chart,string,omitempty"`
	// Scoreboard is the FES at which each run reached each target.
	Scoreboard Scoreboard `js:"scoreboard"`
	// Colors are the runs' colours, the chart's, for every panel of a run.
	Colors []string `js:"colors"`
	// Landscape (D = 2) is the shared window's contour when it changed or
	// CompareOptions.View asked for it; every run's landscape shows it.
	Landscape *Contour `js:"landscape,omitempty"`
	// PC (D > 2, CompareOptions.PC > 0) are the runs' principal-component
	// views on one plane, with one contour (the same for every run).
	PC []*PCView `js:"pc,omitempty"`
	// Seeds is the comparison over CompareOptions.Seeds seeds (nil without).
	Seeds *SeedsFrame `js:"seeds,omitempty"`
}

// Compare returns the compare frame of the runs ids (one problem; the
// first is A). The shared zoom window is kept in r between calls.
func (r *Runs) Compare(ids []int, o CompareOptions) (*CompareFrame, error) {
	if len(ids) < 1 || len(ids) > MaxCompareRuns {
		return nil, wire.Errorf(wire.CodeBadArgument, "compare: %d runs; want 1 to %d", len(ids), MaxCompareRuns)
	}
	ss := make([]*Session, len(ids))
	for i, id := range ids {
		s, err := r.Session(id)
		if err != nil {
			return nil, err
		}
		if i > 0 && (s.Config.Problem != ss[0].Config.Problem || s.Config.Dim != ss[0].Config.Dim) {
			return nil, wire.Errorf(wire.CodeBadArgument, "compare: run %d is %s at D = %d, run %d is %s at D = %d: the runs must share the problem",
				id, s.Config.Problem, s.Config.Dim, ids[0], ss[0].Config.Problem, ss[0].Config.Dim)
		}
		ss[i] = s
	}
	cf := &CompareFrame{Scoreboard: Score(ss)}
	for i := range ss {
		cf.Colors = append(cf.Colors, chart.Palette[i%len(chart.Palette)])
	}
	// the runs' names: the chart's legend and the scoreboard's rows
	names := make([]string, len(ss))
	for i, s := range ss {
		names[i] = strings.ToUpper(RunLetters[i]) + ": " + s.Config.Algo
		if i < len(o.Names) && o.Names[i] != "" {
			names[i] = Cut(o.Names[i], 60)
		}
	}
	sb := &cf.Scoreboard
	a := ss[0].Status()
	sb.At, sb.MaxFES = a.FES, a.MaxFES
	for _, s := range ss {
		if !s.HasLast || !s.Solver.Done() {
			sb.Partial = true
		}
	}
	sb.CSV = string(export.ScoreboardCSV(sb.Board(names)))
	sb.LaTeX = string(export.ScoreboardLaTeX(sb.Board(names), ss[0].Config.Problem, ss[0].Config.Dim))
	if o.Seeds < 0 || o.Seeds > MaxSeeds {
		return nil, wire.Errorf(wire.CodeBadArgument, "compare: seeds = %d: must be in [0, %d]", o.Seeds, MaxSeeds)
	}
	if err := r.compareSeeds(cf, ss, names, o); err != nil {
		return nil, err
	}
	if o.Chart && cf.Seeds == nil {
		pts := ChartPoints
		if o.Playing {
			pts = ChartPointsPlaying
		}
		runs := make([]chart.CompareRun, len(ss))
		for i, s := range ss {
			runs[i] = chart.CompareRun{Name: names[i], Points: s.History.Points()}
		}
		b, err := chart.CompareConvergence(runs, chart.CompareOptions{MaxPoints: pts})
		if err != nil {
			return nil, err
		}
		cf.Chart = b
	}
	if o.PC < 0 || o.PC > MaxGrid {
		return nil, wire.Errorf(wire.CodeBadArgument, "compare: pc = %d: must be in [0, %d]", o.PC, MaxGrid)
	}
	if o.PC > 0 && ss[0].Problem.Dim() > 2 {
		pv, err := comparePC(ss, o.PC)
		if err != nil {
			return nil, err
		}
		cf.PC = pv
	}
	if ss[0].Problem.Dim() == 2 {
		if err := r.compareLandscape(cf, ss, o); err != nil {
			return nil, err
		}
	}
	return cf, nil
}

// compareLandscape sets cf.Landscape (D = 2): the contour of the shared
// window when it changed (fitted to every run's points with zoom on) or
// o.View asks for it.
func (r *Runs) compareLandscape(cf *CompareFrame, ss []*Session, o CompareOptions) error {
	z := &r.zoom
	if z.Grid == 0 {
		z.Grid = LandscapeGrid
	}
	changed := false
	if o.Zoom != z.On || o.View {
		// a zoom switch or new runs: fit the window afresh
		z.On, z.Set, changed = o.Zoom, false, true
	}
	if z.On {
		var pts [][]float64
		for _, s := range ss {
			if s.HasLast {
				pts = append(pts, s.Last.X, s.Last.Best.X)
			}
		}
		lo, hi := ss[0].Problem.Bounds()
		if z.fit(lo, hi, pts...) {
			changed = true
		}
	}
	if changed || o.View {
		lo, hi := ss[0].Problem.Bounds()
		x0, x1, y0, y1 := lo[0], hi[0], lo[1], hi[1]
		if z.On && z.Set {
			x0, x1, y0, y1 = z.X0, z.X1, z.Y0, z.Y1
		}
		c, err := ss[0].Landscape(z.Grid, z.Grid, x0, x1, y0, y1)
		if err != nil {
			return err
		}
		cf.Landscape = c
	}
	return nil
}

// compareSeeds sets cf.Seeds (and cf.Chart, when o.Chart) for o.Seeds > 1:
// the seed runs, made anew for new sessions, advanced to run A's FES (to
// their end once A is done). Without seeds it forgets them.
func (r *Runs) compareSeeds(cf *CompareFrame, ss []*Session, names []string, o CompareOptions) error {
	if o.Seeds <= 1 {
		r.seeds = nil
		return nil
	}
	if !r.seeds.fits(ss, o.Seeds) {
		set, err := newSeedSet(ss, o.Seeds)
		if err != nil {
			return err
		}
		r.seeds = set
	}
	target := ss[0].Status().FES
	if ss[0].Solver.Done() {
		target = math.MaxInt
	}
	if err := r.seeds.advance(target); err != nil {
		return err
	}
	sf, opt, err := r.seeds.frame(names, ss[0].Config.Seed)
	if err != nil {
		return err
	}
	cf.Seeds = sf
	if o.Chart {
		cf.Chart = opt
	}
	// the scoreboard's files carry the win counts and the test too
	sb := &cf.Scoreboard
	b, es := sb.Board(names), sf.export()
	sb.CSV = string(export.ScoreboardSeedsCSV(b, es))
	sb.LaTeX += export.SeedsLaTeX(b, es)
	return nil
}

// comparePC returns the runs' populations on one plane, so that their
// principal-component views have the same axes and scale: the plane
// through the mean of all their points along the first two principal
// components of all of them (each run's view of its own population would
// put each on its own axes, and the runs could not be compared by eye).
// grid > 1 also samples f and the constraints on that plane, once, over a
// square around every run's points and best point.
func comparePC(ss []*Session, grid int) ([]*PCView, error) {
	n := ss[0].Problem.Dim()
	var X, F, V []float64
	for _, s := range ss {
		if !s.HasLast {
			return nil, wire.Errorf(wire.CodeNoRun, "compare: a run has no population yet")
		}
		X = append(X, s.Last.X...)
		F = append(F, s.Last.F...)
		V = append(V, s.Last.V...)
	}
	count := len(F)
	if count < 2 {
		return nil, wire.Errorf(wire.CodeRunFailed, "compare: the PC view needs at least 2 points")
	}
	pr, err := pca.Project(X, n, pca.ByFeasibility(F, V), count, 2)
	if err != nil && !errors.Is(err, pca.ErrZeroVariance) {
		return nil, err
	}
	variance, err := chart.ExplainedVariance(pr.Values, "")
	if err != nil {
		return nil, err
	}
	varianceCSV := export.VarianceCSV(pr.Values)
	v1, v2 := pr.Vectors[:n], pr.Vectors[n:2*n]
	views := make([]*PCView, len(ss))
	var pts [][]float64
	off := 0
	for i, s := range ss {
		l := &s.Last
		m := len(l.F)
		pv := &PCView{Generation: l.Generation, Mean: pr.Mean, Values: pr.Values, V1: v1, V2: v2,
			Coords: pr.Coords[2*off : 2*(off+m)], F: append([]float64(nil), l.F...), V: append([]float64(nil), l.V...),
			Best: []float64{0, 0}, VarianceJS: variance, VarianceCSV: varianceCSV}
		for d := 0; d < n; d++ {
			pv.Best[0] += v1[d] * (l.Best.X[d] - pr.Mean[d])
			pv.Best[1] += v2[d] * (l.Best.X[d] - pr.Mean[d])
		}
		off += m
		pts = append(pts, pv.Coords, pv.Best)
		views[i] = pv
	}
	if grid > 1 {
		c, err := ss[0].pcContour(views[0], pts, grid)
		if err != nil {
			return nil, err
		}
		for _, pv := range views {
			pv.Contour = c
		}
	}
	return views, nil
}
