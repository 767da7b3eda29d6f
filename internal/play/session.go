package play

import (
	"errors"
	"math"
	"strconv"
	"time"

	"pcaplay/core/chart"
	"pcaplay/core/problem"
	"pcaplay/core/problem/cec2017"
	"pcaplay/core/solver"
	"pcaplay/core/suite"
	"pcaplay/internal/experiment"
	"pcaplay/internal/play/wire"
)

// Session is one run: the solver, the last generation, the bounded
// convergence history, the last PCA-projection and the landscape's view.
type Session struct {
	// Config is the run's sanitized configuration, Problem its problem,
	// Settings the algorithm's parameters and Solver the run itself.
	Config   Config
	Problem  problem.Problem
	Settings solver.Settings
	Solver   *solver.Solver

	// Last is a copy of the last snapshot (its slices are owned here).
	Last    solver.Snapshot
	HasLast bool
	// History is the convergence record, thinned as it grows (History).
	History History
	// Record is the exact record of the feasible best f (compare mode's
	// scoreboard).
	Record BestRecord
	// Operator is the last PCA-projection, with what the page needs to
	// draw it.
	Operator *Operator
	// Zoom is the landscape's view when D = 2 (see Zoom).
	Zoom Zoom

	opSent *Operator // the operator the last frame carried

	// Data says which CEC 2017 data the run uses; data is the official
	// data loaded by the page (nil: generated, or a teaching problem).
	Data DataInfo
	data *cec2017.Data
	// rec records the run for the experiment view (ConfigureOptions.Record).
	rec *experiment.Recorder
}

// NewSession builds a run from a sanitized Config, on generated data for
// a CEC problem. It does not step.
func NewSession(c Config) (*Session, error) {
	info := dataInfo(experiment.DataGenerated, "")
	if files, err := suite.DataFiles(c.Problem, c.Dim); c.Typed != nil || (err == nil && len(files) == 0) {
		info = dataInfo(experiment.DataNone, "")
	}
	return buildSession(c, nil, info, false)
}

// newSession builds a run of c on data d (nil: generated), recording it
// when record is set.
func buildSession(c Config, d *cec2017.Data, info DataInfo, record bool) (*Session, error) {
	p, err := c.newProblem(d)
	if err != nil {
		return nil, err
	}
	alg, err := solver.Lookup(c.Algo)
	if err != nil {
		return nil, err
	}
	s := alg.Defaults(c.Dim)
	for _, pr := range s.Params() {
		if v, ok := c.Params[pr.Key]; ok {
			if err := solver.SetParam(s, pr.Key, v); err != nil {
				return nil, err
			}
		}
	}
	sv, err := solver.New(p, s, c.Seed, c.FES)
	if err != nil {
		return nil, err
	}
	ss := &Session{Config: c, Problem: p, Settings: s, Solver: sv, Data: info, data: d}
	if record {
		ss.rec = experiment.NewRecorder(p, s, c.Seed, c.FES)
	}
	return ss, nil
}

// Restart returns a fresh run of the same Config, with the same view
// settings (zoom on or off, grid); the zoom window is fitted again.
func (s *Session) Restart() (*Session, error) {
	ns, err := buildSession(s.Config, s.data, s.Data, s.rec != nil)
	if err != nil {
		return nil, err
	}
	ns.Zoom = Zoom{On: s.Zoom.On, Grid: s.Zoom.Grid}
	return ns, nil
}

// Step advances up to n generations, stopping early when the run is done
// or when stop() reports true (checked after each generation). It returns
// how many generations were applied.
func (s *Session) Step(n int, stop func() bool) (int, error) {
	done := 0
	for done < n && !s.Solver.Done() {
		snap, err := s.Solver.Step()
		if errors.Is(err, solver.ErrDone) {
			break
		}
		if err != nil {
			return done, wire.Errorf(wire.CodeRunFailed, "%v", err)
		}
		if s.rec != nil {
			s.rec.Observe(&snap)
		}
		s.keep(&snap)
		done++
		if stop != nil && stop() {
			break
		}
	}
	return done, nil
}

// keep copies what the page needs out of a snapshot.
func (s *Session) keep(snap *solver.Snapshot) {
	l := &s.Last
	x, f, v, bx := l.X, l.F, l.V, l.Best.X
	*l = *snap
	l.X = append(x[:0], snap.X...)
	l.F = append(f[:0], snap.F...)
	l.V = append(v[:0], snap.V...)
	l.Best.X = append(bx[:0], snap.Best.X...)
	l.PCA, l.PCATrials, l.Adaptation = nil, nil, nil
	s.HasLast = true

	pt := chart.Point{FES: snap.FES, BestF: snap.Best.F, BestV: snap.Best.V,
		Feasible: snap.FeasibleFraction(), PopSize: snap.PopSize()}
	if a := snap.Adaptation; a != nil {
		pt.StrategyProb = append([]float64(nil), a.StrategyProb...)
		pt.MeanF = append([]float64(nil), a.MeanF...)
		pt.MeanCR = append([]float64(nil), a.MeanCR...)
	}
	s.History.Add(pt, snap.Generation)
	s.Record.Add(snap.FES, snap.Best.F, snap.Best.V)
	if snap.PCA != nil && s.rec == nil {
		s.Operator = newOperator(snap)
	}
}

