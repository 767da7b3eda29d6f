package e2e

import (
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"pcaplay/core/problem/formula"
	"pcaplay/internal/play"
)

// "Reproduce natively" on a typed problem: the command reads the problem's
// file (-problem @NAME.json), which "Save the problem file" beside it
// saves; run exactly as shown, beside that file, it ends with the page's
// final best bit for bit.
func TestTypedProblemNativeCommand(t *testing.T) {
	h := setup(t)
	def, err := formula.Parse([]byte(`{"name": "myprob", "dim": 2, "lower": -2, "upper": 2, "f": "(x1 - 1)^2 + (x2 - 0.5)^2", "g": ["x1 + x2 - 1"]}`))
	if err != nil {
		t.Fatal(err)
	}
	tb := h.newTab(t)
	tb.open(hash("typed", play.EncodeTyped(def), "problem", def.ID(), "dim", "2", "fes", "2000", "seed", "5"))
	s := tb.runToEnd(2 * time.Minute)
	if hidden := eval[bool](tb, 5*time.Second, `document.querySelector('[data-role="export-problem"]').hidden`); !hidden {
		t.Error("the problem file's button shows before the command")
	}
	eval[bool](tb, 30*time.Second, jsExpr("click-export-command"))
	cmd := eval[string](tb, 10*time.Second, `document.querySelector('[data-role="command"]').textContent`)
	if !strings.HasPrefix(cmd, "cec run -problem @myprob.json -dim 2 ") {
		t.Fatalf("command %q", cmd)
	}
	r, b := tb.bytesBy(`[data-role="export-problem"]`)
	if r.Name != "myprob.json" {
		t.Fatalf("saved %s", r.Name)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, r.Name), b, 0o644); err != nil {
		t.Fatal(err)
	}
	args := strings.Fields(cmd)[1:]
	c := exec.Command(cecBinary(t), append(args, "-quiet")...)
	c.Dir = dir
	out, err := c.Output()
	if err != nil {
		t.Fatalf("%s in %s: %v", cmd, dir, err)
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
	tb.noConsoleErrors()
}
