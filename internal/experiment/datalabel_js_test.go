//go:build js

package experiment

import (
	"strings"
	"testing"

	"pcaplay/core/problem/cec2017/official"
)

// TestDataLabelsWasm: the WebAssembly build cannot label CEC data files
// by their content (it leaves package official out); a plan on data files
// without Config.Label is refused with that reason, not run unlabelled.
// The page and cec run's wasm build pass a Label (TestDataLabelFunc).
func TestDataLabelsWasm(t *testing.T) {
	_, err := NewPlan(Config{Algos: []string{"random"}, Problems: []string{"C01"}, Dim: 10, Runs: 1, Seed: 1, FES: 200, Data: official.FS()})
	if err == nil || !strings.Contains(err.Error(), "needs package official") {
		t.Errorf("NewPlan error %v, want the refusal naming package official", err)
	}
	// generated data need no label
	if r := collect(t, plan(t, Config{Algos: []string{"random"}, Problems: []string{"C01"}, Dim: 10, Runs: 1, Seed: 1, FES: 200}), 1); r[0].Data != "generated" {
		t.Errorf("generated data: label %q", r[0].Data)
	}
}
