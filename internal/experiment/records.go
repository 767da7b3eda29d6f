package experiment

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"sync"
	"weak"

	"pcaplay/core/stats"
)

// MarshalLine returns the record as one JSON line ending in '\n'.
func MarshalLine(r Record) ([]byte, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", r.Key(), err)
	}
	return append(b, '\n'), nil
}

// maxLine bounds one JSON line (a D = 100 record is about 10 kB, one at
// MaxDim about 60 kB).
const maxLine = 4 << 20

// Read reads JSON-lines records from r, as cec run writes them; name (a
// file name) is used in error messages, which name the line and the field.
// Blank lines are skipped; lines[i] is the line number of record i.
// Records with the same curve FES (the grid of one budget, CurveGrid) in a
// row share one Curve.FES slice (a fifth of a record's memory): the
// records are read-only.
//
// The reading is strict, as run files travel between people: every field
// of Record must be present exactly once and not null, and no other field
// may be; numbers must fit their type (an integer field takes no fraction
// or exponent); and the values must make sense together (checkRecord):
// names of the expected form, 1 ≤ dim ≤ MaxDim, 0 ≤ run < MaxRuns,
// 1 ≤ fes ≤ maxfes ≤ MaxRecordFES, 1 ≤ best_fes ≤ fes, finite f and x with
// len(x) = dim, 0 ≤ v finite, feasible ⇔ v = 0, counts three integers ≥ 0
// (all 0 when feasible), checkpoints at 10 %, 50 % and 100 % of maxfes,
// and a curve of increasing FES with finite values; the curve's last
// point and the last checkpoint are the final f and v (checkFinal).
func Read(r io.Reader, name string) (recs []Record, lines []int, err error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), maxLine)
	line := 0
	var grid []int // the last curve.fes read: records of one budget share it
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		rec, err := decodeRecord(b)
		if err == nil {
			err = checkRecord(rec)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		if len(rec.Curve.FES) > 0 && slices.Equal(rec.Curve.FES, grid) {
			rec.Curve.FES = grid
		} else {
			grid = slices.Clip(rec.Curve.FES)
		}
		recs = append(recs, rec)
		lines = append(lines, line)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, nil, fmt.Errorf("%s:%d: a line longer than %d bytes: not a run record", name, line+1, maxLine)
		}
		return nil, nil, fmt.Errorf("%s: %v", name, err)
	}
	remember(recs, lines, name)
	return recs, lines, nil
}

// origins remembers where the records of the last few Reads came from
// (their file and lines), without keeping the records alive, so that a
// check of records read elsewhere (the results page: internal/play reads
// them, results.Summarise checks them) names "file:line" (Where).
var origins struct {
	sync.Mutex
	list []origin
}

// origin is where the records of one Read came from: first is its first
// record, n their number.
type origin struct {
	first weak.Pointer[Record]
	n     int
	name  string
	lines []int
}

// maxOrigins bounds the Reads remembered.
const maxOrigins = 8

func remember(recs []Record, lines []int, name string) {
	if len(recs) == 0 {
		return
	}
	origins.Lock()
	defer origins.Unlock()
	live := origins.list[:0]
	for _, o := range origins.list {
		if o.first.Value() != nil {
			live = append(live, o)
		}
	}
	if len(live) >= maxOrigins {
		live = live[len(live)-maxOrigins+1:]
	}
	origins.list = append(slices.Clip(live), origin{first: weak.Make(&recs[0]), n: len(recs), name: name, lines: lines})
}

// Where returns where(i), the name of record i of recs in messages:
// "file:line" when recs are the records one of the last Reads returned
// (the same slice, not a copy), else "record i+1".
func Where(recs []Record) func(i int) string {
	if len(recs) > 0 {
		origins.Lock()
		defer origins.Unlock()
		for _, o := range slices.Backward(origins.list) {
			if o.n == len(recs) && o.first.Value() == &recs[0] {
				name, lines := o.name, o.lines
				return func(i int) string { return fmt.Sprintf("%s:%d", name, lines[i]) }
			}
		}
	}
	return func(i int) string { return fmt.Sprintf("record %d", i+1) }
}

