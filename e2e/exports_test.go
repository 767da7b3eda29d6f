package e2e

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"os/exec"
	"regexp"
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

// sameNatively runs the command a page shows (cec run …, in dir, "" for
// the test's folder) with cec and checks that its record ends at the
// page's final best s bit for bit, at the same FES; it returns that f.
func sameNatively(t *testing.T, cmd, dir string, s Status) float64 {
	t.Helper()
	c := exec.Command(cecBinary(t), append(strings.Fields(cmd)[1:], "-quiet")...)
	c.Dir = dir
	out, err := c.Output()
	if err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
	var rec struct {
		F   float64 `json:"f"`
		FES float64 `json:"fes"`
	}
	if err := json.Unmarshal(out, &rec); err != nil {
		t.Fatalf("%s: %v: %s", cmd, err, out)
	}
	if strconv.FormatUint(math.Float64bits(rec.F), 16) != s.BestFBits || rec.FES != s.FES {
		t.Errorf("%s natively: f %v at FES %v; the page: %s at %v", cmd, rec.F, rec.FES, s.BestF, s.FES)
	}
	return rec.F
}

// click clicks the element of selector and returns the file it saved.
func (t *tab) exportBy(selector string) exported {
	t.tb.Helper()
	return eval[exported](t, 60*time.Second, jsCall("export-by", selector))
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
				css := eval[[2]float64](tb, 5*time.Second, jsCall("canvas-css-size", `[data-panel="`+p+`"] canvas`))
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
			eval[bool](tb, 30*time.Second, jsExpr("click-export-command"))
			cmd := eval[string](tb, 10*time.Second, `document.querySelector('[data-role="command"]').textContent`)
			if cmd != e.Command || !strings.HasPrefix(cmd, "cec run ") {
				t.Fatalf("command %q, JSON's %q", cmd, e.Command)
			}
			f := sameNatively(t, cmd, "", s)
			t.Logf("%s → f = %v, the page's bit for bit", cmd, f)
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
	cmd := eval[string](tb, 30*time.Second, jsExpr("run-b-command"))
	if b.Type != "image/png" || !strings.Contains(b.Name, "landscape") || !strings.HasPrefix(csv.Text, "generation,") || !strings.Contains(cmd, "-set pca=false") {
		t.Errorf("run B: PNG %+v, CSV %q, command %q", b, short(csv.Text), cmd)
	}
	tb.noConsoleErrors()
}

// varianceShown is the explained-variance chart as drawn: its bars and
// cumulative line (percent, Go's option) and the panel's caption.
type varianceShown struct {
	Bars    []float64 `json:"bars"`
	Cum     []float64 `json:"cum"`
	Caption string    `json:"caption"`
	Width   float64   `json:"width"`
}

func (t *tab) varianceShown(scope string) varianceShown {
	t.tb.Helper()
	return eval[varianceShown](t, 30*time.Second, jsCall("variance-shown", scope+` [data-role="variance"]`))
}

// checkVarianceCSV checks an explained-variance CSV against the chart
// shown: one row per component of D, its fraction the chart's bar (which
// is in percent), its cumulative fraction the chart's line, the fractions
// those of its eigenvalues.
func checkVarianceCSV(t *testing.T, f exported, v varianceShown, dim int) {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(f.Text)).ReadAll()
	if err != nil || len(recs) != dim+1 || strings.Join(recs[0], ",") != "component,eigenvalue,explained_fraction,cumulative_fraction" {
		t.Fatalf("variance CSV %s: %v, %d rows, want %d components\n%s", f.Name, err, len(recs)-1, dim, short(f.Text))
	}
	if f.Type != "text/csv" || len(v.Bars) != dim {
		t.Errorf("variance CSV type %q; the chart has %d bars", f.Type, len(v.Bars))
	}
	num := func(s string) float64 {
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	total := 0.0
	for _, r := range recs[1:] {
		total += max(0, num(r[1]))
	}
	for i, r := range recs[1:] {
		l, e, c := num(r[1]), num(r[2]), num(r[3])
		if r[0] != "PC"+strconv.Itoa(i+1) || math.Abs(e-max(0, l)/total) > 1e-12 || (i < len(v.Bars) && (math.Abs(100*e-v.Bars[i]) > 1e-9 || math.Abs(100*c-v.Cum[i]) > 1e-9)) {
			t.Errorf("variance CSV row %d %q; the chart shows %v%%, cumulative %v%%", i+1, r, v.Bars[i], v.Cum[i])
		}
		if i > 0 && l > num(recs[i][1]) {
			t.Errorf("eigenvalues not descending: %v after %v", l, recs[i][1])
		}
	}
	// the caption's share of PC1 and PC2
	if two := fmt.Sprintf("PC1+PC2 explain %.1f%%", 100*num(recs[2][3])); !strings.Contains(v.Caption, two) {
		t.Errorf("caption %q, the CSV says %s", v.Caption, two)
	}
}

