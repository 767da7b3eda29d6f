// Command cec evaluates CEC 2017 constrained problems and runs, merges,
// tabulates, ranks and charts the paper's experiments.
//
//	cec eval    -problem C05 -dim 10 < points.txt
//	cec run     -algo pmode -problem C01 -dim 10 -runs 25 -seed 1 [-o runs.jsonl]
//	cec merge   a.jsonl b.jsonl -o runs.jsonl
//	cec table   runs.jsonl [-format md|csv]
//	cec rank    runs.jsonl
//	cec report  runs.jsonl -o report.html
//	cec compare runs.jsonl [-paper paper.tex]
//	cec paper-table -algo pmode -dim 10 [-paper paper.tex]
//
// Run "cec help" or "cec <command> -h" for the flags. Bad input gets one
// line on stderr and exit status 2; an interrupted run exits with 130.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop() // a second Ctrl-C kills at once
	}()
	os.Exit(cli(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
