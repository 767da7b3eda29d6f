package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"pcaplay/internal/experiment"
	"pcaplay/internal/testdata"
)

// TestRunOutputExists: -o refuses an existing file, unless -force
// (overwrite) or -resume (continue).
func TestRunOutputExists(t *testing.T) {
	out := filepath.Join(t.TempDir(), "runs.jsonl")
	os.WriteFile(out, []byte("precious\n"), 0o644)
	wantBadInput(t, cec(t, "", args("-o", out)...), out, "exists", "-resume", "-force")
	if b, _ := os.ReadFile(out); string(b) != "precious\n" {
		t.Fatalf("the refused run changed the file: %q", b)
	}
	if r := cec(t, "", args("-o", out, "-force")...); r.code != 0 {
		t.Fatalf("-force: %s", r.stderr)
	}
	j := cec(t, "", args("-json")...)
	if m := cec(t, "", "merge", out); m.stdout != j.stdout {
		t.Error("-force did not replace the file by the run")
	}
	wantBadInput(t, cec(t, "", args("-resume")...), "-o")
	wantBadInput(t, cec(t, "", args("-force")...), "-o")
	wantBadInput(t, cec(t, "", args("-o", out, "-force", "-resume")...), "-resume", "-force")
}

// TestRunResume: a file holding some runs of the grid and a last line cut
// short is completed to exactly the records of an uninterrupted run; the
// earlier lines are not touched and the table covers the whole grid.
func TestRunResume(t *testing.T) {
	dir := t.TempDir()
	full := cec(t, "", args("-json")...)
	table := cec(t, "", args()...)
	lines := strings.SplitAfter(full.stdout, "\n")
	lines = lines[:len(lines)-1]
	if len(lines) != 12 {
		t.Fatalf("%d lines", len(lines))
	}
	part := lines[7] + lines[2] + lines[0] + lines[11][:len(lines[11])/2]
	out := filepath.Join(dir, "runs.jsonl")
	os.WriteFile(out, []byte(part), 0o644)
	r := cec(t, "", append(args("-o", out, "-resume"), "-quiet=false")...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "removed a last line cut short") || !strings.Contains(r.stderr, "3 of 12 runs already there, 9 to run") {
		t.Errorf("stderr %q does not tell what was found", r.stderr)
	}
	if r.stdout != table.stdout {
		t.Errorf("table after -resume:\n%s\nwant\n%s", r.stdout, table.stdout)
	}
	b, _ := os.ReadFile(out)
	if !strings.HasPrefix(string(b), lines[7]+lines[2]+lines[0]) {
		t.Error("the lines already there were rewritten")
	}
	if got := sortedLines(string(b)); !slices.Equal(got, sortedLines(full.stdout)) {
		t.Errorf("resumed file:\n%s\nwant the lines of\n%s", b, full.stdout)
	}
	// Everything done: nothing runs, the file stays, the table is printed.
	r = cec(t, "", args("-o", out, "-resume")...)
	if b2, _ := os.ReadFile(out); r.code != 0 || !bytes.Equal(b, b2) || r.stdout != table.stdout {
		t.Errorf("a second -resume: exit %d, file changed %v, stderr %q", r.code, !bytes.Equal(b, b2), r.stderr)
	}
	// -json prints the new runs only.
	os.WriteFile(out, []byte(lines[0]+lines[1]), 0o644)
	r = cec(t, "", args("-o", out, "-resume", "-json")...)
	if r.code != 0 || r.stdout != strings.Join(lines[2:], "") {
		t.Errorf("-resume -json printed %d lines (exit %d, %s)", strings.Count(r.stdout, "\n"), r.code, r.stderr)
	}
	// A file that does not exist yet is created.
	fresh := filepath.Join(dir, "fresh.jsonl")
	if r := cec(t, "", args("-o", fresh, "-resume")...); r.code != 0 || r.stdout != table.stdout {
		t.Errorf("-resume on a new file: exit %d, %s", r.code, r.stderr)
	}
}

// TestRunResumeMismatch: a record of another grid is an error naming the
// file, the line and the field, and the file is left as it was.
func TestRunResumeMismatch(t *testing.T) {
	dir := t.TempDir()
	full := cec(t, "", args("-json")...)
	lines := strings.SplitAfter(full.stdout, "\n")
	out := filepath.Join(dir, "runs.jsonl")
	content := lines[0] + lines[1] + lines[5][:40]
	for _, tc := range []struct {
		name  string
		extra []string
		want  []string
	}{
		{"budget", []string{"-fes", "3000"}, []string{out + ":1", `"maxfes" 2000`}},
		{"settings", []string{"-set", "pop=9"}, []string{out + ":1", `"settings"`}},
		{"data", []string{"-data", "official"}, []string{out + ":1", `"data" "generated"`}},
		{"seed", []string{"-seed", "6"}, []string{out + ":1", `"seed" 5`}},
		{"runs", []string{"-runs", "1"}, []string{out + ":2", `"run" 1`}},
		{"algorithms", []string{"-algo", "pmode"}, []string{out + ":1", `"random"`}},
		{"problems", []string{"-problem", "C05"}, []string{out + ":1", `"C01"`}},
		{"shard", []string{"-shard", "2/2"}, []string{out + ":1", "-shard 2/2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.WriteFile(out, []byte(content), 0o644)
			wantBadInput(t, cec(t, "", append(args("-o", out, "-resume"), tc.extra...)...), tc.want...)
			if b, _ := os.ReadFile(out); string(b) != content {
				t.Error("a refused -resume changed the file")
			}
		})
	}
	// A broken line before the last is not a cut line: an error, no change.
	bad := lines[0] + "{\"algo\":\n" + lines[1]
	os.WriteFile(out, []byte(bad), 0o644)
	wantBadInput(t, cec(t, "", args("-o", out, "-resume")...), out+":2")
	if b, _ := os.ReadFile(out); string(b) != bad {
		t.Error("a refused -resume changed the file")
	}
}

