package play

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"pcaplay/core/problem/formula"
	"pcaplay/core/solver"
	"pcaplay/core/suite"
	"pcaplay/internal/experiment"
)

// Run-configuration limits and defaults used when the URL does not say.
const (
	DefaultProblem = "rosenbrock"
	DefaultAlgo    = "pmode"
	DefaultSeed    = 1
	MinFES         = 100
	MaxFES         = 100_000_000
)

// DefaultFES is the paper's budget 20000·D.
func DefaultFES(dim int) int { return experiment.DefaultFES(dim) }

// Config is one run: a function of these values only.
type Config struct {
	Problem string
	Dim     int
	Algo    string
	Seed    uint64
	FES     int
	// Params holds every parameter of Algo as text, by Param.Key.
	Params map[string]string
	// Typed is the definition of a problem typed as formulas (the typed=
	// key, typed.go), nil for a built-in problem; Problem is then its ID
	// (name_hash).
	Typed *formula.Definition
}

// Notice reports a URL value that was replaced or clamped. Value and
// Message are cut (Cut) so that a huge value in a link (a 1 MB seed) is
// never copied whole into the page.
type Notice struct {
	Key     string `js:"key"`
	Value   string `js:"value"`
	Message string `js:"message"`
}

// EchoMax is the most characters of a value a notice repeats (Cut).
const EchoMax = 40

// maxMessage is the most characters of a notice's message.
const maxMessage = 240

// NewNotice returns the notice for key = value with the message, cutting
// the value and every copy of it inside the message.
func NewNotice(key, value, message string) Notice {
	cv := Cut(value, EchoMax)
	if cv != value && value != "" {
		message = strings.ReplaceAll(message, value, cv)
	}
	return Notice{Key: Cut(key, EchoMax), Value: cv, Message: Cut(message, maxMessage)}
}

// Cut returns s when it has at most max characters, and otherwise its
// first max−8 characters followed by "… (N characters)".
func Cut(s string, max int) string {
	n := utf8.RuneCountInString(s)
	if n <= max {
		return s
	}
	keep := max - 8
	if keep < 1 {
		keep = 1
	}
	i, k := 0, 0
	for i = range s {
		if k == keep {
			break
		}
		k++
	}
	return s[:i] + "… (" + strconv.Itoa(n) + " characters)"
}

// ParamInfo describes one parameter for the controls.
type ParamInfo struct {
	Key string `js:"key"`
	// Label is the control's label (solver.Param.Label, else the key).
	Label   string   `js:"label"`
	Help    string   `js:"help"`
	Kind    string   `js:"kind"`
	Default string   `js:"default"`
	Value   string   `js:"value"`
	Min     float64  `js:"min"`
	Max     float64  `js:"max"`
	Choices []string `js:"choices"`
}

// pcamHelp is added to the help of pcam: why m must stay below D, and that
// core's default min(5, D−1) already does so (m = 1 at D = 2).
const pcamHelp = "; default min(5, D−1), since with m ≥ D every point comes back unchanged (the identity)"

// findInfo looks a problem up case-insensitively, after
// experiment.CanonicalProblem ("c5" finds C05).
func findInfo(name string) (suite.Info, bool) {
	name = experiment.CanonicalProblem(name)
	for _, in := range suite.List() {
		if strings.EqualFold(in.Name, name) {
			return in, true
		}
	}
	return suite.Info{}, false
}

// defaultDim is the D of a run of problem in that names none: 10 for a
// CEC problem (the paper's smallest), a teaching problem's one D.
func defaultDim(in suite.Info) int {
	if !in.Teaching && contains(in.Dims, 10) {
		return 10
	}
	return in.Dims[0]
}

// aliases are the other names findInfo reads as problem in (besides any
// casing of its own name): a CEC problem's short form, c5 for C05. The
// page's experiment view reads problem names by them (ProblemInfo.Names).
func aliases(in suite.Info) []string {
	var out []string
	if n, err := strconv.Atoi(strings.TrimPrefix(in.Name, "C")); err == nil && !in.Teaching {
		if a := "c" + strconv.Itoa(n); !strings.EqualFold(a, in.Name) {
			if found, ok := findInfo(a); ok && found.Name == in.Name {
				out = append(out, a)
			}
		}
	}
	return out
}

