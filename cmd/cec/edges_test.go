package main

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"pcaplay/core/problem"
	"pcaplay/core/problem/cec2017/official"
	"pcaplay/core/suite"
)

// TestLimits: sizes that would exhaust memory or never end get a one-line
// error naming the value and the limit.
func TestLimits(t *testing.T) {
	run := func(extra ...string) []string {
		return append([]string{"run", "-algo", "pmode", "-problem", "C01", "-dim", "10", "-runs", "1", "-quiet"}, extra...)
	}
	wantBadInput(t, cec(t, "", run("-dim", "20000")...), "-dim 20000", "1000")
	wantBadInput(t, cec(t, "", run("-runs", "100000000", "-shard", "1/100000000")...), "-runs 100000000", "1000000")
	wantBadInput(t, cec(t, "", run("-fes", "9223372036854775000")...), "-fes 9223372036854775000", "1000000000")
	wantBadInput(t, cec(t, "", run("-fes", "9223372036854775808")...), "9223372036854775808")
	wantBadInput(t, cec(t, "", "eval", "-problem", "C05", "-dim", "1000000000"), "1000000000", "1000")
	wantBadInput(t, cec(t, "", "eval", "-problem", "C05", "-dim", "20000", "-data", "generated"), "20000")
	// run r uses -seed + r: a seed whose last run would wrap past 2^64 − 1
	// (and so reuse seed 0) is refused; the largest seed that fits works.
	wantBadInput(t, cec(t, "", "run", "-algo", "random", "-problem", "C01", "-dim", "10", "-runs", "2", "-fes", "200", "-quiet", "-seed", "18446744073709551615"), "-seed 18446744073709551615", "18446744073709551614")
	if r := cec(t, "", "run", "-algo", "random", "-problem", "C01", "-dim", "10", "-runs", "2", "-fes", "200", "-quiet", "-seed", "18446744073709551614"); r.code != 0 {
		t.Errorf("-seed 2^64 − 2 with 2 runs: %s", r.stderr)
	}
	// -h states the limits
	for cmd, want := range map[string][]string{
		"run":  {"dimension D, at most 1000 ", "at most 1000000;", "at most 1000000000;"},
		"eval": {"dimension D, at most 1000 "},
	} {
		h := cec(t, "", cmd, "-h")
		for _, w := range want {
			if !strings.Contains(h.stdout, w) {
				t.Errorf("cec %s -h does not say %q:\n%s", cmd, w, h.stdout)
			}
		}
	}
	// at the limits, it works
	if r := cec(t, "", run("-dim", "1000", "-data", "generated", "-fes", "2000", "-algo", "random")...); r.code != 0 {
		t.Errorf("-dim 1000: %s", r.stderr)
	}
}

// TestSetEdges: -set mistakes are named.
func TestSetEdges(t *testing.T) {
	run := func(extra ...string) []string {
		return append([]string{"run", "-algo", "pmode", "-problem", "C01", "-dim", "10", "-runs", "1", "-fes", "500", "-quiet", "-json"}, extra...)
	}
	wantBadInput(t, cec(t, "", run("-set", "heco-de.lambda=5")...), "heco-de.lambda=5", "heco-de is not run", "-algo pmode")
	wantBadInput(t, cec(t, "", run("-set", "nosuch.pop=5")...), "nosuch")
	wantBadInput(t, cec(t, "", run("-set", "pop=5,pop=6")...), "pop given twice")
	wantBadInput(t, cec(t, "", run("-set", "pmode.pop=5,pmode.pop=6")...), "pmode.pop given twice")
	// -set given twice adds up: the same key in two flags is refused too,
	// never "the last one wins"
	wantBadInput(t, cec(t, "", run("-set", "pop=50", "-set", "pop=60")...), "pop given twice", "pop=50", "pop=60")
	wantBadInput(t, cec(t, "", run("-set", "pmode.k=3", "-set", "pmode.k=4")...), "pmode.k given twice")
	if r := cec(t, "", run("-set", "pop=50", "-set", "k=3")...); r.code != 0 || !strings.Contains(r.stdout, `"settings":"pop=50,`) || !strings.Contains(r.stdout, `,k=3,`) {
		t.Errorf("-set pop=50 -set k=3: want both applied; %s %.300s", r.stderr, r.stdout)
	}
	// a value for one algorithm wins over one for all, in either order
	for _, set := range []string{"pop=30,pmode.pop=40", "pmode.pop=40,pop=30"} {
		r := cec(t, "", run("-algo", "pmode,cmode", "-set", set)...)
		if r.code != 0 || !strings.Contains(r.stdout, `"algo":"pmode"`) {
			t.Fatalf("-set %s: %s", set, r.stderr)
		}
		for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
			want := `"settings":"pop=30,`
			if strings.Contains(l, `"algo":"pmode"`) {
				want = `"settings":"pop=40,`
			}
			if !strings.Contains(l, want) {
				t.Errorf("-set %s: %.60s… lacks %s", set, l, want)
			}
		}
	}
}

