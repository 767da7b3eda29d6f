package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// embedLayout is how an embedded page fits its frame.
type embedLayout struct {
	ScrollW, ScrollH, W, H float64
	// Panels lists the visible panels (the lesson: figure and text) with
	// their box and whether their content overflows them.
	Panels []struct {
		Name                   string
		Left, Top, Right, Bott float64
		Overflow               bool
	}
	// Canvases are the visible canvases' boxes.
	Canvases []struct {
		Name                   string
		Left, Top, Right, Bott float64
	}
	// MinFont is the smallest font size (CSS px) of any visible text.
	MinFont     float64
	MinFontText string
}

// embedLayoutJS measures the page as an embedLayout.
var embedLayoutJS = jsExpr("embed-layout")

// MinReadablePx is the smallest text an embedded page may show.
const MinReadablePx = 11

// Embedded pages fit their frame at 16:9 and 4:3 sizes from 640×360 up:
// nothing scrolls, every visible panel and canvas is inside the frame and
// shows all its content, and no text is smaller than MinReadablePx.
func TestEmbedFitsTheFrame(t *testing.T) {
	h := setup(t)
	sizes := [][2]int64{{640, 360}, {960, 540}, {1280, 720}, {640, 480}, {800, 600}, {1024, 768}}
	pages := []struct{ name, hash string }{
		{"embed", hash("embed", "1")},
		{"embed font=1.5", hash("embed", "1", "font", "1.5")}, // a projector
		{"landscape,operator", hash("embed", "1", "panels", "landscape,operator")},
		{"landscape", hash("embed", "1", "panels", "landscape", "problem", "disc")},
		{"C05 at D=10", hash("embed", "1", "problem", "C05", "dim", "10")},
		{"lesson step 3", hash("embed", "1", "lesson", "fig1", "step", "3")},
		{"lesson step 6", hash("embed", "1", "lesson", "fig1", "step", "6", "pcaprob", "1")},
	}
	for _, pg := range pages {
		tb := h.newTab(t)
		for _, sz := range sizes {
			name := fmt.Sprintf("%s at %dx%d", pg.name, sz[0], sz[1])
			tb.do(30*time.Second, chromedp.EmulateViewport(sz[0], sz[1]))
			tb.navigate(h.pageURL(pg.hash))
			tb.waitReady()
			if strings.Contains(pg.hash, "lesson") {
				tb.waitLesson(int(pg.hash[strings.Index(pg.hash, "step=")+5] - '0'))
			}
			// the layout after the first frames are drawn
			eval[bool](tb, 10*time.Second, jsCall("after-two-frames", 100))
			checkEmbedLayout(t, name, eval[embedLayout](tb, 10*time.Second, embedLayoutJS))
			tb.shot("embed-" + strings.NewReplacer(" ", "-", ",", "-", "=", "").Replace(name))
		}
		tb.noConsoleErrors()
	}
}

func checkEmbedLayout(t *testing.T, name string, l embedLayout) {
	t.Helper()
	if l.ScrollW > l.W || l.ScrollH > l.H {
		t.Errorf("%s: the page is %v×%v in a %v×%v frame: it scrolls", name, l.ScrollW, l.ScrollH, l.W, l.H)
	}
	if len(l.Panels) == 0 || len(l.Canvases) == 0 {
		t.Errorf("%s: %d panels and %d canvases visible", name, len(l.Panels), len(l.Canvases))
	}
	in := func(left, top, right, bott float64) bool {
		return left >= -0.5 && top >= -0.5 && right <= l.W+0.5 && bott <= l.H+0.5
	}
	for _, p := range l.Panels {
		if !in(p.Left, p.Top, p.Right, p.Bott) {
			t.Errorf("%s: panel %s at [%v, %v]–[%v, %v] is cut by the %v×%v frame", name, p.Name, p.Left, p.Top, p.Right, p.Bott, l.W, l.H)
		}
		if p.Overflow {
			t.Errorf("%s: panel %s holds more than it shows", name, p.Name)
		}
	}
	for _, c := range l.Canvases {
		w, hh := c.Right-c.Left, c.Bott-c.Top
		if !in(c.Left, c.Top, c.Right, c.Bott) || w < 150 || hh < 150 {
			t.Errorf("%s: canvas %s is %v×%v at [%v, %v]: cut or too small", name, c.Name, w, hh, c.Left, c.Top)
		}
	}
	if l.MinFont < MinReadablePx {
		t.Errorf("%s: text %q is %vpx, below %dpx", name, l.MinFontText, l.MinFont, MinReadablePx)
	}
}

