package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// liveView is what the results view of the experiment shows at one moment.
type liveView struct {
	State    string `json:"state"`
	Done     int    `json:"done"`
	Updates  int    `json:"updates"`
	Partial  bool   `json:"partial"` // the partial label is shown
	Label    string `json:"label"`
	Pending  string `json:"pending"` // the summary of the pending pairs
	Status   string `json:"status"`
	Runs     int    `json:"runs"`     // Go's results: runs summarised
	Progress bool   `json:"progress"` // Go's results have a progress (partial)
	Title    string `json:"title"`    // the convergence chart's title, when drawn
	Instance string `json:"instance"` // its ECharts instance's id
	Marked   bool   `json:"marked"`   // its element is the one marked before
}

var liveViewJS = jsExpr("live-view")

func (t *tab) liveView() liveView {
	t.tb.Helper()
	return eval[liveView](t, 30*time.Second, liveViewJS)
}

var partialLabel = regexp.MustCompile(`^Partial results: (\d+) of (\d+) runs are finished\.`)

// TestExperimentLiveResults: while an experiment runs, the results view
// shows the results of the runs finished so far, labelled partial (Go's
// label: N of M runs, what the tests and the ranking cover), updated as
// runs finish with the charts drawn before updated in place (the same
// element and ECharts instance); an export says it is partial; at the end
// the results are those the view shows of the same records from scratch
// (today's), with cec's numbers and no partial label.
func TestExperimentLiveResults(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.openExperiment(hash("mode", "experiment", "problems", "C01,C02", "dim", "10", "fes", "100000", "runs", "10", "seed", "7",
		"configs", "pmode:pmode,cmode:cmode", "workers", "1"))
	eval[bool](tb, 5*time.Second, jsCall("capture-downloads", "[data-results-root]"))
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.startOver(), true`)

	// partial results appear while it runs, labelled
	var first liveView
	deadline := time.Now().Add(5 * time.Minute)
	for {
		first = tb.liveView()
		if first.State == "running" && first.Partial && first.Title != "" {
			break
		}
		if first.State == "done" || time.Now().After(deadline) {
			t.Fatalf("no partial results with a chart drawn while the experiment ran: %+v%s", first, tb.consoleTail())
		}
		time.Sleep(50 * time.Millisecond)
	}
	m := partialLabel.FindStringSubmatch(first.Label)
	if m == nil || m[2] != "40" {
		t.Fatalf("partial label %q, want \"Partial results: N of 40 runs are finished.\"", first.Label)
	}
	n, _ := strconv.Atoi(m[1])
	if n < 1 || n >= 40 || first.Runs != n || !first.Progress || !strings.HasPrefix(first.Status, fmt.Sprintf("%d run(s) of ", n)) {
		t.Errorf("partial results of %d runs: %+v", n, first)
	}
	if !strings.Contains(first.Label, "of the finished runs only") || !strings.Contains(first.Pending, "Pending:") || !strings.Contains(first.Title, "(partial)") {
		t.Errorf("partial results not said to be partial: label %q, pending %q, chart title %q", first.Label, first.Pending, first.Title)
	}
	// an export while the results are partial says so
	csv := eval[download](tb, 30*time.Second, jsCall("download-by", "[data-results-root] [data-role=export-csv]"))
	if !strings.HasSuffix(csv.Name, "-partial.csv") {
		t.Errorf("CSV export of partial results named %q, want …-partial.csv", csv.Name)
	}

	// a later update: more runs, the chart updated in place
	eval[bool](tb, 5*time.Second, jsExpr("mark-convergence-chart"))
	var later liveView
	for {
		later = tb.liveView()
		if mm := partialLabel.FindStringSubmatch(later.Label); later.State == "running" && mm != nil && mm[1] != m[1] && later.Title != "" {
			break
		}
		if later.State == "done" {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if later.State == "running" {
		if !later.Marked || later.Instance != first.Instance {
			t.Errorf("an update drew the convergence chart anew (element kept %v, instance %s then %s), want setOption on the same", later.Marked, first.Instance, later.Instance)
		}
	} else {
		t.Logf("the experiment ended before a second update was seen")
	}

	// the end: the final results, as the view shows the same records from scratch
	s := tb.waitExp("the experiment's end", 10*time.Minute, func(s ExpState) bool { return s.State == "done" })
	if s.Done != 40 {
		t.Fatalf("done: %+v", s)
	}
	eval[bool](tb, 60*time.Second, jsExpr("final-results-ready"))
	end := tb.liveView()
	if end.Partial || end.Runs != 40 || end.Updates < 2 {
		t.Errorf("at the end (after %.1f s): %+v, want the 40 runs, not partial, after 2 or more live updates", s.Elapsed/1000, end)
	}
	// the throttle: an update starts 2 s or more after the last one ended
	if most := 1 + int(s.Elapsed/2000); end.Updates > most {
		t.Errorf("%d live updates in %.1f s, want at most %d (one every 2 s)", end.Updates, s.Elapsed/1000, most)
	}
	if !eval[bool](tb, 60*time.Second, jsExpr("same-as-fresh-view")) {
		t.Errorf("the final results differ from those the results view shows of the same records")
	}
	title := eval[string](tb, 30*time.Second, jsExpr("final-convergence-title"))
	if strings.Contains(title, "partial") {
		t.Errorf("final convergence chart titled %q", title)
	}
	f := filepath.Join(t.TempDir(), "page.jsonl")
	os.WriteFile(f, []byte(eval[string](tb, 10*time.Second, `window.pcaplayExperiment.jsonl()`)), 0o644)
	checkResults(t, tb, "[data-results-root]", f, 10, "pmode", "cmode")
	tb.noConsoleErrors()
}

// TestExperimentLiveResume: after a cancel and a reload, the link shows
// the partial results of the saved runs (labelled: N of M), resuming
// updates them, and the end shows the final results.
func TestExperimentLiveResume(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	link := hash("mode", "experiment", "problems", "C03", "dim", "10", "fes", "6000", "runs", "6", "seed", "13",
		"configs", "pmode:pmode,cmode:cmode", "workers", "1")
	tb.openExperiment(link)
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.startOver(), true`)
	tb.waitExp("three finished runs", 3*time.Minute, func(s ExpState) bool { return s.Done >= 3 })
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.cancel(), true`)
	c := tb.waitExp("cancelled", 10*time.Second, func(s ExpState) bool { return s.State == "cancelled" })
	if c.Done >= 12 {
		t.Fatalf("cancelled with every run done: %+v", c)
	}

	tb.navigate("about:blank")
	tb.openExperiment(link)
	want := fmt.Sprintf("Partial results: %d of 12 runs are finished.", c.Done)
	v := eval[liveView](tb, 60*time.Second, "("+jsExpr("wait-partial")+"\n)(() => "+liveViewJS+")")
	if v.State != "idle" || v.Done != c.Done || !strings.HasPrefix(v.Label, want) || v.Runs != c.Done || !strings.Contains(v.Pending, "Pending:") {
		t.Errorf("reopened: %+v, want the partial results of the %d saved runs labelled %q", v, c.Done, want)
	}

	eval[bool](tb, 5*time.Second, `document.querySelector('[data-role="resume-saved"]').click(), true`)
	tb.waitExp("the end", 5*time.Minute, func(s ExpState) bool { return s.State == "done" })
	eval[bool](tb, 60*time.Second, jsExpr("final-results-ready"))
	if end := tb.liveView(); end.Partial || end.Runs != 12 {
		t.Errorf("after resuming to the end: %+v", end)
	}
	tb.noConsoleErrors()
}

// TestScreenshotResults retakes docs/results.png (docs/guide/experiments.md's
// picture of the experiment view's results; make screenshot): PMODE vs CMODE on
// C01–C03 at D = 10, 10 runs each, paused part way on one worker — the
// progress, the partial results' label, the supplement tables, the tests
// and the ranking so far. One worker runs the jobs in order (every PMODE
// run first), so the picture is the same each time. Without
// PCAPLAY_UPDATE_SCREENSHOT=1 it writes docs/results.tmp.png.
func TestScreenshotResults(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.do(30*time.Second, chromedp.EmulateViewport(1280, 2600))
	tb.openExperiment(hash("mode", "experiment", "problems", "C01,C02,C03", "dim", "10", "fes", "50000", "runs", "10", "seed", "1",
		"configs", "pmode:pmode,cmode:cmode", "workers", "1"))
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.startOver(), true`)
	tb.waitExp("45 runs", 10*time.Minute, func(s ExpState) bool { return s.Done >= 45 })
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.pause(), true`)
	// the last live update shown, every chart drawn
	eval[bool](tb, 60*time.Second, jsExpr("live-update-settled"))
	v := tb.liveView()
	if !v.Partial || !strings.Contains(v.Label, "of 60 runs") {
		t.Fatalf("no partial results to show: %+v", v)
	}
	eval[bool](tb, 5*time.Second, jsExpr("scroll-to-progress"))
	eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => requestAnimationFrame(() => r(true)), 1000))`)
	saveScreenshot(t, tb.screenshot(), "results")
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.cancel(), true`)
	tb.noConsoleErrors()
}

// resultsGrid is the grid of an experiment whose results are partial, as
// the results view's showPartial takes it.
type resultsGrid struct {
	Runs     int           `json:"runs"`
	Problems []gridProblem `json:"problems"`
}

type gridProblem struct {
	Problem string `json:"problem"`
	Dim     int    `json:"dim"`
}

// TestResultsUpdateInPlace: an update of partial results (showPartial, as
// the experiment view calls it while runs finish) keeps the elements of
// the results — the supplement tables, their rows and cells, the tests'
// rows, the ranking's rows, the convergence chart's element — and changes
// their numbers to those of the runs now finished (cec's on the same
// runs); no element is added to a table whose shape stays. The end (show
// with keep, as the view does when every run is in) keeps them too, and
// the problem chooser still redraws the charts of the page.
func TestResultsUpdateInPlace(t *testing.T) {
	h := setup(t)
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs.jsonl")
	cec(t, "run", "-algo", "cmode,pmode", "-problem", "C01,C06", "-dim", "10", "-runs", "4", "-seed", "3", "-fes", "3000", "-quiet", "-o", runs)
	file, err := os.ReadFile(runs)
	if err != nil {
		t.Fatal(err)
	}
	// the runs r < n of every configuration and problem
	upTo := func(n int) []string {
		var out []string
		for _, l := range strings.Split(strings.TrimSuffix(string(file), "\n"), "\n") {
			var rec struct{ Run int }
			if err := json.Unmarshal([]byte(l), &rec); err != nil {
				t.Fatal(err)
			}
			if rec.Run < n {
				out = append(out, l)
			}
		}
		return out
	}
	write := func(name string, lines []string) string {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	grid := resultsGrid{4, []gridProblem{{"C01", 10}, {"C06", 10}}}

	tb := h.newTab(t)
	tb.navigate(h.siteURL + "results.html")
	eval[bool](tb, 30*time.Second, jsExpr("results-page-ready"))
	partial := func(lines []string) {
		t.Helper()
		eval[bool](tb, 60*time.Second, jsCall("show-partial", lines, grid))
	}
	// the chart drawn, so that an update has one to keep
	chartDrawn := jsExpr("convergence-chart-drawn")
	table := jsExpr("pmode-table-rows")

	two := upTo(2)
	partial(two)
	eval[bool](tb, 30*time.Second, chartDrawn)
	checkResults(t, tb, "[data-results-view]", write("two.jsonl", two), 10, "cmode", "pmode")
	before := eval[[][]string](tb, 5*time.Second, table)
	// mark the elements, and count the elements added to the tables from now on
	n := eval[int](tb, 5*time.Second, jsCall("in-place-marks", true))
	if want := 2 + 2*10 + 2*9*2 + 2 + 2 + 1; n != want {
		t.Fatalf("%d elements marked, want %d: the two supplement tables (10 rows, 9 of them with a cell per problem), the tests' and the total ranks' 2 rows, the chart", n, want)
	}
	kept := func(when string) {
		t.Helper()
		got := eval[[]int](tb, 5*time.Second, jsCall("in-place-marks", false))
		if got[0] != n || got[1] != n || got[2] != 0 {
			t.Errorf("%s: %d of the %d elements marked before are there (%d elements now), %d elements added to the supplement tables; want the same elements, updated in place", when, got[1], n, got[0], got[2])
		}
	}

	three := upTo(3)
	partial(three)
	if after := eval[[][]string](tb, 5*time.Second, table); fmt.Sprint(after) == fmt.Sprint(before) {
		t.Errorf("after an update with more runs PMODE's table still reads\n%q", after)
	}
	checkResults(t, tb, "[data-results-view]", write("three.jsonl", three), 10, "cmode", "pmode")
	if l := eval[string](tb, 5*time.Second, `document.querySelector('[data-role=results-partial-label]').textContent`); !strings.HasPrefix(l, "Partial results: 12 of 16 runs are finished.") {
		t.Errorf("partial label %q", l)
	}
	kept("after a partial update")

	// the end: every run, as the experiment view shows them (keep)
	all := upTo(4)
	eval[bool](tb, 60*time.Second, jsCall("show-final", all))
	checkResults(t, tb, "[data-results-view]", runs, 10, "cmode", "pmode")
	if p := eval[bool](tb, 5*time.Second, `document.querySelector('[data-role=results-partial]').hidden`); !p {
		t.Error("the partial label is still shown with every run in")
	}
	kept("at the end")

	// the problem chooser of the page draws that problem's charts
	eval[bool](tb, 5*time.Second, jsCall("choose-chart-problem", "C06"))
	title := eval[string](tb, 30*time.Second, jsCall("problem-convergence-title", "C06"))
	if !strings.HasPrefix(title, "C06, D = 10") {
		t.Errorf("after choosing C06 on the updated page: convergence chart %q", title)
	}
	tb.noConsoleErrors()
}
