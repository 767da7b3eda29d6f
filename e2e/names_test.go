package e2e

import (
	"strings"
	"testing"
	"time"
)

// names is js/names-shown.js's answer.
type names struct {
	KLabel    string `json:"kLabel"`
	KTitle    string `json:"kTitle"`
	OpText    string `json:"opText"`
	Landscape string `json:"landscape"`
	V         string `json:"v"`
	Operator  string `json:"operator"`
	Legend    string `json:"legend"`
}

// TestNamesInPage: CMODE's k is labelled apart from pcak ("replace every",
// its URL key in the title); the operator prints its eigenvalues as the
// variance along v₁, v₂, not as λ (the parameter lambda), and its legend
// draws the axes σ long; g, h, v, k, m, n carry Go's meaning as tooltips.
func TestNamesInPage(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open("fes=4000")
	var n names
	for i := 0; i < 200 && !strings.Contains(n.OpText, "variance"); i++ {
		tb.call("step")
		n = eval[names](tb, 10*time.Second, jsExpr("names-shown"))
	}
	t.Logf("%+v", n)
	if n.KLabel != "replace every" || n.KTitle != "URL key k" {
		t.Errorf("k's label %q, title %q", n.KLabel, n.KTitle)
	}
	if !strings.Contains(n.OpText, "variance along v₁, v₂: ") || strings.Contains(n.OpText, "λ") {
		t.Errorf("operator text %q: want the variance along v₁, v₂, no λ", n.OpText)
	}
	if !strings.Contains(n.Legend, "axis × σ (kept)") || strings.Contains(n.Legend, "λ") {
		t.Errorf("legend %q", n.Legend)
	}
	for what, tip := range map[string][2]string{"landscape caption": {n.Landscape, "g: the inequality constraints"},
		"counter v": {n.V, "v: the constraint violation"}, "operator caption": {n.Operator, "m: how many principal axes"}} {
		if !strings.Contains(tip[0], tip[1]) {
			t.Errorf("%s: tooltip %q, want %q", what, tip[0], tip[1])
		}
	}
	if !strings.Contains(n.Landscape, "\nh: ") || !strings.Contains(n.Operator, "k: ") || !strings.Contains(n.Operator, "\nn: ") {
		t.Errorf("tooltips: landscape %q, operator %q", n.Landscape, n.Operator)
	}
	tb.noConsoleErrors()
}
