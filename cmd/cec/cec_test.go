package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"pcaplay/core/stats"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"pcaplay/core/problem/cec2017/official"
	"pcaplay/internal/experiment"
	"pcaplay/internal/testdata"
)

// result is what one in-process invocation of cec produced.
type result struct {
	code           int
	stdout, stderr string
}

func cec(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	return cecCtx(t, context.Background(), stdin, args...)
}

func cecCtx(t *testing.T, ctx context.Context, stdin string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := cli(ctx, args, strings.NewReader(stdin), &out, &errb)
	return result{code, out.String(), errb.String()}
}

// wantBadInput asserts exit status 2, no stdout and exactly one stderr line
// containing every fragment.
func wantBadInput(t *testing.T, r result, fragments ...string) {
	t.Helper()
	if r.code != exitBadInput {
		t.Errorf("exit %d, want 2 (stderr %q)", r.code, r.stderr)
	}
	if r.stdout != "" {
		t.Errorf("stdout not empty: %q", r.stdout)
	}
	if strings.Count(r.stderr, "\n") != 1 || !strings.HasSuffix(r.stderr, "\n") {
		t.Errorf("stderr is not one line: %q", r.stderr)
	}
	for _, f := range fragments {
		if !strings.Contains(r.stderr, f) {
			t.Errorf("stderr %q does not name %q", r.stderr, f)
		}
	}
}

// ---- eval ----

// TestEvalTestVectors evaluates every point of the official test-vector
// file and compares f, g and h with the official evaluator's values.
// cec eval reads the embedded official data by default.
func TestEvalTestVectors(t *testing.T) {
	vecDir := testdata.CEC2017TestVectors(t)
	f, err := os.Open(filepath.Join(vecDir, "cec2017_points_constructed.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<22)
	n, exact := 0, 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		parts := strings.Split(line, " | ")
		head := strings.Fields(parts[0])
		prob, dim := head[0], head[1]
		// The value part "f | g… | h…" follows the point.
		want := strings.TrimSpace(line[len(parts[0])+3+len(parts[1])+3:])
		r := cec(t, parts[1]+"\n", "eval", "-problem", prob, "-dim", dim)
		if r.code != 0 {
			t.Fatalf("%s D=%s: exit %d: %s", prob, dim, r.code, r.stderr)
		}
		got := strings.TrimSuffix(r.stdout, "\n")
		if got == want {
			exact++
		} else if err := sameValues(got, want); err != nil {
			t.Errorf("%s D=%s (%s): got %q, want %q: %v", prob, dim, head[2], got, want, err)
		}
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Fatalf("only %d test vectors read", n)
	}
	t.Logf("%d test vectors, %d printed exactly as the official evaluator", n, exact)
}

// sameValues compares two "f | g… | h…" lines field by field: the same
// layout and every number within 1e-9 relative (1e-9 absolute near 0).
func sameValues(got, want string) error {
	gf, wf := strings.Split(got, "|"), strings.Split(want, "|")
	if len(gf) != len(wf) {
		return fmt.Errorf("%d fields, want %d", len(gf), len(wf))
	}
	for i := range gf {
		gs, ws := strings.Fields(gf[i]), strings.Fields(wf[i])
		if len(gs) != len(ws) {
			return fmt.Errorf("field %d has %d values, want %d", i, len(gs), len(ws))
		}
		for j := range gs {
			a, err1 := strconv.ParseFloat(gs[j], 64)
			b, err2 := strconv.ParseFloat(ws[j], 64)
			if err1 != nil || err2 != nil {
				return fmt.Errorf("unparsable %q / %q", gs[j], ws[j])
			}
			if math.Abs(a-b) > 1e-9*math.Max(1, math.Abs(b)) {
				return fmt.Errorf("field %d value %d: %v vs %v", i, j, a, b)
			}
		}
	}
	return nil
}

func TestEvalFormat(t *testing.T) {
	// Generated data: the layout only. C01 has one inequality, no equality;
	// C06 six equalities; C03 one of each.
	r := cec(t, "\n1 2 3 4\n\n-1 0 0.5 2\n", "eval", "-problem", "C01", "-dim", "4", "-data", "generated")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines for 2 points: %q", len(lines), r.stdout)
	}
	for _, l := range lines {
		if !regexp.MustCompile(`^\S+ \| \S+ \|$`).MatchString(l) {
			t.Errorf("C01 line %q is not \"f | g |\"", l)
		}
	}
	r = cec(t, "1 2 3 4\n", "eval", "-problem", "C06", "-dim", "4", "-data", "generated")
	if !regexp.MustCompile(`^\S+ \| \| \S+ \S+ \S+ \S+ \S+ \S+\n$`).MatchString(r.stdout) {
		t.Errorf("C06 line %q is not \"f | | h×6\"", r.stdout)
	}
	if got := fmtG17(math.Copysign(0, -1)); got != "-0" {
		t.Errorf("%%.17g of -0 = %q, want -0 like C", got)
	}
	for x, want := range map[float64]string{-90000: "-90000", 0.1: "0.10000000000000001", 2.8573269218252048e-26: "2.8573269218252048e-26", 1e21: "1e+21", 123456789012345678: "1.2345678901234568e+17"} {
		if got := fmtG17(x); got != want {
			t.Errorf("fmtG17(%v) = %q, want %q", x, got, want)
		}
	}
}

