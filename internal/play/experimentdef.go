package play

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"pcaplay/core/solver"
	"pcaplay/core/suite"
)

// The experiment view's definition (the page's mode=experiment), read from
// the address by DefineExperiment.
//
// An experiment is every configuration × problem × run r = 0 … runs−1, in
// that nesting (the order of cec run's grid, with the configurations in the
// order given): run r uses the seed seed + r, as cec run does, so that a
// record of the page and one of cec run -algo A -set … -seed S with the
// same problem, D and budget are the same bits. A configuration is a name
// (the records' "algo", so that cec table, rank and merge tell the
// configurations apart), an algorithm and parameter values.
//
// Its URL keys: problems=C01,C02,… (default C01), dim (10; a teaching
// problem runs at D = 2 whatever dim says), fes (default 20000·D of each
// problem), runs (25), seed (1), algo (the default configurations'
// algorithm: it with PCA-projection on and off), configs
// (NAME:ALGO(key=value;…),…) and workers (the page's pool; by default
// one fewer than the browser's cores, at least 1, at most MaxWorkers).

// The experiment view's defaults and limits.
const (
	// DefaultExperimentProblem is the problem of an address that names none.
	DefaultExperimentProblem = "C01"
	// DefaultExperimentDim is the D of an address that names none.
	DefaultExperimentDim = 10
	// DefaultRuns is the runs per configuration and problem, the paper's.
	DefaultRuns = 25
	// MaxRuns is the most runs per configuration and problem.
	MaxRuns = 1000
	// MaxWorkers is the most workers of the page's pool.
	MaxWorkers = 8
	// PCAOff is the suffix of the default second configuration's name.
	PCAOff = "-nopca"
)

// ExperimentRequest asks for the definition of the URL values State on a
// browser with Cores cores (navigator.hardwareConcurrency; the default
// pool's size).
type ExperimentRequest struct {
	State map[string]string `js:"state,omitempty"`
	Cores int               `js:"cores"`
}

// ExperimentReply is an experiment as the page runs it.
type ExperimentReply struct {
	Def ExperimentDef `js:"def"`
	// Notices name the values of the address that were replaced by their
	// defaults, one line each.
	Notices []Notice `js:"notices"`
	// Errors name what Go would not run as written: a parameter value it
	// would replace, a parameter the algorithm lacks. The page refuses to
	// start while there are any (the address keeps the configurations as
	// typed, so that they can be mended).
	Errors []string `js:"errors"`
	// Values is the definition as URL values, defaults left out.
	Values map[string]string `js:"values"`
	// ID names the experiment's results: everything that changes a record
	// (not the number of workers), so that a link opened again finds its
	// finished runs (the page's store of runs is keyed by it).
	ID string `js:"id"`
}

// ExperimentDef is a checked definition.
type ExperimentDef struct {
	Problems []string `js:"problems"`
	Dim      int      `js:"dim"`
	// FES is the budget of every run; 0: 20000·D of each problem.
	FES  int `js:"fes"`
	Runs int `js:"runs"`
	// Seed is the first run's seed, in decimal (a uint64 does not fit a
	// JavaScript number).
	Seed    string             `js:"seed"`
	Configs []ExperimentConfig `js:"configs"`
	// Workers is the pool's size the address asks for; 0: the default.
	Workers int `js:"workers"`
	// Pool is the pool's size: Workers, or the default for the cores.
	Pool int `js:"pool"`
	// Algo is the default configurations' algorithm.
	Algo string `js:"algo"`
	// Cells are the problems with the D and the budget they run at, in
	// the order of Problems.
	Cells []ExperimentCell `js:"cells"`
}

// ExperimentConfig is a named configuration.
type ExperimentConfig struct {
	Name string `js:"name"`
	Algo string `js:"algo"`
	// Params are the parameter values, in the order given (a key given
	// twice keeps its first place and its last value).
	Params []ConfigParam `js:"params"`
	// Text is the configuration as the address writes it:
	// NAME:ALGO(key=value;…), without "(…)" when it has no parameters.
	Text string `js:"text"`
}

// ConfigParam is a parameter value of a configuration.
type ConfigParam struct {
	Key   string `js:"key"`
	Value string `js:"value"`
}

// ExperimentCell is a problem of an experiment with the D and the budget
// its runs use.
type ExperimentCell struct {
	Problem string `js:"problem"`
	Dim     int    `js:"dim"`
	FES     int    `js:"fes"`
}

