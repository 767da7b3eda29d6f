package e2e

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestLoad opens the default view: ready resolves, the first landscape is
// drawn, the status makes sense, nothing is logged as an error.
func TestLoad(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	siteMeter.reset()
	tb.open("")
	tb.noNotice()
	// The page declares its icon (a data: URL): no request for /favicon.ico,
	// whose 404 would be logged on the console.
	eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => r(true), 300))`)
	if _, asked := siteMeter.reset()["/favicon.ico"]; asked {
		t.Errorf("the browser asked for /favicon.ico: the page should declare its icon")
	}

	ready := eval[float64](tb, 10*time.Second, `window.__e2e.readyAt === null ? -1 : window.__e2e.readyAt`)
	if ready < 0 {
		t.Errorf("window.playground.ready resolved but the injected watcher did not see it")
	}
	info := tb.chartInfo()
	if !info.LandscapeDrawn {
		t.Errorf("chartInfo().landscapeDrawn = false after ready: %+v", info)
	}
	s := tb.status()
	if s.MaxFES <= 0 || s.FES < 0 || s.FES > s.MaxFES {
		t.Errorf("status() after ready: %v", s)
	}
	// page-level controls by id; the run's counters by role inside the
	// transport bar (a run view finds its parts by data-role)
	for _, sel := range []string{"#play", "#step", "#reset", "#copy-embed", "#error", "#notice",
		`[data-role="counters"] [data-role="fes"]`, `[data-run-view] [data-panel="landscape"] [data-role="landscape-canvas"]`} {
		if !eval[bool](tb, 5*time.Second, fmt.Sprintf(`document.querySelector(%q) !== null`, sel)) {
			t.Errorf("%s is missing from the page", sel)
		}
	}
	// No error is shown, and no notice on a clean URL.
	shown := eval[map[string]bool](tb, 5*time.Second, jsExpr("shown-on-load"))
	if shown["error"] {
		t.Errorf("#error is shown on load: %q", eval[string](tb, 5*time.Second, `document.getElementById("error").textContent`))
	}
	if shown["notice"] {
		t.Errorf("#notice is shown on a URL without parameters: %q", eval[string](tb, 5*time.Second, `document.getElementById("notice").textContent`))
	}
	tb.noConsoleErrors()
}

// TestRunToEnd plays a small budget to the end; the charts have data.
func TestRunToEnd(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("problem", "rosenbrock", "algo", "de", "seed", "3", "fes", "3000", "pop", "30", "speed", "10"))
	tb.noNotice()
	s0 := tb.status()
	if s0.MaxFES != 3000 {
		t.Errorf("status().maxFES = %v, want 3000 (from fes=3000)", s0.MaxFES)
	}
	s := tb.runToEnd(2 * time.Minute)
	if s.FES != s.MaxFES || s.MaxFES != 3000 {
		t.Errorf("done with fes %v, maxFES %v; want both 3000", s.FES, s.MaxFES)
	}
	if s.Running {
		t.Errorf("status().running = true after done: %v", s)
	}
	if f, err := strconv.ParseFloat(s.BestF, 64); err != nil || f != f || f > 1e10 {
		t.Errorf("bestF %q after a run", s.BestF)
	}
	// The last generation's charts may be drawn a frame later.
	var info ChartInfo
	deadline := time.Now().Add(10 * time.Second)
	for {
		info = tb.chartInfo()
		if (info.Convergence > 0 && info.Points > 0 && info.LandscapeDrawn) || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if info.Convergence <= 0 || info.Points <= 0 || !info.LandscapeDrawn {
		t.Errorf("chartInfo() after the run = %+v; want convergence > 0, points > 0, landscapeDrawn", info)
	}
	if txt := eval[string](tb, 5*time.Second, `document.querySelector('[data-role="fes"]').textContent`); !strings.Contains(strings.ReplaceAll(txt, ",", ""), "3000") && !strings.Contains(txt, "3 000") && !strings.Contains(txt, "3k") {
		t.Logf("note: #fes reads %q at the end of a 3000-FES run", txt)
	}
	tb.noConsoleErrors()
}

// TestSharedURLIsDeterministic runs a URL to the end, then opens the URL
// the page shows for it (location.hash, the one a user shares) in a second
// tab and runs that to the end: the best f and v agree bit for bit.
func TestSharedURLIsDeterministic(t *testing.T) {
	h := setup(t)
	for _, c := range []struct{ name, hash string }{
		{"heco-pde/C01", hash("problem", "C01", "dim", "10", "algo", "heco-pde", "seed", "42", "fes", "4000",
			"lambda", "20", "mufinal", "20", "pcaprob", "0.5", "speed", "10")},
		{"cmode/rosenbrock", hash("problem", "rosenbrock", "algo", "cmode", "seed", "7", "fes", "2500",
			"pop", "40", "lambda", "20", "fmax", "0.9", "speed", "10")},
	} {
		t.Run(c.name, func(t *testing.T) {
			first := h.newTab(t)
			first.open(c.hash)
			first.noNotice()
			shared := strings.TrimPrefix(eval[string](first, 5*time.Second, `location.hash`), "#")
			a := first.runToEnd(3 * time.Minute)
			first.noConsoleErrors()

			second := h.newTab(t)
			second.open(shared)
			second.noNotice()
			b := second.runToEnd(3 * time.Minute)
			second.noConsoleErrors()

			if a.BestFBits != b.BestFBits || a.BestVBits != b.BestVBits {
				t.Errorf("#%s and its shared URL #%s gave different bests:\n first  f=%s (%s) v=%s\n second f=%s (%s) v=%s",
					c.hash, shared, a.BestF, a.BestFBits, a.BestV, b.BestF, b.BestFBits, b.BestV)
			}
			if a.FES != b.FES || a.Generation != b.Generation {
				t.Errorf("#%s: runs differ: %v vs %v", c.hash, a, b)
			}
			t.Logf("#%s: bestF %s (bits %s), bestV %s, %v generations", shared, a.BestF, a.BestFBits, a.BestV, a.Generation)
		})
	}
}

// TestEmbedPanels: embed=1&panels=landscape shows the landscape panel only.
func TestEmbedPanels(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("embed", "1", "panels", "landscape"))
	panels := eval[map[string]bool](tb, 10*time.Second, jsExpr("panels-present"))
	for _, p := range []string{"landscape", "operator", "pcview", "convergence", "controls"} {
		hidden, ok := panels[p]
		if !ok {
			t.Errorf(`<section data-panel=%q> is missing`, p)
			continue
		}
		if want := p != "landscape"; hidden != want {
			t.Errorf("embed=1&panels=landscape: panel %s hidden=%v, want %v", p, hidden, want)
		}
	}
	visible := eval[bool](tb, 5*time.Second, jsExpr("landscape-visible"))
	if !visible {
		t.Error("the landscape panel has no size on screen")
	}
	if !tb.chartInfo().LandscapeDrawn {
		t.Error("chartInfo().landscapeDrawn = false in the embedded landscape view")
	}
	tb.noConsoleErrors()
}

// TestBadParameters: bad values are named in #notice, and the page still works.
func TestBadParameters(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("dim", "7", "seed", "abc", "lambda", "-3"))
	n := eval[map[string]any](tb, 10*time.Second, jsExpr("notice-present"))
	if n["present"] != true {
		t.Fatal("#notice is missing")
	}
	if n["hidden"] == true || n["display"] == "none" {
		t.Errorf("#notice is not shown for dim=7&seed=abc&lambda=-3 (hidden=%v, display=%v)", n["hidden"], n["display"])
	}
	text, _ := n["text"].(string)
	for _, want := range []string{"dim", "7", "seed", "abc", "lambda", "-3"} {
		if !strings.Contains(text, want) {
			t.Errorf("#notice %q does not name %q", text, want)
		}
	}
	// The page falls back to valid values and still runs.
	s := tb.status()
	if s.MaxFES <= 0 {
		t.Errorf("status() with bad parameters: %v", s)
	}
	tb.call("step")
	if s2 := tb.status(); s2.FES <= s.FES && !s.Done {
		t.Errorf("step() with bad parameters did nothing: %v then %v", s, s2)
	}
	if errs := tb.consoleErrors(); len(errs) > 0 {
		t.Logf("console errors with bad parameters (allowed): %v", errs)
	}
}

// TestStep: step() applies exactly one generation, which evaluates the
// algorithm's per-generation count (DE, random: pop; PMODE, HECO-DE: lambda).
func TestStep(t *testing.T) {
	h := setup(t)
	for _, c := range []struct {
		name, hash string
		perGen     float64
	}{
		{"de", hash("problem", "rosenbrock", "algo", "de", "seed", "1", "fes", "100000", "pop", "20"), 20},
		{"heco-de", hash("problem", "C01", "dim", "10", "algo", "heco-de", "seed", "1", "fes", "100000", "lambda", "12"), 12},
		{"random", hash("problem", "rosenbrock", "algo", "random", "seed", "1", "fes", "100000", "pop", "50"), 50},
		{"pmode", hash("problem", "rosenbrock", "algo", "pmode", "seed", "1", "fes", "100000", "lambda", "8", "pcaprob", "0.5"), 8},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := h.newTab(t)
			tb.open(c.hash)
			tb.noNotice()
			tb.call("pause")
			tb.call("step") // makes sure the initial population exists
			for i := 0; i < 3; i++ {
				before := tb.status()
				tb.call("step")
				after := tb.status()
				if after.Generation != before.Generation+1 {
					t.Errorf("step %d: generation %v -> %v, want +1", i, before.Generation, after.Generation)
				}
				if d := after.FES - before.FES; d != c.perGen {
					t.Errorf("step %d: FES %v -> %v (+%v), want +%v per generation", i, before.FES, after.FES, d, c.perGen)
				}
				if after.Running {
					t.Errorf("step %d: running after step()", i)
				}
			}
			tb.noConsoleErrors()
		})
	}
}

// TestPostMessage: a parent page of another origin frames the playground and
// drives it with postMessage; each command gets a pcaplay-status reply.
func TestPostMessage(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	src := h.pageURL(hash("problem", "rosenbrock", "algo", "de", "seed", "5", "fes", "100000", "pop", "20"))
	tb.navigate(h.parentURL + "parent.html?src=" + url.QueryEscape(src))

	// The playground may answer only once it is ready: ask for the status
	// until a reply comes, then let late replies settle.
	deadline := time.Now().Add(90 * time.Second)
	for eval[int](tb, 5*time.Second, `window.replies.length`) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the framed playground never answered {type:\"pcaplay\",cmd:\"status\"}%s", tb.consoleTail())
		}
		eval[chromedp.Void](tb, 5*time.Second, `window.send("status")`)
		time.Sleep(300 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond)

	type reply struct {
		Origin string         `json:"origin"`
		Status map[string]any `json:"status"`
	}
	ask := func(cmd string) reply {
		t.Helper()
		return eval[reply](tb, 60*time.Second, fmt.Sprintf(`window.ask(%q, undefined, 30000)`, cmd))
	}
	num := func(r reply, key string) float64 {
		t.Helper()
		v, ok := r.Status[key].(float64)
		if !ok {
			t.Fatalf("pcaplay-status reply has no number %q: %v", key, r.Status)
		}
		return v
	}
	ask("pause")
	ask("step")
	st0 := ask("status")
	want := strings.TrimSuffix(h.siteURL, "/")
	if st0.Origin != want {
		t.Errorf("reply origin %q, want %q", st0.Origin, want)
	}
	st1 := ask("step")
	if g0, g1 := num(st0, "generation"), num(st1, "generation"); g1 != g0+1 {
		t.Errorf("postMessage step: generation %v -> %v in the reply, want +1", g0, g1)
	}
	if f0, f1 := num(st0, "fes"), num(st1, "fes"); f1 != f0+20 {
		t.Errorf("postMessage step: fes %v -> %v in the reply, want +20 (pop=20)", f0, f1)
	}
	for _, k := range []string{"fes", "bestF", "running", "generation", "done", "maxFES"} {
		if _, ok := st1.Status[k]; !ok {
			t.Errorf("pcaplay-status reply lacks %q: %v", k, st1.Status)
		}
	}
	if r := ask("play"); r.Status["running"] != true {
		t.Errorf("postMessage play: reply says running=%v", r.Status["running"])
	}
	if r := ask("pause"); r.Status["running"] != false {
		t.Errorf("postMessage pause: reply says running=%v", r.Status["running"])
	}
	if r := ask("reset"); num(r, "fes") > 20 || r.Status["running"] == true {
		t.Errorf("postMessage reset: reply %v", r.Status)
	}
	tb.noConsoleErrors()
}

// TestSpaceTogglesRunning: the space bar plays and pauses.
func TestSpaceTogglesRunning(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("problem", "rosenbrock", "algo", "de", "seed", "1", "fes", "5000000"))
	tb.noNotice()
	tb.call("pause")
	if tb.status().Running {
		t.Fatal("running after pause()")
	}
	// The key goes to the page, not to a focused button.
	eval[chromedp.Void](tb, 5*time.Second, `document.activeElement && document.activeElement.blur && document.activeElement.blur()`)
	tb.do(5*time.Second, chromedp.KeyEvent(" "))
	tb.waitFor("running after space", 5*time.Second, func(s Status) bool { return s.Running })
	tb.do(5*time.Second, chromedp.KeyEvent(" "))
	tb.waitFor("paused after a second space", 5*time.Second, func(s Status) bool { return !s.Running })
	tb.noConsoleErrors()
}

// TestScreenshot writes a 1280×800 screenshot of the default view to
// docs/screenshot.tmp.png, and to docs/screenshot.png when
// PCAPLAY_UPDATE_SCREENSHOT=1.
func TestScreenshot(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open("")
	// Let the first animations of the charts finish.
	eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => requestAnimationFrame(() => r(true)), 1500))`)
	img := saveScreenshot(t, tb.screenshot(), "screenshot")
	if b := img.Bounds(); b.Dx() != viewportW || b.Dy() != viewportH {
		t.Errorf("screenshot is %dx%d, want %dx%d", b.Dx(), b.Dy(), viewportW, viewportH)
	}
	tb.noConsoleErrors()
}

