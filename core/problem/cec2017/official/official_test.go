package official

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"pcaplay/core/problem/cec2017/datalabel"
)

// TestContents: every stored content has the SHA-256 of the manifest and
// is named by its first 16 digits; every content is used by some file and
// data/ holds nothing else.
func TestContents(t *testing.T) {
	m := ReadManifest()
	if len(m.Files) != 77 || len(m.Contents) != 22 {
		t.Fatalf("%d files, %d contents; want 77 and 22", len(m.Files), len(m.Contents))
	}
	used := map[string]bool{}
	for name, id := range m.Files {
		if _, ok := m.Contents[id]; !ok {
			t.Errorf("%s: content %s not described", name, id)
		}
		used[id] = true
	}
	for id, c := range m.Contents {
		b, err := content.ReadFile("data/" + id + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		if got := hex.EncodeToString(sum[:]); got != c.SHA256 || !strings.HasPrefix(got, id) || len(b) != c.Bytes {
			t.Errorf("%s: sha256 %s, %d bytes; manifest %s, %d bytes", id, got, len(b), c.SHA256, c.Bytes)
		}
		if !used[id] {
			t.Errorf("content %s is used by no file", id)
		}
	}
	entries, err := os.ReadDir("data")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		id, ok := strings.CutSuffix(e.Name(), ".txt")
		if _, known := m.Contents[id]; ok && !known {
			t.Errorf("data/%s is not in the manifest", e.Name())
		}
		if !ok && !slices.Contains([]string{"manifest.json", "SOURCE.md", "README.md"}, e.Name()) {
			t.Errorf("unexpected file data/%s", e.Name())
		}
	}
	if b, err := content.ReadFile("data/SOURCE.md"); err != nil || !strings.Contains(string(b), "P-N-Suganthan/CEC2017") {
		t.Errorf("SOURCE.md (provenance) missing or unexpected: %v", err)
	}
}

// TestNames: the official names are the shift files of problems 1–29 and
// the matrices of C02, C05 (two) and C21–C29 at each official D.
func TestNames(t *testing.T) {
	var want []string
	for n := 1; n <= 29; n++ {
		want = append(want, fmt.Sprintf("shift_data_%d.txt", n))
	}
	for _, d := range []int{10, 30, 50, 100} {
		want = append(want, fmt.Sprintf("M1_5_D%d.txt", d), fmt.Sprintf("M2_5_D%d.txt", d), fmt.Sprintf("M_2_D%d.txt", d))
		for n := 21; n <= 29; n++ {
			want = append(want, fmt.Sprintf("M_%d_D%d.txt", n, d))
		}
	}
	slices.Sort(want)
	if got := Names(); !slices.Equal(got, want) {
		t.Errorf("Names() = %v\nwant %v", got, want)
	}
	// The sharing that SOURCE.md states.
	m := ReadManifest()
	for _, n := range []int{2, 12, 20, 28, 29} {
		if a, b := m.Files["shift_data_1.txt"], m.Files[fmt.Sprintf("shift_data_%d.txt", n)]; a != b {
			t.Errorf("shift_data_%d differs from shift_data_1", n)
		}
	}
	for _, d := range []int{10, 30, 50, 100} {
		for n := 21; n <= 29; n++ {
			if a, b := m.Files[fmt.Sprintf("M_2_D%d.txt", d)], m.Files[fmt.Sprintf("M_%d_D%d.txt", n, d)]; a != b {
				t.Errorf("M_%d_D%d differs from M_2_D%d", n, d, d)
			}
		}
	}
}

// TestFS checks the file system with testing/fstest and reads a file.
func TestFS(t *testing.T) {
	if err := fstest.TestFS(FS(), Names()...); err != nil {
		t.Fatal(err)
	}
	b, err := fs.ReadFile(FS(), "shift_data_5.txt")
	if err != nil {
		t.Fatal(err)
	}
	if f := strings.Fields(string(b)); len(f) != 100 {
		t.Errorf("shift_data_5.txt holds %d numbers, want 100", len(f))
	}
	for _, bad := range []string{"nosuch.txt", "../shift_data_5.txt", "/shift_data_5.txt", "manifest.json", "8541d60ff7400f42.txt"} {
		if _, err := FS().Open(bad); err == nil {
			t.Errorf("Open(%q) succeeded", bad)
		}
	}
}

// TestLabelOf: the official files, wherever they are read from, are
// "official"; a changed file gives a content label that depends on the
// content only.
func TestLabelOf(t *testing.T) {
	names := []string{"shift_data_5.txt", "M1_5_D10.txt", "M2_5_D10.txt"}
	if l, err := LabelOf(FS(), names); err != nil || l != "official" {
		t.Fatalf("LabelOf(FS()) = %q, %v", l, err)
	}
	write := func(dir string, change bool) {
		for _, n := range names {
			b, _ := fs.ReadFile(FS(), n)
			if change && n == "M2_5_D10.txt" {
				b = append([]byte(nil), b...)
				b[len(b)-2] ^= 1
			}
			if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	same, changed, changed2 := t.TempDir(), t.TempDir(), t.TempDir()
	write(same, false)
	write(changed, true)
	write(changed2, true)
	if l, err := LabelOf(os.DirFS(same), names); err != nil || l != "official" {
		t.Errorf("a byte-identical copy: %q, %v; want official", l, err)
	}
	l1, err1 := LabelOf(os.DirFS(changed), names)
	reversed := slices.Clone(names)
	slices.Reverse(reversed)
	l2, err2 := LabelOf(os.DirFS(changed2), reversed)
	if err1 != nil || err2 != nil || !strings.HasPrefix(l1, "sha256:") || len(l1) != len("sha256:")+16 || l1 != l2 {
		t.Errorf("changed copies: %q, %q (%v, %v); want one sha256:<16 hex> label", l1, l2, err1, err2)
	}
	if l, err := LabelOf(os.DirFS(changed), names[:2]); err != nil || l != "official" {
		t.Errorf("the unchanged files of a changed copy: %q, %v; want official", l, err)
	}
	if _, err := LabelOf(os.DirFS(t.TempDir()), names); err == nil || !strings.Contains(err.Error(), "M1_5_D10.txt") {
		t.Errorf("missing files: %v, want an error naming M1_5_D10.txt", err)
	}
}

// TestNotInWasm: the WebAssembly build does not import this package, so
// its 1 MB of data never enters the page's initial download (the page
// fetches the files it needs from the static server instead).
func TestNotInWasm(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	cmd := exec.Command("go", "list", "-deps", "pcaplay/wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "pcaplay/core/problem/cec2017") {
		t.Fatalf("go list -deps pcaplay/wasm does not list pcaplay/core/problem/cec2017: %q", out)
	}
	if slices.Contains(deps, "pcaplay/core/problem/cec2017/official") {
		t.Error("the wasm build imports package official: its data would be in pcaplay.wasm")
	}
}

// TestCompiledSums: the sums compiled into package datalabel (which
// decides "official" in cec and in the WebAssembly module) are those of
// the embedded files and of data/manifest.json, name for name.
func TestCompiledSums(t *testing.T) {
	if got, want := datalabel.OfficialNames(), Names(); !slices.Equal(got, want) {
		t.Fatalf("compiled names %v\nmanifest names %v", got, want)
	}
	man := SHA256()
	for _, n := range Names() {
		b, err := fs.ReadFile(FS(), n)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		got, _ := datalabel.OfficialSHA256(n)
		if want := hex.EncodeToString(sum[:]); got != want || man[n] != want {
			t.Errorf("%s: compiled %s, manifest %s, file %s", n, got, man[n], want)
		}
	}
}