// recordFields are the JSON keys of Record, in the order MarshalLine
// writes them; a record of published runs has "source" too (the only
// optional field).
var recordFields = []string{"algo", "problem", "dim", "data", "run", "seed", "maxfes", "fes", "f", "v", "feasible",
	"counts", "best_fes", "x", "settings", "checkpoints", "curve"}

// optionalFields are the record's keys that may be missing.
var optionalFields = []string{"source"}

// object splits one JSON object into its keys and raw values, refusing
// anything but an object, a repeated key, a null value, a key neither in
// fields nor in optional, and a missing one of fields. what names the
// object in messages ("" for the record, "curve", "checkpoints[1]").
func object(b []byte, what string, fields []string, optional ...string) (map[string]json.RawMessage, error) {
	in := func(key string) string {
		if what == "" {
			return fmt.Sprintf("%q", key)
		}
		return fmt.Sprintf("%s.%s", what, key)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	tok, err := dec.Token()
	if d, ok := tok.(json.Delim); err != nil || !ok || d != '{' {
		if what == "" {
			return nil, errors.New("not a run record (want a JSON object)")
		}
		return nil, fmt.Errorf("%q: want an object", what)
	}
	out := map[string]json.RawMessage{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("not a run record: %v", err)
		}
		key := tok.(string) // an object's keys are strings
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("%s: %v", in(key), err)
		}
		if !slices.Contains(fields, key) && !slices.Contains(optional, key) {
			return nil, fmt.Errorf("unknown field %s (a record has %s)", in(key), strings.Join(append(slices.Clip(fields), optional...), ", "))
		}
		if _, dup := out[key]; dup {
			return nil, fmt.Errorf("%s given twice", in(key))
		}
		if string(raw) == "null" {
			return nil, fmt.Errorf("%s is null", in(key))
		}
		out[key] = raw
	}
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("not a run record: %v", err)
	}
	if dec.More() || dec.InputOffset() != int64(len(b)) {
		if _, err := dec.Token(); err != io.EOF {
			return nil, errors.New("more than one JSON value on the line")
		}
	}
	for _, f := range fields {
		if _, ok := out[f]; !ok {
			if f == "data" && what == "" {
				return nil, errors.New(`missing "data" (a record from before the field existed: scripts/add-data-field.sh adds "data":"official" to runs made with the official files)`)
			}
			return nil, fmt.Errorf("missing %s", in(f))
		}
	}
	return out, nil
}

// field decodes raw into v (a pointer), naming the field on error.
func field(raw json.RawMessage, name string, v any) error {
	if err := json.Unmarshal(raw, v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return fmt.Errorf("%s = %s: want %s", name, shorten(raw), te.Type)
		}
		return fmt.Errorf("%s = %s: %v", name, shorten(raw), err)
	}
	return nil
}

// shorten cuts a raw value for a message.
func shorten(raw json.RawMessage) string {
	if len(raw) > 40 {
		return string(raw[:37]) + "…"
	}
	return string(raw)
}

// floats decodes an array of numbers, refusing null elements.
func floats(raw json.RawMessage, name string) ([]float64, error) {
	var p []*float64
	if err := field(raw, name, &p); err != nil {
		return nil, err
	}
	out := make([]float64, len(p))
	for i, v := range p {
		if v == nil {
			return nil, fmt.Errorf("%s[%d] is null", name, i)
		}
		out[i] = *v
	}
	return out, nil
}

// ints decodes an array of integers, refusing null elements.
func ints(raw json.RawMessage, name string) ([]int, error) {
	var p []*int
	if err := field(raw, name, &p); err != nil {
		return nil, err
	}
	out := make([]int, len(p))
	for i, v := range p {
		if v == nil {
			return nil, fmt.Errorf("%s[%d] is null", name, i)
		}
		out[i] = *v
	}
	return out, nil
}

