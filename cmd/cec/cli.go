package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"pcaplay/core/problem/cec2017/official"
	"pcaplay/core/problem/formula"
	"pcaplay/internal/atomicfile"
)

// Exit statuses.
const (
	exitOK          = 0
	exitFailure     = 1   // a run failed, a file could not be written
	exitBadInput    = 2   // bad flag, value, file content
	exitInterrupted = 130 // SIGINT during cec run
)

// defaultECharts is the pinned ECharts build of the page (npm ci --prefix
// site installs it).
const (
	defaultECharts = "site/node_modules/echarts/dist/echarts.min.js"
)

// Values of -data besides a directory.
const (
	dataOfficial  = "official"  // the embedded official files (the default)
	dataGenerated = "generated" // cec2017.GenerateData, seed 0
	dataUsage     = "CEC 2017 data: official (the embedded official files), generated, or a directory of the official files"
)

// dataFlag resolves -data: the embedded official files, generated data
// (both nil), or a directory, which must exist.
func dataFlag(v string) (fsys fs.FS, dir string, err error) {
	switch v {
	case dataOfficial:
		return official.FS(), "", nil
	case dataGenerated:
		return nil, "", nil
	case "":
		return nil, "", badInput("-data '': want official (the default), generated, or a directory of the official files")
	}
	if st, err := os.Stat(v); err != nil || !st.IsDir() {
		return nil, "", badInput("-data %s: not a directory (want official, generated, or a directory of the official CEC 2017 files)", v)
	}
	return nil, v, nil
}

// exitError carries an exit status with the one-line message.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// badInput is an error with exit status 2.
func badInput(format string, a ...any) error {
	return &exitError{exitBadInput, fmt.Errorf(format, a...)}
}

// failure is an error with exit status 1.
func failure(format string, a ...any) error {
	return &exitError{exitFailure, fmt.Errorf(format, a...)}
}

// errPrinted means the command already reported on stderr; the code is
// taken from the exitError around it.
var errPrinted = errors.New("reported")

const usage = `usage: cec <command> [flags] [files]

commands:
  eval         evaluate points read from stdin: f | g… | h… per line
  run          independent seeded runs of algorithms on problems
  merge        combine shard files of cec run -o, refusing duplicates and gaps
  import       published runs (final f and v̄ per run, the CEC per-run result files) as run records
  table        the paper's supplement tables (best, median, c, v̄, mean, worst, std, SR, vio)
  rank         the paper's rank tables (mean-based, median-based, totals)
  report       one offline HTML page: every dimension of the runs, ours beside the paper's
               tables, the rankings, convergence charts
  compare      our supplement tables beside the paper's
  wilcoxon     pairwise Wilcoxon rank-sum tests of the algorithms, Holm-corrected, +/−/≈ and w/t/l
  paper-table  print one of the paper's published tables (supplement, ranks, total ranks)
  export-html  the playground as one HTML file that runs offline from file://, in a page address's state

Run "cec <command> -h" for the flags of a command.
`

// cli runs one command and returns the exit status. Errors are reported as
// one line on stderr.
func cli(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "cec: no command (want eval, run, merge, import, table, rank, report, compare, wilcoxon, paper-table or export-html; cec help)")
		return exitBadInput
	}
	name, rest := args[0], args[1:]
	var err error
	switch name {
	case "eval":
		err = cmdEval(rest, stdin, stdout)
	case "run":
		err = cmdRun(ctx, rest, stdout, stderr)
	case "merge":
		err = cmdMerge(rest, stdout)
	case "import":
		err = cmdImport(rest, stdout)
	case "table":
		err = cmdTable(rest, stdout)
	case "rank":
		err = cmdRank(rest, stdout)
	case "report":
		err = cmdReport(rest, stdout)
	case "compare":
		err = cmdCompare(rest, stdout)
	case "wilcoxon":
		err = cmdWilcoxon(rest, stdout)
	case "paper-table":
		err = cmdPaperTable(rest, stdout)
	case "export-html":
		err = cmdExportHTML(rest, stdout)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	default:
		fmt.Fprintf(stderr, "%s\n", oneLine(fmt.Sprintf("cec: unknown command %q (want eval, run, merge, import, table, rank, report, compare, wilcoxon, paper-table or export-html)", name)))
		return exitBadInput
	}
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	code := exitFailure
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
	}
	if !errors.Is(err, errPrinted) {
		fmt.Fprintf(stderr, "cec %s: %s\n", name, oneLine(err.Error()))
	}
	return code
}

// oneLine folds a message onto one line and bounds what it echoes: a
// word (a run without spaces: a flag's value, a quoted name, a path) longer
// than maxWord bytes keeps its first and last bytes around "…" and says its
// length, and the whole line is cut at maxLine bytes. A 30 KB -algo value
// thus gives a line of about 200 bytes, not two copies of the value.
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	s = strings.ReplaceAll(s, "\r\n", "; ")
	s = strings.ReplaceAll(s, "\n", "; ")
	words := strings.Split(s, " ")
	for i, w := range words {
		if len(w) > maxWord {
			words[i] = cutMiddle(w, 48, 16)
		}
	}
	s = strings.Join(words, " ")
	if len(s) > maxLine {
		s = runeHead(s, maxLine) + fmt.Sprintf("… (%d bytes)", len(s))
	}
	return s
}

// The bounds of oneLine: a word, a line.
const (
	maxWord = 120
	maxLine = 2000
)

