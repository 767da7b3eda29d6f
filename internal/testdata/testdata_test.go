package testdata

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pcaplay/core/problem/cec2017/official"
)

func TestRepoRoot(t *testing.T) {
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(b), "module pcaplay\n") {
		t.Fatalf("%s/go.mod is not pcaplay's: %q", root, strings.SplitN(string(b), "\n", 2)[0])
	}
	if want := filepath.Join(root, "internal", "testdata"); !sameDir(t, want, ".") {
		t.Fatalf("root %s does not hold this package", root)
	}
}

func sameDir(t *testing.T, a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		t.Fatal(err)
	}
	fb, err := os.Stat(b)
	if err != nil {
		t.Fatal(err)
	}
	return os.SameFile(fa, fb)
}

// TestCEC2017Data: the directory holds the 77 official files, each with
// the content the manifest gives for its name.
func TestCEC2017Data(t *testing.T) {
	dir := CEC2017Data(t)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 77 {
		t.Fatalf("%d files, want 77", len(entries))
	}
	m := official.ReadManifest()
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		if want := m.Contents[m.Files[e.Name()]].SHA256; hex.EncodeToString(sum[:]) != want {
			t.Errorf("%s: sha256 %x, want %s", e.Name(), sum, want)
		}
	}
}

func TestCEC2017TestVectors(t *testing.T) {
	dir := CEC2017TestVectors(t)
	b, err := os.ReadFile(filepath.Join(dir, "cec2017_points_constructed.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("# func D construction |")) {
		t.Errorf("unexpected header %q", b[:min(40, len(b))])
	}
}