func TestEvalErrors(t *testing.T) {
	ten := "1 2 3 4 5 6 7 8 9 10\n"
	cases := []struct {
		name  string
		stdin string
		args  []string
		want  []string
	}{
		{"short line", ten + "1 2 3\n", nil, []string{"line 2", "3 numbers", "needs 10"}},
		{"long line", ten + ten[:len(ten)-1] + " 11\n", nil, []string{"line 2", `"11"`}},
		{"not a number", ten + "\n1 2 x3 4 5 6 7 8 9 10\n", nil, []string{"line 3", `"x3"`}},
		{"NaN", "1 2 3 4 5 6 7 8 9 NaN\n", nil, []string{"line 1", `"NaN"`}},
		{"Inf", "1 2 3 4 5 6 7 8 9 -Inf\n", nil, []string{"line 1", `"-Inf"`}},
		{"huge", "1 2 3 4 5 6 7 8 9 1e400\n", nil, []string{"line 1", `"1e400"`}},
		{"unknown problem", ten, []string{"-problem", "C29"}, []string{"C29"}},
		{"no problem", ten, []string{"-problem", ""}, []string{"-problem"}},
		{"bad dim", ten, []string{"-dim", "0"}, []string{"-dim 0"}},
		{"dim without data", ten, []string{"-dim", "12"}, []string{"-dim 12", "dimension 12"}},
		{"missing data", ten, []string{"-data", "/nonexistent/cec"}, []string{"/nonexistent/cec"}},
		{"unknown flag", ten, []string{"-frobnicate"}, []string{"frobnicate"}},
		{"bad flag value", ten, []string{"-dim", "ten"}, []string{"ten"}},
		{"stray argument", ten, []string{"points.txt"}, []string{"points.txt"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"eval", "-problem", "C05", "-dim", "10"}, tc.args...)
			wantBadInput(t, cec(t, tc.stdin, args...), tc.want...)
		})
	}
}

