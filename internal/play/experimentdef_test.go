package play

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

func noticeKeys(ns []Notice) []string {
	var k []string
	for _, n := range ns {
		k = append(k, n.Key)
	}
	slices.Sort(k)
	return k
}

// An address with mode=experiment only: C01, D = 10, 25 runs, seed 1, the
// default budget, PMODE with PCA-projection on and off.
func TestDefineExperimentDefaults(t *testing.T) {
	r := DefineExperiment(map[string]string{"mode": "experiment"}, 4)
	d := r.Def
	if len(r.Notices) != 0 || len(r.Errors) != 0 {
		t.Errorf("notices %v, errors %v", r.Notices, r.Errors)
	}
	if !slices.Equal(d.Problems, []string{"C01"}) || d.Dim != 10 || d.Runs != 25 || d.Seed != "1" || d.FES != 0 || d.Workers != 0 || d.Pool != 3 || d.Algo != "pmode" {
		t.Errorf("defaults: %+v", d)
	}
	if got := FormatConfigs(d.Configs); got != "pmode:pmode(pca=true),pmode-nopca:pmode(pca=false)" {
		t.Errorf("default configurations %q", got)
	}
	if !reflect.DeepEqual(d.Configs, DefaultConfigs("pmode")) {
		t.Errorf("configs %+v", d.Configs)
	}
	if !reflect.DeepEqual(d.Cells, []ExperimentCell{{"C01", 10, 200000, ""}}) {
		t.Errorf("cells %+v", d.Cells)
	}
	for cores, want := range map[int]int{4: 3, 1: 1, 32: 8, 0: 1, -3: 1} {
		if got := DefaultWorkers(cores); got != want {
			t.Errorf("DefaultWorkers(%d) = %d, want %d", cores, got, want)
		}
	}
	want := map[string]string{"mode": "experiment", "problems": "C01", "dim": "10", "runs": "25", "seed": "1", "algo": "pmode"}
	if !reflect.DeepEqual(r.Values, want) {
		t.Errorf("values %v, want %v", r.Values, want)
	}
}

// ParseConfigs and FormatConfigs round trip; each error names the bad part.
func TestParseConfigs(t *testing.T) {
	text := "a:pmode(pca=true;pcaprob=0.5),b:cmode"
	cs, errs := ParseConfigs(text)
	if len(errs) != 0 {
		t.Fatalf("errors %v", errs)
	}
	want := []ExperimentConfig{
		{Name: "a", Algo: "pmode", Params: []ConfigParam{{"pca", "true"}, {"pcaprob", "0.5"}}, Text: "a:pmode(pca=true;pcaprob=0.5)"},
		{Name: "b", Algo: "cmode", Text: "b:cmode"},
	}
	if !reflect.DeepEqual(cs, want) {
		t.Errorf("ParseConfigs(%q) = %+v", text, cs)
	}
	if got := FormatConfigs(cs); got != text {
		t.Errorf("FormatConfigs = %q, want %q", got, text)
	}
	// spaces around the parts, an upper-case algorithm, a key given twice
	cs, _ = ParseConfigs(" x : PMODE ( pca = false ; pcaprob=0.1; pca=true ) , ")
	if len(cs) != 1 || cs[0].Text != "x:pmode(pca=true;pcaprob=0.1)" {
		t.Errorf("loose spelling: %+v", cs)
	}
	for _, c := range []struct{ text, want string }{
		{"A:pmode", `configuration name "A": want lower-case letters, digits and '-' (at most 32), starting with a letter`},
		{"a:pmode,a:cmode", `configuration name "a" used twice`},
		{"a:pmode(pca)", `a: "pca": want key=value`},
		{"a:pmode(pca=1 2)", `a: "pca=1 2": want key=value`},
		{"nocolon", `"nocolon": want NAME:ALGO(key=value;…)`},
		{"a:pm ode", `a: algorithm "pm ode" is not a name`},
		{"a:pmode(pca=true", `"a:pmode(pca=true": want NAME:ALGO(key=value;…)`},
		{"a:pmode(x=" + strings.Repeat("9", 41) + ")", `a: "x=` + strings.Repeat("9", 30) + `… (43 characters)": want key=value`},
	} {
		_, errs := ParseConfigs(c.text)
		if len(errs) != 1 || errs[0] != c.want {
			t.Errorf("ParseConfigs(%q) errors %q, want %q", c.text, errs, c.want)
		}
	}
}

