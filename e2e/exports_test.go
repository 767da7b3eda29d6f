package e2e

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// exported is a file the page saved (the "pcaplay-export" event).
type exported struct {
	Name  string  `json:"name"`
	Type  string  `json:"type"`
	Size  float64 `json:"size"`
	Text  string  `json:"text"` // for text files
	W     float64 `json:"w"`    // for PNG: pixel size
	H     float64 `json:"h"`
	Pixel float64 `json:"pixel"` // devicePixelRatio of the page
}

// click clicks the element of selector and returns the file it saved.
func (t *tab) exportBy(selector string) exported {
	t.tb.Helper()
	return eval[exported](t, 60*time.Second, `new Promise((resolve, reject) => {
		const on = async (ev) => {
			window.removeEventListener("pcaplay-export", on);
			const {name, type, blob} = ev.detail;
			const out = {name, type, size: blob.size, text: "", w: 0, h: 0, pixel: devicePixelRatio};
			if (type === "image/png") { const im = await createImageBitmap(blob); out.w = im.width; out.h = im.height; }
			else out.text = await blob.text();
			resolve(out);
		};
		window.addEventListener("pcaplay-export", on);
		const el = document.querySelector(`+strconv.Quote(selector)+`);
		if (!el) { reject(new Error("no element " + `+strconv.Quote(selector)+`)); return; }
		el.click();
		setTimeout(() => reject(new Error("no export within 30 s")), 30000);
	})`)
}

