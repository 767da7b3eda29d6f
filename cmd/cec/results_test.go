package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pcaplay/internal/experiment/results"
	"pcaplay/internal/play"
)

// The browser's path of a run file: its records, in any order, through
// the summarise command (what the page's results view calls in
// WebAssembly) and out again as the exported JSON lines. cec table, rank,
// wilcoxon, report and merge print the same on the export as on the file cec run
// wrote, and the page's tables (CSV and LaTeX) are those of cec table.
func TestBrowserExportReadByCec(t *testing.T) {
	dir := t.TempDir()
	orig := filepath.Join(dir, "runs.jsonl")
	if r := cec(t, "", "run", "-algo", "cmode,pmode", "-problem", "C01,C06", "-dim", "10", "-runs", "4", "-seed", "3",
		"-fes", "3000", "-data", "generated", "-quiet", "-o", orig); r.code != 0 {
		t.Fatalf("cec run: %s", r.stderr)
	}
	file, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(file), "\n"), "\n")
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
	out, err := play.Summarise([]byte(strings.Join(lines, "\n")+"\n"), []byte(`{"jsonl": true}`))
	if err != nil {
		t.Fatal(err)
	}
	var res results.Results
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatal(err)
	}
	exported := filepath.Join(dir, "browser.jsonl")
	if err := os.WriteFile(exported, []byte(res.JSONL), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"table"}, {"table", "-format", "latex"}, {"rank"}, {"wilcoxon"}, {"wilcoxon", "-format", "csv"}, {"merge"},
	} {
		a := cec(t, "", append(args, orig)...)
		b := cec(t, "", append(args, exported)...)
		if a.code != 0 || b.code != 0 || a.stdout != b.stdout || a.stdout == "" {
			t.Errorf("cec %s: %d %q on cec run's file, %d %q on the export\n%s\n%s", strings.Join(args, " "), a.code, a.stderr, b.code, b.stderr, a.stdout, b.stdout)
		}
	}
	// cec report: the same page from both (the file names it shows aside)
	fake := fakeECharts(t, dir)
	var pages [2]string
	for i, f := range []string{orig, exported} {
		out := filepath.Join(dir, fmt.Sprintf("report%d", i), "report.html")
		os.Mkdir(filepath.Dir(out), 0o755)
		if r := cec(t, "", "report", f, "-o", out, "-echarts", fake); r.code != 0 {
			t.Fatalf("cec report %s: %s", f, r.stderr)
		}
		b, _ := os.ReadFile(out)
		pages[i] = strings.ReplaceAll(string(b), filepath.Base(f), "FILE")
	}
	if pages[0] != pages[1] || !strings.Contains(pages[0], "PMODE") {
		t.Error("cec report writes another page from the export")
	}
	// merged, cec run's file is the export byte for byte (canonical order)
	if m := cec(t, "", "merge", orig); m.stdout != res.JSONL {
		t.Error("the export differs from cec merge of cec run's file")
	}
	d := res.Dims[0]
	for _, tb := range d.Tables {
		c := cec(t, "", "table", "-format", "csv", "-algo", tb.Config, "-dim", "10", orig)
		if c.code != 0 || c.stdout != tb.CSV {
			t.Errorf("%s: the page's CSV\n%s\ncec table -format csv\n%s", tb.Config, tb.CSV, c.stdout)
		}
	}
	if l := cec(t, "", "table", "-format", "latex", orig); l.stdout != d.LaTeX {
		t.Errorf("the page's LaTeX\n%s\ncec table -format latex\n%s", d.LaTeX, l.stdout)
	}
}