// Every bad value is replaced by its default and named in a notice of
// one line, with the messages the page showed when it checked them itself.
func TestDefineExperimentBadValues(t *testing.T) {
	r := DefineExperiment(map[string]string{"problems": "c2,zz,C2,rosenbrock", "dim": "7", "runs": "0", "seed": "-1", "workers": "9", "fes": "12.5"}, 2)
	d := r.Def
	if !slices.Equal(d.Problems, []string{"C02", "rosenbrock"}) || d.Dim != 10 || d.Runs != 25 || d.Seed != "1" || d.Workers != 0 || d.FES != 0 {
		t.Errorf("bad values kept: %+v", d)
	}
	if got := noticeKeys(r.Notices); !slices.Equal(got, []string{"dim", "fes", "problems", "runs", "seed", "workers"}) {
		t.Errorf("notices for %v", got)
	}
	msgs := map[string]string{}
	for _, n := range r.Notices {
		msgs[n.Key] = n.Message
		if strings.Contains(n.Message, "\n") {
			t.Errorf("notice %+v: more than one line", n)
		}
	}
	for k, want := range map[string]string{
		"problems": `unknown problem "zz" left out`,
		"dim":      "D is one of 2, 10, 20, 30, 50, 100; using 10",
		"fes":      "the budget is a whole number in [100, 100000000]; using 20000·D",
		"runs":     "runs is a whole number in [1, 1000]; using 25",
		"seed":     "want a whole number in [0, 2^64); using 1",
		"workers":  "workers is a whole number in [1, 8]; using 1",
	} {
		if msgs[k] != want {
			t.Errorf("%s: message %q, want %q", k, msgs[k], want)
		}
	}
	if !reflect.DeepEqual(d.Cells, []ExperimentCell{{"C02", 10, 200000, ""}, {"rosenbrock", 2, 40000, ""}}) {
		t.Errorf("cells %+v", d.Cells)
	}

	for _, c := range []struct {
		values map[string]string
		key    string // the notices' keys, "" for none
		check  func(ExperimentDef) bool
	}{
		{map[string]string{"dim": "20"}, "", func(d ExperimentDef) bool { return d.Dim == 20 }},
		{map[string]string{"dim": " 030 "}, "", func(d ExperimentDef) bool { return d.Dim == 30 }},
		{map[string]string{"dim": "40"}, "dim", func(d ExperimentDef) bool { return d.Dim == 10 }},
		{map[string]string{"dim": ""}, "dim", func(d ExperimentDef) bool { return d.Dim == 10 }},
		{map[string]string{"seed": "18446744073709551615", "runs": "2"}, "seed", func(d ExperimentDef) bool { return d.Seed == "1" }},
		{map[string]string{"seed": "18446744073709551615"}, "seed", func(d ExperimentDef) bool { return d.Seed == "1" && d.Runs == 25 }},
		{map[string]string{"seed": "18446744073709551615", "runs": "1"}, "", func(d ExperimentDef) bool { return d.Seed == "18446744073709551615" }},
		{map[string]string{"seed": "007"}, "", func(d ExperimentDef) bool { return d.Seed == "7" }},
		{map[string]string{"seed": "18446744073709551616"}, "seed", func(d ExperimentDef) bool { return d.Seed == "1" }},
		{map[string]string{"seed": "+3"}, "seed", func(d ExperimentDef) bool { return d.Seed == "1" }},
		{map[string]string{"fes": ""}, "", func(d ExperimentDef) bool { return d.FES == 0 }},
		{map[string]string{"fes": "100"}, "", func(d ExperimentDef) bool { return d.FES == 100 && d.Cells[0].FES == 100 }},
		{map[string]string{"fes": "99"}, "fes", func(d ExperimentDef) bool { return d.FES == 0 }},
		{map[string]string{"fes": "1e4"}, "fes", func(d ExperimentDef) bool { return d.FES == 0 }},
		{map[string]string{"runs": ""}, "runs", func(d ExperimentDef) bool { return d.Runs == 25 }},
		{map[string]string{"runs": "1000"}, "", func(d ExperimentDef) bool { return d.Runs == 1000 }},
		{map[string]string{"runs": "1001"}, "runs", func(d ExperimentDef) bool { return d.Runs == 25 }},
		{map[string]string{"workers": ""}, "", func(d ExperimentDef) bool { return d.Workers == 0 }},
		{map[string]string{"workers": "8"}, "", func(d ExperimentDef) bool { return d.Workers == 8 && d.Pool == 8 }},
		{map[string]string{"problems": ""}, "problems", func(d ExperimentDef) bool { return slices.Equal(d.Problems, []string{"C01"}) }},
		{map[string]string{"problems": "nosuch"}, "problems,problems", func(d ExperimentDef) bool { return slices.Equal(d.Problems, []string{"C01"}) }},
		{map[string]string{"problems": "C28,HIMMELBLAU, c05 "}, "", func(d ExperimentDef) bool {
			return slices.Equal(d.Problems, []string{"C28", "himmelblau", "C05"})
		}},
		{map[string]string{"algo": " CMODE "}, "", func(d ExperimentDef) bool {
			return d.Algo == "cmode" && d.Configs[1].Text == "cmode-nopca:cmode(pca=false)"
		}},
		{map[string]string{"algo": "nosuch"}, "algo", func(d ExperimentDef) bool { return d.Algo == "pmode" }},
		{map[string]string{"configs": " "}, "", func(d ExperimentDef) bool { return len(d.Configs) == 2 }},
	} {
		r := DefineExperiment(c.values, 2)
		var want []string
		if c.key != "" {
			want = strings.Split(c.key, ",")
		}
		if got := noticeKeys(r.Notices); !slices.Equal(got, want) || !c.check(r.Def) {
			t.Errorf("%v: notices %v (want %v), definition %+v", c.values, r.Notices, want, r.Def)
		}
	}
	// a huge value is cut in the notice
	long := strings.Repeat("x", 5000)
	r = DefineExperiment(map[string]string{"problems": long}, 2)
	for _, n := range r.Notices {
		if len(n.Value) > 80 || len(n.Message) > 240 {
			t.Errorf("notice not cut: %d, %d bytes", len(n.Value), len(n.Message))
		}
	}
}

