package paper

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"pcaplay/core/stats"
)

// maxSource bounds the LaTeX source ParseLaTeX reads (the paper is ~150 kB).
const maxSource = 16 << 20

// Captions of the tables ParseLaTeX reads, after \textbf{…} and math
// shifts are removed and white space is collapsed.
var (
	supplementCaption = regexp.MustCompile(`^Function Values of ([A-Za-z0-9-]+) Achieved for (\d+)D\b`)
	ranksCaption      = regexp.MustCompile(`^Ranks based on (mean values|median solution) on the (\d+) functions of (\d+) dimensions`)
	totalsCaption     = regexp.MustCompile(`^Total ranks of `)
)

// supplementRows are the row labels of a supplement block (normalised by
// rowLabel) in the paper's order.
var supplementRows = []string{"best", "median", "c", "v", "mean", "worst", "std", "sr", "vio"}

// ParseLaTeX reads the paper's tables from its LaTeX source: every table
// environment whose caption is one of
//
//	Function Values of ALG Achieved for DD …              (a supplement table)
//	Ranks based on mean values|median solution on the N functions of D dimensions
//	Total ranks of …                                      (the total-ranks table)
//
// Other tables and everything outside tables are ignored, and so are LaTeX
// comments. A supplement table is a tabular of blocks, each starting with
// a "problem & C01 & …" row followed by the rows best, median, c, v̄,
// Mean, Worst, std, SR and v̄io (each exactly once). A rank table has a
// header row "Problem & 1 & 2 & … & Total" and a row per algorithm; the
// total-ranks table a header "Algorithm/Dimension & 10D & … & Total".
// Errors name the line of the source and the table.
func ParseLaTeX(r io.Reader) (*Paper, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxSource+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxSource {
		return nil, fmt.Errorf("source larger than %d MB", maxSource>>20)
	}
	src := stripComments(string(b))
	p := &Paper{}
	for off := 0; ; {
		i := strings.Index(src[off:], `\begin{table`)
		if i < 0 {
			break
		}
		start := off + i
		e := strings.Index(src[start:], `\end{table`)
		if e < 0 {
			return nil, fmt.Errorf("line %d: \\begin{table} without \\end{table}", lineOf(src, start))
		}
		end := start + e
		if err := p.parseTable(src, start, end); err != nil {
			return nil, err
		}
		off = end + 1
	}
	if err := p.Check(); err != nil {
		return nil, err
	}
	return p, nil
}

// stripComments removes LaTeX comments (from an unescaped % to the end of
// its line), keeping the line breaks so that offsets keep their lines.
func stripComments(s string) string {
	var b strings.Builder
	for line := range strings.SplitAfterSeq(s, "\n") {
		nl := strings.HasSuffix(line, "\n")
		for i := 0; i < len(line); i++ {
			if line[i] == '%' && (i == 0 || line[i-1] != '\\') {
				line = line[:i]
				if nl {
					line += "\n"
				}
				break
			}
		}
		b.WriteString(line)
	}
	return b.String()
}

func lineOf(src string, off int) int { return 1 + strings.Count(src[:off], "\n") }

// braced returns the content of the brace group starting at s[i] == '{'
// and the index after its closing brace.
func braced(s string, i int) (string, int, error) {
	if i >= len(s) || s[i] != '{' {
		return "", 0, errors.New("expected {")
	}
	depth := 0
	for k := i; k < len(s); k++ {
		switch s[k] {
		case '\\':
			k++ // skip the escaped character
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return s[i+1 : k], k + 1, nil
			}
		}
	}
	return "", 0, errors.New("unbalanced braces")
}

var fontCommand = regexp.MustCompile(`\\(textbf|textit|emph|mathrm|textrm)\s*`)