// saveScreenshot checks that shot is a PNG with some colours (not a blank
// page) and writes it to docs/NAME.tmp.png, or to docs/NAME.png (the
// picture of the README or the guide) when PCAPLAY_UPDATE_SCREENSHOT=1. It returns the image.
func saveScreenshot(t *testing.T, shot []byte, name string) image.Image {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatalf("%s: screenshot is not a PNG: %v", name, err)
	}
	if n := colours(img, 64); n < 16 {
		t.Errorf("%s: screenshot has only %d colours: blank page?", name, n)
	}
	out := filepath.Join("..", "docs", name+".tmp.png")
	if os.Getenv("PCAPLAY_UPDATE_SCREENSHOT") == "1" {
		out = filepath.Join("..", "docs", name+".png")
	}
	if err := os.WriteFile(out, shot, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (%d bytes)", out, len(shot))
	return img
}

// colours counts distinct colours on a sparse grid, up to limit.
func colours(img image.Image, limit int) int {
	seen := map[[3]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 7 {
		for x := b.Min.X; x < b.Max.X; x += 7 {
			r, g, bl, _ := img.At(x, y).RGBA()
			seen[[3]uint32{r >> 8, g >> 8, bl >> 8}] = true
			if len(seen) >= limit {
				return len(seen)
			}
		}
	}
	return len(seen)
}

// TestSetResetAndButtons: set(params) applies URL keys, reset() goes back to
// generation 0, and the #step, #play and #reset buttons do what the API does.
func TestSetResetAndButtons(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("problem", "rosenbrock", "algo", "de", "seed", "2", "fes", "100000", "pop", "20"))
	tb.call("pause")
	eval[chromedp.Void](tb, 60*time.Second, `window.playground.set({algo: "de", pop: "10", fes: "5000", seed: "9"}).then(() => true)`)
	s := tb.status()
	if s.MaxFES != 5000 {
		t.Errorf("after set({fes: \"5000\"}): maxFES %v", s.MaxFES)
	}
	tb.noNotice()
	tb.call("step")
	before := tb.status()
	tb.do(10*time.Second, chromedp.Click(chromedp.ID("step")))
	after := tb.waitFor("generation +1 after clicking #step", 10*time.Second, func(s Status) bool { return s.Generation > before.Generation })
	if after.Generation != before.Generation+1 || after.FES-before.FES != 10 {
		t.Errorf("clicking #step: %v -> %v; want one generation of pop=10", before, after)
	}
	tb.do(10*time.Second, chromedp.Click(chromedp.ID("play")))
	tb.waitFor("running after clicking #play", 10*time.Second, func(s Status) bool { return s.Running || s.Done })
	tb.do(10*time.Second, chromedp.Click(chromedp.ID("play")))
	tb.waitFor("paused after clicking #play again", 10*time.Second, func(s Status) bool { return !s.Running })
	tb.call("reset")
	r := tb.status()
	if r.Generation != 0 || r.Running || r.Done || r.FES > 10 {
		t.Errorf("after reset(): %v; want generation 0, not running, at most the initial population evaluated", r)
	}
	tb.call("step")
	tb.call("step")
	tb.do(10*time.Second, chromedp.Click(chromedp.ID("reset")))
	tb.waitFor("generation 0 after clicking #reset", 10*time.Second, func(s Status) bool { return s.Generation == 0 && !s.Running })
	tb.noConsoleErrors()
}