// TestWriteErrorsNamePath: a file that cannot be written is named, not the
// temporary file beside it.
func TestWriteErrorsNamePath(t *testing.T) {
	r := cec(t, "", args("-json")...)
	in := filepath.Join(t.TempDir(), "runs.jsonl")
	os.WriteFile(in, []byte(r.stdout), 0o644)
	missing := filepath.Join(t.TempDir(), "missing", "x.jsonl")
	m := cec(t, "", "merge", in, "-o", missing)
	if m.code == 0 || !strings.Contains(m.stderr, missing) || strings.Contains(m.stderr, ".tmp") {
		t.Errorf("merge -o %s: %q", missing, m.stderr)
	}
	rep := cec(t, "", "report", in, "-o", filepath.Join(filepath.Dir(missing), "x.html"))
	if rep.code == 0 || strings.Contains(rep.stderr, ".tmp") || !strings.Contains(rep.stderr, filepath.Dir(missing)) {
		t.Errorf("report -o into a missing directory: %q", rep.stderr)
	}
}

// TestEvalOutside: points outside the box, or giving non-finite values,
// are errors naming the line and the coordinate or value.
func TestEvalOutside(t *testing.T) {
	big := strings.TrimSpace(strings.Repeat("1e308 ", 10))
	wantBadInput(t, cec(t, big+"\n", "eval", "-problem", "C05", "-dim", "10"), "line 1", "x1 = 1e+308", "outside the box [-10, 10]")
	ok := strings.TrimSpace(strings.Repeat("1 ", 10))
	wantBadInput(t, cec(t, ok+"\n"+strings.Replace(ok, "1", "-10.5", 1)+"\n", "eval", "-problem", "C05", "-dim", "10"), "line 2", "x1 = -10.5")
	// at the bounds, it evaluates
	edge := strings.TrimSpace(strings.Repeat("10 ", 10))
	if r := cec(t, edge+"\n", "eval", "-problem", "C05", "-dim", "10"); r.code != 0 {
		t.Errorf("a point on the bound: %s", r.stderr)
	}
	// a problem whose values overflow inside its box
	_, err := evalPoints(overflow{}, strings.NewReader("0 0\n1 1\n"))
	if err == nil || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), "f = +Inf") || !strings.Contains(err.Error(), "h1 = NaN") {
		t.Errorf("non-finite values: %v", err)
	}
}

// overflow is a 2-D problem that gives f = +Inf, h = NaN away from 0.
type overflow struct{}

func (overflow) Name() string { return "overflow" }
func (overflow) Dim() int     { return 2 }
func (overflow) Bounds() ([]float64, []float64) {
	return []float64{-1, -1}, []float64{1, 1}
}
func (overflow) NumIneq() int { return 1 }
func (overflow) NumEq() int   { return 1 }
func (overflow) Evaluate(x, g, h []float64) float64 {
	g[0] = x[0]
	if x[0] == 0 {
		h[0] = 0
		return 0
	}
	h[0] = math.NaN()
	return math.Inf(1)
}

var _ problem.Problem = overflow{}

// FuzzEval: cec eval's reader of points never panics; it either prints one
// value line per point line or names the first bad line.
func FuzzEval(f *testing.F) {
	p, err := suite.New("C05", 10, suite.Options{Data: official.FS()})
	if err != nil {
		f.Fatal(err)
	}
	f.Add("1 2 3 4 5 6 7 8 9 10\n")
	f.Add("0 0 0 0 0 0 0 0 0 0\n\n-1 -1 -1 -1 -1 -1 -1 -1 -1 -1")
	f.Add("1e308 1e308 1e308 1e308 1e308 1e308 1e308 1e308 1e308 1e308\n")
	f.Add("NaN 0 0 0 0 0 0 0 0 0\n")
	f.Add("0x1p-3 0 0 0 0 0 0 0 0 0 11\n")
	f.Add("1 2\n")
	f.Add("\x00\xff")
	f.Fuzz(func(t *testing.T, in string) {
		out, err := evalPoints(p, strings.NewReader(in))
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "line ") || strings.Contains(msg, "\n") {
				t.Fatalf("error %q does not name a line or spans lines", msg)
			}
			return
		}
		points := 0
		for _, l := range strings.Split(in, "\n") {
			if len(strings.Fields(l)) > 0 {
				points++
			}
		}
		if got := strings.Count(string(out), "\n"); got != points {
			t.Fatalf("%d value lines for %d points", got, points)
		}
		if strings.Contains(string(out), "Inf") || strings.Contains(string(out), "NaN") {
			t.Fatalf("non-finite value printed: %q", out)
		}
	})
}