// Sanitize turns URL values (key → text) into a valid Config. Missing keys
// take their defaults silently; malformed or out-of-range values are
// replaced or clamped and reported in the notices. Unknown keys are ignored.
// It also returns the parameter descriptions for the controls.
//
// The keys are read in order, each from what the ones before it decided:
// the problem, its D, the algorithm, the seed, the budget at that D, then
// the algorithm's parameters at that D.
func Sanitize(raw map[string]string) (Config, []Notice, []ParamInfo, error) {
	z := &sanitizer{raw: raw}
	var c Config
	if c.Typed = z.typed(); c.Typed != nil {
		c.Problem, c.Dim = c.Typed.ID(), z.typedDim(c.Typed)
	} else {
		info, err := z.problem()
		if err != nil {
			return c, nil, nil, err
		}
		c.Problem = info.Name
		c.Dim = z.dim(info)
	}
	var err error
	if c.Algo, err = z.algo(); err != nil {
		return c, z.notes, nil, err
	}
	c.Seed = z.seed()
	c.FES = z.budget(c.Dim)
	alg, err := solver.Lookup(c.Algo)
	if err != nil {
		return c, z.notes, nil, err
	}
	s, err := z.params(c, alg)
	if err != nil {
		return c, z.notes, nil, err
	}
	var infos []ParamInfo
	c.Params, infos = paramInfos(s, alg.Defaults(c.Dim))
	return c, z.notes, infos, nil
}

// sanitizer reads the URL values of one address, noting every value it
// replaces or clamps.
type sanitizer struct {
	raw   map[string]string
	notes []Notice
}

// note notes that the value v of key k was replaced, saying why in msg.
func (z *sanitizer) note(k, v, msg string) { z.notes = append(z.notes, NewNotice(k, v, msg)) }

// get returns the value of key k, spaces trimmed, and whether it is there.
func (z *sanitizer) get(k string) (string, bool) {
	v, ok := z.raw[k]
	return strings.TrimSpace(v), ok
}

// problem reads the problem: DefaultProblem (or the first registered)
// when missing or unknown.
func (z *sanitizer) problem() (suite.Info, error) {
	info, ok := findInfo(DefaultProblem)
	if !ok {
		l := suite.List()
		if len(l) == 0 {
			return info, errors.New("no problems are registered")
		}
		info = l[0]
	}
	if v, has := z.get("problem"); has {
		if in, ok := findInfo(v); ok {
			info = in
		} else {
			z.note("problem", v, "unknown problem; using "+info.Name)
		}
	}
	return info, nil
}

// dim reads D: the problem's default D when missing or not a number, the
// nearest it offers when it does not offer the one given.
func (z *sanitizer) dim(info suite.Info) int {
	dim := defaultDim(info)
	v, has := z.get("dim")
	if !has {
		return dim
	}
	d, err := strconv.Atoi(v)
	switch {
	case err != nil:
		z.note("dim", v, "not a whole number; using "+strconv.Itoa(dim))
		return dim
	case !contains(info.Dims, d):
		n := nearest(info.Dims, d)
		z.note("dim", v, info.Name+" offers D ∈ {"+joinInts(info.Dims)+"}; using "+strconv.Itoa(n))
		return n
	}
	return d
}

// algo reads the algorithm, in any casing: DefaultAlgo (or the first
// registered) when missing or unknown.
func (z *sanitizer) algo() (string, error) {
	names := solver.Names()
	if len(names) == 0 {
		return "", errors.New("no algorithms are registered")
	}
	algo := names[0]
	if contains(names, DefaultAlgo) {
		algo = DefaultAlgo
	}
	if v, has := z.get("algo"); has {
		if contains(names, strings.ToLower(v)) {
			algo = strings.ToLower(v)
		} else {
			z.note("algo", v, "unknown algorithm; using "+algo)
		}
	}
	return algo, nil
}

// seed reads the seed: DefaultSeed when missing or not a uint64.
func (z *sanitizer) seed() uint64 {
	v, has := z.get("seed")
	if !has {
		return DefaultSeed
	}
	s, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		z.note("seed", v, "want a whole number in [0, 2^64); using "+strconv.FormatUint(DefaultSeed, 10))
		return DefaultSeed
	}
	return s
}