// TestAutoplay: autoplay=1 starts the run once the page is ready.
func TestAutoplay(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("problem", "rosenbrock", "algo", "de", "seed", "1", "fes", "1000000", "autoplay", "1"))
	tb.noNotice()
	tb.waitFor("running with autoplay=1", 10*time.Second, func(s Status) bool { return s.Running && s.Generation > 0 })
	tb.call("pause")
	tb.noConsoleErrors()
}

// TestZoom: zoom=pop fits the 2-D landscape to the population and follows
// it as it converges; the toggle and set() switch it, the address keeps it,
// and a bad value is named.
func TestZoom(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("problem", "C01", "dim", "2", "algo", "de", "seed", "1", "pop", "30", "fes", "200000", "speed", "10", "zoom", "pop"))
	tb.noNotice()
	type view struct {
		Checked bool   `json:"checked"`
		Hash    string `json:"hash"`
		Caption string `json:"caption"`
	}
	look := func() view {
		t.Helper()
		return eval[view](tb, 5*time.Second, jsExpr("zoom-control"))
	}
	side := func(w []float64) float64 {
		if len(w) != 4 {
			t.Fatalf("chartInfo().window = %v", w)
		}
		return max(w[1]-w[0], w[3]-w[2])
	}
	// waitSide polls the drawn window until cond holds for its side.
	waitSide := func(what string, cond func(float64) bool) []float64 {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			w := tb.chartInfo().Window
			if cond(side(w)) {
				return w
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: the landscape window is %v%s", what, w, tb.consoleTail())
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	if v := look(); !v.Checked || !strings.Contains(v.Hash, "zoom=pop") {
		t.Errorf("zoom=pop: checkbox %v, address %q", v.Checked, v.Hash)
	}
	// the initial population fills the box ±100: so does the window
	start := waitSide("at generation 0", func(s float64) bool { return s > 0 })
	if side(start) > 200 {
		t.Errorf("window %v is larger than the box ±100", start)
	}
	tb.call("play")
	tb.waitFor("generation 300", 60*time.Second, func(s Status) bool { return s.Generation >= 300 || s.Done })
	tb.call("pause")
	w := waitSide("after 300 generations", func(s float64) bool { return s < 20 })
	if w[0] < -100 || w[1] > 100 || w[2] < -100 || w[3] > 100 {
		t.Errorf("zoomed window %v leaves the box ±100", w)
	}
	if v := look(); !strings.Contains(v.Caption, "(×") {
		t.Errorf("zoom toggle %q does not say the zoom factor", v.Caption)
	}
	tb.shot("zoom-pop")

	// the toggle switches back to the box, and the address forgets zoom
	tb.do(10*time.Second, chromedp.Click(chromedp.CSS(`[data-role="zoom"]`)))
	w = waitSide("zoom off", func(s float64) bool { return s == 200 })
	if w[0] != -100 || w[1] != 100 || w[2] != -100 || w[3] != 100 {
		t.Errorf("zoom off: window %v, want the box", w)
	}
	if v := look(); v.Checked || strings.Contains(v.Hash, "zoom") || strings.Contains(v.Caption, "×") {
		t.Errorf("zoom off: checkbox %v, address %q, caption %q", v.Checked, v.Hash, v.Caption)
	}
	tb.shot("zoom-off")
	// set() switches it on again (and, as any set, restarts the run)
	eval[chromedp.Void](tb, 30*time.Second, `window.playground.set({zoom: "pop"}).then(() => true)`)
	if v := look(); !v.Checked || !strings.Contains(v.Hash, "zoom=pop") {
		t.Errorf("set({zoom: \"pop\"}): checkbox %v, address %q", v.Checked, v.Hash)
	}
	tb.noConsoleErrors()

	bad := h.newTab(t)
	bad.open(hash("problem", "C01", "dim", "2", "zoom", "maybe"))
	shown, text := bad.notice()
	if !shown || !strings.Contains(text, "zoom=maybe") {
		t.Errorf("zoom=maybe: notice shown %v, text %q; want it named", shown, text)
	}
	if eval[bool](bad, 5*time.Second, `document.querySelector('[data-role="zoom"]').checked`) {
		t.Errorf("zoom=maybe: the toggle is on")
	}
}

// TestSettingsFit: at 1280×800 every control of the Settings panel stays
// inside the panel (the algorithm names are long).
func TestSettingsFit(t *testing.T) {
	h := setup(t)
	for _, c := range []string{"", hash("problem", "C01", "dim", "10", "algo", "heco-pde"), hash("algo", "cmode")} {
		tb := h.newTab(t)
		tb.open(c)
		out := eval[[]string](tb, 10*time.Second, jsExpr("settings-overflow"))
		for _, b := range out {
			t.Errorf("#%s: %s", c, b)
		}
	}
}