// cutMiddle keeps about head bytes of w's start and tail bytes of its end
// (on rune boundaries) and says between them the length of the value, w
// without the quotes, brackets and punctuation around it.
func cutMiddle(w string, head, tail int) string {
	t := len(w) - tail
	for t < len(w) && !utf8.RuneStart(w[t]) {
		t++
	}
	n := len(strings.TrimRight(strings.TrimLeft(w, `"'(`), `"':,;)`))
	return fmt.Sprintf("%s…(%d bytes)…%s", runeHead(w, head), n, w[t:])
}

// runeHead is the longest prefix of s of at most n bytes that ends on a
// rune boundary.
func runeHead(s string, n int) string {
	for n > 0 && n < len(s) && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:min(n, len(s))]
}

// flagSet is a flag set that reports nothing itself: a parse error becomes
// one line through cli, and -h prints the usage on stdout.
type flagSet struct {
	*flag.FlagSet
	synopsis string
	stdout   io.Writer
}

func newFlags(name, synopsis string, stdout io.Writer) *flagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &flagSet{fs, synopsis, stdout}
}

// parseFlags parses args allowing flags and positional arguments in any
// order, and returns the positional ones.
func parseFlags(fs *flagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprintf(fs.stdout, "usage: cec %s\n\nflags:\n", fs.synopsis)
				fs.SetOutput(fs.stdout)
				fs.PrintDefaults()
				fs.SetOutput(io.Discard)
				return nil, err
			}
			return nil, badInput("%v", err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// readRunFiles reads and concatenates run files; where(i) names the file
// and line of record i. At least one file is required.
func readRunFiles(files []string) ([]recordOrigin, error) {
	if len(files) == 0 {
		return nil, badInput("no run file given (want one or more .jsonl files from cec run -o)")
	}
	files, err := expandRunFiles(files, "")
	if err != nil {
		return nil, err
	}
	var out []recordOrigin
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, badInput("%v", err)
		}
		recs, lines, err := readRecords(f, name)
		f.Close()
		if err != nil {
			return nil, badInput("%v", err)
		}
		for i, r := range recs {
			out = append(out, recordOrigin{rec: r, where: fmt.Sprintf("%s:%d", name, lines[i]), file: name})
		}
	}
	return out, nil
}

// expandRunFiles replaces each directory among args by the *.jsonl files
// in it (sorted by name; not its subdirectories), and each argument that
// is not a file but a pattern of filepath.Match ("runs-30D-shard-*.jsonl")
// by the files it matches, leaving out the file exclude, so that a
// container without a shell can say "cec merge /out/runs-30D-shard-*.jsonl".
// A directory without run files or a pattern without a match is an error
// naming it.
func expandRunFiles(args []string, exclude string) ([]string, error) {
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil && strings.ContainsAny(a, "*?[") {
			names, err := filepath.Glob(a)
			if err != nil {
				return nil, badInput("%s: %v", a, err)
			}
			names = slices.DeleteFunc(names, func(f string) bool { return exclude != "" && sameFile(f, exclude) })
			if len(names) == 0 {
				return nil, badInput("%s: the pattern matches no file", a)
			}
			out = append(out, names...)
			continue
		}
		if err != nil || !st.IsDir() {
			out = append(out, a)
			continue
		}
		names, err := filepath.Glob(filepath.Join(a, "*.jsonl"))
		if err != nil {
			return nil, badInput("%s: %v", a, err)
		}
		n := 0
		for _, f := range names {
			if exclude != "" && sameFile(f, exclude) {
				continue
			}
			if st, err := os.Stat(f); err == nil && st.Mode().IsRegular() {
				out = append(out, f)
				n++
			}
		}
		if n == 0 {
			return nil, badInput("%s: a directory without run files (*.jsonl)", a)
		}
	}
	return out, nil
}

// sameFile reports whether the paths a and b name the same existing file,
// or are the same clean path.
func sameFile(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// findFile returns path if it exists, else path relative to the enclosing
// module root (the directory with go.mod) of the working directory, so
// that the repository-relative defaults work from any subdirectory.
func findFile(path string) string {
	if _, err := os.Stat(path); err == nil || filepath.IsAbs(path) {
		return path
	}
	dir, err := os.Getwd()
	if err != nil {
		return path
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			if p := filepath.Join(dir, path); fileExists(p) {
				return p
			}
			return path
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return path
		}
		dir = parent
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// writeFileAtomic writes data to path through a temporary file and a
// rename (package atomicfile), so that path never holds partial output.
// Errors name path, never the temporary file.
func writeFileAtomic(path string, data []byte) error {
	return atomicfile.WriteFile(path, data)
}

// readProblemFile reads a problem file of a -problem @FILE item: at most
// formula.MaxFile bytes of a regular file. It never reads more than the
// limit and one byte,
// so @/dev/zero or a file of gigabytes is refused at once, naming it.
func readProblemFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil {
		return nil, err
	} else if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is %s, not a file", name, atomicfile.Kind(st.Mode()))
	} else if st.Size() > formula.MaxFile {
		return nil, fmt.Errorf("%s has %d bytes, more than the limit of %d", name, st.Size(), formula.MaxFile)
	}
	b, err := io.ReadAll(io.LimitReader(f, formula.MaxFile+1))
	if err != nil {
		return nil, err
	}
	if len(b) > formula.MaxFile {
		return nil, fmt.Errorf("%s has more than the limit of %d bytes", name, formula.MaxFile)
	}
	return b, nil
}
