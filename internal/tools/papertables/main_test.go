package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pcaplay/core/stats"
	"pcaplay/internal/paper"
)

const fixture = "testdata/fixture.tex"

func runTool(t *testing.T, args ...string) (int, string) {
	t.Helper()
	var errb strings.Builder
	code := run(args, &errb)
	return code, errb.String()
}

// extractFixture runs the tool on the fixture and reads its output back.
func extractFixture(t *testing.T) (*paper.Paper, string, string) {
	t.Helper()
	dir := t.TempDir()
	code, msg := runTool(t, "-partial", "-o", dir, fixture)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, msg)
	}
	p, err := paper.Read(os.DirFS(dir))
	if err != nil {
		t.Fatalf("the tool's output does not read back: %v", err)
	}
	return p, dir, msg
}

// TestFixtureCounts: the fixture has one supplement table of five problems
// in two blocks, one rank table of three algorithms over five problems and
// a total-ranks table over two dimensions; a table of problem details and
// a commented-out table are ignored.
func TestFixtureCounts(t *testing.T) {
	p, _, msg := extractFixture(t)
	if len(p.Supplements) != 1 || len(p.Ranks) != 1 || p.Totals == nil {
		t.Fatalf("%d supplement tables, %d rank tables, totals %v; want 1, 1, present", len(p.Supplements), len(p.Ranks), p.Totals)
	}
	s := p.Supplements[0]
	if s.Algorithm != "PMODE" || s.Dim != 10 || !slices.Equal(s.Problems, []string{"C01", "C02", "C03", "C04", "C05"}) {
		t.Errorf("supplement %s %dD %v", s.Algorithm, s.Dim, s.Problems)
	}
	r := p.Ranks[0]
	if r.Basis != paper.ByMean || r.Dim != 10 || len(r.Problems) != 5 || !slices.Equal(r.Algorithms, []string{"LSHADE_X(2017)", "CMODE", "PMODE"}) {
		t.Errorf("rank table %+v", r)
	}
	if !slices.Equal(p.Totals.Dims, []int{10, 30}) || len(p.Totals.Algorithms) != 3 {
		t.Errorf("totals %+v", p.Totals)
	}
	for _, want := range []string{"supplement PMODE 10D: 5 problems (C01–C05)", "mean-based ranks 10D: 3 algorithms × 5 problems",
		"total ranks: 3 algorithms × 2 dimensions", "wrote ranks.csv, supplement.csv, total-ranks.csv"} {
		if !strings.Contains(msg, want) {
			t.Errorf("stderr lacks %q:\n%s", want, msg)
		}
	}
}

// TestFixtureValues spot-checks cells of each table against the fixture's
// LaTeX, and the text of the files (numbers as printed).
func TestFixtureValues(t *testing.T) {
	p, dir, _ := extractFixture(t)
	s, _ := p.Supplement("pmode", 10)
	want := map[string]stats.Summary{
		// First block, middle column.
		"C02": {Best: 9.41726e+03, Median: 1.71079e+04, MedianCounts: [3]int{0, 1, 0}, MedianV: 1.16861e-02, Mean: 5.94558e+04,
			Worst: 4.46449e+04, Std: 8.34239e+04, SR: 4, Vio: 1.65910e-02, Runs: 25, FeasibleRuns: 1},
		// Second block, last column.
		"C05": {Best: 0, Median: 0, MedianCounts: [3]int{1, 0, 0}, MedianV: 6.63359e+03, Mean: 1.62221e+00,
			Worst: 6.37173e+00, Std: 2.92278e+00, SR: 0, Vio: 6.63622e+03, Runs: 25},
	}
	for prob, w := range want {
		if got, ok := s.Column(prob); !ok || got != w {
			t.Errorf("%s:\n got %+v\nwant %+v", prob, got, w)
		}
	}
	r := p.Ranks[0]
	if rk, _ := r.Rank("lshade_x(2017)", "C04"); rk != 3 {
		t.Errorf("LSHADE_X(2017) on problem 4: rank %d, want 3", rk)
	}
	if tot, _ := r.Total("PMODE"); tot != 7 {
		t.Errorf("PMODE total %d, want 7", tot)
	}
	if i := slices.Index(p.Totals.Algorithms, "CMODE"); !slices.Equal(p.Totals.Ranks[i], []int{15, 14}) || p.Totals.Totals[i] != 29 {
		t.Errorf("CMODE totals %v %d", p.Totals.Ranks[i], p.Totals.Totals[i])
	}
	sup, _ := os.ReadFile(filepath.Join(dir, paper.SupplementFile))
	for _, line := range []string{
		"algorithm,dim,problem,best,median,c1,c2,c3,v,mean,worst,std,sr,vio\n",
		"PMODE,10,C03,-1.60857e+02,-7.46900e+01,2,0,0,7.57086e+01,-5.61896e+01,-9.13489e+01,5.98942e+01,4,7.85737e+01\n",
	} {
		if !strings.Contains(string(sup), line) {
			t.Errorf("%s lacks %q:\n%s", paper.SupplementFile, line, sup)
		}
	}
	ranks, _ := os.ReadFile(filepath.Join(dir, paper.RanksFile))
	if want := "basis,dim,algorithm,C01,C02,C03,C04,C05,total\nmean,10,LSHADE_X(2017),1,1,2,3,1,8\n"; !strings.HasPrefix(string(ranks), want) {
		t.Errorf("%s:\n%s\nwant it to start with\n%s", paper.RanksFile, ranks, want)
	}
	totals, _ := os.ReadFile(filepath.Join(dir, paper.TotalsFile))
	if want := "algorithm,10D,30D,total\nLSHADE_X(2017),9,8,17\nCMODE,15,14,29\nPMODE,12,14,26\n"; string(totals) != want {
		t.Errorf("%s:\n%s\nwant\n%s", paper.TotalsFile, totals, want)
	}
}

