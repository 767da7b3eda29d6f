package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"pcaplay/internal/experiment"
	"pcaplay/internal/paper"
)

func mustPaper(t *testing.T) *paper.Paper {
	t.Helper()
	p, err := paper.Published()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// fakeECharts writes a stand-in for echarts.min.js.
func fakeECharts(t *testing.T, dir string) string {
	t.Helper()
	p := filepath.Join(dir, "src", "echarts.min.js")
	os.MkdirAll(filepath.Dir(p), 0o755)
	os.WriteFile(p, []byte("/* echarts stand-in */ var echarts = {};"), 0o644)
	return p
}

// reportData returns the chart data of a report page.
func reportData(t *testing.T, page []byte) map[string]any {
	t.Helper()
	m := regexp.MustCompile(`(?s)<script type="application/json" id="report-data">(.*?)</script>`).FindSubmatch(page)
	if m == nil {
		t.Fatal("no chart data in the report")
	}
	var v map[string]any
	if err := json.Unmarshal(m[1], &v); err != nil {
		t.Fatalf("chart data: %v", err)
	}
	return v
}

func TestReport(t *testing.T) {
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs.jsonl")
	if r := cec(t, "", args("-o", runs)...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	fake := fakeECharts(t, dir)
	outDir := filepath.Join(dir, "out")
	os.MkdirAll(outDir, 0o755)
	out := filepath.Join(outDir, "report.html")
	r := cec(t, "", "report", runs, "-o", out, "-echarts", fake)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	html, _ := os.ReadFile(out)
	js, err := os.ReadFile(filepath.Join(outDir, "echarts.min.js"))
	if err != nil || string(js) != "/* echarts stand-in */ var echarts = {};" {
		t.Fatalf("echarts.min.js next to the report: %q, %v", js, err)
	}
	srcs := regexp.MustCompile(`<script[^>]*\bsrc="([^"]*)"`).FindAllStringSubmatch(string(html), -1)
	if len(srcs) != 1 || srcs[0][1] != "echarts.min.js" {
		t.Errorf("script sources %v, want only the local echarts.min.js", srcs)
	}
	for _, bad := range []string{"http://", "https://", "//cdn", "go-echarts.github.io"} {
		if strings.Contains(string(html), bad) {
			t.Errorf("report contains %q", bad)
		}
	}
	for _, s := range []string{
		`<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; script-src &#39;self&#39; &#39;sha256-`,
		"Ranks based on mean values on the 2 functions of 10 dimensions", "Ranks based on median solution on the 2 functions of 10 dimensions",
		`<h4 id="d10-C01">C01, D = 10</h4>`, `<h4 id="d10-C05">C05, D = 10</h4>`,
		// PMODE has a paper table at 10D, RANDOM none; the paper does not rank RANDOM.
		"PMODE, D = 10 (3 runs, MaxFES = 2000)", "the paper&#39;s table “Function Values of PMODE Achieved for 10D”", "5.68959e-24",
		"The paper has no supplement table of this algorithm at this dimension.",
		"The paper&#39;s rank tables do not rank RANDOM",
		`<div class="chart" data-chart="0"></div>`,
	} {
		if !strings.Contains(string(html), s) {
			t.Errorf("report lacks %q", s)
		}
	}
	data := reportData(t, html)
	cs, _ := data["charts"].([]any)
	if n := strings.Count(string(html), `class="chart" data-chart=`); len(cs) != n || n < 2 {
		t.Errorf("%d charts in the data, %d boxes", len(cs), n)
	}
	// deterministic
	out2 := filepath.Join(outDir, "again.html")
	cec(t, "", "report", runs, "-o", out2, "-echarts", fake)
	if html2, _ := os.ReadFile(out2); !bytes.Equal(html, html2) {
		t.Error("two reports of the same file differ")
	}
	wantBadInput(t, cec(t, "", "report", runs, "-o", filepath.Join(outDir, "x.html"), "-echarts", filepath.Join(dir, "none.js")), "none.js", "npm ci --prefix site")
	wantBadInput(t, cec(t, "", "report", runs), "-o")
}

// TestReportPaperRanks: for CMODE, PMODE, HECO-DE and HECO-PDE at 10D the
// paper's ranks among the four stand beside ours, and its totals among
// twelve (Table 2).
func TestReportPaperRanks(t *testing.T) {
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs.jsonl")
	if r := cec(t, "", "run", "-algo", "cmode,pmode,heco-de,heco-pde", "-problem", "C01,C10", "-dim", "10", "-runs", "2", "-fes", "1000",
		"-data", "generated", "-quiet", "-o", runs); r.code != 0 {
		t.Fatal(r.stderr)
	}
	out := filepath.Join(dir, "r.html")
	if r := cec(t, "", "report", runs, "-o", out, "-echarts", fakeECharts(t, dir)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	html, _ := os.ReadFile(out)
	// The paper (Table 3) ranks C01 all 1 and C10 by mean: CMODE, PMODE 10;
	// HECO-DE, HECO-PDE 2: among the four 1, 1 | 3, 3 | 1, 1 | 1, 1.
	row := regexp.MustCompile(`<tr class="paper"><td>PMODE · paper</td><td[^>]*>1</td><td[^>]*>3</td><td[^>]*>4</td></tr>`)
	if !row.Match(html) {
		t.Errorf("no PMODE · paper row 1, 3, total 4 in the report")
	}
	// Table 2 at 10D: HECO-PDE 155.
	if !regexp.MustCompile(`<td>HECO-PDE</td>\s*<td>\d+</td><td class="paper[^"]*">\d+</td>\s*<td>\d+</td><td class="paper[^"]*">\d+</td>\s*<td>\d+</td><td class="paper[^"]*">\d+</td>\s*<td class="paper">155</td>`).Match(html) {
		t.Errorf("the totals table lacks HECO-PDE's 155 of Table 2")
	}
	if !bytes.Contains(html, []byte("The paper's rank tables at this dimension (twelve algorithms")) {
		t.Error("no full rank tables of the paper")
	}
}

// hostileRecords is a complete grid whose algorithm and problem names are
// the hostile strings (as if read without validation).
func hostileRecords() []experiment.Record {
	var recs []experiment.Record
	for _, a := range hostile[:2] {
		for _, p := range []string{hostile[2], hostile[3], "C01"} {
			for r := 0; r < 3; r++ {
				f, v := float64(r+1), 0.0
				if r == 2 {
					v = 0.5
				}
				recs = append(recs, experiment.Record{Algo: a, Problem: p, Dim: 10, Run: r, MaxFES: 1000, FES: 1000, F: f, V: v, Feasible: v == 0,
					Curve: experiment.Curve{FES: []int{100, 1000}, F: []float64{f + 1, f}, V: []float64{v + 1, v}}})
			}
		}
	}
	return recs
}

// TestReportEscapes: hostile names and file names never reach the page as
// markup or script: in HTML text they are entities, in the chart data
// \u003c and the like, and the page has exactly its own three script
// elements.
func TestReportEscapes(t *testing.T) {
	page, err := buildReport(hostileRecords(), hostile, mustPaper(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hostile {
		if strings.ContainsAny(h, `<>"'&`) && bytes.Contains(page, []byte(h)) {
			t.Errorf("the page contains %q verbatim", h)
		}
	}
	// U+2028 and U+2029 end a line in JavaScript: none inside a script
	// element (in HTML text they are harmless).
	for _, m := range regexp.MustCompile(`(?s)<script[^>]*>(.*?)</script>`).FindAllSubmatch(page, -1) {
		for _, raw := range []string{"\u2028", "\u2029"} {
			if bytes.Contains(m[1], []byte(raw)) {
				t.Errorf("a script element contains a raw %U", []rune(raw)[0])
			}
		}
	}
	if n := bytes.Count(bytes.ToLower(page), []byte("<script")); n != 3 {
		t.Errorf("%d <script elements, want 3", n)
	}
	if n := bytes.Count(bytes.ToLower(page), []byte("</script")); n != 3 {
		t.Errorf("%d </script, want 3", n)
	}
	if bytes.Contains(bytes.ToLower(page), []byte("<img")) || bytes.Contains(bytes.ToLower(page), []byte("<svg")) {
		t.Error("the page has an element made from a name")
	}
	// The names survive, as data: the chart titles hold the problem names.
	data, _ := json.Marshal(reportData(t, page))
	if !bytes.Contains(data, []byte(`"text":`)) {
		t.Fatal("no chart title")
	}
	var titles []string
	for _, c := range reportData(t, page)["charts"].([]any) {
		titles = append(titles, c.(map[string]any)["option"].(map[string]any)["title"].(map[string]any)["text"].(string))
	}
	if !strings.Contains(strings.Join(titles, "\n"), hostile[2]+": objective") {
		t.Errorf("chart titles %q lack the problem name %q", titles, hostile[2])
	}
}

// TestReportRefusesHostileRunFile: a run file whose algorithm is markup is
// refused on reading, naming the file, the line and the field.
func TestReportRefusesHostileRunFile(t *testing.T) {
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs.jsonl")
	if r := cec(t, "", args("-o", runs)...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	b, _ := os.ReadFile(runs)
	b = bytes.Replace(b, []byte(`"algo":"pmode"`), []byte(`"algo":"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e"`), 1)
	os.WriteFile(runs, b, 0o644)
	out := filepath.Join(dir, "r.html")
	r := cec(t, "", "report", runs, "-o", out, "-echarts", fakeECharts(t, dir))
	wantBadInput(t, r, runs+":", `"algo"`, "want a name")
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused report was written")
	}
}

// TestReportForeignECharts: an echarts.min.js next to the report that is
// not the one to copy is kept, unless -force.
func TestReportForeignECharts(t *testing.T) {
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs.jsonl")
	if r := cec(t, "", args("-o", runs)...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	fake := fakeECharts(t, dir)
	foreign := filepath.Join(dir, "echarts.min.js")
	os.WriteFile(foreign, []byte("/* someone's own ECharts 4 */"), 0o644)
	out := filepath.Join(dir, "r.html")
	r := cec(t, "", "report", runs, "-o", out, "-echarts", fake)
	wantBadInput(t, r, foreign, "-force")
	if b, _ := os.ReadFile(foreign); string(b) != "/* someone's own ECharts 4 */" {
		t.Errorf("the foreign echarts.min.js was changed: %q", b)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the report was written although its ECharts was refused")
	}
	if r := cec(t, "", "report", runs, "-o", out, "-echarts", fake, "-force"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if b, _ := os.ReadFile(foreign); string(b) != "/* echarts stand-in */ var echarts = {};" {
		t.Errorf("-force did not replace echarts.min.js: %q", b)
	}
	// The same ECharts again: nothing to refuse.
	if r := cec(t, "", "report", runs, "-o", out, "-echarts", fake); r.code != 0 {
		t.Errorf("a second report beside the same ECharts: %s", r.stderr)
	}
}

// TestReportMissingDirectory: the message names the user's path, not a
// temporary file.
func TestReportMissingDirectory(t *testing.T) {
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs.jsonl")
	if r := cec(t, "", args("-o", runs)...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	out := filepath.Join(dir, "missing", "x.html")
	r := cec(t, "", "report", runs, "-o", out, "-echarts", fakeECharts(t, dir))
	wantBadInput(t, r, out, "does not exist")
	if strings.Contains(r.stderr, ".tmp") {
		t.Errorf("message names a temporary file: %q", r.stderr)
	}
}

// TestWriteFileAtomicNamesPath: a failed write names the path asked for.
func TestWriteFileAtomicNamesPath(t *testing.T) {
	p := filepath.Join(t.TempDir(), "missing", "x.html")
	err := writeFileAtomic(p, []byte("x"))
	if err == nil || !strings.Contains(err.Error(), p) || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("error %v, want one naming %s and no temporary file", err, p)
	}
}

// TestReportWithPinnedECharts uses the real pinned ECharts when installed.
func TestReportWithPinnedECharts(t *testing.T) {
	src := filepath.Join("..", "..", defaultECharts)
	if _, err := os.Stat(src); err != nil {
		t.Skipf("%s absent (npm ci --prefix site)", src)
	}
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs.jsonl")
	if r := cec(t, "", args("-o", runs)...); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := cec(t, "", "report", runs, "-o", filepath.Join(dir, "r.html")); r.code != 0 {
		t.Fatal(r.stderr)
	}
	a, _ := os.ReadFile(src)
	b, _ := os.ReadFile(filepath.Join(dir, "echarts.min.js"))
	if !bytes.Equal(a, b) {
		t.Error("the copied echarts.min.js differs from the pinned one")
	}
}
