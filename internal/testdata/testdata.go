// Package testdata gives tests the committed CEC 2017 reference data:
//
//   - CEC2017Data: a directory holding the official data files under their
//     official names, written from the embedded copy
//     (pcaplay/core/problem/cec2017/official) into the test's temporary
//     directory, for tests of code that reads a directory (cec -data DIR);
//     code that takes an fs.FS uses official.FS() directly.
//   - CEC2017TestVectors: the directory of the official evaluator's test
//     vectors, core/problem/cec2017/testdata in the repository.
//
// Nothing here reads outside the repository, and nothing skips: a missing
// file is a failure.
package testdata

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"pcaplay/core/problem/cec2017/official"
)

// CEC2017Data writes the 77 official data files into a new temporary
// directory of tb and returns it.
func CEC2017Data(tb testing.TB) string {
	tb.Helper()
	dir := tb.TempDir()
	if err := WriteOfficial(dir); err != nil {
		tb.Fatalf("writing the official CEC 2017 data: %v", err)
		return ""
	}
	return dir
}

// WriteOfficial writes the official data files, under their official
// names, into the existing directory dir.
func WriteOfficial(dir string) error {
	fsys := official.FS()
	for _, name := range official.Names() {
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// TestVectorsDir is the directory of the test vectors relative to the
// repository root.
const TestVectorsDir = "core/problem/cec2017/testdata"

// CEC2017TestVectors returns the directory of the committed CEC 2017 test
// vectors (TestVectorsDir under the repository root). It fails the test
// when the directory is absent.
func CEC2017TestVectors(tb testing.TB) string {
	tb.Helper()
	root, err := RepoRoot()
	if err != nil {
		tb.Fatalf("test vectors: %v", err)
		return ""
	}
	dir := filepath.Join(root, filepath.FromSlash(TestVectorsDir))
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		tb.Fatalf("test vectors: %s is not a directory (it is part of the repository)", dir)
		return ""
	}
	return dir
}

// RepoRoot returns the nearest directory at or above the working directory
// that holds a go.mod file.
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod found above the working directory")
		}
		dir = parent
	}
}
