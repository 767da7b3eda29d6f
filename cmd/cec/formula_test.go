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

// -problem @FILE reads no more than the limit of a problem file: a device,
// a folder or a file over 1 MiB is refused at once, naming it; a UTF-8
// byte order mark before the JSON is no error (and no other problem).
func TestProblemFileLimits(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.json")
	if err := os.WriteFile(big, make([]byte, 2<<20), 0o644); err != nil {
		t.Fatal(err)
	}
	wantBadInput(t, cec(t, "", "run", "-algo", "pmode", "-problem", "@"+big), "big.json has 2097152 bytes, more than the limit of 1048576")
	wantBadInput(t, cec(t, "", "run", "-algo", "pmode", "-problem", "@"+dir), "is a folder, not a file")
	if _, err := os.Stat("/dev/zero"); err == nil {
		wantBadInput(t, cec(t, "", "run", "-algo", "pmode", "-problem", "@/dev/zero"), "/dev/zero is a device, not a file")
	}
	src, err := os.ReadFile(filepath.Join("..", "..", "examples", "problems", "cec2006", "g08.json"))
	if err != nil {
		t.Fatal(err)
	}
	bom := filepath.Join(dir, "g08-bom.json")
	if err := os.WriteFile(bom, append([]byte("\xef\xbb\xbf"), src...), 0o644); err != nil {
		t.Fatal(err)
	}
	plain := filepath.Join(dir, "g08.json")
	if err := os.WriteFile(plain, src, 0o644); err != nil {
		t.Fatal(err)
	}
	a, b := cec(t, "1 4\n", "eval", "-problem", "@"+bom), cec(t, "1 4\n", "eval", "-problem", "@"+plain)
	if a.code != 0 || a.stdout != b.stdout {
		t.Errorf("with a byte order mark: %d %q %s; without: %q", a.code, a.stdout, a.stderr, b.stdout)
	}
}

// BenchmarkProblemFileBomb: a problem file of a gigabyte (sparse) is
// refused in microseconds, without reading it.
func BenchmarkProblemFileBomb(b *testing.B) {
	name := filepath.Join(b.TempDir(), "bomb.json")
	f, err := os.Create(name)
	if err != nil {
		b.Fatal(err)
	}
	if err := f.Truncate(1 << 30); err != nil {
		b.Fatal(err)
	}
	f.Close()
	for b.Loop() {
		if _, err := readProblemFile(name); err == nil {
			b.Fatal("a 1 GiB problem file was read")
		}
	}
}
