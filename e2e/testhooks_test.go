package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestWorkerRejectsTestHooks: the test hooks are not in the site — its
// worker.js answers the crash message of the test-only worker
// (js/crash-worker.js), the worker's old crash command and the module's
// old forcePanic with unknown-command, and stays alive (each is answered).
func TestWorkerRejectsTestHooks(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open("")
	got := eval[[][]string](tb, 90*time.Second, jsExpr("worker-rejects-hooks"))
	if len(got) != 3 {
		t.Fatalf("answers %q, want 3", got)
	}
	for i, cmd := range []string{"e2e-crash", "crash", "forcePanic"} {
		if got[i][0] != "unknown-command" || !strings.Contains(got[i][1], cmd) {
			t.Errorf("%s: answered %q, want unknown-command naming it", cmd, got[i])
		}
	}
	tb.noConsoleErrors()
}
