package experiment

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"pcaplay/core/problem/cec2017/official"
	"pcaplay/internal/testdata"
)

// TestDataLabelFunc: Config.Label, when set, names the data of the
// problems that read files (and is asked about those files only); cec run
// sets it, which its WebAssembly build needs.
func TestDataLabelFunc(t *testing.T) {
	var asked []string
	c := Config{Algos: []string{"random"}, Problems: []string{"C05"}, Dim: 10, Runs: 1, Seed: 1, FES: 200,
		Data: official.FS(), Label: func(fsys fs.FS, files []string) (string, error) {
			asked = append(asked, files...)
			return official.LabelOf(fsys, files)
		}}
	if r := collect(t, plan(t, c), 1); r[0].Data != "official" || len(asked) == 0 {
		t.Errorf("data %q, files asked about %q", r[0].Data, asked)
	}
	c.Label = func(fs.FS, []string) (string, error) { return "", errors.New("no labels here") }
	if _, err := NewPlan(c); err == nil || !strings.Contains(err.Error(), "no labels here") {
		t.Errorf("a failing Label: NewPlan error %v", err)
	}
}

// TestResume: records of a finished part of the grid are skipped, and the
// rest, run afterwards, completes exactly the records of a full run.
func TestResume(t *testing.T) {
	full := collect(t, plan(t, small), 2)
	Sort(full)
	where := func(i int) string { return fmt.Sprintf("f:%d", i+1) }
	part := []Record{full[5], full[0], full[11]}
	p := plan(t, small)
	if err := p.Resume(part, where); err != nil {
		t.Fatal(err)
	}
	if p.NumJobs() != 9 {
		t.Fatalf("NumJobs %d after resuming 3 of 12", p.NumJobs())
	}
	rest := collect(t, p, 2)
	all := append(slices.Clone(part), rest...)
	Sort(all)
	if !reflect.DeepEqual(all, full) {
		t.Fatal("resumed records differ from a full run")
	}

	// Every field that makes a run another run is checked.
	mod := func(f func(*Record)) []Record {
		r := full[3]
		r.X = slices.Clone(r.X)
		f(&r)
		return []Record{full[0], r}
	}
	for _, tc := range []struct {
		name string
		recs []Record
		want string
	}{
		{"algo", mod(func(r *Record) { r.Algo = "cmode" }), `algorithm "cmode"`},
		{"problem", mod(func(r *Record) { r.Problem = "C02" }), `problem "C02"`},
		{"dim", mod(func(r *Record) { r.Dim = 30 }), `"dim" 30`},
		{"run", mod(func(r *Record) { r.Run = 3; r.Seed = 10 }), `"run" 3`},
		{"seed", mod(func(r *Record) { r.Seed = 99 }), `"seed" 99`},
		{"maxfes", mod(func(r *Record) { r.MaxFES = 100 }), `"maxfes" 100`},
		{"settings", mod(func(r *Record) { r.Settings = "pop=3" }), `"settings" "pop=3"`},
		{"data", mod(func(r *Record) { r.Data = "official" }), `"data" "official"`},
		{"duplicate", []Record{full[0], full[3], full[3]}, "f:3: " + full[3].Key().String() + ": the same run as f:2"},
	} {
		p := plan(t, small)
		err := p.Resume(tc.recs, where)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "f:") {
			t.Errorf("%s: %v, want an error naming %q", tc.name, err, tc.want)
		}
		if p.NumJobs() != 12 {
			t.Errorf("%s: a refused resume marked runs done", tc.name)
		}
	}
	// A run of another shard is refused.
	c := small
	c.Shard = Shard{2, 3}
	p = plan(t, c)
	if err := p.Resume([]Record{full[0]}, where); err == nil || !strings.Contains(err.Error(), "-shard 2/3") {
		t.Errorf("other shard: %v", err)
	}
	if err := p.Resume([]Record{full[1], full[4]}, where); err != nil || p.NumJobs() != 2 {
		t.Errorf("own shard: %v, %d jobs left", err, p.NumJobs())
	}
}

// TestDoneHook: Done sees every record once as it finishes, Emit in
// canonical order, and both the same set.
func TestDoneHook(t *testing.T) {
	var done, emitted []Record
	out, err := plan(t, small).Execute(context.Background(), 3, Hooks{
		Done: func(r Record) error { done = append(done, r); return nil },
		Emit: func(r Record) error { emitted = append(emitted, r); return nil },
	})
	if err != nil || out.Done != 12 || out.Emitted != 12 || out.Finished != 12 {
		t.Fatalf("%+v, %v", out, err)
	}
	Sort(done)
	if !reflect.DeepEqual(done, emitted) {
		t.Error("Done and Emit saw different records")
	}
}

// TestLazyShard: a shard of a huge grid holds only its own jobs; nothing of
// the size of the grid is built.
func TestLazyShard(t *testing.T) {
	c := Config{Algos: []string{"random"}, Problems: []string{"C01"}, Dim: 10, Runs: MaxRuns, Seed: 1, FES: 100,
		Shard: Shard{MaxRuns, MaxRuns}}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	p, err := NewPlan(c)
	if err != nil {
		t.Fatal(err)
	}
	jobs := slices.Collect(p.Jobs())
	runtime.ReadMemStats(&after)
	if len(jobs) != 1 || jobs[0].Run != MaxRuns-1 || p.NumJobs() != 1 || p.GridSize != MaxRuns {
		t.Fatalf("jobs %+v, NumJobs %d, GridSize %d", jobs, p.NumJobs(), p.GridSize)
	}
	// One Key per grid job would be 48 MB.
	if n := after.TotalAlloc - before.TotalAlloc; n > 4<<20 {
		t.Errorf("%d bytes allocated for one job of a %d-run grid", n, MaxRuns)
	}
	c.Runs = MaxRuns + 1
	if _, err := NewPlan(c); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("-runs %d", MaxRuns+1)) {
		t.Errorf("-runs over the limit: %v", err)
	}
}

// TestCommittedRunFiles: the run files in docs/results (and docs/results/partial)
// read without error,
// every record names its data, and each line is byte for byte what
// MarshalLine writes for it (so add-data-field.sh changed nothing else, and
// merging or resuming them rewrites no number).
func TestCommittedRunFiles(t *testing.T) {
	root, err := testdata.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(root, "docs", "results", "*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no run files in docs/results (%v)", err)
	}
	// grids still being made, committed as they grow
	partial, err := filepath.Glob(filepath.Join(root, "docs", "results", "partial", "*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, partial...)
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		recs, lines, err := Read(bytes.NewReader(b), name)
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Split(string(b), "\n")
		for i, r := range recs {
			line, err := MarshalLine(r)
			if err != nil {
				t.Fatal(err)
			}
			if string(line) != text[lines[i]-1]+"\n" {
				t.Fatalf("%s:%d: the line is not what MarshalLine writes for its record", name, lines[i])
			}
		}
		t.Logf("%s: %d records", filepath.Base(name), len(recs))
	}
}
