package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// cstatus is window.playground.status() in compare mode: run A's fields and
// every run's under runs.
type cstatus struct {
	Status
	Runs []struct {
		FES        float64 `json:"fes"`
		BestFBits  string  `json:"bestFBits"`
		BestVBits  string  `json:"bestVBits"`
		Generation float64 `json:"generation"`
		Done       bool    `json:"done"`
		MaxFES     float64 `json:"maxFES"`
		Run        string  `json:"run"`
		Name       string  `json:"name"`
		Running    bool    `json:"running"`
	} `json:"runs"`
}

// compareStatus reads status() with the bits of every run's best f and v.
func (t *tab) compareStatus() cstatus {
	t.tb.Helper()
	return eval[cstatus](t, 30*time.Second, jsExpr("compare-status"))
}

// TestCompareLoads: the default comparison (B = A with PCA-projection off)
// from compare=2; both runs drawn, named and coloured alike in every panel.
func TestCompareLoads(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open("compare=2")
	tb.noNotice()
	s := tb.compareStatus()
	if len(s.Runs) != 2 || s.Runs[1].Name != "B: pmode, pca=false" || s.FES != s.Runs[0].FES {
		t.Fatalf("status %+v", s)
	}
	type page struct {
		Hash    string      `json:"hash"`
		Heads   []string    `json:"heads"`
		Colors  []string    `json:"colors"`
		Series  []string    `json:"series"`
		Rows    int         `json:"rows"`
		Drawn   []bool      `json:"drawn"`
		Windows [][]float64 `json:"windows"`
	}
	tb.call("step")
	p := eval[page](tb, 30*time.Second, jsExpr("compare-page"))
	t.Logf("%+v", p)
	tb.shot("compare")
	if !strings.Contains(p.Hash, "b.pca=false") || !strings.Contains(p.Hash, "compare=2") {
		t.Errorf("address %s: want b.pca=false and compare=2", p.Hash)
	}
	tb.noConsoleErrors()
}

// sameRunsAlone checks each run against a fresh run of the settings it was
// configured with, as the single-run page makes it (a RunController in a
// worker of its own, the official data loaded where the run has it),
// stepped as many generations: the same FES and the same bits of best f
// and v.
func sameRunsAlone(t *testing.T, tb *tab, what string) {
	t.Helper()
	type alone struct {
		FES   []float64 `json:"fes"`
		FBits []string  `json:"fbits"`
		VBits []string  `json:"vbits"`
	}
	s := tb.compareStatus()
	a := eval[alone](tb, 180*time.Second, jsExpr("runs-alone"))
	for i, r := range s.Runs {
		if a.FES[i] != r.FES || a.FBits[i] != r.BestFBits || a.VBits[i] != r.BestVBits {
			t.Errorf("%s: run %s at generation %v: FES %v, f %s, v %s; alone: FES %v, f %s, v %s", what, r.Run, r.Generation,
				r.FES, r.BestFBits, r.BestVBits, a.FES[i], a.FBits[i], a.VBits[i])
		}
	}
}