// A list of configurations with a bad part is named part by part and
// replaced by the defaults as a whole; an unknown algorithm is a bad part.
func TestDefineExperimentBadConfigs(t *testing.T) {
	r := DefineExperiment(map[string]string{"configs": "x:nosuch"}, 2)
	if len(r.Notices) != 2 || r.Notices[0].Key != "configs" || r.Notices[0].Message != `x: unknown algorithm "nosuch"` ||
		r.Notices[1].Message != "using the default configurations (pmode:pmode(pca=true),pmode-nopca:pmode(pca=false))" {
		t.Errorf("notices %+v", r.Notices)
	}
	if !reflect.DeepEqual(r.Def.Configs, DefaultConfigs("pmode")) {
		t.Errorf("a bad list kept: %+v", r.Def.Configs)
	}
	r = DefineExperiment(map[string]string{"configs": "a:pmode,A:cmode", "algo": "cmode"}, 2)
	if len(r.Notices) != 2 || FormatConfigs(r.Def.Configs) != "cmode:cmode(pca=true),cmode-nopca:cmode(pca=false)" {
		t.Errorf("one bad part of two: notices %+v, configs %q", r.Notices, FormatConfigs(r.Def.Configs))
	}
}

// Go checks every configuration's parameters as it checks a run's: a value
// it would replace and a parameter the algorithm lacks are errors naming
// the configuration; the configurations stay as written.
func TestDefineExperimentConfigErrors(t *testing.T) {
	r := DefineExperiment(map[string]string{"problems": "C01", "configs": "a:pmode(pcaprob=7),b:cmode(nosuch=1),c:pmode(pcaprob=0.5)"}, 2)
	if len(r.Notices) != 0 {
		t.Errorf("notices %+v", r.Notices)
	}
	if got := FormatConfigs(r.Def.Configs); got != "a:pmode(pcaprob=7),b:cmode(nosuch=1),c:pmode(pcaprob=0.5)" {
		t.Errorf("configurations %q, want them as written", got)
	}
	if len(r.Errors) != 2 || !strings.HasPrefix(r.Errors[0], "a: pcaprob=7: ") ||
		!strings.HasPrefix(r.Errors[1], "b: cmode has no parameter nosuch (its parameters: ") {
		t.Errorf("errors %q", r.Errors)
	}
	// checked on the first problem at its D: pcam = 5 is fine at D = 10,
	// too large at D = 2
	if r := DefineExperiment(map[string]string{"problems": "C01", "configs": "a:pmode(pcam=5)"}, 2); len(r.Errors) != 0 {
		t.Errorf("pcam=5 at D = 10: %q", r.Errors)
	}
	if r := DefineExperiment(map[string]string{"problems": "rosenbrock", "configs": "a:pmode(pcam=5)"}, 2); len(r.Errors) != 1 {
		t.Errorf("pcam=5 at D = 2: %q", r.Errors)
	}
}

