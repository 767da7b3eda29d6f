package play

import (
	"context"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"pcaplay/core/problem/formula"
	"pcaplay/internal/experiment"
)

// typedRing is a 2-D definition written for any D: a shifted sphere cut by
// a ring, one g and one h.
const typedRing = `{"name": "ring", "description": "a test", "dim": 2, "lower": -3, "upper": 3,
  "f": "sum(i, 1, D, (x[i] - 0.5)^2) + sin(3*x1)",
  "g": ["1 - sum(i, 1, D, x[i]^2)"],
  "h": ["x1 - x2^3 + 0.25"]}`

func mustDef(t testing.TB, src string) *formula.Definition {
	t.Helper()
	def, err := formula.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return def
}

func TestTypedEncoding(t *testing.T) {
	def := mustDef(t, typedRing)
	enc := EncodeTyped(def)
	if strings.Trim(enc, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
		t.Fatalf("EncodeTyped = %q: not unpadded base64url", enc)
	}
	back, err := DecodeTyped(enc)
	if err != nil {
		t.Fatal(err)
	}
	if back.ID() != def.ID() || EncodeTyped(back) != enc {
		t.Errorf("round trip: %s (%q), want %s (%q)", back.ID(), EncodeTyped(back), def.ID(), enc)
	}
	for _, c := range []struct{ in, want string }{
		{"", "typed: empty definition"},
		{"a*b", "typed: not base64url"},
		{enc[:len(enc)/2], "typed: not a deflated definition"},
		{strings.Repeat("A", MaxTypedValue+1), "more than the limit of 65536"},
		{bomb(), "inflates to more than the limit"},
		{encodeRaw(`{"name": "r", "dim": 2, "lower": -1, "upper": 1, "f": "x1 + max(x2"}`), "formula: f at D = 2: column 12:"},
		{encodeRaw(`{"name": "r"`), "formula: the definition is not a JSON object"},
	} {
		_, err := DecodeTyped(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("DecodeTyped(%.20q) = %v, want one line with %q", c.in, err, c.want)
		}
	}
}

// encodeRaw deflates and encodes text as typed= does, without parsing it.
func encodeRaw(text string) string {
	var b strings.Builder
	b.WriteString(text)
	return encodeBytes([]byte(b.String()))
}

// bomb is a value that inflates to far more than MaxTypedInflated.
func bomb() string { return encodeBytes([]byte(strings.Repeat(" ", 4*MaxTypedInflated))) }

func TestSanitizeTyped(t *testing.T) {
	def := mustDef(t, typedRing)
	enc := EncodeTyped(def)
	for _, c := range []struct {
		name string
		raw  map[string]string
		prob string
		dim  int
		note string // a notice's key and a word of its message
	}{
		{"typed alone", map[string]string{"typed": enc}, def.ID(), 2, ""},
		{"named", map[string]string{"typed": enc, "problem": def.ID(), "dim": "5"}, def.ID(), 5, ""},
		{"built-in wins", map[string]string{"typed": enc, "problem": "C01"}, "C01", 10, ""},
		{"other name", map[string]string{"typed": enc, "problem": "ring_000000000000"}, def.ID(), 2, "problem: no definition"},
		{"bad dim", map[string]string{"typed": enc, "dim": "1000"}, def.ID(), 2, "dim: typed problems run at D = 2"},
		{"bad formula", map[string]string{"typed": encodeRaw(`{"name":"r","dim":2,"lower":-1,"upper":1,"f":"x1 + y"}`)},
			DefaultProblem, 2, "typed: formula: f at D = 2: column 6: unknown name y"},
		{"dim 1", map[string]string{"typed": encodeRaw(`{"name":"r","dim":1,"lower":-1,"upper":1,"f":"x1"}`)},
			DefaultProblem, 2, "typed: r_"},
		{"list", map[string]string{"typed": "@@," + enc, "problem": def.ID()}, def.ID(), 2, "typed: typed: not base64url"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg, notes, _, err := Sanitize(c.raw)
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Problem != c.prob || cfg.Dim != c.dim {
				t.Errorf("problem %s at D = %d, want %s at %d", cfg.Problem, cfg.Dim, c.prob, c.dim)
			}
			var got []string
			for _, n := range notes {
				got = append(got, n.Key+": "+n.Message)
			}
			if (c.note == "") != (len(got) == 0) || c.note != "" && !strings.HasPrefix(strings.Join(got, "|"), c.note) {
				t.Errorf("notices %q, want one starting %q", got, c.note)
			}
			v := cfg.Values()
			if (cfg.Typed != nil) != (v["typed"] != "") || cfg.Typed != nil && v["typed"] != enc {
				t.Errorf("Values()[typed] = %q, want %q when typed", v["typed"], enc)
			}
			again, notes2, _, err := Sanitize(v)
			if err != nil || len(notes2) != 0 || again.Problem != cfg.Problem || again.Dim != cfg.Dim {
				t.Errorf("Sanitize(Values()) = %s D = %d, %v, %v", again.Problem, again.Dim, notes2, err)
			}
		})
	}
}