func TestEvalMalformedData(t *testing.T) {
	dir := t.TempDir()
	src := testdata.CEC2017Data(t)
	for _, name := range []string{"shift_data_5.txt", "M1_5_D10.txt", "M2_5_D10.txt"} {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		if name == "M2_5_D10.txt" {
			f := bytes.Fields(b)
			b = bytes.Replace(b, f[3], []byte("oops"), 1)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wantBadInput(t, cec(t, "", "eval", "-problem", "C05", "-dim", "10", "-data", dir), "M2_5_D10.txt", "oops")
	wantBadInput(t, cec(t, "", "eval", "-problem", "C06", "-dim", "10", "-data", dir), "shift_data_6.txt")
}

func TestUnknownCommand(t *testing.T) {
	wantBadInput(t, cec(t, "", "frob"), `"frob"`)
	wantBadInput(t, cec(t, ""), "no command")
	if r := cec(t, "", "help"); r.code != 0 || !strings.Contains(r.stdout, "usage: cec") {
		t.Errorf("help: %+v", r)
	}
	if r := cec(t, "", "run", "-h"); r.code != 0 || !strings.Contains(r.stdout, "-shard") {
		t.Errorf("run -h: %+v", r)
	}
}

// ---- run ----

// small is a quick grid on generated data.
var small = []string{"run", "-algo", "random,pmode", "-problem", "C01,C05", "-dim", "10", "-runs", "3", "-seed", "5", "-fes", "2000", "-data", "generated", "-quiet"}

func args(extra ...string) []string { return append(append([]string(nil), small...), extra...) }

func TestRunJSONDeterministic(t *testing.T) {
	a := cec(t, "", args("-json", "-workers", "1")...)
	if a.code != 0 {
		t.Fatalf("exit %d: %s", a.code, a.stderr)
	}
	b := cec(t, "", args("-json", "-workers", "2")...)
	if a.stdout != b.stdout {
		t.Fatal("1 worker and 2 workers print different JSON")
	}
	c := cec(t, "", args("-json", "-workers", "2")...)
	if b.stdout != c.stdout {
		t.Fatal("the same seed printed different JSON")
	}
	lines := strings.Split(strings.TrimSuffix(a.stdout, "\n"), "\n")
	if len(lines) != 12 {
		t.Fatalf("%d JSON lines, want 12", len(lines))
	}
	var prev experiment.Key
	for i, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		for _, k := range []string{"algo", "problem", "dim", "run", "seed", "fes", "f", "v", "feasible", "checkpoints", "curve"} {
			if _, ok := m[k]; !ok {
				t.Errorf("line %d lacks %q", i+1, k)
			}
		}
		var r experiment.Record
		json.Unmarshal([]byte(l), &r)
		if r.Seed != 5+uint64(r.Run) {
			t.Errorf("%s: seed %d, want 5 + run", r.Key(), r.Seed)
		}
		if i > 0 && experiment.CompareKeys(prev, r.Key()) >= 0 {
			t.Errorf("line %d: %s after %s", i+1, r.Key(), prev)
		}
		prev = r.Key()
		if len(r.Checkpoints) != 3 || r.Checkpoints[2].F != r.F || r.Checkpoints[2].V != r.V {
			t.Errorf("%s: checkpoints %+v vs final f %v v %v", r.Key(), r.Checkpoints, r.F, r.V)
		}
	}
	if !strings.HasPrefix(lines[0], `{"algo":"random","problem":"C01","dim":10,"data":"generated","run":0,"seed":5,`) {
		t.Errorf("first line %q", lines[0][:80])
	}
	d := cec(t, "", append(args("-json"), "-seed", "6")...)
	if d.stdout == a.stdout {
		t.Error("another seed printed the same JSON")
	}
}

func TestRunFileAndTable(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "runs.jsonl")
	r := cec(t, "", args("-o", out)...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	// The file's lines come in completion order; sorted, they are the
	// -json output.
	j := cec(t, "", args("-json")...)
	m := cec(t, "", "merge", out)
	if m.code != 0 || m.stdout != j.stdout {
		t.Errorf("-o file, merged, differs from -json output (%s)", m.stderr)
	}
	file, _ := os.ReadFile(out)
	if got, want := sortedLines(string(file)), sortedLines(j.stdout); !slices.Equal(got, want) {
		t.Error("-o file and -json output hold different lines")
	}
	// The run's table equals cec table on its file.
	tab := cec(t, "", "table", out)
	if tab.code != 0 {
		t.Fatalf("table: %s", tab.stderr)
	}
	if r.stdout != tab.stdout {
		t.Errorf("cec run table:\n%s\ncec table:\n%s", r.stdout, tab.stdout)
	}
	for _, s := range []string{"### RANDOM, D = 10 (3 runs, MaxFES = 2000)", "### PMODE, D = 10 (3 runs, MaxFES = 2000)", "| best |", "| v̄ |", "| vio |"} {
		if !strings.Contains(tab.stdout, s) {
			t.Errorf("table lacks %q", s)
		}
	}
}

func TestRunErrors(t *testing.T) {
	data := testdata.CEC2017Data(t)
	broken := t.TempDir()
	os.WriteFile(filepath.Join(broken, "shift_data_1.txt"), []byte("1 2 zz\n"), 0o644)
	base := func(extra ...string) []string {
		return append([]string{"run", "-algo", "random", "-problem", "C01", "-dim", "10", "-runs", "2", "-fes", "500", "-data", data, "-quiet"}, extra...)
	}
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"unknown algo", base("-algo", "nosuch"), []string{"nosuch"}},
		{"unknown algo in list", base("-algo", "random,nosuch"), []string{"nosuch"}},
		{"unknown problem", base("-problem", "C01,C31"), []string{"C31"}},
		{"no algo", base("-algo", ""), []string{"-algo"}},
		{"bad dim", base("-dim", "-3"), []string{"-dim -3"}},
		{"dim without data", base("-dim", "7"), []string{"C01", "dimension 7"}},
		{"missing data dir", base("-data", "/nonexistent/cec"), []string{"/nonexistent/cec"}},
		{"malformed data", base("-data", broken), []string{"shift_data_1.txt", "zz"}},
		{"missing data file", base("-data", broken, "-problem", "C02"), []string{"shift_data_2.txt"}},
		{"runs", base("-runs", "0"), []string{"-runs 0"}},
		{"fes", base("-fes", "-1"), []string{"-fes -1"}},
		{"set key", base("-set", "nokey=3"), []string{"nokey"}},
		{"set value", base("-set", "pop=-4"), []string{"pop", "-4"}},
		{"set not a number", base("-set", "pop=lots"), []string{"lots"}},
		{"set syntax", base("-set", "pop"), []string{`"pop"`}},
		{"set other algo", base("-set", "pmode.pop=10"), []string{"pmode.pop"}},
		{"shard zero", base("-shard", "0/2"), []string{"0/2"}},
		{"shard over", base("-shard", "3/2"), []string{"3/2"}},
		{"shard text", base("-shard", "half"), []string{"half"}},
		{"workers", base("-workers", "0"), []string{"-workers 0"}},
		{"seed", base("-seed", "-1"), []string{"-1"}},
		{"unwritable -o", base("-o", filepath.Join(t.TempDir(), "no", "such", "dir", "x.jsonl")), []string{"x.jsonl"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			wantBadInput(t, cec(t, "", tc.args...), tc.want...)
		})
	}
}

