package e2e

import (
	"strings"
	"testing"
	"time"
)

type kbestShown struct {
	Shown  bool   `json:"shown"`
	Text   string `json:"text"`
	Button string `json:"button"`
	Hash   string `json:"hash"`
}

const kbestJS = `(() => {
  const p = document.querySelector('[data-role="op-kbest"]');
  return {shown: !!p && !p.hidden && p.getClientRects().length > 0, text: p ? p.textContent : "",
    button: p ? p.querySelector("button").textContent : "", hash: location.hash};
})()`

// The default PMODE takes all of Q (pcak = λ = 8): the operator panel says
// what that means and offers the k best of Q; one click sets pcak=4, the
// run starts again, and with k < λ the offer goes.
func TestOperatorKBest(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("problem", "rosenbrock", "seed", "2", "pcaprob", "1"))
	tb.waitReady()
	tb.call("step")
	s := eval[kbestShown](tb, 10*time.Second, kbestJS)
	if !s.Shown || !strings.Contains(s.Text, "k = λ = 8: the principal axes of all of Q") || s.Button != "Try the 4 best of Q (pcak=4)" {
		t.Fatalf("with k = λ: %+v", s)
	}
	eval[bool](tb, 10*time.Second, jsCall("click", `[data-role="op-kbest-try"]`))
	tb.waitFor("the run started again", 10*time.Second, func(st Status) bool { return st.Generation == 0 })
	if h := tb.waitForHash("pcak=4", 10*time.Second); !strings.Contains(h, "pcak=4") {
		t.Fatalf("the address after the click: %s", h)
	}
	tb.call("step")
	if s := eval[kbestShown](tb, 10*time.Second, kbestJS); s.Shown {
		t.Errorf("with k = 4 < λ the offer is still shown: %+v", s)
	}
	tb.noConsoleErrors()
}
