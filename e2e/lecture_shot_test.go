package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestScreenshotLecture writes the README's pictures of the two screens a
// lecture uses, to docs/NAME.tmp.png (docs/NAME.png when
// PCAPLAY_UPDATE_SCREENSHOT=1): the projector view (1920×1080, font=1.5,
// HECO-PDE on C05 at D = 10 after 6,000 FES) and the compare embed of the
// default lecture link on a 960×540 slide (seeds=10, run to the end).
func TestScreenshotLecture(t *testing.T) {
	h := setup(t)
	for _, c := range []struct {
		name    string
		w, h    int64
		hash    string
		compare bool
		wantW   int
		wantH   int
	}{
		{"projector", 1920, 1080, hash("problem", "C05", "dim", "10", "algo", "heco-pde", "seed", "3", "fes", "6000", "font", "1.5", "speed", "10"), false, 1920, 1080},
		{"compare-embed", 960, 540, hash("embed", "1", "compare", "2", "seeds", "10", "speed", "10"), true, 960, 540},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := h.newTab(t)
			tb.do(30*time.Second, chromedp.EmulateViewport(c.w, c.h))
			tb.open(c.hash)
			tb.waitReady()
			if c.compare {
				tb.call("play")
				deadline := time.Now().Add(3 * time.Minute)
				for !tb.compareStatus().Done {
					if time.Now().After(deadline) {
						t.Fatal("the comparison did not end")
					}
					time.Sleep(200 * time.Millisecond)
				}
			} else {
				tb.runToEnd(2 * time.Minute)
			}
			eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => requestAnimationFrame(() => r(true)), 1500))`)
			img := saveScreenshot(t, tb.screenshot(), c.name)
			if b := img.Bounds(); b.Dx() != c.wantW || b.Dy() != c.wantH {
				t.Errorf("%s is %dx%d, want %dx%d", c.name, b.Dx(), b.Dy(), c.wantW, c.wantH)
			}
			tb.noConsoleErrors()
		})
	}
}
