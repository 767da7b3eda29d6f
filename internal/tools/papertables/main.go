// Command papertables extracts the published numbers of the paper from its
// LaTeX source into the plain data files of package internal/paper:
// supplement.csv (the supplement tables of PMODE and HECO-PDE), ranks.csv
// (the mean- and median-based rank tables) and total-ranks.csv (the total
// ranks with the CEC 2018 competitors). It was run once, from the
// repository root, as
//
//	go run ./internal/tools/papertables -o internal/paper/data PAPER.tex
//
// and its output committed; the LaTeX source itself is not part of the
// repository. See internal/paper/data/README.md for the provenance.
//
// The command refuses a source that lacks any table of the paper (every
// supplement table at 10, 30, 50 and 100 D with C01–C28, both rank tables at
// each D, the total-ranks table) unless -partial is given, and it checks
// that the files it writes read back to exactly the numbers it parsed (so
// that no printed digit is lost to the files' %.5e format). It prints what
// it extracted on stderr.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"pcaplay/internal/atomicfile"
	"pcaplay/internal/paper"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stderr))
}

func run(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("papertables", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("o", "internal/paper/data", "directory to write the data files into")
	partial := fs.Bool("partial", false, "accept a source that lacks some of the paper's tables")
	const usage = "usage: papertables [-o DIR] [-partial] PAPER.tex"
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, usage)
			fs.SetOutput(stderr)
			fs.PrintDefaults()
			return 0
		}
		fmt.Fprintf(stderr, "papertables: %v (%s)\n", err, usage)
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "papertables: want one LaTeX source, got %d arguments (%s)\n", fs.NArg(), usage)
		return 2
	}
	if err := extract(fs.Arg(0), *out, *partial, stderr); err != nil {
		fmt.Fprintln(stderr, "papertables:", err)
		return 1
	}
	return 0
}

func extract(src, dir string, partial bool, stderr io.Writer) error {
	f, err := os.Open(src)
	if err != nil {
		return err
	}
	defer f.Close()
	p, err := paper.ParseLaTeX(f)
	if err != nil {
		return fmt.Errorf("%s: %v", src, err)
	}
	if err := p.Complete(); err != nil && !partial {
		return fmt.Errorf("%s: %v (-partial accepts an incomplete source)", src, err)
	}
	files, err := p.MarshalFiles()
	if err != nil {
		return err
	}
	back, err := paper.Read(mapFS(files))
	if err != nil {
		return fmt.Errorf("reading the files back: %v", err)
	}
	if !reflect.DeepEqual(back, p) {
		return errors.New("the files do not read back to the parsed numbers (a cell with more than six significant digits?)")
	}
	st, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("-o %s: not a directory", dir)
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		if err := atomicfile.WriteFile(filepath.Join(dir, n), files[n]); err != nil {
			return err
		}
	}
	fmt.Fprint(stderr, describe(p))
	fmt.Fprintf(stderr, "papertables: wrote %s in %s\n", strings.Join(names, ", "), dir)
	return nil
}

// describe lists the tables of p with their sizes.
func describe(p *paper.Paper) string {
	var b strings.Builder
	for _, s := range p.Supplements {
		fmt.Fprintf(&b, "supplement %s %dD: %d problems (%s–%s)\n", s.Algorithm, s.Dim, len(s.Problems), s.Problems[0], s.Problems[len(s.Problems)-1])
	}
	for _, t := range p.Ranks {
		fmt.Fprintf(&b, "%s-based ranks %dD: %d algorithms × %d problems\n", t.Basis, t.Dim, len(t.Algorithms), len(t.Problems))
	}
	if t := p.Totals; t != nil {
		fmt.Fprintf(&b, "total ranks: %d algorithms × %d dimensions %v\n", len(t.Algorithms), len(t.Dims), t.Dims)
	}
	return b.String()
}
