package experiment

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"maps"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"pcaplay/core/problem"
	"pcaplay/core/problem/formula"
	"pcaplay/core/solver"
	"pcaplay/core/suite"
)

// Config describes a grid of runs.
type Config struct {
	// Algos and Problems are registered algorithm names and catalogue
	// problem names (ParseAlgos, ParseProblems).
	Algos, Problems []string
	Dim             int
	// Runs is the number of independent runs per (algorithm, problem);
	// run r uses the seed Seed + r.
	Runs int
	Seed uint64
	// FES is MaxFES; 0 means DefaultFES(Dim).
	FES int
	// Data holds the CEC 2017 data files under their official names
	// (official.FS(), the embedded copy); DataDir is a directory of them
	// and takes precedence. With neither, the problems use generated data.
	Data    fs.FS
	DataDir string
	// Label names data files by their content (official.LabelOf); nil
	// means official.LabelOf natively and none in the WebAssembly build,
	// which leaves package official out, so that there a run on Data or
	// DataDir needs Label (cec run compiled to WebAssembly sets it).
	Label func(fsys fs.FS, files []string) (string, error)
	// Set are parameter assignments (ParseSet).
	Set []Assignment
	// Shard restricts the grid; the zero value means all of it.
	Shard Shard
	// Typed are problems typed as formulas, by their ID (ReadTyped): a
	// name of Problems found here is compiled from its definition at Dim
	// instead of taken from the catalogue; its records have data "none".
	Typed map[string]*formula.Definition
}

// Limits of a grid, so that a typing error gets a message instead of an
// out-of-memory crash or a run that never ends.
const (
	// MaxRuns bounds Config.Runs.
	MaxRuns = 1_000_000
	// MaxDim bounds Config.Dim (suite.MaxDim: the problems hold D×D
	// matrices).
	MaxDim = suite.MaxDim
	// MaxRecordFES bounds the budget of one run of a grid (cec run -fes)
	// and a record's maxfes: a billion evaluations, about an hour of one
	// core at D = 10 and far more above. The page's budget (the fes URL
	// key, play.MaxFES) stops ten times lower, at 10⁸: a page address is
	// anyone's link and its run is one the page plays; the page still
	// reads records up to this limit.
	MaxRecordFES = 1_000_000_000
)

// Data labels of records (Record.Data) other than content labels.
const (
	// DataOfficial: files byte-identical to the official ones
	// (official.Label; the constant is repeated here so that the
	// WebAssembly build, which leaves package official and its data out,
	// can read and check records).
	DataOfficial = "official"
	// DataGenerated: cec2017.GenerateData with seed 0.
	DataGenerated = "generated"
	// DataNone: a teaching problem, which has no data files.
	DataNone = "none"
)

// Job is one run of the grid.
type Job struct {
	// Index is the job's position in the full grid (before sharding).
	Index   int
	Algo    string
	Problem string
	Run     int
	Seed    uint64
}

// Plan is a validated Config with its problems loaded. The grid is
// Algos (canonical order) × Problems (sorted) × runs 0..Runs−1 in that
// nesting, so grid index k is run k mod Runs of problem (k / Runs) mod P of
// algorithm k / (Runs·P): the canonical order. Jobs are produced from it
// lazily, shard by shard, and never held all at once.
type Plan struct {
	Config
	MaxFES int
	// GridSize counts the full grid (every shard).
	GridSize int
	// Labels gives the Record.Data of each problem of the grid.
	Labels map[string]string
	// Settings gives the Record.Settings of each algorithm.
	Settings map[string]string

	problems map[string]problem.Problem
	done     map[Key]bool
}

