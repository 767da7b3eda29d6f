package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// A mode's module that does not load (a half-copied site) gets a message
// on the page, not "loading WebAssembly…" for ever.
func TestBootSaysWhenAModuleFails(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	paused := chromedp.Events(tb.ctx, fetch.RequestPaused)
	go func() {
		for ev, err := range paused {
			if err != nil {
				return
			}
			if strings.HasSuffix(strings.SplitN(ev.Request.URL, "?", 2)[0], "/app.js") {
				chromedp.Call(tb.ctx, fetch.FailRequest, fetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonFailed})
				continue
			}
			chromedp.Call(tb.ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: ev.RequestID})
		}
	}()
	if _, err := chromedp.Call(tb.ctx, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	// (the service worker could answer from its cache: the page's requests go to the network)
	if _, err := chromedp.Call(tb.ctx, network.SetBypassServiceWorker, network.SetBypassServiceWorkerParams{Bypass: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(tb.ctx, fetch.Enable, fetch.EnableParams{Patterns: []*fetch.RequestPattern{{URLPattern: "*"}}}); err != nil {
		t.Fatal(err)
	}
	tb.navigate(h.pageURL(hash("problem", "rosenbrock")))
	deadline := time.Now().Add(20 * time.Second)
	for {
		shown := eval[string](tb, 5*time.Second, `(() => { const e = document.querySelector('[data-role="error"]'); return e && !e.hidden ? e.textContent : ""; })()`)
		if strings.Contains(shown, "could not start") {
			if l := eval[string](tb, 5*time.Second, `document.querySelector('[data-role="loading"]').textContent`); strings.Contains(l, "loading WebAssembly") {
				t.Errorf("the status still says %q", l)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("20 s after a failed app.js the page says nothing (error box %q)", shown)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
