package e2e

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"pcaplay/internal/lesson"
)

// lessonShown is what the lesson view shows, read from the page.
type lessonShown struct {
	Step     string   `json:"step"`
	Drawn    string   `json:"drawn"`
	Seed     string   `json:"seed"`
	K        string   `json:"k"`
	Layers   string   `json:"layers"`
	Label    string   `json:"label"`
	Title    string   `json:"title"`
	Caption  string   `json:"caption"`
	Text     []string `json:"text"`
	Readouts []string `json:"readouts"`
	Controls []string `json:"controls"`
	Hash     string   `json:"hash"`
	Current  string   `json:"current"`
	RunHref  string   `json:"runHref"`
}

// lessonShownJS reads what the lesson shows as a lessonShown.
var lessonShownJS = jsExpr("lesson-shown")

// openLesson opens the page at hash and waits until the lesson has drawn
// step want.
func (t *tab) openLesson(hash string, want int) lessonShown {
	t.tb.Helper()
	t.navigate(t.h.pageURL(hash))
	t.waitReady()
	return t.waitLesson(want)
}

// waitLesson waits until the lesson shows and has drawn step want.
func (t *tab) waitLesson(want int) lessonShown {
	t.tb.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		s := eval[lessonShown](t, 10*time.Second, lessonShownJS)
		if s.Step == strconv.Itoa(want) && s.Drawn == s.Step {
			return s
		}
		if time.Now().After(deadline) {
			t.tb.Fatalf("the lesson did not draw step %d: shows %+v%s", want, s, t.consoleTail())
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// goLesson returns what Go's lesson is for o at step (the page must show it).
func goLesson(t testing.TB, o lesson.Options) []lesson.Step {
	t.Helper()
	l, err := lesson.New(o)
	if err != nil {
		t.Fatal(err)
	}
	st, err := lesson.AngleStats()
	if err != nil {
		t.Fatal(err)
	}
	return l.Steps(st)
}

func checkShown(t testing.TB, got lessonShown, want lesson.Step, step int) {
	t.Helper()
	var ro []string
	for _, r := range want.Readouts {
		ro = append(ro, r.Key+"="+r.Value)
	}
	if got.Label != want.Label || got.Title != want.Title || got.Caption != want.Caption ||
		strings.Join(got.Text, "\n") != strings.Join(want.Text, "\n") || strings.Join(got.Readouts, ";") != strings.Join(ro, ";") ||
		got.Layers != strings.Join(want.Layers, " ") || !sameSet(got.Controls, want.Controls) ||
		got.Current != strconv.Itoa(step) {
		t.Errorf("step %d shows\n  %+v\nwant Go's\n  %+v", step, got, want)
	}
}

// Every step by its URL shows Go's text, readouts, layers and controls for
// the sample of that URL, and the address keeps the lesson's values.
func TestLessonEveryStepByURL(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	o := lesson.Options{Seed: 11, K: 7, PCAProb: 0.5}
	want := goLesson(t, o)
	for step := 1; step <= lesson.NumSteps; step++ {
		got := tb.openLesson(hash("lesson", "fig1", "step", strconv.Itoa(step), "seed", "11", "pcak", "7", "pcaprob", "0.5"), step)
		checkShown(t, got, want[step-1], step)
		if got.Seed != "11" || got.K != "7" {
			t.Errorf("step %d: seed %s k %s", step, got.Seed, got.K)
		}
		if wantHash := "#" + hash("lesson", "fig1", "step", strconv.Itoa(step), "seed", "11", "pcak", "7", "pcaprob", "0.5"); got.Hash != wantHash {
			t.Errorf("step %d: address %s, want %s", step, got.Hash, wantHash)
		}
		tb.noNotice()
		tb.shot(fmt.Sprintf("lesson-step%d", step))
	}
	tb.noConsoleErrors()
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// Back, Next, the arrow keys and the step links move through the lesson;
// the address follows, and Back and Next stop at the ends.
func TestLessonNavigation(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	s := tb.openLesson(hash("lesson", "fig1"), 1)
	if s.Seed != strconv.FormatUint(lesson.DefaultSeed, 10) || s.K != strconv.Itoa(lesson.DefaultK) {
		t.Errorf("lesson=fig1 alone: seed %s k %s, want the defaults", s.Seed, s.K)
	}
	click := func(role string) {
		eval[bool](tb, 10*time.Second, jsCall("click", `[data-lesson-root] [data-role="`+role+`"]`))
	}
	key := func(k string) {
		eval[bool](tb, 10*time.Second, jsCall("press-key", k))
	}
	disabled := func(role string) bool {
		return eval[bool](tb, 10*time.Second, `document.querySelector('[data-lesson-root] [data-role="`+role+`"]').disabled`)
	}
	if !disabled("lesson-back") || disabled("lesson-next") {
		t.Error("at step 1 Back should be disabled and Next enabled")
	}
	click("lesson-next")
	s = tb.waitLesson(2)
	key("ArrowRight")
	s = tb.waitLesson(3)
	if !strings.Contains(s.Hash, "step=3") {
		t.Errorf("after → the address is %s", s.Hash)
	}
	key("ArrowLeft")
	tb.waitLesson(2)
	eval[bool](tb, 10*time.Second, `(document.querySelector('[data-lesson-root] [data-step="7"]').click(), true)`)
	tb.waitLesson(7)
	if disabled("lesson-back") || !disabled("lesson-next") {
		t.Error("at the last step Back should be enabled and Next disabled")
	}
	key("ArrowRight") // stays
	time.Sleep(200 * time.Millisecond)
	tb.waitLesson(7)
	click("lesson-back")
	tb.waitLesson(6)
	// each step link points at its own address
	href := eval[string](tb, 10*time.Second, `document.querySelector('[data-lesson-root] [data-step="4"]').getAttribute("href")`)
	if want := "#" + hash("lesson", "fig1", "step", "4", "seed", "6", "pcak", "6", "pcaprob", "0.1"); href != want {
		t.Errorf("step link 4 is %s, want %s", href, want)
	}
	// a hand-edited address moves the lesson too
	eval[bool](tb, 10*time.Second, `(location.hash = "#lesson=fig1&step=2&seed=6", true)`)
	tb.waitLesson(2)
	tb.noConsoleErrors()
}

// The k slider: the angle shown is Go's for that k, and the address keeps k;
// Resample draws a new seed whose link reproduces the sample.
func TestLessonKAndResample(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.openLesson(hash("lesson", "fig1", "step", "3"), 3)
	eval[bool](tb, 10*time.Second, jsCall("set-value", `[data-lesson-root] [data-role="lesson-k"]`, "15", "input"))
	var s lessonShown
	deadline := time.Now().Add(20 * time.Second)
	for s = tb.waitLesson(3); s.K != "15"; s = tb.waitLesson(3) {
		if time.Now().After(deadline) {
			t.Fatalf("k did not become 15: %+v", s)
		}
		time.Sleep(30 * time.Millisecond)
	}
	want := goLesson(t, lesson.Options{Seed: lesson.DefaultSeed, K: 15, PCAProb: lesson.DefaultPCAProb})
	checkShown(t, s, want[2], 3)
	if !strings.Contains(s.Hash, "pcak=15") {
		t.Errorf("the address %s does not keep k = 15", s.Hash)
	}
	eval[bool](tb, 10*time.Second, jsCall("click", `[data-lesson-root] [data-role="lesson-resample"]`))
	for s = tb.waitLesson(3); s.Seed == "6"; s = tb.waitLesson(3) {
		if time.Now().After(deadline) {
			t.Fatalf("Resample did not change the seed: %+v", s)
		}
		time.Sleep(30 * time.Millisecond)
	}
	seed, err := strconv.ParseUint(s.Seed, 10, 64)
	if err != nil || !strings.Contains(s.Hash, "seed="+s.Seed) {
		t.Fatalf("after Resample: seed %q, address %s", s.Seed, s.Hash)
	}
	want = goLesson(t, lesson.Options{Seed: seed, K: 15, PCAProb: lesson.DefaultPCAProb})
	checkShown(t, s, want[2], 3)
	// the link reproduces the sample
	other := h.newTab(t)
	got := other.openLesson(strings.TrimPrefix(s.Hash, "#"), 3)
	checkShown(t, got, want[2], 3)
	tb.noConsoleErrors()
}

// Bad lesson values are replaced and named in the notice.
func TestLessonNotices(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	s := tb.openLesson(hash("lesson", "fig1", "step", "99", "pcak", "abc", "font", "9"), lesson.NumSteps)
	shown, text := tb.notice()
	if !shown || !strings.Contains(text, "step=99") || !strings.Contains(text, "pcak=abc") || !strings.Contains(text, "font=9") {
		t.Errorf("notice %v %q: want step=99, pcak=abc and font=9 named", shown, text)
	}
	if s.K != strconv.Itoa(lesson.DefaultK) {
		t.Errorf("k %s after pcak=abc", s.K)
	}
	tb.noConsoleErrors()
}

// The last step opens the playground with the same 20 points: its initial
// population's best f is the sample's, and its first generation is the
// lesson's step (f).
func TestLessonOpensThePlayground(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	o := lesson.Options{Seed: 21, K: 5, PCAProb: 0.5}
	s := tb.openLesson(hash("lesson", "fig1", "step", "7", "seed", "21", "pcak", "5", "pcaprob", "0.5"), 7)
	l, err := lesson.New(o)
	if err != nil {
		t.Fatal(err)
	}
	if want := "/#" + l.Frame(7, nil).Playground; s.RunHref != want {
		t.Fatalf("run link %s, want %s", s.RunHref, want)
	}
	eval[bool](tb, 10*time.Second, jsCall("click", `[data-lesson-root] [data-role="lesson-run"]`))
	// the page reloads into the playground
	deadline := time.Now().Add(30 * time.Second)
	for {
		if ok, err := tryEval[bool](tb, 10*time.Second, jsExpr("playground-loaded")); err == nil && ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the playground did not open")
		}
		time.Sleep(50 * time.Millisecond)
	}
	tb.waitReady()
	st := tb.status()
	best := slices.Min(l.F)
	if st.Generation != 0 || st.FES != 20 || st.BestFBits != bits(best) {
		t.Fatalf("the playground starts at %v, want generation 0, 20 FES and best f %v (the sample's)", st, best)
	}
	tb.call("step")
	st = tb.status()
	best = min(best, slices.Min(l.Gen.ChildF))
	if st.Generation != 1 || st.FES != 40 || st.BestFBits != bits(best) {
		t.Fatalf("after one generation %v, want 40 FES and best f %v (the lesson's step (f))", st, best)
	}
	tb.noConsoleErrors()
}

// bits is the hex of x's IEEE-754 bits, as the injected helper writes them.
func bits(x float64) string { return fmt.Sprintf("%016x", math.Float64bits(x)) }

// TestScreenshotLesson retakes docs/lesson-b.png, lesson-c.png and
// lesson-d.png, docs/guide/lesson.md's pictures of steps (b)–(d) at the default sample
// (make screenshot; otherwise it writes docs/lesson-*.tmp.png to compare).
func TestScreenshotLesson(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.do(30*time.Second, chromedp.EmulateViewport(1200, 740))
	for step, key := range map[int]string{2: "b", 3: "c", 4: "d"} {
		tb.openLesson(hash("lesson", "fig1", "step", strconv.Itoa(step)), step)
		eval[bool](tb, 10*time.Second, `new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(true), 200)))`)
		saveScreenshot(t, tb.screenshot(), "lesson-"+key)
	}
	tb.noConsoleErrors()
}
