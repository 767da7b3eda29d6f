package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
)

// buildCEC builds the cec binary into a temporary directory.
func buildCEC(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "cec")
	if b, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	return bin
}

// TestShardAutoEngines runs a grid as the tasks of a Kubernetes Indexed Job
// and of two Slurm job arrays would: one process per task, each with only
// the variables that engine sets, all at once; the merged outputs give the
// table of the unsharded run, byte for byte.
func TestShardAutoEngines(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and starts processes")
	}
	bin := buildCEC(t)
	grid := []string{"run", "-algo", "random,pmode", "-problem", "C01,C05,C12", "-dim", "10", "-runs", "3", "-seed", "3",
		"-fes", "1500", "-workers", "1", "-quiet"}
	want := cec(t, "", grid...)
	if want.code != 0 {
		t.Fatal(want.stderr)
	}
	slurm := func(id, lo, hi, step int) []string {
		return []string{
			"SLURM_JOB_ID=" + strconv.Itoa(900+id), "SLURM_ARRAY_JOB_ID=900",
			"SLURM_ARRAY_TASK_ID=" + strconv.Itoa(id),
			"SLURM_ARRAY_TASK_COUNT=" + strconv.Itoa((hi-lo)/step+1),
			"SLURM_ARRAY_TASK_MIN=" + strconv.Itoa(lo), "SLURM_ARRAY_TASK_MAX=" + strconv.Itoa(hi),
			"SLURM_ARRAY_TASK_STEP=" + strconv.Itoa(step),
		}
	}
	engines := []struct {
		name  string
		tasks [][]string // the engine's variables of each task
	}{
		{"kubernetes indexed job, completions 4", [][]string{
			{"JOB_COMPLETION_INDEX=0", "CEC_SHARDS=4"}, {"JOB_COMPLETION_INDEX=1", "CEC_SHARDS=4"},
			{"JOB_COMPLETION_INDEX=2", "CEC_SHARDS=4"}, {"JOB_COMPLETION_INDEX=3", "CEC_SHARDS=4"}}},
		{"slurm --array=1-5", [][]string{slurm(1, 1, 5, 1), slurm(2, 1, 5, 1), slurm(3, 1, 5, 1), slurm(4, 1, 5, 1), slurm(5, 1, 5, 1)}},
		{"slurm --array=0-6:3", [][]string{slurm(0, 0, 6, 3), slurm(3, 0, 6, 3), slurm(6, 0, 6, 3)}},
	}
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			dir := t.TempDir()
			var files []string
			errs := make([]error, len(e.tasks))
			var wg sync.WaitGroup
			for i, vars := range e.tasks {
				out := filepath.Join(dir, fmt.Sprintf("task%d.jsonl", i))
				files = append(files, out)
				cmd := exec.Command(bin, append(grid, "-shard", "auto", "-o", out)...)
				cmd.Env = append(baseEnv(), vars...)
				wg.Add(1)
				go func() {
					defer wg.Done()
					if b, err := cmd.CombinedOutput(); err != nil {
						errs[i] = fmt.Errorf("task %v: %v: %s", vars, err, b)
					}
				}()
			}
			wg.Wait()
			for _, err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			merged := filepath.Join(dir, "merged.jsonl")
			if r := cec(t, "", append(append([]string{"merge"}, files...), "-o", merged)...); r.code != 0 {
				t.Fatal(r.stderr)
			}
			got := cec(t, "", "table", merged)
			if got.code != 0 || got.stdout != want.stdout {
				t.Fatalf("table of the merged shards:\n%s%s\nwant the unsharded run's:\n%s", got.stdout, got.stderr, want.stdout)
			}
		})
	}
	// Without an engine's variables -shard auto says so.
	cmd := exec.Command(bin, append(grid, "-shard", "auto")...)
	cmd.Env = baseEnv()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err == nil || !bytes.Contains(stderr.Bytes(), []byte("JOB_COMPLETION_INDEX")) {
		t.Errorf("-shard auto without an engine: %v, %q", err, stderr.String())
	}
}

// baseEnv is the environment of the test without any variable that
// -shard auto reads.
func baseEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := bytes.Cut([]byte(kv), []byte("="))
		switch string(k) {
		case "JOB_COMPLETION_INDEX", "CEC_SHARDS":
			continue
		}
		if bytes.HasPrefix(k, []byte("SLURM_")) {
			continue
		}
		env = append(env, kv)
	}
	return env
}

// TestEmptyShardRefused: a shard with no run of the grid is an error
// naming the shard and the grid's size, not a silent success.
func TestEmptyShardRefused(t *testing.T) {
	wantBadInput(t, cec(t, "", "run", "-algo", "random", "-problem", "C01", "-dim", "10", "-runs", "2", "-fes", "100", "-shard", "5/10", "-quiet"),
		"-shard 5/10", "only 2 runs")
}

// TestMergeDirectory: a directory stands for its *.jsonl files, less the
// -o file, so the merge step of a Kubernetes Job needs no shell.
func TestMergeDirectory(t *testing.T) {
	dir := t.TempDir()
	full := cec(t, "", args("-json")...)
	for i := 1; i <= 3; i++ {
		if r := cec(t, "", args("-shard", fmt.Sprintf("%d/3", i), "-o", filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i)))...); r.code != 0 {
			t.Fatal(r.stderr)
		}
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a run file"), 0o644)
	out := filepath.Join(dir, "all.jsonl")
	for range 2 { // the second time all.jsonl is in the directory
		if r := cec(t, "", "merge", dir, "-o", out); r.code != 0 {
			t.Fatal(r.stderr)
		}
		if b, _ := os.ReadFile(out); string(b) != full.stdout {
			t.Fatal("merge DIR differs from the full run")
		}
	}
	if r := cec(t, "", "table", filepath.Join(dir, "s1.jsonl"), filepath.Join(dir, "s2.jsonl"), filepath.Join(dir, "s3.jsonl")); r.code != 0 {
		t.Fatal(r.stderr)
	}
	wantBadInput(t, cec(t, "", "merge", t.TempDir()), "without run files")
	wantBadInput(t, cec(t, "", "merge", out, "-o", out), "also an input file")
}

// TestMergePattern: cec merge expands a pattern itself (no shell in the
// container), leaving out the -o file.
func TestMergePattern(t *testing.T) {
	dir := t.TempDir()
	full := cec(t, "", args("-json")...)
	for i := 1; i <= 2; i++ {
		if r := cec(t, "", args("-shard", fmt.Sprintf("%d/2", i), "-o", filepath.Join(dir, fmt.Sprintf("runs-10D-shard-%d.jsonl", i-1)))...); r.code != 0 {
			t.Fatal(r.stderr)
		}
	}
	out := filepath.Join(dir, "runs-10D-shard-all.jsonl") // matched by the pattern too
	for range 2 {
		if r := cec(t, "", "merge", filepath.Join(dir, "runs-10D-shard-*.jsonl"), "-o", out); r.code != 0 {
			t.Fatal(r.stderr)
		}
		if b, _ := os.ReadFile(out); string(b) != full.stdout {
			t.Fatal("merge PATTERN differs from the full run")
		}
	}
	wantBadInput(t, cec(t, "", "merge", filepath.Join(dir, "runs-50D-*.jsonl")), "matches no file")
}
