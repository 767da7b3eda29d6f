package experiment

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"pcaplay/core/stats"
)

// PaperTable is one supplement table of the paper ("Function Values of
// PMODE Achieved for 10D"): a column per problem in the paper's order.
type PaperTable struct {
	Algo     string // as the paper spells it, e.g. "PMODE", "HECO-PDE"
	Dim      int
	Problems []string
	Sums     []stats.Summary
}

// Column returns the paper's column for problem p.
func (t *PaperTable) Column(p string) (stats.Summary, bool) {
	for i, q := range t.Problems {
		if q == p {
			return t.Sums[i], true
		}
	}
	return stats.Summary{}, false
}

var captionRE = regexp.MustCompile(`\\caption\{Function Values of ([A-Za-z-]+) Achieved for (\d+)D`)

// ParsePaperTables reads the supplement tables from the paper's LaTeX
// source: each "\caption{Function Values of ALG Achieved for DD …}"
// followed by a tabular whose blocks start with a "problem & C01 & …" row
// and list the rows best, median, c, $\overline{v}$, Mean, Worst, std, SR
// and $\overline{vio}$. Summary.Runs is 25 (the paper's run count) and
// FeasibleRuns is derived from SR.
func ParsePaperTables(r io.Reader) ([]PaperTable, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<22)
	var out []PaperTable
	var cur *PaperTable
	var block []int // indexes into cur.Sums of the current block's columns
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if m := captionRE.FindStringSubmatch(text); m != nil {
			d, _ := strconv.Atoi(m[2])
			out = append(out, PaperTable{Algo: m[1], Dim: d})
			cur, block = &out[len(out)-1], nil
			continue
		}
		if cur == nil {
			continue
		}
		if strings.Contains(text, `\end{tabular}`) {
			cur, block = nil, nil
			continue
		}
		cells := splitRow(text)
		if len(cells) < 2 {
			continue
		}
		label := rowLabel(cells[0])
		vals := cells[1:]
		if label == "problem" {
			block = block[:0]
			for _, p := range vals {
				cur.Problems = append(cur.Problems, p)
				cur.Sums = append(cur.Sums, stats.Summary{Runs: 25})
				block = append(block, len(cur.Sums)-1)
			}
			continue
		}
		if block == nil {
			continue
		}
		if len(vals) != len(block) {
			return nil, fmt.Errorf("line %d: row %q of %s %dD has %d cells, the block has %d problems", line, label, cur.Algo, cur.Dim, len(vals), len(block))
		}
		for i, v := range vals {
			s := &cur.Sums[block[i]]
			if err := setPaperCell(s, label, v); err != nil {
				return nil, fmt.Errorf("line %d: %s %dD %s: %v", line, cur.Algo, cur.Dim, cur.Problems[block[i]], err)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	for _, t := range out {
		if len(t.Problems) == 0 {
			return nil, fmt.Errorf("table %s %dD has no problem columns", t.Algo, t.Dim)
		}
	}
	return out, nil
}

// splitRow splits "a & b & c \\ \hline" into trimmed cells.
func splitRow(s string) []string {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, `\\`); i >= 0 {
		s = s[:i]
	}
	if !strings.Contains(s, "&") {
		return nil
	}
	parts := strings.Split(s, "&")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// rowLabel normalises a row label: "$\overline{vio}$" → "vio".
func rowLabel(s string) string {
	s = strings.NewReplacer("$", "", `\overline`, "", "{", "", "}", "").Replace(s)
	return strings.ToLower(strings.TrimSpace(s))
}

func setPaperCell(s *stats.Summary, label, v string) error {
	num := func() (float64, error) {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return 0, fmt.Errorf("%s = %q: not a number", label, v)
		}
		return x, nil
	}
	var err error
	switch label {
	case "best":
		s.Best, err = num()
	case "median":
		s.Median, err = num()
	case "mean":
		s.Mean, err = num()
	case "worst":
		s.Worst, err = num()
	case "std":
		s.Std, err = num()
	case "v":
		s.MedianV, err = num()
	case "vio":
		s.Vio, err = num()
	case "sr":
		s.SR, err = num()
		s.FeasibleRuns = int(s.SR*float64(s.Runs)/100 + 0.5)
	case "c":
		f := strings.Fields(v)
		if len(f) != 3 {
			return fmt.Errorf("c = %q: want three counts", v)
		}
		for i := range f {
			if s.MedianCounts[i], err = strconv.Atoi(f[i]); err != nil {
				return fmt.Errorf("c = %q: not three counts", v)
			}
		}
	default:
		return fmt.Errorf("unknown row %q", label)
	}
	return err
}

// FindPaperTable returns the table of algo (any case) at dim.
func FindPaperTable(tables []PaperTable, algo string, dim int) (*PaperTable, bool) {
	for i := range tables {
		if strings.EqualFold(tables[i].Algo, algo) && tables[i].Dim == dim {
			return &tables[i], true
		}
	}
	return nil, false
}