func TestRunSetApplies(t *testing.T) {
	r := cec(t, "", "run", "-algo", "random", "-problem", "C01", "-dim", "10", "-runs", "1", "-fes", "500", "-data", "generated", "-quiet", "-json", "-set", "pop=7")
	if r.code != 0 {
		t.Fatal(r.stderr)
	}
	var rec experiment.Record
	if err := json.Unmarshal([]byte(r.stdout), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Settings != "pop=7" {
		t.Errorf("settings %q, want pop=7", rec.Settings)
	}
	if rec.Curve.FES[0] != 100 || rec.Checkpoints[0].FES != 56 { // first generation of 7 reaching 50
		t.Errorf("checkpoint 10%% at FES %d, want 56 (8 generations of 7)", rec.Checkpoints[0].FES)
	}
}

// TestShardsMerge: the shards of a grid merged equal the full run, in any
// file order; duplicates and gaps are refused.
func TestShardsMerge(t *testing.T) {
	dir := t.TempDir()
	full := cec(t, "", args("-json")...)
	var files []string
	for i := 3; i >= 1; i-- {
		f := filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i))
		r := cec(t, "", args("-shard", fmt.Sprintf("%d/3", i), "-o", f, "-json")...)
		if r.code != 0 {
			t.Fatal(r.stderr)
		}
		if n := strings.Count(r.stdout, "\n"); n != 4 {
			t.Errorf("shard %d/3 has %d runs, want 4", i, n)
		}
		files = append(files, f)
	}
	m := cec(t, "", append([]string{"merge"}, files...)...)
	if m.code != 0 {
		t.Fatal(m.stderr)
	}
	if m.stdout != full.stdout {
		t.Fatal("merged shards differ from the full run")
	}
	out := filepath.Join(dir, "merged.jsonl")
	if r := cec(t, "", "merge", files[0], "-o", out, files[1], files[2]); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if b, _ := os.ReadFile(out); string(b) != full.stdout {
		t.Fatal("merge -o differs from the full run")
	}

	// duplicates: a shard twice
	wantBadInput(t, cec(t, "", "merge", files[0], files[1], files[0]), "duplicate run", files[0]+":1")
	// a gap: shard 2/3 missing
	wantBadInput(t, cec(t, "", "merge", files[0], files[2]), "missing run random C01 D=10 run 1")
	// a gap inside a file
	lines := strings.SplitAfter(full.stdout, "\n")
	holed := filepath.Join(dir, "holed.jsonl")
	os.WriteFile(holed, []byte(strings.Join(append(append([]string(nil), lines[:4]...), lines[5:]...), "")), 0o644)
	wantBadInput(t, cec(t, "", "merge", holed), "missing run random C05 D=10 run 1")
	// garbage
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(lines[0]+"not json\n"), 0o644)
	wantBadInput(t, cec(t, "", "merge", bad), bad+":2")
	wantBadInput(t, cec(t, "", "merge", filepath.Join(dir, "absent.jsonl")), "absent.jsonl")
	wantBadInput(t, cec(t, "", "merge"), "no run file")
	// the table and rank commands refuse the same
	wantBadInput(t, cec(t, "", "table", files[0], files[2]), "missing run")
	wantBadInput(t, cec(t, "", "rank", files[0], files[0]), "duplicate run")
	if _, err := os.Stat(filepath.Join(dir, "never.jsonl")); err == nil {
		t.Fatal("unexpected file")
	}
	wantBadInput(t, cec(t, "", "merge", files[0], files[2], "-o", filepath.Join(dir, "never.jsonl")), "missing run")
	if _, err := os.Stat(filepath.Join(dir, "never.jsonl")); err == nil {
		t.Error("a refused merge wrote its output file")
	}
}

// sortedLines returns the lines of s, sorted.
func sortedLines(s string) []string {
	l := strings.SplitAfter(s, "\n")
	slices.Sort(l)
	return l
}