// The definition's values read back give the same definition and the same
// id; the id is the JSON the page's store of runs is keyed by; workers do
// not change it, runs do; the default configurations are left out.
func TestDefineExperimentRoundTrip(t *testing.T) {
	values := map[string]string{"mode": "experiment", "problems": "C01,C02,rosenbrock", "dim": "30", "fes": "5000", "runs": "7", "seed": "42",
		"workers": "3", "algo": "cmode", "configs": "p:pmode(pca=false),c:cmode"}
	r := DefineExperiment(values, 2)
	if !reflect.DeepEqual(r.Values, values) {
		t.Errorf("values %v, want %v", r.Values, values)
	}
	back := DefineExperiment(r.Values, 2)
	if !reflect.DeepEqual(back, r) {
		t.Errorf("read back: %+v, want %+v", back, r)
	}
	if want := `{"p":["C01","C02","rosenbrock"],"d":30,"f":5000,"r":7,"s":"42","c":"p:pmode(pca=false),c:cmode"}`; r.ID != want {
		t.Errorf("id %s, want %s", r.ID, want)
	}
	with := func(k, v string) string {
		m := maps(values)
		m[k] = v
		return DefineExperiment(m, 2).ID
	}
	if with("workers", "1") != r.ID || with("runs", "8") == r.ID {
		t.Errorf("workers change the id, or runs do not")
	}
	d2 := DefineExperiment(map[string]string{"mode": "experiment", "algo": "heco-pde"}, 2)
	if _, ok := d2.Values["configs"]; ok {
		t.Errorf("the default configurations written: %v", d2.Values)
	}
	if d2.ID != `{"p":["C01"],"d":10,"f":0,"r":25,"s":"1","c":"heco-pde:heco-pde(pca=true),heco-pde-nopca:heco-pde(pca=false)"}` {
		t.Errorf("default id %s", d2.ID)
	}
}

func maps(m map[string]string) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[k] = v
	}
	return out
}

// The experiment view takes HECO-DE's preset like any parameter, also with
// a value beside it, in either order.
func TestDefineExperimentPreset(t *testing.T) {
	for _, configs := range []string{"gecco:heco-de(preset=gecco2019),ours:heco-de", "gecco:heco-de(w1=alt;preset=gecco2019),ours:heco-de"} {
		r := DefineExperiment(map[string]string{"mode": "experiment", "problems": "C05", "dim": "10", "algo": "heco-de", "configs": configs}, 2)
		if len(r.Errors) > 0 || len(r.Notices) > 0 || len(r.Def.Configs) != 2 {
			t.Fatalf("%s: errors %q, notices %+v, %d configurations", configs, r.Errors, r.Notices, len(r.Def.Configs))
		}
	}
	r := DefineExperiment(map[string]string{"mode": "experiment", "problems": "C05", "dim": "10", "algo": "heco-de", "configs": "g:heco-de(preset=gecco2020)"}, 2)
	if len(r.Errors) == 0 || !strings.Contains(strings.Join(r.Errors, " "), "gecco2020") {
		t.Errorf("preset=gecco2020: errors %q, want one naming the value", r.Errors)
	}
}