// Every export of a run, at device pixel ratio 2: each panel's PNG at the
// device's pixels, the convergence chart as PNG and SVG, the history as
// CSV and JSON (its last row the run's final state, bit for bit), and the
// command, which run natively gives the page's final best bit for bit — on
// a teaching problem and on a CEC problem (official data).
func TestExports(t *testing.T) {
	h := setup(t)
	for _, tc := range []struct {
		name, hash string
		panels     []string
	}{
		{"teaching", hash("problem", "rosenbrock", "seed", "5", "fes", "3000", "pcaprob", "0.5", "speed", "10"), []string{"landscape", "operator"}},
		{"CEC", hash("problem", "C05", "dim", "10", "algo", "heco-pde", "seed", "3", "fes", "6000", "pcak", "9", "speed", "10"), []string{"pcview", "operator"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := h.newTab(t)
			tb.do(30*time.Second, chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(2)))
			tb.open(tc.hash)
			tb.noNotice()
			s := tb.runToEnd(120 * time.Second)
			eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => r(true), 500))`)
			for _, p := range tc.panels {
				f := tb.exportBy(`[data-panel="` + p + `"] h2 button.export`)
				css := eval[[2]float64](tb, 5*time.Second, `(() => { const c = document.querySelector('[data-panel="`+p+`"] canvas'); return [c.clientWidth, c.clientHeight]; })()`)
				if f.Type != "image/png" || f.Pixel != 2 || math.Abs(f.W-2*css[0]) > 2 || math.Abs(f.H-2*css[1]) > 2 || !strings.HasSuffix(f.Name, p+".png") {
					t.Errorf("%s PNG: %+v; the canvas is %v CSS px at ratio 2", p, f, css)
				}
			}
			png := tb.exportBy(`[data-panel="convergence"] h2 button.export:nth-of-type(1)`)
			cw := eval[float64](tb, 5*time.Second, `document.querySelector('[data-role="convergence"]').clientWidth`)
			if png.Type != "image/png" || math.Abs(png.W-2*cw) > 2 {
				t.Errorf("convergence PNG %+v; the chart is %v CSS px wide", png, cw)
			}
			svg := tb.exportBy(`[data-panel="convergence"] h2 button.export:nth-of-type(2)`)
			if svg.Type != "image/svg+xml" || !strings.HasPrefix(svg.Text, "<svg") || !strings.Contains(svg.Text, "best feasible f") {
				t.Errorf("convergence SVG: %s %q", svg.Type, short(svg.Text))
			}
			csv := tb.exportBy(`[data-role="export-csv"]`)
			lines := strings.Split(strings.TrimSpace(csv.Text), "\n")
			last := strings.Split(lines[len(lines)-1], ",")
			bf, _ := strconv.ParseFloat(last[2], 64)
			if lines[0] != "generation,fes,best_f,best_v,feasible_fraction,pop_size" || last[0] != strconv.Itoa(int(s.Generation)) ||
				last[1] != strconv.Itoa(int(s.FES)) || strconv.FormatUint(math.Float64bits(bf), 16) != s.BestFBits {
				t.Errorf("CSV: header %q, last row %q; the run: %v", lines[0], lines[len(lines)-1], s)
			}
			js := tb.exportBy(`[data-role="export-json"]`)
			var e struct {
				Command string            `json:"command"`
				History []json.RawMessage `json:"history"`
				Seed    int               `json:"seed"`
			}
			if err := json.Unmarshal([]byte(js.Text), &e); err != nil || len(e.History) != len(lines)-1 || !strings.HasPrefix(js.Name, "pcaplay-") {
				t.Errorf("JSON %s: %v, %d rows (CSV %d)", js.Name, err, len(e.History), len(lines)-1)
			}
			// Reproduce natively: the command shown, run natively
			eval[bool](tb, 30*time.Second, `(document.querySelector('[data-role="export-command"]').click(), new Promise((r) => setTimeout(() => r(true), 500)))`)
			cmd := eval[string](tb, 10*time.Second, `document.querySelector('[data-role="command"]').textContent`)
			if cmd != e.Command || !strings.HasPrefix(cmd, "cec run ") {
				t.Fatalf("command %q, JSON's %q", cmd, e.Command)
			}
			out := cec(t, append(strings.Fields(cmd)[1:], "-quiet")...)
			var rec struct {
				F   float64 `json:"f"`
				FES float64 `json:"fes"`
			}
			if err := json.Unmarshal([]byte(out), &rec); err != nil {
				t.Fatalf("%s: %v: %s", cmd, err, out)
			}
			if strconv.FormatUint(math.Float64bits(rec.F), 16) != s.BestFBits || rec.FES != s.FES {
				t.Errorf("%s natively: f %v at FES %v; the page: %s at %v", cmd, rec.F, rec.FES, s.BestF, s.FES)
			}
			t.Logf("%s → f = %v, the page's bit for bit", cmd, rec.F)
			tb.noConsoleErrors()
		})
	}
}

// Compare mode's exports: the overlaid chart as PNG and SVG, each run's
// panels and history.
func TestCompareExports(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("compare", "2", "problem", "circle", "fes", "2000"))
	tb.call("step")
	eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => r(true), 600))`)
	png := tb.exportBy(`[data-panel="compare"] h2 button.export:nth-of-type(1)`)
	svg := tb.exportBy(`[data-panel="compare"] h2 button.export:nth-of-type(2)`)
	if png.Type != "image/png" || png.W < 300 || svg.Type != "image/svg+xml" || !strings.Contains(svg.Text, "B: pmode, pca=false") {
		t.Errorf("overlaid chart: PNG %+v, SVG %q", png, short(svg.Text))
	}
	b := tb.exportBy(`[data-run="b"] [data-panel="landscape"] h2 button.export`)
	csv := tb.exportBy(`[data-run="b"] [data-role="export-csv"]`)
	cmd := eval[string](tb, 30*time.Second, `(document.querySelector('[data-run="b"] [data-role="export-command"]').click(),
		new Promise((r) => setTimeout(() => r(document.querySelector('[data-run="b"] [data-role="command"]').textContent), 500)))`)
	if b.Type != "image/png" || !strings.Contains(b.Name, "landscape") || !strings.HasPrefix(csv.Text, "generation,") || !strings.Contains(cmd, "-set pca=false") {
		t.Errorf("run B: PNG %+v, CSV %q, command %q", b, short(csv.Text), cmd)
	}
	tb.noConsoleErrors()
}
