package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestExperimentIdleWorkerDies: the experiment view's own worker (its
// definitions and summaries) dies while idle, before any run: it is
// replaced at once, the page says so, and an experiment then runs to its
// end with its results shown. Before, nothing noticed the death, and the
// results waited for ever on the dead worker.
func TestExperimentIdleWorkerDies(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	c, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Call(c, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: jsExpr("results-reliability-hooks")}); err != nil {
		t.Fatal(err)
	}
	tb.openExperiment(hash("mode", "experiment", "problems", "C01", "fes", "2000", "runs", "2", "seed", "3",
		"configs", "pmode:pmode", "workers", "1"))
	if n := eval[int](tb, 5*time.Second, `window.__crashIdle()`); n < 1 {
		t.Fatalf("%d workers crashed, want the page's own", n)
	}
	msg := waitText(tb, 20*time.Second, "[data-role=message]", `fresh one`)
	if !strings.HasPrefix(msg, "The page's worker stopped (worker: ") {
		t.Errorf("message %q, want the page's worker named as stopped and replaced", msg)
	}
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.startOver(), true`)
	if s := tb.waitExp("the end", 3*time.Minute, func(s ExpState) bool { return s.State == "done" }); s.Done != 2 || len(s.Failed) != 0 {
		t.Fatalf("done: %+v, want 2 runs", s)
	}
	eval[bool](tb, 60*time.Second, jsExpr("wait-results-d10"))
	if r := eval[[]string](tb, 5*time.Second, `window.__rejections`); len(r) > 0 {
		t.Errorf("unhandled rejections: %q", r)
	}
}