// TestReadersRefuseMisreadings: the silent misreadings of run files, as a
// user meets them: every command that reads run files refuses a record
// without "f", with "f": null, with a run number that overflows the grid
// check or with an extra counts entry, naming the file, the line and the
// field, and prints nothing (cec table printed best 0 for C01).
func TestReadersRefuseMisreadings(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.jsonl")
	if r := cec(t, "", args("-o", good)...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	b, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	if len(lines) < 3 || !strings.Contains(lines[1], `"f":`) {
		t.Fatalf("run file: %q", b)
	}
	// the record's own "f" comes before the checkpoints' and the curve's
	first := func(re, repl string) func(string) string {
		return func(l string) string {
			loc := regexp.MustCompile(re).FindStringIndex(l)
			if loc == nil {
				return l
			}
			return l[:loc[0]] + regexp.MustCompile(re).ReplaceAllString(l[loc[0]:loc[1]], repl) + l[loc[1]:]
		}
	}
	for _, c := range []struct {
		name, field string
		edit        func(string) string
	}{
		{"no f", `missing "f"`, first(`"f":[^,]*,`, ``)},
		{"f null", `"f" is null`, first(`"f":[^,]*,`, `"f":null,`)},
		{"run overflows", `"run" = 9223372036854775807`, first(`"run":\d+`, `"run":9223372036854775807`)},
		{"counts extra", `"counts": 4 entries`, first(`"counts":\[(\d+),(\d+),(\d+)\]`, `"counts":[$1,$2,$3,7]`)},
	} {
		bad := append([]string(nil), lines...)
		bad[1] = c.edit(lines[1])
		if bad[1] == lines[1] {
			t.Fatalf("%s: the edit changed nothing", c.name)
		}
		p := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".jsonl")
		if err := os.WriteFile(p, []byte(strings.Join(bad, "")), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, cmd := range [][]string{
			{"table", p, "-algo", "pmode"},
			{"rank", p},
			{"wilcoxon", p},
			{"merge", p},
			{"compare", p},
		} {
			r := cec(t, "", cmd...)
			t.Run(c.name+"/"+cmd[0], func(t *testing.T) { wantBadInput(t, r, p+":2:", c.field) })
		}
	}
}

// TestSelectedGridOnly: -algo (and -dim) select the records that must form a
// complete grid, so the finished algorithm of a file that a longer grid is
// still appending to reads, while the file as a whole is refused.
func TestSelectedGridOnly(t *testing.T) {
	dir := t.TempDir()
	full := filepath.Join(dir, "full.jsonl")
	if r := cec(t, "", "run", "-algo", "cmode,pmode", "-problem", "C01,C02", "-dim", "10", "-runs", "3", "-fes", "300", "-quiet", "-o", full); r.code != 0 {
		t.Fatal(r.stderr)
	}
	b, err := os.ReadFile(full)
	if err != nil {
		t.Fatal(err)
	}
	// all of CMODE, PMODE on C01 only and two of its runs: a grid in progress
	var part []string
	pm := 0
	for _, l := range strings.SplitAfter(string(b), "\n") {
		if strings.Contains(l, `"algo":"cmode"`) {
			part = append(part, l)
		} else if strings.Contains(l, `"algo":"pmode"`) && strings.Contains(l, `"problem":"C01"`) && pm < 2 {
			part = append(part, l)
			pm++
		}
	}
	partial := filepath.Join(dir, "partial.jsonl")
	if err := os.WriteFile(partial, []byte(strings.Join(part, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"table", "rank", "wilcoxon"} {
		wantBadInput(t, cec(t, "", cmd, partial), "missing run pmode")
	}
	cmodeOnly := filepath.Join(dir, "cmode.jsonl")
	if r := cec(t, "", "run", "-algo", "cmode", "-problem", "C01,C02", "-dim", "10", "-runs", "3", "-fes", "300", "-quiet", "-o", cmodeOnly); r.code != 0 {
		t.Fatal(r.stderr)
	}
	for _, args := range [][]string{{"table"}, {"table", "-format", "csv"}, {"rank"}} {
		got := cec(t, "", append(append([]string{}, args...), partial, "-algo", "cmode")...)
		want := cec(t, "", append(append([]string{}, args...), cmodeOnly)...)
		if got.code != 0 || got.stdout != want.stdout {
			t.Errorf("cec %v -algo cmode on a file with unfinished PMODE runs: %s\n%s\nwant\n%s", args, got.stderr, got.stdout, want.stdout)
		}
	}
	wantBadInput(t, cec(t, "", "table", partial, "-algo", "heco-pde"), "-algo heco-pde", "no runs of it")
}