// writeRecords writes hand-made records as a run file.
func writeRecords(t *testing.T, path string, recs []experiment.Record) {
	t.Helper()
	var b bytes.Buffer
	for _, r := range recs {
		l, err := experiment.MarshalLine(r)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(l)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func handRec(algo, prob string, run int, f, v float64, counts [3]int) experiment.Record {
	grid := []int{100, 1000, 10000}
	return experiment.Record{Algo: algo, Problem: prob, Dim: 10, Data: "official", Run: run, Seed: uint64(run), MaxFES: 10000, FES: 10000,
		F: f, V: v, Feasible: v == 0, Counts: counts, BestFES: 9000, X: make([]float64, 10), Settings: "pop=10",
		Checkpoints: []experiment.Checkpoint{{Frac: 0.1, FES: 1000, F: f + 1, V: v}, {Frac: 0.5, FES: 5000, F: f, V: v}, {Frac: 1, FES: 10000, F: f, V: v}},
		Curve:       experiment.Curve{FES: grid, F: []float64{f + 2, f + 1, f}, V: []float64{v + 1, v, v}}}
}

// handFile: on C01 "pmode" is feasible (f = 1, 2, 3) and "cmode" is not;
// on C02 both are feasible and cmode has the lower f.
func handFile(t *testing.T) string {
	var recs []experiment.Record
	for r := 0; r < 3; r++ {
		recs = append(recs,
			handRec("pmode", "C01", r, float64(r+1), 0, [3]int{}),
			handRec("cmode", "C01", r, -5, 0.5*float64(r+1), [3]int{0, 1, 0}),
			handRec("pmode", "C02", r, 10+float64(r), 0, [3]int{}),
			handRec("cmode", "C02", r, 1+float64(r), 0, [3]int{}),
		)
	}
	p := filepath.Join(t.TempDir(), "hand.jsonl")
	writeRecords(t, p, recs)
	return p
}

func TestTable(t *testing.T) {
	p := handFile(t)
	r := cec(t, "", "table", p, "-algo", "cmode")
	if r.code != 0 {
		t.Fatal(r.stderr)
	}
	want := `### CMODE, D = 10 (3 runs, MaxFES = 10000)

| problem | C01 | C02 |
|---|---:|---:|
| best | -5.00000e+00 | 1.00000e+00 |
| median | -5.00000e+00 | 2.00000e+00 |
| c | 0 1 0 | 0 0 0 |
| v̄ | 1.00000e+00 | 0.00000e+00 |
| mean | -5.00000e+00 | 2.00000e+00 |
| worst | -5.00000e+00 | 3.00000e+00 |
| std | 0.00000e+00 | 8.16497e-01 |
| SR | 0 | 100 |
| vio | 1.00000e+00 | 0.00000e+00 |
`
	if r.stdout != want {
		t.Errorf("table:\n%s\nwant:\n%s", r.stdout, want)
	}
	c := cec(t, "", "table", p, "-algo", "pmode", "-format", "csv")
	if c.code != 0 || !strings.HasPrefix(c.stdout, "problem,C01,C02\nbest,1.00000e+00,1.00000e+01\n") || !strings.Contains(c.stdout, "\nSR,100,100\n") {
		t.Errorf("csv: %q %s", c.stdout, c.stderr)
	}
	l := cec(t, "", "table", p, "-format", "latex")
	if l.code != 0 || !strings.HasPrefix(l.stdout, "% CMODE, D = 10 (3 runs, MaxFES = 10000)\n\\begin{tabular}{|ccc|}\n\\hline\nproblem & C01 & C02 \\\\ \\hline\nbest & -5.00000e+00 & 1.00000e+00 \\\\\n") ||
		!strings.Contains(l.stdout, "\\end{tabular}\n\n% PMODE, D = 10") || !strings.Contains(l.stdout, "\nSR & 0 & 100 \\\\\n") {
		t.Errorf("latex: %q %s", l.stdout, l.stderr)
	}
	wantBadInput(t, cec(t, "", "table", p, "-format", "csv"), "-algo")
	wantBadInput(t, cec(t, "", "table", p, "-format", "xml"), "xml")
	wantBadInput(t, cec(t, "", "table", p, "-algo", "heco-de"), "heco-de")
	wantBadInput(t, cec(t, "", "table", p, "-dim", "30"), "-dim 30")
}

func TestRank(t *testing.T) {
	r := cec(t, "", "rank", handFile(t))
	if r.code != 0 {
		t.Fatal(r.stderr)
	}
	// C01: pmode 1 (feasible), cmode 2; C02: cmode 1 (lower f), pmode 2;
	// the same for means and medians, so each total is 3 + 3.
	for _, s := range []string{
		"### Ranks based on mean values on the 2 functions of 10 dimensions",
		"| Problem | 1 | 2 | Total |",
		"| CMODE | 2 | 1 | 3 |",
		"| PMODE | 1 | 2 | 3 |",
		"### Ranks based on median solution on the 2 functions of 10 dimensions",
		"| CMODE | 3 | 3 | 6 |",
		"| PMODE | 3 | 3 | 6 |",
	} {
		if !strings.Contains(r.stdout, s) {
			t.Errorf("rank output lacks %q:\n%s", s, r.stdout)
		}
	}
	// cmode first (registry order), as rows
	if strings.Index(r.stdout, "| CMODE |") > strings.Index(r.stdout, "| PMODE |") {
		t.Error("algorithms not in registry order")
	}
}

// ---- paper ----

// TestPaperTableAndCompare uses the paper's numbers embedded in cec (no
// file outside the repository).
func TestPaperTableAndCompare(t *testing.T) {
	r := cec(t, "", "paper-table", "-algo", "pmode", "-dim", "10")
	if r.code != 0 || !strings.Contains(r.stdout, "| median | 5.68959e-24 |") || !strings.Contains(r.stdout, "-1.34840e-03") {
		t.Fatalf("paper-table: %s %s", r.stdout, r.stderr)
	}
	// HECO-PDE at 100D: Table 18, C01 best.
	r = cec(t, "", "paper-table", "-algo", "heco-pde", "-dim", "100", "-format", "csv")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "problem,C01,C02,") {
		t.Fatalf("paper-table csv: %s %s", r.stdout, r.stderr)
	}
	wantBadInput(t, cec(t, "", "paper-table", "-algo", "cmode", "-dim", "10"), "cmode", "PMODE, HECO-PDE")
	wantBadInput(t, cec(t, "", "paper-table", "-algo", "pmode", "-dim", "20"), "-dim 20")
	wantBadInput(t, cec(t, "", "paper-table", "-algo", "pmode", "-paper", "/nonexistent.tex"), "/nonexistent.tex")
	wantBadInput(t, cec(t, "", "paper-table"), "-algo", "-ranks")
	wantBadInput(t, cec(t, "", "paper-table", "-algo", "pmode", "-ranks", "mean"), "pick one")
	wantBadInput(t, cec(t, "", "paper-table", "-ranks", "best"), `-ranks "best"`)

	c := cec(t, "", "compare", handFile(t))
	if c.code != 0 {
		t.Fatal(c.stderr)
	}
	for _, s := range []string{"## PMODE, D = 10: ours beside the paper", "| C01 | 2.00000e+00 | 5.68959e-24 |", "PMODE, D = 10: our supplement table", "the paper's supplement table"} {
		if !strings.Contains(c.stdout, s) {
			t.Errorf("compare lacks %q:\n%s", s, c.stdout)
		}
	}
	if strings.Contains(c.stdout, "CMODE, D = 10: ours") {
		t.Error("compare shows CMODE, which the paper does not tabulate")
	}
	wantBadInput(t, cec(t, "", "compare", handFile(t), "-algo", "cmode"), "cmode")
}

// TestPaperRanks prints the paper's rank tables (Tables 3–10) and total
// ranks (Table 2) from the embedded numbers.
func TestPaperRanks(t *testing.T) {
	r := cec(t, "", "paper-table", "-ranks", "mean", "-dim", "10")
	for _, s := range []string{
		"### the paper's Ranks based on mean values on the 28 functions of 10 dimensions",
		"| algorithm | 1 | 2 | 3 |",
		"| HECO-PDE | 1 | 1 | 1 | 1 | 1 | 1 | 9 | 1 | 1 | 2 | 4 | 8 | 1 | 3 | 2 | 1 | 1 | 3 | 4 | 2 | 6 | 1 | 2 | 2 | 1 | 2 | 4 | 2 | 68 |",
	} {
		if r.code != 0 || !strings.Contains(r.stdout, s) {
			t.Errorf("-ranks mean: lacks %q:\n%s%s", s, r.stdout, r.stderr)
		}
	}
	r = cec(t, "", "paper-table", "-ranks", "median", "-dim", "100", "-format", "csv")
	if r.code != 0 || !strings.Contains(r.stdout, "\nHECO-DE,1,1,1,3,") || strings.Count(r.stdout, "\n") != 13 {
		t.Errorf("-ranks median -format csv:\n%s%s", r.stdout, r.stderr)
	}
	r = cec(t, "", "paper-table", "-ranks", "total", "-format", "csv")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "algorithm,10D,30D,50D,100D,total\n") || !strings.Contains(r.stdout, "\nHECO-PDE,155,138,152,177,622\n") {
		t.Errorf("-ranks total:\n%s%s", r.stdout, r.stderr)
	}
	wantBadInput(t, cec(t, "", "paper-table", "-ranks", "mean", "-dim", "20"), "-dim 20")
}

