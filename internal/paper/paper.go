// Package paper holds the published numbers of the paper that pcaplay
// reproduces — W. Huang, T. Xu, K. Li and J. He, "Multiobjective
// Differential Evolution Enhanced with Principle Component Analysis for
// Constrained Optimization" (arXiv:1805.00272) — as committed data, so that
// every comparison with the paper works from a fresh clone.
//
// The data (data/*.csv, provenance in data/README.md) was extracted once
// from the paper's LaTeX source by internal/tools/papertables, which uses
// ParseLaTeX of this package, and is embedded in the binary: Published
// returns it. It holds
//
//   - the supplement tables "Function Values of PMODE|HECO-PDE Achieved for
//     10D|30D|50D|100D": best, median, c, v̄, mean, worst, std, SR and vio
//     per problem C01–C28 (Tables 11–18);
//   - the rank tables "Ranks based on mean values|median solution on the 28
//     functions of D dimensions": the ranks of twelve algorithms per problem
//     and their totals (Tables 3–10);
//   - the table "Total ranks of CMODE, PMODE, HECO-DE, HECO-PDE, DeCODE and
//     seven EAs in CEC2018 competition": the total rank value of each
//     algorithm per dimension and over all four (Table 2).
//
// Tables are numbered in their order in the paper. Numbers are kept as
// printed: the supplement's cells have six significant digits (%.5e), SR
// is an integer percentage of 25 runs, and the rank tables' totals are the
// paper's, even where they differ from the sum of the printed ranks (the
// tests list where).
package paper

import (
	"bytes"
	"embed"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"pcaplay/core/stats"
)

// Runs is the number of independent runs behind every supplement column
// (the supplement's introduction: "25 independent runs").
const Runs = 25

// Dims are the dimensions of the paper's experiments.
var Dims = []int{10, 30, 50, 100}

// The data files, relative to the data directory.
const (
	SupplementFile = "supplement.csv"
	RanksFile      = "ranks.csv"
	TotalsFile     = "total-ranks.csv"
)

// Paper is the set of published tables.
type Paper struct {
	Supplements []Supplement
	Ranks       []RankTable
	Totals      *TotalRanks // nil when the source has no total-ranks table
}

// Supplement is one supplement table: one algorithm at one dimension, a
// column per problem in the paper's order.
type Supplement struct {
	Algorithm string // as the paper spells it: "PMODE", "HECO-PDE"
	Dim       int
	Problems  []string // "C01", …
	// Sums[i] is the column of Problems[i]. Runs is 25 and FeasibleRuns is
	// SR·25/100; the other fields are the printed values.
	Sums []stats.Summary
}

// Column returns the summary of problem p.
func (s *Supplement) Column(p string) (stats.Summary, bool) {
	if i := slices.Index(s.Problems, p); i >= 0 {
		return s.Sums[i], true
	}
	return stats.Summary{}, false
}

// Basis of a rank table: the CEC 2018 rules rank by mean values and by
// median solutions.
const (
	ByMean   = "mean"
	ByMedian = "median"
)

// RankTable is one rank table: the ranks of several algorithms on the
// problems of one dimension, by mean values or by median solutions.
type RankTable struct {
	Basis      string // ByMean or ByMedian
	Dim        int
	Problems   []string // "C01", … (the paper labels the columns 1, 2, …)
	Algorithms []string // as printed, e.g. "CAL_LSAHDE(2017)", "HECO-PDE"
	// Ranks[a][p] is the rank of Algorithms[a] on Problems[p]; Totals[a]
	// the total printed in the table's last column.
	Ranks  [][]int
	Totals []int
}

// Rank returns the rank of algorithm (any case) on problem p.
func (t *RankTable) Rank(algorithm, p string) (int, bool) {
	a, i := t.algo(algorithm), slices.Index(t.Problems, p)
	if a < 0 || i < 0 {
		return 0, false
	}
	return t.Ranks[a][i], true
}

