package testdata

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeTB records Skipf and Fatalf instead of stopping the goroutine.
type fakeTB struct {
	testing.TB
	skipped, failed string
}

func (f *fakeTB) Helper()                           {}
func (f *fakeTB) Skipf(format string, args ...any)  { f.skipped = fmt.Sprintf(format, args...) }
func (f *fakeTB) Fatalf(format string, args ...any) { f.failed = fmt.Sprintf(format, args...) }

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

func TestDefaultLocation(t *testing.T) {
	t.Setenv(EnvData, "")
	t.Setenv(EnvTestVectors, "")
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ env, name string }{{EnvData, "cec2017-data"}, {EnvTestVectors, "cec2017-testvectors"}} {
		dir, err := resolve(c.env, c.name)
		if err != nil {
			t.Fatal(err)
		}
		if want := filepath.Join(filepath.Dir(root), "shared", "reference", c.name); dir != want {
			t.Errorf("default for %s = %s, want %s", c.env, dir, want)
		}
	}
}

func TestEnvOverride(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(EnvData, dir)
	t.Setenv(EnvTestVectors, dir)
	if got := CEC2017Data(t); got != dir {
		t.Errorf("CEC2017Data = %q, want %q", got, dir)
	}
	if got := CEC2017TestVectors(t); got != dir {
		t.Errorf("CEC2017TestVectors = %q, want %q", got, dir)
	}
}

func TestAbsentSkipsOrFails(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nowhere")
	t.Setenv(EnvData, missing)

	t.Setenv(EnvRequire, "")
	f := &fakeTB{}
	if got := CEC2017Data(f); got != "" || f.failed != "" || !strings.Contains(f.skipped, missing) {
		t.Errorf("without %s: got %q, skipped %q, failed %q; want a skip naming %s", EnvRequire, got, f.skipped, f.failed, missing)
	}

	t.Setenv(EnvRequire, "1")
	f = &fakeTB{}
	if got := CEC2017Data(f); got != "" || f.skipped != "" || !strings.Contains(f.failed, missing) {
		t.Errorf("with %s=1: got %q, skipped %q, failed %q; want a failure naming %s", EnvRequire, got, f.skipped, f.failed, missing)
	}
}

func TestNotADirectoryFails(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file.txt")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(EnvTestVectors, file)
	t.Setenv(EnvRequire, "")
	f := &fakeTB{}
	if got := CEC2017TestVectors(f); got != "" || !strings.Contains(f.failed, file) {
		t.Errorf("got %q, failed %q; want a failure naming %s", got, f.failed, file)
	}
}