// TestIncompleteRefused: without -partial the fixture is refused, naming
// the first missing table, and nothing is written.
func TestIncompleteRefused(t *testing.T) {
	dir := t.TempDir()
	code, msg := runTool(t, "-o", dir, fixture)
	if code != 1 || !strings.Contains(msg, "supplement PMODE 10D: problems [C01 C02 C03 C04 C05], want C01–C28") || !strings.Contains(msg, "-partial") {
		t.Errorf("exit %d, %q", code, msg)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("a refused extraction wrote %d files", len(ents))
	}
}

// TestBadSources: each damage to the fixture is refused with a message
// naming the line of the source, the table and what is wrong.
func TestBadSources(t *testing.T) {
	src, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		old, new string
		frags    []string
	}{
		{"std              & 3.25752e-10  & 2.92278e+00  \\\\\n", "", []string{`lacks the row "std"`, "C04", "Function Values of PMODE Achieved for 10D"}},
		{"8.34239e+04", "8.34239e+04 & 1.0", []string{"line 64", `row "std" has 4 cells`}},
		{"1.71079e+04", "1.71O79e+04", []string{"line 59", "C02", `median = "1.71O79e+04"`}},
		{"0 1 0", "0 1", []string{"C02", `c = "0 1"`}},
		{"& 4            & 4            \\\\", "& 97           & 4            \\\\", []string{"C02", "SR 97"}},
		{"5 & Total", "6 & Total", []string{`header cell "6", want 5`}},
		{"on the 5 functions", "on the 6 functions", []string{"5 problem columns, the caption says 6"}},
		{"CMODE                        & 1 & 3 & 3 & 1 & 3 & 11", "CMODE                        & 1 & 3 & 3 & 1 & 4 & 12", []string{"CMODE", "rank 4 outside 1..3"}},
		{"& $30D$ &", "& $30$ &", []string{`header cell "30"`}},
		// Seven significant digits cannot be kept by the files' %.5e.
		{"2.14611e-24", "2.146115e-24", []string{"do not read back"}},
	} {
		if !strings.Contains(string(src), c.old) {
			t.Fatalf("fixture lacks %q", c.old)
		}
		path := filepath.Join(t.TempDir(), "bad.tex")
		os.WriteFile(path, []byte(strings.Replace(string(src), c.old, c.new, 1)), 0o644)
		dir := t.TempDir()
		code, msg := runTool(t, "-partial", "-o", dir, path)
		if code != 1 {
			t.Errorf("%q → %q: exit %d, want 1 (%s)", c.old, c.new, code, msg)
			continue
		}
		if strings.Count(msg, "\n") != 1 {
			t.Errorf("%q → %q: message %q is not one line", c.old, c.new, msg)
		}
		for _, f := range c.frags {
			if !strings.Contains(msg, f) {
				t.Errorf("%q → %q: message %q lacks %q", c.old, c.new, msg, f)
			}
		}
	}
}

func TestUsage(t *testing.T) {
	if code, msg := runTool(t); code != 2 || !strings.Contains(msg, "usage: papertables") {
		t.Errorf("no argument: exit %d, %q", code, msg)
	}
	if code, msg := runTool(t, "-partial", "-o", t.TempDir(), "testdata/none.tex"); code != 1 || !strings.Contains(msg, "testdata/none.tex") {
		t.Errorf("missing source: exit %d, %q", code, msg)
	}
	if code, msg := runTool(t, "-partial", "-o", filepath.Join(t.TempDir(), "none"), fixture); code != 1 || !strings.Contains(msg, "none") {
		t.Errorf("missing output directory: exit %d, %q", code, msg)
	}
}
