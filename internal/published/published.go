// Package published reads runs that other people published in the per-run
// result layout of the CEC constrained competitions (the final f and mean
// violation v̄ of each run, one file per problem and dimension) into run
// records (experiment.Record) that hold final values only: Record.Source
// says where they come from, and they have no point, checkpoints or curve.
// cec table, rank, wilcoxon and compare set them beside our runs like any
// other; a chart that needs a curve leaves them out and says so.
//
// It also holds one such set as reference data: the HECO-DE author's
// published runs of his GECCO 2019 competition entry (HECODEGECCO2019,
// data/heco-de-gecco2019, with their provenance in SOURCE.md).
package published

import (
	"bufio"
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"strconv"
	"strings"

	"pcaplay/internal/experiment"
)

// Layout says where the files of a set of published runs are and what the
// records made from them are called.
type Layout struct {
	// Algo is the records' algorithm name (lower-case letters, digits and
	// '-'), e.g. "heco-de-published".
	Algo string
	// Source says where the runs were published (Record.Source).
	Source string
	// Pattern is the file name of problem {p} (1, 2, …, 28; {P} is the
	// same with two digits) at dimension {D}. With {kind} there are up to
	// three files per problem and D, {kind} being obj (the final f, one
	// number per line), vio (v̄, one per line) and c (optional: the counts
	// c of the CEC tables, three integers per line); without {kind} one
	// file holds a line per run of "f v̄" or "f v̄ c1 c2 c3". Lines are the
	// runs in order; blank lines are skipped.
	Pattern string
	// Dims are the dimensions to look for (a problem and D without files
	// is skipped; the CEC's 10, 30, 50, 100 when empty).
	Dims []int
	// Problems maps a problem number to the name its records get, where it
	// is not the catalogue's "C%02d" (the HECO-DE author's variants:
	// 21 → "C21-author").
	Problems map[int]string
	// MaxFES is the budget at dimension D (the CEC's 20000·D when nil).
	MaxFES func(dim int) int
}

// MaxRuns bounds the runs of one problem and D (a file longer than that is
// not a result file).
const MaxRuns = 1000

// maxFileSize bounds one result file (25 runs take a few hundred bytes).
const maxFileSize = 1 << 20

// Read reads the runs of layout l from fsys into records, sorted by
// dimension, problem and run. It refuses a layout without a file, files of
// one problem and D with different numbers of runs, a number that is not
// finite, a negative v̄, counts that are not three integers ≥ 0 and
// counts on a feasible run (v̄ = 0); each error is one line naming the
// file, the line and the value.
func Read(fsys fs.FS, l Layout) ([]experiment.Record, error) {
	if err := l.check(); err != nil {
		return nil, err
	}
	dims := l.Dims
	if len(dims) == 0 {
		dims = []int{10, 30, 50, 100}
	}
	var recs []experiment.Record
	for _, d := range dims {
		for p := 1; p <= 28; p++ {
			rs, err := l.read(fsys, p, d)
			if err != nil {
				return nil, err
			}
			recs = append(recs, rs...)
		}
	}
	if len(recs) == 0 {
		return nil, fmt.Errorf("published: no file of the pattern %q (e.g. %s)", l.Pattern, l.name(1, dims[0], "obj"))
	}
	return recs, nil
}

