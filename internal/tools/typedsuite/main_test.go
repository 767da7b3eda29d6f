package main

import (
	"bytes"
	"context"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pcaplay/core/problem/formula"
	"pcaplay/internal/experiment"
	"pcaplay/internal/play"
)

// grid runs algos on the CEC 2006 files named (examples/problems/cec2006),
// runs each, at fes evaluations, and writes the records to a file in the
// returned folder, beside a folder "p" of the problem files.
func grid(t *testing.T, names []string, algos []string, runs, fes int) (dir string, recs []experiment.Record) {
	t.Helper()
	dir = t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "p"), 0o755); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join("..", "..", "..", "examples", "problems", "cec2006", n+".json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "p", n+".json"), b, 0o644); err != nil {
			t.Fatal(err)
		}
		d, err := formula.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		pl, err := experiment.NewPlan(experiment.Config{Algos: algos, Problems: []string{d.ID()}, Dim: d.Dim,
			Runs: runs, Seed: 1, FES: fes, Typed: map[string]*formula.Definition{d.ID(): d}})
		if err != nil {
			t.Fatal(err)
		}
		_, err = pl.Execute(context.Background(), 2, experiment.Hooks{Emit: func(r experiment.Record) error {
			recs = append(recs, r)
			b, err := experiment.MarshalLine(r)
			out.Write(b)
			return err
		}})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "runs.jsonl"), out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, recs
}

// TestReport: the report's cells count the successful and feasible runs of
// the records, a pair tested both ways gives opposite marks, and every
// link opens in the experiment view (play.DefineExperiment) without a
// notice, with the problems at their own D and the report's budget.
func TestReport(t *testing.T) {
	names := []string{"g02", "g08", "g11", "g12"}
	algos := []string{"cmode", "pmode", "heco-de", "heco-pde"}
	dir, recs := grid(t, names, algos, 4, 3000)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-problems", filepath.Join(dir, "p"), "-pairs", "pmode:cmode,cmode:pmode,heco-pde:heco-de",
		filepath.Join(dir, "runs.jsonl")}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	for _, n := range names {
		b, _ := os.ReadFile(filepath.Join(dir, "p", n+".json"))
		d, _ := formula.Parse(b)
		row := regexp.MustCompile(`(?m)^\| ` + n + ` \|.*$`).FindString(out)
		cells := strings.Split(strings.Trim(row, "| "), " | ")
		if len(cells) != 3+len(algos)+3 {
			t.Fatalf("row of %s: %q", n, row)
		}
		for i, a := range algos {
			succ, feas := 0, 0
			for _, r := range recs {
				if r.Algo == a && r.Problem == d.ID() && r.Feasible {
					feas++
					if r.F <= d.BestF+1e-4 {
						succ++
					}
				}
			}
			if want := strconv.Itoa(succ) + " / " + strconv.Itoa(feas) + " · "; !strings.HasPrefix(cells[3+i], want) {
				t.Errorf("%s %s: cell %q, want it to start %q", n, a, cells[3+i], want)
			}
		}
		ab, ba := cells[3+len(algos)], cells[4+len(algos)]
		flip := map[string]string{"+": "−", "−": "+", "≈": "≈"}
		if a, b := strings.Fields(ab), strings.Fields(ba); flip[a[0]] != b[0] || a[1] != b[1] {
			t.Errorf("%s: pmode vs cmode %q, cmode vs pmode %q: not opposite", n, ab, ba)
		}
	}
	links := regexp.MustCompile(`http://127\.0\.0\.1:8080/#(\S+)`).FindAllStringSubmatch(out, -1)
	if len(links) != 1 { // g02 is written for any D (dim=20), the others for their own D
		t.Fatalf("%d links, want 1:\n%s", len(links), out)
	}
	own := map[string]int{}
	for _, n := range names {
		b, _ := os.ReadFile(filepath.Join(dir, "p", n+".json"))
		d, _ := formula.Parse(b)
		own[d.ID()] = d.Dim
	}
	seen := 0
	for _, l := range links {
		q, err := url.ParseQuery(l[1])
		if err != nil {
			t.Fatal(err)
		}
		values := map[string]string{}
		for k := range q {
			values[k] = q.Get(k)
		}
		rep := play.DefineExperiment(values, 2)
		if len(rep.Notices) > 0 || len(rep.Errors) > 0 {
			t.Errorf("link %s: notices %v, errors %v", l[1], rep.Notices, rep.Errors)
		}
		if rep.Def.FES != 3000 || rep.Def.Runs != 5 || len(rep.Def.Configs) != len(algos) {
			t.Errorf("link %s: fes %d, runs %d, %d configurations", l[1], rep.Def.FES, rep.Def.Runs, len(rep.Def.Configs))
		}
		for _, c := range rep.Def.Cells {
			if c.Dim != own[c.Problem] {
				t.Errorf("link %s: %s runs at D = %d, want its own %d", l[1], c.Problem, c.Dim, own[c.Problem])
			}
		}
		seen += len(rep.Def.Cells)
	}
	if seen != len(names) {
		t.Errorf("the links hold %d problems, want %d", seen, len(names))
	}
}

// TestReportRefuses: an incomplete grid, a problem not in the folder and a
// pair of unknown algorithms are one-line errors naming them.
func TestReportRefuses(t *testing.T) {
	dir, _ := grid(t, []string{"g08", "g11"}, []string{"cmode", "pmode"}, 2, 1000)
	runs := filepath.Join(dir, "runs.jsonl")
	b, _ := os.ReadFile(runs)
	lines := strings.SplitAfter(strings.TrimSpace(string(b)), "\n")
	short := filepath.Join(dir, "short.jsonl")
	os.WriteFile(short, []byte(strings.Join(lines[:len(lines)-1], "")), 0o644)
	os.Remove(filepath.Join(dir, "p", "g11.json"))
	other := t.TempDir()
	b, _ = os.ReadFile(filepath.Join("..", "..", "..", "examples", "problems", "cec2006", "g11.json"))
	os.WriteFile(filepath.Join(other, "g11.json"), b, 0o644)
	b, _ = os.ReadFile(filepath.Join("..", "..", "..", "examples", "problems", "cec2006", "g08.json"))
	os.WriteFile(filepath.Join(other, "g08.json"), b, 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-problems", filepath.Join(dir, "p"), runs}, `problem "g11_`},
		{[]string{"-problems", other, short}, "is the grid complete?"},
		{[]string{"-problems", other, "-pairs", "pmode:heco-de", runs}, `"pmode:heco-de"`},
	} {
		var stdout, stderr bytes.Buffer
		code := run(c.args, &stdout, &stderr)
		msg := strings.TrimSpace(stderr.String())
		if code == 0 || !strings.Contains(msg, c.want) || strings.Contains(msg, "\n") {
			t.Errorf("%v: exit %d, %q; want one line with %q", c.args, code, msg, c.want)
		}
	}
}