// Lockstep by FES: PMODE (λ = 8 FES a generation) against HECO-PDE (12):
// step, play and pause leave B at A's FES (at most one generation of B
// past it); each run is bit for bit the run it is alone; reset acts on both.
func TestCompareLockstepAndBitIdentical(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("problem", "C01", "dim", "10", "algo", "pmode", "b.algo", "heco-pde", "seed", "3", "speed", "8"))
	tb.noNotice()
	perGen := 0.0
	check := func(what string) cstatus {
		s := tb.compareStatus()
		if len(s.Runs) != 2 {
			t.Fatalf("%s: %d runs", what, len(s.Runs))
		}
		a, b := s.Runs[0], s.Runs[1]
		if s.FES != a.FES || s.BestFBits != a.BestFBits {
			t.Errorf("%s: status() fields %v/%s differ from runs[0] %v/%s", what, s.FES, s.BestFBits, a.FES, a.BestFBits)
		}
		// (at generation 0 each run stands at its initial population)
		if a.Generation > 0 && (b.FES < a.FES || (perGen > 0 && b.FES-a.FES >= perGen)) {
			t.Errorf("%s: FES A %v, B %v: not in lockstep (B's generation is %v FES)", what, a.FES, b.FES, perGen)
		}
		return s
	}
	s0 := check("loaded")
	if s0.Runs[1].Name != "B: heco-pde" {
		t.Errorf("B's name %q", s0.Runs[1].Name)
	}
	tb.call("step")
	s1 := tb.compareStatus()
	if s1.Runs[0].Generation != 1 || s1.Runs[0].FES != s0.Runs[0].FES+8 {
		t.Errorf("one step: A at generation %v FES %v (from %v)", s1.Runs[0].Generation, s1.Runs[0].FES, s0.Runs[0].FES)
	}
	tb.call("step")
	s2 := tb.compareStatus()
	perGen = (s2.Runs[1].FES - s0.Runs[1].FES) / s2.Runs[1].Generation
	if perGen <= 8 {
		t.Fatalf("B spends %v FES a generation; the test wants more than A's 8", perGen)
	}
	check("two steps")
	tb.call("play")
	tb.waitFor("a second of play", 30*time.Second, func(s Status) bool { return s.FES > s2.FES+2000 })
	tb.call("pause")
	s := check("paused")
	if s.Runs[0].Generation <= s.Runs[1].Generation {
		t.Errorf("A at generation %v, B at %v: lockstep is by FES, A's generations are cheaper", s.Runs[0].Generation, s.Runs[1].Generation)
	}
	sameRunsAlone(t, tb, "paused")
	tb.call("reset")
	s = check("reset")
	if s.Runs[0].Generation != 0 || s.Runs[1].Generation != 0 || s.Runs[0].BestFBits != s0.Runs[0].BestFBits || s.Runs[1].BestFBits != s0.Runs[1].BestFBits {
		t.Errorf("reset: %+v, want both at generation 0 as loaded", s.Runs)
	}
	tb.noConsoleErrors()
}

// A run to the end: both runs use their budget, lockstep holds, the
// scoreboard's first FES are Go's, and each run is its run alone.
func TestCompareRunToEnd(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("problem", "circle", "fes", "6000", "speed", "10", "b.pcaprob", "0.5"))
	tb.call("play")
	deadline := time.Now().Add(120 * time.Second)
	s := tb.compareStatus()
	for !(s.Runs[0].Done && s.Runs[1].Done && !s.Running) && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
		s = tb.compareStatus()
	}
	for _, r := range s.Runs {
		if !r.Done || r.FES > r.MaxFES || r.MaxFES != 6000 {
			t.Errorf("run %s: done %v, FES %v of %v", r.Run, r.Done, r.FES, r.MaxFES)
		}
	}
	sameRunsAlone(t, tb, "the end")
	type board struct {
		Targets []string    `json:"targets"`
		FES     [][]float64 `json:"fes"`
		Known   bool        `json:"known"`
		Cells   [][]string  `json:"cells"`
	}
	b := eval[board](tb, 10*time.Second, jsExpr("scoreboard-shown"))
	if len(b.FES) != 2 || len(b.Targets) != 4 || !b.Known || len(b.Cells) != 2 {
		t.Fatalf("scoreboard %+v", b)
	}
	for i, row := range b.FES {
		if row[0] < 0 || row[1] < 0 {
			t.Errorf("run %d never feasible or never within 1e-2 on circle: %v", i, row)
		}
		for j, fes := range row {
			want := "–"
			if fes >= 0 {
				want = fmt.Sprint(fes)
			}
			if b.Cells[i][j+1] != want {
				t.Errorf("scoreboard cell %d,%d shows %q, Go says %v", i, j, b.Cells[i][j+1], fes)
			}
		}
	}
	tb.noConsoleErrors()
}

