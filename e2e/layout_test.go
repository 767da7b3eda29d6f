package e2e

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chartText is what ECharts drew in one chart (js/chart-text.js).
type chartText struct {
	Texts []struct {
		Text                   string
		Px                     float64
		Left, Top, Right, Bott float64
	}
	// Overlaps are the pairs of tick labels drawn over each other.
	Overlaps      []string
	Width, Height float64
}

// tickPx is the median font size of the chart's numeric tick labels.
func (c chartText) tickPx() float64 {
	var px []float64
	for _, t := range c.Texts {
		if isTick(t.Text) {
			px = append(px, t.Px)
		}
	}
	if len(px) == 0 {
		return 0
	}
	sort.Float64s(px)
	return px[len(px)/2]
}

func isTick(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r == '.' || r == ',' || r == '-' || r == '−' || r == '+' || r == 'e') {
			return false
		}
	}
	return true
}

// font=1.5 makes the text ECharts draws 1.5× as large as font=1 does, as
// it does the page's and the canvases' (a projector): the convergence
// chart's tick labels, measured in what zrender drew.
func TestChartTextFollowsFont(t *testing.T) {
	h := setup(t)
	measure := func(font string) chartText {
		tb := h.newTab(t) // a page load per address
		tb.do(30*time.Second, chromedp.EmulateViewport(1280, 800))
		tb.open(hash("problem", "rosenbrock", "font", font))
		for i := 0; i < 5; i++ {
			tb.call("step")
		}
		c := eval[chartText](tb, 30*time.Second, jsCall("chart-text", `[data-role="convergence"] .chart.part`))
		if len(c.Overlaps) > 0 {
			t.Errorf("font=%s: tick labels drawn over each other: %v", font, c.Overlaps)
		}
		tb.noConsoleErrors()
		return c
	}
	one, big := measure("1"), measure("1.5")
	p1, p15 := one.tickPx(), big.tickPx()
	t.Logf("tick labels %vpx at font=1, %vpx at font=1.5; chart %v and %v px high", p1, p15, one.Height, big.Height)
	if p1 < 11 || p15 < 1.45*p1 || p15 > 1.55*p1 {
		t.Errorf("the convergence chart's tick labels are %vpx at font=1 and %vpx at font=1.5, want 1.5×, and at least 11px", p1, p15)
	}
	if big.Height < 1.4*one.Height {
		t.Errorf("the convergence chart is %vpx high at font=1.5 and %vpx at font=1: it did not grow with its text", big.Height, one.Height)
	}
}

// lessonNav is js/lesson-nav-boxes.js.
type lessonNav struct {
	W, H, ScrollW float64
	Boxes         []struct {
		Name                   string
		Left, Top, Right, Bott float64
	}
}

// The lesson's navigation (Back, Next) and its controls (Resample, the k
// slider and its chart) are on the screen, on a projector (1920×1080, at
// font=1 and 1.5) and a laptop (1280×720), without scrolling; nothing
// scrolls sideways.
func TestLessonNavOnScreen(t *testing.T) {
	h := setup(t)
	cases := []struct {
		w, h int64
		font string
		step int
	}{
		{1920, 1080, "1", 3}, {1920, 1080, "1.5", 3}, {1280, 720, "1", 3}, {1920, 1080, "1.5", 2}, {1280, 720, "1", 6},
	}
	for _, c := range cases {
		name := fmt.Sprintf("%dx%d font=%s step %d", c.w, c.h, c.font, c.step)
		tb := h.newTab(t)
		tb.do(30*time.Second, chromedp.EmulateViewport(c.w, c.h))
		tb.openLesson(hash("lesson", "fig1", "step", fmt.Sprint(c.step), "font", c.font), c.step)
		eval[bool](tb, 10*time.Second, jsCall("after-two-frames", 100))
		l := eval[lessonNav](tb, 10*time.Second, jsExpr("lesson-nav-boxes"))
		seen := map[string]bool{}
		for _, b := range l.Boxes {
			seen[b.Name] = true
			if b.Left < -0.5 || b.Top < -0.5 || b.Right > l.W+0.5 || b.Bott > l.H+0.5 {
				t.Errorf("%s: %s at [%.0f, %.0f]–[%.0f, %.0f] is outside the %v×%v screen", name, b.Name, b.Left, b.Top, b.Right, b.Bott, l.W, l.H)
			}
		}
		for _, want := range []string{"lesson-back", "lesson-next"} {
			if !seen[want] {
				t.Errorf("%s: %s is not shown", name, want)
			}
		}
		if c.step == 3 && !seen["lesson-resample"] {
			t.Errorf("%s: Resample is not shown", name)
		}
		if l.ScrollW > l.W {
			t.Errorf("%s: the page is %v wide on a %v screen", name, l.ScrollW, l.W)
		}
		tb.shot("lesson-nav-" + fmt.Sprintf("%dx%d-f%s-s%d", c.w, c.h, c.font, c.step))
		tb.noConsoleErrors()
	}
}
