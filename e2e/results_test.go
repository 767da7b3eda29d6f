package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

type download struct {
	Name string `json:"name"`
	Type string `json:"type"`
	Data string `json:"data"`
}

// TestResultsView: records made by cec run natively (a small grid),
// loaded in the results page in another order, are shown with cec table's
// numbers, cec wilcoxon's marks and cec rank's totals, and every export is
// what cec writes (the records, CSV, LaTeX) or a real PNG and SVG. A file
// chosen in the page is shown too, a bad one is a one-line error naming its
// line and field, and a second view works beside the first.
func TestResultsView(t *testing.T) {
	h := setup(t)
	cec := func(args ...string) string { return cec(t, args...) } // the package's cec, bound to t
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs.jsonl")
	cec("run", "-algo", "cmode,pmode", "-problem", "C01,C06", "-dim", "10", "-runs", "5", "-seed", "3", "-fes", "3000", "-quiet", "-o", runs)
	file, err := os.ReadFile(runs)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(file), "\n"), "\n")
	rand.New(rand.NewPCG(3, 4)).Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
	shuffled, _ := json.Marshal(lines) // an array of lines, as a runner gives them

	tb := h.newTab(t)
	// the playground links to this page
	tb.navigate(h.siteURL)
	if href := eval[string](tb, 30*time.Second, jsExpr("results-link-href")); href != h.siteURL+"results.html" {
		t.Errorf("the playground's results link goes to %q, want %q", href, h.siteURL+"results.html")
	}
	tb.navigate(h.siteURL + "results.html")
	eval[bool](tb, 30*time.Second, jsExpr("results-page-ready"))
	eval[bool](tb, 5*time.Second, jsCall("capture-downloads", "[data-results-view]"))
	eval[bool](tb, 60*time.Second, fmt.Sprintf(`window.pcaplayResults.show({configs: ["cmode", "pmode"]}, %s).then(() => true)`, shuffled))

	checkResults(t, tb, "[data-results-view]", runs, 10, "cmode", "pmode")

	// exports
	click := func(sel string) download {
		t.Helper()
		return eval[download](tb, 30*time.Second, jsCall("download-by", sel))
	}
	if d := click("[data-role=export-jsonl]"); d.Data != cec("merge", runs) || d.Name != "runs.jsonl" {
		t.Errorf("JSON lines export %s: differs from cec merge of cec run's file", d.Name)
	}
	exported := filepath.Join(dir, "exported.jsonl")
	os.WriteFile(exported, []byte(click("[data-role=export-jsonl]").Data), 0o644)
	if cec("table", exported) != cec("table", runs) || cec("rank", exported) != cec("rank", runs) {
		t.Error("cec table or rank print other numbers on the export")
	}
	for i, algo := range []string{"cmode", "pmode"} {
		d := click(fmt.Sprintf(".results-table-wrap:nth-of-type(%d) [data-role=export-csv]", i+1))
		if want := cec("table", "-format", "csv", "-algo", algo, "-dim", "10", runs); d.Data != want || d.Name != algo+"-D10.csv" {
			t.Errorf("CSV export %s:\n%s\nwant\n%s", d.Name, d.Data, want)
		}
	}
	if d := click("[data-role=export-latex]"); d.Data != cec("table", "-format", "latex", runs) {
		t.Errorf("LaTeX export:\n%s", d.Data)
	}
	nCharts := eval[int](tb, 5*time.Second, `document.querySelectorAll('.results-chart').length`)
	if nCharts < 4 {
		t.Errorf("%d charts shown, want convergence, final f, ECDF and the pooled ECDF at least", nCharts)
	}
	for k := 1; k <= nCharts; k++ {
		p := eval[download](tb, 30*time.Second, jsCall("download-by-chart", k-1, "export-png"))
		b64, ok := strings.CutPrefix(p.Data, "data:image/png;base64,")
		raw, err := base64.StdEncoding.DecodeString(b64)
		if !ok || err != nil {
			t.Fatalf("PNG export %s: not a PNG data URL (%.40q)", p.Name, p.Data)
		}
		img, err := png.Decode(bytes.NewReader(raw))
		if err != nil || img.Bounds().Dx() < 400 || colours(img, 50) < 3 || !strings.HasSuffix(p.Name, ".png") {
			t.Errorf("PNG export %s: %v, %v, %d colours", p.Name, err, img.Bounds(), colours(img, 50))
		}
		s := eval[download](tb, 30*time.Second, jsCall("download-by-chart", k-1, "export-svg"))
		if !strings.HasPrefix(s.Data, "<svg") || !strings.HasSuffix(strings.TrimSpace(s.Data), "</svg>") || !strings.Contains(s.Data, "PMODE") || !strings.HasSuffix(s.Name, ".svg") {
			t.Errorf("SVG export %s: %.80q", s.Name, s.Data)
		}
	}

	// another problem: Go draws its charts, the tables stay
	eval[bool](tb, 5*time.Second, jsCall("choose-chart-problem", "C06"))
	title := eval[string](tb, 30*time.Second, jsCall("problem-convergence-title", "C06"))
	if !strings.HasPrefix(title, "C06, D = 10") || eval[int](tb, 5*time.Second, `document.querySelectorAll('table.results-table').length`) != 2 {
		t.Errorf("after choosing C06: convergence chart %q", title)
	}

	// the log-FES option asks Go again: the convergence chart's x axis is a log axis
	eval[bool](tb, 30*time.Second, `(async () => { await window.pcaplayResults.setLogFES(true); return true; })()`)
	if ty := eval[string](tb, 30*time.Second, jsExpr("convergence-x-axis-type")); ty != "log" {
		t.Errorf("with log FES the x axis is %q", ty)
	}

	// a file chosen in the page; then a bad one: the error names line and field
	tb.do(30*time.Second, chromedp.SetUploadFiles(`#results-file`, []string{exported}))
	eval[bool](tb, 30*time.Second, jsExpr("file-results-shown"))
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(lines[0]+"\n"+strings.Replace(lines[1], `"dim":10`, `"dim":0`, 1)+"\n"), 0o644)
	tb.do(30*time.Second, chromedp.SetUploadFiles(`#results-file`, []string{bad}))
	msg := eval[string](tb, 30*time.Second, jsExpr("results-error"))
	if !strings.Contains(msg, `bad.jsonl:2: "dim" = 0`) || strings.Contains(msg, "\n") {
		t.Errorf("bad file: %q, want one line naming bad.jsonl:2 and \"dim\"", msg)
	}

	// a second view beside the first (views are factories)
	n := eval[int](tb, 60*time.Second, jsCall("second-results-view", lines))
	if n != 2+10+200 {
		t.Errorf("second view: %d (want 2 tables, 1 dimension, 2 tables on the page: the first view shows the bad file's error)", n)
	}
	errs := tb.consoleErrors()
	if len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}

