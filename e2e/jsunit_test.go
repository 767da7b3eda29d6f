package e2e

import (
	"os"
	"os/exec"
	"testing"
)

// TestJSUnits runs the unit tests of the page's pure modules (site/test)
// through the same runner as a newcomer's `npm test` in site/ (node --test,
// the "test" script of site/package.json; make test-js). It needs Node and
// npm only, not the browser, and no installed package: it runs in every go
// test, and skips without npm except in CI.
func TestJSUnits(t *testing.T) {
	npm, err := exec.LookPath("npm")
	if err != nil {
		if os.Getenv("REQUIRE_CEC_DATA") != "" || os.Getenv("CI") != "" {
			t.Fatal("npm is missing: it runs the unit tests of site/*.js (npm test in site/)")
		}
		t.Skip("npm not found: site/test not run")
	}
	cmd := exec.Command(npm, "test")
	cmd.Dir = "../site"
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("npm test in site/: %v\n%s", err, out)
	}
}
