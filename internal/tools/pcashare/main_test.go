package main

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
)

func runOut(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return out.String(), errb.String(), code
}

// The output is a function of the flags: the same with one worker or three.
func TestDeterministic(t *testing.T) {
	args := []string{"-algo", "pmode,heco-pde", "-problem", "C01,C05", "-runs", "3", "-fes", "4000"}
	a, stderr, code := runOut(t, append(args, "-workers", "1")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, _, _ := runOut(t, append(args, "-workers", "3")...)
	if a != b {
		t.Errorf("-workers 1 and 3 differ:\n%s\n%s", a, b)
	}
	for _, want := range []string{"| pmode | C01 |", "| heco-pde | C05 |", "heco-pde: PCA children accepted more often"} {
		if !strings.Contains(a, want) {
			t.Errorf("output lacks %q:\n%s", want, a)
		}
	}
}

// Without PCA-projection there are no PCA children: a share of 0 and no
// rate to compare; with it, PMODE's children are 10 % PCA (pcaprob = 0.1)
// up to the coin's noise.
func TestCounts(t *testing.T) {
	out, stderr, code := runOut(t, "-algo", "cmode,pmode", "-problem", "C02", "-runs", "2", "-fes", "20000", "-format", "csv", "-workers", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines, want a header and 2 rows:\n%s", len(lines), out)
	}
	cm := strings.Split(lines[1], ",")
	if cm[0] != "cmode" || cm[2] != "0.00" || cm[3] != "–" || cm[5] != "–" {
		t.Errorf("cmode row %q: want a PCA share of 0.00 and no PCA rate", lines[1])
	}
	pm := strings.Split(lines[2], ",")
	if share, err := strconv.ParseFloat(pm[2], 64); pm[0] != "pmode" || err != nil || share < 8 || share > 12 {
		t.Errorf("pmode row %q: want a PCA share near 10 %%", lines[2])
	}
}

func TestBadFlags(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"-dim 20", "-dim 20: the official data has 10, 30, 50 and 100"},
		{"-runs 0", "-runs 0: want 1 … 1000"},
		{"-algo nope", "-algo: "},
		{"-problem C99", "-problem: "},
		{"-set pcak", "-set: "},
		{"-format xml", `-format "xml": want md or csv`},
		{"-workers 0", "-workers 0: want at least 1"},
		{"extra", `unexpected argument "extra"`},
	} {
		_, stderr, code := runOut(t, strings.Fields(c.args)...)
		if code != 2 || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: exit %d, stderr %q; want 2 and one line with %q", c.args, code, stderr, c.want)
		}
	}
}