// The address: B's overrides prefixed, clamped like A's with a notice that
// names the prefixed key; a key of a run the page lacks is named and
// dropped; the address written back opens the same comparison; set() and
// a hand-edited address change B.
func TestCompareURLRoundTrip(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("problem", "C01", "dim", "2", "b.algo", "heco-pde", "b.pcaprob", "7", "d.seed", "5", "compare", "2"))
	shown, text := tb.notice()
	if !shown || !strings.Contains(text, "b.pcaprob=7") || !strings.Contains(text, "d.seed=5") {
		t.Errorf("notice %v %q: want b.pcaprob=7 and d.seed=5 named", shown, text)
	}
	h1 := eval[string](tb, 5*time.Second, `location.hash`)
	if !strings.Contains(h1, "b.algo=heco-pde") || !strings.Contains(h1, "b.pcaprob=1") || strings.Contains(h1, "d.seed") || !strings.Contains(h1, "compare=2") {
		t.Errorf("address written back %s", h1)
	}
	tb.call("step")
	s1 := tb.compareStatus()
	// the written address opens the same comparison, without notice
	tb2 := h.newTab(t)
	tb2.open(strings.TrimPrefix(h1, "#"))
	tb2.noNotice()
	if h2 := eval[string](tb2, 5*time.Second, `location.hash`); h2 != h1 {
		t.Errorf("reopened address %s, want %s", h2, h1)
	}
	tb2.call("step")
	s2 := tb2.compareStatus()
	for i := range s1.Runs {
		if s1.Runs[i].BestFBits != s2.Runs[i].BestFBits || s1.Runs[i].FES != s2.Runs[i].FES || s1.Runs[i].Name != s2.Runs[i].Name {
			t.Errorf("run %d: %+v, reopened %+v", i, s1.Runs[i], s2.Runs[i])
		}
	}
	// set() with a prefixed key, then a hand-edited address
	eval[bool](tb2, 60*time.Second, `window.playground.set({"b.algo": "cmode"}).then(() => true)`)
	if n := tb2.compareStatus().Runs[1].Name; n != "B: cmode, pcaprob=1" {
		t.Errorf("after set b.algo=cmode: B is %q, want cmode with B's pcaprob kept", n)
	}
	eval[bool](tb2, 5*time.Second, `(location.hash = location.hash.replace("b.pcaprob=1", "b.pcaprob=0.5"), true)`)
	tb2.waitFor("hand-edited address", 30*time.Second, func(Status) bool {
		return tb2.compareStatus().Runs[1].Name == "B: cmode, pcaprob=0.5"
	})
	// back to one run: the single-run page with A's settings
	eval[bool](tb2, 5*time.Second, jsCall("click", `[data-panel="controls"] [data-role="compare"]`))
	type onePage struct {
		Hash string `json:"hash"`
		Runs bool   `json:"runs"`
		Mode bool   `json:"mode"`
	}
	var one onePage
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		// the page reloads into the single-run mode
		o, err := tryEval[onePage](tb2, 20*time.Second, jsExpr("compare-url-page"))
		if err == nil && !o.Mode {
			one = o
			break
		}
	}
	if one.Hash == "" || strings.Contains(one.Hash, "b.") || strings.Contains(one.Hash, "compare=") || one.Runs {
		t.Errorf("back to one run: %+v", one)
	}
	tb.noConsoleErrors()
	tb2.noConsoleErrors()
}

// Embedded, panels=landscape shows both runs' landscapes side by side,
// filling the frame with nothing to scroll, on identical axes.
func TestCompareEmbed(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	for _, sz := range [][2]int64{{960, 540}, {640, 360}} {
		name := fmt.Sprintf("compare embed at %dx%d", sz[0], sz[1])
		tb.do(30*time.Second, chromedp.EmulateViewport(sz[0], sz[1]))
		tb.navigate(h.pageURL(hash("embed", "1", "panels", "landscape", "compare", "2", "problem", "disc", "zoom", "pop")))
		tb.waitReady()
		tb.call("step")
		eval[bool](tb, 10*time.Second, jsCall("after-two-frames", 200))
		l := eval[embedLayout](tb, 10*time.Second, embedLayoutJS)
		checkEmbedLayout(t, name, l)
		if len(l.Canvases) != 2 || l.Canvases[0].Right > l.Canvases[1].Left {
			t.Errorf("%s: canvases %+v: want two landscapes side by side", name, l.Canvases)
		}
		w := eval[[][]float64](tb, 10*time.Second, `window.playground.chartInfo().runs.map((r) => r.window)`)
		if len(w) != 2 || fmt.Sprint(w[0]) != fmt.Sprint(w[1]) {
			t.Errorf("%s: windows %v: want one window for both", name, w)
		}
		tb.shot(strings.ReplaceAll(name, " ", "-"))
	}
	tb.noConsoleErrors()
}