// The explained-variance chart's exports, as the convergence chart's: PNG
// (at the device's pixels) and SVG drawn again from the option shown, and
// its numbers as CSV — the chart's, from the run's own population (C05 at
// D = 10, paused part way and at the end).
func TestVarianceExports(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.do(30*time.Second, chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(2)))
	tb.open(hash("problem", "C05", "dim", "10", "algo", "pmode", "seed", "3", "fes", "4000", "speed", "10"))
	for _, when := range []string{"part way", "at the end"} {
		if when == "part way" {
			for range 5 {
				tb.call("step")
			}
		} else {
			tb.runToEnd(120 * time.Second)
		}
		eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => r(true), 500))`)
		v := tb.varianceShown("")
		f := tb.exportBy(`[data-role="export-variance-csv"]`)
		if f.Name != "pcaplay-C05-D10-pmode-seed3-variance.csv" {
			t.Errorf("%s: variance CSV named %q", when, f.Name)
		}
		checkVarianceCSV(t, f, v, 10)
		png := tb.exportBy(`[data-role="export-variance-png"]`)
		if png.Name != "pcaplay-C05-D10-pmode-seed3-variance.png" || png.Type != "image/png" || png.Pixel != 2 || math.Abs(png.W-2*v.Width) > 2 {
			t.Errorf("%s: variance PNG %+v; the chart is %v CSS px wide", when, png, v.Width)
		}
		svg := tb.exportBy(`[data-role="export-variance-svg"]`)
		if svg.Name != "pcaplay-C05-D10-pmode-seed3-variance.svg" || svg.Type != "image/svg+xml" || !strings.HasPrefix(svg.Text, "<svg") ||
			!strings.Contains(svg.Text, "explained variance (%)") || !strings.Contains(svg.Text, ">PC1<") || !strings.Contains(svg.Text, "cumulative") {
			t.Errorf("%s: variance SVG %s: %q (axis %v, PC1 %v, cumulative %v)", when, svg.Name, short(svg.Text),
				strings.Contains(svg.Text, "explained variance (%)"), strings.Contains(svg.Text, ">PC1<"), strings.Contains(svg.Text, "cumulative"))
		}
	}
	tb.noConsoleErrors()
}

// scoreShown is compare mode's scoreboard as the page shows it.
type scoreShown struct {
	Head []string   `json:"head"`
	Rows [][]string `json:"rows"`
	Note string     `json:"note"`
}

func (t *tab) scoreShown() scoreShown {
	t.tb.Helper()
	return eval[scoreShown](t, 10*time.Second, jsExpr("scoreboard-table"))
}

var fbestNote = regexp.MustCompile(`^f_best = (\S+) `)

// checkScoreboard checks the scoreboard's CSV and LaTeX against the board
// shown: a row per run with its name and each target's FES (empty, or --,
// where the page shows –), f_best as the note gives it; while the runs go
// on the names end in -partial and the LaTeX's first line says where they
// stand.
func checkScoreboard(t *testing.T, csvFile, tex exported, shown scoreShown, base string, partial bool, at, maxFES int) {
	t.Helper()
	sfx := ""
	if partial {
		sfx = "-partial"
	}
	if csvFile.Name != base+"-scoreboard"+sfx+".csv" || tex.Name != base+"-scoreboard"+sfx+".tex" || csvFile.Type != "text/csv" || tex.Type != "text/x-tex" {
		t.Errorf("scoreboard files %q (%s), %q (%s); want %s-scoreboard%s.csv and .tex", csvFile.Name, csvFile.Type, tex.Name, tex.Type, base, sfx)
	}
	recs, err := csv.NewReader(strings.NewReader(csvFile.Text)).ReadAll()
	if err != nil || len(recs) != len(shown.Rows)+1 {
		t.Fatalf("scoreboard CSV: %v, %d rows; the page shows %d\n%s", err, len(recs)-1, len(shown.Rows), csvFile.Text)
	}
	if got := strings.Join(recs[0], ","); got != "run,name,feasible,within_1e-2,within_1e-4,within_1e-8,f_best,f_best_is_optimum" || len(shown.Head) != 5 {
		t.Errorf("scoreboard CSV header %q; the page's %q", got, shown.Head)
	}
	lines := strings.Split(tex.Text, "\n")
	for i, row := range shown.Rows {
		r := recs[i+1]
		texRow := strings.ReplaceAll(row[0], "_", `\_`)
		for j, cell := range row[1:] {
			want := cell
			if cell == "–" {
				want = ""
			}
			if r[2+j] != want {
				t.Errorf("scoreboard CSV run %s, %s: %q; the page shows %q", r[0], shown.Head[j+1], r[2+j], cell)
			}
			if want == "" {
				want = "--"
			}
			texRow += " & " + want
		}
		if r[1] != row[0] || !strings.Contains(tex.Text, "\n"+texRow+` \\`+"\n") {
			t.Errorf("scoreboard run %q: CSV name %q; LaTeX row %q not in\n%s", row[0], r[1], texRow, tex.Text)
		}
		// the note shows f_best to 3 or 4 digits (format.js fmt)
		fb, err := strconv.ParseFloat(r[6], 64)
		m := fbestNote.FindStringSubmatch(shown.Note)
		if strings.HasPrefix(shown.Note, "f_best = none yet") {
			if r[6] != "" {
				t.Errorf("scoreboard CSV f_best %q; the page's note %q", r[6], shown.Note)
			}
		} else if err != nil || m == nil {
			t.Errorf("scoreboard CSV f_best %q; the page's note %q", r[6], shown.Note)
		} else if nb, _ := strconv.ParseFloat(m[1], 64); math.Abs(nb-fb) > 5e-3*math.Abs(fb) || r[7] != "false" {
			t.Errorf("scoreboard CSV f_best %q (optimum %s); the page's note %q", r[6], r[7], shown.Note)
		}
	}
	first := fmt.Sprintf("%% Partial: the runs stand at %d of %d FES; the FES and f_best may still change.", at, maxFES)
	if partial != (lines[0] == first) || (!partial && strings.Contains(tex.Text, "Partial")) {
		t.Errorf("scoreboard LaTeX (partial %v, runs at %d of %d) starts %q", partial, at, maxFES, lines[0])
	}
	if !strings.Contains(tex.Text, `\begin{tabular}`) || !strings.HasSuffix(tex.Text, "\\end{tabular}\n") {
		t.Errorf("scoreboard LaTeX is no tabular:\n%s", tex.Text)
	}
}

// Compare mode's scoreboard and shared explained variance: the board as
// CSV and LaTeX (-partial while the runs go on, not at their end), the
// same numbers as shown; the explained variance of every run's points
// (one PCA, the same in every run's panel) under compare mode's name.
func TestCompareScoreboardVarianceExports(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("compare", "2", "problem", "C01", "dim", "10", "seed", "2", "fes", "3000", "speed", "10"))
	for range 4 {
		tb.call("step")
	}
	eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => r(true), 600))`)
	s := tb.compareStatus()
	checkScoreboard(t, tb.exportBy(`[data-role="export-scoreboard-csv"]`), tb.exportBy(`[data-role="export-scoreboard-latex"]`), tb.scoreShown(),
		"pcaplay-compare-C01-D10", true, int(s.FES), 3000)
	va := tb.exportBy(`[data-run="a"] [data-role="export-variance-csv"]`)
	vb := tb.exportBy(`[data-run="b"] [data-role="export-variance-csv"]`)
	if va.Name != "pcaplay-compare-C01-D10-variance.csv" || vb.Text != va.Text {
		t.Errorf("compare mode's variance CSV: %q, run B's the same: %v", va.Name, vb.Text == va.Text)
	}
	checkVarianceCSV(t, vb, tb.varianceShown(`[data-run="b"]`), 10)

	tb.call("play")
	tb.waitFor("the runs' end", 120*time.Second, func(s Status) bool { return s.Done })
	eval[bool](tb, 10*time.Second, `new Promise((r) => setTimeout(() => r(true), 600))`)
	s = tb.compareStatus()
	end := tb.scoreShown()
	if strings.HasPrefix(end.Note, "f_best = none") {
		t.Fatalf("no run of C01 feasible after 3000 FES: %q", end.Note)
	}
	checkScoreboard(t, tb.exportBy(`[data-role="export-scoreboard-csv"]`), tb.exportBy(`[data-role="export-scoreboard-latex"]`), end,
		"pcaplay-compare-C01-D10", false, int(s.FES), 3000)
	tb.noConsoleErrors()
}
