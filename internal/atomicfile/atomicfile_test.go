package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "out.txt")
	for _, want := range []string{"first", "second, longer than the first", ""} {
		if err := WriteFile(p, []byte(want)); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(p)
		if err != nil || string(got) != want {
			t.Fatalf("read %q, %v; want %q", got, err, want)
		}
		if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o644 {
			t.Errorf("mode %v, want 0644", fi.Mode().Perm())
		}
	}
	if es, _ := os.ReadDir(dir); len(es) != 1 {
		t.Errorf("%d entries in the directory, want only the file (no temporary left)", len(es))
	}
}

// A failed write names the path asked for, not the temporary file, and
// leaves what was there.
func TestWriteFileErrors(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing", "x.html")
	err := WriteFile(missing, []byte("x"))
	if err == nil || !strings.HasPrefix(err.Error(), missing+": ") || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("error %v, want one naming %s and no temporary file", err, missing)
	}

	// the target is a directory: the rename fails after the temporary
	// file was written, which must be removed
	target := filepath.Join(dir, "d")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(target, "keep"), []byte("kept"), 0o644); err != nil {
		t.Fatal(err)
	}
	err = WriteFile(target, []byte("x"))
	if err == nil || !strings.HasPrefix(err.Error(), target+": ") {
		t.Errorf("error %v, want one naming %s", err, target)
	}
	if b, _ := os.ReadFile(filepath.Join(target, "keep")); string(b) != "kept" {
		t.Error("the directory's content changed")
	}
	es, _ := os.ReadDir(dir)
	for _, e := range es {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

func ExampleWriteFile() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	p := filepath.Join(dir, "table.csv")
	if err := WriteFile(p, []byte("problem,best\nC01,0\n")); err != nil {
		fmt.Println(err)
		return
	}
	b, _ := os.ReadFile(p)
	os.Stdout.Write(b)
	// Output:
	// problem,best
	// C01,0
}
