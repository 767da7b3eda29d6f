package experiment

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"time"

	"pcaplay/core/problem"
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
	// DataDir is the official CEC 2017 data; "" means generated data.
	DataDir string
	// Set are parameter assignments (ParseSet).
	Set []Assignment
	// Shard restricts the grid; the zero value means all of it.
	Shard Shard
}

// Job is one run of the grid.
type Job struct {
	// Index is the job's position in the full grid (before sharding).
	Index   int
	Algo    string
	Problem string
	Run     int
	Seed    uint64
}

// Plan is a validated Config with its problems loaded.
type Plan struct {
	Config
	MaxFES int
	// Jobs are the selected jobs in canonical order; GridSize counts the
	// full grid.
	Jobs     []Job
	GridSize int

	problems map[string]problem.Problem
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
	case c.Runs < 1:
		return nil, fmt.Errorf("-runs %d: must be at least 1", c.Runs)
	case c.FES < 0:
		return nil, fmt.Errorf("-fes %d: must be at least 1 (0 = 20000·D)", c.FES)
	case c.Shard.Count < 0 || (c.Shard.Count > 0 && (c.Shard.Index < 1 || c.Shard.Index > c.Shard.Count)):
		return nil, fmt.Errorf("-shard %d/%d: want i/n with 1 ≤ i ≤ n", c.Shard.Index, c.Shard.Count)
	}
	pl := &Plan{Config: c, MaxFES: c.FES, problems: map[string]problem.Problem{}}
	if pl.MaxFES == 0 {
		pl.MaxFES = DefaultFES(c.Dim)
	}
	algos := append([]string(nil), c.Algos...)
	for _, a := range algos {
		if _, err := solver.Lookup(a); err != nil {
			return nil, err
		}
	}
	if err := checkAssignments(algos, c.Dim, c.Set); err != nil {
		return nil, err
	}
	var names []string
	for _, name := range c.Problems {
		p, err := suite.New(name, c.Dim, suite.Options{DataDir: c.DataDir})
		if err != nil {
			return nil, fmt.Errorf("-problem %s: %v", name, err)
		}
		canon := CanonicalProblem(p.Name())
		if _, dup := pl.problems[canon]; dup {
			return nil, fmt.Errorf("-problem: %s listed twice", canon)
		}
		pl.problems[canon] = p
		names = append(names, canon)
		for _, a := range algos {
			s, err := NewSettings(a, c.Dim, c.Set)
			if err != nil {
				return nil, err
			}
			if err := s.Validate(p); err != nil {
				return nil, fmt.Errorf("%s on %s: %v", a, canon, err)
			}
		}
	}
	var keys []Key
	for _, a := range algos {
		for _, p := range names {
			for r := 0; r < c.Runs; r++ {
				keys = append(keys, Key{a, p, c.Dim, r})
			}
		}
	}
	sortKeys(keys)
	pl.GridSize = len(keys)
	for i, k := range keys {
		if c.Shard.Has(i) {
			pl.Jobs = append(pl.Jobs, Job{Index: i, Algo: k.Algo, Problem: k.Problem, Run: k.Run, Seed: c.Seed + uint64(k.Run)})
		}
	}
	return pl, nil
}

func sortKeys(k []Key) { slices.SortFunc(k, CompareKeys) }

// Hooks receive the results of Execute.
type Hooks struct {
	// Emit receives every finished record in canonical (job) order; it is
	// called from one goroutine. An error from Emit stops the execution.
	Emit func(Record) error
	// Finished is called, from the same goroutine, once per finished run as
	// it finishes (any order) with the number finished so far and the run's
	// duration. It may be nil.
	Finished func(n int, d time.Duration)
}

// Outcome tells how far Execute got.
type Outcome struct {
	// Finished counts the runs that finished; Emitted those passed to Emit.
	Finished, Emitted int
}

