package main

import (
	"io"
	"os"
	"strings"

	"pcaplay/internal/published"
)

// cmdImport turns runs published in the CEC competitions' per-run result
// layout into run records that hold final values only (package
// internal/published): -published names a set held here, -dir a folder of
// someone's files.
func cmdImport(args []string, stdout io.Writer) error {
	fs := newFlags("import", "import (-published heco-de-gecco2019 | -dir DIR -algo NAME -source TEXT [-pattern P]) [-dim D] [-official-names] [-o runs.jsonl]", stdout)
	set := fs.String("published", "", "a set of published runs held here: heco-de-gecco2019 (the HECO-DE author's GECCO 2019 runs)")
	dir := fs.String("dir", "", "a folder of result files (see -pattern)")
	algo := fs.String("algo", "", "with -dir: the records' algorithm name, e.g. lshade44-published")
	source := fs.String("source", "", "with -dir: where the runs were published (a URL, a paper), kept in every record")
	pattern := fs.String("pattern", "F{p}_{D}D_{kind}.txt", "with -dir: file name of problem {p} ({P}: two digits) at {D}; {kind} is obj (f per line), vio (v̄ per line) and c (optional counts); without {kind} one file of 'f v̄ [c1 c2 c3]' lines")
	dim := fs.Int("dim", 0, "only this dimension (0: 10, 30, 50 and 100)")
	officialNames := fs.Bool("official-names", false, "name every problem C01–C28, also those a set marks as variants (C21-author): to rank all 28 together, partly on other functions")
	outPath := fs.String("o", "", "output file (default stdout); written atomically")
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(files) > 0 {
		return badInput("import takes no file arguments (got %s): use -dir", oneLine(strings.Join(files, " ")))
	}
	var l published.Layout
	var fsys = os.DirFS(".")
	switch {
	case *set != "" && *dir != "":
		return badInput("-published and -dir: give one")
	case *set != "":
		if *algo != "" || *source != "" {
			return badInput("-published %s names its algorithm and source: -algo and -source go with -dir", *set)
		}
		var ok bool
		if l, ok = published.Sets[*set]; !ok {
			return badInput("-published %q: no such set (have heco-de-gecco2019)", oneLine(*set))
		}
		if fsys, err = published.FS(*set); err != nil {
			return badInput("%v", err)
		}
	case *dir != "":
		if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
			return badInput("-dir %s: not a folder", oneLine(*dir))
		}
		fsys = os.DirFS(*dir)
		l = published.Layout{Algo: strings.TrimSpace(*algo), Source: strings.TrimSpace(*source), Pattern: *pattern}
	default:
		return badInput("import needs -published heco-de-gecco2019 or -dir DIR")
	}
	if *officialNames {
		l.Problems = nil
	}
	if *dim != 0 {
		l.Dims = []int{*dim}
	}
	recs, err := published.Read(fsys, l)
	if err != nil {
		return badInput("%v", err)
	}
	return writeRunFile(recs, *outPath, stdout)
}
