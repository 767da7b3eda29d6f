package e2e

import (
	"os"
	"path/filepath"
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
	sameNatively(t, cmd, dir, s)
	tb.noConsoleErrors()
}
