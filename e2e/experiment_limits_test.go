package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// A hostile experiment link — 1,500 configurations, every problem,
// runs=1000 (54 M jobs as written) — opens in bounded time and memory:
// the view keeps the first 16 configurations and cuts the runs so that it
// holds at most 100,000 jobs, says so in its notice, and stays responsive.
func TestExperimentLinkLimits(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	var cs []string
	for i := range 1500 {
		cs = append(cs, fmt.Sprintf("c%d:de", i))
	}
	problems := "C01,C02,C03,C04,C05,C06,C07,C08,C09,C10,C11,C12,C13,C14,C15,C16,C17,C18,C19,C20,C21,C22,C23,C24,C25,C26,C27,C28,rosenbrock,valley,abs,disc,circle,islands,himmelblau,rastrigin"
	t0 := time.Now()
	tb.openExperiment(hash("mode", "experiment", "runs", "1000", "problems", problems, "configs", strings.Join(cs, ",")))
	opened := time.Since(t0)
	st := tb.expState()
	if st.Total != 16*36*173 {
		t.Errorf("%d jobs, want 16 configurations × 36 problems × 173 runs = %d", st.Total, 16*36*173)
	}
	if st.Definition["runs"] != "173" {
		t.Errorf("runs %q in the definition, want 173", st.Definition["runs"])
	}
	shown, text := tb.notice()
	if !shown || !strings.Contains(text, "1484 configurations past the first 16 left out") || !strings.Contains(text, "using 173 runs") {
		t.Errorf("notice %v %q: want the configurations left out and the runs cut", shown, text)
	}
	// responsive: a trivial evaluation answers at once
	t1 := time.Now()
	eval[bool](tb, 10*time.Second, `true`)
	if d := time.Since(t1); d > 2*time.Second {
		t.Errorf("the page took %v to answer after opening", d)
	}
	heap := eval[float64](tb, 10*time.Second, `performance.memory ? performance.memory.usedJSHeapSize : 0`)
	if heap > 300e6 {
		t.Errorf("page heap %.0f MB after opening the link", heap/1e6)
	}
	t.Logf("opened in %v, page heap %.0f MB", opened, heap/1e6)
	tb.noConsoleErrors()
}
