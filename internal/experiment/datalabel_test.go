//go:build !js

package experiment

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"pcaplay/core/problem/cec2017/official"
	"pcaplay/internal/testdata"
)

// TestDataLabels: each record names its data; the embedded files and a
// byte-identical directory are both "official", a changed file is named
// by its content, and only on the problem that reads it.
func TestDataLabels(t *testing.T) {
	c := Config{Algos: []string{"random"}, Problems: []string{"C01", "C05"}, Dim: 10, Runs: 1, Seed: 1, FES: 200}
	gen := plan(t, c)
	c.Data = official.FS()
	emb := plan(t, c)
	dir := testdata.CEC2017Data(t)
	c.Data, c.DataDir = nil, dir
	same := plan(t, c)
	b, err := os.ReadFile(filepath.Join(dir, "M2_5_D10.txt"))
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)-2] ^= 1 // a last digit changes
	if err := os.WriteFile(filepath.Join(dir, "M2_5_D10.txt"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	changed := plan(t, c)
	for _, tc := range []struct {
		name     string
		p        *Plan
		c01, c05 string
	}{
		{"generated", gen, "generated", "generated"},
		{"embedded", emb, "official", "official"},
		{"copy", same, "official", "official"},
		{"changed", changed, "official", "sha256:"},
	} {
		recs := collect(t, tc.p, 1)
		if recs[0].Data != tc.c01 || !strings.HasPrefix(recs[1].Data, tc.c05) || !ValidDataLabel(recs[1].Data) {
			t.Errorf("%s: data %q, %q; want %q, %q…", tc.name, recs[0].Data, recs[1].Data, tc.c01, tc.c05)
		}
	}
	// the official data give other numbers than the generated ones
	if reflect.DeepEqual(collect(t, gen, 1)[0].X, collect(t, emb, 1)[0].X) {
		t.Error("generated and official data gave the same run")
	}
	// a teaching problem has no data
	tp := plan(t, Config{Algos: []string{"random"}, Problems: []string{"rosenbrock"}, Dim: 2, Runs: 1, FES: 100, Data: official.FS()})
	if r := collect(t, tp, 1); r[0].Data != "none" {
		t.Errorf("teaching problem: data %q, want none", r[0].Data)
	}
	// a CEC problem at a dimension without official files runs on
	// generated data and says so (not "none", which is a teaching problem's)
	for _, d := range []int{2, 20} {
		cp := plan(t, Config{Algos: []string{"random"}, Problems: []string{"C01"}, Dim: d, Runs: 1, FES: 100})
		if r := collect(t, cp, 1); r[0].Data != "generated" {
			t.Errorf("C01 at D = %d on generated data: data %q, want generated", d, r[0].Data)
		}
	}
}
