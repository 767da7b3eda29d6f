package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// HECO-DE's preset in the page: choosing it in its control sets every value
// it names (the controls and the address show them), the run is the native
// command's (which names the preset alone) bit for bit, "none" takes every
// value back, and an address naming the preset opens the same run.
func TestPresetInThePage(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.do(30*time.Second, chromedp.EmulateViewport(1920, 1080))
	tb.open(hash("problem", "C05", "dim", "10", "algo", "heco-de", "fes", "3000", "seed", "4"))
	tb.waitReady()
	control := func(key string) string {
		return eval[string](tb, 10*time.Second, `(document.querySelector('[data-key="`+key+`"]') || {}).value || ""`)
	}
	choose := func(key, value string) {
		eval[bool](tb, 30*time.Second, `(() => { const s = document.querySelector('[data-key="`+key+`"]'); s.value = "`+value+`"; s.dispatchEvent(new Event("change")); return true; })()`)
	}
	choose("preset", "gecco2019")
	tb.waitFor("preset gecco2019", 30*time.Second, func(Status) bool { return control("donors") == "q" })
	for key, want := range map[string]string{"preset": "gecco2019", "donors": "q", "select": "seq", "bound": "halfway", "w1": "literal"} {
		if got := control(key); got != want {
			t.Errorf("the %s control shows %q, want %q", key, got, want)
		}
	}
	addr := eval[string](tb, 5*time.Second, `location.hash`)
	if !strings.Contains(addr, "preset=gecco2019") || !strings.Contains(addr, "donors=q") {
		t.Errorf("address %s: want the preset and its values", addr)
	}
	s := tb.runToEnd(2 * time.Minute)
	eval[bool](tb, 30*time.Second, jsExpr("click-export-command"))
	cmd := eval[string](tb, 10*time.Second, `document.querySelector('[data-role="command"]').textContent`)
	if !strings.Contains(cmd, "-set preset=gecco2019 ") {
		t.Fatalf("command %q does not name the preset", cmd)
	}
	sameNatively(t, cmd, "", s)
	shot := tb.screenshot()
	saveScreenshot(t, shot, "preset")
	// back to none: every value the preset set returns to its default
	choose("preset", "none")
	tb.waitFor("preset none", 30*time.Second, func(Status) bool { return control("donors") == "p" })
	for key, want := range map[string]string{"preset": "none", "select": "sync", "bound": "lshade44", "w1": "alt"} {
		if got := control(key); got != want {
			t.Errorf("after preset none, the %s control shows %q, want %q", key, got, want)
		}
	}
	if got := eval[string](tb, 5*time.Second, `location.hash`); strings.Contains(got, "preset=gecco2019") || strings.Contains(got, "donors=q") {
		t.Errorf("address %s after preset none: the preset or a value it set is still there", got)
	}
	// the address of the preset's run opens that run again
	tb2 := h.newTab(t)
	tb2.open(strings.TrimPrefix(addr, "#"))
	tb2.waitReady()
	if s2 := tb2.runToEnd(2 * time.Minute); s2.BestFBits != s.BestFBits || s2.FES != s.FES {
		t.Errorf("the address %s: f %s at FES %v, the run it was copied from %s at %v", addr, s2.BestF, s2.FES, s.BestF, s.FES)
	}
	tb.noConsoleErrors()
	tb2.noConsoleErrors()
}