// Total returns the printed total of algorithm (any case).
func (t *RankTable) Total(algorithm string) (int, bool) {
	if a := t.algo(algorithm); a >= 0 {
		return t.Totals[a], true
	}
	return 0, false
}

func (t *RankTable) algo(name string) int {
	return slices.IndexFunc(t.Algorithms, func(a string) bool { return strings.EqualFold(a, name) })
}

// Among returns, for each of the algorithms named (any case; all must be
// in the table) and each problem, its rank among those algorithms alone,
// derived from the printed ranks: 1 + the number of them with a strictly
// lower printed rank. The printed ranks use competition ranking ("1, 1,
// 3") under an order that does not depend on the other algorithms, so this
// is the rank the competition rules give within the subset. It returns the
// ranks [algorithm][problem] and their sums.
func (t *RankTable) Among(algorithms []string) (ranks [][]int, totals []int, err error) {
	idx := make([]int, len(algorithms))
	for k, name := range algorithms {
		if idx[k] = t.algo(name); idx[k] < 0 {
			return nil, nil, fmt.Errorf("%s: not in the paper's %s-based rank table at %dD (it has %s)",
				name, t.Basis, t.Dim, strings.Join(t.Algorithms, ", "))
		}
	}
	ranks = make([][]int, len(algorithms))
	totals = make([]int, len(algorithms))
	for k, a := range idx {
		ranks[k] = make([]int, len(t.Problems))
		for p := range t.Problems {
			r := 1
			for _, b := range idx {
				if t.Ranks[b][p] < t.Ranks[a][p] {
					r++
				}
			}
			ranks[k][p] = r
			totals[k] += r
		}
	}
	return ranks, totals, nil
}

// TotalRanks is the table of total rank values: Σ mean ranks + Σ median
// ranks per algorithm and dimension, and their sum over the dimensions.
type TotalRanks struct {
	Dims       []int
	Algorithms []string
	Ranks      [][]int // Ranks[a][d]: Algorithms[a] at Dims[d]
	Totals     []int   // as printed
}

// Supplement returns the supplement table of algorithm (any case) at dim.
func (p *Paper) Supplement(algorithm string, dim int) (*Supplement, bool) {
	for i := range p.Supplements {
		if strings.EqualFold(p.Supplements[i].Algorithm, algorithm) && p.Supplements[i].Dim == dim {
			return &p.Supplements[i], true
		}
	}
	return nil, false
}

// RankTable returns the rank table of basis (ByMean or ByMedian) at dim.
func (p *Paper) RankTable(basis string, dim int) (*RankTable, bool) {
	for i := range p.Ranks {
		if p.Ranks[i].Basis == basis && p.Ranks[i].Dim == dim {
			return &p.Ranks[i], true
		}
	}
	return nil, false
}

// SupplementAlgorithms lists the algorithms with a supplement table, in the
// paper's order.
func (p *Paper) SupplementAlgorithms() []string {
	var a []string
	for _, s := range p.Supplements {
		if !slices.Contains(a, s.Algorithm) {
			a = append(a, s.Algorithm)
		}
	}
	return a
}

//go:embed data/supplement.csv data/ranks.csv data/total-ranks.csv
var data embed.FS

var published = sync.OnceValues(func() (*Paper, error) {
	sub, err := fs.Sub(data, "data")
	if err != nil {
		return nil, err
	}
	return Read(sub)
})

// Published returns the paper's numbers embedded in the binary. The
// result is shared: do not modify it.
func Published() (*Paper, error) { return published() }

// Embedded returns the bytes of the embedded data file name
// (SupplementFile, RanksFile or TotalsFile).
func Embedded(name string) ([]byte, error) { return data.ReadFile("data/" + name) }

// Headers of the data files.
var (
	supplementHeader = []string{"algorithm", "dim", "problem", "best", "median", "c1", "c2", "c3", "v", "mean", "worst", "std", "sr", "vio"}
	totalsHeaderHead = []string{"algorithm"}
)

func ranksHeader(n int) []string {
	h := []string{"basis", "dim", "algorithm"}
	for i := 1; i <= n; i++ {
		h = append(h, ProblemName(i))
	}
	return append(h, "total")
}

