package e2e

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"pcaplay/internal/lesson"
)

// The touch tests drive a phone's touch screen through the DevTools protocol
// (Input.dispatchTouchEvent): the browser makes the touch, pointer and click
// events, as it does for a finger, not the page's JavaScript: on a phone,
// the lesson's slider and the playground's transport work by touch.

const (
	phoneW = 390
	phoneH = 844
)

// touchEvent is one event that js/touch-log.js logged.
type touchEvent struct {
	Type        string `json:"type"`
	PointerType string `json:"pointerType"`
	Trusted     bool   `json:"trusted"`
	Role        string `json:"role"`
}

// box is an element's box in viewport CSS pixels (js/touch-target.js).
type box struct {
	X, Y, W, H float64
	VW         float64 `json:"vw"`
	VH         float64 `json:"vh"`
}

// newPhoneTab opens a tab that is a 390×844 phone with a touch screen: the
// viewport is emulated (a mobile one), and so is touch (five points).
func (h *harness) newPhoneTab(t *testing.T) *tab {
	t.Helper()
	tb := h.newTab(t)
	tb.do(30*time.Second, chromedp.EmulateViewport(phoneW, phoneH, chromedp.EmulateMobile, chromedp.EmulateTouch))
	c, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
	defer cancel()
	if _, err := chromedp.Call(c, emulation.SetTouchEmulationEnabled,
		emulation.SetTouchEmulationEnabledParams{Enabled: true, MaxTouchPoints: 5}); err != nil {
		t.Fatalf("touch emulation: %v", err)
	}
	return tb
}