// TestTypedRunIsCecRun checks that a run of the page on a typed problem is
// the run of cec run -problem @file: the same final best, bit for bit, as
// experiment.RunOne on the definition with cec run's settings.
func TestTypedRunIsCecRun(t *testing.T) {
	def := mustDef(t, typedRing)
	for _, c := range []struct {
		algo, dim, set string
	}{{"pmode", "2", "pcaprob=0.5"}, {"heco-pde", "6", ""}} {
		raw := map[string]string{"typed": EncodeTyped(def), "algo": c.algo, "dim": c.dim, "seed": "7", "fes": "3000"}
		if k, v, ok := strings.Cut(c.set, "="); ok {
			raw[k] = v
		}
		r := NewRuns()
		id := r.Open()
		got, err := r.Configure(id, raw, ConfigureOptions{Record: true})
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Notices) != 0 {
			t.Errorf("%s: notices %v", c.algo, got.Notices)
		}
		if pi := got.Problem; !pi.Typed || pi.Name != def.ID() || pi.DefaultDim != 2 || pi.NumIneq != 1 || pi.NumEq != 1 ||
			!reflect.DeepEqual(pi.Dims, map[string][]int{"2": {2}, "6": {2, 6}}[c.dim]) { // a recorded run compiles no more
			t.Errorf("%s at D = %s: problem %+v", c.algo, c.dim, pi)
		}
		if (c.dim == "2") != (got.Landscape != nil) {
			t.Errorf("%s at D = %s: landscape %v", c.algo, c.dim, got.Landscape != nil)
		}
		s, _ := r.Session(id)
		for !s.Solver.Done() {
			if _, err := s.Step(50, nil); err != nil {
				t.Fatal(err)
			}
		}
		p, err := def.Compile(s.Config.Dim)
		if err != nil {
			t.Fatal(err)
		}
		set, err := experiment.ParseSet(c.set)
		if err != nil {
			t.Fatal(err)
		}
		st, err := experiment.NewSettings(c.algo, s.Config.Dim, set)
		if err != nil {
			t.Fatal(err)
		}
		want, err := experiment.RunOne(context.Background(), p, st, 7, 3000)
		if err != nil {
			t.Fatal(err)
		}
		st2 := s.Status()
		if math.Float64bits(st2.BestF) != math.Float64bits(want.F) || st2.FES != want.FES {
			t.Errorf("%s: page best f %v after %d FES, cec run %v after %d", c.algo, st2.BestF, st2.FES, want.F, want.FES)
		}
		line, err := r.Record(id, c.algo, 0)
		if err != nil {
			t.Fatal(err)
		}
		want.Algo, want.Problem, want.Run, want.Data = c.algo, def.ID(), 0, experiment.DataNone
		wl, err := experiment.MarshalLine(want)
		if err != nil {
			t.Fatal(err)
		}
		if line != string(wl) {
			t.Errorf("%s: the page's record\n%s\ncec run's\n%s", c.algo, line, wl)
		}
	}
}

