package onefile

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"pcaplay/core/suite"
	"pcaplay/internal/lesson"
	"pcaplay/internal/play"
)

// The modes of a page address, as the page's boot.js picks them
// (site/page-mode.js, site/state.js pageMode).
const (
	ModePlay    = "play"
	ModeCompare = "compare"
	ModeLesson  = "lesson"
	// ModeExperiment is the experiment view (mode=experiment): its pool of
	// workers starts from the file, its runs are kept in the browser's
	// IndexedDB as on the served page.
	ModeExperiment = "experiment"
)

// State is a page address checked by Go: its mode and the official data
// files its runs need.
type State struct {
	// Hash is the address as the file opens it: "#" and the text after it.
	Hash string
	// Mode is ModePlay, ModeCompare, ModeLesson or ModeExperiment.
	Mode string
	// Data are the official CEC 2017 file names the runs read, sorted
	// (empty for a teaching or typed problem, or at a D without them).
	Data []string
}

// ParseHash splits a page address's hash ("#k=v&…", the "#" optional) into
// its values the way the page does (site/state.js parse): "+" is a space, a
// malformed escape is kept as written, a later key wins, an empty key and
// the keys __proto__, constructor and prototype are dropped.
func ParseHash(hash string) map[string]string {
	out := map[string]string{}
	for _, part := range strings.Split(strings.TrimPrefix(hash, "#"), "&") {
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, "=")
		k = strings.TrimSpace(decode(k))
		switch k {
		case "", "__proto__", "constructor", "prototype":
			continue
		}
		out[k] = decode(v)
	}
	return out
}

// decode is the page's safeDecode: "+" is a space, then
// decodeURIComponent, whose malformed escape or invalid UTF-8 leaves s as
// written.
func decode(s string) string {
	s = strings.ReplaceAll(s, "+", " ")
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) {
			return s
		}
		v, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
		if err != nil {
			return s
		}
		b.WriteByte(byte(v))
		i += 2
	}
	if !utf8.ValidString(b.String()) {
		return s
	}
	return b.String()
}

// runPrefix matches a compared run's key (b.pca, c.algo), as the page's
// RUN_PREFIX does.
var runPrefix = regexp.MustCompile(`^(?i)([b-d])\.`)

// CheckHash checks a page address with Go's own sanitising — play.Sanitize
// for one run, play.SanitizeCompare for compare mode, lesson.Parse for the
// lesson, play.DefineExperiment for the experiment view — and returns its
// State. Any value Go would replace or clamp is an error that names it
// (the file would not open in the state asked for), as are a
// configuration of the experiment Go would not run as written and a
// compare= that is not 1 to play.MaxCompareRuns. An empty hash is the
// playground's default run. Cost: one sanitising of each run's values.
func CheckHash(hash string) (State, error) {
	raw := ParseHash(hash)
	st := State{Hash: canonicalHash(hash), Data: []string{}}
	if _, ok := raw[lesson.KeyLesson]; ok {
		st.Mode = ModeLesson
		if _, notes := lesson.Parse(raw); len(notes) > 0 {
			n := notes[0]
			return st, noticeError(play.NewNotice(n.Key, n.Value, n.Message))
		}
		return st, nil
	}
	if raw["mode"] == "experiment" {
		st.Mode = ModeExperiment
		return st, st.experiment(raw)
	}
	n, err := compareRuns(raw)
	if err != nil {
		return st, err
	}
	var runs []map[string]string
	if n > 1 {
		st.Mode = ModeCompare
		setup, err := play.SanitizeCompare(raw, n)
		if err != nil {
			return st, err
		}
		if len(setup.Notices) > 0 {
			return st, noticeError(setup.Notices[0])
		}
		runs = setup.Values
	} else {
		st.Mode = ModePlay
		c, notes, _, err := play.Sanitize(raw)
		if err != nil {
			return st, err
		}
		if len(notes) > 0 {
			return st, noticeError(notes[0])
		}
		runs = []map[string]string{c.Values()}
	}
	st.Data, err = dataOf(runs)
	return st, err
}

// experiment checks the experiment view's definition (the cores of the
// browser do not matter: workers= is checked against play.MaxWorkers) and
// notes the official files of its problems at its D.
func (st *State) experiment(raw map[string]string) error {
	rep := play.DefineExperiment(raw, 1)
	if len(rep.Notices) > 0 {
		return noticeError(rep.Notices[0])
	}
	if len(rep.Errors) > 0 {
		return fmt.Errorf("configs: %s (the page would not run it: not exported)", rep.Errors[0])
	}
	runs := make([]map[string]string, len(rep.Def.Cells))
	for i, c := range rep.Def.Cells {
		runs[i] = map[string]string{"problem": c.Problem, "dim": strconv.Itoa(c.Dim), play.TypedKey: c.Typed}
	}
	var err error
	st.Data, err = dataOf(runs)
	return err
}

// canonicalHash is hash with exactly one leading "#", or "" when empty.
func canonicalHash(hash string) string {
	h := strings.TrimPrefix(hash, "#")
	if h == "" {
		return ""
	}
	return "#" + h
}

// noticeError is the error of a value Go's sanitising replaces: the
// notice the page would show, and that nothing is made of it.
// A key or message with a control character (an address may hold %0A)
// is written with it escaped, so that the error stays one line.
func noticeError(n play.Notice) error {
	if n.Value == "" {
		return fmt.Errorf("%s: %s (the page would change it: not exported)", escapeControls(n.Key), escapeControls(n.Message))
	}
	return fmt.Errorf("%s=%q: %s (the page would change it: not exported)", escapeControls(n.Key), n.Value, escapeControls(n.Message))
}

// escapeControls writes each control character of s as Go writes it in a
// quoted string (\n, \x00, …) and leaves the rest as it is.
func escapeControls(s string) string {
	if !strings.ContainsFunc(s, unicode.IsControl) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unicode.IsControl(r) {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// compareRuns is the number of runs the address shows, as the page reads
// it (site/state.js, kind compare): compare=N, else the highest letter of a
// prefixed key (b.pca=false: 2), else 1.
func compareRuns(raw map[string]string) (int, error) {
	n := 1
	for k := range raw {
		if m := runPrefix.FindStringSubmatch(k); m != nil {
			n = max(n, int(strings.ToLower(m[1])[0]-'a')+1)
		}
	}
	s, ok := raw["compare"]
	if !ok {
		return n, nil
	}
	c, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || c < 1 || c > play.MaxCompareRuns {
		return 0, fmt.Errorf("compare=%q: want the number of runs to compare, 1 to %d", play.Cut(s, play.EchoMax), play.MaxCompareRuns)
	}
	return c, nil
}

// dataOf returns the official file names the runs (sanitized values)
// read, sorted and without repeats.
func dataOf(runs []map[string]string) ([]string, error) {
	seen := map[string]bool{}
	names := []string{}
	for _, v := range runs {
		if v[play.TypedKey] != "" {
			continue
		}
		dim, err := strconv.Atoi(v["dim"])
		if err != nil {
			return nil, fmt.Errorf("dim=%q: not a number", v["dim"])
		}
		files, err := suite.DataFiles(v["problem"], dim)
		if err != nil {
			continue // no official files at this D: the run says it uses generated data
		}
		for _, f := range files {
			if !seen[f] {
				seen[f] = true
				names = append(names, f)
			}
		}
	}
	sort.Strings(names)
	return names, nil
}