// decodeRecord decodes one line strictly (see Read).
func decodeRecord(b []byte) (Record, error) {
	var r Record
	m, err := object(b, "", recordFields, optionalFields...)
	if err != nil {
		return r, err
	}
	if raw, ok := m["source"]; ok {
		if err := field(raw, `"source"`, &r.Source); err != nil {
			return r, err
		}
		if r.Source == "" {
			return r, errors.New(`"source" is empty (a record of published runs names where they were published)`)
		}
	}
	for _, f := range []struct {
		key string
		v   any
	}{
		{"algo", &r.Algo}, {"problem", &r.Problem}, {"dim", &r.Dim}, {"data", &r.Data}, {"run", &r.Run},
		{"seed", &r.Seed}, {"maxfes", &r.MaxFES}, {"fes", &r.FES}, {"f", &r.F}, {"v", &r.V},
		{"feasible", &r.Feasible}, {"best_fes", &r.BestFES}, {"settings", &r.Settings},
	} {
		if err := field(m[f.key], fmt.Sprintf("%q", f.key), f.v); err != nil {
			return r, err
		}
	}
	counts, err := ints(m["counts"], `"counts"`)
	if err != nil {
		return r, err
	}
	if len(counts) != 3 {
		return r, fmt.Errorf(`"counts": %d entries, want 3 (constraints violated by > 1, > 0.01, > 1e-4)`, len(counts))
	}
	copy(r.Counts[:], counts)
	if r.X, err = floats(m["x"], `"x"`); err != nil {
		return r, err
	}
	var cps []json.RawMessage
	if err := field(m["checkpoints"], `"checkpoints"`, &cps); err != nil {
		return r, err
	}
	r.Checkpoints = make([]Checkpoint, 0, len(cps)) // [] stays [], not null, when written back
	for i, raw := range cps {
		what := fmt.Sprintf("checkpoints[%d]", i)
		cm, err := object(raw, what, []string{"frac", "fes", "f", "v"})
		if err != nil {
			return r, err
		}
		var c Checkpoint
		for _, f := range []struct {
			key string
			v   any
		}{{"frac", &c.Frac}, {"fes", &c.FES}, {"f", &c.F}, {"v", &c.V}} {
			if err := field(cm[f.key], what+"."+f.key, f.v); err != nil {
				return r, err
			}
		}
		r.Checkpoints = append(r.Checkpoints, c)
	}
	cm, err := object(m["curve"], "curve", []string{"fes", "f", "v"})
	if err != nil {
		return r, err
	}
	if r.Curve.FES, err = ints(cm["fes"], "curve.fes"); err != nil {
		return r, err
	}
	if r.Curve.F, err = floats(cm["f"], "curve.f"); err != nil {
		return r, err
	}
	if r.Curve.V, err = floats(cm["v"], "curve.v"); err != nil {
		return r, err
	}
	return r, nil
}

// The names and settings a record may hold are anchored patterns of ASCII
// classes, matched by loops rather than by package regexp, which the
// WebAssembly module would otherwise link for them (about 100 kB brotli:
// docs/wasm-size.md). names_test.go checks each against the regexp it
// replaces.

// algoName is ^[a-z][a-z0-9-]{0,31}$.
func algoName(s string) bool {
	return MatchASCII(s, 1, 32, isLower, func(c byte) bool { return isLower(c) || isDigit(c) || c == '-' })
}

// problemName is ^[A-Za-z][A-Za-z0-9_-]{0,31}$.
func problemName(s string) bool {
	return MatchASCII(s, 1, 32, isLetter, func(c byte) bool { return isLetter(c) || isDigit(c) || c == '_' || c == '-' })
}

// settingsStr is ^[A-Za-z0-9_.=,+-]{0,1000}$.
func settingsStr(s string) bool {
	in := func(c byte) bool { return isLetter(c) || isDigit(c) || strings.IndexByte("_.=,+-", c) >= 0 }
	return MatchASCII(s, 0, 1000, in, in)
}

