package play

import (
	"encoding/json"
	"math"
	"pcaplay/core/problem/formula"
	"strconv"
	"strings"
	"testing"

	"pcaplay/internal/play/export"
	"pcaplay/internal/play/wire"
)

// The history exports hold every kept generation with exact numbers; CSV
// and JSON agree, and both say which generations were kept.
func TestHistoryExports(t *testing.T) {
	for _, tc := range []struct {
		raw     map[string]string
		thinned bool
	}{
		{map[string]string{"problem": "circle", "fes": "3000", "seed": "4"}, false},
		{map[string]string{"problem": "rosenbrock", "algo": "de", "pop": "4", "fes": "20000"}, true}, // 5000 generations
	} {
		c, _, _, _ := Sanitize(tc.raw)
		s, err := NewSession(c)
		if err != nil {
			t.Fatal(err)
		}
		var gens []export.HistoryRow
		for !s.Solver.Done() {
			if n, _ := s.Step(1, nil); n == 0 {
				break
			}
			l := &s.Last
			gens = append(gens, export.HistoryRow{Generation: l.Generation, FES: l.FES, BestF: l.Best.F, BestV: l.Best.V, Feasible: l.FeasibleFraction(), PopSize: l.PopSize()})
		}
		lines := strings.Split(strings.TrimSpace(string(s.HistoryCSV())), "\n")
		if lines[0] != "generation,fes,best_f,best_v,feasible_fraction,pop_size" {
			t.Fatalf("header %q", lines[0])
		}
		var e struct {
			export.HistoryExport
			History []map[string]*float64 `json:"history"`
		}
		b, err := s.HistoryJSON()
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &e); err != nil {
			t.Fatal(err)
		}
		if e.Thinned != tc.thinned || e.Generations != len(gens) || len(e.History) != len(lines)-1 || !strings.HasPrefix(e.Command, "cec run ") {
			t.Errorf("%v: thinned %v, %d generations, %d rows (CSV %d), command %q", tc.raw, e.Thinned, e.Generations, len(e.History), len(lines)-1, e.Command)
		}
		if !tc.thinned && len(lines)-1 != len(gens) {
			t.Errorf("%v: %d rows for %d generations", tc.raw, len(lines)-1, len(gens))
		}
		for i, line := range lines[1:] {
			f := strings.Split(line, ",")
			g, _ := strconv.Atoi(f[0])
			want := gens[g]
			num := func(s string) float64 { x, _ := strconv.ParseFloat(s, 64); return x }
			if fes, _ := strconv.Atoi(f[1]); fes != want.FES || math.Float64bits(num(f[2])) != math.Float64bits(want.BestF) ||
				math.Float64bits(num(f[3])) != math.Float64bits(want.BestV) || num(f[4]) != want.Feasible || f[5] != strconv.Itoa(want.PopSize) {
				t.Fatalf("%v: row %q, generation %d was %+v", tc.raw, line, g, want)
			}
			if j := e.History[i]; *j["generation"] != float64(g) || *j["best_f"] != want.BestF {
				t.Fatalf("%v: JSON row %d differs from CSV %q", tc.raw, i, line)
			}
		}
		if last := lines[len(lines)-1]; !strings.HasPrefix(last, strconv.Itoa(len(gens)-1)+",") {
			t.Errorf("%v: the last row %q is not the last generation %d", tc.raw, last, len(gens)-1)
		}
	}
}

func TestExportKindsAndQuoting(t *testing.T) {
	c, _, _, _ := Sanitize(map[string]string{"problem": "disc", "pcaprob": "0.25"})
	s, _ := NewSession(c)
	s.Step(3, nil)
	for _, k := range Exports {
		e, err := s.Export(k)
		if k == "problem" { // a typed problem's only
			if err == nil || wire.CodeOf(err) != wire.CodeBadArgument || !strings.Contains(err.Error(), "disc is not a typed problem") {
				t.Errorf("export problem of disc: %v", err)
			}
			continue
		}
		if err != nil || e.Text == "" || !strings.HasPrefix(e.Name, "pcaplay-disc-D2-pmode-seed1.") {
			t.Errorf("export %s: %+v, %v", k, e, err)
		}
	}
	if e, _ := s.Export("command"); e.Text != "cec run -problem disc -dim 2 -algo pmode -runs 1 -seed 1 -fes 40000 -set pcaprob=0.25 -json" {
		t.Errorf("command %q", e.Text)
	}
	if _, err := s.Export("png"); err == nil || wire.CodeOf(err) != wire.CodeBadArgument {
		t.Errorf("export png: %v", err)
	}
	for in, want := range map[string]string{"a=b,c": "a=b,c", "x y": "'x y'", "it's": `'it'\''s'`, "": "''"} {
		if got := shellQuote(in); got != want {
			t.Errorf("shellQuote(%q) = %s, want %s", in, got, want)
		}
	}
	if _, err := CommandArgs(c, "sha256:abc"); err == nil {
		t.Error("a run on other data files got a command")
	}
}

// A typed problem's command reads its file, -problem @NAME.json, which the
// "problem" export is: parsed, it is the same definition (the same
// name_hash).
func TestTypedProblemCommand(t *testing.T) {
	def, err := formula.Parse([]byte(`{"name": "myprob", "dim": 2, "lower": -1, "upper": 1, "f": "x1^2 + x2^2", "g": ["1 - x1 - x2"]}`))
	if err != nil {
		t.Fatal(err)
	}
	c, notes, _, err := Sanitize(map[string]string{TypedKey: EncodeTyped(def), "problem": def.ID(), "fes": "600"})
	if err != nil || len(notes) > 0 {
		t.Fatal(err, notes)
	}
	s, err := NewSession(c)
	if err != nil {
		t.Fatal(err)
	}
	cmd, err := s.Export("command")
	if err != nil || !strings.HasPrefix(cmd.Text, "cec run -problem @myprob.json -dim 2 ") {
		t.Fatalf("command %+v, %v", cmd, err)
	}
	f, err := s.Export("problem")
	if err != nil || f.Name != "myprob.json" || f.Type != "application/json" {
		t.Fatalf("problem file %+v, %v", f, err)
	}
	back, err := formula.Parse([]byte(f.Text))
	if err != nil || back.ID() != def.ID() {
		t.Errorf("the file parses to %v, %v; want %s", back, err, def.ID())
	}
}
