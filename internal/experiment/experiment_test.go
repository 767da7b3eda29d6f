package experiment

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pcaplay/core/problem"
	"pcaplay/core/solver"
	"pcaplay/core/suite"
)

func TestCurveGrid(t *testing.T) {
	for _, m := range []int{1, 7, 100, 101, 5000, 200000, 2000000} {
		g := CurveGrid(m)
		if len(g) == 0 || len(g) > CurvePoints {
			t.Fatalf("CurveGrid(%d) has %d points", m, len(g))
		}
		if g[0] != min(100, m) || g[len(g)-1] != m {
			t.Errorf("CurveGrid(%d) = %d … %d, want %d … %d", m, g[0], g[len(g)-1], min(100, m), m)
		}
		for i := 1; i < len(g); i++ {
			if g[i] <= g[i-1] {
				t.Fatalf("CurveGrid(%d) not increasing at %d: %v", m, i, g)
			}
		}
	}
	if g := CurveGrid(200000); len(g) != CurvePoints {
		t.Errorf("CurveGrid(200000) has %d points, want %d", len(g), CurvePoints)
	}
}

func TestParseShard(t *testing.T) {
	s, err := ParseShard("2/3")
	if err != nil || s != (Shard{2, 3}) {
		t.Fatalf("ParseShard(2/3) = %v, %v", s, err)
	}
	for _, bad := range []string{"", "0/3", "4/3", "1/0", "a/3", "1", "-1/2", "1/2/3"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		} else if !strings.Contains(err.Error(), bad) {
			t.Errorf("ParseShard(%q) error %q does not name the value", bad, err)
		}
	}
	// The shards of a grid partition it.
	for n := 1; n <= 5; n++ {
		for k := 0; k < 23; k++ {
			hits := 0
			for i := 1; i <= n; i++ {
				if (Shard{i, n}).Has(k) {
					hits++
				}
			}
			if hits != 1 {
				t.Fatalf("job %d is in %d of %d shards", k, hits, n)
			}
		}
	}
}

func TestParseSet(t *testing.T) {
	got, err := ParseSet("pop=20, pmode.k=3 ,bound=reflect")
	want := []Assignment{{"", "pop", "20"}, {"pmode", "k", "3"}, {"", "bound", "reflect"}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("ParseSet = %v, %v; want %v", got, err, want)
	}
	for _, bad := range []string{"pop", "=3", ".k=3", "pmode.=3", "a=1,,b=2"} {
		if _, err := ParseSet(bad); err == nil {
			t.Errorf("ParseSet(%q) accepted", bad)
		}
	}
	if a, err := ParseSet(""); err != nil || a != nil {
		t.Errorf("ParseSet(\"\") = %v, %v", a, err)
	}
}

func TestParseProblemsAndAlgos(t *testing.T) {
	p, err := ParseProblems("c5,C01, c28")
	if err != nil || !reflect.DeepEqual(p, []string{"C01", "C05", "C28"}) {
		t.Fatalf("ParseProblems = %v, %v", p, err)
	}
	if p, _ := ParseProblems("all"); len(p) != 28 || p[0] != "C01" || p[27] != "C28" {
		t.Errorf("ParseProblems(all) = %v", p)
	}
	if _, err := ParseProblems("C01,c1"); err == nil {
		t.Error("a repeated problem was accepted")
	}
	a, err := ParseAlgos("pmode,random")
	if err != nil || !reflect.DeepEqual(a, []string{"random", "pmode"}) {
		t.Fatalf("ParseAlgos = %v, %v (want registry order)", a, err)
	}
	if _, err := ParseAlgos("pmode,nosuch"); err == nil || !strings.Contains(err.Error(), "nosuch") {
		t.Errorf("unknown algorithm: %v", err)
	}
}