// Execute runs the plan's jobs on workers goroutines (runtime.NumCPU()
// when workers < 1). Records are emitted in job order as soon as every
// earlier job has finished. When ctx is cancelled or a run fails, no new
// run starts, runs in progress are abandoned at their next generation,
// every finished record is still emitted (in job order) and Execute
// returns ctx's error or the run's error.
func (pl *Plan) Execute(ctx context.Context, workers int, h Hooks) (Outcome, error) {
	if workers < 1 {
		workers = runtime.NumCPU()
	}
	workers = min(workers, max(1, len(pl.Jobs)))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	type result struct {
		i   int
		rec Record
		err error
		dur time.Duration
	}
	jobs := make(chan int)
	results := make(chan result)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				j := pl.Jobs[i]
				t0 := time.Now()
				rec, err := pl.runJob(ctx, j)
				results <- result{i, rec, err, time.Since(t0)}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range pl.Jobs {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	var out Outcome
	var firstErr error
	emitFailed := false
	done := make([]bool, len(pl.Jobs))
	recs := make([]Record, len(pl.Jobs))
	next := 0
	fail := func(err error) {
		if firstErr == nil {
			firstErr = err
			cancel()
		}
	}
	for r := range results {
		if r.err != nil {
			if !errors.Is(r.err, context.Canceled) && !errors.Is(r.err, context.DeadlineExceeded) {
				j := pl.Jobs[r.i]
				fail(fmt.Errorf("%s on %s run %d (seed %d): %w", j.Algo, j.Problem, j.Run, j.Seed, r.err))
			}
			continue
		}
		done[r.i], recs[r.i] = true, r.rec
		out.Finished++
		if h.Finished != nil {
			h.Finished(out.Finished, r.dur)
		}
		for firstErr == nil && next < len(done) && done[next] {
			if err := h.Emit(recs[next]); err != nil {
				emitFailed = true
				fail(err)
				break
			}
			recs[next] = Record{}
			next++
			out.Emitted++
		}
	}
	// Stopped early: emit whatever else finished, still in job order.
	for i := next; !emitFailed && i < len(done); i++ {
		if !done[i] {
			continue
		}
		if err := h.Emit(recs[i]); err != nil {
			emitFailed = true
			fail(err)
			break
		}
		out.Emitted++
	}
	if firstErr != nil {
		return out, firstErr
	}
	if err := ctx.Err(); err != nil && out.Finished < len(pl.Jobs) {
		return out, err
	}
	return out, nil
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
	rec.Algo, rec.Problem, rec.Run = j.Algo, j.Problem, j.Run
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
	rec := Record{Algo: s.Algorithm(), Problem: p.Name(), Dim: p.Dim(), Seed: seed, MaxFES: maxFES, Settings: FormatSettings(s)}
	grid := CurveGrid(maxFES)
	rec.Curve = Curve{FES: grid, F: make([]float64, 0, len(grid)), V: make([]float64, 0, len(grid))}
	var last solver.Snapshot
	for !sv.Done() {
		if err := ctx.Err(); err != nil {
			return Record{}, err
		}
		snap, err := sv.Step()
		if err != nil {
			return Record{}, err
		}
		for len(rec.Checkpoints) < len(CheckpointFracs) && snap.FES >= checkpointTarget(CheckpointFracs[len(rec.Checkpoints)], maxFES) {
			rec.Checkpoints = append(rec.Checkpoints, Checkpoint{Frac: CheckpointFracs[len(rec.Checkpoints)], FES: snap.FES, F: snap.Best.F, V: snap.Best.MeanV})
		}
		for len(rec.Curve.F) < len(grid) && snap.FES >= grid[len(rec.Curve.F)] {
			rec.Curve.F = append(rec.Curve.F, snap.Best.F)
			rec.Curve.V = append(rec.Curve.V, snap.Best.MeanV)
		}
		last = snap
	}
	if len(rec.Checkpoints) != len(CheckpointFracs) || len(rec.Curve.F) != len(grid) {
		return Record{}, fmt.Errorf("run ended at FES %d of %d", last.FES, maxFES)
	}
	b := last.Best
	rec.FES = last.FES
	rec.F, rec.V, rec.Counts, rec.BestFES = b.F, b.MeanV, b.Counts, b.FES
	rec.Feasible = b.V == 0
	rec.X = append([]float64(nil), b.X...)
	for _, x := range append([]float64{rec.F, rec.V}, rec.X...) {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return Record{}, fmt.Errorf("final best has a non-finite value (f = %v, v = %v)", rec.F, rec.V)
		}
	}
	return rec, nil
}