func TestCheckProblem(t *testing.T) {
	def := mustDef(t, typedRing)
	got := CheckProblem(typedRing)
	want := ProblemCheck{OK: true, Name: def.ID(), Dim: 2, NumIneq: 1, NumEq: 1, Encoded: EncodeTyped(def)}
	if got != want {
		t.Errorf("CheckProblem = %+v, want %+v", got, want)
	}
	e := CheckEncoded(want.Encoded + ",@@")
	if e.JSON == "" || mustDef(t, e.JSON).ID() != def.ID() {
		t.Errorf("CheckEncoded: JSON %q", e.JSON)
	}
	if e.JSON = ""; e != want {
		t.Errorf("CheckEncoded = %+v, want %+v", e, want)
	}
	if e := CheckEncoded("@@"); e.OK || !strings.HasPrefix(e.Error, "typed: not base64url") {
		t.Errorf("CheckEncoded(@@) = %+v", e)
	}
	for _, c := range []struct {
		json, err, formula string
		col                int
	}{
		{`{"name":"r","dim":2,"lower":-1,"upper":1,"f":"x1","g":["x1 +* 2"]}`, "formula: g[1] at D = 2: column 5:", "g[1]", 5},
		{`{"name":"r","dim":2,"lower":-1,"upper":1,"f":"x[3]"}`, "formula: f at D = 2: column", "f", 1},
		{`{"name":"r","dim":200,"lower":-1,"upper":1,"f":"x1"}`, `formula: "dim" = 200: the page runs D = 2 … 100`, "", 0},
		{`{"name":"r"}`, "formula: key", "", 0},
		{`nonsense`, "formula: the definition is not a JSON object", "", 0},
	} {
		got := CheckProblem(c.json)
		if got.OK || !strings.HasPrefix(got.Error, c.err) || got.Formula != c.formula || got.Column != c.col {
			t.Errorf("CheckProblem(%s) = %+v, want error %q in %q column %d", c.json, got, c.err, c.formula, c.col)
		}
	}
}

// typedBox is a 2-D definition whose box is a list: it runs at D = 2 only.
const typedBox = `{"name": "box2", "dim": 2, "lower": [-1, -2], "upper": [1, 2], "f": "x1^2 + 3*x2^2", "g": ["x1 + x2 - 1"]}`

func TestDefineExperimentTyped(t *testing.T) {
	ring, box := mustDef(t, typedRing), mustDef(t, typedBox)
	er, eb := EncodeTyped(ring), EncodeTyped(box)
	values := map[string]string{"mode": "experiment", "typed": er + "," + eb, "problems": "C01," + ring.ID() + "," + box.ID(),
		"dim": "10", "fes": "1000", "runs": "2", "seed": "5", "algo": "pmode"}
	x := DefineExperiment(values, 2)
	if len(x.Notices) != 0 || len(x.Errors) != 0 {
		t.Fatalf("notices %v, errors %v", x.Notices, x.Errors)
	}
	want := []ExperimentCell{{"C01", 10, 1000, ""}, {ring.ID(), 10, 1000, er}, {box.ID(), 2, 1000, eb}}
	if !reflect.DeepEqual(x.Def.Cells, want) {
		t.Errorf("cells %+v, want %+v", x.Def.Cells, want)
	}
	if !reflect.DeepEqual(x.Values, values) {
		t.Errorf("values %v, want %v", x.Values, values)
	}
	if back := DefineExperiment(x.Values, 2); !reflect.DeepEqual(back, x) {
		t.Errorf("read back: %+v, want %+v", back, x)
	}

	// without problems=, every definition of typed=; a bad one is noted
	y := DefineExperiment(map[string]string{"mode": "experiment", "typed": "@@," + eb + "," + er}, 2)
	if !reflect.DeepEqual(y.Def.Problems, []string{box.ID(), ring.ID()}) || len(y.Notices) != 1 || y.Notices[0].Key != "typed" ||
		!strings.Contains(y.Notices[0].Message, "not base64url") {
		t.Errorf("typed= alone: problems %v, notices %v", y.Def.Problems, y.Notices)
	}
	// a name_hash without its definition is an unknown problem
	z := DefineExperiment(map[string]string{"mode": "experiment", "problems": ring.ID()}, 2)
	if !reflect.DeepEqual(z.Def.Problems, []string{DefaultExperimentProblem}) || len(z.Notices) != 2 {
		t.Errorf("a name_hash without typed=: problems %v, notices %v", z.Def.Problems, z.Notices)
	}

	// a job of the typed cell, with the values the page's jobs carry, records
	// what cec run records
	cell := x.Def.Cells[1]
	job := map[string]string{"pca": "true", "problem": cell.Problem, "dim": strconv.Itoa(cell.Dim), "algo": "pmode",
		"seed": "6", "fes": strconv.Itoa(cell.FES), "typed": cell.Typed}
	r := NewRuns()
	id := r.Open()
	if _, err := r.Configure(id, job, ConfigureOptions{Record: true}); err != nil {
		t.Fatal(err)
	}
	s, _ := r.Session(id)
	for !s.Solver.Done() {
		if _, err := s.Step(100, nil); err != nil {
			t.Fatal(err)
		}
	}
	line, err := r.Record(id, "pmode", 1)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ring.Compile(10)
	if err != nil {
		t.Fatal(err)
	}
	st, err := experiment.NewSettings("pmode", 10, []experiment.Assignment{{Key: "pca", Value: "true"}})
	if err != nil {
		t.Fatal(err)
	}
	rec, err := experiment.RunOne(context.Background(), p, st, 6, 1000)
	if err != nil {
		t.Fatal(err)
	}
	rec.Algo, rec.Problem, rec.Run, rec.Data = "pmode", ring.ID(), 1, experiment.DataNone
	wl, _ := experiment.MarshalLine(rec)
	if line != string(wl) {
		t.Errorf("the page's record\n%s\ncec run's\n%s", line, wl)
	}
}

