package lesson

import (
	"math"
	"strconv"
	"strings"
)

// URL keys of the lesson. seed, pcak and pcaprob are the playground's own
// keys for the same things, so the lesson's link and the playground's agree.
const (
	KeyLesson  = "lesson"
	KeyStep    = "step"
	KeySeed    = "seed"
	KeyK       = "pcak"
	KeyPCAProb = "pcaprob"
)

// Keys are the lesson's URL keys, in the order the page's address lists
// them.
var Keys = []string{KeyLesson, KeyStep, KeySeed, KeyK, KeyPCAProb}

// Notice reports a URL value that was replaced or clamped, naming it.
type Notice struct {
	Key, Value, Message string
}

// State is the lesson's part of the URL: which lesson, which step (1…
// NumSteps) and the Options.
type State struct {
	Step int
	Options
}

// DefaultState is the first step with DefaultOptions.
func DefaultState() State { return State{Step: 1, Options: DefaultOptions()} }

// Parse reads the lesson's keys from URL values (key → text). Missing keys
// take their defaults silently; a malformed or out-of-range value is
// replaced by the default or clamped into range, and a notice names it.
// Unknown keys are ignored. A lesson other than "fig1" is reported and the
// Fig. 1 lesson is used.
func Parse(raw map[string]string) (State, []Notice) {
	st := DefaultState()
	var notes []Notice
	note := func(k, v, msg string) { notes = append(notes, Notice{Key: k, Value: v, Message: msg}) }
	get := func(k string) (string, bool) {
		v, ok := raw[k]
		return strings.TrimSpace(v), ok
	}
	if v, ok := get(KeyLesson); ok && !strings.EqualFold(v, Name) {
		note(KeyLesson, v, "unknown lesson; using "+Name)
	}
	if v, ok := get(KeyStep); ok {
		st.Step = wholeIn(v, 1, NumSteps, st.Step, KeyStep, "step", note)
	}
	if v, ok := get(KeySeed); ok {
		s, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			note(KeySeed, v, "want a whole number in [0, 2^64); using "+strconv.FormatUint(st.Seed, 10))
		} else {
			st.Seed = s
		}
	}
	if v, ok := get(KeyK); ok {
		st.K = wholeIn(v, MinK, MaxK, st.K, KeyK, "k", note)
	}
	if v, ok := get(KeyPCAProb); ok {
		f, err := strconv.ParseFloat(v, 64)
		switch {
		case err != nil && !isRange(err), math.IsNaN(f):
			note(KeyPCAProb, v, "not a number; using "+fmtP(st.PCAProb))
		case f < 0 || f > 1:
			f = math.Max(0, math.Min(1, f))
			note(KeyPCAProb, v, "p must be in [0, 1]; using "+fmtP(f))
			st.PCAProb = f
		default:
			st.PCAProb = f
		}
	}
	return st, notes
}

// Values returns the state as URL values, every key written.
func (s State) Values() map[string]string {
	return map[string]string{
		KeyLesson:  Name,
		KeyStep:    strconv.Itoa(s.Step),
		KeySeed:    strconv.FormatUint(s.Seed, 10),
		KeyK:       strconv.Itoa(s.K),
		KeyPCAProb: fmtP(s.PCAProb),
	}
}

func fmtP(p float64) string { return strconv.FormatFloat(p, 'g', -1, 64) }

// isRange reports a ParseFloat error for a value out of float64's range
// (ParseFloat then returns ±Inf, which the caller clamps).
func isRange(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// wholeIn parses a whole number in [lo, hi]: a number outside is clamped, a
// fraction rounded, anything else replaced by def; each change is noted.
func wholeIn(v string, lo, hi, def int, key, what string, note func(k, v, msg string)) int {
	f, err := strconv.ParseFloat(v, 64)
	if (err != nil && !isRange(err)) || math.IsNaN(f) {
		note(key, v, "not a number; using "+strconv.Itoa(def))
		return def
	}
	r := math.Max(float64(lo), math.Min(float64(hi), math.Round(f)))
	if r != f {
		note(key, v, what+" must be a whole number in ["+strconv.Itoa(lo)+", "+strconv.Itoa(hi)+"]; using "+strconv.Itoa(int(r)))
	}
	return int(r)
}