// budget reads the budget at D dim: DefaultFES(dim) when missing or not a
// number, rounded and clamped to [MinFES, MaxFES].
func (z *sanitizer) budget(dim int) int {
	fes := DefaultFES(dim)
	v, has := z.get("fes")
	if !has {
		return fes
	}
	f, err := strconv.ParseFloat(v, 64)
	switch {
	case err != nil || math.IsNaN(f):
		z.note("fes", v, "not a number; using "+strconv.Itoa(fes))
		return fes
	case f < MinFES || f > MaxFES || f != math.Trunc(f):
		n := int(math.Round(math.Max(MinFES, math.Min(MaxFES, f))))
		z.note("fes", v, "budget must be a whole number in ["+strconv.Itoa(MinFES)+", "+strconv.Itoa(MaxFES)+"]; using "+strconv.Itoa(n))
		return n
	}
	return int(f)
}

// params reads the parameters of algorithm alg for c's problem and D,
// from alg's defaults at that D: a malformed or non-finite value keeps the
// default, an out-of-range one is rounded (a whole-number parameter) and
// clamped. Parameters that together do not fit the problem are all reset
// to their defaults.
func (z *sanitizer) params(c Config, alg solver.Algorithm) (solver.Settings, error) {
	p, err := c.newProblem(nil)
	if err != nil {
		return nil, err
	}
	s := alg.Defaults(c.Dim)
	for _, pr := range s.Params() {
		if v, has := z.get(pr.Key); has {
			z.param(pr, v)
		}
	}
	if err := s.Validate(p); err != nil {
		z.note("params", "", err.Error()+"; all parameters reset to their defaults")
		s = alg.Defaults(c.Dim)
		if err := s.Validate(p); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// param sets parameter pr from its value v, as params says.
func (z *sanitizer) param(pr solver.Param, v string) {
	x, err := pr.Parse(v)
	if err != nil {
		z.note(pr.Key, v, err.Error()+"; using the default "+pr.Format(pr.Get()))
		return
	}
	if err := pr.Check(x); err != nil {
		y := x
		if math.IsNaN(y) || math.IsInf(y, 0) {
			z.note(pr.Key, v, err.Error()+"; using the default "+pr.Format(pr.Get()))
			return
		}
		if pr.Kind != solver.Float {
			y = math.Round(y)
		}
		y = math.Max(pr.Min, math.Min(pr.Max, y))
		z.note(pr.Key, v, err.Error()+"; using "+pr.Format(y))
		x = y
	}
	pr.Set(x)
}

// paramInfos returns the parameters of s as a Config's Params (key →
// text) and their descriptions for the controls, with their defaults from
// def.
func paramInfos(s, def solver.Settings) (map[string]string, []ParamInfo) {
	params := map[string]string{}
	// Under a preset the other parameters' defaults are the preset's
	// values, so that an address names the preset alone, and "none" takes
	// them all back.
	dv := map[string]float64{}
	for _, pr := range solver.UnderPreset(def, s).Params() {
		dv[pr.Key] = pr.Get()
		if pr.Key == solver.PresetKey {
			dv[pr.Key] = pr.Default
		}
	}
	var infos []ParamInfo
	for _, pr := range s.Params() {
		params[pr.Key] = pr.Format(pr.Get())
		help := pr.Help
		if pr.Key == "pcam" {
			help += pcamHelp
		}
		label := pr.Label
		if label == "" {
			label = pr.Key
		}
		infos = append(infos, ParamInfo{Key: pr.Key, Label: label, Help: help, Kind: pr.Kind.String(),
			Default: pr.Format(dv[pr.Key]), Value: pr.Format(pr.Get()),
			Min: pr.Min, Max: pr.Max, Choices: pr.Choices})
	}
	return params, infos
}

// Values returns the configuration as URL values (key → text).
func (c Config) Values() map[string]string {
	m := map[string]string{
		"problem": c.Problem, "dim": strconv.Itoa(c.Dim), "algo": c.Algo,
		"seed": strconv.FormatUint(c.Seed, 10), "fes": strconv.Itoa(c.FES),
	}
	for k, v := range c.Params {
		m[k] = v
	}
	if c.Typed != nil {
		m[TypedKey] = EncodeTyped(c.Typed)
	}
	return m
}

func contains[T comparable](a []T, x T) bool {
	for _, y := range a {
		if y == x {
			return true
		}
	}
	return false
}

func nearest(a []int, x int) int {
	best := a[0]
	for _, y := range a {
		if abs(y-x) < abs(best-x) {
			best = y
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func joinInts(a []int) string {
	s := make([]string, len(a))
	for i, x := range a {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ", ")
}
