package stats

import (
	"encoding/csv"
	"fmt"
	"io"
	"strings"
)

// markdownBlock is the number of problems per Markdown table, as in the
// paper's supplement (C01–C07, C08–C14, …).
const markdownBlock = 7

// rowNames are the row labels of the supplement layout, in order. The
// Markdown writer uses the paper's symbols, the CSV writer ASCII names.
var (
	mdRows    = [...]string{"best", "median", "c", "v̄", "mean", "worst", "std", "SR", "vio"}
	csvRows   = [...]string{"best", "median", "c", "vbar", "mean", "worst", "std", "SR", "vio"}
	latexRows = [...]string{"best", "median", "c", `$\overline{v}$`, "Mean", "Worst", "std", "SR", `$\overline{vio}$`}
)

// RowLabels returns the labels of the nine rows of the supplement layout
// as WriteMarkdown prints them (the paper's symbols: v̄).
func RowLabels() [9]string { return mdRows }

// cells returns the nine cells of s in the supplement layout: floats in
// %.5e like the paper, c as "a b c" and SR (a percentage) in %.6g, which
// prints 25-run rates as whole numbers ("100", "4").
func cells(s Summary) [9]string {
	e := func(x float64) string { return fmt.Sprintf("%.5e", noNegZero(x)) }
	c := s.MedianCounts
	return [9]string{
		e(s.Best), e(s.Median),
		fmt.Sprintf("%d %d %d", c[0], c[1], c[2]),
		e(s.MedianV), e(s.Mean), e(s.Worst), e(s.Std),
		fmt.Sprintf("%.6g", noNegZero(s.SR)), e(s.Vio),
	}
}

// noNegZero maps −0 to 0 so that it prints as 0.
func noNegZero(x float64) float64 {
	if x == 0 {
		return 0
	}
	return x
}

// checkLayout validates the arguments of the writers.
func checkLayout(problems []string, sums []Summary) error {
	if len(problems) == 0 {
		return fmt.Errorf("stats: no problems to write")
	}
	if len(problems) != len(sums) {
		return fmt.Errorf("stats: %d problems but %d summaries", len(problems), len(sums))
	}
	return nil
}

// WriteMarkdown writes sums in the layout of the paper's supplement tables:
// a heading "### title" (omitted when title is empty), then one Markdown
// table per block of seven problems, with a column per problem and the rows
// best, median, c, v̄, mean, worst, std, SR, vio. sums[i] belongs to
// problems[i]. It returns an error when the lengths differ or are zero, when
// title holds a line break, or when writing fails.
func WriteMarkdown(w io.Writer, title string, problems []string, sums []Summary) error {
	if err := checkLayout(problems, sums); err != nil {
		return err
	}
	if strings.ContainsAny(title, "\r\n") {
		return fmt.Errorf("stats: title %q holds a line break", title)
	}
	var b strings.Builder
	if title != "" {
		fmt.Fprintf(&b, "### %s\n\n", title)
	}
	esc := strings.NewReplacer("|", `\|`, "\n", " ", "\r", " ")
	for lo := 0; lo < len(problems); lo += markdownBlock {
		hi := min(lo+markdownBlock, len(problems))
		if lo > 0 {
			b.WriteString("\n")
		}
		b.WriteString("| problem |")
		for _, p := range problems[lo:hi] {
			fmt.Fprintf(&b, " %s |", esc.Replace(p))
		}
		b.WriteString("\n|---|")
		for range problems[lo:hi] {
			b.WriteString("---:|")
		}
		b.WriteString("\n")
		var cs [][9]string
		for _, s := range sums[lo:hi] {
			cs = append(cs, cells(s))
		}
		for r, name := range mdRows {
			fmt.Fprintf(&b, "| %s |", name)
			for _, c := range cs {
				fmt.Fprintf(&b, " %s |", c[r])
			}
			b.WriteString("\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteCSV writes sums as one CSV table in the supplement layout: a header
// "problem,<problems...>" and the rows best, median, c, vbar (v̄), mean,
// worst, std, SR, vio, with the same cell formats as WriteMarkdown. sums[i]
// belongs to problems[i]. It returns an error when the lengths differ or are
// zero, or when writing fails.
func WriteCSV(w io.Writer, problems []string, sums []Summary) error {
	if err := checkLayout(problems, sums); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	rec := append([]string{"problem"}, problems...)
	if err := cw.Write(rec); err != nil {
		return err
	}
	cs := make([][9]string, len(sums))
	for i, s := range sums {
		cs[i] = cells(s)
	}
	for r, name := range csvRows {
		rec = rec[:0]
		rec = append(rec, name)
		for _, c := range cs {
			rec = append(rec, c[r])
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// EscapeLaTeX returns s made safe in LaTeX's text mode (latexEscape), for
// the other tables the project writes as LaTeX.
func EscapeLaTeX(s string) string { return latexEscape.Replace(s) }

// latexEscape makes text safe in LaTeX's text mode: the ten special
// characters become their commands or escapes, and line breaks spaces.
var latexEscape = strings.NewReplacer(
	`\`, `\textbackslash{}`, "{", `\{`, "}", `\}`, "$", `\$`, "&", `\&`,
	"#", `\#`, "_", `\_`, "%", `\%`, "~", `\textasciitilde{}`, "^", `\textasciicircum{}`,
	"\n", " ", "\r", " ",
)

// WriteLaTeX writes sums as a LaTeX tabular in the layout of the paper's
// supplement tables: blocks of seven problems, each a header row
// "problem & C01 & …" and the rows best, median, c, $\overline{v}$, Mean,
// Worst, std, SR and $\overline{vio}$ (the paper's labels), ruled by
// \hline, with the cell formats of WriteMarkdown. A last block with fewer
// problems is padded with empty cells, so that every row has every column
// and the frame is closed. Problem names are escaped for text mode (\ { }
// $ & # _ % ~ ^). The caller wraps the tabular in a table environment
// with its caption (the paper puts it in \begin{scriptsize}). sums[i]
// belongs to problems[i]. It returns an error when the lengths differ or
// are zero, or when writing fails.
func WriteLaTeX(w io.Writer, problems []string, sums []Summary) error {
	if err := checkLayout(problems, sums); err != nil {
		return err
	}
	cols := min(markdownBlock, len(problems))
	var b strings.Builder
	fmt.Fprintf(&b, "\\begin{tabular}{|%s|}\n\\hline\n", strings.Repeat("c", cols+1))
	row := func(label string, cells []string) {
		b.WriteString(label)
		for k := range cols {
			b.WriteString(" &")
			if k < len(cells) {
				b.WriteString(" " + cells[k])
			}
		}
		b.WriteString(` \\`)
	}
	for lo := 0; lo < len(problems); lo += markdownBlock {
		hi := min(lo+markdownBlock, len(problems))
		var names []string
		for _, p := range problems[lo:hi] {
			names = append(names, latexEscape.Replace(p))
		}
		row("problem", names)
		b.WriteString(" \\hline\n")
		cs := make([][9]string, 0, hi-lo)
		for _, s := range sums[lo:hi] {
			cs = append(cs, cells(s))
		}
		for r, name := range latexRows {
			var line []string
			for _, c := range cs {
				line = append(line, c[r])
			}
			row(name, line)
			if r == len(latexRows)-1 {
				b.WriteString(" \\hline")
			}
			b.WriteString("\n")
		}
	}
	b.WriteString("\\end{tabular}\n")
	_, err := io.WriteString(w, b.String())
	return err
}