// touch sends one touch event at (x, y) (touchEnd has no point).
func (t *tab) touch(typ input.DispatchTouchEventType, x, y float64) {
	t.tb.Helper()
	p := input.DispatchTouchEventParams{Type: typ, TouchPoints: []*input.TouchPoint{}}
	if typ != input.DispatchTouchEventTypeTouchEnd {
		p.TouchPoints = []*input.TouchPoint{{X: x, Y: y}}
	}
	c, cancel := context.WithTimeout(t.ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Call(c, input.DispatchTouchEvent, p); err != nil {
		t.tb.Fatalf("%s at (%.0f, %.0f): %v", typ, x, y, err)
	}
}

// target scrolls sel to the middle of the screen and returns its box.
func (t *tab) target(sel string) box {
	t.tb.Helper()
	b := eval[box](t, 10*time.Second, jsCall("touch-target", sel))
	if b.W <= 0 || b.H <= 0 || b.Y < 0 || b.Y+b.H > b.VH || b.X < 0 || b.X+b.W > b.VW {
		t.tb.Fatalf("%s is not on the screen to touch: %+v", sel, b)
	}
	return b
}

// tap touches the middle of sel and lifts the finger.
func (t *tab) tap(sel string) {
	t.tb.Helper()
	b := t.target(sel)
	x, y := b.X+b.W/2, b.Y+b.H/2
	t.touch(input.DispatchTouchEventTypeTouchStart, x, y)
	time.Sleep(40 * time.Millisecond)
	t.touch(input.DispatchTouchEventTypeTouchEnd, 0, 0)
}

// drag puts a finger on sel at x = from (a share of its width, at its
// middle height), slides it in steps to x = to (a viewport x) and lifts it.
func (t *tab) drag(sel string, from, to float64) {
	t.tb.Helper()
	b := t.target(sel)
	x0, y := b.X+from*b.W, b.Y+b.H/2
	to = min(max(to, 1), b.VW-1)
	t.touch(input.DispatchTouchEventTypeTouchStart, x0, y)
	const steps = 12
	for i := 1; i <= steps; i++ {
		time.Sleep(16 * time.Millisecond)
		t.touch(input.DispatchTouchEventTypeTouchMove, x0+(to-x0)*float64(i)/steps, y)
	}
	t.touch(input.DispatchTouchEventTypeTouchEnd, 0, 0)
}

// touchLog returns the events js/touch-log.js logged since the last call.
func (t *tab) touchLog() []touchEvent {
	t.tb.Helper()
	return eval[[]touchEvent](t, 10*time.Second, `window.__touchLog.splice(0)`)
}

// checkTouched fails the test unless the log has trusted events of each of
// types on the control role, and no untrusted event at all; pointerType,
// where not empty, is what the click and pointerdown events must say.
func checkTouched(t *testing.T, what string, log []touchEvent, role, pointerType string, types ...string) {
	t.Helper()
	for _, e := range log {
		if !e.Trusted {
			t.Errorf("%s: an event the page made, not the browser: %+v", what, e)
		}
	}
	for _, typ := range types {
		found := false
		for _, e := range log {
			if e.Type == typ && e.Role == role && e.Trusted {
				found = true
				if pointerType != "" && (typ == "click" || typ == "pointerdown") && e.PointerType != pointerType {
					t.Errorf("%s: %s came with pointerType %q, want %q", what, typ, e.PointerType, pointerType)
				}
			}
		}
		if !found {
			t.Errorf("%s: no %s on %s; the page got %+v", what, typ, role, log)
		}
	}
}

// TestTouchLessonSlider: on a phone, a finger sliding along the lesson's k
// slider (step (c)) moves it, and the lesson follows: k in the figure's
// data, the readouts and text (Go's for that k), the drawn figure and the
// address; to the right end (k = 20), the left end (k = 2), the middle (11).
func TestTouchLessonSlider(t *testing.T) {
	h := setup(t)
	tb := h.newPhoneTab(t)
	const step = 3
	s := tb.openLesson(hash("lesson", "fig1", "step", strconv.Itoa(step)), step)
	if s.K != strconv.Itoa(lesson.DefaultK) || !strings.Contains(strings.Join(s.Controls, " "), "pcak") {
		t.Fatalf("step %d on a phone: %+v; want k = %d and the k slider", step, s, lesson.DefaultK)
	}
	const slider = `[data-lesson-root] [data-role="lesson-k"]`
	const canvas = `[data-lesson-root] [data-role="lesson-canvas"]`
	digest := eval[string](tb, 10*time.Second, jsCall("canvas-digest", canvas))
	eval[bool](tb, 10*time.Second, jsExpr("touch-log"))
	k := lesson.DefaultK
	for _, c := range []struct {
		to   func(b box) float64 // where the finger stops
		want int
	}{
		{func(b box) float64 { return b.X + b.W + 30 }, lesson.MaxK},
		{func(b box) float64 { return b.X - 30 }, lesson.MinK},
		{func(b box) float64 { return b.X + b.W/2 }, 11},
	} {
		b := tb.target(slider)
		// the finger starts on the thumb (about where the value puts it)
		from := (8 + float64(k-lesson.MinK)/float64(lesson.MaxK-lesson.MinK)*(b.W-16)) / b.W
		tb.drag(slider, from, c.to(b))
		what := fmt.Sprintf("a drag from k = %d to k = %d", k, c.want)
		got := tb.waitLessonK(step, c.want, what)
		want := goLesson(t, lesson.Options{Seed: lesson.DefaultSeed, K: c.want, PCAProb: lesson.DefaultPCAProb})
		checkShown(t, got, want[step-1], step)
		if v := eval[string](tb, 10*time.Second, `document.querySelector('`+slider+`').value`); v != strconv.Itoa(c.want) {
			t.Errorf("%s: the slider says %s", what, v)
		}
		if !strings.Contains(got.Hash, "pcak="+strconv.Itoa(c.want)) {
			t.Errorf("%s: the address %s does not keep k", what, got.Hash)
		}
		d := eval[string](tb, 10*time.Second, jsCall("canvas-digest", canvas))
		if d == digest {
			t.Errorf("%s: the figure was not drawn again (pixels %s)", what, d)
		}
		digest = d
		checkTouched(t, what, tb.touchLog(), "lesson-k", "", "touchstart", "touchmove", "touchend", "input", "change")
		k = c.want
	}
	tb.noConsoleErrors()
}

// waitLessonK waits until the lesson has drawn step with k = want.
func (t *tab) waitLessonK(step, want int, what string) lessonShown {
	t.tb.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		s := t.waitLesson(step)
		if s.K == strconv.Itoa(want) {
			return s
		}
		if time.Now().After(deadline) {
			t.tb.Fatalf("%s: the lesson shows k = %s, want %d: %+v%s", what, s.K, want, s, t.consoleTail())
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// TestTouchTransport: on a phone, taps on the playground's transport work:
// Play starts the run (the generations go on), Pause stops it (they stay),
// Step adds one generation, each tap a touch that the browser made a click.
func TestTouchTransport(t *testing.T) {
	h := setup(t)
	tb := h.newPhoneTab(t)
	tb.open(hash("problem", "rosenbrock"))
	const play, stepBtn = `[data-role="play"]`, `[data-role="step"]`
	s0 := tb.status()
	if s0.Running || s0.Done {
		t.Fatalf("before any tap: %v", s0)
	}
	eval[bool](tb, 10*time.Second, jsExpr("touch-log"))
	tb.tap(play)
	s := tb.waitFor("a tap on Play starts the run", 30*time.Second, func(s Status) bool {
		return s.Running && s.Generation >= s0.Generation+3
	})
	checkTouched(t, "the tap on Play", tb.touchLog(), "play", "touch", "touchstart", "touchend", "pointerdown", "click")
	if p := eval[string](tb, 10*time.Second, `document.querySelector('`+play+`').getAttribute("aria-pressed")`); p != "true" {
		t.Errorf("playing at %v: Play's aria-pressed is %q", s, p)
	}
	tb.tap(play)
	tb.waitFor("a tap on Pause stops the run", 10*time.Second, func(s Status) bool { return !s.Running })
	checkTouched(t, "the tap on Pause", tb.touchLog(), "play", "touch", "touchstart", "touchend", "pointerdown", "click")
	time.Sleep(300 * time.Millisecond) // a generation under way when paused lands
	g := tb.status().Generation
	time.Sleep(600 * time.Millisecond)
	if s := tb.status(); s.Generation != g || s.Running {
		t.Fatalf("paused by a tap at generation %v, and 600 ms later: %v", g, s)
	}
	for i := 1; i <= 2; i++ {
		tb.tap(stepBtn)
		what := fmt.Sprintf("tap %d on Step (from generation %v)", i, g)
		tb.waitFor(what, 10*time.Second, func(s Status) bool { return s.Generation >= g+1 })
		time.Sleep(300 * time.Millisecond)
		if s := tb.status(); s.Generation != g+1 || s.Running {
			t.Errorf("%s: %v; want one generation more and not running", what, s)
		}
		checkTouched(t, what, tb.touchLog(), "step", "touch", "touchstart", "touchend", "pointerdown", "click")
		g++
	}
	tb.noConsoleErrors()
}
