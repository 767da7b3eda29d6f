package play

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strings"
	"testing"

	"pcaplay/core/problem/cec2017/official"
)

// TestServedManifestDecidesNothing: data files with one digit changed and
// a served manifest carrying their new sums are not official — the run's
// data, its notice and its record say so — because the module decides by
// the sums compiled into it; the unchanged files are official with any
// manifest, or none.
func TestServedManifestDecidesNothing(t *testing.T) {
	state := map[string]string{"problem": "C01", "dim": "10", "algo": "pmode", "seed": "3", "fes": "1000"}
	r := NewRuns()
	need, err := r.NeedData(state)
	if err != nil || need.Loaded || len(need.Files) != 1 || need.Files[0] != "shift_data_1.txt" {
		t.Fatalf("needData: %+v, %v", need, err)
	}
	files := officialFiles(t, "C01", 10)
	changed := map[string][]byte{}
	lying := official.SHA256() // the manifest a hostile server serves
	for n, b := range files {
		changed[n] = b
	}
	changed["shift_data_1.txt"] = []byte(strings.Replace(string(files["shift_data_1.txt"]), "1", "2", 1))
	sum := sha256.Sum256(changed["shift_data_1.txt"])
	lying["shift_data_1.txt"] = hex.EncodeToString(sum[:])

	info, err := r.LoadData("C01", 10, changed, lying)
	content := regexp.MustCompile(`^sha256:[0-9a-f]{16}$`)
	if err != nil || !content.MatchString(info.Label) || !strings.Contains(info.Note, "differ from the official") {
		t.Fatalf("changed files with their sums in the manifest: %+v, %v", info, err)
	}
	if need, _ := r.NeedData(state); !need.Loaded {
		t.Error("needData after loadData: not loaded")
	}
	line, c := runToEnd(t, r, state, "pmode", 0)
	if c.Data.Label != info.Label || !strings.Contains(line, `"data":"`+info.Label+`"`) || strings.Contains(line, `"data":"official"`) {
		t.Errorf("the run on changed files: data %+v, record %s", c.Data, short(line))
	}

	// the official files: official whatever the manifest says, or without one
	for _, sums := range []map[string]string{official.SHA256(), lying, nil, {"shift_data_1.txt": strings.Repeat("0", 64)}} {
		r := NewRuns()
		if info, err := r.LoadData("C01", 10, files, sums); err != nil || info.Label != "official" || info.Note != "" {
			t.Errorf("official files, manifest %.40v: %+v, %v", sums, info, err)
		}
	}
}
