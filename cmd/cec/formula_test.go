package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pcaplay/core/problem/formula"
	"pcaplay/internal/experiment"
)

func exampleProblem(t *testing.T, name string) (path string, def *formula.Definition) {
	t.Helper()
	path = filepath.Join("..", "..", "examples", "problems", name)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if def, err = formula.Parse(data); err != nil {
		t.Fatal(err)
	}
	return path, def
}

// cec eval -problem @FILE prints what cec eval prints for the built-in
// problem the file types, bit for bit.
func TestEvalTyped(t *testing.T) {
	path, _ := exampleProblem(t, "disc.json")
	points := "0.78641515416842783007 0.61769831252339348457\n1 1\n-1 2\n0.25 -0.5\n"
	typed := cec(t, points, "eval", "-problem", "@"+path)
	built := cec(t, points, "eval", "-problem", "disc", "-dim", "2")
	if typed.code != 0 || built.code != 0 {
		t.Fatalf("exit %d (%s), %d (%s)", typed.code, typed.stderr, built.code, built.stderr)
	}
	if typed.stdout != built.stdout {
		t.Errorf("typed disc:\n%s\nbuilt-in disc:\n%s", typed.stdout, built.stdout)
	}
	ball, _ := exampleProblem(t, "rosenbrock-ball.json")
	if r := cec(t, "1 1 1\n", "eval", "-problem", "@"+ball, "-dim", "3"); r.code != 0 || r.stdout != "0 | 1.5 |\n" {
		t.Errorf("-dim 3: %+v", r)
	}
	wantBadInput(t, cec(t, "1 1 1\n", "eval", "-problem", "@"+ball), "line 1", "3 numbers", "needs 10")
	wantBadInput(t, cec(t, "", "eval", "-problem", "@nope.json"), "-problem @nope.json", "no such file")
	wantBadInput(t, cec(t, "", "eval", "-problem", "@"+path+",@"+ball), "cec eval takes one problem")
	wantBadInput(t, cec(t, "", "eval", "-problem", "@"), "'@' without a file name")
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"name":"p","dim":2,"lower":-1,"upper":1,"f":"max(x1, x2"}`), 0o644)
	wantBadInput(t, cec(t, "", "eval", "-problem", "@"+bad), "column 11", "expected ')' after the arguments of max")
	os.WriteFile(bad, []byte(`{"name":"p","dim":2,"lower":-1,"upper":1,"f":"x1","colour":"red"}`), 0o644)
	wantBadInput(t, cec(t, "", "eval", "-problem", "@"+bad), `unknown key "colour"`)
}

// cec run on typed problems, alone and beside built-in ones: records name
// the problem name_hash, the same seed gives the same bytes, and -resume
// completes a file cut short to exactly the uninterrupted run.
func TestRunTyped(t *testing.T) {
	disc, ddef := exampleProblem(t, "disc.json")
	ball, bdef := exampleProblem(t, "rosenbrock-ball.json")
	base := []string{"run", "-algo", "random,pmode", "-runs", "2", "-seed", "3", "-fes", "1000", "-quiet", "-json"}
	a := cec(t, "", append(base, "-problem", "@"+disc+",rosenbrock")...)
	if a.code != 0 {
		t.Fatalf("exit %d: %s", a.code, a.stderr)
	}
	b := cec(t, "", append(base, "-problem", "rosenbrock, @"+disc, "-workers", "1")...)
	if a.stdout != b.stdout {
		t.Fatal("the same seed printed different JSON")
	}
	lines := strings.Split(strings.TrimSuffix(a.stdout, "\n"), "\n")
	if len(lines) != 8 {
		t.Fatalf("%d lines, want 8", len(lines))
	}
	seen := map[string]int{}
	for _, l := range lines {
		var r experiment.Record
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		seen[r.Problem]++
		if r.Dim != 2 {
			t.Errorf("%s: dim %d, want the file's 2", r.Key(), r.Dim)
		}
		if r.Problem == ddef.ID() && r.Data != "none" {
			t.Errorf("%s: data %q", r.Key(), r.Data)
		}
	}
	if seen[ddef.ID()] != 4 || seen["rosenbrock"] != 4 || !strings.HasPrefix(ddef.ID(), "disc_") {
		t.Errorf("problems of the records: %v", seen)
	}
	// the file's dim, -dim over it, and two files that disagree
	wantBadInput(t, cec(t, "", append(base, "-problem", "@"+disc+",@"+ball)...), "dim 2", "dim 10", "-dim")
	c := cec(t, "", append(base, "-problem", "@"+ball, "-dim", "4")...)
	if c.code != 0 || !strings.Contains(c.stdout, `"problem":"`+bdef.ID()+`","dim":4,`) {
		t.Errorf("-dim 4: exit %d %s", c.code, c.stderr)
	}

	// resume: a file cut short is completed to the whole run
	out := filepath.Join(t.TempDir(), "runs.jsonl")
	args := []string{"run", "-algo", "random,pmode", "-runs", "2", "-seed", "3", "-fes", "1000", "-quiet", "-problem", "@" + disc + ",rosenbrock"}
	part := lines[5] + "\n" + lines[1] + "\n" + lines[6][:len(lines[6])/2]
	os.WriteFile(out, []byte(part), 0o644)
	if r := cec(t, "", append(args, "-o", out, "-resume")...); r.code != 0 {
		t.Fatalf("-resume: exit %d: %s", r.code, r.stderr)
	}
	if m := cec(t, "", "merge", out); m.code != 0 || m.stdout != a.stdout {
		t.Errorf("the resumed file is not the uninterrupted run (exit %d: %s)", m.code, m.stderr)
	}
	// a file of another definition with the same name is refused
	other := filepath.Join(t.TempDir(), "disc.json")
	data, _ := os.ReadFile(disc)
	os.WriteFile(other, []byte(strings.Replace(string(data), `"x1^2 + x2^2 - 1"`, `"x1^2 + x2^2 - 2"`, 1)), 0o644)
	r := cec(t, "", append(args[:len(args)-1], "@"+other+",rosenbrock", "-o", out, "-resume")...)
	if r.code == 0 {
		t.Error("resuming with another definition of disc succeeded")
	}
}