func plan(t *testing.T, c Config) *Plan {
	t.Helper()
	p, err := NewPlan(c)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func collect(t *testing.T, p *Plan, workers int) []Record {
	t.Helper()
	var recs []Record
	if _, err := p.Execute(context.Background(), workers, Hooks{Emit: func(r Record) error {
		recs = append(recs, r)
		return nil
	}}); err != nil {
		t.Fatal(err)
	}
	return recs
}

var small = Config{Algos: []string{"random", "pmode"}, Problems: []string{"C01", "C05"}, Dim: 10, Runs: 3, Seed: 7, FES: 3000}

func TestExecuteDeterministicAndOrdered(t *testing.T) {
	a := collect(t, plan(t, small), 1)
	b := collect(t, plan(t, small), 3)
	if len(a) != 12 {
		t.Fatalf("%d records, want 12", len(a))
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatal("1 worker and 3 workers give different records")
	}
	for i := 1; i < len(a); i++ {
		if CompareKeys(a[i-1].Key(), a[i].Key()) >= 0 {
			t.Fatalf("records out of order: %s then %s", a[i-1].Key(), a[i].Key())
		}
	}
	for _, r := range a {
		if r.Seed != small.Seed+uint64(r.Run) {
			t.Errorf("%s: seed %d, want %d", r.Key(), r.Seed, small.Seed+uint64(r.Run))
		}
		if r.FES != small.FES || r.MaxFES != small.FES {
			t.Errorf("%s: fes %d maxfes %d", r.Key(), r.FES, r.MaxFES)
		}
	}
	c := small
	c.Seed = 8
	d := collect(t, plan(t, c), 2)
	if reflect.DeepEqual(a[0].X, d[0].X) {
		t.Error("a different seed gave the same first run")
	}
}

// TestRunOneSamples checks the checkpoint and curve rule against the
// solver's own snapshots: each sample is the best-so-far of the first
// generation whose FES reaches the target.
func TestRunOneSamples(t *testing.T) {
	p, err := suite.New("C05", 10, suite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	const maxFES = 2550 // not a multiple of the population size
	s, _ := NewSettings("pmode", 10, nil)
	rec, err := RunOne(context.Background(), p, s, 3, maxFES)
	if err != nil {
		t.Fatal(err)
	}
	// The same run, stepped here to see every snapshot.
	s2, _ := NewSettings("pmode", 10, nil)
	sv, err := solver.New(p, s2, 3, maxFES)
	if err != nil {
		t.Fatal(err)
	}
	type snap struct {
		fes  int
		f, v float64
	}
	var snaps []snap
	for !sv.Done() {
		sn, err := sv.Step()
		if err != nil {
			t.Fatal(err)
		}
		snaps = append(snaps, snap{sn.FES, sn.Best.F, sn.Best.MeanV})
	}
	at := func(target int) snap {
		for _, s := range snaps {
			if s.fes >= target {
				return s
			}
		}
		t.Fatalf("no snapshot reaches %d", target)
		return snap{}
	}
	want := []int{255, 1275, 2550}
	if len(rec.Checkpoints) != 3 {
		t.Fatalf("%d checkpoints", len(rec.Checkpoints))
	}
	for i, cp := range rec.Checkpoints {
		s := at(want[i])
		if cp.FES != s.fes || cp.F != s.f || cp.V != s.v || cp.Frac != CheckpointFracs[i] {
			t.Errorf("checkpoint %d = %+v, want FES %d f %v v %v", i, cp, s.fes, s.f, s.v)
		}
	}
	if !reflect.DeepEqual(rec.Curve.FES, CurveGrid(maxFES)) {
		t.Fatalf("curve grid %v", rec.Curve.FES)
	}
	for k, target := range rec.Curve.FES {
		s := at(target)
		if rec.Curve.F[k] != s.f || rec.Curve.V[k] != s.v {
			t.Errorf("curve[%d] (FES %d) = %v/%v, want %v/%v", k, target, rec.Curve.F[k], rec.Curve.V[k], s.f, s.v)
		}
	}
	last := snaps[len(snaps)-1]
	if rec.F != last.f || rec.V != last.v || rec.FES != maxFES {
		t.Errorf("final f %v v %v fes %d, want %v %v %d", rec.F, rec.V, rec.FES, last.f, last.v, maxFES)
	}
	// The stored best point reproduces the stored f and v.
	g, h := make([]float64, p.NumIneq()), make([]float64, p.NumEq())
	if f := p.Evaluate(rec.X, g, h); f != rec.F || problem.MeanViolation(g, h) != rec.V {
		t.Errorf("re-evaluating x gives f %v v %v, record has %v %v", f, problem.MeanViolation(g, h), rec.F, rec.V)
	}
	if rec.Feasible != (problem.Violation(g, h) == 0) || rec.Counts != problem.ViolationCounts(g, h) {
		t.Errorf("feasible %v counts %v disagree with x", rec.Feasible, rec.Counts)
	}
}

func TestExecuteCancel(t *testing.T) {
	c := small
	c.Runs = 6
	c.FES = 20000
	pl := plan(t, c)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var recs []Record
	out, err := pl.Execute(ctx, 2, Hooks{Emit: func(r Record) error {
		recs = append(recs, r)
		if len(recs) == 2 {
			cancel()
		}
		return nil
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if out.Emitted != len(recs) || len(recs) < 2 || len(recs) >= pl.NumJobs() {
		t.Fatalf("emitted %d (outcome %+v) of %d", len(recs), out, pl.NumJobs())
	}
	for i := 1; i < len(recs); i++ {
		if CompareKeys(recs[i-1].Key(), recs[i].Key()) >= 0 {
			t.Fatalf("out of order after cancel: %s then %s", recs[i-1].Key(), recs[i].Key())
		}
	}
	// A finished record is identical to the one of a full run.
	full := collect(t, plan(t, c), 2)
	for _, r := range recs {
		found := false
		for _, f := range full {
			if f.Key() == r.Key() {
				found = reflect.DeepEqual(f, r)
			}
		}
		if !found {
			t.Errorf("%s differs from the full run", r.Key())
		}
	}
}

func TestExecuteEmitError(t *testing.T) {
	pl := plan(t, small)
	boom := errors.New("disk full")
	n := 0
	_, err := pl.Execute(context.Background(), 2, Hooks{Emit: func(Record) error {
		n++
		return boom
	}})
	if !errors.Is(err, boom) || n != 1 {
		t.Fatalf("err = %v after %d emits, want %v after 1", err, n, boom)
	}
}

func TestNewPlanErrors(t *testing.T) {
	cases := []struct {
		name string
		mod  func(*Config)
		want string
	}{
		{"dim", func(c *Config) { c.Dim = 0 }, "-dim 0"},
		{"runs", func(c *Config) { c.Runs = 0 }, "-runs 0"},
		{"problem", func(c *Config) { c.Problems = []string{"C99"} }, "C99"},
		{"algo", func(c *Config) { c.Algos = []string{"nosuch"} }, "nosuch"},
		{"set key", func(c *Config) { c.Set = []Assignment{{Key: "nokey", Value: "1"}} }, "nokey"},
		{"set value", func(c *Config) { c.Set = []Assignment{{Algo: "random", Key: "pop", Value: "-5"}} }, "pop"},
		{"set value text", func(c *Config) { c.Set = []Assignment{{Algo: "random", Key: "pop", Value: "many"}} }, "many"},
		{"data", func(c *Config) { c.DataDir = t.TempDir() }, "shift_data_1"},
		{"shard", func(c *Config) { c.Shard = Shard{3, 2} }, "3/2"},
	}
	for _, tc := range cases {
		c := small
		tc.mod(&c)
		_, err := NewPlan(c)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want one naming %q", tc.name, err, tc.want)
		}
	}
}

func TestShardsPartitionGrid(t *testing.T) {
	full := plan(t, small)
	var union []Job
	for i := 1; i <= 5; i++ {
		c := small
		c.Shard = Shard{i, 5}
		p := plan(t, c)
		jobs := slices.Collect(p.Jobs())
		if len(jobs) != p.NumJobs() || len(jobs) != p.ShardSize() {
			t.Errorf("shard %d/5: %d jobs, NumJobs %d, ShardSize %d", i, len(jobs), p.NumJobs(), p.ShardSize())
		}
		union = append(union, jobs...)
	}
	fullJobs := slices.Collect(full.Jobs())
	if len(union) != len(fullJobs) || len(fullJobs) != full.GridSize {
		t.Fatalf("shards hold %d jobs, grid %d", len(union), len(fullJobs))
	}
	seen := map[int]bool{}
	for _, j := range union {
		if seen[j.Index] || fullJobs[j.Index] != j {
			t.Fatalf("job %+v duplicated or not in the grid", j)
		}
		seen[j.Index] = true
	}
}

// rec is a complete, valid record of a run with final f and v.
func rec(algo, prob string, run int, f, v float64) Record {
	var counts [3]int
	if v > 0 {
		counts[2] = 1
	}
	return Record{Algo: algo, Problem: prob, Dim: 10, Data: "generated", Run: run, Seed: 1 + uint64(run), MaxFES: 100, FES: 100,
		F: f, V: v, Feasible: v == 0, Counts: counts, BestFES: 90, X: make([]float64, 10), Settings: "pop=5,k=0.5",
		Checkpoints: []Checkpoint{{0.1, 10, f + 1, v}, {0.5, 50, f, v}, {1, 100, f, v}},
		Curve:       Curve{FES: []int{100}, F: []float64{f}, V: []float64{v}}}
}

func TestCheck(t *testing.T) {
	where := func(i int) string { return "rec" + string(rune('0'+i)) }
	ok := []Record{rec("a", "C01", 0, 1, 0), rec("a", "C01", 1, 1, 0), rec("b", "C01", 0, 1, 0), rec("b", "C01", 1, 1, 0)}
	if err := Check(ok, where); err != nil {
		t.Fatal(err)
	}
	dup := append(append([]Record(nil), ok...), rec("b", "C01", 1, 2, 0))
	if err := Check(dup, where); err == nil || !strings.Contains(err.Error(), "duplicate run b C01 D=10 run 1") || !strings.Contains(err.Error(), "rec3") {
		t.Errorf("duplicate: %v", err)
	}
	gap := []Record{ok[0], ok[2], ok[3], rec("a", "C01", 2, 1, 0), rec("b", "C01", 2, 1, 0)}
	if err := Check(gap, where); err == nil || !strings.Contains(err.Error(), "missing run a C01 D=10 run 1") {
		t.Errorf("gap: %v", err)
	}
	trailing := []Record{ok[0], ok[1], ok[2]}
	if err := Check(trailing, where); err == nil || !strings.Contains(err.Error(), "missing run b C01 D=10 run 1") {
		t.Errorf("trailing gap: %v", err)
	}
	cell := append(append([]Record(nil), ok...), rec("a", "C02", 0, 1, 0), rec("a", "C02", 1, 1, 0))
	if err := Check(cell, where); err == nil || !strings.Contains(err.Error(), "missing run b C02 D=10 run 0") {
		t.Errorf("missing cell: %v", err)
	}
	budget := append([]Record(nil), ok...)
	budget[1].MaxFES = 200
	if err := Check(budget, where); err == nil || !strings.Contains(err.Error(), "budget") {
		t.Errorf("mixed budgets: %v", err)
	}
}

func TestReadErrors(t *testing.T) {
	good, _ := MarshalLine(rec("a", "C01", 0, 1, 0))
	line := strings.TrimSuffix(string(good), "\n")
	cases := map[string]string{
		"{not json}\n":        "x.jsonl:2: not a run record",
		`{"algo":"a"}` + "\n": `x.jsonl:2: missing "problem"`,
		strings.Replace(line, `"data":"generated",`, "", 1) + "\n":                          `x.jsonl:2: missing "data"`,
		strings.Replace(line, `"data":"generated"`, `"data":"mine"`, 1) + "\n":              `x.jsonl:2: "data" = "mine"`,
		strings.Replace(line, `"data":"generated"`, `"data":"sha256:12"`, 1) + "\n":         `x.jsonl:2: "data" = "sha256:12"`,
		strings.Replace(line, `"v":0,"feasible":true`, `"v":0.5,"feasible":true`, 1) + "\n": `x.jsonl:2: "feasible"`,
		strings.Replace(line, `"run":0`, `"run":-1`, 1) + "\n":                              `x.jsonl:2: "run" = -1`,
	}
	for in, want := range cases {
		_, _, err := Read(strings.NewReader(string(good)+in), "x.jsonl")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: err = %v, want %q", in, err, want)
		}
	}
	recs, lines, err := Read(strings.NewReader("\n"+string(good)+"\n"+string(good)), "x")
	if err != nil || len(recs) != 2 || !reflect.DeepEqual(lines, []int{2, 4}) {
		t.Errorf("blank lines: %d records, lines %v, %v", len(recs), lines, err)
	}
}

func TestRecordRoundTrip(t *testing.T) {
	recs := collect(t, plan(t, small), 2)
	var buf bytes.Buffer
	for _, r := range recs {
		b, err := MarshalLine(r)
		if err != nil {
			t.Fatal(err)
		}
		buf.Write(b)
	}
	back, _, err := Read(bytes.NewReader(buf.Bytes()), "mem")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, recs) {
		t.Fatal("records change through JSON")
	}
}

func TestRankTable(t *testing.T) {
	// a is feasible everywhere, b infeasible: a ranks first on both rules.
	var recs []Record
	for _, p := range []string{"C01", "C02"} {
		for r := 0; r < 3; r++ {
			recs = append(recs, rec("a", p, r, 5+float64(r), 0), rec("b", p, r, 1, 0.5))
		}
	}
	tab, err := RankTable(recs, 10)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(tab.Algorithms, []string{"a", "b"}) || !reflect.DeepEqual(tab.Total, []int{4, 8}) {
		t.Fatalf("algorithms %v totals %v", tab.Algorithms, tab.Total)
	}
}
