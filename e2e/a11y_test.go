package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// axeSource returns axe-core's axe.min.js (pinned by e2e/axe/package-lock.json,
// installed by scripts/install-axe.sh, which it runs when missing).
func axeSource(t *testing.T) string {
	t.Helper()
	const path = "axe/node_modules/axe-core/axe.min.js"
	if _, err := os.Stat(path); err != nil {
		if out, err := exec.Command("bash", "../scripts/install-axe.sh").CombinedOutput(); err != nil {
			t.Fatalf("scripts/install-axe.sh: %v\n%s", err, out)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

type axeResult struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Targets []string `json:"targets"`
}

// axeRun injects axe-core into the page and returns its violations of the
// WCAG 2 A and AA rules (and axe's best practices) whose impact is serious
// or critical.
func (tb *tab) axeRun(t *testing.T, src string) []axeResult {
	t.Helper()
	eval[bool](tb, 30*time.Second, src+"\n;true")
	return eval[[]axeResult](tb, 120*time.Second, jsExpr("axe-violations"))
}

// The playground, compare mode and the lesson pass axe-core's checks: no
// serious or critical violation (WCAG 2 A/AA and best practices), before
// and after a run has drawn, with the Settings shown; so do embeds on a
// 640×360 slide and a phone, with the layout's note on what it left out
// (fit.js), and the lesson on a phone (Back/Next fixed at the bottom).
func TestAccessibilityAxe(t *testing.T) {
	h := setup(t)
	src := axeSource(t)
	for _, pg := range []struct {
		name, hash string
		w, h       int64
	}{
		{"compare embed at 640×360", hash("embed", "1", "compare", "2"), 640, 360},
		{"embed at 640×360 font=1.5", hash("embed", "1", "font", "1.5"), 640, 360},
		{"lesson step 3 on a phone", hash("lesson", "fig1", "step", "3"), 390, 844},
		{"playground", "", 0, 0},
		{"playground C05 D=10", hash("problem", "C05", "dim", "10"), 0, 0},
		{"compare", hash("compare", "2"), 0, 0},
		{"compare with seeds", hash("compare", "2", "fes", "2000", "seeds", "4"), 0, 0},
		{"lesson step 3", hash("lesson", "fig1", "step", "3"), 0, 0},
		{"lesson step 6", hash("lesson", "fig1", "step", "6"), 0, 0},
		{"embed", hash("embed", "1"), 0, 0},
	} {
		tb := h.newTab(t)
		if pg.w > 0 {
			tb.do(30*time.Second, chromedp.EmulateViewport(pg.w, pg.h))
		}
		tb.open(pg.hash)
		if strings.Contains(pg.hash, "lesson") {
			tb.waitLesson(int(pg.hash[strings.Index(pg.hash, "step=")+5] - '0'))
		} else {
			tb.call("step")
		}
		eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => r(true), 500))`)
		for _, v := range tb.axeRun(t, src) {
			t.Errorf("%s: %s (%s): %s — %s", pg.name, v.ID, v.Impact, v.Help, fmt.Sprint(v.Targets))
		}
	}
}

// focusStop is the focused element after a Tab press.
type focusStop struct {
	Key     string `json:"key"`
	Outline string `json:"outline"`
}

// focusJS names the focused element and its outline (js/focus-stop.js).
var focusJS = jsExpr("focus-stop")

// Every control of the playground, of compare mode and of the lesson is
// reached with Tab and shows a visible focus (an outline); the run is
// operated by keyboard alone (Enter on Step steps, arrows on the speed
// slider change the speed, the announced status line follows), the lesson
// too (→ is the next step).
func TestKeyboardAndFocus(t *testing.T) {
	h := setup(t)
	for _, pg := range []struct{ name, hash string }{
		{"playground", ""},
		{"compare", hash("compare", "2")},
		{"lesson", hash("lesson", "fig1", "step", "6")},
	} {
		tb := h.newTab(t)
		tb.open(pg.hash)
		lesson := strings.Contains(pg.hash, "lesson")
		if lesson {
			tb.waitLesson(6)
		}
		// the controls shown, each named as focusJS names it (which defines
		// window.__focusKey first)
		want := eval[[]string](tb, 10*time.Second, focusJS+", "+jsExpr("focusable-controls"))
		eval[bool](tb, 5*time.Second, `(document.activeElement && document.activeElement.blur(), window.scrollTo(0, 0), true)`)
		seen := map[string]bool{}
		for i := 0; i < 3*len(want)+10; i++ {
			tb.do(10*time.Second, chromedp.KeyEvent("\t"))
			s := eval[focusStop](tb, 5*time.Second, focusJS)
			if s.Key == "" {
				continue
			}
			if seen[s.Key] {
				break // round the page once
			}
			seen[s.Key] = true
			if strings.HasPrefix(s.Outline, "none") || strings.HasSuffix(s.Outline, " 0px") {
				t.Errorf("%s: %s has no visible focus (outline %s)", pg.name, s.Key, s.Outline)
			}
		}
		for _, w := range want {
			if !seen[w] {
				t.Errorf("%s: %s is never reached with Tab", pg.name, w)
			}
		}
		if len(want) < 10 {
			t.Errorf("%s: only %d controls found", pg.name, len(want))
		}
		if lesson {
			// operated by keyboard alone: → goes to the next step
			eval[bool](tb, 5*time.Second, `(document.activeElement && document.activeElement.blur(), true)`)
			tb.do(10*time.Second, chromedp.KeyEvent(kb.ArrowRight))
			tb.waitLesson(7)
			tb.noConsoleErrors()
			continue
		}
		// operated by keyboard alone
		g0 := tb.status().Generation
		eval[bool](tb, 5*time.Second, `(document.querySelector('[data-role="step"]').focus(), true)`)
		tb.do(10*time.Second, chromedp.KeyEvent("\r"))
		tb.waitFor("Enter on Step", 30*time.Second, func(s Status) bool { return s.Generation == g0+1 })
		eval[bool](tb, 5*time.Second, `(document.querySelector('[data-role="speed"]').focus(), true)`)
		tb.do(10*time.Second, chromedp.KeyEvent(kb.ArrowRight))
		if sp := eval[string](tb, 10*time.Second, jsExpr("speed-after-300ms")); sp != "7" {
			t.Errorf("%s: the speed slider after → is %s, want 7", pg.name, sp)
		}
		live := eval[string](tb, 5*time.Second, `document.querySelector('[data-role="status-live"]').textContent`)
		if !strings.Contains(live, "generation 1,") {
			t.Errorf("%s: the announced status line says %q after a step", pg.name, live)
		}
		tb.noConsoleErrors()
	}
}
