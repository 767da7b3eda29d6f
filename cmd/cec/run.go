package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strings"
	"time"

	"pcaplay/core/stats"
	"pcaplay/internal/experiment"
)

// cmdRun runs the grid (algorithms × problems × runs) on a worker pool.
//
// Run r uses the seed -seed + r, the same for every algorithm and problem.
// Records come out in the canonical order (algorithm, problem, run)
// whatever the completion order, so a run file is a function of its flags
// (not of -workers). With -o each finished run is written as one line as
// soon as all earlier runs are written; on SIGINT no new run starts, the
// finished runs are written, a line on stderr says the output is
// incomplete, and the status is 130.
func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("run", "run -algo pmode[,cmode…] -problem C01[,C02…|all] -dim 10 -runs 25 -seed 1 [flags]", stdout)
	algoFlag := fs.String("algo", "", "algorithm or comma list ("+strings.Join(algoNames(), ", ")+")")
	probFlag := fs.String("problem", "", "problem, comma list, or all (= C01–C28)")
	dim := fs.Int("dim", 10, "dimension D")
	runs := fs.Int("runs", 25, "independent runs per algorithm and problem; run r uses seed -seed + r")
	seed := fs.Uint64("seed", 1, "base seed")
	fes := fs.Int("fes", 0, "MaxFES per run; 0 = 20000·D")
	data := fs.String("data", defaultDataDir, "directory with the official CEC 2017 data; '' = generated data")
	asJSON := fs.Bool("json", false, "print one JSON object per run on stdout instead of the table")
	outPath := fs.String("o", "", "write the JSON lines to this file (flushed per finished run)")
	shardFlag := fs.String("shard", "", "run only slice i of n of the grid (grid index mod n = i−1), e.g. 2/4")
	setFlag := fs.String("set", "", "parameters key=value,… (or algo.key=value for one algorithm)")
	workers := fs.Int("workers", runtime.NumCPU(), "parallel runs")
	quiet := fs.Bool("quiet", false, "no progress output")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return badInput("unexpected argument %q", pos[0])
	}
	if *algoFlag == "" {
		return badInput("-algo is required (%s)", strings.Join(algoNames(), ", "))
	}
	if *probFlag == "" {
		return badInput("-problem is required (C01–C28, a comma list, or all)")
	}
	if *workers < 1 {
		return badInput("-workers %d: must be at least 1", *workers)
	}
	if *fes < 0 {
		return badInput("-fes %d: must be at least 1 (0 = 20000·D)", *fes)
	}
	algos, err := experiment.ParseAlgos(*algoFlag)
	if err != nil {
		return badInput("-algo %s: %v", *algoFlag, err)
	}
	probs, err := experiment.ParseProblems(*probFlag)
	if err != nil {
		return badInput("%v", err)
	}
	set, err := experiment.ParseSet(*setFlag)
	if err != nil {
		return badInput("%v", err)
	}
	var shard experiment.Shard
	if *shardFlag != "" {
		if shard, err = experiment.ParseShard(*shardFlag); err != nil {
			return badInput("%v", err)
		}
	}
	dir := *data
	if dir != "" {
		dir = findFile(dir)
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return badInput("-data %s: not a directory with the CEC 2017 data (use -data '' for generated data)", *data)
		}
	}
	plan, err := experiment.NewPlan(experiment.Config{
		Algos: algos, Problems: probs, Dim: *dim, Runs: *runs, Seed: *seed, FES: *fes,
		DataDir: dir, Set: set, Shard: shard,
	})
	if err != nil {
		return badInput("%v", err)
	}

	var file *os.File
	if *outPath != "" {
		if file, err = os.Create(*outPath); err != nil {
			return badInput("-o: %v", err)
		}
		defer file.Close()
	}

	prog := newProgress(stderr, len(plan.Jobs), *quiet)
	var recs []experiment.Record
	var runTime time.Duration
	start := time.Now()
	out, err := plan.Execute(ctx, *workers, experiment.Hooks{
		Emit: func(r experiment.Record) error {
			line, err := experiment.MarshalLine(r)
			if err != nil {
				return err
			}
			if file != nil {
				if _, err := file.Write(line); err != nil {
					return fmt.Errorf("-o %s: %v", *outPath, err)
				}
			}
			if *asJSON {
				if _, err := stdout.Write(line); err != nil {
					return fmt.Errorf("stdout: %v", err)
				}
			}
			recs = append(recs, r)
			return nil
		},
		Finished: func(n int, d time.Duration) {
			runTime += d
			prog.update(n)
		},
	})
	wall := time.Since(start)
	prog.stop(err == nil)

	where := "nothing was written"
	if *outPath != "" {
		where = "written to " + *outPath
	} else if *asJSON {
		where = "printed"
	}
	if err != nil {
		code := exitFailure
		what := "failed: " + oneLine(err.Error())
		if errors.Is(err, context.Canceled) && ctx.Err() != nil {
			code, what = exitInterrupted, "interrupted"
		}
		fmt.Fprintf(stderr, "cec run: %s; %d of %d runs finished (%s); the output is INCOMPLETE\n",
			what, out.Emitted, len(plan.Jobs), where)
		return &exitError{code, errPrinted}
	}
	if file != nil {
		if err := file.Close(); err != nil {
			return failure("-o %s: %v", *outPath, err)
		}
	}
	if !*asJSON {
		var b bytes.Buffer
		if err := writeRunTables(&b, recs, plan); err != nil {
			return failure("%v", err)
		}
		if _, err := stdout.Write(b.Bytes()); err != nil {
			return failure("stdout: %v", err)
		}
	}
	if !*quiet {
		per := time.Duration(0)
		if n := len(plan.Jobs); n > 0 {
			per = runTime / time.Duration(n)
		}
		fmt.Fprintf(stderr, "cec run: %d runs in %s wall on %d workers (%d cores); %s per run, MaxFES %d\n",
			len(plan.Jobs), wall.Round(time.Millisecond), min(*workers, max(1, len(plan.Jobs))), runtime.NumCPU(),
			per.Round(time.Millisecond), plan.MaxFES)
	}
	return nil
}