// TestRunData: the default is the embedded official data; a directory of
// byte-identical files gives the same records, "generated" other ones.
func TestRunData(t *testing.T) {
	base := []string{"run", "-algo", "random", "-problem", "C02,C05", "-dim", "10", "-runs", "2", "-fes", "300", "-quiet", "-json"}
	def := cec(t, "", base...)
	named := cec(t, "", append(base, "-data", "official")...)
	copied := cec(t, "", append(base, "-data", testdata.CEC2017Data(t))...)
	gen := cec(t, "", append(base, "-data", "generated")...)
	if def.code != 0 || named.code != 0 || copied.code != 0 || gen.code != 0 {
		t.Fatal(def.stderr, named.stderr, copied.stderr, gen.stderr)
	}
	if def.stdout != named.stdout || def.stdout != copied.stdout {
		t.Error("the embedded data and a copy of the official files give different records")
	}
	recs, _, err := experiment.Read(strings.NewReader(def.stdout), "default")
	if err != nil || len(recs) != 4 {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.Data != "official" {
			t.Errorf("%s: data %q, want official", r.Key(), r.Data)
		}
	}
	if !strings.Contains(gen.stdout, `"data":"generated"`) || strings.Contains(gen.stdout, `"official"`) {
		t.Error("-data generated is not recorded as generated")
	}
	wantBadInput(t, cec(t, "", append(base, "-data", "")...), "-data ''")
	wantBadInput(t, cec(t, "", append(base, "-dim", "12")...), "dimension 12", "generated")
	if r := cec(t, "", append(base, "-dim", "12", "-data", "generated")...); r.code != 0 {
		t.Errorf("generated data at D = 12: %s", r.stderr)
	}
}

// TestRunKilledResumes kills (SIGKILL) a cec run writing a file, then
// resumes it: the killed process loses at most the runs it had in progress
// (every whole line of the file is a finished run, at most one line is
// cut), and the resumed file holds exactly the lines of an uninterrupted
// run.
func TestRunKilledResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "cec")
	if b, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, b)
	}
	flags := []string{"run", "-algo", "random,pmode", "-problem", "C01,C05", "-dim", "10", "-runs", "10", "-fes", "20000",
		"-data", "generated", "-workers", "2", "-quiet"}
	out := filepath.Join(dir, "runs.jsonl")
	cmd := exec.Command(bin, append(flags, "-o", out)...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		b, _ := os.ReadFile(out)
		if bytes.Count(b, []byte("\n")) >= 5 {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("5 runs did not finish within 60 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	if err := cmd.Wait(); err == nil {
		t.Fatal("the killed process exited 0: the grid finished before the kill")
	}
	killed, _ := os.ReadFile(out)
	whole := killed[:bytes.LastIndexByte(killed, '\n')+1]
	recs, _, err := experiment.Read(bytes.NewReader(whole), out)
	if err != nil {
		t.Fatalf("the whole lines of the killed run's file: %v", err)
	}
	if len(recs) >= 40 {
		t.Fatalf("%d runs written before the kill: the grid was done", len(recs))
	}

	r := exec.Command(bin, append(flags, "-o", out, "-resume")...)
	var stderr bytes.Buffer
	r.Stderr = &stderr
	if err := r.Run(); err != nil {
		t.Fatalf("-resume: %v: %s", err, stderr.String())
	}
	resumed, _ := os.ReadFile(out)
	if !bytes.HasPrefix(resumed, whole) {
		t.Error("-resume rewrote lines the killed run had written")
	}
	full := cec(t, "", append(flags, "-json")...)
	if got, want := sortedLines(string(resumed)), sortedLines(full.stdout); !slices.Equal(got, want) {
		t.Fatalf("killed after %d runs and resumed: %d lines, not the %d lines of an uninterrupted run", len(recs), len(got), len(want))
	}
	t.Logf("killed with %d runs written (%d bytes of a cut line), resumed to %d", len(recs), len(killed)-len(whole), strings.Count(full.stdout, "\n"))
}

// TestRunLocked: while one cec run appends to a file, a second one (a
// replacement pod, a requeued task) refuses it instead of appending too.
func TestRunLocked(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildCEC(t)
	out := filepath.Join(t.TempDir(), "runs.jsonl")
	flags := []string{"run", "-algo", "pmode", "-problem", "C01", "-dim", "10", "-runs", "50", "-fes", "100000", "-data", "generated", "-workers", "1", "-quiet"}
	cmd := exec.Command(bin, append(flags, "-o", out)...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	deadline := time.Now().Add(30 * time.Second)
	for {
		if _, err := os.Stat(out); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no output file after 30 s")
		}
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond) // past the lock
	wantBadInput(t, cec(t, "", append(flags, "-o", out, "-resume")...), out, "another cec run")
	wantBadInput(t, cec(t, "", append(flags, "-o", out, "-force")...), out, "another cec run")
}
