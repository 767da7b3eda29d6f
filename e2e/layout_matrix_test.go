package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// layoutSurvey is js/layout-survey.js.
type layoutSurvey struct {
	W, H, ScrollW, ScrollH                            float64
	Sideways, Overflows, Cut, Overlaps, Small, Uneven []string
	LeftOut, Plots                                    []string
}

// minPlot is the least width and height of a visible chart or canvas, in
// CSS px: a plot smaller than this is left out by the layout, which says so.
const minPlot = 200

// screen is one viewport with its text scale.
type screen struct {
	w, h  int64
	font  string
	phone bool
}

func (s screen) String() string {
	return fmt.Sprintf("%dx%d-f%s", s.w, s.h, s.font)
}

// lectureScreens are the sizes of the "Done means": a slide
// (640×360, 960×540), a laptop (1280×720), a projector (1920×1080), each at
// font=1 and 1.5, and a phone; embeds also at 4:3 (1024×768).
func lectureScreens(embed bool) []screen {
	s := []screen{{390, 844, "1", true}}
	for _, wh := range [][2]int64{{640, 360}, {960, 540}, {1280, 720}, {1920, 1080}} {
		for _, f := range []string{"1", "1.5"} {
			s = append(s, screen{wh[0], wh[1], f, false})
		}
	}
	if embed {
		s = append(s, screen{1024, 768, "1", false})
	}
	return s
}

// layoutMode is one mode of the site: its address (a hash of index.html,
// or results.html) and how it is brought to a state worth looking at.
type layoutMode struct {
	name, hash string
	embed      bool
	lesson     string // the lesson's page (its steps are hash changes of one page), or ""
	prepare    func(tb *tab, m layoutMode)
}

// stepped waits for the page and steps it n generations, so that every plot
// has drawn something.
func stepped(n int) func(*tab, layoutMode) {
	return func(tb *tab, _ layoutMode) {
		tb.waitReady()
		for i := 0; i < n; i++ {
			tb.call("step")
		}
	}
}

func lessonStep(step int) func(*tab, layoutMode) {
	return func(tb *tab, _ layoutMode) {
		tb.waitReady()
		tb.waitLesson(step)
	}
}

func layoutModes(t *testing.T) []layoutMode {
	modes := []layoutMode{
		{name: "playground", hash: hash("problem", "rosenbrock"), prepare: stepped(3)},
		{name: "playground-C05-10D", hash: hash("problem", "C05", "dim", "10"), prepare: stepped(3)},
		{name: "compare2", hash: hash("compare", "2"), prepare: stepped(3)},
		{name: "compare3", hash: hash("compare", "3"), prepare: stepped(3)},
		{name: "compare4", hash: hash("compare", "4"), prepare: stepped(3)},
		{name: "compare-seeds", hash: hash("compare", "2", "seeds", "10"), prepare: stepped(3)},
	}
	for step := 1; step <= 7; step++ {
		modes = append(modes, layoutMode{name: fmt.Sprintf("lesson%d", step), hash: hash("lesson", "fig1", "step", fmt.Sprint(step)), lesson: "fig1", prepare: lessonStep(step)})
	}
	modes = append(modes,
		layoutMode{name: "experiment", hash: hash("mode", "experiment"), prepare: func(tb *tab, _ layoutMode) {
			eval[bool](tb, 90*time.Second, jsExpr("experiment-ready"))
		}},
		layoutMode{name: "results", hash: "results.html", prepare: showResults(t)},
	)
	embeds := []layoutMode{
		{name: "embed", hash: hash("embed", "1"), prepare: stepped(3)},
		{name: "embed-landscape", hash: hash("embed", "1", "panels", "landscape"), prepare: stepped(3)},
		{name: "embed-operator", hash: hash("embed", "1", "panels", "operator"), prepare: stepped(3)},
		{name: "embed-convergence", hash: hash("embed", "1", "panels", "convergence"), prepare: stepped(3)},
		{name: "embed-landscape-operator", hash: hash("embed", "1", "panels", "landscape,operator"), prepare: stepped(3)},
		{name: "embed-pcview", hash: hash("embed", "1", "panels", "pcview,convergence", "problem", "C05", "dim", "10"), prepare: stepped(3)},
		{name: "embed-controls", hash: hash("embed", "1", "panels", "controls,landscape"), prepare: stepped(3)},
		{name: "embed-compare2", hash: hash("embed", "1", "compare", "2"), prepare: stepped(3)},
		{name: "embed-compare3", hash: hash("embed", "1", "compare", "3"), prepare: stepped(3)},
		{name: "embed-compare4", hash: hash("embed", "1", "compare", "4"), prepare: stepped(3)},
		{name: "embed-compare2-landscape", hash: hash("embed", "1", "compare", "2", "panels", "landscape"), prepare: stepped(3)},
		{name: "embed-lesson3", hash: hash("embed", "1", "lesson", "fig1", "step", "3"), prepare: lessonStep(3)},
		{name: "embed-lesson6", hash: hash("embed", "1", "lesson", "fig1", "step", "6"), prepare: lessonStep(6)},
	}
	for i := range embeds {
		embeds[i].embed = true
	}
	return append(modes, embeds...)
}

