package play

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"pcaplay/internal/experiment"
	"pcaplay/internal/experiment/results"
	"pcaplay/internal/play/wire"
)

// runLines runs a small grid natively and returns its records as cec run
// -o writes them.
func runLines(t testing.TB) []byte {
	t.Helper()
	pl, err := experiment.NewPlan(experiment.Config{Algos: []string{"cmode", "pmode"}, Problems: []string{"C01", "C06"},
		Dim: 10, Runs: 3, Seed: 5, FES: 2000})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := pl.Execute(context.Background(), 2, experiment.Hooks{Emit: func(r experiment.Record) error {
		line, err := experiment.MarshalLine(r)
		b.Write(line)
		return err
	}}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// Summarise is results.Summarise of the records Read gives, as JSON.
func TestSummarise(t *testing.T) {
	lines := runLines(t)
	got, err := Summarise(lines, []byte(`{"configs": ["pmode", "cmode"], "logFES": true, "jsonl": true}`))
	if err != nil {
		t.Fatal(err)
	}
	recs, _, err := experiment.Read(bytes.NewReader(lines), "x")
	if err != nil {
		t.Fatal(err)
	}
	res, err := results.Summarise(recs, results.ResultsOptions{Configs: []string{"pmode", "cmode"}, LogFES: true, JSONL: true})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(res)
	if !bytes.Equal(got, want) {
		t.Error("Summarise differs from results.Summarise")
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(got, &keys); err != nil {
		t.Fatal(err)
	}
	for _, k := range resultsKeys("ExperimentResults") {
		if _, ok := keys[k]; !ok {
			t.Errorf("results have no key %q", k)
		}
	}
	if len(keys) != len(resultsKeys("ExperimentResults")) {
		t.Errorf("results keys %d, protocol lists %v", len(keys), resultsKeys("ExperimentResults"))
	}
	// no options: the defaults
	if _, err := Summarise(lines, nil); err != nil {
		t.Error(err)
	}
	// the same records again (read once, kept): the same results; other
	// records, or the same under another name, are read anew
	again, err := Summarise(lines, []byte(`{"configs": ["pmode", "cmode"], "logFES": true, "jsonl": true}`))
	if err != nil || !bytes.Equal(again, got) {
		t.Errorf("the same call again: other results (%v)", err)
	}
	half := lines[:bytes.IndexByte(lines, '\n')+1]
	one, err := Summarise(half, nil)
	if err != nil {
		t.Fatal(err)
	}
	var r1 results.Results
	json.Unmarshal(one, &r1)
	if r1.Runs != 1 {
		t.Errorf("one record: %d runs summarised", r1.Runs)
	}
	bad := append(bytes.Clone(half), "x\n"...)
	if _, err := Summarise(bad, []byte(`{"source": "a.jsonl"}`)); err == nil || !strings.Contains(err.Error(), "a.jsonl:2") {
		t.Errorf("a bad line after a good call: %v", err)
	}
	if _, err := Summarise(bad, []byte(`{"source": "b.jsonl"}`)); err == nil || !strings.Contains(err.Error(), "b.jsonl:2") {
		t.Errorf("the same bad input under another name: %v", err)
	}
}

func TestSummariseErrors(t *testing.T) {
	lines := runLines(t)
	first, rest, _ := bytes.Cut(lines, []byte("\n"))
	badX := strings.Replace(string(first), `"x":[`, `"x":[1e999,`, 1)
	for _, c := range []struct {
		name        string
		jsonl, opts string
		want        string
	}{
		{"empty", "\n\n", "", "records: no runs"},
		{"not json", "hello\n", "", "records:1: not a run record"},
		{"field", string(rest[:bytes.IndexByte(rest, '\n')]) + "\n" + strings.Replace(string(first), `"dim":10`, `"dim":10.5`, 1), `{"source": "exp.jsonl"}`, `exp.jsonl:2: "dim"`},
		{"overflow", badX, "", `records:1: "x"`},
		{"null", strings.Replace(string(first), `"f":`, `"f":null,"g":`, 1), "", `records:1:`},
		{"option", string(lines), `{"confgs": []}`, `summarise options: json: unknown field "confgs"`},
		{"two options", string(lines), `{} {}`, "more than one JSON value"},
		{"config", string(lines), `{"configs": ["pmode", "pmode"]}`, `records: configuration "pmode" listed twice`},
		{"duplicate", string(lines) + string(first) + "\n", "", "records: duplicate run"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Summarise([]byte(c.jsonl), []byte(c.opts))
			var pe *wire.Error
			if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") || !errors.As(err, &pe) || pe.Code != wire.CodeBadArgument {
				t.Errorf("error %v, want a one-line bad-argument error with %q", err, c.want)
			}
		})
	}
}

// FuzzSummarise: whatever the input, an error or results that are JSON.
func FuzzSummarise(f *testing.F) {
	lines := runLines(f)
	f.Add(lines, []byte(`{"logFES": true}`))
	f.Add(lines[:len(lines)/2], []byte(``))
	f.Add([]byte(`{"algo":"x"}`), []byte(`{"alpha": 2}`))
	// extreme but valid values: f of ±1e308 (the mean overflows), huge v̄
	recs, _, err := experiment.Read(bytes.NewReader(lines), "x")
	if err != nil {
		f.Fatal(err)
	}
	var huge []byte
	for i, r := range recs {
		if i < 4 {
			r.F = math.Copysign(1e308, float64(i%2)-0.5)
			r.Curve.F[len(r.Curve.F)-1] = r.F
		}
		line, _ := experiment.MarshalLine(r)
		huge = append(huge, line...)
	}
	f.Add(huge, []byte(`{"chartsOf": "*"}`))
	f.Fuzz(func(t *testing.T, jsonl, opts []byte) {
		b, err := Summarise(jsonl, opts)
		if err == nil && !json.Valid(b) {
			t.Fatalf("results are not JSON: %.200s", b)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Fatalf("a message of several lines: %q", err)
		}
		var pe *wire.Error
		if err != nil && (!errors.As(err, &pe) || pe.Code != wire.CodeBadArgument) {
			t.Fatalf("not a bad-argument error: %v", err)
		}
	})
}

// The summarise command: JSON lines in, results as JSON out (here two
// hand-made runs of one configuration; real ones come from cec run -o or
// the page's experiment).
func ExampleSummarise() {
	line := func(run int, f float64) string {
		return fmt.Sprintf(`{"algo":"pmode","problem":"C01","dim":2,"data":"generated","run":%d,"seed":%d,"maxfes":100,"fes":100,`+
			`"f":%g,"v":0,"feasible":true,"counts":[0,0,0],"best_fes":90,"x":[0,0],"settings":"pop=5",`+
			`"checkpoints":[{"frac":0.1,"fes":10,"f":%g,"v":0},{"frac":0.5,"fes":50,"f":%g,"v":0},{"frac":1,"fes":100,"f":%g,"v":0}],`+
			`"curve":{"fes":[100],"f":[%g],"v":[0]}}`+"\n", run, run+1, f, f, f, f, f)
	}
	out, err := Summarise([]byte(line(0, 3)+line(1, 5)), []byte(`{"source": "two.jsonl"}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	var res results.Results
	json.Unmarshal(out, &res)
	t := res.Dims[0].Tables[0]
	fmt.Println(t.Title)
	fmt.Println(t.Rows[0], t.Rows[1], t.Rows[2], t.Rows[5])
	_, err = Summarise([]byte(line(0, 3)+strings.Replace(line(1, 5), `"x":[0,0]`, `"x":[0]`, 1)), []byte(`{"source": "two.jsonl"}`))
	fmt.Println(err)
	// Output:
	// PMODE, D = 2 (2 runs, MaxFES = 100)
	// [problem C01] [best 3.00000e+00] [median 3.00000e+00] [mean 4.00000e+00]
	// two.jsonl:2: "x": 1 coordinates, "dim" = 2
}

// The summarise command reads the grid of an experiment that is still
// running ("grid") and answers its progress; a bad grid is a one-line
// bad-argument error.
func TestSummariseGrid(t *testing.T) {
	lines := runLines(t) // cmode, pmode × C01, C06 at D = 10 × 3 runs
	got, err := Summarise(lines, []byte(`{"configs": ["pmode", "cmode"], "grid": {"runs": 4, "problems": [{"problem": "C01", "dim": 10}, {"problem": "C06", "dim": 10}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Progress map[string]json.RawMessage `json:"progress"`
	}
	if err := json.Unmarshal(got, &res); err != nil {
		t.Fatal(err)
	}
	for _, k := range resultsKeys("ExperimentProgress") {
		if _, ok := res.Progress[k]; !ok {
			t.Errorf("progress has no key %q", k)
		}
	}
	var p results.Progress
	b, _ := json.Marshal(res.Progress)
	json.Unmarshal(b, &p)
	if p.Done != 12 || p.Total != 16 || len(p.Pending) != 4 || !strings.HasPrefix(p.Label, "Partial results: 12 of 16 runs are finished.") {
		t.Errorf("progress %+v", p)
	}
	_, err = Summarise(lines, []byte(`{"configs": ["pmode", "cmode"], "grid": {"runs": 2, "problems": [{"problem": "C01", "dim": 10}, {"problem": "C06", "dim": 10}]}}`))
	var pe *wire.Error
	if err == nil || !errors.As(err, &pe) || pe.Code != wire.CodeBadArgument || !strings.Contains(err.Error(), "not a run of the grid") {
		t.Errorf("records beyond the grid's runs: %v", err)
	}
}

// resultsKeys lists the keys on the wire of the type name reached from
// the summarise command's reply (its entry of the protocol's Keys).
func resultsKeys(name string) []string {
	return wire.Types([]reflect.Type{reflect.TypeFor[wire.JSONText[results.Results]]()})[name].Keys()
}