// DefaultWorkers is the default pool's size on a browser with cores cores:
// cores − 1, at least 1, at most MaxWorkers (2 cores when cores < 1:
// unknown).
func DefaultWorkers(cores int) int {
	if cores < 1 {
		cores = 2
	}
	return max(1, min(MaxWorkers, cores-1))
}

// DefaultConfigs are algo with PCA-projection on (named algo) and off
// (algo-nopca).
func DefaultConfigs(algo string) []ExperimentConfig {
	return []ExperimentConfig{
		newConfig(algo, algo, []ConfigParam{{"pca", "true"}}),
		newConfig(algo+PCAOff, algo, []ConfigParam{{"pca", "false"}}),
	}
}

func newConfig(name, algo string, params []ConfigParam) ExperimentConfig {
	c := ExperimentConfig{Name: name, Algo: algo, Params: params}
	c.Text = name + ":" + algo
	if len(params) > 0 {
		kv := make([]string, len(params))
		for i, p := range params {
			kv[i] = p.Key + "=" + p.Value
		}
		c.Text += "(" + strings.Join(kv, ";") + ")"
	}
	return c
}

// FormatConfigs writes configurations as ParseConfigs reads them.
func FormatConfigs(cs []ExperimentConfig) string {
	t := make([]string, len(cs))
	for i, c := range cs {
		t[i] = c.Text
	}
	return strings.Join(t, ",")
}

