package play

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

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
	Key     string   `js:"key"`
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
func Sanitize(raw map[string]string) (Config, []Notice, []ParamInfo, error) {
	var notes []Notice
	note := func(k, v, msg string) { notes = append(notes, NewNotice(k, v, msg)) }
	get := func(k string) (string, bool) {
		v, ok := raw[k]
		return strings.TrimSpace(v), ok
	}

	var c Config
	// problem
	info, ok := findInfo(DefaultProblem)
	if !ok {
		l := suite.List()
		if len(l) == 0 {
			return c, nil, nil, errors.New("no problems are registered")
		}
		info = l[0]
	}
	if v, has := get("problem"); has {
		if in, ok := findInfo(v); ok {
			info = in
		} else {
			note("problem", v, "unknown problem; using "+info.Name)
		}
	}
	c.Problem = info.Name

	// dim
	c.Dim = defaultDim(info)
	if v, has := get("dim"); has {
		d, err := strconv.Atoi(v)
		switch {
		case err != nil:
			note("dim", v, "not a whole number; using "+strconv.Itoa(c.Dim))
		case !contains(info.Dims, d):
			n := nearest(info.Dims, d)
			note("dim", v, c.Problem+" offers D ∈ {"+joinInts(info.Dims)+"}; using "+strconv.Itoa(n))
			c.Dim = n
		default:
			c.Dim = d
		}
	}

	// algorithm
	names := solver.Names()
	if len(names) == 0 {
		return c, notes, nil, errors.New("no algorithms are registered")
	}
	c.Algo = names[0]
	if contains(names, DefaultAlgo) {
		c.Algo = DefaultAlgo
	}
	if v, has := get("algo"); has {
		if contains(names, strings.ToLower(v)) {
			c.Algo = strings.ToLower(v)
		} else {
			note("algo", v, "unknown algorithm; using "+c.Algo)
		}
	}

	// seed
	c.Seed = DefaultSeed
	if v, has := get("seed"); has {
		s, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			note("seed", v, "want a whole number in [0, 2^64); using "+strconv.FormatUint(c.Seed, 10))
		} else {
			c.Seed = s
		}
	}

	// budget
	c.FES = DefaultFES(c.Dim)
	if v, has := get("fes"); has {
		f, err := strconv.ParseFloat(v, 64)
		switch {
		case err != nil || math.IsNaN(f):
			note("fes", v, "not a number; using "+strconv.Itoa(c.FES))
		case f < MinFES || f > MaxFES || f != math.Trunc(f):
			n := int(math.Round(math.Max(MinFES, math.Min(MaxFES, f))))
			note("fes", v, "budget must be a whole number in ["+strconv.Itoa(MinFES)+", "+strconv.Itoa(MaxFES)+"]; using "+strconv.Itoa(n))
			c.FES = n
		default:
			c.FES = int(f)
		}
	}

	// parameters
	p, err := suite.New(c.Problem, c.Dim, suite.Options{})
	if err != nil {
		return c, notes, nil, err
	}
	alg, err := solver.Lookup(c.Algo)
	if err != nil {
		return c, notes, nil, err
	}
	s := alg.Defaults(c.Dim)
	for _, pr := range s.Params() {
		v, has := get(pr.Key)
		if !has {
			continue
		}
		x, err := pr.Parse(v)
		if err != nil {
			note(pr.Key, v, err.Error()+"; using the default "+pr.Format(pr.Get()))
			continue
		}
		if err := pr.Check(x); err != nil {
			y := x
			if math.IsNaN(y) || math.IsInf(y, 0) {
				note(pr.Key, v, err.Error()+"; using the default "+pr.Format(pr.Get()))
				continue
			}
			if pr.Kind != solver.Float {
				y = math.Round(y)
			}
			y = math.Max(pr.Min, math.Min(pr.Max, y))
			note(pr.Key, v, err.Error()+"; using "+pr.Format(y))
			x = y
		}
		pr.Set(x)
	}
	if err := s.Validate(p); err != nil {
		note("params", "", err.Error()+"; all parameters reset to their defaults")
		s = alg.Defaults(c.Dim)
		if err := s.Validate(p); err != nil {
			return c, notes, nil, err
		}
	}
	c.Params = map[string]string{}
	def := alg.Defaults(c.Dim)
	dv := map[string]float64{}
	for _, pr := range def.Params() {
		dv[pr.Key] = pr.Get()
	}
	var infos []ParamInfo
	for _, pr := range s.Params() {
		c.Params[pr.Key] = pr.Format(pr.Get())
		help := pr.Help
		if pr.Key == "pcam" {
			help += pcamHelp
		}
		infos = append(infos, ParamInfo{Key: pr.Key, Help: help, Kind: pr.Kind.String(),
			Default: pr.Format(dv[pr.Key]), Value: pr.Format(pr.Get()),
			Min: pr.Min, Max: pr.Max, Choices: pr.Choices})
	}
	return c, notes, infos, nil
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
