package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// navShown is the top navigation as the page shows it.
type navShown struct {
	Labels  []string `json:"labels"`
	Hrefs   []string `json:"hrefs"`
	Current string   `json:"current"`
	Bottom  float64  `json:"bottom"` // the nav's bottom edge, CSS px
	Right   float64  `json:"right"`  // its rightmost link's right edge
	Width   float64  `json:"width"`  // the viewport's width
}

const navShownJS = `(() => {
  const nav = document.querySelector('[data-role="modes"]');
  const as = Array.from(nav.querySelectorAll("a"));
  const cur = as.find((a) => a.getAttribute("aria-current") === "page");
  return {labels: as.map((a) => a.textContent), hrefs: as.map((a) => a.getAttribute("href")), current: cur ? cur.textContent : "",
    bottom: nav.getBoundingClientRect().bottom, right: Math.max(...as.map((a) => a.getBoundingClientRect().right)), width: innerWidth};
})()`

func (t *tab) nav() navShown { return eval[navShown](t, 10*time.Second, navShownJS) }

// waitNav waits until the page's navigation marks current.
func (t *tab) waitNav(current string) navShown {
	t.tb.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		if n, err := tryEval[navShown](t, 10*time.Second, navShownJS); err == nil && n.Current == current {
			return n
		}
		if time.Now().After(deadline) {
			t.tb.Fatalf("the navigation does not mark %s", current)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// One way around: every mode has the navigation, its own mode marked;
// the playground's run is carried to compare mode (PCA-projection on vs
// off) and to the experiment view; a click on Lesson opens the lesson;
// the lesson's last step opens the playground, whose navigation leads
// back to that step with the same sample; results.html has it too, and
// on a phone it wraps inside the screen.
func TestTopNav(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("problem", "C05", "dim", "10", "algo", "heco-pde", "seed", "3"))
	tb.waitReady()
	n := tb.waitNav("Playground")
	want := []string{"Playground", "Lesson", "Compare", "Experiment", "Results"}
	if strings.Join(n.Labels, ",") != strings.Join(want, ",") {
		t.Fatalf("labels %v", n.Labels)
	}
	if n.Hrefs[2] != "#compare=2&problem=C05&dim=10&algo=heco-pde&seed=3&b.pca=false" || n.Hrefs[3] != "#mode=experiment&problems=C05&dim=10" || n.Hrefs[4] != "results.html" {
		t.Errorf("links %v", n.Hrefs)
	}
	// a change of the run follows in the links
	eval[bool](tb, 10*time.Second, `window.playground.set({seed: 4}).then(() => true)`)
	if n := tb.nav(); n.Hrefs[0] != "#problem=C05&dim=10&algo=heco-pde&seed=4" {
		t.Errorf("after set({seed: 4}) the playground link is %s", n.Hrefs[0])
	}
	eval[bool](tb, 10*time.Second, jsCall("click", `[data-role="modes"] a[data-nav="compare"]`))
	tb.waitNav("Compare")
	eval[bool](tb, 10*time.Second, jsCall("click", `[data-role="modes"] a[data-nav="lesson"]`))
	tb.waitNav("Lesson")
	tb.waitReady()
	tb.waitLesson(1)
	// the lesson's last step opens the playground, which leads back
	tb.navigate(h.pageURL(hash("lesson", "fig1", "step", "7", "seed", "21", "pcak", "5", "pcaprob", "0.5")))
	tb.waitLesson(7)
	eval[bool](tb, 10*time.Second, jsCall("click", `[data-lesson-root] [data-role="lesson-run"]`))
	n = tb.waitNav("Playground")
	if n.Labels[1] != "Lesson (back to step 7)" || n.Hrefs[1] != "#lesson=fig1&step=7&seed=21&pcak=5&pcaprob=0.5" {
		t.Errorf("the playground of the lesson's points: lesson link %q → %s", n.Labels[1], n.Hrefs[1])
	}
	eval[bool](tb, 10*time.Second, jsCall("click", `[data-role="modes"] a[data-nav="lesson"]`))
	tb.waitNav("Lesson")
	tb.waitReady()
	if s := tb.waitLesson(7); s.Seed != "21" || s.K != "5" {
		t.Errorf("back in the lesson: seed %s, k %s; want 21, 5", s.Seed, s.K)
	}
	eval[bool](tb, 10*time.Second, jsCall("click", `[data-role="modes"] a[data-nav="results"]`))
	if n := tb.waitNav("Results"); n.Hrefs[0] != "./#" {
		t.Errorf("results.html's playground link %s", n.Hrefs[0])
	}
	tb.noConsoleErrors()
	phone := h.newTab(t)
	phone.do(30*time.Second, chromedp.EmulateViewport(390, 844))
	phone.open(hash("problem", "rosenbrock"))
	if n := phone.waitNav("Playground"); n.Right > n.Width || n.Bottom > 90 {
		t.Errorf("on a phone the navigation ends at x = %v of %v, y = %v", n.Right, n.Width, n.Bottom)
	}
}