var (
	// configItem is NAME:ALGO(…); the parameters' "." stops at a line
	// break, as the page's pattern did.
	configItem  = regexp.MustCompile(`^([^:()]*):([^()]*)(?:\(([^\n\r\x{2028}\x{2029}]*)\))?$`)
	configName  = regexp.MustCompile(`^[a-z][a-z0-9-]{0,31}$`)
	configKey   = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,31}$`)
	configValue = regexp.MustCompile(`^[A-Za-z0-9_.+-]{1,40}$`)
)

// ParseConfigs reads "NAME:ALGO(key=value;…),…" (the "(…)" may be left
// out): the configurations it could read, and an error line for each part
// it could not, naming that part. It checks the form only, not that the
// algorithm or its parameters exist (DefineExperiment does).
func ParseConfigs(text string) ([]ExperimentConfig, []string) {
	var configs []ExperimentConfig
	var errs []string
	echo := func(s string) string { return Cut(s, EchoMax) }
	for _, item := range strings.Split(text, ",") {
		item = trimJS(item)
		if item == "" {
			continue
		}
		m := configItem.FindStringSubmatch(item)
		if m == nil {
			errs = append(errs, `"`+echo(item)+`": want NAME:ALGO(key=value;…)`)
			continue
		}
		name, algo := trimJS(m[1]), strings.ToLower(trimJS(m[2]))
		if !configName.MatchString(name) {
			errs = append(errs, `configuration name "`+echo(name)+`": want lower-case letters, digits and '-' (at most 32), starting with a letter`)
			continue
		}
		if slices.ContainsFunc(configs, func(c ExperimentConfig) bool { return c.Name == name }) {
			errs = append(errs, `configuration name "`+name+`" used twice`)
			continue
		}
		if !configName.MatchString(algo) {
			errs = append(errs, name+`: algorithm "`+echo(algo)+`" is not a name`)
			continue
		}
		var params []ConfigParam
		bad := false
		for _, kv := range strings.Split(m[3], ";") {
			kv = trimJS(kv)
			if kv == "" {
				continue
			}
			k, v := kv, ""
			if i := strings.IndexByte(kv, '='); i >= 0 {
				k, v = trimJS(kv[:i]), trimJS(kv[i+1:])
			}
			if !configKey.MatchString(k) || !configValue.MatchString(v) {
				errs = append(errs, name+`: "`+echo(kv)+`": want key=value`)
				bad = true
				break
			}
			if i := slices.IndexFunc(params, func(p ConfigParam) bool { return p.Key == k }); i >= 0 {
				params[i].Value = v
			} else {
				params = append(params, ConfigParam{k, v})
			}
		}
		if !bad {
			configs = append(configs, newConfig(name, algo, params))
		}
	}
	return configs, errs
}

// trimJS trims s as JavaScript's String.prototype.trim does (its white
// space and line terminators, the byte order mark included), as the page
// read these values before Go did.
func trimJS(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		switch r {
		case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
			return true
		}
		return r >= 0x2000 && r <= 0x200a
	})
}

// isUint reports whether s is a non-empty run of ASCII digits.
func isUint(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// uintIn parses s, a run of ASCII digits, and reports whether it is in
// [lo, hi].
func uintIn(s string, lo, hi int) (int, bool) {
	if !isUint(s) {
		return 0, false
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil || n < uint64(lo) || n > uint64(hi) {
		return 0, false
	}
	return int(n), true
}

// DefineExperiment reads the experiment view's definition from URL values
// on a browser with cores cores. A missing key takes its default silently;
// a bad value is replaced by its default and named in a notice, one line
// each. The configurations' parameters are checked as Sanitize checks a
// run's (on the first problem): what it would replace, or a parameter the
// algorithm lacks, is an error of the reply, and the configurations stay
// as written.
func DefineExperiment(values map[string]string, cores int) ExperimentReply {
	var notes []Notice
	bad := func(key, msg string) { notes = append(notes, NewNotice(key, values[key], msg)) }
	get := func(key string) (string, bool) {
		v, ok := values[key]
		return trimJS(v), ok
	}
	var d ExperimentDef

	// problems, by any casing of their names or of the other names the
	// catalog gives them (c5 for C05)
	byName := map[string]suite.Info{}
	var cecDims []int
	for _, in := range suite.List() {
		byName[strings.ToLower(in.Name)] = in
		for _, a := range aliases(in) {
			byName[strings.ToLower(a)] = in
		}
		if !in.Teaching && cecDims == nil {
			cecDims = in.Dims
		}
	}
	text, has := values["problems"]
	if !has {
		text = DefaultExperimentProblem
	}
	for _, raw := range strings.Split(text, ",") {
		raw = trimJS(raw)
		if raw == "" {
			continue
		}
		in, ok := byName[strings.ToLower(raw)]
		if !ok {
			bad("problems", `unknown problem "`+Cut(raw, EchoMax)+`" left out`)
			continue
		}
		if !slices.Contains(d.Problems, in.Name) {
			d.Problems = append(d.Problems, in.Name)
		}
	}
	if len(d.Problems) == 0 {
		if has {
			bad("problems", "no problem; using "+DefaultExperimentProblem)
		}
		d.Problems = []string{DefaultExperimentProblem}
	}

	d.Dim = DefaultExperimentDim
	if v, has := get("dim"); has {
		if n, ok := uintIn(v, 0, 1<<30); ok && slices.Contains(cecDims, n) {
			d.Dim = n
		} else {
			bad("dim", "D is one of "+joinInts(cecDims)+"; using "+strconv.Itoa(DefaultExperimentDim))
		}
	}
	if v, has := get("fes"); has && v != "" {
		if n, ok := uintIn(v, MinFES, MaxFES); ok {
			d.FES = n
		} else {
			bad("fes", "the budget is a whole number in ["+strconv.Itoa(MinFES)+", "+strconv.Itoa(MaxFES)+"]; using "+strconv.Itoa(DefaultFES(1))+"·D")
		}
	}
	d.Runs = DefaultRuns
	if v, has := get("runs"); has {
		if n, ok := uintIn(v, 1, MaxRuns); ok {
			d.Runs = n
		} else {
			bad("runs", "runs is a whole number in [1, "+strconv.Itoa(MaxRuns)+"]; using "+strconv.Itoa(DefaultRuns))
		}
	}
	seed := uint64(DefaultSeed)
	if v, has := get("seed"); has {
		if s, err := strconv.ParseUint(v, 10, 64); isUint(v) && err == nil {
			seed = s
		} else {
			bad("seed", "want a whole number in [0, 2^64); using "+strconv.Itoa(DefaultSeed))
		}
	}
	// the last run's seed must stay below 2^64 too
	if seed+uint64(d.Runs-1) < seed {
		bad("seed", "seed + runs − 1 passes 2^64 − 1; using "+strconv.Itoa(DefaultSeed))
		seed = DefaultSeed
	}
	d.Seed = strconv.FormatUint(seed, 10)
	if v, has := get("workers"); has && v != "" {
		if n, ok := uintIn(v, 1, MaxWorkers); ok {
			d.Workers = n
		} else {
			bad("workers", "workers is a whole number in [1, "+strconv.Itoa(MaxWorkers)+"]; using "+strconv.Itoa(DefaultWorkers(cores)))
		}
	}
	d.Pool = DefaultWorkers(cores)
	if d.Workers > 0 {
		d.Pool = d.Workers
	}

	algos := solver.Names()
	d.Algo = DefaultAlgo
	if v, has := get("algo"); has {
		d.Algo = strings.ToLower(v)
	}
	if !slices.Contains(algos, d.Algo) {
		bad("algo", "unknown algorithm; using "+DefaultAlgo)
		d.Algo = DefaultAlgo
	}
	d.Configs = DefaultConfigs(d.Algo)
	if v, has := get("configs"); has && v != "" {
		configs, errs := ParseConfigs(values["configs"])
		var known []ExperimentConfig
		for _, c := range configs {
			if slices.Contains(algos, c.Algo) {
				known = append(known, c)
			} else {
				errs = append(errs, c.Name+`: unknown algorithm "`+Cut(c.Algo, EchoMax)+`"`)
			}
		}
		for _, e := range errs {
			bad("configs", e)
		}
		if len(known) > 0 && len(errs) == 0 {
			d.Configs = known
		} else {
			bad("configs", "using the default configurations ("+FormatConfigs(d.Configs)+")")
		}
	}

	for _, p := range d.Problems {
		c := ExperimentCell{Problem: p, Dim: d.Dim, FES: d.FES}
		if in := byName[strings.ToLower(p)]; in.Teaching {
			c.Dim = 2
		}
		if c.FES == 0 {
			c.FES = DefaultFES(c.Dim)
		}
		d.Cells = append(d.Cells, c)
	}
	if notes == nil {
		notes = []Notice{}
	}
	return ExperimentReply{Def: d, Notices: notes, Errors: checkConfigs(d), Values: d.values(), ID: d.id()}
}

// checkConfigs checks each configuration's parameters as Sanitize checks
// a run's, on the experiment's first problem: a value it would replace and
// a parameter the algorithm lacks are errors naming the configuration.
func checkConfigs(d ExperimentDef) []string {
	errs := []string{}
	cell := d.Cells[0]
	for _, c := range d.Configs {
		raw := map[string]string{}
		for _, p := range c.Params {
			raw[p.Key] = p.Value
		}
		raw["problem"], raw["dim"], raw["algo"], raw["seed"], raw["fes"] = cell.Problem, strconv.Itoa(cell.Dim), c.Algo, "1", "100"
		_, notes, params, err := Sanitize(raw)
		if err != nil {
			errs = append(errs, c.Name+": "+err.Error())
			continue
		}
		for _, n := range notes {
			line := n.Key
			if n.Value != "" {
				line += "=" + n.Value
			}
			errs = append(errs, c.Name+": "+line+": "+n.Message)
		}
		keys := make([]string, len(params))
		for i, p := range params {
			keys[i] = p.Key
		}
		for _, p := range c.Params {
			if !slices.Contains(keys, p.Key) {
				errs = append(errs, c.Name+": "+c.Algo+" has no parameter "+p.Key+" (its parameters: "+strings.Join(keys, ", ")+")")
			}
		}
	}
	return errs
}

// values is the definition as URL values, defaults left out (the problems,
// D, runs, seed and algorithm are always written).
func (d ExperimentDef) values() map[string]string {
	v := map[string]string{"mode": "experiment", "problems": strings.Join(d.Problems, ","), "dim": strconv.Itoa(d.Dim),
		"runs": strconv.Itoa(d.Runs), "seed": d.Seed, "algo": d.Algo}
	if d.FES != 0 {
		v["fes"] = strconv.Itoa(d.FES)
	}
	if d.Workers != 0 {
		v["workers"] = strconv.Itoa(d.Workers)
	}
	if t := FormatConfigs(d.Configs); t != FormatConfigs(DefaultConfigs(d.Algo)) {
		v["configs"] = t
	}
	return v
}

// id is ExperimentReply.ID: the JSON of the problems, D, budget, runs,
// seed and configurations, as the page wrote it before Go made it (the
// saved runs of a browser are keyed by it).
func (d ExperimentDef) id() string {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	_ = e.Encode(struct {
		P []string `json:"p"`
		D int      `json:"d"`
		F int      `json:"f"`
		R int      `json:"r"`
		S string   `json:"s"`
		C string   `json:"c"`
	}{d.Problems, d.Dim, d.FES, d.Runs, d.Seed, FormatConfigs(d.Configs)})
	return strings.TrimSuffix(b.String(), "\n")
}
