package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// resultsColours is js/results-colours.js.
type resultsColours struct {
	Boxes    [][]string
	Lines    map[string]string
	Swatches []string
}

// The results of four configurations: every chart draws each configuration
// in one colour of its own, the colour of the swatch beside its name in
// the tables' headers (the box plots too, box by box), and the box plot's
// category labels (the name over "n of m feasible") are all shown, none
// over another.
func TestResultsColoursAndLabels(t *testing.T) {
	h := setup(t)
	runs := filepath.Join(t.TempDir(), "runs.jsonl")
	configs := []string{"cmode", "pmode", "heco-de", "heco-pde"}
	cec(t, "run", "-algo", strings.Join(configs, ","), "-problem", "C01", "-dim", "10", "-runs", "5", "-seed", "3", "-fes", "2000", "-quiet", "-o", runs)
	b, err := os.ReadFile(runs)
	if err != nil {
		t.Fatal(err)
	}
	lines, _ := json.Marshal(strings.Split(strings.TrimSuffix(string(b), "\n"), "\n"))
	cj, _ := json.Marshal(configs)
	tb := h.newTab(t)
	tb.navigate(h.siteURL + "results.html")
	eval[bool](tb, 30*time.Second, jsExpr("results-page-ready"))
	eval[bool](tb, 60*time.Second, fmt.Sprintf(`window.pcaplayResults.show({configs: %s}, %s).then(() => true)`, cj, lines))
	box := eval[chartText](tb, 30*time.Second, jsCall("chart-text", `[data-chart="box-f"]`))
	eval[bool](tb, 30*time.Second, jsExpr("convergence-chart-drawn"))
	eval[bool](tb, 10*time.Second, jsCall("after-two-frames", 200))
	c := eval[resultsColours](tb, 10*time.Second, jsExpr("results-colours"))
	if len(c.Swatches) != len(configs) {
		t.Fatalf("%d swatches in the tables' headers, want %d", len(c.Swatches), len(configs))
	}
	seen := map[string]bool{}
	for i, s := range c.Swatches {
		if s == "" || seen[s] {
			t.Errorf("swatch %d of %s is %q: not a colour of its own (%v)", i, configs[i], s, c.Swatches)
		}
		seen[s] = true
		if got := c.Lines[strings.ToUpper(configs[i])]; got != s {
			t.Errorf("%s is drawn in %q in the line charts, its swatch is %q", configs[i], got, s)
		}
	}
	if len(c.Boxes) == 0 {
		t.Error("no box plot drawn")
	}
	for _, bx := range c.Boxes {
		if strings.Join(bx, ",") != strings.Join(c.Swatches, ",") {
			t.Errorf("box plot colours %v, want the swatches' %v", bx, c.Swatches)
		}
	}
	// the category labels: each configuration's, none over another
	var labels []int
	for i, tx := range box.Texts {
		if strings.Contains(tx.Text, "feasible") || containsFold(configs, tx.Text) {
			labels = append(labels, i)
		}
	}
	named := 0
	for _, i := range labels {
		if containsFold(configs, box.Texts[i].Text) || strings.Contains(box.Texts[i].Text, "\n") {
			named++
		}
		for _, j := range labels {
			a, b := box.Texts[i], box.Texts[j]
			if i < j && a.Left < b.Right-0.5 && b.Left < a.Right-0.5 && a.Top < b.Bott-0.5 && b.Top < a.Bott-0.5 {
				t.Errorf("box plot labels %q and %q overlap", a.Text, b.Text)
			}
		}
	}
	t.Logf("box plot: %d category label lines, %d naming a configuration; colours %v", len(labels), named, c.Swatches)
	if named < len(configs) {
		t.Errorf("the box plot names %d configurations, want %d: %v", named, len(configs), box.Texts)
	}
	tb.noConsoleErrors()
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, strings.TrimSpace(s)) {
			return true
		}
	}
	return false
}