// NewPlan checks every value of c, loads the problems and validates the
// settings of every algorithm against every problem, so that a bad value
// is reported before any run starts. Its errors name the bad value.
func NewPlan(c Config) (*Plan, error) {
	switch {
	case len(c.Algos) == 0:
		return nil, errors.New("-algo: no algorithm given")
	case len(c.Problems) == 0:
		return nil, errors.New("-problem: no problem given")
	case c.Dim < 1:
		return nil, fmt.Errorf("-dim %d: must be a positive dimension", c.Dim)
	case c.Dim > MaxDim:
		return nil, fmt.Errorf("-dim %d: at most %d", c.Dim, MaxDim)
	case c.Runs < 1:
		return nil, fmt.Errorf("-runs %d: must be at least 1", c.Runs)
	case c.Runs > MaxRuns:
		return nil, fmt.Errorf("-runs %d: at most %d", c.Runs, MaxRuns)
	case c.Seed > math.MaxUint64-uint64(c.Runs-1):
		// run r uses Seed + r: it must not wrap around to reuse seed 0, 1, …
		return nil, fmt.Errorf("-seed %d: with -runs %d the last run's seed -seed + %d passes 2^64 − 1; at most %d", c.Seed, c.Runs, c.Runs-1, uint64(math.MaxUint64)-uint64(c.Runs-1))
	case c.FES < 0:
		return nil, fmt.Errorf("-fes %d: must be at least 1 (0 = 20000·D)", c.FES)
	case c.FES > MaxRecordFES || DefaultFES(c.Dim) > MaxRecordFES:
		return nil, fmt.Errorf("-fes %d: at most %d evaluations per run", max(c.FES, DefaultFES(c.Dim)), MaxRecordFES)
	case c.Shard.Count < 0 || (c.Shard.Count > 0 && (c.Shard.Index < 1 || c.Shard.Index > c.Shard.Count)):
		return nil, fmt.Errorf("-shard %d/%d: want i/n with 1 ≤ i ≤ n", c.Shard.Index, c.Shard.Count)
	}
	pl := &Plan{Config: c, MaxFES: c.FES, problems: map[string]problem.Problem{},
		Labels: map[string]string{}, Settings: map[string]string{}, done: map[Key]bool{}}
	if pl.MaxFES == 0 {
		pl.MaxFES = DefaultFES(c.Dim)
	}
	algos := slices.Clone(c.Algos)
	for i, a := range algos {
		if _, err := solver.Lookup(a); err != nil {
			return nil, err
		}
		if slices.Contains(algos[:i], a) {
			return nil, fmt.Errorf("-algo: %s listed twice", a)
		}
	}
	slices.SortStableFunc(algos, compareAlgo)
	if err := checkAssignments(algos, c.Dim, c.Set); err != nil {
		return nil, err
	}
	opts := suite.Options{Data: c.Data, DataDir: c.DataDir}
	var names []string
	for _, name := range c.Problems {
		var p problem.Problem
		var err error
		if def, ok := c.Typed[name]; ok {
			p, err = def.Compile(c.Dim)
		} else {
			p, err = suite.New(name, c.Dim, opts)
		}
		if err != nil {
			return nil, fmt.Errorf("-problem %s: %v", name, err)
		}
		canon := CanonicalProblem(p.Name())
		if _, dup := pl.problems[canon]; dup {
			return nil, fmt.Errorf("-problem: %s listed twice", canon)
		}
		pl.problems[canon] = p
		if pl.Labels[canon], err = dataLabel(c, name); err != nil {
			return nil, fmt.Errorf("-problem %s: %v", name, err)
		}
		names = append(names, canon)
		for _, a := range algos {
			s, err := NewSettings(a, c.Dim, c.Set)
			if err != nil {
				return nil, err
			}
			if err := s.Validate(p); err != nil {
				return nil, fmt.Errorf("%s on %s: %v", a, canon, err)
			}
			pl.Settings[a] = FormatSettings(s)
		}
	}
	slices.Sort(names)
	pl.Algos, pl.Problems = algos, names
	pl.GridSize = len(algos) * len(names) * c.Runs
	if pl.ShardSize() == 0 {
		return nil, fmt.Errorf("-shard %d/%d: the grid has only %d runs, so shard %d is empty (use at most %d shards)",
			c.Shard.Index, c.Shard.Count, pl.GridSize, c.Shard.Index, pl.GridSize)
	}
	return pl, nil
}