func (l Layout) check() error {
	switch {
	case !experiment.MatchASCII(l.Algo, 1, 32, func(c byte) bool { return 'a' <= c && c <= 'z' },
		func(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' }):
		return fmt.Errorf("published: algorithm name %q: want lower-case letters, digits and '-', at most 32, a letter first", l.Algo)
	case l.Source == "":
		return errors.New("published: the source (where the runs were published) is empty")
	case !strings.Contains(l.Pattern, "{p}") && !strings.Contains(l.Pattern, "{P}"):
		return fmt.Errorf("published: pattern %q names no problem ({p} or {P})", l.Pattern)
	case !strings.Contains(l.Pattern, "{D}"):
		return fmt.Errorf("published: pattern %q names no dimension ({D})", l.Pattern)
	}
	for _, d := range l.Dims {
		if d < 1 || d > experiment.MaxDim {
			return fmt.Errorf("published: dimension %d: want 1 … %d", d, experiment.MaxDim)
		}
	}
	return nil
}

// name is the file name of problem p at D for kind.
func (l Layout) name(p, d int, kind string) string {
	return strings.NewReplacer("{p}", strconv.Itoa(p), "{P}", fmt.Sprintf("%02d", p), "{D}", strconv.Itoa(d), "{kind}", kind).Replace(l.Pattern)
}

// problem is the records' name of problem p.
func (l Layout) problem(p int) string {
	if n, ok := l.Problems[p]; ok {
		return n
	}
	return fmt.Sprintf("C%02d", p)
}

// read reads the runs of problem p at D, nil when it has no file.
func (l Layout) read(fsys fs.FS, p, d int) ([]experiment.Record, error) {
	var f, v []float64
	var c [][3]int
	if strings.Contains(l.Pattern, "{kind}") {
		obj, err := readColumns(fsys, l.name(p, d, "obj"), 1, 1)
		if obj == nil || err != nil {
			return nil, err
		}
		vio, err := readColumns(fsys, l.name(p, d, "vio"), 1, 1)
		if err != nil {
			return nil, err
		}
		if vio == nil {
			return nil, fmt.Errorf("published: %s has no %s beside it", l.name(p, d, "obj"), l.name(p, d, "vio"))
		}
		cs, err := readColumns(fsys, l.name(p, d, "c"), 3, 3)
		if err != nil {
			return nil, err
		}
		if len(vio) != len(obj) || (cs != nil && len(cs) != len(obj)) {
			return nil, fmt.Errorf("published: problem %d at D = %d: %d runs in %s, %d in %s%s", p, d, len(obj), l.name(p, d, "obj"),
				len(vio), l.name(p, d, "vio"), countsNote(cs, l.name(p, d, "c")))
		}
		for i := range obj {
			f, v = append(f, obj[i][0]), append(v, vio[i][0])
			if cs != nil {
				c = append(c, ints3(cs[i]))
			}
		}
		if err := checkCounts(c, l.name(p, d, "c"), cs); err != nil {
			return nil, err
		}
	} else {
		rows, err := readColumns(fsys, l.name(p, d, ""), 2, 5)
		if rows == nil || err != nil {
			return nil, err
		}
		for i, row := range rows {
			switch len(row) {
			case 2:
			case 5:
				c = append(c, ints3([]float64{row[2], row[3], row[4]}))
			default:
				return nil, fmt.Errorf("published: %s, run %d: %d numbers, want 2 (f v̄) or 5 (f v̄ c1 c2 c3)", l.name(p, d, ""), i+1, len(row))
			}
			f, v = append(f, row[0]), append(v, row[1])
		}
		if len(c) != 0 && len(c) != len(rows) {
			return nil, fmt.Errorf("published: %s: some runs have counts and some have not", l.name(p, d, ""))
		}
		if err := checkCounts(c, l.name(p, d, ""), rows); err != nil {
			return nil, err
		}
	}
	maxFES := 20000 * d
	if l.MaxFES != nil {
		maxFES = l.MaxFES(d)
	}
	if maxFES < 1 || maxFES > experiment.MaxRecordFES {
		return nil, fmt.Errorf("published: budget %d at D = %d: want 1 … %d", maxFES, d, experiment.MaxRecordFES)
	}
	recs := make([]experiment.Record, len(f))
	for i := range f {
		if v[i] < 0 {
			return nil, fmt.Errorf("published: problem %d at D = %d, run %d: v̄ = %v is negative", p, d, i+1, v[i])
		}
		r := experiment.Record{Algo: l.Algo, Problem: l.problem(p), Dim: d, Data: experiment.DataOfficial, Run: i,
			MaxFES: maxFES, FES: maxFES, F: f[i], V: v[i], Feasible: v[i] == 0, X: []float64{},
			Checkpoints: []experiment.Checkpoint{}, Curve: experiment.Curve{FES: []int{}, F: []float64{}, V: []float64{}},
			Source: l.Source}
		if c != nil {
			r.Counts = c[i]
		}
		if r.Feasible && r.Counts != [3]int{} {
			return nil, fmt.Errorf("published: problem %d at D = %d, run %d: counts %v on a feasible run (v̄ = 0)", p, d, i+1, r.Counts)
		}
		recs[i] = r
	}
	return recs, nil
}

func countsNote(cs [][]float64, name string) string {
	if cs == nil {
		return ""
	}
	return fmt.Sprintf(", %d in %s", len(cs), name)
}

func ints3(a []float64) [3]int { return [3]int{int(a[0]), int(a[1]), int(a[2])} }

// checkCounts refuses counts that are not integers ≥ 0 (rows are the
// numbers as read, the counts in their last three columns).
func checkCounts(c [][3]int, name string, rows [][]float64) error {
	for i := range c {
		row := rows[i][len(rows[i])-3:]
		for _, x := range row {
			if x < 0 || x != math.Trunc(x) || x > MaxRuns*1000 {
				return fmt.Errorf("published: %s, run %d: count %v is not a whole number ≥ 0", name, i+1, x)
			}
		}
	}
	return nil
}

// readColumns reads a file of lines of min … max numbers each; nil and no
// error when the file does not exist.
func readColumns(fsys fs.FS, name string, min, max int) ([][]float64, error) {
	b, err := fs.ReadFile(fsys, name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("published: %v", err)
	}
	if len(b) > maxFileSize {
		return nil, fmt.Errorf("published: %s: %d bytes, more than a result file's %d", name, len(b), maxFileSize)
	}
	var rows [][]float64
	sc := bufio.NewScanner(bytes.NewReader(b))
	line := 0
	for sc.Scan() {
		line++
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		if len(fields) < min || len(fields) > max {
			return nil, fmt.Errorf("published: %s:%d: %d numbers, want %s", name, line, len(fields), between(min, max))
		}
		row := make([]float64, len(fields))
		for i, s := range fields {
			x, err := strconv.ParseFloat(s, 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, fmt.Errorf("published: %s:%d: %q is not a finite number", name, line, cut(s))
			}
			row[i] = x
		}
		if len(rows) == MaxRuns {
			return nil, fmt.Errorf("published: %s: more than %d runs", name, MaxRuns)
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("published: %s: %v", name, err)
	}
	if rows == nil {
		return nil, fmt.Errorf("published: %s holds no run", name)
	}
	return rows, nil
}

func between(min, max int) string {
	if min == max {
		return strconv.Itoa(min)
	}
	return fmt.Sprintf("%d to %d", min, max)
}

// cut shortens a value for a message.
func cut(s string) string {
	if len(s) > 40 {
		return s[:37] + "…"
	}
	return s
}

//go:embed data
var data embed.FS

// HECODEGECCO2019 is the HECO-DE author's published runs of his GECCO 2019
// competition entry: 25 runs of C01–C28 at D = 10, 30, 50, 100, the code
// that made them being the preset gecco2019 of heco-de (docs/hecode-choices.md
// §13). Their C06, C10, C18, C21 and C27 are of the author's variant
// functions and so are named C06-author … C27-author (cec2017.NewAuthor);
// their v̄ subtracts 10⁻⁴ from each violated equality, where the CEC 2017
// definition of our records does not (data/heco-de-gecco2019/SOURCE.md).
var HECODEGECCO2019 = Layout{
	Algo:    "heco-de-published",
	Source:  "github.com/burningxt/HECO-DE-OldVersion@d4af5931a8951af944011f102de645b0814f3b6b:GECCO/Results",
	Pattern: "F{p}_{D}D_{kind}.txt",
	Problems: map[int]string{6: "C06-author", 10: "C10-author", 18: "C18-author", 21: "C21-author",
		27: "C27-author"},
}

// Sets are the sets of published runs held here, by name.
var Sets = map[string]Layout{"heco-de-gecco2019": HECODEGECCO2019}

// FS returns the folder of the set called name.
func FS(name string) (fs.FS, error) {
	if _, ok := Sets[name]; !ok {
		return nil, fmt.Errorf("published: no set %q (have heco-de-gecco2019)", name)
	}
	return fs.Sub(data, "data/"+name)
}
