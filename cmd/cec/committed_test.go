package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pcaplay/internal/testdata"
)

// TestCommittedRunsReproduce: the committed reproductions are what the
// code on this commit computes. For a sample of each runs file in
// docs/results (every algorithm on problems of each kind: unrotated,
// rotated, no feasible point, equality constraints), run 0 is made again
// with `cec run -runs 1 -seed 1` and must give the committed line byte for
// byte: a change that alters a random stream or a floating-point result
// fails here, and the results would then have to be regenerated with it
// (scripts/reproduce.sh). A grid still being made is read from
// docs/results/partial.
func TestCommittedRunsReproduce(t *testing.T) {
	if testing.Short() {
		t.Skip("runs about 90 CPU-seconds of solver runs")
	}
	root, err := testdata.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file     string
		problems []string
	}{
		{"runs-10D.jsonl", []string{"C01", "C05", "C15", "C17", "C28"}},
		{"runs-30D.jsonl", []string{"C03"}},
		{"runs-50D.jsonl", []string{"C09"}},
		{"runs-100D.jsonl", []string{"C01"}},
	} {
		name := filepath.Join(root, "docs", "results", c.file)
		if _, err := os.Stat(name); err != nil {
			name = filepath.Join(root, "docs", "results", "partial", c.file)
		}
		lines := firstRuns(t, name)
		n := 0
		for key, want := range lines {
			if !slices.Contains(c.problems, key.problem) {
				continue
			}
			n++
			t.Run(fmt.Sprintf("%s/%s/%s", c.file, key.algo, key.problem), func(t *testing.T) {
				r := cec(t, "", "run", "-algo", key.algo, "-problem", key.problem, "-dim", fmt.Sprint(key.dim),
					"-runs", "1", "-seed", "1", "-workers", "1", "-quiet", "-json")
				if r.code != 0 {
					t.Fatalf("cec run: exit %d: %s", r.code, r.stderr)
				}
				if r.stdout != want {
					t.Errorf("run 0 differs from the committed line\n got: %.300s…\nwant: %.300s…", r.stdout, want)
				}
			})
		}
		if n == 0 {
			t.Errorf("%s: no run 0 of %v", c.file, c.problems)
		}
	}
}

type runKey struct {
	algo, problem string
	dim           int
}

// firstRuns returns the line (with its newline) of run 0, seed 1 and the
// default settings of each (algorithm, problem, dimension) in a runs file.
func firstRuns(t *testing.T, name string) map[runKey]string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[runKey]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var r struct {
			Algo, Problem string
			Dim, Run      int
			Seed          uint64
		}
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if r.Run == 0 && r.Seed == 1 {
			out[runKey{r.Algo, r.Problem, r.Dim}] = sc.Text() + "\n"
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCommittedTypedRunsReproduce: the same for the CEC 2006 grid of
// problems typed as formulas (docs/results/runs-cec2006.jsonl, made by
// scripts/cec2006.sh): run 0 of every algorithm on g08, g12 and g24 (the
// cheap ones: 2 and 3 variables at 500,000 evaluations) made again from
// the problem files is the committed line, byte for byte.
func TestCommittedTypedRunsReproduce(t *testing.T) {
	if testing.Short() {
		t.Skip("runs about 10 CPU-seconds of solver runs")
	}
	root, err := testdata.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	lines := firstRuns(t, filepath.Join(root, "docs", "results", "runs-cec2006.jsonl"))
	n := 0
	for key, want := range lines {
		name, _, _ := strings.Cut(key.problem, "_")
		if name != "g08" && name != "g12" && name != "g24" {
			continue
		}
		n++
		t.Run(key.algo+"/"+name, func(t *testing.T) {
			file := filepath.Join(root, "examples", "problems", "cec2006", name+".json")
			r := cec(t, "", "run", "-algo", key.algo, "-problem", "@"+file, "-fes", "500000",
				"-runs", "1", "-seed", "1", "-workers", "1", "-quiet", "-json")
			if r.code != 0 {
				t.Fatalf("cec run: exit %d: %s", r.code, r.stderr)
			}
			if r.stdout != want {
				t.Errorf("run 0 differs from the committed line\n got: %.300s…\nwant: %.300s…", r.stdout, want)
			}
		})
	}
	if n != 12 {
		t.Errorf("%d runs 0 of g08, g12 and g24, want 12 (4 algorithms × 3 problems)", n)
	}
}

// TestCommittedAblationRunsReproduce: the same for a sample of HECO-PDE's
// readings in docs/results/ablation (claim.md): run 0 of one problem of
// each sampled file, made again with the reading's -set, is the committed
// line byte for byte. Among them a reading of every kind: the k best of Q
// (k8, and k8e's other order of Q), the PCA-projection's window in the run
// (early; late at 50-D), the bound of a PCA child (reflect) and the components kept (m2).
func TestCommittedAblationRunsReproduce(t *testing.T) {
	if testing.Short() {
		t.Skip("runs about 25 CPU-seconds of solver runs")
	}
	root, err := testdata.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file, set, problem string
	}{
		{"runs-10D-heco-pde-k8.jsonl", "pcak=8,pcastream=own", "C07"},
		{"runs-10D-heco-pde-reflect.jsonl", "pcastream=own,pcabound=reflect", "C12"},
		{"runs-10D-heco-pde-m2.jsonl", "pcam=2,pcastream=own", "C05"},
		{"runs-30D-heco-pde-k8.jsonl", "pcak=8,pcastream=own", "C04"},
		{"runs-30D-heco-pde-early.jsonl", "pcato=0.5,pcastream=own", "C19"},
		{"runs-30D-heco-pde-k8e.jsonl", "pcak=8,pcastream=own,pcarank=e", "C01"},
		{"runs-30D-heco-pde-reflect.jsonl", "pcastream=own,pcabound=reflect", "C08"},
		{"runs-30D-heco-pde-m2.jsonl", "pcam=2,pcastream=own", "C24"},
		{"runs-50D-heco-pde-k8e.jsonl", "pcak=8,pcastream=own,pcarank=e", "C01"},
		{"runs-50D-heco-pde-late.jsonl", "pcastream=own,pcafrom=0.5", "C01"},
	} {
		t.Run(c.file+"/"+c.problem, func(t *testing.T) {
			var want string
			for key, line := range firstRuns(t, filepath.Join(root, "docs", "results", "ablation", c.file)) {
				if key.problem == c.problem {
					want = line
				}
			}
			if want == "" {
				t.Fatalf("no run 0 of %s", c.problem)
			}
			dim, _, _ := strings.Cut(strings.TrimPrefix(c.file, "runs-"), "D-") // runs-${D}D-heco-pde-NAME.jsonl
			r := cec(t, "", "run", "-algo", "heco-pde", "-set", c.set, "-problem", c.problem, "-dim", dim,
				"-runs", "1", "-seed", "1", "-workers", "1", "-quiet", "-json")
			if r.code != 0 {
				t.Fatalf("cec run: exit %d: %s", r.code, r.stderr)
			}
			if r.stdout != want {
				t.Errorf("run 0 differs from the committed line\n got: %.300s…\nwant: %.300s…", r.stdout, want)
			}
		})
	}
}