// dataLabel returns the Record.Data of problem name under c.
func dataLabel(c Config, name string) (string, error) {
	if _, ok := c.Typed[name]; ok {
		return DataNone, nil
	}
	files, err := suite.DataFiles(name, c.Dim)
	switch {
	case err != nil && (c.Data != nil || c.DataDir != ""):
		return "", err
	case err != nil:
		// a CEC problem at a dimension without official files (D = 2,
		// D = 20): it runs on generated data, and its record says so
		return DataGenerated, nil
	case len(files) == 0:
		return DataNone, nil
	}
	label := c.Label
	if label == nil {
		label = labelOf
	}
	switch {
	case c.DataDir != "":
		return label(os.DirFS(c.DataDir), files)
	case c.Data != nil:
		return label(c.Data, files)
	}
	return DataGenerated, nil
}

// Job returns the job at grid index k (0 ≤ k < GridSize).
func (pl *Plan) Job(k int) Job {
	r := k % pl.Runs
	p := (k / pl.Runs) % len(pl.Problems)
	a := k / (pl.Runs * len(pl.Problems))
	return Job{Index: k, Algo: pl.Algos[a], Problem: pl.Problems[p], Run: r, Seed: pl.Seed + uint64(r)}
}

// ShardSize counts the grid jobs of the plan's shard, done or not.
func (pl *Plan) ShardSize() int {
	if pl.Shard.Count <= 1 {
		return pl.GridSize
	}
	first := pl.Shard.Index - 1
	if first >= pl.GridSize {
		return 0
	}
	return (pl.GridSize-first-1)/pl.Shard.Count + 1
}

// NumJobs counts the jobs still to run: the shard's jobs less those marked
// done by Resume.
func (pl *Plan) NumJobs() int { return pl.ShardSize() - len(pl.done) }

// Jobs yields the jobs still to run, in canonical order, computing each
// from its grid index.
func (pl *Plan) Jobs() iter.Seq[Job] {
	return func(yield func(Job) bool) {
		step, first := 1, 0
		if pl.Shard.Count > 1 {
			step, first = pl.Shard.Count, pl.Shard.Index-1
		}
		for k := first; k < pl.GridSize; k += step {
			j := pl.Job(k)
			if pl.done[Key{j.Algo, j.Problem, pl.Dim, j.Run}] {
				continue
			}
			if !yield(j) {
				return
			}
		}
	}
}

// Resume marks the runs of recs as done, so that Jobs skips them, after
// checking that each is a run of this plan's shard exactly as the plan
// would make it: same algorithm, settings, problem, dimension, data, budget,
// run and seed. A record that does not match, or a run given twice, is an
// error naming it with where(i) and the field that differs; then nothing
// is marked.
func (pl *Plan) Resume(recs []Record, where func(i int) string) error {
	done := map[Key]int{}
	for i, r := range recs {
		if err := pl.matches(r); err != nil {
			return fmt.Errorf("%s: %s: %v", where(i), r.Key(), err)
		}
		if j, dup := done[r.Key()]; dup {
			return fmt.Errorf("%s: %s: the same run as %s", where(i), r.Key(), where(j))
		}
		done[r.Key()] = i
	}
	for k := range done {
		pl.done[k] = true
	}
	return nil
}