// showResults makes a small run file (four configurations on C01 at D = 10)
// once and shows it on the results page.
func showResults(t *testing.T) func(*tab, layoutMode) {
	var lines string
	return func(tb *tab, _ layoutMode) {
		if lines == "" {
			runs := filepath.Join(t.TempDir(), "runs.jsonl")
			cec(t, "run", "-algo", "cmode,pmode,heco-de,heco-pde", "-problem", "C01", "-dim", "10", "-runs", "5", "-seed", "3", "-fes", "2000", "-quiet", "-o", runs)
			b, err := os.ReadFile(runs)
			if err != nil {
				t.Fatal(err)
			}
			j, _ := json.Marshal(strings.Split(strings.TrimSuffix(string(b), "\n"), "\n"))
			lines = string(j)
		}
		eval[bool](tb, 30*time.Second, jsExpr("results-page-ready"))
		eval[bool](tb, 60*time.Second, fmt.Sprintf(`window.pcaplayResults.show({configs: ["cmode", "pmode", "heco-de", "heco-pde"]}, %s).then(() => true)`, lines))
		eval[bool](tb, 30*time.Second, jsExpr("convergence-chart-drawn"))
	}
}

// Every mode of the site (the playground, compare mode with 2–4 runs and
// with seeds, each step of the lesson, the experiment view, the results
// page, and embeds: a single run with each panels= choice, compare mode,
// a lesson step) at every lecture screen (lectureScreens: 640×360 to
// 1920×1080 at font=1 and 1.5, a phone, 1024×768 for embeds), checked by
// geometry (js/layout-survey.js): nothing scrolls sideways (an embed not
// at all); no element reaches out of its panel; no text is cut with …;
// no two text boxes overlap, the page's or a chart's (its axis names,
// ticks, legend and titles); every visible chart and canvas is at least
// minPlot px in each dimension, and a plot the layout leaves out for
// want of room is named in a visible note (data-role="left-out"); compare
// mode's runs side by side keep their panels level; the
// lesson's Back and Next are on the screen; every mode but the
// experiment view (no plot before a run) shows a plot.
//
// One browser tab; a page load per mode and font (font= is read on load;
// the lesson's steps are hash changes of one page, as its links are), at
// the first screen of that font, then the viewport is emulated at each
// other screen in turn (the page follows a resize: a projector's window
// may change size during a lecture). PCAPLAY_LAYOUT=name,… runs those
// modes alone; PCAPLAY_E2E_SHOTS keeps a screenshot per case.
func TestLayoutMatrix(t *testing.T) {
	h := setup(t)
	only := map[string]bool{}
	for _, n := range strings.Split(os.Getenv("PCAPLAY_LAYOUT"), ",") {
		if n != "" {
			only[n] = true
		}
	}
	tb := h.newTab(t)
	start := time.Now()
	cases, loads := 0, 0
	for _, font := range []string{"1", "1.5"} {
		shown := "" // the lesson's page shown now, at this font: a step is a hash change
		for _, m := range layoutModes(t) {
			if len(only) > 0 && !only[m.name] {
				continue
			}
			var screens []screen
			for _, s := range lectureScreens(m.embed) {
				if s.font == font {
					screens = append(screens, s)
				}
			}
			for i, s := range screens {
				emulate(tb, s)
				if i == 0 {
					if m.lesson != "" && m.lesson == shown {
						eval[bool](tb, 10*time.Second, "location.hash = "+jsonQuote(m.hash+"&font="+font)+", true")
						m.prepare(tb, m)
					} else {
						loadMode(tb, h, m, font)
						loads++
					}
					shown = m.lesson
				}
				checkLayout(t, tb, m, s)
				cases++
			}
		}
	}
	t.Logf("%d cases, %d page loads, in %v", cases, loads, time.Since(start).Round(time.Second))
	tb.noConsoleErrors()
}

