package e2e

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The operator view plays the phases the protocol lists, and its evaluate
// and replace phases show the solver's own PCA children (how many, how many
// accepted), not a re-evaluation of every reconstruction.
func TestOperatorPhases(t *testing.T) {
	h := setup(t)
	for _, c := range []struct{ name, hash string }{
		{"pmode-2d", hash("problem", "rosenbrock", "algo", "pmode", "seed", "3", "pcaprob", "0.5")},
		{"heco-pde-10d", hash("problem", "C01", "dim", "10", "algo", "heco-pde", "seed", "3", "pcaprob", "0.5")},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := h.newTab(t)
			tb.open(c.hash)
			op := func() (caption, text string, phases []string, current int) {
				t.Helper()
				var r struct {
					Caption string   `json:"caption"`
					Text    string   `json:"text"`
					Phases  []string `json:"phases"`
					Current int      `json:"current"`
				}
				r = eval[struct {
					Caption string   `json:"caption"`
					Text    string   `json:"text"`
					Phases  []string `json:"phases"`
					Current int      `json:"current"`
				}](tb, 5*time.Second, jsExpr("operator-panel"))
				return r.Caption, r.Text, r.Phases, r.Current
			}
			for i := 0; i < 60; i++ {
				if cap, _, _, _ := op(); cap != "" {
					break
				}
				tb.call("step")
			}
			caption, _, phases, _ := op()
			if len(phases) != 6 || phases[0] != "select the k best" || phases[5] != "replace" {
				t.Errorf("phase list %q, want the protocol's 6 phases", phases)
			}
			m := regexp.MustCompile(`(\d+) inputs.*; (\d+) PCA child(?:ren)?, (\d+) accepted`).FindStringSubmatch(caption)
			if m == nil {
				t.Fatalf("operator caption %q does not say the PCA children and how many were accepted", caption)
			}
			inputs, _ := strconv.Atoi(m[1])
			trials, _ := strconv.Atoi(m[2])
			accepted, _ := strconv.Atoi(m[3])
			if trials < 1 || trials > inputs || accepted > trials {
				t.Errorf("caption %q: %d inputs, %d children, %d accepted", caption, inputs, trials, accepted)
			}
			for range 5 {
				tb.do(5*time.Second, chromedp.Click(chromedp.CSS(`[data-run-view] [data-role="op-next"]`)))
			}
			_, text, _, cur := op()
			if cur != 4 || !strings.HasPrefix(text, "5/6 Evaluate: each member of Q gets a PCA child") {
				t.Errorf("after 5 × next: phase %d, text %q; want phase 5/6, evaluate", cur, text)
			}
			tb.shot("operator-evaluate-" + c.name)
			tb.do(5*time.Second, chromedp.Click(chromedp.CSS(`[data-run-view] [data-role="op-next"]`)))
			if _, text, _, cur = op(); cur != 5 || !strings.HasPrefix(text, "6/6 Replace") {
				t.Errorf("phase %d, text %q; want 6/6 replace", cur, text)
			}
			tb.shot("operator-replace-" + c.name)
			tb.noConsoleErrors()
		})
	}
}
