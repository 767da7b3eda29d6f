//go:build js && wasm && !pcaplay_playground

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"strings"
	"syscall/js"
	"testing"

	"pcaplay/internal/experiment"
	"pcaplay/internal/experiment/results"
	"pcaplay/internal/play"
)

// summarise(jsonl, options) returns play.Summarise's results as an object
// with the protocol's keys and the same numbers; a bad record is a
// bad-argument error naming the line and the field.
func TestSummariseCommand(t *testing.T) {
	pl, err := experiment.NewPlan(experiment.Config{Algos: []string{"cmode", "pmode"}, Problems: []string{"C01", "C06"},
		Dim: 10, Runs: 3, Seed: 5, FES: 2000})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := pl.Execute(context.Background(), 1, experiment.Hooks{Emit: func(r experiment.Record) error {
		line, err := experiment.MarshalLine(r)
		b.Write(line)
		return err
	}}); err != nil {
		t.Fatal(err)
	}
	opts := js.Global().Get("Object").New()
	opts.Set("jsonl", true)
	r := mustOK(t, callAPI(t, "summarise", M{"jsonl": b.String(), "options": opts}))
	checkKeys(t, "ExperimentResults", r, true)
	d := r.Get("dims").Index(0)
	checkKeys(t, "ExperimentDimResults", d, true)
	checkKeys(t, "ExperimentConfigTable", d.Get("tables").Index(0), true)
	checkKeys(t, "ExperimentProblemCharts", d.Get("charts").Index(0), false)

	native, err := play.Summarise(b.Bytes(), []byte(`{"jsonl": true}`))
	if err != nil {
		t.Fatal(err)
	}
	var want results.Results
	if err := json.Unmarshal(native, &want); err != nil {
		t.Fatal(err)
	}
	for i, tb := range want.Dims[0].Tables {
		for k, s := range tb.Sums {
			got := d.Get("tables").Index(i).Get("sums").Index(k)
			if math.Float64bits(got.Get("mean").Float()) != math.Float64bits(s.Mean) || got.Get("median").Float() != s.Median {
				t.Errorf("%s %s: mean %v median %v, want %v %v", tb.Config, tb.Problems[k], got.Get("mean"), got.Get("median"), s.Mean, s.Median)
			}
		}
	}
	if p := d.Get("tests").Get("pairs").Index(0).Index(0); p.Get("pHolm").Float() != want.Dims[0].Tests.Pairs[0][0].PHolm {
		t.Errorf("p %v, want %v", p.Get("pHolm"), want.Dims[0].Tests.Pairs[0][0].PHolm)
	}
	if r.Get("jsonl").String() != want.JSONL {
		t.Error("jsonl differs from the native one")
	}
	// options as JSON text work too
	if r2 := mustOK(t, callAPI(t, "summarise", M{"jsonl": b.String(), "options": `{"configs": ["pmode"]}`})); r2.Get("configs").Length() != 1 {
		t.Errorf("configs %v", keys(r2.Get("configs")))
	}
	bad := strings.Replace(b.String(), `"run":1,`, `"run":-1,`, 1)
	if msg, code := errorOf(callAPI(t, "summarise", M{"jsonl": bad})); code != "bad-argument" || !strings.Contains(msg, `records:2: "run" = -1`) {
		t.Errorf("bad record: %q %q", msg, code)
	}
	if msg, code := errorOf(callAPI(t, "summarise", M{"jsonl": 5})); code != "bad-argument" || !strings.Contains(msg, "summarise jsonl: want a string, got a number") {
		t.Errorf("a number: %q %q", msg, code)
	}
}
