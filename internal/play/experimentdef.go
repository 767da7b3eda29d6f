package play

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"pcaplay/core/problem/formula"
	"pcaplay/core/solver"
	"pcaplay/core/suite"
	"pcaplay/internal/experiment"
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
// Its URL keys: problems=C01,C02,… (default C01, or every definition of
// typed= when the address has one), dim (10; a teaching problem runs at
// D = 2 whatever dim says, a typed problem at D when its formulas compile
// there and else at its definition's dim), typed (problems typed
// as formulas, typed.go: problems= names them by name_hash), fes (default 20000·D of each
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
	// MaxConfigs is the most configurations of an experiment; more are
	// left out (the first MaxConfigs kept), with a notice.
	MaxConfigs = 16
	// MaxProblems is the most problems of an experiment; more are left
	// out (the first MaxProblems kept), with a notice.
	MaxProblems = 64
	// MaxJobs is the most runs of an experiment in all, configurations ×
	// problems × runs: the page makes a job of each when it opens, so an
	// address asking for more gets fewer runs per cell, with a notice.
	MaxJobs = 100_000
	// maxNotesPerKey is the most notices of one key; the rest are counted
	// in one more (50,000 bad entries make 9 notices, not 50,000).
	maxNotesPerKey = 8
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
	// Typed is the value of typed= of a problem typed as formulas
	// (EncodeTyped), which its runs' URL values carry; "" for a built-in
	// problem.
	Typed string `js:"typed"`
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

// The parts of a configuration are matched by loops rather than by
// package regexp, which the WebAssembly module would otherwise link for
// them (docs/wasm-size.md); names_test.go checks each against the regexp
// it replaces.

// configItem is the regexp ^([^:()]*):([^()]*)(?:\(([^\n\r\x{2028}\x{2029}]*)\))?$
// (NAME:ALGO(…); the parameters' "." stops at a line break, as the page's
// pattern did): the name, the algorithm and the parameters, ok false when
// item is not of that form. The name is what comes before the first ':'
// and holds no parenthesis; the algorithm runs to the first parenthesis,
// which must then be a '(' whose ')' ends item.
func configItem(item string) (name, algo, params string, ok bool) {
	name, rest, found := strings.Cut(item, ":")
	if !found || strings.ContainsAny(name, "()") {
		return "", "", "", false
	}
	i := strings.IndexAny(rest, "()")
	if i < 0 {
		return name, rest, "", true
	}
	algo, paren := rest[:i], rest[i:]
	if len(paren) < 2 || paren[0] != '(' || paren[len(paren)-1] != ')' {
		return "", "", "", false
	}
	params = paren[1 : len(paren)-1]
	if strings.ContainsAny(params, "\n\r\u2028\u2029") {
		return "", "", "", false
	}
	return name, algo, params, true
}

// configName is ^[a-z][a-z0-9-]{0,31}$: a record's "algo" (experiment.ValidAlgo).
func configName(s string) bool { return experiment.ValidAlgo(s) }

// configKey is ^[A-Za-z][A-Za-z0-9_]{0,31}$.
func configKey(s string) bool {
	return experiment.MatchASCII(s, 1, 32, isASCIILetter, func(c byte) bool { return isASCIILetter(c) || isASCIIDigit(c) || c == '_' })
}

// configValue is ^[A-Za-z0-9_.+-]{1,40}$.
func configValue(s string) bool {
	in := func(c byte) bool { return isASCIILetter(c) || isASCIIDigit(c) || strings.IndexByte("_.+-", c) >= 0 }
	return experiment.MatchASCII(s, 1, 40, in, in)
}

func isASCIILetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isASCIIDigit(c byte) bool  { return '0' <= c && c <= '9' }

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
		name, algo, ps, ok := configItem(item)
		if !ok {
			errs = append(errs, `"`+echo(item)+`": want NAME:ALGO(key=value;…)`)
			continue
		}
		name, algo = trimJS(name), strings.ToLower(trimJS(algo))
		if !configName(name) {
			errs = append(errs, `configuration name "`+echo(name)+`": want lower-case letters, digits and '-' (at most 32), starting with a letter`)
			continue
		}
		if slices.ContainsFunc(configs, func(c ExperimentConfig) bool { return c.Name == name }) {
			errs = append(errs, `configuration name "`+name+`" used twice`)
			continue
		}
		if !configName(algo) {
			errs = append(errs, name+`: algorithm "`+echo(algo)+`" is not a name`)
			continue
		}
		var params []ConfigParam
		bad := false
		for _, kv := range strings.Split(ps, ";") {
			kv = trimJS(kv)
			if kv == "" {
				continue
			}
			k, v := kv, ""
			if i := strings.IndexByte(kv, '='); i >= 0 {
				k, v = trimJS(kv[:i]), trimJS(kv[i+1:])
			}
			if !configKey(k) || !configValue(v) {
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
	r := &defReader{values: values}
	byName, cecDims := problemsByName()
	r.readTyped()
	var d ExperimentDef
	d.Problems = r.problems(byName)
	d.Dim = r.dim(cecDims)
	d.FES = r.fes()
	d.Runs = r.runs()
	d.Seed = r.seed(d.Runs)
	d.Workers = r.workers(cores)
	d.Pool = DefaultWorkers(cores)
	if d.Workers > 0 {
		d.Pool = d.Workers
	}
	d.Algo = r.algo()
	d.Configs = r.configs(d.Algo)
	d.Runs = r.capRuns(d.Runs, len(d.Configs), len(d.Problems))
	d.Cells = r.cells(d, byName)
	r.countMore()
	notes := r.notes
	if notes == nil {
		notes = []Notice{}
	}
	return ExperimentReply{Def: d, Notices: notes, Errors: checkConfigs(d), Values: d.values(), ID: d.id()}
}

// defReader reads the experiment view's URL values, noting every bad
// value it replaces.
type defReader struct {
	values map[string]string
	notes  []Notice
	// per key: the notices made, those past maxNotesPerKey (counted, not
	// made), and its value as a notice shows it (cut once: a value of
	// 50,000 entries is not cut again for each)
	noted, more map[string]int
	shown       map[string]string
	// typed are the definitions of typed= (readTyped).
	typed []*formula.Definition
}

// bad notes that the value of key was replaced, saying why in msg; past
// maxNotesPerKey notices of key it only counts (countMore reports them).
func (r *defReader) bad(key, msg string) {
	if r.noted == nil {
		r.noted, r.more, r.shown = map[string]int{}, map[string]int{}, map[string]string{}
	}
	if r.noted[key] >= maxNotesPerKey {
		r.more[key]++
		return
	}
	r.noted[key]++
	v, ok := r.shown[key]
	if !ok {
		v = Cut(r.values[key], EchoMax)
		r.shown[key] = v
	}
	r.notes = append(r.notes, NewNotice(key, v, msg))
}

// countMore adds, for each key that had more than maxNotesPerKey notices,
// one that counts the rest.
func (r *defReader) countMore() {
	keys := make([]string, 0, len(r.more))
	for k := range r.more {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		r.notes = append(r.notes, NewNotice(k, r.shown[k], strconv.Itoa(r.more[k])+" more values of "+k+" left out or replaced like these"))
	}
}

// capRuns bounds runs so that configs × problems × runs ≤ MaxJobs.
func (r *defReader) capRuns(runs, configs, problems int) int {
	cells := max(1, configs*problems)
	if cells*runs <= MaxJobs {
		return runs
	}
	most := max(1, MaxJobs/cells)
	r.bad("runs", strconv.Itoa(configs)+" configurations × "+strconv.Itoa(problems)+" problems × "+strconv.Itoa(runs)+
		" runs is more than "+strconv.Itoa(MaxJobs)+" runs in all; using "+strconv.Itoa(most)+" runs")
	return most
}

// firstItems returns text's first n non-empty comma-separated items
// (trimmed as JavaScript trims) joined by commas, and how many more it
// has; linear in text.
func firstItems(text string, n int) (string, int) {
	var kept []string
	more := 0
	for rest := text; rest != ""; {
		item := rest
		if i := strings.IndexByte(rest, ','); i >= 0 {
			item, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		if trimJS(item) == "" {
			continue
		}
		if len(kept) < n {
			kept = append(kept, item)
		} else {
			more++
		}
	}
	return strings.Join(kept, ","), more
}

// get returns the value of key, trimmed as JavaScript trims, and whether
// it is there.
func (r *defReader) get(key string) (string, bool) {
	v, ok := r.values[key]
	return trimJS(v), ok
}

// problemsByName returns every problem by the lower-case of its name and
// of the other names the catalog gives it (c5 for C05), and the D the CEC
// problems offer.
func problemsByName() (byName map[string]suite.Info, cecDims []int) {
	byName = map[string]suite.Info{}
	for _, in := range suite.List() {
		byName[strings.ToLower(in.Name)] = in
		for _, a := range aliases(in) {
			byName[strings.ToLower(a)] = in
		}
		if !in.Teaching && cecDims == nil {
			cecDims = in.Dims
		}
	}
	return byName, cecDims
}

// readTyped reads the definitions of typed= (decodeTypedList), noting
// each it cannot read or the page cannot run.
func (r *defReader) readTyped() {
	v, has := r.get(TypedKey)
	if !has {
		return
	}
	defs, bad, errs := decodeTypedList(v)
	for i, err := range errs {
		r.notes = append(r.notes, NewNotice(TypedKey, bad[i], err.Error()+"; left out"))
	}
	for _, d := range defs {
		if d.Dim < MinTypedDim || d.Dim > MaxTypedDim {
			r.notes = append(r.notes, NewNotice(TypedKey, EncodeTyped(d), d.ID()+" has dim "+strconv.Itoa(d.Dim)+
				"; the page runs D = "+strconv.Itoa(MinTypedDim)+" … "+strconv.Itoa(MaxTypedDim)+"; left out"))
			continue
		}
		r.typed = append(r.typed, d)
	}
}

// problems reads the problems, by any casing of their names (byName) or
// the name_hash of a definition of typed=, each once:
// DefaultExperimentProblem (every typed definition when the address has
// some) when none is left.
func (r *defReader) problems(byName map[string]suite.Info) []string {
	var out []string
	text, has := r.values["problems"]
	if !has {
		text = DefaultExperimentProblem
		if len(r.typed) > 0 {
			ids := make([]string, len(r.typed))
			for i, d := range r.typed {
				ids[i] = d.ID()
			}
			text = strings.Join(ids, ",")
		}
	}
	extra := 0
	for _, raw := range strings.Split(text, ",") {
		raw = trimJS(raw)
		if raw == "" {
			continue
		}
		if len(out) == MaxProblems {
			extra++
			continue
		}
		if i := indexTyped(r.typed, raw); i >= 0 {
			if !slices.Contains(out, raw) {
				out = append(out, raw)
			}
			continue
		}
		in, ok := byName[strings.ToLower(raw)]
		if !ok {
			r.bad("problems", `unknown problem "`+Cut(raw, EchoMax)+`" left out`)
			continue
		}
		if !slices.Contains(out, in.Name) {
			out = append(out, in.Name)
		}
	}
	if extra > 0 {
		r.bad("problems", strconv.Itoa(extra)+" problems past the first "+strconv.Itoa(MaxProblems)+
			" left out: an experiment has at most "+strconv.Itoa(MaxProblems))
	}
	if len(out) == 0 {
		if has {
			r.bad("problems", "no problem; using "+DefaultExperimentProblem)
		}
		out = []string{DefaultExperimentProblem}
	}
	return out
}

// dim reads D, one of the CEC problems' cecDims: DefaultExperimentDim when
// missing or bad.
func (r *defReader) dim(cecDims []int) int {
	v, has := r.get("dim")
	if !has {
		return DefaultExperimentDim
	}
	if n, ok := uintIn(v, 0, 1<<30); ok && slices.Contains(cecDims, n) {
		return n
	}
	r.bad("dim", "D is one of "+joinInts(cecDims)+"; using "+strconv.Itoa(DefaultExperimentDim))
	return DefaultExperimentDim
}

// fes reads the budget: 0 (DefaultFES at each problem's D) when missing,
// empty or bad.
func (r *defReader) fes() int {
	v, has := r.get("fes")
	if !has || v == "" {
		return 0
	}
	if n, ok := uintIn(v, MinFES, MaxFES); ok {
		return n
	}
	r.bad("fes", "the budget is a whole number in ["+strconv.Itoa(MinFES)+", "+strconv.Itoa(MaxFES)+"]; using "+strconv.Itoa(DefaultFES(1))+"·D")
	return 0
}

// runs reads the runs per cell: DefaultRuns when missing or bad.
func (r *defReader) runs() int {
	v, has := r.get("runs")
	if !has {
		return DefaultRuns
	}
	if n, ok := uintIn(v, 1, MaxRuns); ok {
		return n
	}
	r.bad("runs", "runs is a whole number in [1, "+strconv.Itoa(MaxRuns)+"]; using "+strconv.Itoa(DefaultRuns))
	return DefaultRuns
}

// seed reads the seed of run 0, as text: DefaultSeed when missing or bad,
// or when the last of runs runs' seeds would pass 2^64 − 1.
func (r *defReader) seed(runs int) string {
	seed := uint64(DefaultSeed)
	if v, has := r.get("seed"); has {
		if s, err := strconv.ParseUint(v, 10, 64); isUint(v) && err == nil {
			seed = s
		} else {
			r.bad("seed", "want a whole number in [0, 2^64); using "+strconv.Itoa(DefaultSeed))
		}
	}
	if seed+uint64(runs-1) < seed {
		r.bad("seed", "seed + runs − 1 passes 2^64 − 1; using "+strconv.Itoa(DefaultSeed))
		seed = DefaultSeed
	}
	return strconv.FormatUint(seed, 10)
}

// workers reads the pool's size: 0 (DefaultWorkers(cores)) when missing,
// empty or bad.
func (r *defReader) workers(cores int) int {
	v, has := r.get("workers")
	if !has || v == "" {
		return 0
	}
	if n, ok := uintIn(v, 1, MaxWorkers); ok {
		return n
	}
	r.bad("workers", "workers is a whole number in [1, "+strconv.Itoa(MaxWorkers)+"]; using "+strconv.Itoa(DefaultWorkers(cores)))
	return 0
}

// algo reads the algorithm of the default configurations, in any casing:
// DefaultAlgo when missing or unknown.
func (r *defReader) algo() string {
	algo := DefaultAlgo
	if v, has := r.get("algo"); has {
		algo = strings.ToLower(v)
	}
	if !slices.Contains(solver.Names(), algo) {
		r.bad("algo", "unknown algorithm; using "+DefaultAlgo)
		algo = DefaultAlgo
	}
	return algo
}

// configs reads the configurations (ParseConfigs): the default ones of
// algo when missing, empty, or when any is bad or of an unknown algorithm.
func (r *defReader) configs(algo string) []ExperimentConfig {
	def := DefaultConfigs(algo)
	if v, has := r.get("configs"); !has || v == "" {
		return def
	}
	text, extra := firstItems(r.values["configs"], MaxConfigs)
	if extra > 0 {
		r.bad("configs", strconv.Itoa(extra)+" configurations past the first "+strconv.Itoa(MaxConfigs)+
			" left out: an experiment has at most "+strconv.Itoa(MaxConfigs))
	}
	configs, errs := ParseConfigs(text)
	var known []ExperimentConfig
	for _, c := range configs {
		if slices.Contains(solver.Names(), c.Algo) {
			known = append(known, c)
		} else {
			errs = append(errs, c.Name+`: unknown algorithm "`+Cut(c.Algo, EchoMax)+`"`)
		}
	}
	for _, e := range errs {
		r.bad("configs", e)
	}
	if len(known) > 0 && len(errs) == 0 {
		return known
	}
	r.bad("configs", "using the default configurations ("+FormatConfigs(def)+")")
	return def
}

// cells returns the (problem, D, budget) of each problem of d: a teaching
// problem at D = 2, a typed one at D or its own dim (typedDim), the budget DefaultFES at the
// cell's D where d names none.
func (r *defReader) cells(d ExperimentDef, byName map[string]suite.Info) []ExperimentCell {
	var out []ExperimentCell
	for _, p := range d.Problems {
		c := ExperimentCell{Problem: p, Dim: d.Dim, FES: d.FES}
		if in := byName[strings.ToLower(p)]; in.Teaching {
			c.Dim = 2
		}
		if i := indexTyped(r.typed, p); i >= 0 {
			c.Dim, c.Typed = typedDim(r.typed[i], d.Dim), EncodeTyped(r.typed[i])
		}
		if c.FES == 0 {
			c.FES = DefaultFES(c.Dim)
		}
		out = append(out, c)
	}
	return out
}

// typedDim is the D of typed problem def in an experiment at D dim: dim
// when def compiles at it (formulas written for any D, the box given as
// numbers), else def's own dim, as a teaching problem runs at D = 2.
func typedDim(def *formula.Definition, dim int) int {
	if dim == def.Dim {
		return dim
	}
	if _, err := def.Compile(dim); err != nil {
		return def.Dim
	}
	return dim
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
		if cell.Typed != "" {
			raw[TypedKey] = cell.Typed
		}
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
	var typed []string
	for _, c := range d.Cells {
		if c.Typed != "" {
			typed = append(typed, c.Typed)
		}
	}
	if typed != nil {
		v[TypedKey] = strings.Join(typed, ",")
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
		Problems []string `json:"p"`
		Dim      int      `json:"d"`
		FES      int      `json:"f"`
		Runs     int      `json:"r"`
		Seed     string   `json:"s"`
		Configs  string   `json:"c"`
	}{d.Problems, d.Dim, d.FES, d.Runs, d.Seed, FormatConfigs(d.Configs)})
	return strings.TrimSuffix(b.String(), "\n")
}