// Agrees reports whether our summary matches the paper's on a problem:
// the feasibility rate SR within ±8 percentage points, and the median f
// within 1 % of the paper's, or within 1e-6 absolute (for medians near 0,
// where a relative test is meaningless). cec compare and
// internal/tools/gecco2019 count agreement so.
func Agrees(ours, paper stats.Summary) (srOK, medianOK bool) {
	srOK = math.Abs(ours.SR-paper.SR) <= 8
	medianOK = math.Abs(ours.Median-paper.Median) <= max(0.01*math.Abs(paper.Median), 1e-6)
	return srOK, medianOK
}

// ProblemName returns "C05" for 5.
func ProblemName(n int) string { return fmt.Sprintf("C%02d", n) }

// Read reads the data files (SupplementFile, RanksFile, TotalsFile) from
// fsys and checks them with Check. A missing totals file leaves Totals nil.
func Read(fsys fs.FS) (*Paper, error) {
	p := &Paper{}
	if err := readCSV(fsys, SupplementFile, p.readSupplement); err != nil {
		return nil, err
	}
	if err := readCSV(fsys, RanksFile, p.readRanks); err != nil {
		return nil, err
	}
	if _, err := fs.Stat(fsys, TotalsFile); err == nil {
		if err := readCSV(fsys, TotalsFile, p.readTotals); err != nil {
			return nil, err
		}
	}
	if err := p.Check(); err != nil {
		return nil, err
	}
	return p, nil
}

// readCSV reads name and hands its header and records to fn; errors name
// the file and the line.
func readCSV(fsys fs.FS, name string, fn func(header []string, rec func() ([]string, int, error)) error) error {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return err
	}
	r := csv.NewReader(bytes.NewReader(b))
	r.ReuseRecord = false
	header, err := r.Read()
	if err != nil {
		return fmt.Errorf("%s: header: %v", name, err)
	}
	next := func() ([]string, int, error) {
		rec, err := r.Read()
		line, _ := r.FieldPos(0)
		return rec, line, err
	}
	if err := fn(header, next); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

func (p *Paper) readSupplement(header []string, next func() ([]string, int, error)) error {
	if !slices.Equal(header, supplementHeader) {
		return fmt.Errorf("header %q, want %q", strings.Join(header, ","), strings.Join(supplementHeader, ","))
	}
	for {
		rec, line, err := next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		dim, err := strconv.Atoi(rec[1])
		if err != nil {
			return fmt.Errorf("line %d: dim %q: not an integer", line, rec[1])
		}
		s, ok := p.Supplement(rec[0], dim)
		if !ok {
			p.Supplements = append(p.Supplements, Supplement{Algorithm: rec[0], Dim: dim})
			s = &p.Supplements[len(p.Supplements)-1]
		}
		sum := stats.Summary{Runs: Runs}
		cells := []struct {
			name string
			dst  *float64
		}{{"best", &sum.Best}, {"median", &sum.Median}, {"v", &sum.MedianV}, {"mean", &sum.Mean},
			{"worst", &sum.Worst}, {"std", &sum.Std}, {"sr", &sum.SR}, {"vio", &sum.Vio}}
		for _, c := range cells {
			v := rec[slices.Index(supplementHeader, c.name)]
			x, err := parseFloat(v)
			if err != nil {
				return fmt.Errorf("line %d: %s %dD %s: %s %q: %v", line, rec[0], dim, rec[2], c.name, v, err)
			}
			*c.dst = x
		}
		for k := range 3 {
			v := rec[5+k]
			n, err := strconv.Atoi(v)
			if err != nil {
				return fmt.Errorf("line %d: %s %dD %s: c%d %q: not an integer", line, rec[0], dim, rec[2], k+1, v)
			}
			sum.MedianCounts[k] = n
		}
		sum.FeasibleRuns = int(math.Round(sum.SR * Runs / 100))
		s.Problems = append(s.Problems, rec[2])
		s.Sums = append(s.Sums, sum)
	}
}