// MatchASCII reports whether s has min … max bytes, the first of which is
// in the class first and the others in rest: the anchored pattern
// ^[first][rest]{min-1,max-1}$ of ASCII classes (a byte of a multi-byte
// UTF-8 sequence is in no such class, so bytes count as the regexp's
// runes).
func MatchASCII(s string, min, max int, first, rest func(byte) bool) bool {
	if len(s) < min || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		in := rest
		if i == 0 {
			in = first
		}
		if !in(s[i]) {
			return false
		}
	}
	return true
}

func isLower(c byte) bool  { return 'a' <= c && c <= 'z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return isLower(c) || 'A' <= c && c <= 'Z' }

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// checkRecord checks the values of a decoded record (see Read).
func checkRecord(r Record) error {
	switch {
	case !algoName(r.Algo):
		return fmt.Errorf(`"algo" = %q: want a name of lower-case letters, digits and '-' (at most 32)`, r.Algo)
	case !problemName(r.Problem):
		return fmt.Errorf(`"problem" = %q: want a name of letters, digits, '_' and '-' (at most 32)`, r.Problem)
	case !ValidDataLabel(r.Data):
		return fmt.Errorf(`"data" = %q: want official, generated, none or sha256:<16 hex digits>`, r.Data)
	case r.Dim < 1 || r.Dim > MaxDim:
		return fmt.Errorf(`"dim" = %d: want 1 … %d`, r.Dim, MaxDim)
	case r.Run < 0 || r.Run >= MaxRuns:
		return fmt.Errorf(`"run" = %d: want 0 … %d`, r.Run, MaxRuns-1)
	case r.MaxFES < 1 || r.MaxFES > MaxRecordFES:
		return fmt.Errorf(`"maxfes" = %d: want 1 … %d`, r.MaxFES, MaxRecordFES)
	case r.FES < 1 || r.FES > r.MaxFES:
		return fmt.Errorf(`"fes" = %d: want 1 … maxfes = %d`, r.FES, r.MaxFES)
	case !r.FinalOnly() && (r.BestFES < 1 || r.BestFES > r.FES):
		return fmt.Errorf(`"best_fes" = %d: want 1 … fes = %d`, r.BestFES, r.FES)
	case !finite(r.F):
		return fmt.Errorf(`"f" = %v: not finite`, r.F)
	case !(r.V >= 0) || math.IsInf(r.V, 0):
		return fmt.Errorf(`"v" = %v: must be a finite number ≥ 0`, r.V)
	case r.Feasible != (r.V == 0):
		return fmt.Errorf(`"feasible" = %v disagrees with "v" = %g`, r.Feasible, r.V)
	case r.Counts[0] < 0 || r.Counts[1] < 0 || r.Counts[2] < 0:
		return fmt.Errorf(`"counts" = %v: negative`, r.Counts)
	case r.Feasible && r.Counts != [3]int{}:
		return fmt.Errorf(`"counts" = %v: a feasible point violates nothing`, r.Counts)
	case !settingsStr(r.Settings):
		return fmt.Errorf(`"settings" = %q: want key=value,… of letters, digits and _.+-`, r.Settings)
	case r.FinalOnly():
		return checkFinalOnly(r)
	case len(r.X) != r.Dim:
		return fmt.Errorf(`"x": %d coordinates, "dim" = %d`, len(r.X), r.Dim)
	case len(r.Checkpoints) != len(CheckpointFracs):
		return fmt.Errorf(`"checkpoints": %d, want %d (at %v of maxfes)`, len(r.Checkpoints), len(CheckpointFracs), CheckpointFracs)
	case len(r.Curve.F) != len(r.Curve.FES) || len(r.Curve.V) != len(r.Curve.FES):
		return errors.New(`"curve": fes, f and v differ in length`)
	}
	for i, x := range r.X {
		if !finite(x) {
			return fmt.Errorf(`"x"[%d] = %v: not finite`, i, x)
		}
	}
	for i, c := range r.Checkpoints {
		switch {
		case c.Frac != CheckpointFracs[i]:
			return fmt.Errorf(`checkpoints[%d].frac = %v, want %v`, i, c.Frac, CheckpointFracs[i])
		case c.FES < 1 || c.FES > r.FES:
			return fmt.Errorf(`checkpoints[%d].fes = %d: want 1 … fes = %d`, i, c.FES, r.FES)
		case !finite(c.F) || !(c.V >= 0) || math.IsInf(c.V, 0):
			return fmt.Errorf(`checkpoints[%d]: f = %v, v = %v: want finite f and v ≥ 0`, i, c.F, c.V)
		}
	}
	for i, t := range r.Curve.FES {
		switch {
		case t < 1 || t > r.MaxFES || (i > 0 && t <= r.Curve.FES[i-1]):
			return fmt.Errorf(`curve.fes[%d] = %d: want increasing values in 1 … maxfes = %d`, i, t, r.MaxFES)
		case !finite(r.Curve.F[i]) || !(r.Curve.V[i] >= 0) || math.IsInf(r.Curve.V[i], 0):
			return fmt.Errorf(`curve[%d]: f = %v, v = %v: want finite f and v ≥ 0`, i, r.Curve.F[i], r.Curve.V[i])
		}
	}
	return checkFinal(r)
}

// checkFinalOnly checks the shape of a record of published runs (see
// Record.Source): a source of at most 300 printable characters, no point,
// checkpoints or curve, best_fes and seed 0, fes = maxfes.
func checkFinalOnly(r Record) error {
	switch {
	case len(r.Source) > 300 || strings.IndexFunc(r.Source, func(c rune) bool { return c < ' ' || c == 0x7f }) >= 0:
		return fmt.Errorf(`"source" = %q: want at most 300 printable characters`, r.Source)
	case len(r.X) != 0 || len(r.Checkpoints) != 0 || len(r.Curve.FES) != 0:
		return fmt.Errorf(`a record of published runs ("source" = %q) has final values only: "x", "checkpoints" and the curve must be empty`, r.Source)
	case r.BestFES != 0 || r.Seed != 0:
		return fmt.Errorf(`a record of published runs has "best_fes" and "seed" 0 (unknown), not %d and %d`, r.BestFES, r.Seed)
	case r.FES != r.MaxFES:
		return fmt.Errorf(`a record of published runs has "fes" = "maxfes", not %d and %d`, r.FES, r.MaxFES)
	}
	return nil
}

// checkFinal refuses a record whose curve or checkpoints contradict its
// final best: the recorder samples the best-so-far of the last generation
// as the curve's last point and as the checkpoint at 100 % of maxfes, so
// both equal "f" and "v" bit for bit, and that checkpoint is at "fes"; the
// checkpoints come at increasing FES.
func checkFinal(r Record) error {
	if n := len(r.Curve.FES); n > 0 && (r.Curve.F[n-1] != r.F || r.Curve.V[n-1] != r.V) {
		return fmt.Errorf(`curve[%d] (its last point): f = %v, v = %v disagree with the final "f" = %v, "v" = %v`,
			n-1, r.Curve.F[n-1], r.Curve.V[n-1], r.F, r.V)
	}
	last := len(r.Checkpoints) - 1
	for i := 1; i <= last; i++ {
		if r.Checkpoints[i].FES < r.Checkpoints[i-1].FES {
			return fmt.Errorf(`checkpoints[%d].fes = %d: below checkpoints[%d].fes = %d`, i, r.Checkpoints[i].FES, i-1, r.Checkpoints[i-1].FES)
		}
	}
	if last >= 0 {
		if c := r.Checkpoints[last]; c.F != r.F || c.V != r.V || c.FES != r.FES {
			return fmt.Errorf(`checkpoints[%d] (at %v of maxfes): fes = %d, f = %v, v = %v disagree with the final "fes" = %d, "f" = %v, "v" = %v`,
				last, c.Frac, c.FES, c.F, c.V, r.FES, r.F, r.V)
		}
	}
	return nil
}

// ValidDataLabel reports whether s is a Record.Data value.
func ValidDataLabel(s string) bool {
	switch s {
	case DataOfficial, DataGenerated, DataNone:
		return true
	}
	h, ok := strings.CutPrefix(s, "sha256:")
	if !ok || len(h) != 16 {
		return false
	}
	for _, c := range h {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// Check refuses a set of records that is not a complete grid. The grid
// implied by the records at a dimension is every algorithm × every problem
// seen there × runs 0..R−1, R the largest run + 1 seen there. Check names
// the first run listed twice (same algorithm, problem, dimension and run),
// the first missing run of the implied grid in canonical order, or two runs
// of one (algorithm, problem, dimension) with different budgets or settings.
// where(i) names the origin of record i in messages.
//
// Check also refuses seeds that are not cec run's (CheckSeeds with no
// groups): run r of an (algorithm, problem) has the seed base + r, one base
// for every run of that algorithm on that problem.
func Check(recs []Record, where func(i int) string) error {
	seen, runs, err := checkRuns(recs, where)
	if err != nil {
		return err
	}
	if err := CheckSeeds(recs, where, nil); err != nil {
		return err
	}
	return checkComplete(recs, seen, runs, where)
}

// SeedError is a record whose seed breaks the rule of cec run: run r has
// the seed base + r, with one base per (algorithm, problem) and per group
// (CheckSeeds).
type SeedError struct {
	// I is the index of the record; J that of the earlier record whose
	// base it disagrees with, or −1 when its seed is below its run.
	I, J int
	msg  string
}

func (e *SeedError) Error() string { return e.msg }

// seedBase is the base of r's seed (seed − run) and whether there is one
// (a seed below the run has none: cec run never wraps around).
func seedBase(r Record) (uint64, bool) {
	if r.Seed < uint64(r.Run) {
		return 0, false
	}
	return r.Seed - uint64(r.Run), true
}

// CheckSeeds refuses records whose seeds are not those cec run gives (it
// skips records of published runs, which have none): run
// r uses the seed base + r, with one base for every run of an (algorithm,
// problem), at every dimension (the paper's common random numbers: -seed
// is one value per grid). group, when not nil, names a group of records
// that must share one base too (a file of cec run, or every shard of the
// grid that a merge joins); records with the group "" are in none. The
// error (a *SeedError) is one line naming both records with where and
// their runs, seeds and bases; a record listed twice is Check's concern,
// not this one's. It takes time linear in len(recs).
func CheckSeeds(recs []Record, where func(i int) string, group func(i int) string) error {
	type ap struct{ algo, problem string }
	byCell := map[ap]int{}
	byGroup := map[string]int{}
	for i, r := range recs {
		if r.FinalOnly() {
			continue // published runs have no seeds
		}
		b, ok := seedBase(r)
		if !ok {
			return &SeedError{I: i, J: -1, msg: fmt.Sprintf(`%s: %s has "seed" = %d below its "run" = %d: run r has the seed base + r`, where(i), r.Key(), r.Seed, r.Run)}
		}
		k := ap{r.Algo, r.Problem}
		if j, seen := byCell[k]; !seen {
			byCell[k] = i
		} else if bj, _ := seedBase(recs[j]); bj != b {
			return seedMismatch(recs, where, i, j, fmt.Sprintf("the runs of %s on %s must share one base", r.Algo, r.Problem))
		}
		if group == nil {
			continue
		}
		g := group(i)
		if g == "" {
			continue
		}
		if j, seen := byGroup[g]; !seen {
			byGroup[g] = i
		} else if bj, _ := seedBase(recs[j]); bj != b {
			return seedMismatch(recs, where, i, j, fmt.Sprintf("the runs of %s must share one base", g))
		}
	}
	return nil
}

// seedMismatch is the SeedError of records i and j with different bases.
func seedMismatch(recs []Record, where func(i int) string, i, j int, rule string) error {
	ri, rj := recs[i], recs[j]
	bi, _ := seedBase(ri)
	bj, _ := seedBase(rj)
	return &SeedError{I: i, J: j, msg: fmt.Sprintf(`%s: %s has "seed" = %d, base %d (seed − run), but %s: %s has "seed" = %d, base %d: run r has the seed base + r, and %s`,
		where(i), ri.Key(), ri.Seed, bi, where(j), rj.Key(), rj.Seed, bj, rule)}
}

// CheckRuns is Check without the complete grid: it names the first run
// listed twice and two runs of one (algorithm, problem, dimension) with
// different budgets, settings or data, and accepts missing runs (an
// experiment in progress, or one whose failed runs have no record).
func CheckRuns(recs []Record, where func(i int) string) error {
	_, _, err := checkRuns(recs, where)
	return err
}

// cell is an (algorithm, problem, dimension) of a grid.
type cell struct {
	Algo, Problem string
	Dim           int
}

func checkRuns(recs []Record, where func(i int) string) (map[Key]int, map[cell][]int, error) {
	seen := map[Key]int{}
	runs := map[cell][]int{}
	first := map[cell]int{}
	for i, r := range recs {
		k := r.Key()
		if j, dup := seen[k]; dup {
			return nil, nil, fmt.Errorf("duplicate run %s (%s and %s)", k, where(j), where(i))
		}
		seen[k] = i
		c := cell{r.Algo, r.Problem, r.Dim}
		if _, ok := first[c]; !ok {
			first[c] = i
		} else if f := recs[first[c]]; f.MaxFES != r.MaxFES || f.Settings != r.Settings || f.Data != r.Data {
			return nil, nil, fmt.Errorf("%s: budget, settings or data differ from %s (%s: maxfes %d, %q, data %s; %s: maxfes %d, %q, data %s)",
				k, Key{f.Algo, f.Problem, f.Dim, f.Run}, where(i), r.MaxFES, r.Settings, r.Data, where(first[c]), f.MaxFES, f.Settings, f.Data)
		}
		runs[c] = append(runs[c], r.Run)
	}
	return seen, runs, nil
}

// checkComplete names the first missing run of the grid implied by recs,
// and where the record that implies the most runs is. It takes time
// linear in len(recs) and in the runs it finds present.
func checkComplete(recs []Record, seen map[Key]int, runs map[cell][]int, where func(i int) string) error {
	// The implied grid at each dimension: every algorithm × every problem
	// × runs 0..R−1, R = the largest run + 1 at that dimension.
	type implied struct {
		top          int // the record with the largest run
		algos, probs []string
		hasA, hasP   map[string]bool
	}
	byDim := map[int]*implied{}
	for i, r := range recs {
		g := byDim[r.Dim]
		if g == nil {
			g = &implied{top: i, hasA: map[string]bool{}, hasP: map[string]bool{}}
			byDim[r.Dim] = g
		}
		if r.Run > recs[g.top].Run {
			g.top = i
		}
		if !g.hasA[r.Algo] {
			g.hasA[r.Algo] = true
			g.algos = append(g.algos, r.Algo)
		}
		if !g.hasP[r.Problem] {
			g.hasP[r.Problem] = true
			g.probs = append(g.probs, r.Problem)
		}
	}
	for _, d := range Dims(recs) {
		g := byDim[d]
		R := recs[g.top].Run + 1
		slices.SortStableFunc(g.algos, compareAlgo)
		slices.Sort(g.probs)
		for _, a := range g.algos {
			for _, p := range g.probs {
				n := len(runs[cell{a, p, d}])
				for run := 0; run < R; run++ {
					if _, ok := seen[Key{a, p, d, run}]; !ok {
						return fmt.Errorf("missing run %s (the files imply runs 0..%d of %s on %s, the largest run at %s; %d of them present)",
							Key{a, p, d, run}, R-1, listCut(g.algos), listCut(g.probs), where(g.top), n)
					}
				}
			}
		}
	}
	return nil
}

// listCut joins names with ", ", the first 8 and a count beyond them (a
// message stays one short line with 20,000 problems).
func listCut(names []string) string {
	const most = 8
	if len(names) <= most {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s, … (%d in all)", strings.Join(names[:most], ", "), len(names))
}

// Algos lists the algorithms of recs in canonical order.
func Algos(recs []Record) []string {
	var a []string
	for _, r := range recs {
		if !slices.Contains(a, r.Algo) {
			a = append(a, r.Algo)
		}
	}
	slices.SortStableFunc(a, compareAlgo)
	return a
}

// Dims lists the dimensions of recs in increasing order.
func Dims(recs []Record) []int {
	var d []int
	for _, r := range recs {
		if !slices.Contains(d, r.Dim) {
			d = append(d, r.Dim)
		}
	}
	slices.Sort(d)
	return d
}

// Problems lists the problems of recs at dimension dim, sorted.
func Problems(recs []Record, dim int) []string {
	var p []string
	seen := map[string]bool{}
	for _, r := range recs {
		if r.Dim == dim && !seen[r.Problem] {
			seen[r.Problem] = true
			p = append(p, r.Problem)
		}
	}
	slices.Sort(p)
	return p
}

// Select returns the records of algo at dim on problem, sorted by run.
func Select(recs []Record, algo, prob string, dim int) []Record {
	var out []Record
	for _, r := range recs {
		if r.Algo == algo && r.Problem == prob && r.Dim == dim {
			out = append(out, r)
		}
	}
	slices.SortFunc(out, func(a, b Record) int { return a.Run - b.Run })
	return out
}

// StatsRuns converts records to stats.Run.
func StatsRuns(recs []Record) []stats.Run {
	out := make([]stats.Run, len(recs))
	for i, r := range recs {
		out[i] = stats.Run{F: r.F, MeanV: r.V, Counts: r.Counts, Feasible: r.Feasible}
	}
	return out
}

// Summaries returns, for algo at dim, the problems it ran and the
// stats.Summary of each.
// It takes time linear in len(recs) (and n log n in the problems): the
// records are grouped by problem in one pass, not selected per problem.
func Summaries(recs []Record, algo string, dim int) ([]string, []stats.Summary, error) {
	by := map[string][]Record{}
	var probs []string
	for _, r := range recs {
		if r.Algo == algo && r.Dim == dim {
			if _, seen := by[r.Problem]; !seen {
				probs = append(probs, r.Problem)
			}
			by[r.Problem] = append(by[r.Problem], r)
		}
	}
	slices.Sort(probs)
	sums := make([]stats.Summary, 0, len(probs))
	for _, p := range probs {
		rs := by[p]
		slices.SortFunc(rs, func(a, b Record) int { return a.Run - b.Run })
		s, err := stats.Summarize(StatsRuns(rs))
		if err != nil {
			return nil, nil, fmt.Errorf("%s on %s at D=%d: %v", algo, p, dim, err)
		}
		sums = append(sums, s)
	}
	return probs, sums, nil
}

// RankTable ranks the algorithms of recs at dim with stats.Rank.
func RankTable(recs []Record, dim int) (*stats.Table, error) {
	probs := Problems(recs, dim)
	by := map[string][]stats.Entry{}
	for _, a := range Algos(recs) {
		ps, sums, err := Summaries(recs, a, dim)
		if err != nil {
			return nil, err
		}
		for i, p := range ps {
			by[p] = append(by[p], stats.Entry{Algorithm: a, Summary: sums[i]})
		}
	}
	return stats.Rank(probs, by)
}