// checkResults checks the results view inside the element at scope against
// cec on file at dimension dim: the supplement table of each algorithm
// (every cell as cec table -format csv prints it), the marks (cec wilcoxon,
// first algorithm against the second) and the total ranks (cec rank).
func checkResults(t *testing.T, tb *tab, scope, file string, dim int, algos ...string) {
	t.Helper()
	sec := fmt.Sprintf(`document.querySelector('%s section[data-dim="%d"]')`, scope, dim)
	if !eval[bool](tb, 5*time.Second, sec+` !== null`) {
		t.Fatalf("no results at D = %d in %s", dim, scope)
	}
	d := strconv.Itoa(dim)
	for _, algo := range algos {
		want, err := csv.NewReader(strings.NewReader(cec(t, "table", "-format", "csv", "-algo", algo, "-dim", d, file))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		want[4][0] = "v̄" // the page labels the row as the paper, the CSV as vbar
		got := eval[[][]string](tb, 5*time.Second, jsCall("results-table-rows", scope, dim, algo))
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s at D = %d: the page's table\n%q\ncec table\n%q", algo, dim, got, want)
		}
	}
	wil, err := csv.NewReader(strings.NewReader(cec(t, "wilcoxon", "-format", "csv", "-algo", strings.Join(algos, ","), "-dim", d, file))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	marks := eval[map[string]string](tb, 5*time.Second, jsCall("results-marks", scope, dim))
	ascii := map[string]string{"+": "+", "−": "-", "≈": "="}
	for _, row := range wil[1:] { // dim, problem, a, b, …, p_holm, mark
		want := row[12]
		switch {
		case row[2] == algos[0] && row[3] == algos[1]:
		case row[2] == algos[1] && row[3] == algos[0]: // cec's canonical order: the other side's mark
			want = map[string]string{"+": "-", "-": "+", "=": "="}[want]
		default:
			t.Fatalf("cec wilcoxon pair %s vs %s, want %s and %s", row[2], row[3], algos[0], algos[1])
		}
		if ascii[marks[row[1]]] != want {
			t.Errorf("%s: the page marks %s against %s %q, cec wilcoxon %s against %s %q", row[1], algos[0], algos[1], marks[row[1]], row[2], row[3], row[12])
		}
	}
	if len(marks) != len(wil)-1 {
		t.Errorf("the page tests %d problems, cec wilcoxon %d", len(marks), len(wil)-1)
	}
	rank := cec(t, "rank", "-algo", strings.Join(algos, ","), "-dim", d, file)
	totals := eval[[][]string](tb, 5*time.Second, jsCall("results-total-ranks", scope, dim))
	for _, row := range totals {
		line := fmt.Sprintf("| %s | %s | %s | %s |", row[0], row[1], row[2], row[3])
		if !strings.Contains(rank, line) {
			t.Errorf("total ranks %q: no such line in cec rank\n%s", line, rank)
		}
	}
	if len(totals) != len(algos) {
		t.Errorf("%d rows of total ranks, want %d", len(totals), len(algos))
	}
}

// TestExperimentShowsResults: an experiment run in the page (mode=experiment)
// ends with its results shown under it, the numbers of cec table, wilcoxon
// and rank on the page's records, at each of its dimensions (a CEC problem
// at D = 10 and a teaching problem at D = 2); a new definition clears them.
func TestExperimentShowsResults(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.openExperiment(hash("mode", "experiment", "problems", "C01,C06,rosenbrock", "dim", "10", "fes", "2000", "runs", "4", "seed", "5",
		"configs", "pmode:pmode,cmode:cmode", "workers", "2"))
	if n := eval[int](tb, 5*time.Second, `document.querySelectorAll('[data-results-root] table').length`); n != 0 {
		t.Errorf("%d result tables before the experiment", n)
	}
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.start(), true`)
	tb.waitExp("the experiment's end", 5*time.Minute, func(s ExpState) bool { return s.State == "done" })
	eval[bool](tb, 60*time.Second, jsExpr("results-at-d2"))
	f := filepath.Join(t.TempDir(), "page.jsonl")
	os.WriteFile(f, []byte(eval[string](tb, 10*time.Second, `window.pcaplayExperiment.jsonl()`)), 0o644)
	checkResults(t, tb, "[data-results-root]", f, 10, "pmode", "cmode")
	checkResults(t, tb, "[data-results-root]", f, 2, "pmode", "cmode")
	// another definition (no saved runs): no results
	eval[bool](tb, 5*time.Second, `location.hash = location.hash.replace("seed=5", "seed=6"), true`)
	eval[bool](tb, 30*time.Second, jsExpr("no-results-tables"))
	tb.noConsoleErrors()
}
