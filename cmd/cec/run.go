package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"pcaplay/core/problem/cec2017/official"
	"pcaplay/core/stats"
	"pcaplay/internal/experiment"
)

// cmdRun runs the grid (algorithms × problems × runs) on a worker pool.
//
// Run r uses the seed -seed + r, the same for every algorithm and problem.
// The table and -json print the records in the canonical order (algorithm,
// problem, run) whatever the completion order, so they are a function of
// the flags (not of -workers). -o appends each run to the file as soon as
// it finishes, one line per run written with one write, so the lines of the
// file come in completion order (cec merge sorts them) and a killed process
// loses only the runs in progress. On SIGINT no new run starts, the
// finished runs are written, a line on stderr says the output is
// incomplete, and the status is 130.
//
// -o refuses an existing file unless -resume (continue it) or -force
// (overwrite it) is given. With -resume the file's records must all be
// runs of the requested grid and shard, exactly as this command would make
// them (algorithm, settings, problem, dimension, data, budget, run, seed);
// anything else is an error naming the file, line and field, and the file
// is left as it is. Their runs are skipped and the others appended; a last
// line cut short by a kill (no final newline) is removed first and its run
// made again. The table then covers the whole file; -json prints the new
// runs only.
func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("run", "run -algo pmode[,cmode…] -problem C01[,C02…|all] -dim 10 -runs 25 -seed 1 [flags]", stdout)
	algoFlag := fs.String("algo", "", "algorithm or comma list ("+strings.Join(algoNames(), ", ")+")")
	probFlag := fs.String("problem", "", "problem, comma list, or all (= C01–C28)")
	dim := fs.Int("dim", 10, fmt.Sprintf("dimension D, at most %d", experiment.MaxDim))
	runs := fs.Int("runs", 25, fmt.Sprintf("independent runs per algorithm and problem, at most %d; run r uses seed -seed + r", experiment.MaxRuns))
	seed := fs.Uint64("seed", 1, "base seed")
	fes := fs.Int("fes", 0, fmt.Sprintf("MaxFES per run, at most %d; 0 = 20000·D", experiment.MaxRecordFES))
	data := fs.String("data", dataOfficial, dataUsage)
	asJSON := fs.Bool("json", false, "print one JSON object per run on stdout instead of the table")
	outPath := fs.String("o", "", "append the JSON lines to this new file, one per finished run (see -resume, -force)")
	resume := fs.Bool("resume", false, "with -o: keep the runs already in the file (which must match this grid) and append the others")
	force := fs.Bool("force", false, "with -o: overwrite an existing file")
	shardFlag := fs.String("shard", "", "run only slice i of n of the grid (grid index mod n = i−1), e.g. 2/4; auto: from the batch engine's variables (Kubernetes JOB_COMPLETION_INDEX + CEC_SHARDS, Slurm SLURM_ARRAY_TASK_*)")
	// -set may be given more than once: the values add up (a key given
	// twice, in one -set or in two, is an error, never "the last wins").
	var setItems []string
	fs.Func("set", "parameters key=value,… (or algo.key=value for one algorithm); repeatable", func(v string) error {
		if strings.TrimSpace(v) != "" {
			setItems = append(setItems, v)
		}
		return nil
	})
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
	switch {
	case *resume && *force:
		return badInput("-resume and -force: give one (-resume continues the file, -force overwrites it)")
	case (*resume || *force) && *outPath == "":
		return badInput("-resume and -force need -o FILE")
	}
	algos, err := experiment.ParseAlgos(*algoFlag)
	if err != nil {
		return badInput("-algo %s: %v", *algoFlag, err)
	}
	probs, err := experiment.ParseProblems(*probFlag)
	if err != nil {
		return badInput("%v", err)
	}
	set, err := experiment.ParseSet(strings.Join(setItems, ","))
	if err != nil {
		return badInput("%v", err)
	}
	var shard experiment.Shard
	switch *shardFlag {
	case "":
	case "auto":
		var note string
		if shard, note, err = experiment.ShardFromEnv(os.Getenv); err != nil {
			return badInput("%v", err)
		}
		if !*quiet {
			fmt.Fprintf(stderr, "cec run: -shard auto: shard %d/%d (%s)\n", shard.Index, shard.Count, note)
		}
	default:
		if shard, err = experiment.ParseShard(*shardFlag); err != nil {
			return badInput("%v", err)
		}
	}
	fsys, dir, err := dataFlag(*data)
	if err != nil {
		return err
	}
	plan, err := experiment.NewPlan(experiment.Config{
		Algos: algos, Problems: probs, Dim: *dim, Runs: *runs, Seed: *seed, FES: *fes,
		Data: fsys, DataDir: dir, Label: official.LabelOf, Set: set, Shard: shard,
	})
	if err != nil {
		return badInput("%v", err)
	}

	var file *os.File
	var prior []experiment.Record
	if *outPath != "" {
		var note string
		switch {
		case *resume:
			file, prior, note, err = openResume(*outPath, plan)
		case *force:
			file, err = os.OpenFile(*outPath, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|os.O_APPEND, 0o644)
		default:
			file, err = os.OpenFile(*outPath, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o644)
			if errors.Is(err, os.ErrExist) {
				return badInput("-o %s: the file exists (-resume continues it, -force overwrites it)", *outPath)
			}
		}
		if err != nil {
			var ee *exitError
			if errors.As(err, &ee) {
				return err
			}
			return badInput("-o: %v", err)
		}
		defer file.Close()
		if err := lockFile(file); err != nil {
			return badInput("-o %s: %v", *outPath, err)
		}
		if note != "" && !*quiet {
			fmt.Fprintf(stderr, "cec run: %s\n", note)
		}
	}

	total := plan.NumJobs()
	prog := newProgress(stderr, total, *quiet)
	var recs []experiment.Record
	var runTime time.Duration
	start := time.Now()
	out, err := plan.Execute(ctx, *workers, experiment.Hooks{
		Done: func(r experiment.Record) error {
			if file == nil {
				return nil
			}
			line, err := experiment.MarshalLine(r)
			if err != nil {
				return err
			}
			if _, err := file.Write(line); err != nil {
				return fmt.Errorf("-o %s: %v", *outPath, err)
			}
			if err := file.Sync(); err != nil {
				return fmt.Errorf("-o %s: %v", *outPath, err)
			}
			return nil
		},
		Emit: func(r experiment.Record) error {
			if *asJSON {
				line, err := experiment.MarshalLine(r)
				if err != nil {
					return err
				}
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
	finished := out.Emitted
	if *outPath != "" {
		where, finished = "written to "+*outPath, out.Done
	} else if *asJSON {
		where = "printed"
	}
	if err != nil {
		code := exitFailure
		what := "failed: " + oneLine(err.Error())
		if errors.Is(err, context.Canceled) && ctx.Err() != nil {
			code, what = exitInterrupted, "interrupted"
		}
		resumeHint := ""
		if *outPath != "" {
			resumeHint = "; -resume continues it"
		}
		fmt.Fprintf(stderr, "cec run: %s; %d of %d runs finished (%s); the output is INCOMPLETE%s\n",
			what, finished, total, where, resumeHint)
		return &exitError{code, errPrinted}
	}
	if file != nil {
		if err := file.Close(); err != nil {
			return failure("-o %s: %v", *outPath, err)
		}
	}
	if !*asJSON {
		all := append(prior, recs...)
		experiment.Sort(all)
		var b bytes.Buffer
		if err := writeRunTables(&b, all, plan); err != nil {
			return failure("%v", err)
		}
		if _, err := stdout.Write(b.Bytes()); err != nil {
			return failure("stdout: %v", err)
		}
	}
	if !*quiet {
		per := time.Duration(0)
		if total > 0 {
			per = runTime / time.Duration(total)
		}
		fmt.Fprintf(stderr, "cec run: %d runs in %s wall on %d workers (%d cores); %s per run, MaxFES %d\n",
			total, wall.Round(time.Millisecond), min(*workers, max(1, total)), runtime.NumCPU(),
			per.Round(time.Millisecond), plan.MaxFES)
	}
	return nil
}

// errBusy: another process writes the run file.
var errBusy = errors.New("another cec run is writing this file (it holds its lock)")

// openResume opens the run file path for -resume: it reads and checks its
// records against the plan (Plan.Resume), removes a last line cut short,
// and returns the file open for appending with the records. A file that
// does not exist is created. note tells what was found, for stderr.
func openResume(path string, plan *experiment.Plan) (f *os.File, recs []experiment.Record, note string, err error) {
	fh, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, nil, "", err
	}
	defer func() {
		if err != nil {
			fh.Close() // f is nil then
		}
	}()
	f = fh
	if err := lockFile(f); err != nil {
		return nil, nil, "", badInput("-o %s: %v", path, err)
	}
	b, err := io.ReadAll(f)
	if err != nil {
		return nil, nil, "", fmt.Errorf("-o %s: %v", path, err)
	}
	// Only whole lines count: a kill during a write leaves a last line
	// without its newline.
	whole := b[:bytes.LastIndexByte(b, '\n')+1]
	cut := len(b) - len(whole)
	recs, lines, err := experiment.Read(bytes.NewReader(whole), path)
	if err != nil {
		return nil, nil, "", badInput("-resume: %v", err)
	}
	if err := plan.Resume(recs, func(i int) string { return fmt.Sprintf("%s:%d", path, lines[i]) }); err != nil {
		return nil, nil, "", badInput("-resume: %v (not reused: use the flags that made the file, or another -o)", err)
	}
	if cut > 0 {
		if err := f.Truncate(int64(len(whole))); err != nil {
			return nil, nil, "", fmt.Errorf("-o %s: removing the cut last line: %v", path, err)
		}
		note = fmt.Sprintf("%s: removed a last line cut short (%d bytes, line %d); its run is made again; ", path, cut, bytes.Count(whole, []byte("\n"))+1)
	}
	note += fmt.Sprintf("%s: %d of %d runs already there, %d to run", path, len(recs), plan.ShardSize(), plan.NumJobs())
	return f, recs, note, nil
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

// tableTitle is experiment.TableTitle.
func tableTitle(algo string, dim int, sums []stats.Summary, maxFES int) string {
	return experiment.TableTitle(algo, dim, sums, maxFES)
}

// displayName is experiment.DisplayName: "pmode" → "PMODE".
func displayName(algo string) string { return experiment.DisplayName(algo) }
