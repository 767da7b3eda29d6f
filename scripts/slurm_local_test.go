// Package scripts holds the tests of the bash scripts beside it.
package scripts

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// slurmLocal runs scripts/slurm-local.sh with SLURM_LOCAL_DIR = dir.
func slurmLocal(t *testing.T, dir string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("bash", append([]string{"slurm-local.sh"}, args...)...)
	cmd.Env = append(os.Environ(), "SLURM_LOCAL_DIR="+dir, "SLURM_LOCAL_PORT=16817")
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// stop removes only a folder start made, and in it only what start
// writes; a path with '//', '.' or '..' is refused before anything.
func TestSlurmLocalStopRemovesOnlyItsOwn(t *testing.T) {
	base := t.TempDir()
	mine := filepath.Join(base, "precious")
	if err := os.MkdirAll(mine, 0o755); err != nil {
		t.Fatal(err)
	}
	keep := filepath.Join(mine, "thesis.tex")
	if err := os.WriteFile(keep, []byte("years of work"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := slurmLocal(t, mine, "stop")
	if err != nil || !strings.Contains(out, "not a folder this script made") {
		t.Errorf("stop on a folder it did not make: %v %s", err, out)
	}
	if _, err := os.Stat(keep); err != nil {
		t.Fatalf("stop removed a file it did not make: %v", err)
	}
	// a folder start made: its marker and files go, the folder too
	made := filepath.Join(base, "cluster")
	for _, d := range []string{"munge", "ctld", "spool", "log"} {
		if err := os.MkdirAll(filepath.Join(made, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{".pcaplay-slurm-local", "slurm.conf", "log/slurmd.log"} {
		if err := os.WriteFile(filepath.Join(made, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := slurmLocal(t, made, "stop"); err != nil || !strings.Contains(out, "removed") {
		t.Errorf("stop on its own folder: %v %s", err, out)
	}
	if _, err := os.Stat(made); !os.IsNotExist(err) {
		t.Errorf("its own folder is still there: %v", err)
	}
	// its folder with a file of someone else's in it: that file stays
	if err := os.MkdirAll(filepath.Join(made, "log"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(made, ".pcaplay-slurm-local"), nil, 0o644)
	other := filepath.Join(made, "notes.txt")
	os.WriteFile(other, []byte("mine"), 0o644)
	if out, err := slurmLocal(t, made, "stop"); err != nil || !strings.Contains(out, "kept") {
		t.Errorf("stop with a foreign file: %v %s", err, out)
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("stop removed a file it did not write: %v", err)
	}
	for _, bad := range []string{"/", "relative", base + "//x", base + "/./x", base + "/x/..", base + "/x/", "/."} {
		if out, err := slurmLocal(t, bad, "stop"); err == nil || !strings.Contains(out, "SLURM_LOCAL_DIR=") {
			t.Errorf("SLURM_LOCAL_DIR=%q: %v %s, want a refusal", bad, err, out)
		}
	}
}