// TestPaperFromLaTeX reads the tables from a LaTeX source instead of the
// embedded numbers (the extraction tool's fixture).
func TestPaperFromLaTeX(t *testing.T) {
	const tex = "../../internal/tools/papertables/testdata/fixture.tex"
	r := cec(t, "", "paper-table", "-algo", "pmode", "-dim", "10", "-paper", tex, "-format", "csv")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "problem,C01,C02,C03,C04,C05\nbest,2.14611e-24,9.41726e+03,") {
		t.Errorf("paper-table -paper fixture: %s %s", r.stdout, r.stderr)
	}
	wantBadInput(t, cec(t, "", "paper-table", "-algo", "heco-pde", "-dim", "10", "-paper", tex), "heco-pde", "PMODE")
	bad := filepath.Join(t.TempDir(), "bad.tex")
	os.WriteFile(bad, []byte("\\begin{table}\\caption{Function Values of PMODE Achieved for 10D}\\begin{tabular}{c}\nproblem & C01 \\\\\nbest & x \\\\\n\\end{tabular}\\end{table}\n"), 0o644)
	wantBadInput(t, cec(t, "", "paper-table", "-algo", "pmode", "-paper", bad), bad, `best = "x"`)
	empty := filepath.Join(t.TempDir(), "empty.tex")
	os.WriteFile(empty, []byte("\\section{Nothing}\n"), 0o644)
	wantBadInput(t, cec(t, "", "compare", handFile(t), "-paper", empty), empty, "no table")
}

// ---- interrupt ----

func TestProgressLine(t *testing.T) {
	if got := progressLine(37, 700, 37*time.Second); got != "37/700 runs, ETA 11m3s" {
		t.Errorf("progressLine = %q", got)
	}
	if got := progressLine(0, 10, time.Second); got != "0/10 runs, ETA unknown" {
		t.Errorf("progressLine = %q", got)
	}
}

func TestRunCancelledInProcess(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out := filepath.Join(t.TempDir(), "runs.jsonl")
	r := cecCtx(t, ctx, "", args("-o", out)...)
	if r.code != exitInterrupted {
		t.Fatalf("exit %d, want 130: %s", r.code, r.stderr)
	}
	if r.stdout != "" {
		t.Errorf("a table was printed for an interrupted run: %q", r.stdout)
	}
	if strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "INCOMPLETE") || !strings.Contains(r.stderr, out) {
		t.Errorf("stderr %q", r.stderr)
	}
}