// font= scales the page's text for a projector: the playground's, the
// lesson's and the canvases' (which read the same scale).
func TestFontScale(t *testing.T) {
	h := setup(t)
	var tb *tab
	size := func(sel string) float64 {
		return eval[float64](tb, 10*time.Second, jsCall("font-size-of", sel))
	}
	tb = h.newTab(t) // a new tab per address: a page load, not a hash change
	tb.open(hash("problem", "rosenbrock"))
	base := size("body")
	tb = h.newTab(t)
	tb.open(hash("problem", "rosenbrock", "font", "1.5"))
	if got := size("body"); got != 1.5*base {
		t.Errorf("font=1.5: body text %vpx, want 1.5 × %vpx", got, base)
	}
	if got := eval[float64](tb, 10*time.Second, `parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--font"))`); got != 1.5 {
		t.Errorf("font=1.5: --font = %v (the canvases' scale)", got)
	}
	tb.noNotice()
	tb.noConsoleErrors()
	tb = h.newTab(t)
	tb.openLesson(hash("lesson", "fig1", "step", "3"), 3)
	lb := size(".lesson-paras p")
	tb = h.newTab(t)
	tb.openLesson(hash("lesson", "fig1", "step", "3", "font", "2"), 3)
	if got := size(".lesson-paras p"); got != 2*lb {
		t.Errorf("font=2: the lesson's text is %vpx, want 2 × %vpx", got, lb)
	}
	if s := eval[string](tb, 10*time.Second, `location.hash`); !strings.Contains(s, "font=2") {
		t.Errorf("the lesson's address %s lost font=2", s)
	}
	tb.noConsoleErrors()
}

// compareEmbedLayout is js/compare-embed-layout.js.
type compareEmbedLayout struct {
	ScrollW, ScrollH, W, H float64
	Panels                 []struct {
		Name                   string
		Left, Top, Right, Bott float64
		Overflow               bool
	}
	Canvases []struct {
		Name                   string
		Left, Top, Right, Bott float64
	}
	Chart, Board struct {
		Shown                  bool
		Left, Top, Right, Bott float64
	}
	LeftOut string // the layout's note on what it left out (fit.js), "" when none is shown
}

// Compare mode embedded (embed=1&compare=2, 3) fits 960×540 and 640×360
// frames: nothing scrolls, every run and panel has room (none 0 wide) and
// shows all it holds, each run's canvases are inside the frame and at
// least 200 px each way, the overlaid convergence chart too, or left out
// by the layout (fit.js), which then says so in its note; its tick labels
// never overlap. Under 420 px of height the scoreboard gives way to the
// chart; at 540 it shows beside a chart shown. On a 640×360 slide the
// runs' operators are left out (their canvases would be ~120 px) and two
// runs' landscapes are at least 200 px.
func TestCompareEmbedFits(t *testing.T) {
	h := setup(t)
	type frame struct {
		w, h int64
		font string
	}
	// a slide on a projector: 960×540 with font=1.5 too
	sizes := []frame{{960, 540, "1"}, {640, 360, "1"}, {960, 540, "1.5"}}
	for _, n := range []string{"2", "3"} {
		tb := h.newTab(t)
		for _, sz := range sizes {
			name := fmt.Sprintf("compare=%s at %dx%d font=%s", n, sz.w, sz.h, sz.font)
			tb.do(30*time.Second, chromedp.EmulateViewport(sz.w, sz.h))
			tb.navigate(h.pageURL(hash("embed", "1", "compare", n, "font", sz.font)))
			tb.waitReady()
			for i := 0; i < 8; i++ {
				tb.call("step")
			}
			eval[bool](tb, 10*time.Second, jsCall("after-two-frames", 300))
			l := eval[compareEmbedLayout](tb, 10*time.Second, jsExpr("compare-embed-layout"))
			checkCompareEmbed(t, name, l, sz.h)
			// a 640×360 slide: each run's landscape alone (the operator's
			// canvas would be ~120 px), two runs' at least 180 px
			if sz.h < 420 {
				for _, c := range l.Canvases {
					if strings.HasSuffix(c.Name, "operator-canvas") {
						t.Errorf("%s: %s shown in a frame under 420 px high", name, c.Name)
					}
				}
				if m := smallestCanvas(l); n == "2" && m < minPlot {
					t.Errorf("%s: the smallest canvas is %.0f px, want at least %d", name, m, minPlot)
				}
			}
			t.Logf("%s: compare chart %.0f×%.0f, %d canvases, the smallest %.0f px", name, l.Chart.Right-l.Chart.Left, l.Chart.Bott-l.Chart.Top, len(l.Canvases), smallestCanvas(l))
			if !l.Chart.Shown {
				tb.shot("embed-compare" + n + fmt.Sprintf("-%dx%d-f%s", sz.w, sz.h, sz.font))
				continue
			}
			c := eval[chartText](tb, 30*time.Second, jsCall("chart-text", `[data-role="compare-chart"]`))
			if len(c.Overlaps) > 0 {
				t.Errorf("%s: the compare chart's tick labels overlap: %v", name, c.Overlaps)
			}
			for _, tx := range c.Texts {
				if tx.Px < MinReadablePx {
					t.Errorf("%s: the compare chart's %q is %vpx", name, tx.Text, tx.Px)
				}
			}
			tb.shot("embed-compare" + n + fmt.Sprintf("-%dx%d-f%s", sz.w, sz.h, sz.font))
		}
		tb.noConsoleErrors()
	}
}