// plain turns LaTeX text into plain text: \textbf{x} → x, $…$ → …, \_ → _,
// braces dropped, white space collapsed.
func plain(s string) string {
	s = fontCommand.ReplaceAllString(s, "")
	s = strings.NewReplacer(`\_`, "_", `\%`, "%", `\&`, "&", "$", "", "{", "", "}", "", `\times`, "×", "~", " ").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// parseTable reads the table environment src[start:end] if its caption is
// one of ParseLaTeX's.
func (p *Paper) parseTable(src string, start, end int) error {
	env := src[start:end]
	c := strings.Index(env, `\caption{`)
	if c < 0 {
		return nil
	}
	capText, _, err := braced(env, c+len(`\caption`))
	if err != nil {
		return fmt.Errorf("line %d: \\caption: %v", lineOf(src, start+c), err)
	}
	caption := plain(capText)
	var kind string
	var m []string
	switch {
	case supplementCaption.MatchString(caption):
		kind, m = "supplement", supplementCaption.FindStringSubmatch(caption)
	case ranksCaption.MatchString(caption):
		kind, m = "ranks", ranksCaption.FindStringSubmatch(caption)
	case totalsCaption.MatchString(caption):
		kind = "totals"
	default:
		return nil
	}
	rows, rowOff, err := tabularRows(env)
	if err != nil {
		return fmt.Errorf("line %d: table %q: %v", lineOf(src, start), caption, err)
	}
	where := func(i int) string {
		return fmt.Sprintf("line %d: table %q", lineOf(src, start+rowOff[i]), caption)
	}
	switch kind {
	case "supplement":
		d, _ := strconv.Atoi(m[2])
		s, err := parseSupplement(m[1], d, rows, where)
		if err != nil {
			return err
		}
		p.Supplements = append(p.Supplements, s)
	case "ranks":
		basis := ByMean
		if m[1] == "median solution" {
			basis = ByMedian
		}
		n, _ := strconv.Atoi(m[2])
		d, _ := strconv.Atoi(m[3])
		t, err := parseRanks(basis, d, rows, where)
		if err != nil {
			return err
		}
		if len(t.Problems) != n {
			return fmt.Errorf("%s: %d problem columns, the caption says %d functions", where(0), len(t.Problems), n)
		}
		p.Ranks = append(p.Ranks, t)
	case "totals":
		if p.Totals != nil {
			return fmt.Errorf("%s: a second total-ranks table", where(0))
		}
		t, err := parseTotals(rows, where)
		if err != nil {
			return err
		}
		p.Totals = t
	}
	return nil
}

// tabularRows returns the rows of the first tabular of env as trimmed,
// plain cells, with the offset in env of each row. \hline and booktabs
// rules are dropped, as are empty rows.
func tabularRows(env string) ([][]string, []int, error) {
	const begin = `\begin{tabular}`
	b := strings.Index(env, begin)
	if b < 0 {
		return nil, nil, errors.New("no tabular")
	}
	i := b + len(begin)
	if i < len(env) && env[i] == '[' {
		k := strings.IndexByte(env[i:], ']')
		if k < 0 {
			return nil, nil, errors.New("unterminated [position] of the tabular")
		}
		i += k + 1
	}
	_, i, err := braced(env, i)
	if err != nil {
		return nil, nil, fmt.Errorf("column specification of the tabular: %v", err)
	}
	e := strings.Index(env[i:], `\end{tabular}`)
	if e < 0 {
		return nil, nil, errors.New(`no \end{tabular}`)
	}
	body := env[i : i+e]
	var rows [][]string
	var offs []int
	pos := 0
	for _, raw := range strings.Split(body, `\\`) {
		off := i + pos
		pos += len(raw) + 2
		line := raw
		for _, rule := range []string{`\hline`, `\toprule`, `\midrule`, `\bottomrule`} {
			line = strings.ReplaceAll(line, rule, "")
		}
		// Offset of the row's first non-space character.
		off += len(raw) - len(strings.TrimLeft(raw, " \t\r\n"))
		if strings.TrimSpace(line) == "" {
			continue
		}
		var cells []string
		for _, c := range splitCells(line) {
			cells = append(cells, cell(c))
		}
		rows = append(rows, cells)
		offs = append(offs, off)
	}
	return rows, offs, nil
}

// splitCells splits a row at unescaped &.
func splitCells(s string) []string {
	var out []string
	last := 0
	for k := 0; k < len(s); k++ {
		if s[k] == '&' && (k == 0 || s[k-1] != '\\') {
			out = append(out, s[last:k])
			last = k + 1
		}
	}
	return append(out, s[last:])
}

// cell cleans one cell: \multicolumn{n}{spec}{text} → text, then plain.
func cell(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, `\multicolumn`) {
		i := len(`\multicolumn`)
		var text string
		for range 3 {
			j := strings.IndexByte(s[i:], '{')
			if j < 0 {
				break
			}
			t, next, err := braced(s, i+j)
			if err != nil {
				break
			}
			text, i = t, next
		}
		s = text
	}
	return plain(s)
}

// rowLabel normalises a supplement row label: "$\overline{vio}$" → "vio",
// "Mean" → "mean", "SR" → "sr".
func rowLabel(s string) string {
	s = strings.ReplaceAll(s, `\overline`, "")
	return strings.ToLower(strings.TrimSpace(s))
}

func parseSupplement(algo string, dim int, rows [][]string, where func(int) string) (Supplement, error) {
	s := Supplement{Algorithm: algo, Dim: dim}
	var block []int           // indexes in s of the current block's problems
	seen := map[string]bool{} // rows seen in the current block
	closeBlock := func(i int) error {
		if block == nil {
			return nil
		}
		for _, r := range supplementRows {
			if !seen[r] {
				return fmt.Errorf("%s: the block of %s lacks the row %q", where(i), s.Problems[block[0]], r)
			}
		}
		return nil
	}
	for i, r := range rows {
		label, vals := rowLabel(r[0]), r[1:]
		if label == "problem" {
			if err := closeBlock(i); err != nil {
				return s, err
			}
			block, seen = block[:0], map[string]bool{}
			for _, prob := range vals {
				block = append(block, len(s.Problems))
				s.Problems = append(s.Problems, prob)
				s.Sums = append(s.Sums, stats.Summary{Runs: Runs})
			}
			continue
		}
		if block == nil {
			return s, fmt.Errorf("%s: row %q before the first \"problem\" row", where(i), r[0])
		}
		if seen[label] {
			return s, fmt.Errorf("%s: row %q twice in the block of %s", where(i), r[0], s.Problems[block[0]])
		}
		if len(vals) != len(block) {
			return s, fmt.Errorf("%s: row %q has %d cells, the block has %d problems", where(i), r[0], len(vals), len(block))
		}
		seen[label] = true
		for k, v := range vals {
			sum := &s.Sums[block[k]]
			if err := setCell(sum, label, v); err != nil {
				return s, fmt.Errorf("%s: %s: %v", where(i), s.Problems[block[k]], err)
			}
		}
	}
	if block == nil {
		return s, fmt.Errorf("%s: no \"problem\" row", where(0))
	}
	return s, closeBlock(len(rows) - 1)
}