// Status is the run's state as the page reports it.
type Status struct {
	FES        int     `js:"fes"`
	MaxFES     int     `js:"maxFES"`
	Generation int     `js:"generation"`
	Done       bool    `js:"done"`
	BestF      float64 `js:"bestF"`
	BestV      float64 `js:"bestV"`
	Feasible   bool    `js:"feasible"`
	FeasFrac   float64 `js:"feasibleFraction"`
	PopSize    int     `js:"popSize"`
}

// Status returns the state after the last applied generation.
func (s *Session) Status() Status {
	st := Status{MaxFES: s.Config.FES, BestF: math.NaN(), BestV: math.NaN()}
	if s.HasLast {
		l := &s.Last
		st.FES, st.Generation, st.Done = l.FES, l.Generation, s.Solver.Done()
		st.BestF, st.BestV, st.Feasible = l.Best.F, l.Best.V, l.Best.V == 0
		st.FeasFrac, st.PopSize = l.FeasibleFraction(), l.PopSize()
	}
	return st
}

// Points per series of the convergence chart: a paused run's history is
// thinned to ChartPoints, and to ChartPointsPlaying while it plays (the page
// redraws the chart twice a second then, and ECharts' main-thread time
// grows with the points).
const (
	ChartPoints        = 400
	ChartPointsPlaying = 100
)

func (s *Session) convergenceOptions(maxPoints int) chart.ConvergenceOptions {
	if maxPoints <= 0 {
		maxPoints = ChartPoints
	}
	title := s.Config.Algo + " on " + s.Config.Problem + ", D=" + strconv.Itoa(s.Config.Dim)
	return chart.ConvergenceOptions{Title: title, MaxPoints: maxPoints}
}

// ConvergenceJSON returns the convergence chart's ECharts option with at
// most maxPoints points per series (ChartPoints when ≤ 0).
func (s *Session) ConvergenceJSON(maxPoints int) ([]byte, error) {
	return chart.Convergence(s.History.Points(), s.convergenceOptions(maxPoints))
}

// ConvergenceParts returns the convergence chart as one option per panel
// (chart.ConvergenceParts), as the page draws it.
func (s *Session) ConvergenceParts(maxPoints int) ([][]byte, error) {
	return chart.ConvergenceParts(s.History.Points(), s.convergenceOptions(maxPoints))
}

// StepOptions say how far Advance goes and what its frame carries.
type StepOptions struct {
	// N is the most generations to apply (0: none, only a frame).
	N int `js:"n"`
	// UntilFES stops once the run has used at least this many evaluations
	// (0: no such limit). Runs that spend different FES per generation
	// advance in lockstep by FES with it: each goes to the same target.
	UntilFES int `js:"untilFES"`
	// MaxMs stops after this much wall time (0: no limit); at least one
	// generation is applied when N ≥ 1.
	MaxMs float64 `js:"maxMs"`
	// Chart, Playing, PC and Op are the FrameOptions of the frame.
	Chart   bool `js:"chart"`
	Playing bool `js:"playing"`
	PC      int  `js:"pc"`
	Op      bool `js:"op"`
}

// Frame returns the frame options of o.
func (o StepOptions) Frame() FrameOptions {
	return FrameOptions{Chart: o.Chart, Playing: o.Playing, PC: o.PC, Op: o.Op}
}

// FrameOptions say what a frame carries besides the status and points.
type FrameOptions struct {
	// Chart: the convergence chart, one option per panel ("charts").
	Chart bool `js:"chart"`
	// Playing thins the chart to ChartPointsPlaying points per series.
	Playing bool `js:"playing"`
	// PC (D > 2): the principal-component view; PC > 1 also samples a
	// PC×PC contour of the plane (PC = 1: points only).
	PC int `js:"pc"`
	// Op: the last operator even when an earlier frame carried it.
	Op bool `js:"op"`
}

// Advance applies generations as o says and returns the frame after them.
func (s *Session) Advance(o StepOptions) (*Frame, error) {
	if o.N < 0 {
		return nil, wire.Errorf(wire.CodeBadArgument, "n = %d: must be ≥ 0", o.N)
	}
	if o.UntilFES < 0 {
		return nil, wire.Errorf(wire.CodeBadArgument, "untilFES = %d: must be ≥ 0", o.UntilFES)
	}
	if math.IsNaN(o.MaxMs) || o.MaxMs < 0 {
		return nil, wire.Errorf(wire.CodeBadArgument, "maxMs = %v: must be ≥ 0", o.MaxMs)
	}
	var deadline time.Time
	if o.MaxMs > 0 {
		deadline = time.Now().Add(time.Duration(o.MaxMs * float64(time.Millisecond)))
	}
	var stop func() bool
	if o.MaxMs > 0 || o.UntilFES > 0 {
		stop = func() bool {
			return (o.UntilFES > 0 && s.Solver.FES() >= o.UntilFES) || (o.MaxMs > 0 && time.Now().After(deadline))
		}
	}
	n := o.N
	if o.UntilFES > 0 && s.HasLast && s.Solver.FES() >= o.UntilFES {
		n = 0 // already there
	}
	applied, err := s.Step(n, stop)
	if err != nil {
		return nil, err
	}
	return s.Frame(applied, o.Frame())
}
