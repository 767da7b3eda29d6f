package play

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"pcaplay/core/solver"
	"pcaplay/core/suite"
)

// FuzzSanitize feeds the URL sanitiser hostile values (the page address is
// untrusted: anyone can send a link). For every input it must return a
// Config that runs, with every replaced value named in a notice of bounded
// size, and reading its own Values back must give the same Config without a
// notice. The seed corpus runs in every go test; fuzz it for longer with
//
//	go test ./internal/play -run '^$' -fuzz FuzzSanitize -fuzztime 5m
func FuzzSanitize(f *testing.F) {
	seeds := [][9]string{
		{"rosenbrock", "2", "pmode", "1", "40000", "pcaprob", "0.5", "pcam", "1"},
		{"C05", "7", "heco-pde", "-3", "1e9", "lambda", "abc", "pca", "maybe"},
		{"c3", "10", "HECO-DE", "18446744073709551615", "100", "mufinal", "1e308", "w1", "alt"},
		{"nope", "x", "", "0x10", "NaN", "pop", "-1", "pcak", "99999999999999999999"},
		{"C28", "100", "cmode", "1.5", "Infinity", "", "", "__proto__", "1"},
		{" valley ", " 2 ", " de ", " 7 ", " 5e3 ", "pop", " 30 ", "bound", "reflect"},
		{"C01", "2", "random", strings.Repeat("9", 5000), "99.5", "pop", "1e-300", "seed", "1"},
		{"\x00", "\uFFFD", "pmode\n", "1 2", "+1e2", "pcaprob", "-0", "pcam", "0"},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8])
	}
	f.Fuzz(func(t *testing.T, problem, dim, algo, seed, fes, k1, v1, k2, v2 string) {
		raw := map[string]string{"problem": problem, "dim": dim, "algo": algo, "seed": seed, "fes": fes}
		if k1 != "" {
			raw[k1] = v1
		}
		if k2 != "" {
			raw[k2] = v2
		}
		c, notes, params, err := Sanitize(raw)
		if err != nil {
			t.Fatalf("Sanitize(%q): %v", raw, err)
		}
		// a valid configuration
		info, ok := findInfo(c.Problem)
		if c.Typed != nil { // a typed problem (typed=), checked by FuzzTypedKey
			info, ok = suite.Info{Name: c.Problem, Dims: []int{c.Dim}}, true
		}
		if !ok || info.Name != c.Problem || !slices.Contains(info.Dims, c.Dim) {
			t.Fatalf("Sanitize(%q): problem %q at D = %d is not offered", raw, c.Problem, c.Dim)
		}
		if c.FES < MinFES || c.FES > MaxFES {
			t.Fatalf("Sanitize(%q): fes %d outside [%d, %d]", raw, c.FES, MinFES, MaxFES)
		}
		if len(params) != len(c.Params) {
			t.Fatalf("Sanitize(%q): %d parameter descriptions for %d parameters", raw, len(params), len(c.Params))
		}
		if _, err := c.newProblem(nil); err != nil {
			t.Fatalf("Sanitize(%q) gave a problem that does not build: %v", raw, err)
		}
		if _, err := NewSession(c); err != nil {
			t.Fatalf("Sanitize(%q) gave a config that does not run: %v", raw, err)
		}
		// notices name keys of the input, and are of bounded size
		for _, n := range notes {
			if _, in := raw[n.Key]; !in && n.Key != "params" {
				t.Fatalf("Sanitize(%q): notice for key %q, which the input does not have", raw, n.Key)
			}
			if utf8.RuneCountInString(n.Value) > EchoMax+24 || utf8.RuneCountInString(n.Message) > maxMessage+24 {
				t.Fatalf("Sanitize(%q): notice of %d + %d characters", raw, len(n.Value), len(n.Message))
			}
			if n.Message == "" {
				t.Fatalf("Sanitize(%q): notice for %s without a message", raw, n.Key)
			}
		}
		// idempotent: its own values come back unchanged, silently
		c2, notes2, _, err := Sanitize(c.Values())
		if err != nil || len(notes2) != 0 {
			t.Fatalf("Sanitize(Values of %+v): %v, notices %+v", c, err, notes2)
		}
		if c2.Problem != c.Problem || c2.Dim != c.Dim || c2.Algo != c.Algo || c2.Seed != c.Seed || c2.FES != c.FES || len(c2.Params) != len(c.Params) {
			t.Fatalf("round trip %+v → %+v", c, c2)
		}
		for k, v := range c.Params {
			if c2.Params[k] != v {
				t.Fatalf("round trip of %s: %q → %q", k, v, c2.Params[k])
			}
		}
	})
}