func (p *Paper) readRanks(header []string, next func() ([]string, int, error)) error {
	if len(header) < 4 || !slices.Equal(header, ranksHeader(len(header)-4)) {
		return fmt.Errorf("header %q, want basis,dim,algorithm,C01,…,Cnn,total", strings.Join(header, ","))
	}
	probs := header[3 : len(header)-1]
	for {
		rec, line, err := next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		dim, err := strconv.Atoi(rec[1])
		if err != nil {
			return fmt.Errorf("line %d: dim %q: not an integer", line, rec[1])
		}
		t, ok := p.RankTable(rec[0], dim)
		if !ok {
			p.Ranks = append(p.Ranks, RankTable{Basis: rec[0], Dim: dim, Problems: slices.Clone(probs)})
			t = &p.Ranks[len(p.Ranks)-1]
		}
		ints, err := atois(rec[3:])
		if err != nil {
			return fmt.Errorf("line %d: %s: %v", line, rec[2], err)
		}
		t.Algorithms = append(t.Algorithms, rec[2])
		t.Ranks = append(t.Ranks, ints[:len(ints)-1])
		t.Totals = append(t.Totals, ints[len(ints)-1])
	}
}

func (p *Paper) readTotals(header []string, next func() ([]string, int, error)) error {
	if len(header) < 3 || header[0] != "algorithm" || header[len(header)-1] != "total" {
		return fmt.Errorf("header %q, want algorithm,10D,…,total", strings.Join(header, ","))
	}
	t := &TotalRanks{}
	for _, h := range header[1 : len(header)-1] {
		d, err := strconv.Atoi(strings.TrimSuffix(h, "D"))
		if err != nil || !strings.HasSuffix(h, "D") {
			return fmt.Errorf("header cell %q: want a dimension such as 10D", h)
		}
		t.Dims = append(t.Dims, d)
	}
	for {
		rec, line, err := next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		ints, err := atois(rec[1:])
		if err != nil {
			return fmt.Errorf("line %d: %s: %v", line, rec[0], err)
		}
		t.Algorithms = append(t.Algorithms, rec[0])
		t.Ranks = append(t.Ranks, ints[:len(ints)-1])
		t.Totals = append(t.Totals, ints[len(ints)-1])
	}
	p.Totals = t
	return nil
}

func atois(cells []string) ([]int, error) {
	out := make([]int, len(cells))
	for i, c := range cells {
		n, err := strconv.Atoi(c)
		if err != nil {
			return nil, fmt.Errorf("%q: not an integer", c)
		}
		out[i] = n
	}
	return out, nil
}

// parseFloat parses a finite number.
func parseFloat(s string) (float64, error) {
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, errors.New("not a number")
	}
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return 0, errors.New("not finite")
	}
	return x, nil
}