func jsonQuote(s string) string { b, _ := json.Marshal(s); return string(b) }

func emulate(tb *tab, s screen) {
	if s.phone {
		tb.do(30*time.Second, chromedp.EmulateViewport(s.w, s.h, chromedp.EmulateMobile))
	} else {
		tb.do(30*time.Second, chromedp.EmulateViewport(s.w, s.h))
	}
}

// loadMode loads the page of mode m at font and brings it to its state.
func loadMode(tb *tab, h *harness, m layoutMode, font string) {
	u := h.siteURL + "results.html"
	if m.hash != "results.html" {
		u = h.pageURL(m.hash + "&font=" + font)
	} else if font != "1" {
		u += "#font=" + font
	}
	tb.navigate("about:blank")
	tb.navigate(u)
	m.prepare(tb, m)
}

func checkLayout(t *testing.T, tb *tab, m layoutMode, s screen) {
	t.Helper()
	name := m.name + "@" + s.String()
	eval[bool](tb, 10*time.Second, jsCall("after-two-frames", 150))
	l := eval[layoutSurvey](tb, 30*time.Second, jsCall("layout-survey", minPlot))
	for _, kind := range []struct {
		what  string
		found []string
	}{
		{"scrolls", l.Sideways}, {"overflows its panel", l.Overflows}, {"cut", l.Cut},
		{"text overlaps", l.Overlaps}, {"plot under 200 px", l.Small}, {"runs not level", l.Uneven},
	} {
		for i, f := range kind.found {
			if i == 8 {
				t.Errorf("%s: %s: … and %d more", name, kind.what, len(kind.found)-i)
				break
			}
			t.Errorf("%s: %s: %s", name, kind.what, f)
		}
	}
	if len(l.Plots) == 0 && m.name != "experiment" { // the experiment view draws no plot before a run
		t.Errorf("%s: no plot shown (left out: %q)", name, l.LeftOut)
	}
	if strings.Contains(m.hash, "lesson") && !m.embed {
		checkLessonNav(t, tb, name)
	}
	t.Logf("%s: %s; left out: %q", name, strings.Join(l.Plots, ", "), l.LeftOut)
	tb.shot("layout-" + m.name + "-" + s.String())
}

// checkLessonNav: the lesson's Back and Next are on the screen.
func checkLessonNav(t *testing.T, tb *tab, name string) {
	t.Helper()
	l := eval[lessonNav](tb, 10*time.Second, jsExpr("lesson-nav-boxes"))
	seen := 0
	for _, b := range l.Boxes {
		if b.Name != "lesson-back" && b.Name != "lesson-next" {
			continue
		}
		seen++
		if b.Left < -0.5 || b.Top < -0.5 || b.Right > l.W+0.5 || b.Bott > l.H+0.5 {
			t.Errorf("%s: %s at [%.0f, %.0f]–[%.0f, %.0f] is outside the %v×%v screen", name, b.Name, b.Left, b.Top, b.Right, b.Bott, l.W, l.H)
		}
	}
	if seen == 0 {
		t.Errorf("%s: neither Back nor Next is shown", name)
	}
}