// TestScreenshotCompare retakes docs/compare.png (the picture of compare
// mode in docs/guide/compare.md; make screenshot): PCA-projection on vs off on Rosenbrock's
// valley after 4000 FES, landscapes, the overlaid chart and the scoreboard.
// Without PCAPLAY_UPDATE_SCREENSHOT=1 it writes docs/compare.tmp.png.
func TestScreenshotCompare(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.do(30*time.Second, chromedp.EmulateViewport(1280, 1400))
	tb.open(hash("compare", "2", "panels", "landscape,convergence", "speed", "5"))
	tb.call("play")
	tb.waitFor("4000 FES", 60*time.Second, func(s Status) bool { return s.FES >= 4000 })
	tb.call("pause")
	eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => requestAnimationFrame(() => r(true)), 1500))`)
	saveScreenshot(t, tb.screenshot(), "compare")
	tb.noConsoleErrors()
}

// D > 2: the runs' principal-component views share one plane (the same
// axes v1, v2) and one window, after a step and after play.
func TestComparePCViewsShareAxes(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("compare", "2", "problem", "C05", "dim", "10", "b.algo", "heco-pde", "speed", "8"))
	check := func(what string) {
		type pcInfo struct {
			PCWindow []float64   `json:"pcWindow"`
			PCAxes   [][]float64 `json:"pcAxes"`
			Drawn    bool        `json:"landscapeDrawn"`
		}
		ci := eval[[]pcInfo](tb, 10*time.Second, `new Promise((r) => setTimeout(() => r(window.playground.chartInfo().runs), 400))`)
		if len(ci) != 2 || len(ci[0].PCWindow) != 4 || len(ci[0].PCAxes) != 2 || len(ci[0].PCAxes[0]) != 10 || !ci[0].Drawn || !ci[1].Drawn {
			t.Fatalf("%s: %+v", what, ci)
		}
		if fmt.Sprint(ci[0].PCWindow) != fmt.Sprint(ci[1].PCWindow) || fmt.Sprint(ci[0].PCAxes) != fmt.Sprint(ci[1].PCAxes) {
			t.Errorf("%s: the PC views differ: window %v vs %v", what, ci[0].PCWindow, ci[1].PCWindow)
		}
	}
	tb.call("step")
	check("a step")
	tb.call("play")
	tb.waitFor("play", 30*time.Second, func(s Status) bool { return s.Generation > 20 })
	tb.call("pause")
	check("paused")
	tb.noConsoleErrors()
}

// Another number of runs makes the page anew for them: "Add run C" (the
// address's compare=3) adds run C, a copy of A; set({"c.algo": …})
// changes it.
func TestCompareThreeRuns(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("compare", "2", "problem", "circle"))
	eval[bool](tb, 5*time.Second, `(document.querySelector('[data-role="add-run"]').click(), true)`)
	var n int
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline) && n != 3; time.Sleep(200 * time.Millisecond) {
		n, _ = tryEval[int](tb, 20*time.Second, `window.__e2e.whenReady(15000).then(() => window.playground.status().runs.length)`)
	}
	if n != 3 {
		t.Fatalf("compare=3: %d runs", n)
	}
	eval[bool](tb, 60*time.Second, `window.playground.set({"c.algo": "de"}).then(() => true)`)
	s := tb.compareStatus()
	if s.Runs[2].Name != "C: de" || s.Runs[1].Name != "B: pmode, pca=false" {
		t.Errorf("runs %q, %q", s.Runs[1].Name, s.Runs[2].Name)
	}
	tb.call("step")
	s = tb.compareStatus()
	for _, r := range s.Runs[1:] {
		if r.FES < s.FES {
			t.Errorf("run %s at FES %v behind A's %v", r.Run, r.FES, s.FES)
		}
	}
	tb.noConsoleErrors()
}