// A huge value is cut in its notice, never copied whole (a 1 MB seed).
func TestNoticeCutsHugeValues(t *testing.T) {
	huge := strings.Repeat("7x", 500_000)
	_, notes, _, err := Sanitize(map[string]string{"seed": huge, "pcaprob": huge, "problem": huge})
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) != 3 {
		t.Fatalf("%d notices, want 3 (seed, pcaprob, problem): %+v", len(notes), notes)
	}
	for _, n := range notes {
		if len(n.Value)+len(n.Message) > 400 {
			t.Errorf("notice for %s is %d bytes long", n.Key, len(n.Value)+len(n.Message))
		}
		if !strings.Contains(n.Value, "1000000 characters") {
			t.Errorf("notice for %s: value %q does not say how long it was", n.Key, n.Value)
		}
	}
	if c := Cut("abc", 40); c != "abc" {
		t.Errorf("Cut of a short value = %q", c)
	}
	if c := Cut(strings.Repeat("é", 50), 40); !strings.HasPrefix(c, strings.Repeat("é", 32)+"…") || !utf8.ValidString(c) {
		t.Errorf("Cut of 50 é = %q", c)
	}
}

// FuzzDefineExperiment feeds the experiment view's definition hostile
// values (the address is untrusted). For every input it must return a
// definition that runs: known, distinct problems, an offered D, runs and
// workers in range, a seed whose last run stays below 2^64, named
// configurations of known algorithms, notices of bounded size; and its own
// Values read back must give the same definition without a notice.
//
//	go test ./internal/play -run '^$' -fuzz FuzzDefineExperiment -fuzztime 5m
func FuzzDefineExperiment(f *testing.F) {
	seeds := [][8]string{
		{"C01,C02", "10", "", "25", "1", "pmode", "", ""},
		{"c2,zz,C2,rosenbrock", "7", "12.5", "0", "-1", "heco-pde", "9", "a:pmode(pca=true;pcaprob=0.5),b:cmode"},
		{"", "030", "100", "1000", "18446744073709551615", "CMODE", "", "A:pmode,a:pmode(pca),nocolon"},
		{" himmelblau ,c28", "", "1e4", "", "007", "nosuch", "8", "x:nosuch,y:pmode(pcaprob=7;nosuch=1)"},
		{"\x00,\uFEFFC05\uFEFF", "\u00a010", "99", "1001", "+3", "", "0", "a:pmode(pca=true,b:de(pop=)"},
		{strings.Repeat("C01,", 500), strings.Repeat("9", 50), "", "2", "18446744073709551614", "de", " 3 ", "a : PMODE ( pca = false ; pca=true ) ,,"},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
	}
	f.Fuzz(func(t *testing.T, problems, dim, fes, runs, seed, algo, workers, configs string) {
		raw := map[string]string{"mode": "experiment", "problems": problems, "dim": dim, "fes": fes, "runs": runs,
			"seed": seed, "algo": algo, "workers": workers, "configs": configs}
		r := DefineExperiment(raw, 4)
		d := r.Def
		if len(d.Problems) == 0 || len(d.Cells) != len(d.Problems) {
			t.Fatalf("%q: problems %v, cells %v", raw, d.Problems, d.Cells)
		}
		for i, p := range d.Problems {
			info, ok := findInfo(p)
			c := d.Cells[i]
			if !ok || info.Name != p || slices.Contains(d.Problems[:i], p) || c.Problem != p || !slices.Contains(info.Dims, c.Dim) ||
				c.FES < MinFES || c.FES > MaxFES {
				t.Fatalf("%q: problem %q, cell %+v", raw, p, c)
			}
		}
		s, err := strconv.ParseUint(d.Seed, 10, 64)
		if err != nil || d.Runs < 1 || d.Runs > MaxRuns || s+uint64(d.Runs-1) < s || d.Workers < 0 || d.Workers > MaxWorkers ||
			d.Pool < 1 || d.Pool > MaxWorkers || (d.FES != 0 && (d.FES < MinFES || d.FES > MaxFES)) {
			t.Fatalf("%q: definition %+v", raw, d)
		}
		if len(d.Configs) == 0 || !slices.Contains(solver.Names(), d.Algo) {
			t.Fatalf("%q: configurations %+v, algorithm %q", raw, d.Configs, d.Algo)
		}
		for i, c := range d.Configs {
			if !configName(c.Name) || !slices.Contains(solver.Names(), c.Algo) ||
				slices.ContainsFunc(d.Configs[:i], func(o ExperimentConfig) bool { return o.Name == c.Name }) {
				t.Fatalf("%q: configuration %+v", raw, c)
			}
		}
		for _, n := range r.Notices {
			if utf8.RuneCountInString(n.Value) > EchoMax+24 || utf8.RuneCountInString(n.Message) > maxMessage {
				t.Fatalf("%q: notice too long: %+v", raw, n)
			}
		}
		back := DefineExperiment(r.Values, 4)
		if len(back.Notices) != 0 || !reflect.DeepEqual(back.Def, d) || back.ID != r.ID || !reflect.DeepEqual(back.Values, r.Values) {
			t.Fatalf("%q: read back %+v, want %+v", raw, back, r)
		}
	})
}
