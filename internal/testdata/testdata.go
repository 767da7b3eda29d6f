// Package testdata locates reference data that live outside the module,
// for tests only. The official CEC 2017 data and the test vectors sit in
// shared/reference beside the repository:
//
//	<repo>/go.mod
//	<repo>/../shared/reference/cec2017-data
//	<repo>/../shared/reference/cec2017-testvectors
//
// An environment variable overrides each default. When a directory is
// absent the test is skipped, unless REQUIRE_CEC_DATA=1 (as in CI), in
// which case it fails.
package testdata

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Environment variables read by this package.
const (
	EnvData        = "CEC2017_DATA"        // directory of the official data files
	EnvTestVectors = "CEC2017_TESTVECTORS" // directory of the test-vector files
	EnvRequire     = "REQUIRE_CEC_DATA"    // "1": a missing directory fails the test
)

// CEC2017Data returns the directory of the official CEC 2017 data files:
// $CEC2017_DATA, or <repo>/../shared/reference/cec2017-data.
func CEC2017Data(tb testing.TB) string {
	tb.Helper()
	return lookup(tb, EnvData, "cec2017-data")
}

// CEC2017TestVectors returns the directory of the CEC 2017 test vectors:
// $CEC2017_TESTVECTORS, or <repo>/../shared/reference/cec2017-testvectors.
func CEC2017TestVectors(tb testing.TB) string {
	tb.Helper()
	return lookup(tb, EnvTestVectors, "cec2017-testvectors")
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

// lookup resolves the directory and skips or fails the test when it is
// absent. It returns "" after Skip or Fatal so that it also behaves with a
// testing.TB whose Skipf and Fatalf return.
func lookup(tb testing.TB, env, name string) string {
	tb.Helper()
	dir, err := resolve(env, name)
	if err == nil {
		var fi os.FileInfo
		if fi, err = os.Stat(dir); err == nil && !fi.IsDir() {
			tb.Fatalf("%s is not a directory (set %s to the %s directory)", dir, env, name)
			return ""
		}
	}
	if err != nil {
		if os.Getenv(EnvRequire) == "1" {
			tb.Fatalf("%s: %v (%s=1 requires it; set %s)", name, err, EnvRequire, env)
			return ""
		}
		tb.Skipf("%s: %v (set %s to run this test)", name, err, env)
		return ""
	}
	return dir
}

// resolve returns $env or <repo>/../shared/reference/name.
func resolve(env, name string) (string, error) {
	if dir := os.Getenv(env); dir != "" {
		return dir, nil
	}
	root, err := RepoRoot()
	if err != nil {
		return "", fmt.Errorf("default location unknown: %v", err)
	}
	return filepath.Join(root, "..", "shared", "reference", name), nil
}