func checkCompareEmbed(t *testing.T, name string, l compareEmbedLayout, height int64) {
	t.Helper()
	if l.ScrollW > l.W || l.ScrollH > l.H {
		t.Errorf("%s: the page is %v×%v in a %v×%v frame: it scrolls", name, l.ScrollW, l.ScrollH, l.W, l.H)
	}
	in := func(left, top, right, bott float64) bool {
		return left >= -0.5 && top >= -0.5 && right <= l.W+0.5 && bott <= l.H+0.5
	}
	runs := 0
	for _, p := range l.Panels {
		w, hh := p.Right-p.Left, p.Bott-p.Top
		if p.Name == "compare-runs" || p.Name == "run" {
			runs++
		}
		if w < 60 || hh < 60 || !in(p.Left, p.Top, p.Right, p.Bott) {
			t.Errorf("%s: %s is %.0f×%.0f at [%.0f, %.0f]: cut or without room", name, p.Name, w, hh, p.Left, p.Top)
		}
		if p.Overflow {
			t.Errorf("%s: panel %s holds more than it shows", name, p.Name)
		}
	}
	if runs == 0 {
		t.Errorf("%s: no runs shown (%d panels)", name, len(l.Panels))
	}
	if len(l.Canvases) == 0 {
		t.Errorf("%s: no canvas shown", name)
	}
	for _, c := range l.Canvases {
		w, hh := c.Right-c.Left, c.Bott-c.Top
		if !in(c.Left, c.Top, c.Right, c.Bott) || w < minPlot-0.5 || hh < minPlot-0.5 {
			t.Errorf("%s: canvas %s is %.0f×%.0f at [%.0f, %.0f]: cut or under %d px", name, c.Name, w, hh, c.Left, c.Top, minPlot)
		}
	}
	cw, ch := l.Chart.Right-l.Chart.Left, l.Chart.Bott-l.Chart.Top
	if l.Chart.Shown && (cw < minPlot-0.5 || ch < minPlot-0.5 || !in(l.Chart.Left, l.Chart.Top, l.Chart.Right, l.Chart.Bott)) {
		t.Errorf("%s: the compare chart is %.0f×%.0f at [%.0f, %.0f], want at least %d×%d inside the frame", name, cw, ch, l.Chart.Left, l.Chart.Top, minPlot, minPlot)
	}
	if !l.Chart.Shown && !strings.Contains(l.LeftOut, "the overlaid convergence") {
		t.Errorf("%s: the compare chart is not shown and the layout's note %q does not say so", name, l.LeftOut)
	}
	if l.Board.Shown != (height >= 420 && l.Chart.Shown) {
		t.Errorf("%s: the scoreboard shown = %v in a frame %d high (the chart shown %v)", name, l.Board.Shown, height, l.Chart.Shown)
	}
	if l.Board.Shown && !in(l.Board.Left, l.Board.Top, l.Board.Right, l.Board.Bott) {
		t.Errorf("%s: the scoreboard at [%.0f, %.0f]–[%.0f, %.0f] is cut", name, l.Board.Left, l.Board.Top, l.Board.Right, l.Board.Bott)
	}
}

func smallestCanvas(l compareEmbedLayout) float64 {
	m := 1e9
	for _, c := range l.Canvases {
		m = min(m, c.Right-c.Left, c.Bott-c.Top)
	}
	return m
}