func setCell(s *stats.Summary, label, v string) error {
	num := func(dst *float64) error {
		x, err := parseFloat(v)
		if err != nil {
			return fmt.Errorf("%s = %q: %v", label, v, err)
		}
		*dst = x
		return nil
	}
	switch label {
	case "best":
		return num(&s.Best)
	case "median":
		return num(&s.Median)
	case "mean":
		return num(&s.Mean)
	case "worst":
		return num(&s.Worst)
	case "std":
		return num(&s.Std)
	case "v":
		return num(&s.MedianV)
	case "vio":
		return num(&s.Vio)
	case "sr":
		if err := num(&s.SR); err != nil {
			return err
		}
		s.FeasibleRuns = int(s.SR*Runs/100 + 0.5)
		return nil
	case "c":
		f := strings.Fields(v)
		if len(f) != 3 {
			return fmt.Errorf("c = %q: want three counts", v)
		}
		for i := range f {
			n, err := strconv.Atoi(f[i])
			if err != nil {
				return fmt.Errorf("c = %q: want three counts", v)
			}
			s.MedianCounts[i] = n
		}
		return nil
	}
	return fmt.Errorf("unknown row %q (want %s)", label, strings.Join(supplementRows, ", "))
}

func parseRanks(basis string, dim int, rows [][]string, where func(int) string) (RankTable, error) {
	t := RankTable{Basis: basis, Dim: dim}
	if len(rows) < 2 {
		return t, fmt.Errorf("%s: %d rows, want a header and at least one algorithm", where(0), len(rows))
	}
	head := rows[0]
	if len(head) < 3 || !strings.EqualFold(head[0], "Problem") || head[len(head)-1] != "Total" {
		return t, fmt.Errorf("%s: header %q, want Problem & 1 & … & Total", where(0), strings.Join(head, " & "))
	}
	for k, h := range head[1 : len(head)-1] {
		n, err := strconv.Atoi(h)
		if err != nil || n != k+1 {
			return t, fmt.Errorf("%s: header cell %q, want %d", where(0), h, k+1)
		}
		t.Problems = append(t.Problems, ProblemName(n))
	}
	for i, r := range rows[1:] {
		if len(r) != len(head) {
			return t, fmt.Errorf("%s: row %q has %d cells, the header %d", where(i+1), r[0], len(r), len(head))
		}
		ints, err := atois(r[1:])
		if err != nil {
			return t, fmt.Errorf("%s: row %q: %v", where(i+1), r[0], err)
		}
		t.Algorithms = append(t.Algorithms, r[0])
		t.Ranks = append(t.Ranks, ints[:len(ints)-1])
		t.Totals = append(t.Totals, ints[len(ints)-1])
	}
	return t, nil
}

func parseTotals(rows [][]string, where func(int) string) (*TotalRanks, error) {
	if len(rows) < 2 {
		return nil, fmt.Errorf("%s: %d rows, want a header and at least one algorithm", where(0), len(rows))
	}
	head := rows[0]
	if len(head) < 3 || head[len(head)-1] != "Total" {
		return nil, fmt.Errorf("%s: header %q, want Algorithm/Dimension & 10D & … & Total", where(0), strings.Join(head, " & "))
	}
	t := &TotalRanks{}
	for _, h := range head[1 : len(head)-1] {
		d, err := strconv.Atoi(strings.TrimSuffix(h, "D"))
		if err != nil || !strings.HasSuffix(h, "D") {
			return nil, fmt.Errorf("%s: header cell %q, want a dimension such as 10D", where(0), h)
		}
		t.Dims = append(t.Dims, d)
	}
	for i, r := range rows[1:] {
		if len(r) != len(head) {
			return nil, fmt.Errorf("%s: row %q has %d cells, the header %d", where(i+1), r[0], len(r), len(head))
		}
		ints, err := atois(r[1:])
		if err != nil {
			return nil, fmt.Errorf("%s: row %q: %v", where(i+1), r[0], err)
		}
		t.Algorithms = append(t.Algorithms, r[0])
		t.Ranks = append(t.Ranks, ints[:len(ints)-1])
		t.Totals = append(t.Totals, ints[len(ints)-1])
	}
	return t, nil
}
