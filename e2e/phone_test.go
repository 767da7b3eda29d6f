package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// phoneShown is where the playground's parts are on a phone.
type phoneShown struct {
	PlaneTop    float64 `json:"planeTop"`
	PlaneBottom float64 `json:"planeBottom"`
	ParamsShown bool    `json:"paramsShown"`
	Expanded    string  `json:"expanded"`
	FoldShown   bool    `json:"foldShown"`
	Height      float64 `json:"height"`
}

const phoneShownJS = `(() => {
  const c = document.querySelector('[data-role="landscape-canvas"]').getBoundingClientRect();
  const p = document.querySelector('[data-panel="controls"] [data-role="params"]');
  const b = document.querySelector('[data-panel="controls"] [data-role="fold"]');
  return {planeTop: c.top + scrollY, planeBottom: c.bottom + scrollY, paramsShown: p.getClientRects().length > 0,
    expanded: b.getAttribute("aria-expanded"), foldShown: b.getClientRects().length > 0, height: innerHeight};
})()`

// On a phone (390×844) the playground's landscape is on the first screen
// (it was 1,650 px down, below every parameter): the Settings fold under
// their title, a button that unfolds them; on a wide screen nothing folds.
func TestPhoneLandscapeFirst(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.do(30*time.Second, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
	tb.open(hash("problem", "rosenbrock"))
	tb.waitReady()
	s := eval[phoneShown](tb, 10*time.Second, phoneShownJS)
	if s.PlaneBottom > s.Height || s.ParamsShown || s.Expanded != "false" || !s.FoldShown {
		t.Fatalf("on a phone: %+v; want the landscape within the first %v px and the settings folded", s, s.Height)
	}
	eval[bool](tb, 10*time.Second, jsCall("click", `[data-panel="controls"] [data-role="fold"]`))
	if s := eval[phoneShown](tb, 10*time.Second, phoneShownJS); !s.ParamsShown || s.Expanded != "true" {
		t.Errorf("unfolded: %+v", s)
	}
	t.Logf("landscape at %v–%v px of %v", s.PlaneTop, s.PlaneBottom, s.Height)
	tb.noConsoleErrors()
	wide := h.newTab(t)
	wide.open(hash("problem", "rosenbrock"))
	wide.waitReady()
	if s := eval[phoneShown](wide, 10*time.Second, phoneShownJS); !s.ParamsShown || s.FoldShown || s.Expanded != "true" {
		t.Errorf("at 1280×800: %+v; want nothing folded and no fold button", s)
	}
}