// writeRunTables writes the supplement table of every algorithm.
func writeRunTables(w io.Writer, recs []experiment.Record, plan *experiment.Plan) error {
	for i, a := range experiment.Algos(recs) {
		probs, sums, err := experiment.Summaries(recs, a, plan.Dim)
		if err != nil {
			return err
		}
		if i > 0 {
			fmt.Fprintln(w)
		}
		title := tableTitle(a, plan.Dim, sums, plan.MaxFES)
		if plan.Shard.Count > 1 {
			title += fmt.Sprintf(", shard %d/%d only", plan.Shard.Index, plan.Shard.Count)
		}
		if err := stats.WriteMarkdown(w, title, probs, sums); err != nil {
			return err
		}
	}
	return nil
}

// tableTitle is "PMODE, D = 10 (25 runs, MaxFES = 200000)"; the run count
// is given as a range when it differs between problems.
func tableTitle(algo string, dim int, sums []stats.Summary, maxFES int) string {
	lo, hi := math.MaxInt, 0
	for _, s := range sums {
		lo, hi = min(lo, s.Runs), max(hi, s.Runs)
	}
	n := fmt.Sprint(lo)
	if lo != hi {
		n = fmt.Sprintf("%d–%d", lo, hi)
	}
	fes := ""
	if maxFES > 0 {
		fes = fmt.Sprintf(", MaxFES = %d", maxFES)
	}
	return fmt.Sprintf("%s, D = %d (%s runs%s)", displayName(algo), dim, n, fes)
}

// displayName is the paper's spelling: "pmode" → "PMODE".
func displayName(algo string) string { return strings.ToUpper(algo) }
