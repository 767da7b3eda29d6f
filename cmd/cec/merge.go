package main

import (
	"bytes"
	"io"

	"pcaplay/internal/experiment"
)

// recordOrigin is a record with the file and line it came from.
type recordOrigin struct {
	rec   experiment.Record
	where string // file:line
	file  string
}

func readRecords(r io.Reader, name string) ([]experiment.Record, []int, error) {
	return experiment.Read(r, name)
}

// loadGrid reads run files and checks that they form a complete grid (no
// duplicate, no gap, the seeds of cec run); the records come back in
// canonical order.
func loadGrid(files []string) ([]experiment.Record, error) {
	return load(files, "", 0, "", false)
}

// loadShards is loadGrid of the shards of one grid, as merge joins them:
// every record has the seed -seed + run with one -seed for all of them.
func loadShards(files []string) ([]experiment.Record, error) {
	return load(files, "", 0, "", true)
}

// loadSelected is loadGrid of the records that -algo, -dim and -problem
// select (comma lists and dimension, "" and 0 for all): only they must form a
// complete grid, so the finished algorithms of a file that a longer grid
// is still appending to can be read. Every file is a grid of cec run (or
// a merge of one): its records share one seed base (run r has the seed
// base + r), and so do the runs of an (algorithm, problem) across files.
func loadSelected(files []string, algos string, dim int, problems string) ([]experiment.Record, error) {
	return load(files, algos, dim, problems, false)
}

// load is loadSelected; with oneGrid the records of every file share one
// seed base (the shards of a grid that merge joins), not only those of
// each file.
func load(files []string, algos string, dim int, problems string, oneGrid bool) ([]experiment.Record, error) {
	all, err := readRunFiles(files)
	if err != nil {
		return nil, err
	}
	if len(all) == 0 {
		return nil, badInput("%s: no runs in the file(s)", files[0])
	}
	recs := make([]experiment.Record, len(all))
	for i := range all {
		recs[i] = all[i].rec
	}
	keep, err := selector(recs, algos, dim, problems)
	if err != nil {
		return nil, err
	}
	var ro []recordOrigin
	for _, o := range all {
		if keep(o.rec) {
			ro = append(ro, o)
		}
	}
	recs = make([]experiment.Record, len(ro))
	for i := range ro {
		recs[i] = ro[i].rec
	}
	where := func(i int) string { return ro[i].where }
	if err := experiment.Check(recs, where); err != nil {
		return nil, badInput("%v", err)
	}
	group := func(i int) string { return "the file " + ro[i].file }
	if oneGrid {
		group = func(int) string { return "the shards of one grid (one -seed for every shard)" }
	}
	if err := experiment.CheckSeeds(recs, where, group); err != nil {
		return nil, badInput("%v", err)
	}
	experiment.Sort(recs)
	return recs, nil
}

// cmdMerge combines shard files into one file in canonical order. A
// directory stands for the *.jsonl files in it, less the -o file.
func cmdMerge(args []string, stdout io.Writer) error {
	fs := newFlags("merge", "merge a.jsonl b.jsonl … | DIR [-o out.jsonl]", stdout)
	outPath := fs.String("o", "", "output file (default stdout); written atomically")
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	for _, f := range files {
		if *outPath != "" && sameFile(f, *outPath) {
			return badInput("-o %s is also an input file", *outPath)
		}
	}
	if files, err = expandRunFiles(files, *outPath); err != nil {
		return err
	}
	recs, err := loadShards(files)
	if err != nil {
		return err
	}
	return writeRunFile(recs, *outPath, stdout)
}

// writeRunFile writes recs as JSON lines to the file outPath (atomically),
// or to stdout when outPath is "".
func writeRunFile(recs []experiment.Record, outPath string, stdout io.Writer) error {
	var b bytes.Buffer
	for _, r := range recs {
		line, err := experiment.MarshalLine(r)
		if err != nil {
			return failure("%v", err)
		}
		b.Write(line)
	}
	if outPath != "" {
		if err := writeFileAtomic(outPath, b.Bytes()); err != nil {
			return failure("-o: %v", err)
		}
		return nil
	}
	if _, err := stdout.Write(b.Bytes()); err != nil {
		return failure("stdout: %v", err)
	}
	return nil
}
