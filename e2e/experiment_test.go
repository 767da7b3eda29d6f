package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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

// openExperiment opens the experiment view at hash and waits until it has
// read its definition and its saved runs.
func (t *tab) openExperiment(hash string) {
	t.tb.Helper()
	t.navigate(t.h.pageURL(hash))
	eval[bool](t, 90*time.Second, `(async () => {
		for (let i = 0; i < 900 && !window.pcaplayExperiment; i++) await new Promise((r) => setTimeout(r, 100));
		await window.pcaplayExperiment.ready;
		return true;
	})()`)
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

// TestExperimentToEnd (issue 8 §2, done means): an experiment of two
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
	page := eval[string](tb, 10*time.Second, `window.pcaplayExperiment.jsonl()`)
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
