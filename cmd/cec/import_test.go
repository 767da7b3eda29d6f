package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// cec import writes the published runs as records that table, rank and
// wilcoxon read beside our runs (-problem picks the problems both have);
// bad input gets one line.
func TestImport(t *testing.T) {
	dir := t.TempDir()
	pub := filepath.Join(dir, "pub.jsonl")
	if r := cec(t, "", "import", "-published", "heco-de-gecco2019", "-dim", "10", "-o", pub); r.code != 0 {
		t.Fatalf("import: %d %s", r.code, r.stderr)
	}
	b, err := os.ReadFile(pub)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n"); n != 700 || !strings.Contains(string(b), `"problem":"C21-author"`) {
		t.Fatalf("%d records; C21-author in them: %v", n, strings.Contains(string(b), `"problem":"C21-author"`))
	}
	ours := filepath.Join(dir, "ours.jsonl")
	if r := cec(t, "", "run", "-algo", "heco-de", "-set", "preset=gecco2019", "-problem", "C01,C21-author", "-dim", "10",
		"-runs", "25", "-fes", "3000", "-quiet", "-o", ours); r.code != 0 {
		t.Fatalf("run: %d %s", r.code, r.stderr)
	}
	r := cec(t, "", "wilcoxon", ours, pub, "-problem", "c1,c21-AUTHOR")
	if r.code != 0 || !strings.Contains(r.stdout, "| C21-author |") || !strings.Contains(r.stdout, "HECO-DE vs HECO-DE-PUBLISHED") {
		t.Fatalf("wilcoxon: %d %s %s", r.code, r.stdout, r.stderr)
	}
	if r := cec(t, "", "rank", ours, pub); r.code != 2 || !strings.Contains(r.stderr, "missing run") {
		t.Errorf("rank without -problem: %d %q, want the missing runs named", r.code, r.stderr)
	}
	if r := cec(t, "", "table", pub, "-problem", "C07"); r.code != 0 || !strings.Contains(r.stdout, "-6.80404e+02") {
		t.Errorf("table of the published C07: %d %s", r.code, r.stderr)
	}
	names := cec(t, "", "import", "-published", "heco-de-gecco2019", "-dim", "10", "-official-names")
	if names.code != 0 || strings.Contains(names.stdout, "-author") || !strings.Contains(names.stdout, `"problem":"C21"`) {
		t.Errorf("-official-names: %d, still a variant's name or no C21", names.code)
	}
	// a folder of someone's files in the one-file layout
	own := t.TempDir()
	if err := os.WriteFile(filepath.Join(own, "C01-D10.txt"), []byte("0.5 0 \n0.25 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r = cec(t, "", "import", "-dir", own, "-algo", "mine-published", "-source", "my paper", "-pattern", "C{P}-D{D}.txt")
	if r.code != 0 || strings.Count(r.stdout, `"source":"my paper"`) != 2 {
		t.Errorf("-dir: %d %s %s", r.code, r.stdout, r.stderr)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"import"}, "needs -published"},
		{[]string{"import", "-published", "nope"}, `-published "nope": no such set`},
		{[]string{"import", "-published", "heco-de-gecco2019", "-dir", own}, "give one"},
		{[]string{"import", "-published", "heco-de-gecco2019", "-algo", "x"}, "-algo and -source go with -dir"},
		{[]string{"import", "-dir", own, "-algo", "mine", "-source", "s"}, "no file of the pattern"},
		{[]string{"import", "-dir", own, "-algo", "Mine", "-source", "s", "-pattern", "C{P}-D{D}.txt"}, `algorithm name "Mine"`},
		{[]string{"import", "-dir", filepath.Join(own, "nope")}, "not a folder"},
		{[]string{"import", "-published", "heco-de-gecco2019", "extra.jsonl"}, "takes no file arguments"},
	} {
		wantBadInput(t, cec(t, "", c.args...), c.want)
	}
}
