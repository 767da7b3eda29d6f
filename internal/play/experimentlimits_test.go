package play

import (
	"fmt"
	"strings"
	"testing"
)

// An address asking for more than the view's limits gets the limits, each
// named in a notice: the first MaxConfigs configurations, fewer runs when
// configurations × problems × runs passes MaxJobs, and a bounded number of
// notices however many bad entries it has.
func TestDefineExperimentLimits(t *testing.T) {
	var cs []string
	for i := range 1500 {
		cs = append(cs, fmt.Sprintf("c%d:de", i))
	}
	var ps []string
	for i := 1; i <= 28; i++ {
		ps = append(ps, fmt.Sprintf("C%02d", i))
	}
	ps = append(ps, "rosenbrock", "valley", "abs", "disc", "circle", "islands", "himmelblau", "rastrigin")
	rep := DefineExperiment(map[string]string{"mode": "experiment", "runs": "1000", "problems": strings.Join(ps, ","),
		"configs": strings.Join(cs, ",")}, 4)
	d := rep.Def
	if len(d.Configs) != MaxConfigs || d.Configs[0].Name != "c0" || d.Configs[MaxConfigs-1].Name != fmt.Sprintf("c%d", MaxConfigs-1) {
		t.Errorf("%d configurations (first %v): want the first %d", len(d.Configs), d.Configs[0].Name, MaxConfigs)
	}
	if len(d.Problems) != 36 {
		t.Errorf("%d problems, want 36", len(d.Problems))
	}
	if jobs := len(d.Configs) * len(d.Problems) * d.Runs; jobs > MaxJobs || d.Runs != MaxJobs/(MaxConfigs*36) {
		t.Errorf("runs %d: %d jobs, want runs %d (at most %d jobs)", d.Runs, jobs, MaxJobs/(MaxConfigs*36), MaxJobs)
	}
	want := map[string]string{"configs": "1484 configurations past the first 16 left out", "runs": "using 173 runs"}
	for _, n := range rep.Notices {
		if w, ok := want[n.Key]; ok && strings.Contains(n.Message, w) {
			delete(want, n.Key)
		}
		if len(n.Value) > 4*EchoMax || len(n.Message) > 400 {
			t.Errorf("notice %q: value of %d bytes, message of %d: not cut", n.Key, len(n.Value), len(n.Message))
		}
	}
	if len(want) > 0 {
		t.Errorf("missing notices %v in %v", want, rep.Notices)
	}
	if len(rep.Errors) != 0 {
		t.Errorf("errors %v", rep.Errors)
	}
}

// 50,000 bad problem names and configurations give at most maxNotesPerKey
// notices per key and one that counts the rest.
func TestDefineExperimentManyBadEntries(t *testing.T) {
	rep := DefineExperiment(manyBad(50_000), 4)
	per := map[string]int{}
	for _, n := range rep.Notices {
		per[n.Key]++
	}
	for _, k := range []string{"problems", "configs"} {
		if per[k] > maxNotesPerKey+1 {
			t.Errorf("%d notices of %s, want at most %d", per[k], k, maxNotesPerKey+1)
		}
	}
	last := rep.Notices[len(rep.Notices)-1]
	if !strings.Contains(fmt.Sprint(rep.Notices), "more values of problems left out or replaced like these") {
		t.Errorf("no notice counts the rest: last %v", last)
	}
	if rep.Def.Problems[0] != DefaultExperimentProblem || len(rep.Def.Configs) != 2 {
		t.Errorf("problems %v, %d configurations: want the defaults", rep.Def.Problems, len(rep.Def.Configs))
	}
}

func manyBad(n int) map[string]string {
	var ps, cs []string
	for i := range n {
		ps = append(ps, fmt.Sprintf("nope%d", i))
		cs = append(cs, fmt.Sprintf("c%d:de(x", i))
	}
	return map[string]string{"mode": "experiment", "problems": strings.Join(ps, ","), "configs": strings.Join(cs, ",")}
}

// BenchmarkDefineExperimentBadEntries: reading is linear in the address:
// compare ns/op at 5,000 and 50,000 bad entries (10× the entries, about
// 10× the time; it was quadratic, each notice cutting the whole value).
func BenchmarkDefineExperimentBadEntries(b *testing.B) {
	for _, n := range []int{5_000, 50_000} {
		v := manyBad(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				DefineExperiment(v, 4)
			}
		})
	}
}