// Check checks the tables for internal consistency: names present and
// distinct, SR a multiple of 100/25 in [0, 100], c counts and v̄ and vio not
// negative, ranks between 1 and the number of algorithms, and in the
// totals table as many ranks as dimensions.
func (p *Paper) Check() error {
	seen := map[string]bool{}
	for _, s := range p.Supplements {
		id := fmt.Sprintf("supplement %s %dD", s.Algorithm, s.Dim)
		switch {
		case s.Algorithm == "" || !validName(s.Algorithm):
			return fmt.Errorf("%s: bad algorithm name %q", id, s.Algorithm)
		case s.Dim < 1:
			return fmt.Errorf("%s: dimension %d", id, s.Dim)
		case seen[id]:
			return fmt.Errorf("%s: listed twice", id)
		case len(s.Problems) == 0:
			return fmt.Errorf("%s: no problems", id)
		}
		seen[id] = true
		for i, prob := range s.Problems {
			if !validName(prob) || slices.Index(s.Problems, prob) != i {
				return fmt.Errorf("%s: problem %q bad or repeated", id, prob)
			}
			c := s.Sums[i]
			feas := c.SR * Runs / 100
			switch {
			case c.SR < 0 || c.SR > 100 || feas != math.Round(feas):
				return fmt.Errorf("%s %s: SR %v is not a multiple of 100/%d in [0, 100]", id, prob, c.SR, Runs)
			case c.MedianCounts[0] < 0 || c.MedianCounts[1] < 0 || c.MedianCounts[2] < 0:
				return fmt.Errorf("%s %s: negative count in c = %v", id, prob, c.MedianCounts)
			case c.MedianV < 0 || c.Vio < 0 || c.Std < 0:
				return fmt.Errorf("%s %s: negative v̄ %v, vio %v or std %v", id, prob, c.MedianV, c.Vio, c.Std)
			}
		}
	}
	for _, t := range p.Ranks {
		id := fmt.Sprintf("%s-based ranks %dD", t.Basis, t.Dim)
		switch {
		case t.Basis != ByMean && t.Basis != ByMedian:
			return fmt.Errorf("%s: basis %q, want %s or %s", id, t.Basis, ByMean, ByMedian)
		case seen[id]:
			return fmt.Errorf("%s: listed twice", id)
		case len(t.Algorithms) == 0 || len(t.Problems) == 0:
			return fmt.Errorf("%s: empty", id)
		}
		seen[id] = true
		for a, name := range t.Algorithms {
			if !validName(name) || slices.Index(t.Algorithms, name) != a {
				return fmt.Errorf("%s: algorithm %q bad or repeated", id, name)
			}
			if len(t.Ranks[a]) != len(t.Problems) {
				return fmt.Errorf("%s: %s has %d ranks for %d problems", id, name, len(t.Ranks[a]), len(t.Problems))
			}
			for i, r := range t.Ranks[a] {
				if r < 1 || r > len(t.Algorithms) {
					return fmt.Errorf("%s: %s on %s: rank %d outside 1..%d", id, name, t.Problems[i], r, len(t.Algorithms))
				}
			}
		}
	}
	if t := p.Totals; t != nil {
		if len(t.Algorithms) == 0 || len(t.Dims) == 0 {
			return errors.New("total ranks: empty")
		}
		for a, name := range t.Algorithms {
			if !validName(name) || slices.Index(t.Algorithms, name) != a {
				return fmt.Errorf("total ranks: algorithm %q bad or repeated", name)
			}
			if len(t.Ranks[a]) != len(t.Dims) {
				return fmt.Errorf("total ranks: %s has %d values for %d dimensions", name, len(t.Ranks[a]), len(t.Dims))
			}
		}
	}
	return nil
}

// validName accepts the names the paper uses: letters, digits and
// _ - + ( ) . (e.g. "LSHADE44+IDE(2017)", "CAL_LSAHDE(2017)", "C05").
func validName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', strings.ContainsRune("_-+().", r):
		default:
			return false
		}
	}
	return true
}

