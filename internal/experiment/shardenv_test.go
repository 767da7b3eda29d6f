package experiment

import (
	"strconv"
	"strings"
	"testing"
)

// slurmArray returns the variables Slurm sets in task id of
// sbatch --array=lo-hi:step (SLURM_ARRAY_TASK_STEP as Slurm reports it).
func slurmArray(id, lo, hi, step int) map[string]string {
	return map[string]string{
		"SLURM_ARRAY_JOB_ID":     "4242",
		"SLURM_ARRAY_TASK_ID":    itoa(id),
		"SLURM_ARRAY_TASK_COUNT": itoa((hi-lo)/step + 1),
		"SLURM_ARRAY_TASK_MIN":   itoa(lo),
		"SLURM_ARRAY_TASK_MAX":   itoa(hi),
		"SLURM_ARRAY_TASK_STEP":  itoa(step),
		"SLURM_JOB_ID":           "4250",
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestShardFromEnv(t *testing.T) {
	with := func(m map[string]string, kv ...string) map[string]string {
		out := map[string]string{}
		for k, v := range m {
			out[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			out[kv[i]] = kv[i+1]
		}
		return out
	}
	k8s := func(i, n string) map[string]string {
		return map[string]string{"JOB_COMPLETION_INDEX": i, "CEC_SHARDS": n, "HOSTNAME": "cec-2-x7k"}
	}
	for _, tc := range []struct {
		name string
		env  map[string]string
		want Shard
		err  string
	}{
		{"k8s first", k8s("0", "4"), Shard{1, 4}, ""},
		{"k8s last", k8s("3", "4"), Shard{4, 4}, ""},
		{"k8s index too big", k8s("4", "4"), Shard{}, "JOB_COMPLETION_INDEX=4"},
		{"k8s without count", map[string]string{"JOB_COMPLETION_INDEX": "1"}, Shard{}, "CEC_SHARDS is not set"},
		{"k8s bad index", k8s("x", "4"), Shard{}, `JOB_COMPLETION_INDEX="x"`},
		{"k8s bad count", k8s("0", "0"), Shard{}, `CEC_SHARDS="0"`},
		{"slurm id with a sign", with(slurmArray(2, 1, 4, 1), "SLURM_ARRAY_TASK_ID", "+2"), Shard{}, `SLURM_ARRAY_TASK_ID="+2": want an integer in 0 … `},
		{"slurm id with a blank", with(slurmArray(3, 1, 4, 1), "SLURM_ARRAY_TASK_ID", " 3"), Shard{}, `SLURM_ARRAY_TASK_ID=" 3"`},
		{"k8s index with a leading zero", k8s("03", "4"), Shard{}, `JOB_COMPLETION_INDEX="03"`},
		{"slurm 0-9", slurmArray(0, 0, 9, 1), Shard{1, 10}, ""},
		{"slurm 0-9 last", slurmArray(9, 0, 9, 1), Shard{10, 10}, ""},
		{"slurm 1-9", slurmArray(1, 1, 9, 1), Shard{1, 9}, ""},
		{"slurm 3-7", slurmArray(5, 3, 7, 1), Shard{3, 5}, ""},
		{"slurm 0-8:2", slurmArray(6, 0, 8, 2), Shard{4, 5}, ""},
		{"slurm without count", with(slurmArray(2, 1, 4, 1), "SLURM_ARRAY_TASK_COUNT", ""), Shard{2, 4}, ""},
		{"slurm without step", with(slurmArray(2, 1, 4, 1), "SLURM_ARRAY_TASK_STEP", ""), Shard{2, 4}, ""},
		{"slurm list 1,4,5", with(slurmArray(4, 1, 5, 1), "SLURM_ARRAY_TASK_COUNT", "3"), Shard{}, "evenly stepped"},
		{"slurm id off the step", slurmArray(3, 0, 8, 2), Shard{}, "SLURM_ARRAY_TASK_ID=3"},
		{"slurm without min", with(slurmArray(2, 1, 4, 1), "SLURM_ARRAY_TASK_MIN", ""), Shard{}, "SLURM_ARRAY_TASK_MIN is not set"},
		// sbatch --array=7 reproduce.sbatch with CEC_SHARDS=9: shard 7 again.
		{"slurm shard numbers", with(slurmArray(7, 7, 7, 1), "CEC_SHARDS", "9"), Shard{7, 9}, ""},
		{"slurm shard number 0", with(slurmArray(0, 0, 8, 1), "CEC_SHARDS", "9"), Shard{}, "shard numbers 1…9"},
		{"both", with(k8s("0", "2"), "SLURM_ARRAY_TASK_ID", "1"), Shard{}, "both"},
		{"neither", map[string]string{"HOME": "/root"}, Shard{}, "neither"},
		// the largest int64 once overflowed into -shard 1/-9223372036854775808
		{"slurm max overflows", with(slurmArray(0, 0, 9, 1), "SLURM_ARRAY_TASK_MAX", "9223372036854775807", "SLURM_ARRAY_TASK_COUNT", ""), Shard{},
			`SLURM_ARRAY_TASK_MAX="9223372036854775807": want an integer in 0 … 1073741824`},
		{"slurm id huge", with(slurmArray(0, 0, 9, 1), "SLURM_ARRAY_TASK_ID", "99999999999999999999"), Shard{}, `SLURM_ARRAY_TASK_ID="99999999999999999999"`},
		{"k8s count huge", k8s("0", "4611686018427387904"), Shard{}, `CEC_SHARDS="4611686018427387904"`},
		{"value cut", k8s(strings.Repeat("9", 3<<20), "4"), Shard{}, `JOB_COMPLETION_INDEX="9999999999999999999999999999999999999999… (3145728 bytes)"`},
	} {
		got, note, err := ShardFromEnv(func(k string) string { return tc.env[k] })
		switch {
		case tc.err == "" && (err != nil || got != tc.want || note == ""):
			t.Errorf("%s: %v, %q, %v; want %v", tc.name, got, note, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err) || len(err.Error()) > 300):
			t.Errorf("%s: %v, %.300v; want a short error naming %q", tc.name, got, err, tc.err)
		}
	}
}

// TestEmptyShard: a shard without a job of the grid is an error.
func TestEmptyShard(t *testing.T) {
	c := Config{Algos: []string{"random"}, Problems: []string{"C01"}, Dim: 10, Runs: 2, FES: 100, Shard: Shard{5, 10}}
	if _, err := NewPlan(c); err == nil || !strings.Contains(err.Error(), "-shard 5/10") || !strings.Contains(err.Error(), "only 2 runs") {
		t.Errorf("shard 5/10 of 2 runs: %v", err)
	}
	c.Shard = Shard{2, 10}
	if p, err := NewPlan(c); err != nil || p.NumJobs() != 1 {
		t.Errorf("shard 2/10 of 2 runs: %v", err)
	}
}

// FuzzShardFromEnv: whatever the engines' variables and -shard hold, the
// shard is 1 ≤ i ≤ n or the error is one short line.
// `go test -fuzz FuzzShardFromEnv ./internal/experiment` runs it.
func FuzzShardFromEnv(f *testing.F) {
	f.Add("", "", "0", "0", "9", "1", "10", "1/4")
	f.Add("3", "4", "", "", "", "", "", "2/2")
	f.Add("", "", "0", "0", "9223372036854775807", "1", "", "0/0")
	f.Add("", "", "-9223372036854775808", "-9223372036854775808", "9223372036854775807", "1", "", "9223372036854775807/9223372036854775807")
	f.Fuzz(func(t *testing.T, k8s, shards, id, lo, hi, step, count, flag string) {
		env := map[string]string{"JOB_COMPLETION_INDEX": k8s, "CEC_SHARDS": shards, "SLURM_ARRAY_TASK_ID": id, "SLURM_ARRAY_TASK_MIN": lo,
			"SLURM_ARRAY_TASK_MAX": hi, "SLURM_ARRAY_TASK_STEP": step, "SLURM_ARRAY_TASK_COUNT": count}
		s, _, err := ShardFromEnv(func(k string) string { return env[k] })
		s2, err2 := ParseShard(flag)
		for _, c := range []struct {
			s   Shard
			err error
		}{{s, err}, {s2, err2}} {
			if c.err != nil {
				if m := c.err.Error(); strings.Contains(m, "\n") || len(m) > 400 {
					t.Fatalf("error %.400q: not one short line", m)
				}
				continue
			}
			if c.s.Index < 1 || c.s.Index > c.s.Count {
				t.Fatalf("shard %d/%d", c.s.Index, c.s.Count)
			}
		}
	})
}
