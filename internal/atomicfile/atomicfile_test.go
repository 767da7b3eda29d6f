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

// A replaced file keeps its permissions; a folder, a symbolic link or a
// named pipe is refused, left as it was, and the error names the path
// given (never the temporary file).
func TestWriteFileKeepsModeRefusesOthers(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "secret.html")
	if err := os.WriteFile(p, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(p, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v after replacing a 0600 file, want 0600", fi.Mode().Perm())
	}
	sub := filepath.Join(dir, "adir")
	os.Mkdir(sub, 0o755)
	link := filepath.Join(dir, "link.html")
	os.Symlink(p, link)
	fifo := filepath.Join(dir, "fifo")
	mkfifo(t, fifo)
	for path, what := range map[string]string{sub: "a folder", link: "a symbolic link", fifo: "a named pipe"} {
		err := WriteFile(path, []byte("x"))
		if err == nil || !strings.Contains(err.Error(), path+": not a regular file: "+what) || strings.Contains(err.Error(), ".tmp") {
			t.Errorf("%s: %v, want %q", path, err, path+": not a regular file: "+what)
		}
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the symbolic link was replaced: %v %v", fi, err)
	}
	if b, _ := os.ReadFile(p); string(b) != "new" {
		t.Errorf("the file behind the link changed: %q", b)
	}
	if es, _ := os.ReadDir(dir); len(es) != 4 {
		t.Errorf("%d entries, want 4 (no temporary left)", len(es))
	}
}
