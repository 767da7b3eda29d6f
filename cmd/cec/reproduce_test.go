package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"math"
	"strings"
	"testing"

	"pcaplay/core/problem/cec2017/official"
	"pcaplay/core/suite"
	"pcaplay/internal/play"
)

// The playground's "Reproduce natively" command (play.Session.Command) run
// through this command gives the page's final best bit for bit: a teaching
// problem with parameters off their defaults, a CEC problem on the
// official data the page loads, and one on generated data (D = 2).
func TestPlaygroundCommandReproducesTheRun(t *testing.T) {
	for _, tc := range []struct {
		name     string
		raw      map[string]string
		official bool
		want     []string // in the command
	}{
		{"teaching", map[string]string{"problem": "rosenbrock", "algo": "pmode", "seed": "5", "fes": "3000", "pcaprob": "0.5", "pcam": "1", "bound": "reflect"},
			false, []string{"-problem rosenbrock -dim 2 -algo pmode -runs 1 -seed 5 -fes 3000 -set ", "pcaprob=0.5", "bound=reflect", "-json"}},
		{"CEC official", map[string]string{"problem": "C05", "dim": "10", "algo": "heco-pde", "seed": "3", "fes": "12000", "pcak": "9"},
			true, []string{"-problem C05 -dim 10 -algo heco-pde -runs 1 -seed 3 -fes 12000 -set pcak=9 -json"}},
		{"CEC generated", map[string]string{"problem": "C01", "dim": "2", "algo": "cmode", "seed": "2", "fes": "2000"},
			false, []string{"-problem C01 -dim 2 -algo cmode -runs 1 -seed 2 -fes 2000 -data generated -json"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := play.NewRuns()
			if tc.official {
				c, _, _, _ := play.Sanitize(tc.raw)
				names, err := suite.DataFiles(c.Problem, c.Dim)
				if err != nil {
					t.Fatal(err)
				}
				files := map[string][]byte{}
				for _, n := range names {
					if files[n], err = fs.ReadFile(official.FS(), n); err != nil {
						t.Fatal(err)
					}
				}
				if _, err := r.LoadData(c.Problem, c.Dim, files, official.SHA256()); err != nil {
					t.Fatal(err)
				}
			}
			id := r.Open()
			if _, err := r.Configure(id, tc.raw, play.ConfigureOptions{}); err != nil {
				t.Fatal(err)
			}
			s, _ := r.Session(id)
			for !s.Solver.Done() {
				if _, err := s.Advance(play.StepOptions{N: 1000}); err != nil {
					t.Fatal(err)
				}
			}
			cmd, err := s.Command()
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(cmd, w) {
					t.Errorf("command %q lacks %q", cmd, w)
				}
			}
			if strings.Contains(cmd, "pcam=") {
				t.Errorf("command %q sets pcam at its default", cmd)
			}
			args := strings.Fields(cmd)
			if args[0] != "cec" {
				t.Fatalf("command %q", cmd)
			}
			var out, errb bytes.Buffer
			if code := cli(context.Background(), append(args[1:], "-quiet"), nil, &out, &errb); code != 0 {
				t.Fatalf("%s: exit %d: %s", cmd, code, errb.String())
			}
			var rec struct {
				F   float64   `json:"f"`
				X   []float64 `json:"x"`
				FES int       `json:"fes"`
			}
			if err := json.Unmarshal(out.Bytes(), &rec); err != nil {
				t.Fatalf("%s: %v\n%s", cmd, err, out.String())
			}
			st := s.Status()
			if math.Float64bits(rec.F) != math.Float64bits(st.BestF) || rec.FES != st.FES {
				t.Errorf("%s: f %v at FES %d; the page's run: %v at %d", cmd, rec.F, rec.FES, st.BestF, st.FES)
			}
			for i, x := range s.Last.Best.X {
				if math.Float64bits(rec.X[i]) != math.Float64bits(x) {
					t.Errorf("%s: x[%d] %v, the page's %v", cmd, i, rec.X[i], x)
				}
			}
		})
	}
}
