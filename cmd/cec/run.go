package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"pcaplay/core/problem/cec2017/official"
	"pcaplay/core/problem/formula"
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
	o, err := parseRun(args, stdout, stderr)
	if err != nil {
		return err
	}
	file, prior, err := o.openOutput(stderr)
	if err != nil {
		return err
	}
	if file != nil {
		defer file.Close()
	}
	plan := o.plan
	total := plan.NumJobs()
	sink := &runSink{runOptions: o, file: file, stdout: stdout, prog: newProgress(stderr, total, o.quiet)}
	start := time.Now()
	out, err := plan.Execute(ctx, o.workers, sink.hooks())
	wall := time.Since(start)
	sink.prog.stop(err == nil)
	if err != nil {
		return o.incomplete(ctx, err, out, total, stderr)
	}
	if file != nil {
		if err := file.Close(); err != nil {
			return failure("-o %s: %v", o.outPath, err)
		}
	}
	if !o.asJSON {
		all := append(prior, sink.recs...)
		experiment.Sort(all)
		var b bytes.Buffer
		if err := writeRunTables(&b, all, plan); err != nil {
			return failure("%v", err)
		}
		if _, err := stdout.Write(b.Bytes()); err != nil {
			return failure("stdout: %v", err)
		}
	}
	if !o.quiet {
		per := time.Duration(0)
		if total > 0 {
			per = sink.runTime / time.Duration(total)
		}
		fmt.Fprintf(stderr, "cec run: %d runs in %s wall on %d workers (%d cores); %s per run, MaxFES %d\n",
			total, wall.Round(time.Millisecond), min(o.workers, max(1, total)), runtime.NumCPU(),
			per.Round(time.Millisecond), plan.MaxFES)
	}
	return nil
}

// runOptions are cec run's flags, checked, with the plan they make.
type runOptions struct {
	plan *experiment.Plan
	// outPath is -o ("": none); resume and force say what to do with an
	// existing file.
	outPath       string
	resume, force bool
	asJSON        bool // -json
	workers       int
	quiet         bool
}

// parseRun parses and checks cec run's flags and makes the plan of the
// grid. With -shard auto it says on stderr which shard it took.
func parseRun(args []string, stdout, stderr io.Writer) (*runOptions, error) {
	fs := newFlags("run", "run -algo pmode[,cmode…] -problem C01[,C02…|all] -dim 10 -runs 25 -seed 1 [flags]", stdout)
	algoFlag := fs.String("algo", "", "algorithm or comma list ("+strings.Join(algoNames(), ", ")+")")
	probFlag := fs.String("problem", "", "problem, comma list, or all (= C01–C28); @FILE is a problem typed as formulas (docs/guide/formulas.md)")
	dim := fs.Int("dim", 10, fmt.Sprintf("dimension D, at most %d", experiment.MaxDim))
	runs := fs.Int("runs", 25, fmt.Sprintf("independent runs per algorithm and problem, at most %d; run r uses seed -seed + r", experiment.MaxRuns))
	seed := fs.Uint64("seed", 1, "base seed")
	fes := fs.Int("fes", 0, fmt.Sprintf("MaxFES per run, at most %d; 0 = 20000·D", experiment.MaxRecordFES))
	data := fs.String("data", dataOfficial, dataUsage)
	o := &runOptions{}
	fs.BoolVar(&o.asJSON, "json", false, "print one JSON object per run on stdout instead of the table")
	fs.StringVar(&o.outPath, "o", "", "append the JSON lines to this new file, one per finished run (see -resume, -force)")
	fs.BoolVar(&o.resume, "resume", false, "with -o: keep the runs already in the file (which must match this grid) and append the others")
	fs.BoolVar(&o.force, "force", false, "with -o: overwrite an existing file")
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
	fs.IntVar(&o.workers, "workers", runtime.NumCPU(), "parallel runs")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress output")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return nil, err
	}
	if len(pos) > 0 {
		return nil, badInput("unexpected argument %q", pos[0])
	}
	if *algoFlag == "" {
		return nil, badInput("-algo is required (%s)", strings.Join(algoNames(), ", "))
	}
	if *probFlag == "" {
		return nil, badInput("-problem is required (C01–C28, a comma list, or all)")
	}
	if o.workers < 1 {
		return nil, badInput("-workers %d: must be at least 1", o.workers)
	}
	if *fes < 0 {
		return nil, badInput("-fes %d: must be at least 1 (0 = 20000·D)", *fes)
	}
	switch {
	case o.resume && o.force:
		return nil, badInput("-resume and -force: give one (-resume continues the file, -force overwrites it)")
	case (o.resume || o.force) && o.outPath == "":
		return nil, badInput("-resume and -force need -o FILE")
	}
	algos, err := experiment.ParseAlgos(*algoFlag)
	if err != nil {
		return nil, badInput("-algo %s: %v", *algoFlag, err)
	}
	list, typed, err := experiment.ReadTyped(*probFlag, readProblemFile)
	if err != nil {
		return nil, badInput("%v", err)
	}
	probs, err := experiment.ParseProblems(list)
	if err != nil {
		return nil, badInput("%v", err)
	}
	if *dim, err = typedDim(fs, *dim, typed); err != nil {
		return nil, err
	}
	set, err := experiment.ParseSet(strings.Join(setItems, ","))
	if err != nil {
		return nil, badInput("%v", err)
	}
	shard, err := shardOf(*shardFlag, o.quiet, stderr)
	if err != nil {
		return nil, err
	}
	fsys, dir, err := dataFlag(*data)
	if err != nil {
		return nil, err
	}
	o.plan, err = experiment.NewPlan(experiment.Config{
		Algos: algos, Problems: probs, Dim: *dim, Runs: *runs, Seed: *seed, FES: *fes,
		Data: fsys, DataDir: dir, Label: official.LabelOf, Set: set, Shard: shard, Typed: typed,
	})
	if err != nil {
		return nil, badInput("%v", err)
	}
	return o, nil
}