// TestRunSIGINT sends a real SIGINT to a built cec: exit 130, a one-line
// note that the output is incomplete, and every finished run in the file,
// each line complete and equal to the same run of a full execution.
func TestRunSIGINT(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "cec")
	if b, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	out := filepath.Join(dir, "runs.jsonl")
	flags := []string{"run", "-algo", "pmode", "-problem", "C01", "-dim", "10", "-runs", "40", "-fes", "40000", "-data", "generated", "-workers", "2"}
	cmd := exec.Command(bin, append(flags, "-o", out)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		b, _ := os.ReadFile(out)
		if bytes.Count(b, []byte("\n")) >= 2 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("no run finished within 60 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitInterrupted {
		t.Fatalf("exit %v, want 130; stderr %q", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	last := lines[len(lines)-1]
	if !strings.Contains(last, "interrupted") || !strings.Contains(last, "INCOMPLETE") {
		t.Errorf("last stderr line %q", last)
	}
	b, _ := os.ReadFile(out)
	if len(b) == 0 || b[len(b)-1] != '\n' {
		t.Fatal("the file does not end with a complete line")
	}
	recs, _, err := experiment.Read(bytes.NewReader(b), out)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) < 2 || len(recs) >= 40 {
		t.Fatalf("%d runs written", len(recs))
	}
	if !strings.Contains(last, fmt.Sprintf("%d of 40 runs finished", len(recs))) {
		t.Errorf("summary %q does not count the %d written runs", last, len(recs))
	}
	// each written run equals the same run of an uninterrupted execution
	for _, rec := range recs[:2] {
		one := cec(t, "", "run", "-algo", "pmode", "-problem", "C01", "-dim", "10", "-runs", "1", "-fes", "40000", "-data", "generated",
			"-seed", strconv.FormatUint(rec.Seed, 10), "-json", "-quiet")
		var want experiment.Record
		json.Unmarshal([]byte(one.stdout), &want)
		want.Run = rec.Run
		got, _ := experiment.MarshalLine(rec)
		w, _ := experiment.MarshalLine(want)
		if !bytes.Equal(got, w) {
			t.Errorf("run %d differs from an uninterrupted run", rec.Run)
		}
	}
}

func TestAgrees(t *testing.T) {
	for _, c := range []struct {
		ours, paper stats.Summary
		sr, med     bool
	}{
		{stats.Summary{SR: 100, Median: 3.99}, stats.Summary{SR: 92, Median: 3.98883}, true, true},
		{stats.Summary{SR: 100, Median: 4.1}, stats.Summary{SR: 91, Median: 3.98883}, false, false},
		{stats.Summary{SR: 0, Median: 0}, stats.Summary{SR: 0, Median: 5.7e-24}, true, true},
		{stats.Summary{SR: 0, Median: 2e-6}, stats.Summary{SR: 0, Median: 0}, true, false},
		{stats.Summary{SR: 40, Median: -5.0964e-4}, stats.Summary{SR: 48, Median: -5.09645e-04}, true, true},
	} {
		sr, med := agrees(c.ours, c.paper)
		if sr != c.sr || med != c.med {
			t.Errorf("agrees(%+v, %+v) = %v, %v; want %v, %v", c.ours, c.paper, sr, med, c.sr, c.med)
		}
	}
}

// TestWilcoxon: six runs each; on C01 every cmode run is infeasible
// (worse whatever its f), on C02 cmode has the lower f, on C03 the two
// are identical. SciPy: the separated problems have U = 36 and 0 and
// p = 2/924 = 0.0021645021645021645 (exact), the identical one U = 18,
// p = 1.
func TestWilcoxon(t *testing.T) {
	var recs []experiment.Record
	for r := 0; r < 6; r++ {
		recs = append(recs,
			handRec("pmode", "C01", r, float64(r+1), 0, [3]int{}),
			handRec("cmode", "C01", r, -5, 0.5*float64(r+1), [3]int{0, 1, 0}),
			handRec("pmode", "C02", r, 10+float64(r), 0, [3]int{}),
			handRec("cmode", "C02", r, 1+float64(r), 0, [3]int{}),
			handRec("pmode", "C03", r, float64(r), 0, [3]int{}),
			handRec("cmode", "C03", r, float64(r), 0, [3]int{}),
		)
	}
	p := filepath.Join(t.TempDir(), "six.jsonl")
	writeRecords(t, p, recs)
	r := cec(t, "", "wilcoxon", p)
	if r.code != 0 {
		t.Fatal(r.stderr)
	}
	for _, want := range []string{
		"### Wilcoxon rank-sum tests, D = 10\n",
		"final results of 6 runs per algorithm",
		"| problem | CMODE vs PMODE |\n|---|:-:|\n",
		"| C01 | − 0.00216 |\n| C02 | + 0.00216 |\n| C03 | ≈ 1 |\n| w/t/l | 1/1/1 |\n",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, r.stdout)
		}
	}
	c := cec(t, "", "wilcoxon", p, "-format", "csv", "-alpha", "0.001")
	want := "dim,problem,a,b,n_a,n_b,rank_sum_a,rank_sum_b,u,p,method,p_holm,mark\n" +
		"10,C01,cmode,pmode,6,6,57,21,36,0.0021645021645021645,exact,0.0021645021645021645,=\n" +
		"10,C02,cmode,pmode,6,6,21,57,0,0.0021645021645021645,exact,0.0021645021645021645,=\n" +
		"10,C03,cmode,pmode,6,6,39,39,18,1,asymptotic,1,=\n"
	if c.code != 0 || c.stdout != want {
		t.Errorf("csv at α = 0.001:\n%s%s\nwant\n%s", c.stdout, c.stderr, want)
	}
	wantBadInput(t, cec(t, "", "wilcoxon", p, "-alpha", "1"), "-alpha 1")
	wantBadInput(t, cec(t, "", "wilcoxon", p, "-format", "tex"), "tex")
	wantBadInput(t, cec(t, "", "wilcoxon", p, "-algo", "pmode"), "two or more")
}

