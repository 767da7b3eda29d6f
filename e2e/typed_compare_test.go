package e2e

import (
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
	"pcaplay/core/stats"
	"pcaplay/internal/experiment"
	"pcaplay/internal/play"
)

// TestTypedProblemInCompare: compare mode's problem menu has "custom…",
// the playground's editor: a bad formula is Go's one-line error (the runs
// go on with their problem; the open editor passes axe-core's checks),
// and "Use this problem" sets the typed= and problem= every run shares.
// PMODE against PMODE without PCA-projection (b.pca=false) on the typed
// problem, on 3 seeds, runs to the end: each run's final best is, bit for
// bit, that of cec run -problem @file on the same seed (-set pca=false for
// B), the median curves are those of cec run's records; the address
// written back, opened in a new tab, is the same comparison to the same
// bits.
func TestTypedProblemInCompare(t *testing.T) {
	const seed, fes, seeds = 5, 4000, 3
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("compare", "2", "algo", "pmode", "seed", fmt.Sprint(seed), "fes", fmt.Sprint(fes), "speed", "10", "seeds", fmt.Sprint(seeds)))
	tb.noNotice()

	bad := strings.Replace(typedRingJSON, "sin(3*x1)", "sin(3*y1)", 1)
	v := eval[editorView](tb, 30*time.Second, jsCall("type-problem", bad))
	if !v.Open || v.OK || !v.UseDisabled || !strings.Contains(v.Status, "f at D = 2: column 38: unknown name y1") ||
		!strings.HasSuffix(v.Caret, strings.Repeat(" ", 3+37)+"^") {
		t.Errorf("a bad formula: editor %+v", v)
	}
	if n := eval[int](tb, 5*time.Second, `document.querySelectorAll('[data-role="problem-editor"]').length`); n != 1 {
		t.Errorf("%d problem editors: want run A's alone (the problem is shared)", n)
	}
	if p := eval[[]string](tb, 5*time.Second, `window.playground.chartInfo().compare.values.map((v) => v.problem)`); len(p) != 2 || p[0] != "rosenbrock" || p[1] != "rosenbrock" {
		t.Errorf("a bad formula changed the comparison: the runs are on %q", p)
	}
	for _, a := range tb.axeRun(t, axeSource(t)) {
		t.Errorf("compare mode's problem editor: %s (%s): %s — %s", a.ID, a.Impact, a.Help, fmt.Sprint(a.Targets))
	}

	v = eval[editorView](tb, 30*time.Second, jsCall("type-problem", typedRingJSON))
	def, err := formula.Parse([]byte(typedRingJSON))
	if err != nil {
		t.Fatal(err)
	}
	if !v.OK || v.UseDisabled || !strings.Contains(v.Status, def.ID()) {
		t.Fatalf("a good definition: editor %+v, want %s", v, def.ID())
	}
	tb.do(10*time.Second, chromedp.Click(chromedp.CSS(`[data-role="problem-use"]`)))
	addr := tb.waitForHash("typed=", 60*time.Second)
	vals, err := url.ParseQuery(strings.TrimPrefix(addr, "#"))
	if err != nil {
		t.Fatal(err)
	}
	if vals.Get("problem") != def.ID() || vals.Get("typed") != play.EncodeTyped(def) || vals.Get("dim") != "2" ||
		vals.Get("compare") != "2" || vals.Get("b.pca") != "false" || vals.Get("seeds") != fmt.Sprint(seeds) {
		t.Errorf("address %s: want problem=%s, typed=%s, dim=2, compare=2, b.pca=false, seeds=%d", addr, def.ID(), play.EncodeTyped(def), seeds)
	}
	tb.noNotice()
	first := typedCompareToEnd(t, tb, def.ID(), seeds)

	// cec run -problem @file: seeds 5…7, A as is, B with pca=false
	dir := t.TempDir()
	file := filepath.Join(dir, "ring.json")
	if err := os.WriteFile(file, []byte(typedRingJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, set := range [][]string{nil, {"-set", "pca=false"}} {
		out := filepath.Join(dir, fmt.Sprintf("run-%d.jsonl", i))
		args := append([]string{"run", "-algo", "pmode", "-problem", "@" + file, "-fes", fmt.Sprint(fes), "-runs", fmt.Sprint(seeds),
			"-seed", fmt.Sprint(seed), "-workers", "2", "-quiet", "-o", out}, set...)
		cec(t, args...)
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		recs, _, err := experiment.Read(strings.NewReader(string(b)), out)
		if err != nil {
			t.Fatal(err)
		}
		recs = experiment.Select(recs, "pmode", def.ID(), 2)
		if len(recs) != seeds || recs[0].Seed != seed {
			t.Fatalf("cec run %s: %d records of %s, first on seed %v", strings.Join(args, " "), len(recs), def.ID(), recs[0].Seed)
		}
		r := first.status.Runs[i]
		if want := fmt.Sprintf("%016x", math.Float64bits(recs[0].F)); r.BestFBits != want {
			t.Errorf("run %s: the page's best f bits %s, cec run's on seed %d %v (bits %s)", r.Run, r.BestFBits, seed, recs[0].F, want)
		}
		band, err := stats.ConvergenceBand(experiment.StatsCurves(recs))
		if err != nil {
			t.Fatal(err)
		}
		sf := first.seeds.Seeds
		if !slices.Equal(sf.FES, band.FES) || !slices.Equal(sf.MedianF[i], band.Median.F) || !slices.Equal(sf.MedianV[i], band.Median.V) {
			t.Errorf("run %s: the page's median curve over %d seeds differs from cec run's records'\npage %v\ncec  %v", r.Run, seeds, sf.MedianF[i], band.Median.F)
		}
	}
	tb.noConsoleErrors()

	// the address written back reopens the same comparison
	tb2 := h.newTab(t)
	tb2.open(strings.TrimPrefix(addr, "#"))
	tb2.noNotice()
	if h2 := eval[string](tb2, 5*time.Second, `location.hash`); h2 != addr {
		t.Errorf("reopened address %s, want %s", h2, addr)
	}
	again := typedCompareToEnd(t, tb2, def.ID(), seeds)
	for i, r := range again.status.Runs {
		if f := first.status.Runs[i]; r.Name != f.Name || r.BestFBits != f.BestFBits || r.BestVBits != f.BestVBits || r.FES != f.FES {
			t.Errorf("run %s reopened: %+v, first %+v", r.Run, r, f)
		}
	}
	if !slices.Equal(again.seeds.Seeds.MedianF[0], first.seeds.Seeds.MedianF[0]) || !slices.Equal(again.seeds.Seeds.MedianF[1], first.seeds.Seeds.MedianF[1]) {
		t.Errorf("reopened: the median curves differ")
	}
	tb2.noConsoleErrors()
}

// typedCompare is a comparison at its end: every run's status and the
// frame over the seeds.
type typedCompare struct {
	status cstatus
	seeds  seedsPage
}

// typedCompareToEnd checks that both runs of tb are configured on the
// typed problem id (the menu shows it, Go's values carry typed=, each
// landscape is drawn), plays them to the end of their budget and of the
// seeds, and returns where they stand.
func typedCompareToEnd(t *testing.T, tb *tab, id string, seeds int) typedCompare {
	t.Helper()
	type shown struct {
		Menu   string   `json:"menu"`
		Values []string `json:"values"`
		Typed  []bool   `json:"typed"`
		Drawn  []bool   `json:"drawn"`
	}
	s := eval[shown](tb, 10*time.Second, `(() => { const c = window.playground.chartInfo(); return {
		menu: document.querySelector('[data-role="problem"]').value,
		values: c.compare.values.map((v) => v.problem), typed: c.compare.values.map((v) => !!v.typed),
		drawn: c.runs.map((r) => r.landscapeDrawn) }; })()`)
	if s.Menu != id || len(s.Values) != 2 || s.Values[0] != id || s.Values[1] != id || !s.Typed[0] || !s.Typed[1] || !s.Drawn[0] || !s.Drawn[1] {
		t.Errorf("the runs on %s: %+v", id, s)
	}
	tb.call("play")
	var end typedCompare
	for deadline := time.Now().Add(3 * time.Minute); ; time.Sleep(200 * time.Millisecond) {
		end.status = tb.compareStatus()
		end.seeds = eval[seedsPage](tb, 30*time.Second, jsExpr("compare-seeds"))
		done := end.status.Runs[0].Done && end.status.Runs[1].Done && !end.status.Running
		if done && end.seeds.Seeds != nil && end.seeds.Seeds.Done {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the comparison on %s did not end: %+v, seeds %+v", id, end.status, end.seeds.Seeds)
		}
	}
	if sf := end.seeds.Seeds; sf.N != seeds || len(sf.MedianF) != 2 {
		t.Fatalf("seeds frame %+v", sf)
	}
	return end
}