// typedDim is the dimension of a grid or an evaluation: -dim when it is
// given, else the dim of the typed problems (which must agree), else the
// default of -dim.
func typedDim(fs *flagSet, dim int, typed map[string]*formula.Definition) (int, error) {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == "dim" })
	if set || len(typed) == 0 {
		return dim, nil
	}
	ids := slices.Sorted(maps.Keys(typed))
	d := typed[ids[0]].Dim
	for _, id := range ids[1:] {
		if typed[id].Dim != d {
			return 0, badInput("-problem: %s has dim %d and %s dim %d: give -dim", ids[0], d, id, typed[id].Dim)
		}
	}
	return d, nil
}

// shardOf is the shard that -shard names: none for "", the batch engine's
// for auto (said on stderr unless quiet), else i/n.
func shardOf(flag string, quiet bool, stderr io.Writer) (experiment.Shard, error) {
	var shard experiment.Shard
	var err error
	switch flag {
	case "":
	case "auto":
		var note string
		if shard, note, err = experiment.ShardFromEnv(os.Getenv); err != nil {
			return shard, badInput("%v", err)
		}
		if !quiet {
			fmt.Fprintf(stderr, "cec run: -shard auto: shard %d/%d (%s)\n", shard.Index, shard.Count, note)
		}
	default:
		if shard, err = experiment.ParseShard(flag); err != nil {
			return shard, badInput("%v", err)
		}
	}
	return shard, nil
}

// openOutput opens and locks the -o file (nil without -o) as -resume or
// -force say, with the records already there (-resume).
func (o *runOptions) openOutput(stderr io.Writer) (*os.File, []experiment.Record, error) {
	if o.outPath == "" {
		return nil, nil, nil
	}
	var file *os.File
	var prior []experiment.Record
	var note string
	var err error
	switch {
	case o.resume:
		file, prior, note, err = openResume(o.outPath, o.plan)
	case o.force:
		file, err = os.OpenFile(o.outPath, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|os.O_APPEND, 0o644)
	default:
		file, err = os.OpenFile(o.outPath, os.O_WRONLY|os.O_CREATE|os.O_EXCL|os.O_APPEND, 0o644)
		if errors.Is(err, os.ErrExist) {
			return nil, nil, badInput("-o %s: the file exists (-resume continues it, -force overwrites it)", o.outPath)
		}
	}
	if err != nil {
		var ee *exitError
		if errors.As(err, &ee) {
			return nil, nil, err
		}
		return nil, nil, badInput("-o: %v", err)
	}
	if err := lockFile(file); err != nil {
		file.Close()
		return nil, nil, badInput("-o %s: %v", o.outPath, err)
	}
	if note != "" && !o.quiet {
		fmt.Fprintf(stderr, "cec run: %s\n", note)
	}
	return file, prior, nil
}

// runSink takes the runs of a grid as they finish: each one to the -o
// file at once, in canonical order to stdout (-json) and to recs (the
// table), and their count and time to the progress line.
type runSink struct {
	*runOptions
	file    *os.File // nil without -o
	stdout  io.Writer
	prog    *progress
	recs    []experiment.Record // the emitted records, in canonical order
	runTime time.Duration       // summed over the finished runs
}

// hooks are Execute's hooks for the sink.
func (s *runSink) hooks() experiment.Hooks {
	return experiment.Hooks{
		Done: func(r experiment.Record) error {
			if s.file == nil {
				return nil
			}
			line, err := experiment.MarshalLine(r)
			if err != nil {
				return err
			}
			if _, err := s.file.Write(line); err != nil {
				return fmt.Errorf("-o %s: %v", s.outPath, err)
			}
			if err := s.file.Sync(); err != nil {
				return fmt.Errorf("-o %s: %v", s.outPath, err)
			}
			return nil
		},
		Emit: func(r experiment.Record) error {
			if s.asJSON {
				line, err := experiment.MarshalLine(r)
				if err != nil {
					return err
				}
				if _, err := s.stdout.Write(line); err != nil {
					return fmt.Errorf("stdout: %v", err)
				}
			}
			s.recs = append(s.recs, r)
			return nil
		},
		Finished: func(n int, d time.Duration) {
			s.runTime += d
			s.prog.update(n)
		},
	}
}

// incomplete says on stderr that Execute stopped with err (interrupted or
// failed), how many runs finished and where they are, and returns the
// exit status (130 when interrupted); total is the number of runs
// Execute had to make.
func (o *runOptions) incomplete(ctx context.Context, err error, out experiment.Outcome, total int, stderr io.Writer) error {
	where := "nothing was written"
	finished := out.Emitted
	if o.outPath != "" {
		where, finished = "written to "+o.outPath, out.Done
	} else if o.asJSON {
		where = "printed"
	}
	code := exitFailure
	what := "failed: " + oneLine(err.Error())
	if errors.Is(err, context.Canceled) && ctx.Err() != nil {
		code, what = exitInterrupted, "interrupted"
	}
	resumeHint := ""
	if o.outPath != "" {
		resumeHint = "; -resume continues it"
	}
	fmt.Fprintf(stderr, "cec run: %s; %d of %d runs finished (%s); the output is INCOMPLETE%s\n",
		what, finished, total, where, resumeHint)
	return &exitError{code, errPrinted}
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
