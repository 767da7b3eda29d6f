package e2e

import (
	"strings"
	"testing"
	"time"

	"pcaplay/core/problem/formula"
	"pcaplay/internal/play"
)

// An objective that is not a finite number anywhere ends a run with one
// message, the solver's, in the playground and in compare mode with seeds
// alike (the same as cec run's).
func TestNonFiniteObjectiveOneRule(t *testing.T) {
	h := setup(t)
	def, err := formula.Parse([]byte(`{"name": "inf", "dim": 2, "lower": -1, "upper": 1, "f": "1/0"}`))
	if err != nil {
		t.Fatal(err)
	}
	const want = "the objective was not a finite number at the best of the run"
	errorShown := func(tb *tab) string {
		return eval[string](tb, 5*time.Second, `(() => { const e = document.querySelector('[data-role="error"]'); return e && !e.hidden ? e.textContent : ""; })()`)
	}
	for _, c := range []struct{ name, hash string }{
		{"playground", hash("typed", play.EncodeTyped(def), "problem", def.ID(), "dim", "2", "fes", "800")},
		{"compare with seeds", hash("compare", "2", "seeds", "3", "typed", play.EncodeTyped(def), "problem", def.ID(), "dim", "2", "fes", "800")},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := h.newTab(t)
			tb.open(c.hash)
			tb.call("play")
			deadline := time.Now().Add(60 * time.Second)
			for {
				shown := errorShown(tb)
				if strings.Contains(shown, want) {
					if strings.Contains(shown, "stats:") {
						t.Errorf("the message names the statistics: %q", shown)
					}
					return
				}
				if shown != "" || time.Now().After(deadline) {
					t.Fatalf("error shown %q, want one with %q", shown, want)
				}
				time.Sleep(200 * time.Millisecond)
			}
		})
	}
}