// MarshalFiles returns the data files of p by name. Numbers are written as
// the paper prints them (%.5e; SR and ranks as integers), so that the files
// of the extracted paper hold the printed text.
func (p *Paper) MarshalFiles() (map[string][]byte, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(supplementHeader)
	e := func(x float64) string { return strconv.FormatFloat(x+0, 'e', 5, 64) }
	for _, s := range p.Supplements {
		for i, prob := range s.Problems {
			c := s.Sums[i]
			w.Write([]string{s.Algorithm, strconv.Itoa(s.Dim), prob, e(c.Best), e(c.Median),
				strconv.Itoa(c.MedianCounts[0]), strconv.Itoa(c.MedianCounts[1]), strconv.Itoa(c.MedianCounts[2]),
				e(c.MedianV), e(c.Mean), e(c.Worst), e(c.Std), strconv.FormatFloat(c.SR, 'f', -1, 64), e(c.Vio)})
		}
	}
	w.Flush()
	out[SupplementFile] = slices.Clone(b.Bytes())

	b.Reset()
	if len(p.Ranks) > 0 {
		probs := p.Ranks[0].Problems
		for _, t := range p.Ranks {
			if !slices.Equal(t.Problems, probs) {
				return nil, fmt.Errorf("%s-based ranks %dD: problems %v differ from those of the first rank table %v", t.Basis, t.Dim, t.Problems, probs)
			}
		}
		for i, q := range probs {
			if q != ProblemName(i+1) {
				return nil, fmt.Errorf("rank tables: problem %d is %s, want %s (the file's columns are C01…Cnn)", i+1, q, ProblemName(i+1))
			}
		}
		w.Write(ranksHeader(len(probs)))
		for _, t := range p.Ranks {
			for a, name := range t.Algorithms {
				row := []string{t.Basis, strconv.Itoa(t.Dim), name}
				for _, r := range t.Ranks[a] {
					row = append(row, strconv.Itoa(r))
				}
				w.Write(append(row, strconv.Itoa(t.Totals[a])))
			}
		}
	} else {
		w.Write(ranksHeader(0))
	}
	w.Flush()
	out[RanksFile] = slices.Clone(b.Bytes())

	if t := p.Totals; t != nil {
		b.Reset()
		h := slices.Clone(totalsHeaderHead)
		for _, d := range t.Dims {
			h = append(h, strconv.Itoa(d)+"D")
		}
		w.Write(append(h, "total"))
		for a, name := range t.Algorithms {
			row := []string{name}
			for _, r := range t.Ranks[a] {
				row = append(row, strconv.Itoa(r))
			}
			w.Write(append(row, strconv.Itoa(t.Totals[a])))
		}
		w.Flush()
		out[TotalsFile] = slices.Clone(b.Bytes())
	}
	return out, w.Error()
}

// PublishedAlgorithms are the algorithms of the supplement tables.
var PublishedAlgorithms = []string{"PMODE", "HECO-PDE"}

// Complete reports whether p holds every table of the paper: a supplement
// table of each of PublishedAlgorithms at each of Dims with the problems
// C01–C28 in order, a mean-based and a median-based rank table at each
// dimension over C01–C28 with one set of algorithms, and the total-ranks
// table over Dims with the same algorithms.
func (p *Paper) Complete() error {
	var all []string
	for i := 1; i <= 28; i++ {
		all = append(all, ProblemName(i))
	}
	for _, a := range PublishedAlgorithms {
		for _, d := range Dims {
			s, ok := p.Supplement(a, d)
			if !ok {
				return fmt.Errorf("no supplement table of %s at %dD", a, d)
			}
			if !slices.Equal(s.Problems, all) {
				return fmt.Errorf("supplement %s %dD: problems %v, want C01–C28", a, d, s.Problems)
			}
		}
	}
	if n, want := len(p.Supplements), len(PublishedAlgorithms)*len(Dims); n != want {
		return fmt.Errorf("%d supplement tables, want %d", n, want)
	}
	var algos []string
	for _, b := range []string{ByMean, ByMedian} {
		for _, d := range Dims {
			t, ok := p.RankTable(b, d)
			if !ok {
				return fmt.Errorf("no %s-based rank table at %dD", b, d)
			}
			if !slices.Equal(t.Problems, all) {
				return fmt.Errorf("%s-based ranks %dD: problems %v, want C01–C28", b, d, t.Problems)
			}
			if algos == nil {
				algos = t.Algorithms
			} else if !slices.Equal(t.Algorithms, algos) {
				return fmt.Errorf("%s-based ranks %dD: algorithms %v differ from %v", b, d, t.Algorithms, algos)
			}
		}
	}
	if n, want := len(p.Ranks), 2*len(Dims); n != want {
		return fmt.Errorf("%d rank tables, want %d", n, want)
	}
	if p.Totals == nil {
		return errors.New("no total-ranks table")
	}
	if !slices.Equal(p.Totals.Dims, Dims) {
		return fmt.Errorf("total ranks: dimensions %v, want %v", p.Totals.Dims, Dims)
	}
	if !slices.Equal(p.Totals.Algorithms, algos) {
		return fmt.Errorf("total ranks: algorithms %v differ from those of the rank tables %v", p.Totals.Algorithms, algos)
	}
	return nil
}
