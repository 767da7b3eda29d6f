package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// ExpState is window.pcaplayExperiment.state().
type ExpState struct {
	State      string            `json:"state"`
	Total      int               `json:"total"`
	Done       int               `json:"done"`
	Failed     [][]string        `json:"failed"`
	Elapsed    float64           `json:"elapsed"`
	Definition map[string]string `json:"definition"`
}

// openExperiment opens the experiment view at hash in a page of its own and
// waits until it has read its definition and its saved runs. A tab that
// shows a page already goes to about:blank first: navigating to the same
// address, or to one that differs in the hash only, is a fragment
// navigation, not a reload, and the view's ready (resolved by its first
// load) would not wait for the saved runs its hashchange reads again, so
// a test read the earlier experiment's state (TestResumeRefusesMixedData
// took the "done" of its first run for the end of the resumed one).
func (t *tab) openExperiment(hash string) {
	t.tb.Helper()
	if eval[string](t, 10*time.Second, `location.href`) != "about:blank" {
		t.navigate("about:blank")
	}
	t.navigate(t.h.pageURL(hash))
	eval[bool](t, 90*time.Second, jsExpr("experiment-ready"))
}

func (t *tab) expState() ExpState {
	t.tb.Helper()
	return eval[ExpState](t, 30*time.Second, `window.pcaplayExperiment.state()`)
}

