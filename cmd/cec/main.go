// Command cec evaluates CEC 2017 constrained problems and runs, merges,
// tabulates, ranks and charts the paper's experiments.
//
//	cec eval    -problem C05|@FILE -dim 10 [-data official|generated|DIR] < points.txt
//	cec run     -algo pmode[,cmode…] -problem C01[,C02…|all|@FILE] -dim 10 -runs 25 -seed 1
//	            [-fes N] [-data official|generated|DIR] [-json] [-o runs.jsonl [-resume|-force]]
//	            [-shard i/n|auto] [-set key=value,…]
//	cec merge   a.jsonl b.jsonl … [-o runs.jsonl]
//	cec import  (-published heco-de-gecco2019 | -dir DIR -algo NAME -source TEXT [-pattern P])
//	            [-dim D] [-official-names] [-o runs.jsonl]
//	cec table   runs.jsonl … [-format md|csv|latex] [-algo a] [-dim D] [-problem C01,…]
//	cec rank    runs.jsonl … [-algo a,b] [-dim D] [-problem C01,…]
//	cec report  runs.jsonl … -o report.html [-echarts FILE] [-force] [-paper paper.tex]
//	cec compare runs.jsonl … [-algo pmode,heco-pde] [-paper paper.tex]
//	cec wilcoxon runs.jsonl … [-algo a,b,…] [-dim D] [-problem C01,…] [-alpha 0.05] [-format md|csv]
//	cec paper-table (-algo pmode -dim 10 | -ranks mean|median -dim 10 | -ranks total) [-paper paper.tex]
//	cec export-html -o demo.html [-site DIR] ['#problem=C05&dim=10&…']
//
// -problem @FILE is a problem typed as formulas in a JSON file (package
// core/problem/formula, docs/guide/formulas.md); its records name it
// name_hash, hash from its definition.
//
// Run "cec help" or "cec <command> -h" for the flags. -data defaults to
// "official", the official CEC 2017 data files embedded in the binary
// (package official); "generated" asks for generated data (any even D),
// any other value is a directory holding the official files under their
// names. The paper's published tables are embedded (package
// internal/paper); -paper reads them from a LaTeX source instead.
//
// eval prints "f | g1 g2 … | h1 …" per input point with %.17g, the value
// part of the official test-vector lines; an empty field means the problem
// has no constraint of that kind.
//
// run executes every (algorithm, problem, run) on runtime.NumCPU() workers
// (-workers). Run r uses the seed -seed + r for every algorithm and
// problem, and MaxFES defaults to 20000·D, so the output is a function of
// the flags: the same flags print the same bytes whatever the number of
// workers. -o appends each run to a new file as it finishes (completion
// order; merge sorts); -resume continues a file, skipping the runs already
// in it, and -force overwrites one. -shard i/n keeps the grid jobs whose
// index (in the canonical order algorithm, problem, run) is ≡ i−1 mod n;
// -shard auto takes i and n from a Kubernetes Indexed Job or a Slurm job
// array (experiment.ShardFromEnv; deploy/ and docs/scale.md); merge joins
// the shards back into exactly the file of the full run. -set takes
// key=value (every algorithm with that key) or algo.key=value; algo.key
// wins over key; -set may be repeated (a key given twice is an error). Limits: -dim ≤ 1000, -runs ≤ 1000000, MaxFES ≤ 10⁹.
//
// import turns runs published in the CEC competitions' per-run result
// layout (the final f and v̄ of each run, one file per problem and D) into
// records that hold final values only, with "source" saying where they
// were published (package internal/published): -published takes a set
// held in the binary (the HECO-DE author's GECCO 2019 runs), -dir someone's
// folder. table, rank, wilcoxon and report set them beside our runs;
// -problem picks the problems both have (the grid check wants every
// algorithm on every problem). A chart that needs a curve leaves them out
// and says so.
//
// export-html writes the playground as one self-contained HTML file in the
// state of a page address, checked by Go's sanitising (package
// internal/onefile; docs/guide/offline.md), from the built site (-site,
// default cmd/serve/public).
//
// merge, table, rank and the other readers take run files, directories
// (their *.jsonl files) and patterns they expand themselves
// ('runs-30D-shard-*.jsonl'). They read strictly (experiment.Read): a
// missing, null, unknown or out-of-range field is an error naming the
// file, line and field. They refuse a grid with a gap (runs of an
// algorithm and problem are 0 … n−1) and seeds that are not cec run's: run
// r has the seed base + r, one base per algorithm and problem and per
// file; merge asks one base of all its shards (one -seed per grid).
//
// One JSON object per run (-json in canonical order, -o in completion
// order):
//
//	algo, problem, dim, data,       what ran; data is "official" (files
//	run, seed                       byte-identical to the official ones),
//	                                "generated", "none" (a 2-D teaching
//	                                problem) or "sha256:…" (other files)
//	maxfes, fes                     budget and evaluations used
//	f, v, feasible, counts          final best: f, CEC mean violation v̄,
//	                                v = 0, c (violations > 1, > 0.01, > 1e-4)
//	best_fes, x, settings           when it was found, the point, "key=value,…"
//	checkpoints                     [{frac, fes, f, v}] at 10 %, 50 %, 100 % of
//	                                MaxFES: the best-so-far at the first
//	                                generation whose FES reaches the fraction
//	curve                           {fes, f, v}: the same on ~50 log-spaced FES
//	source                          only in a record of published runs (cec
//	                                import): where they were published; x,
//	                                checkpoints and curve are empty, best_fes
//	                                and seed 0
//
// Bad input gets one line on stderr naming the value and exit status 2,
// with nothing on stdout. On SIGINT, run starts nothing new, writes every
// finished run, says on stderr that the output is incomplete and exits
// with 130.
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
