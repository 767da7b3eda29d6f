package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pcaplay/internal/testdata"
)

// The tables of docs/results/gecco2019.md at D = 10 come from the
// committed runs: the preset (at the author's budget) is the published
// HECO-DE on 27 of 28 problems, and the paper's HECO-PDE table agrees best with HECO-PDE on the
// preset over the author's variants.
func TestTablesAt10D(t *testing.T) {
	root, err := testdata.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"-dim", "10", "-root", root}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	s := out.String()
	for _, want := range []string{
		"Same on 27 of 28 problems, ours better on 0, ours worse on 1.",
		"### HECO-DE on the preset against the published runs, at the author's budget (200124 evaluations)",
		"| C22 | 25 / 25 | 3.48642e-27 / 3.48642e-27 | 0.0432 | **ours worse** | 0.004, ours worse |",
		"| HECO-PDE on the preset, the author's variants for C06, C10, C18, C21, C27 | 27 | 26 |",
		"| our HECO-PDE (default settings), official functions | 26 | 23 |",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("no line %q in\n%s", want, s)
		}
	}
	if code := run([]string{"-dim", "x"}, &out, &errb); code != 2 {
		t.Errorf("-dim x: exit %d, want 2", code)
	}
}

// docs/results/gecco2019-tables.md is the tool's output on the committed
// runs, byte for byte (after its three lines of heading).
func TestTablesFileIsCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("re-evaluates the infeasible runs at 10, 30 and 50-D")
	}
	root, err := testdata.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"-dim", "10,30,50", "-root", root}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	b, err := os.ReadFile(filepath.Join(root, "docs", "results", "gecco2019-tables.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasSuffix(b, out.Bytes()) {
		t.Error("docs/results/gecco2019-tables.md is not the tool's output: make it again (docs/results/gecco2019.md says how)")
	}
}