// waitExp polls the experiment's state until cond holds.
func (t *tab) waitExp(what string, timeout time.Duration, cond func(ExpState) bool) ExpState {
	t.tb.Helper()
	deadline := time.Now().Add(timeout)
	for {
		s := t.expState()
		if cond(s) {
			return s
		}
		if time.Now().After(deadline) {
			t.tb.Fatalf("%s: not reached within %v; last state %+v%s", what, timeout, s, t.consoleTail())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

var (
	cecOnce sync.Once
	cecPath string
	cecErr  error
)

// cecBinary builds cmd/cec once for the package's tests.
func cecBinary(t testing.TB) string {
	t.Helper()
	cecOnce.Do(func() {
		dir, err := os.MkdirTemp("", "pcaplay-e2e-cec-")
		if err != nil {
			cecErr = err
			return
		}
		teardown = append(teardown, func() { os.RemoveAll(dir) })
		cecPath = filepath.Join(dir, "cec")
		if out, err := exec.Command("go", "build", "-o", cecPath, "../cmd/cec").CombinedOutput(); err != nil {
			cecErr = fmt.Errorf("go build ../cmd/cec: %v\n%s", err, out)
		}
	})
	if cecErr != nil {
		t.Fatal(cecErr)
	}
	return cecPath
}

// cec runs the command line and returns its standard output.
func cec(t testing.TB, args ...string) string {
	t.Helper()
	cmd := exec.Command(cecBinary(t), args...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("cec %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}

// lines returns the non-empty lines of s, sorted.
func sortedLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	slices.Sort(out)
	return out
}

// cecRuns runs `cec run -o` for each (problems, dim) and returns every
// record line.
func cecRuns(t *testing.T, dir, algos, fes, runs, seed string, grids ...[2]string) []string {
	t.Helper()
	var all []string
	for i, g := range grids {
		f := filepath.Join(dir, fmt.Sprintf("cec-%d.jsonl", i))
		cec(t, "run", "-algo", algos, "-problem", g[0], "-dim", g[1], "-fes", fes, "-runs", runs, "-seed", seed, "-workers", "2", "-quiet", "-o", f)
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, sortedLines(string(b))...)
	}
	slices.Sort(all)
	return all
}

// TestExperimentToEnd: an experiment of two
// configurations on a CEC problem at D = 10 (official data) and a 2-D
// teaching problem runs to the end on two workers; its JSON lines are the
// lines `cec run` writes for the same grid, byte for byte, and `cec table`
// prints the same tables from both.
func TestExperimentToEnd(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.openExperiment(hash("mode", "experiment", "problems", "C01,rosenbrock", "dim", "10", "fes", "2000", "runs", "3", "seed", "5",
		"configs", "pmode:pmode,cmode:cmode", "workers", "2"))
	s := tb.expState()
	if s.State != "idle" || s.Total != 12 || s.Done != 0 {
		t.Fatalf("before start: %+v", s)
	}
	eval[bool](tb, 5*time.Second, `document.querySelector('[data-role="start"]').click(), true`)
	s = tb.waitExp("the experiment's end", 5*time.Minute, func(s ExpState) bool { return s.State == "done" })
	if s.Done != 12 || len(s.Failed) != 0 {
		t.Fatalf("done: %+v", s)
	}
	text := eval[string](tb, 10*time.Second, `document.querySelector('[data-role="counts"]').textContent`)
	if !strings.Contains(text, "12 / 12") {
		t.Errorf("progress counts %q, want 12 / 12", text)
	}
	if eval[bool](tb, 5*time.Second, `document.querySelector('[data-role="download"]').disabled`) {
		t.Errorf("the download button is disabled after the experiment")
	}
	// the download button: its file is the JSON lines (captured, not saved)
	dl := eval[struct {
		Name string `json:"name"`
		Text string `json:"text"`
	}](tb, 10*time.Second, jsExpr("capture-download"))
	page := dl.Text
	if dl.Name != "pcaplay-experiment.jsonl" || page != eval[string](tb, 10*time.Second, `window.pcaplayExperiment.jsonl()`) {
		t.Errorf("download %q: %d bytes, want the experiment's JSON lines", dl.Name, len(page))
	}
	dir := t.TempDir()
	pageFile := filepath.Join(dir, "page.jsonl")
	if err := os.WriteFile(pageFile, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	want := cecRuns(t, dir, "pmode,cmode", "2000", "3", "5", [2]string{"C01", "10"}, [2]string{"rosenbrock", "2"})
	got := sortedLines(page)
	if !slices.Equal(got, want) {
		t.Errorf("the page's %d records differ from cec run's %d", len(got), len(want))
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Errorf("first difference:\n page %.200s\n cec  %.200s", got[i], want[i])
				break
			}
		}
	}
	if !strings.Contains(page, `"data":"official"`) || !strings.Contains(page, `"data":"none"`) {
		t.Errorf("records should say official (C01) and none (rosenbrock)")
	}
	// cec table reads the page's file and prints what it prints for cec run's
	pt := cec(t, "table", pageFile)
	ct := cec(t, "table", filepath.Join(dir, "cec-0.jsonl"), filepath.Join(dir, "cec-1.jsonl"))
	if pt != ct || !strings.Contains(pt, "PMODE") {
		t.Errorf("cec table on the page's file:\n%s\nand on cec run's:\n%s", pt, ct)
	}
	cec(t, "rank", pageFile)
	tb.noConsoleErrors()
}

// TestExperimentDefaultConfigsReadByCec: the default experiment (the
// algorithm with PCA-projection on and off) gives records cec table and
// cec rank read as two algorithms.
func TestExperimentDefaultConfigsReadByCec(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.openExperiment(hash("mode", "experiment", "problems", "C02", "fes", "1000", "runs", "2", "workers", "2"))
	if d := tb.expState().Definition; d["algo"] != "pmode" || d["configs"] != "" {
		t.Errorf("definition %v", d)
	}
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.start(), true`)
	s := tb.waitExp("the experiment's end", 5*time.Minute, func(s ExpState) bool { return s.State == "done" })
	if s.Done != 4 {
		t.Fatalf("done: %+v", s)
	}
	f := filepath.Join(t.TempDir(), "page.jsonl")
	os.WriteFile(f, []byte(eval[string](tb, 10*time.Second, `window.pcaplayExperiment.jsonl()`)), 0o644)
	out := cec(t, "table", f)
	if !strings.Contains(out, "PMODE") || !strings.Contains(strings.ToLower(out), "pmode-nopca") {
		t.Errorf("cec table: %s", out)
	}
	var rec map[string]any
	first := strings.SplitN(eval[string](tb, 10*time.Second, `window.pcaplayExperiment.jsonl()`), "\n", 2)[0]
	if err := json.Unmarshal([]byte(first), &rec); err != nil || rec["algo"] != "pmode" || !strings.Contains(rec["settings"].(string), "pca=true") {
		t.Errorf("first record %v (%v)", rec, err)
	}
}

// TestExperimentCancelAndResume: pause holds the runs, cancel stops them
// with the finished runs saved; the same link opened again (a reload)
// offers them, resuming runs only the others, and the records of the
// whole experiment are cec run's.
func TestExperimentCancelAndResume(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	link := hash("mode", "experiment", "problems", "C03", "dim", "10", "fes", "6000", "runs", "8", "seed", "11",
		"configs", "heco-pde:heco-pde", "workers", "1")
	tb.openExperiment(link)
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.startOver(), true`) // a clean slate, whatever an earlier run saved
	tb.waitExp("two finished runs", 3*time.Minute, func(s ExpState) bool { return s.Done >= 2 })
	if txt := eval[string](tb, 5*time.Second, jsExpr("counts-and-times")); !strings.Contains(txt, "/ 8 runs") || !strings.Contains(txt, "elapsed") || !regexp.MustCompile(`remaining \d`).MatchString(txt) {
		t.Errorf("progress %q, want runs done / 8, elapsed and an estimate of the remaining time", txt)
	}

	// pause: nothing finishes and the elapsed time stands still
	eval[bool](tb, 5*time.Second, `document.querySelector('[data-role="pause"]').click(), true`)
	tb.waitExp("paused", 10*time.Second, func(s ExpState) bool { return s.State == "paused" })
	time.Sleep(500 * time.Millisecond) // the step in flight (STEP_MS) may still finish a run
	p1 := tb.expState()
	time.Sleep(1500 * time.Millisecond)
	p2 := tb.expState()
	if p2.State != "paused" || p2.Done != p1.Done || p2.Elapsed != p1.Elapsed {
		t.Errorf("while paused: %+v then %+v", p1, p2)
	}
	eval[bool](tb, 5*time.Second, `document.querySelector('[data-role="pause"]').click(), true`) // resume
	tb.waitExp("running again", 10*time.Second, func(s ExpState) bool { return s.State == "running" })
	tb.waitExp("a third run", 3*time.Minute, func(s ExpState) bool { return s.Done >= 3 })

	eval[bool](tb, 5*time.Second, `document.querySelector('[data-role="cancel"]').click(), true`)
	c := tb.waitExp("cancelled", 10*time.Second, func(s ExpState) bool { return s.State == "cancelled" })
	if c.Done < 3 || c.Done >= 8 {
		t.Fatalf("cancelled with %d of 8 runs done", c.Done)
	}
	before := eval[string](tb, 10*time.Second, `window.pcaplayExperiment.jsonl()`)

	// the link again, in a fresh page (a page of its own first: navigating
	// to the same address would only be a fragment navigation, no reload):
	// the saved runs are offered
	tb.navigate("about:blank")
	tb.openExperiment(link)
	r := tb.waitExp("the saved runs", 10*time.Second, func(s ExpState) bool { return s.Done > 0 })
	if r.State != "idle" || r.Done != c.Done {
		t.Errorf("reopened: %+v, want idle with the %d saved runs", r, c.Done)
	}
	offer := eval[string](tb, 5*time.Second, jsExpr("resume-offer"))
	if !strings.Contains(offer, fmt.Sprintf("%d of 8 runs", c.Done)) {
		t.Errorf("resume offer %q, want %d of 8 runs", offer, c.Done)
	}
	if got := eval[string](tb, 10*time.Second, `window.pcaplayExperiment.jsonl()`); got != before {
		t.Errorf("the saved runs differ from those finished before the reload")
	}
	eval[bool](tb, 5*time.Second, `document.querySelector('[data-role="resume-saved"]').click(), true`)
	d := tb.waitExp("the end", 5*time.Minute, func(s ExpState) bool { return s.State == "done" })
	if d.Done != 8 || len(d.Failed) != 0 {
		t.Fatalf("after resuming: %+v", d)
	}
	page := eval[string](tb, 10*time.Second, `window.pcaplayExperiment.jsonl()`)
	if !strings.HasPrefix(page, before[:strings.Index(before, "\n")+1]) {
		t.Errorf("the first saved run is not the first record any more")
	}
	want := cecRuns(t, t.TempDir(), "heco-pde", "6000", "8", "11", [2]string{"C03", "10"})
	if got := sortedLines(page); !slices.Equal(got, want) {
		t.Errorf("after cancel and resume the %d records differ from cec run's %d", len(got), len(want))
	}
	tb.noConsoleErrors()
}

// TestExperimentWorkerFailure: a run whose worker crashes is run again on
// a fresh worker; one whose worker crashes twice is marked failed with the
// reason, and the experiment goes on to its end.
func TestExperimentWorkerFailure(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.openExperiment(hash("mode", "experiment", "problems", "C01", "fes", "2000", "runs", "4", "seed", "3",
		"configs", "pmode:pmode", "workers", "2"))
	// run 1's worker (seed 4) crashes once, run 2's (seed 5) on both attempts
	eval[bool](tb, 5*time.Second, jsCall("crash-workers", map[string][]int{"4": {1}, "5": {1, 2}}))
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.startOver(), true`)
	s := tb.waitExp("the end", 3*time.Minute, func(s ExpState) bool { return s.State == "done" })
	if s.Done != 3 || len(s.Failed) != 1 || !strings.HasSuffix(s.Failed[0][0], "|2") {
		t.Fatalf("after the crashes: %+v, want 3 done and run 2 failed", s)
	}
	if reason := s.Failed[0][1]; !strings.Contains(reason, "crash") || !strings.Contains(reason, "worker-failed") {
		t.Errorf("failure reason %q, want the worker's crash", reason)
	}
	li := eval[string](tb, 5*time.Second, `document.querySelector('[data-role="failure"]').textContent`)
	if !strings.Contains(li, "run 2") || !strings.Contains(li, "crash") {
		t.Errorf("the failure shown: %q", li)
	}
	want := cecRuns(t, t.TempDir(), "pmode", "2000", "4", "3", [2]string{"C01", "10"})
	got := sortedLines(eval[string](tb, 10*time.Second, `window.pcaplayExperiment.jsonl()`))
	var wantNot2 []string
	for _, l := range want {
		if !strings.Contains(l, `"run":2,`) {
			wantNot2 = append(wantNot2, l)
		}
	}
	if !slices.Equal(got, wantNot2) {
		t.Errorf("the records of runs 0, 1 (retried) and 3 differ from cec run's")
	}
}

// TestExperimentURLRoundTrip: the form writes the address; the address
// opened in another tab shows the same definition (and unknown or bad
// values are named in a notice and replaced).
func TestExperimentURLRoundTrip(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.openExperiment(hash("mode", "experiment"))
	eval[bool](tb, 10*time.Second, jsExpr("edit-experiment-form"))
	d := tb.expState().Definition
	want := map[string]string{"mode": "experiment", "problems": "rosenbrock,C01,C02", "dim": "30", "runs": "7", "seed": "99", "fes": "3000", "workers": "3",
		"algo": "pmode", "configs": "pmode:pmode(pca=true),pmode-nopca:pmode(pca=false),cm:cmode(lambda=20)"}
	for k, v := range want {
		if d[k] != v {
			t.Errorf("definition %s = %q, want %q", k, d[k], v)
		}
	}
	link := strings.TrimPrefix(eval[string](tb, 5*time.Second, `location.hash`), "#")
	if tb.expState().Total != 3*3*7 {
		t.Errorf("total %d, want 63", tb.expState().Total)
	}
	other := h.newTab(t)
	other.openExperiment(link)
	if d2 := other.expState().Definition; fmt.Sprint(d2) != fmt.Sprint(d) {
		t.Errorf("the link %s opens %v, want %v", link, d2, d)
	}
	if v := eval[string](other, 5*time.Second, jsExpr("dim-and-config-count")); v != "30/3" {
		t.Errorf("the form of the link shows %s, want D 30 and 3 configurations", v)
	}
	other.noNotice()
	// bad values: a notice names them
	bad := h.newTab(t)
	bad.openExperiment(hash("mode", "experiment", "runs", "0", "problems", "C01,nosuch"))
	if shown, text := bad.notice(); !shown || !strings.Contains(text, "runs") || !strings.Contains(text, "nosuch") {
		t.Errorf("notice %v %q, want runs and nosuch named", shown, text)
	}
}

// TestExperimentBadConfiguration: Go checks every configuration before the
// start; a value it would replace or a parameter the algorithm lacks is an
// error naming the configuration and the key, and nothing runs.
func TestExperimentBadConfiguration(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.openExperiment(hash("mode", "experiment", "problems", "C01", "fes", "1000", "runs", "2", "configs", "a:pmode(pcaprob=7),b:cmode(nosuch=1)"))
	eval[bool](tb, 5*time.Second, `document.querySelector('[data-experiment-root] [data-role="start"]').click(), true`)
	msg := eval[string](tb, 60*time.Second, jsExpr("error-text-shown"))
	if !strings.Contains(msg, "a: ") || !strings.Contains(msg, "pcaprob") || !strings.Contains(msg, "b: cmode has no parameter nosuch") {
		t.Errorf("error %q, want a's pcaprob and b's nosuch named", msg)
	}
	time.Sleep(500 * time.Millisecond)
	if s := tb.expState(); s.State != "idle" || s.Done != 0 {
		t.Errorf("after a refused start: %+v", s)
	}
}

// TestExperimentDoneMeans is the experiment view's whole path as a user meets it: from
// the link, PMODE against CMODE on C01–C03 at D = 10 with the paper's budget
// (MaxFES = 20000·D) and 25 runs, on the page's default pool; at the end the
// page shows the tables, the tests and the charts, and the downloaded JSON
// lines are cec run's records for the same seeds, so cec table prints the
// same numbers from both.
func TestExperimentDoneMeans(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.openExperiment(hash("mode", "experiment", "problems", "C01,C02,C03", "dim", "10", "seed", "1",
		"configs", "pmode:pmode,cmode:cmode"))
	s := tb.expState()
	if s.Total != 150 {
		t.Fatalf("PMODE vs CMODE on C01–C03 with the default 25 runs: %d jobs, want 150", s.Total)
	}
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.startOver(), true`)
	eval[bool](tb, 5*time.Second, `document.querySelector('[data-role="start"]').click(), true`)
	s = tb.waitExp("the experiment's end", 20*time.Minute, func(s ExpState) bool { return s.State == "done" })
	if s.Done != 150 || len(s.Failed) != 0 {
		t.Fatalf("done: %+v", s)
	}
	eval[bool](tb, 60*time.Second, jsExpr("wait-results-d10"))
	dir := t.TempDir()
	page := filepath.Join(dir, "page.jsonl")
	if err := os.WriteFile(page, []byte(eval[string](tb, 10*time.Second, `window.pcaplayExperiment.jsonl()`)), 0o644); err != nil {
		t.Fatal(err)
	}
	native := filepath.Join(dir, "native.jsonl")
	cec(t, "run", "-algo", "pmode,cmode", "-problem", "C01,C02,C03", "-dim", "10", "-runs", "25", "-seed", "1", "-workers", "2", "-quiet", "-o", native)
	if cec(t, "table", page) != cec(t, "table", native) {
		t.Errorf("cec table prints other numbers on the page's download than on cec run's file")
	}
	// the table, the tests and the ranking are cec's; the charts are drawn
	checkResults(t, tb, "[data-results-root]", native, 10, "pmode", "cmode")
	if n := eval[int](tb, 30*time.Second, jsExpr("count-charts-d10")); n == 0 {
		t.Errorf("no chart drawn in the results")
	}
	tb.noConsoleErrors()
}