// TestCommittedGECCO2019RunsReproduce: the same for the grids of HECO-DE
// as its author ran it (docs/results/gecco2019, scripts/gecco2019.sh): run
// 0 of a sample of problems, an author's variant among them, made again
// with -set preset=gecco2019 (and the author's budget), is the committed
// line byte for byte; and so is run 0 of PMODE and HECO-PDE (default
// settings) on a variant.
func TestCommittedGECCO2019RunsReproduce(t *testing.T) {
	if testing.Short() {
		t.Skip("runs about 10 CPU-seconds of solver runs")
	}
	root, err := testdata.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file, algo, set, problem string
	}{
		{"runs-10D-heco-de.jsonl", "heco-de", "preset=gecco2019", "C07"},
		{"runs-10D-heco-de.jsonl", "heco-de", "preset=gecco2019", "C27-author"},
		{"runs-10D-heco-pde.jsonl", "heco-pde", "preset=gecco2019", "C12"},
		{"runs-30D-heco-de.jsonl", "heco-de", "preset=gecco2019", "C11"},
		{"runs-10D-variants.jsonl", "pmode", "", "C18-author"},
		{"runs-10D-variants.jsonl", "heco-pde", "", "C21-author"},
		{"runs-10D-heco-de-author-fes.jsonl", "heco-de", "preset=gecco2019", "C22"},
	} {
		t.Run(c.file+"/"+c.algo+"/"+c.problem, func(t *testing.T) {
			var want string
			for key, line := range firstRuns(t, filepath.Join(root, "docs", "results", "gecco2019", c.file)) {
				if key.problem == c.problem && key.algo == c.algo {
					want = line
				}
			}
			if want == "" {
				t.Fatalf("no run 0 of %s on %s", c.algo, c.problem)
			}
			dim, _, _ := strings.Cut(strings.TrimPrefix(c.file, "runs-"), "D-") // runs-${D}D-….jsonl
			args := []string{"run", "-algo", c.algo, "-problem", c.problem, "-dim", dim, "-runs", "1", "-seed", "1", "-workers", "1", "-quiet", "-json"}
			if c.set != "" {
				args = append(args, "-set", c.set)
			}
			if strings.HasSuffix(c.file, "-author-fes.jsonl") {
				args = append(args, "-fes", "200124") // the author's budget at 10-D
			}
			r := cec(t, "", args...)
			if r.code != 0 {
				t.Fatalf("cec run: exit %d: %s", r.code, r.stderr)
			}
			if r.stdout != want {
				t.Errorf("run 0 differs from the committed line\n got: %.300s…\nwant: %.300s…", r.stdout, want)
			}
		})
	}
}