// TestSeedsChecked: merge refuses shards made with different -seeds, and
// the readers refuse runs whose seed is not base + run (one base per
// algorithm and problem, and per file), naming the file, line and values.
func TestSeedsChecked(t *testing.T) {
	dir := t.TempDir()
	s1, s2 := filepath.Join(dir, "s1.jsonl"), filepath.Join(dir, "s2.jsonl")
	grid := []string{"run", "-algo", "random", "-problem", "C01", "-dim", "10", "-runs", "4", "-fes", "1000", "-data", "generated", "-quiet"}
	if r := cec(t, "", append(grid, "-seed", "1", "-shard", "1/2", "-o", s1)...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := cec(t, "", append(grid, "-seed", "1000", "-shard", "2/2", "-o", s2)...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	r := cec(t, "", "merge", s1, s2)
	wantBadInput(t, r, s2+":1: random C01 D=10 run ", `, base 1000 (seed − run)`, "but "+s1+":", `, base 1: run r has the seed base + r`, "must share one base")
	wantBadInput(t, cec(t, "", "table", s1, s2), s2+":1", "base 1000", "random on C01 must share one base")

	// shards of different cells made with different -seeds: merge refuses
	// them (one grid, one -seed); table reads them (one base per file and
	// per algorithm and problem)
	c1, c2 := filepath.Join(dir, "c1.jsonl"), filepath.Join(dir, "c2.jsonl")
	cells := []string{"run", "-algo", "random", "-problem", "C01,C02", "-dim", "10", "-runs", "1", "-fes", "1000", "-data", "generated", "-quiet"}
	if r := cec(t, "", append(cells, "-seed", "1", "-shard", "1/2", "-o", c1)...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := cec(t, "", append(cells, "-seed", "1000", "-shard", "2/2", "-o", c2)...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	wantBadInput(t, cec(t, "", "merge", c1, c2), c2+":1", `"seed" = 1000, base 1000`, c1+":1", "the shards of one grid")
	if r := cec(t, "", "table", c1, c2); r.code != 0 {
		t.Errorf("table of two files with one base each: %s", r.stderr)
	}
	// ... but one file holds one grid: one base
	both := filepath.Join(dir, "both.jsonl")
	b1, _ := os.ReadFile(c1)
	b2, _ := os.ReadFile(c2)
	os.WriteFile(both, append(b1, b2...), 0o644)
	wantBadInput(t, cec(t, "", "table", both), both+":2", "base 1000", both+":1", "the file "+both)

	// every seed 7
	var recs []experiment.Record
	for run := range 3 {
		rec := handRec("pmode", "C01", run, 1, 0, [3]int{})
		rec.Seed = 7
		recs = append(recs, rec)
	}
	seven := filepath.Join(dir, "seven.jsonl")
	writeRecords(t, seven, recs)
	for _, cmd := range []string{"table", "rank", "wilcoxon", "merge"} {
		wantBadInput(t, cec(t, "", cmd, seven), seven+":2", `pmode C01 D=10 run 1 has "seed" = 7, base 6`, seven+":1", `"seed" = 7, base 7`)
	}
	// runs 0–3 and 999999: the largest run's line is named
	recs = recs[:0]
	for _, run := range []int{0, 1, 2, 3, 999999} {
		recs = append(recs, handRec("pmode", "C01", run, 1, 0, [3]int{}))
	}
	gap := filepath.Join(dir, "gap.jsonl")
	writeRecords(t, gap, recs)
	wantBadInput(t, cec(t, "", "table", gap), "missing run pmode C01 D=10 run 4", "the largest run at "+gap+":5")
}

// TestDataLabelByCompiledSums: cec labels a -data directory "official"
// only when its files have the official sums compiled into cec; a changed
// file with a manifest.json beside it that lists its new sum is labelled
// by content, and the same files unchanged are official.
func TestDataLabelByCompiledSums(t *testing.T) {
	dir := t.TempDir()
	files := official.Names()
	for _, n := range files {
		b, err := fs.ReadFile(official.FS(), n)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := []string{"run", "-algo", "random", "-problem", "C01", "-dim", "10", "-runs", "1", "-fes", "500", "-data", dir, "-json", "-quiet"}
	if r := cec(t, "", run...); r.code != 0 || !strings.Contains(r.stdout, `"data":"official"`) {
		t.Fatalf("the official files copied: exit %d, %s %s", r.code, r.stderr, r.stdout[:min(len(r.stdout), 120)])
	}
	b, _ := os.ReadFile(filepath.Join(dir, "shift_data_1.txt"))
	b = []byte(strings.Replace(string(b), "1", "2", 1))
	os.WriteFile(filepath.Join(dir, "shift_data_1.txt"), b, 0o644)
	sum := sha256.Sum256(b)
	m := official.ReadManifest()
	m.Files["shift_data_1.txt"] = "changed"
	m.Contents["changed"] = official.Content{SHA256: hex.EncodeToString(sum[:]), Bytes: len(b)}
	mb, _ := json.Marshal(m)
	os.WriteFile(filepath.Join(dir, "manifest.json"), mb, 0o644)
	r := cec(t, "", run...)
	if r.code != 0 || strings.Contains(r.stdout, `"data":"official"`) || !regexp.MustCompile(`"data":"sha256:[0-9a-f]{16}"`).MatchString(r.stdout) {
		t.Errorf("a changed file with a manifest of its sum: exit %d, %s %s", r.code, r.stderr, r.stdout[:min(len(r.stdout), 120)])
	}
}

// TestShardAutoOverflow: a Slurm array bound past any real array is one
// line naming the variable and its value, not the shard 1/-9223372036854775808;
// a 3 MB -shard value is cut in its message.
func TestShardAutoOverflow(t *testing.T) {
	for k, v := range map[string]string{"JOB_COMPLETION_INDEX": "", "CEC_SHARDS": "", "SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "0",
		"SLURM_ARRAY_TASK_MAX": "9223372036854775807", "SLURM_ARRAY_TASK_STEP": "1", "SLURM_ARRAY_TASK_COUNT": ""} {
		t.Setenv(k, v)
	}
	r := cec(t, "", args("-shard", "auto")...)
	wantBadInput(t, r, `SLURM_ARRAY_TASK_MAX="9223372036854775807"`)
	if strings.Contains(r.stderr, "-9223372036854775808") {
		t.Errorf("overflowed: %s", r.stderr)
	}
	r = cec(t, "", args("-shard", strings.Repeat("1", 3<<20))...)
	wantBadInput(t, r, "-shard", "(3145728 bytes)")
	if len(r.stderr) > 300 {
		t.Errorf("a %d-byte message", len(r.stderr))
	}
}