// matches reports how record r differs from the run the plan would make.
func (pl *Plan) matches(r Record) error {
	pi := slices.Index(pl.Problems, r.Problem)
	ai := slices.Index(pl.Algos, r.Algo)
	switch {
	case ai < 0:
		return fmt.Errorf("algorithm %q is not in -algo %s", r.Algo, strings.Join(pl.Algos, ","))
	case pi < 0:
		return fmt.Errorf("problem %q is not in -problem %s", r.Problem, strings.Join(pl.Problems, ","))
	case r.Dim != pl.Dim:
		return fmt.Errorf(`"dim" %d, this grid -dim %d`, r.Dim, pl.Dim)
	case r.Run < 0 || r.Run >= pl.Runs:
		return fmt.Errorf(`"run" %d is outside -runs %d (runs 0..%d)`, r.Run, pl.Runs, pl.Runs-1)
	case r.Seed != pl.Seed+uint64(r.Run):
		return fmt.Errorf(`"seed" %d, this grid %d (-seed %d + run %d)`, r.Seed, pl.Seed+uint64(r.Run), pl.Seed, r.Run)
	case r.MaxFES != pl.MaxFES:
		return fmt.Errorf(`"maxfes" %d, this grid %d`, r.MaxFES, pl.MaxFES)
	case r.Settings != pl.Settings[r.Algo]:
		return fmt.Errorf(`"settings" %q, this grid %q`, r.Settings, pl.Settings[r.Algo])
	case r.Data != pl.Labels[r.Problem]:
		return fmt.Errorf(`"data" %q, this grid %q`, r.Data, pl.Labels[r.Problem])
	}
	k := (ai*len(pl.Problems)+pi)*pl.Runs + r.Run
	if !pl.Shard.Has(k) {
		return fmt.Errorf("grid job %d is not in -shard %d/%d", k+1, pl.Shard.Index, pl.Shard.Count)
	}
	return nil
}

// Hooks receive the results of Execute. Every hook is called from one
// goroutine; an error from Done or Emit stops the execution.
type Hooks struct {
	// Done receives every record as soon as its run finishes, in
	// completion order (which depends on the scheduling): the place to
	// append it to a file, so that a killed process loses only the runs in
	// progress. It may be nil.
	Done func(Record) error
	// Emit receives every finished record in canonical (job) order, each
	// once every earlier job has finished. It may be nil.
	Emit func(Record) error
	// Finished is called once per finished run, after Done, with the
	// number finished so far and the run's duration. It may be nil.
	Finished func(n int, d time.Duration)
}

// Outcome tells how far Execute got.
type Outcome struct {
	// Finished counts the runs that finished; Done and Emitted those
	// passed to the hooks without error.
	Finished, Done, Emitted int
}

// Execute runs the plan's jobs on workers goroutines (runtime.NumCPU()
// when workers < 1). When ctx is cancelled or a run fails, no new run
// starts, runs in progress are abandoned at their next generation, every
// finished record is still passed to Done and Emit (to Emit in job order)
// and Execute returns ctx's error or the run's error.
func (pl *Plan) Execute(ctx context.Context, workers int, h Hooks) (Outcome, error) {
	if workers < 1 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, max(1, pl.NumJobs()))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	c := &collector{h: h, cancel: cancel, pending: map[int]Record{}}
	for r := range pl.startJobs(ctx, workers) {
		c.take(r)
	}
	c.flush()
	if c.firstErr != nil {
		return c.out, c.firstErr
	}
	if err := ctx.Err(); err != nil && c.out.Finished < pl.NumJobs() {
		return c.out, err
	}
	return c.out, nil
}

// jobTask is a job with its place in canonical order; jobResult is its
// run's record or error and duration.
type (
	jobTask struct {
		seq int
		job Job
	}
	jobResult struct {
		jobTask
		rec Record
		err error
		dur time.Duration
	}
)

