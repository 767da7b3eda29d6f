package experiment

import (
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"

	"pcaplay/core/problem/cec2017/official"
)

// DataOfficial repeats official.Label (see there).
func TestDataOfficialIsTheLabel(t *testing.T) {
	if DataOfficial != official.Label {
		t.Errorf("DataOfficial = %q, official.Label = %q", DataOfficial, official.Label)
	}
}

// The WebAssembly build reads and summarises records (the page's results
// view) without package official and its data.
func TestWasmLeavesOutOfficial(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	if runtime.GOOS == "js" {
		t.Skip("runs go list, which the WebAssembly test binary cannot; the native run of this test checks the wasm build")
	}
	cmd := exec.Command("go", "list", "-deps", "pcaplay/internal/experiment")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "pcaplay/core/stats") {
		t.Fatalf("go list -deps does not list pcaplay/core/stats: %q", out)
	}
	if slices.Contains(deps, "pcaplay/core/problem/cec2017/official") {
		t.Error("under GOOS=js package experiment imports package official")
	}
}
