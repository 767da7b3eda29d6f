package e2e

import (
	"os"
	"os/exec"
	"testing"
)

// TestJSUnits runs the unit tests of the page's pure modules (site/test,
// node --test). It needs Node only, not the browser: it runs in every go
// test, and skips without Node except in CI.
func TestJSUnits(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("REQUIRE_CEC_DATA") != "" || os.Getenv("CI") != "" {
			t.Fatal("node is missing: it runs the unit tests of site/*.js")
		}
		t.Skip("node not found: site/test not run")
	}
	out, err := exec.Command(node, "--test", "../site/test/").CombinedOutput()
	if err != nil {
		t.Fatalf("node --test site/test/: %v\n%s", err, out)
	}
}