// TestConfiguredProblem: the configured run says what its problem is, a
// typed one with the D it compiles at (a box of lists: its dim only).
func TestConfiguredProblem(t *testing.T) {
	r := NewRuns()
	for _, c := range []struct {
		state map[string]string
		name  string
		dims  []int
		typed bool
	}{
		{map[string]string{"problem": "C01"}, "C01", []int{2, 10, 20, 30, 50, 100}, false},
		{map[string]string{"typed": EncodeTyped(mustDef(t, typedRing)), "dim": "7"}, mustDef(t, typedRing).ID(), []int{2, 7, 10, 20, 30, 50, 100}, true},
		{map[string]string{"typed": EncodeTyped(mustDef(t, typedBox))}, mustDef(t, typedBox).ID(), []int{2}, true},
	} {
		got, err := r.Configure(r.Open(), c.state, ConfigureOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if p := got.Problem; p.Name != c.name || p.Typed != c.typed || !reflect.DeepEqual(p.Dims, c.dims) || p.Description == "" {
			t.Errorf("%v: problem %+v, want %s at %v", c.state, p, c.name, c.dims)
		}
	}
}

// TestTypedDigest pins the digests of two runs on a typed problem (every
// population, f, v and best point of every generation). make test-wasm
// runs this test under GOOS=js GOARCH=wasm too, so the page's runs of a
// typed problem are the native runs, bit for bit.
func TestTypedDigest(t *testing.T) {
	enc := EncodeTyped(mustDef(t, typedRing))
	for _, c := range []struct {
		state map[string]string
		hash  uint64
		bestF uint64
		fes   int
	}{
		{map[string]string{"typed": enc, "algo": "heco-pde", "seed": "3", "fes": "5000"}, 0xcae891c21132f041, 0x3fd859d1fcf0c960, 5000},
		{map[string]string{"typed": enc, "algo": "pmode", "dim": "10", "seed": "4", "fes": "8000"}, 0x4d265d17c9979a0d, 0x400636e897987a13, 8000},
	} {
		d, err := RunDigest(c.state, 1000)
		if err != nil {
			t.Fatal(err)
		}
		if d.Hash != c.hash || math.Float64bits(d.BestF) != c.bestF || d.FES != c.fes {
			t.Errorf("%s: digest %x, best f bits %016x, FES %d; want %x, %016x, %d", c.state["algo"], d.Hash, math.Float64bits(d.BestF), d.FES, c.hash, c.bestF, c.fes)
		}
	}
}