// startJobs runs the plan's jobs in canonical order on workers goroutines,
// no new one once ctx is done, and returns their results in completion
// order; the channel is closed when every worker has stopped.
func (pl *Plan) startJobs(ctx context.Context, workers int) <-chan jobResult {
	tasks := make(chan jobTask)
	results := make(chan jobResult)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range tasks {
				t0 := time.Now()
				rec, err := pl.runJob(ctx, t.job)
				results <- jobResult{t, rec, err, time.Since(t0)}
			}
		}()
	}
	go func() {
		defer close(tasks)
		seq := 0
		for j := range pl.Jobs() {
			select {
			case tasks <- jobTask{seq, j}:
				seq++
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()
	return results
}

// collector passes Execute's results to the hooks: each to Done as it
// comes, to Emit in job order. The first error (a run's, Done's or
// Emit's) cancels the execution; after it Done (when it failed) and Emit
// take no more records.
type collector struct {
	h      Hooks
	cancel context.CancelFunc
	out    Outcome

	firstErr               error
	doneFailed, emitFailed bool
	pending                map[int]Record // finished, waiting for Emit, by job order
	next                   int            // the job Emit waits for
}

// fail records err if it is the first error, and cancels the execution.
func (c *collector) fail(err error) {
	if c.firstErr == nil {
		c.firstErr = err
		c.cancel()
	}
}

func (c *collector) emit(rec Record) {
	if err := c.h.Emit(rec); err != nil {
		c.emitFailed = true
		c.fail(err)
		return
	}
	c.out.Emitted++
}

// take handles one result: a run's error (not a cancellation) stops the
// execution; a record goes to Done and Finished, and to Emit with every
// record after it in job order that has finished.
func (c *collector) take(r jobResult) {
	if r.err != nil {
		if !errors.Is(r.err, context.Canceled) && !errors.Is(r.err, context.DeadlineExceeded) {
			j := r.job
			c.fail(fmt.Errorf("%s on %s run %d (seed %d): %w", j.Algo, j.Problem, j.Run, j.Seed, r.err))
		}
		return
	}
	c.out.Finished++
	if c.h.Done != nil && !c.doneFailed {
		if err := c.h.Done(r.rec); err != nil {
			c.doneFailed = true
			c.fail(err)
		} else {
			c.out.Done++
		}
	}
	if c.h.Finished != nil {
		c.h.Finished(c.out.Finished, r.dur)
	}
	if c.h.Emit == nil {
		return
	}
	c.pending[r.seq] = r.rec
	for c.firstErr == nil && !c.emitFailed {
		rec, ok := c.pending[c.next]
		if !ok {
			break
		}
		delete(c.pending, c.next)
		c.next++
		c.emit(rec)
	}
}

// flush emits, when the execution stopped early, whatever else finished,
// still in job order.
func (c *collector) flush() {
	if c.h.Emit == nil {
		return
	}
	for _, seq := range slices.Sorted(maps.Keys(c.pending)) {
		if c.emitFailed {
			break
		}
		c.emit(c.pending[seq])
	}
}

// runJob performs one run with Step, sampling the best-so-far.
func (pl *Plan) runJob(ctx context.Context, j Job) (Record, error) {
	p := pl.problems[j.Problem]
	s, err := NewSettings(j.Algo, pl.Dim, pl.Set)
	if err != nil {
		return Record{}, err
	}
	rec, err := RunOne(ctx, p, s, j.Seed, pl.MaxFES)
	if err != nil {
		return Record{}, err
	}
	rec.Algo, rec.Problem, rec.Run, rec.Data = j.Algo, j.Problem, j.Run, pl.Labels[j.Problem]
	return rec, nil
}

// RunOne runs settings on p with seed and budget maxFES through
// solver.Solver.Step and returns its record (Algo, Problem and Run left for
// the caller to fill). It stops with ctx's error when ctx is cancelled
// between two generations.
func RunOne(ctx context.Context, p problem.Problem, s solver.Settings, seed uint64, maxFES int) (Record, error) {
	sv, err := solver.New(p, s, seed, maxFES)
	if err != nil {
		return Record{}, err
	}
	rc := NewRecorder(p, s, seed, maxFES)
	for !sv.Done() {
		if err := ctx.Err(); err != nil {
			return Record{}, err
		}
		snap, err := sv.Step()
		if err != nil {
			return Record{}, err
		}
		rc.Observe(&snap)
	}
	return rc.Record()
}

// Recorder makes the record of one run from its generations: whoever steps
// a solver (RunOne here, a run of the browser's experiment view in
// internal/play) passes it every snapshot in order, and gets the same
// record for the same run.
type Recorder struct {
	rec    Record
	grid   []int
	maxFES int
	last   solver.Snapshot
	seen   bool
}

// NewRecorder starts the record of a run of settings s on p with seed and
// budget maxFES (Algo is s.Algorithm(); Problem, Run and Data are left for
// the caller to fill).
func NewRecorder(p problem.Problem, s solver.Settings, seed uint64, maxFES int) *Recorder {
	rec := Record{Algo: s.Algorithm(), Problem: p.Name(), Dim: p.Dim(), Seed: seed, MaxFES: maxFES, Settings: FormatSettings(s)}
	grid := CurveGrid(maxFES)
	rec.Curve = Curve{FES: grid, F: make([]float64, 0, len(grid)), V: make([]float64, 0, len(grid))}
	return &Recorder{rec: rec, grid: grid, maxFES: maxFES}
}

// Observe samples the best-so-far of one generation at the CEC checkpoints
// and on the curve's FES grid. snap's slices are not kept.
func (rc *Recorder) Observe(snap *solver.Snapshot) {
	rec, grid, maxFES := &rc.rec, rc.grid, rc.maxFES
	for len(rec.Checkpoints) < len(CheckpointFracs) && snap.FES >= checkpointTarget(CheckpointFracs[len(rec.Checkpoints)], maxFES) {
		rec.Checkpoints = append(rec.Checkpoints, Checkpoint{Frac: CheckpointFracs[len(rec.Checkpoints)], FES: snap.FES, F: snap.Best.F, V: snap.Best.MeanV})
	}
	for len(rec.Curve.F) < len(grid) && snap.FES >= grid[len(rec.Curve.F)] {
		rec.Curve.F = append(rec.Curve.F, snap.Best.F)
		rec.Curve.V = append(rec.Curve.V, snap.Best.MeanV)
	}
	rc.last.FES, rc.last.Best = snap.FES, snap.Best
	rc.last.Best.X = append(rc.last.Best.X[:0], snap.Best.X...)
	rc.seen = true
}

// Curve returns the run's curve so far: the points of CurveGrid(maxFES)
// its generations have reached, sampled as Record's curve is (the same
// values, a prefix of them until the run ends). The slices are copies.
func (rc *Recorder) Curve() Curve {
	c := rc.rec.Curve
	n := len(c.F)
	return Curve{FES: slices.Clone(c.FES[:n]), F: slices.Clone(c.F), V: slices.Clone(c.V)}
}

// Record returns the record of the finished run: an error when the run has
// not used its budget, or when its final best is not finite.
func (rc *Recorder) Record() (Record, error) {
	rec := rc.rec
	if !rc.seen || len(rec.Checkpoints) != len(CheckpointFracs) || len(rec.Curve.F) != len(rc.grid) {
		return Record{}, fmt.Errorf("run ended at FES %d of %d", rc.last.FES, rc.maxFES)
	}
	b := rc.last.Best
	rec.FES = rc.last.FES
	rec.F, rec.V, rec.Counts, rec.BestFES = b.F, b.MeanV, b.Counts, b.FES
	rec.Feasible = b.V == 0
	rec.X = append([]float64(nil), b.X...)
	rec.Checkpoints = slices.Clone(rec.Checkpoints)
	rec.Curve = Curve{FES: slices.Clone(rec.Curve.FES), F: slices.Clone(rec.Curve.F), V: slices.Clone(rec.Curve.V)}
	for _, x := range append([]float64{rec.F, rec.V}, rec.X...) {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return Record{}, fmt.Errorf("final best has a non-finite value (f = %v, v = %v)", rec.F, rec.V)
		}
	}
	return rec, nil
}
