package e2e

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"pcaplay/core/problem/formula"
	"pcaplay/internal/experiment"
	"pcaplay/internal/play"
)

// typedRingJSON is the definition the test types: a sphere shifted off a
// ring, one g and one h, in D = 2.
const typedRingJSON = `{
  "name": "ring",
  "dim": 2,
  "lower": -3,
  "upper": 3,
  "f": "sum(i, 1, D, (x[i] - 0.5)^2) + sin(3*x1)",
  "g": ["1 - sum(i, 1, D, x[i]^2)"],
  "h": ["x1 - x2^3 + 0.25"]
}`

// editorView is what js/type-problem.js reads of the editor.
type editorView struct {
	Open        bool   `json:"open"`
	Menu        string `json:"menu"`
	Status      string `json:"status"`
	OK          bool   `json:"ok"`
	Caret       string `json:"caret"`
	UseDisabled bool   `json:"useDisabled"`
}

// TestTypedProblemInPage: a problem typed in the editor ("custom…" in the
// problem menu) is checked by Go as it is typed (an error names its column,
// and the run cannot use it; the open editor passes axe-core's checks); "Use this problem" puts it in the address,
// and that link, opened in a new tab, runs to the final best that cec run
// -problem @file finds with the same algorithm, seed and budget, bit for
// bit.
func TestTypedProblemInPage(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("algo", "pmode", "seed", "5", "fes", "4000", "speed", "10"))

	bad := strings.Replace(typedRingJSON, "sin(3*x1)", "sin(3*y1)", 1)
	v := eval[editorView](tb, 30*time.Second, jsCall("type-problem", bad))
	if !v.Open || v.OK || !v.UseDisabled || !strings.Contains(v.Status, "f at D = 2: column 38: unknown name y1") ||
		!strings.HasSuffix(v.Caret, strings.Repeat(" ", 3+37)+"^") {
		t.Errorf("a bad formula: editor %+v", v)
	}
	// the open editor, its error and caret shown, passes axe-core's checks
	for _, a := range tb.axeRun(t, axeSource(t)) {
		t.Errorf("the problem editor: %s (%s): %s — %s", a.ID, a.Impact, a.Help, fmt.Sprint(a.Targets))
	}
	v = eval[editorView](tb, 30*time.Second, jsCall("type-problem", typedRingJSON))
	def, err := formula.Parse([]byte(typedRingJSON))
	if err != nil {
		t.Fatal(err)
	}
	if !v.OK || v.UseDisabled || !strings.Contains(v.Status, def.ID()) {
		t.Fatalf("a good definition: editor %+v, want %s", v, def.ID())
	}
	if v.Menu == "custom…" {
		t.Errorf("the problem menu stays at custom…")
	}
	tb.do(10*time.Second, chromedp.Click(chromedp.CSS(`[data-role="problem-use"]`)))
	addr := tb.waitForHash("typed=", 60*time.Second)
	vals, err := url.ParseQuery(strings.TrimPrefix(addr, "#"))
	if err != nil {
		t.Fatal(err)
	}
	if vals.Get("problem") != def.ID() || vals.Get("typed") != play.EncodeTyped(def) || vals.Get("dim") != "2" {
		t.Errorf("address %s: want problem=%s, typed=%s, dim=2", addr, def.ID(), play.EncodeTyped(def))
	}
	tb.noNotice()
	tb.noConsoleErrors()

	// the link in a new tab
	tb2 := h.newTab(t)
	tb2.open(strings.TrimPrefix(addr, "#"))
	tb2.noNotice()
	if got := eval[string](tb2, 10*time.Second, `document.querySelector('[data-role="problem"]').value`); got != def.ID() {
		t.Errorf("the new tab's problem menu shows %q, want %s", got, def.ID())
	}
	if !tb2.chartInfo().LandscapeDrawn {
		t.Errorf("D = 2: no landscape drawn")
	}
	s := tb2.runToEnd(3 * time.Minute)
	p, err := def.Compile(2)
	if err != nil {
		t.Fatal(err)
	}
	st, err := experiment.NewSettings("pmode", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := experiment.RunOne(context.Background(), p, st, 5, 4000)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("%016x", math.Float64bits(rec.F)); s.BestFBits != want {
		t.Errorf("page best f %s (bits %s), cec run %v (bits %s)", s.BestF, s.BestFBits, rec.F, want)
	}
	tb2.noConsoleErrors()
}

// waitForHash waits until the address hash holds part and returns it.
func (t *tab) waitForHash(part string, timeout time.Duration) string {
	t.tb.Helper()
	deadline := time.Now().Add(timeout)
	for {
		h := eval[string](t, 10*time.Second, `location.hash`)
		if strings.Contains(h, part) {
			return h
		}
		if time.Now().After(deadline) {
			t.tb.Fatalf("the address %q has no %q after %v%s", h, part, timeout, t.consoleTail())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestTypedExperiment: the experiment view runs a problem typed as
// formulas (problems= its name_hash, typed= its definition) beside a
// built-in one; its records are the lines cec run -problem @file writes for
// the same grid, byte for byte.
func TestTypedExperiment(t *testing.T) {
	h := setup(t)
	def, err := formula.Parse([]byte(typedRingJSON))
	if err != nil {
		t.Fatal(err)
	}
	tb := h.newTab(t)
	tb.openExperiment(hash("mode", "experiment", "problems", def.ID()+",rosenbrock", "typed", play.EncodeTyped(def), "dim", "10",
		"fes", "1000", "runs", "2", "seed", "5", "configs", "pmode:pmode,cmode:cmode", "workers", "2"))
	if s := tb.expState(); s.State != "idle" || s.Total != 8 {
		t.Fatalf("before start: %+v", s)
	}
	tb.noNotice()
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.start(), true`)
	if s := tb.waitExp("the experiment's end", 5*time.Minute, func(s ExpState) bool { return s.State == "done" }); s.Done != 8 || len(s.Failed) != 0 {
		t.Fatalf("done: %+v", s)
	}
	page := eval[string](tb, 10*time.Second, `window.pcaplayExperiment.jsonl()`)
	dir := t.TempDir()
	file := filepath.Join(dir, "ring.json")
	if err := os.WriteFile(file, []byte(typedRingJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	want := cecRuns(t, dir, "pmode,cmode", "1000", "2", "5", [2]string{"@" + file, "10"}, [2]string{"rosenbrock", "2"})
	if got := sortedLines(page); !slices.Equal(got, want) {
		t.Errorf("the page's %d records differ from cec run's %d:\npage %.300s\ncec  %.300s", len(got), len(want), got, want)
	}
	if !strings.Contains(page, `"problem":"`+def.ID()+`"`) {
		t.Errorf("no record names %s", def.ID())
	}
	tb.noConsoleErrors()
}
