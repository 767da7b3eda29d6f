package stats

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// pmodeC03 is the paper's PMODE 10D C03 column.
var pmodeC03 = Summary{
	Best: 9.41726e+03, Median: 1.71079e+04, MedianCounts: [3]int{0, 1, 0}, MedianV: 1.16861e-02,
	Mean: 5.94558e+04, Worst: 4.46449e+04, Std: 8.34239e+04, SR: 4, Vio: 1.65910e-02,
	Runs: 25, FeasibleRuns: 1,
}

func TestWriteMarkdown(t *testing.T) {
	var b bytes.Buffer
	zero := Summary{Best: negZero(), SR: 100} // −0 prints as 0
	if err := WriteMarkdown(&b, "PMODE 10D", []string{"C03", "a|b"}, []Summary{pmodeC03, zero}); err != nil {
		t.Fatal(err)
	}
	want := `### PMODE 10D

| problem | C03 | a\|b |
|---|---:|---:|
| best | 9.41726e+03 | 0.00000e+00 |
| median | 1.71079e+04 | 0.00000e+00 |
| c | 0 1 0 | 0 0 0 |
| v̄ | 1.16861e-02 | 0.00000e+00 |
| mean | 5.94558e+04 | 0.00000e+00 |
| worst | 4.46449e+04 | 0.00000e+00 |
| std | 8.34239e+04 | 0.00000e+00 |
| SR | 4 | 100 |
| vio | 1.65910e-02 | 0.00000e+00 |
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func negZero() float64 {
	z := 0.0
	return -z
}

// TestWriteMarkdownBlocks: nine problems make a block of seven and one of two.
func TestWriteMarkdownBlocks(t *testing.T) {
	var probs []string
	var sums []Summary
	for k := range 9 {
		probs = append(probs, fmt.Sprintf("C%02d", k+1))
		sums = append(sums, Summary{Best: float64(k), SR: 100})
	}
	var b bytes.Buffer
	if err := WriteMarkdown(&b, "", probs, sums); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if strings.Contains(out, "###") {
		t.Error("heading written for an empty title")
	}
	blocks := strings.Split(strings.TrimSpace(out), "\n\n")
	if len(blocks) != 2 {
		t.Fatalf("%d blocks, want 2:\n%s", len(blocks), out)
	}
	if h := strings.SplitN(blocks[1], "\n", 2)[0]; h != "| problem | C08 | C09 |" {
		t.Errorf("second block header %q", h)
	}
	if n := strings.Count(blocks[0], "\n") + 1; n != 11 {
		t.Errorf("first block has %d lines, want 11", n)
	}
	if !strings.Contains(blocks[1], "| best | 7.00000e+00 | 8.00000e+00 |") {
		t.Errorf("second block lacks the best row of C08, C09:\n%s", blocks[1])
	}
}

func TestWriteCSV(t *testing.T) {
	var b bytes.Buffer
	other := Summary{Best: 1.5, Median: 2, MedianCounts: [3]int{2, 3, 0}, MedianV: 0.5, Mean: 2.25, Worst: 3, Std: 0.5, SR: 100.0 / 3, Vio: 0.75, Runs: 3, FeasibleRuns: 1}
	if err := WriteCSV(&b, []string{"C03", "x,y"}, []Summary{pmodeC03, other}); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"problem", "C03", "x,y"},
		{"best", "9.41726e+03", "1.50000e+00"},
		{"median", "1.71079e+04", "2.00000e+00"},
		{"c", "0 1 0", "2 3 0"},
		{"vbar", "1.16861e-02", "5.00000e-01"},
		{"mean", "5.94558e+04", "2.25000e+00"},
		{"worst", "4.46449e+04", "3.00000e+00"},
		{"std", "8.34239e+04", "5.00000e-01"},
		{"SR", "4", "33.3333"},
		{"vio", "1.65910e-02", "7.50000e-01"},
	}
	if fmt.Sprintf("%q", recs) != fmt.Sprintf("%q", want) {
		t.Errorf("CSV records\n%q\nwant\n%q", recs, want)
	}
}

// TestWriteLaTeX: nine problems make a block of seven and a block of two
// padded to seven columns; names are escaped for text mode.
func TestWriteLaTeX(t *testing.T) {
	probs := []string{"C03", `a_b&c`, `50%$`, `{x}#`, `~^\`, "C06", "C07", "C08", "C09"}
	sums := make([]Summary, len(probs))
	sums[0] = pmodeC03
	for k := 1; k < len(sums); k++ {
		sums[k] = Summary{Best: float64(k), SR: 100}
	}
	sums[1].Best = negZero()
	var b bytes.Buffer
	if err := WriteLaTeX(&b, probs, sums); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	want := map[int]string{
		0:  `\begin{tabular}{|cccccccc|}`,
		1:  `\hline`,
		2:  `problem & C03 & a\_b\&c & 50\%\$ & \{x\}\# & \textasciitilde{}\textasciicircum{}\textbackslash{} & C06 & C07 \\ \hline`,
		3:  `best & 9.41726e+03 & 0.00000e+00 & 2.00000e+00 & 3.00000e+00 & 4.00000e+00 & 5.00000e+00 & 6.00000e+00 \\`,
		5:  `c & 0 1 0 & 0 0 0 & 0 0 0 & 0 0 0 & 0 0 0 & 0 0 0 & 0 0 0 \\`,
		6:  `$\overline{v}$ & 1.16861e-02 & 0.00000e+00 & 0.00000e+00 & 0.00000e+00 & 0.00000e+00 & 0.00000e+00 & 0.00000e+00 \\`,
		10: `SR & 4 & 100 & 100 & 100 & 100 & 100 & 100 \\`,
		11: `$\overline{vio}$ & 1.65910e-02 & 0.00000e+00 & 0.00000e+00 & 0.00000e+00 & 0.00000e+00 & 0.00000e+00 & 0.00000e+00 \\ \hline`,
		12: `problem & C08 & C09 & & & & & \\ \hline`,
		13: `best & 7.00000e+00 & 8.00000e+00 & & & & & \\`,
		21: `$\overline{vio}$ & 0.00000e+00 & 0.00000e+00 & & & & & \\ \hline`,
		22: `\end{tabular}`,
		23: ``,
	}
	if len(lines) != 24 {
		t.Fatalf("%d lines, want 24:\n%s", len(lines), b.String())
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d:\n got %s\nwant %s", i, lines[i], w)
		}
	}
	for i, l := range lines[2:22] {
		if n := strings.Count(strings.ReplaceAll(l, `\&`, ""), "&"); n != 7 {
			t.Errorf("line %d has %d column separators, want 7: %s", i+2, n, l)
		}
	}
	// One problem: a two-column tabular.
	b.Reset()
	if err := WriteLaTeX(&b, []string{"C01"}, []Summary{{SR: 100}}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "\\begin{tabular}{|cc|}\n\\hline\nproblem & C01 \\\\ \\hline\n") {
		t.Errorf("one problem:\n%s", b.String())
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteErrors(t *testing.T) {
	one := []Summary{pmodeC03}
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"md no problems", WriteMarkdown(&bytes.Buffer{}, "t", nil, nil), "no problems"},
		{"md mismatch", WriteMarkdown(&bytes.Buffer{}, "t", []string{"C01", "C02"}, one), "2 problems but 1 summaries"},
		{"md title newline", WriteMarkdown(&bytes.Buffer{}, "a\nb", []string{"C01"}, one), `"a\nb"`},
		{"md write fails", WriteMarkdown(failWriter{}, "t", []string{"C01"}, one), "disk full"},
		{"csv no problems", WriteCSV(&bytes.Buffer{}, nil, nil), "no problems"},
		{"csv mismatch", WriteCSV(&bytes.Buffer{}, []string{"C01"}, nil), "1 problems but 0 summaries"},
		{"csv write fails", WriteCSV(failWriter{}, []string{"C01"}, one), "disk full"},
		{"latex no problems", WriteLaTeX(&bytes.Buffer{}, nil, nil), "no problems"},
		{"latex mismatch", WriteLaTeX(&bytes.Buffer{}, []string{"C01"}, nil), "1 problems but 0 summaries"},
		{"latex write fails", WriteLaTeX(failWriter{}, []string{"C01"}, one), "disk full"},
	}
	for _, tc := range tests {
		if tc.err == nil {
			t.Errorf("%s: no error", tc.name)
		} else if !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("%s: error %q does not mention %s", tc.name, tc.err, tc.want)
		}
	}
}
