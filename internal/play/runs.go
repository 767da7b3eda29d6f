package play

import (
	"strconv"

	"pcaplay/internal/play/wire"
)

// Runs holds the runs of one module (one Web Worker) by id, so that several
// runs can live side by side: the two runs of compare mode in one worker, or
// one run at a time in each worker of a pool. Ids are never reused.
type Runs struct {
	next int
	m    map[int]*Session // nil: open but not configured yet
	// the official data loaded by the page (data.go), and why a load failed
	data    map[dataKey]loadedData
	dataErr map[dataKey]string
	zoom    Zoom     // compare mode's shared landscape window (Compare)
	seeds   *seedSet // compare mode's runs on every seed (Compare with seeds)
}

// NewRuns returns an empty set of runs.
func NewRuns() *Runs { return &Runs{m: map[int]*Session{}} }

// Open returns the id of a new, unconfigured run.
func (r *Runs) Open() int {
	r.next++
	r.m[r.next] = nil
	return r.next
}

// Close forgets run id (its memory can be collected).
func (r *Runs) Close(id int) error {
	if _, ok := r.m[id]; !ok {
		return wire.Errorf(wire.CodeNoRun, "run %d is not open", id)
	}
	delete(r.m, id)
	return nil
}

// Len returns the number of open runs.
func (r *Runs) Len() int { return len(r.m) }

// Session returns run id's session.
func (r *Runs) Session(id int) (*Session, error) {
	s, ok := r.m[id]
	switch {
	case !ok:
		return nil, wire.Errorf(wire.CodeNoRun, "run %d is not open (open one first)", id)
	case s == nil:
		return nil, wire.Errorf(wire.CodeNoRun, "run %d has no configuration yet: configure it first", id)
	}
	return s, nil
}

// ConfigureOptions say how a new run is shown.
type ConfigureOptions struct {
	View  ViewOptions  `js:"view"`
	Frame FrameOptions `js:"frame"`
	// Record makes the run keep its record (experiment.Recorder) for
	// Runs.Record: a run of the experiment view. Such a run keeps no
	// operator view (its frames carry no op).
	Record bool `js:"record"`
}

// Configured is a new run as the page needs it: the sanitized configuration
// with its notices, the parameters for the controls, the box, and the first
// frame (the initial population, generation 0) with, for D = 2, the contour
// of the landscape's window.
type Configured struct {
	// Config is the sanitized configuration as URL values (Config.Values).
	Config  map[string]string `js:"config"`
	Notices []Notice          `js:"notices"`
	Params  []ParamInfo       `js:"params"`
	Lower   []float64         `js:"lower"`
	Upper   []float64         `js:"upper"`
	NumIneq int               `js:"numIneq"`
	NumEq   int               `js:"numEq"`
	Frame   *Frame            `js:"frame"`
	// Landscape is the 2-D landscape's contour; nil (null) for D ≠ 2.
	Landscape *Contour `js:"landscape"`
	// Data says which CEC 2017 data the run uses (data.go).
	Data DataInfo `js:"data"`
	// Problem describes the run's problem as the catalog does: a problem
	// typed as formulas (typed=) is in no catalog.
	Problem ProblemInfo `js:"problem"`
}

// Configure starts run id afresh from URL values (Sanitize), evaluates its
// initial population and returns what the page shows first. The run's
// previous session, if any, is replaced.
func (r *Runs) Configure(id int, raw map[string]string, o ConfigureOptions) (*Configured, error) {
	if _, ok := r.m[id]; !ok {
		return nil, wire.Errorf(wire.CodeNoRun, "run %d is not open (open one first)", id)
	}
	c, notes, params, err := Sanitize(raw)
	if err != nil {
		return nil, err
	}
	d, info, dataNotes := r.resolveData(c)
	notes = append(notes, dataNotes...)
	s, err := buildSession(c, d, info, o.Record)
	if err != nil {
		return nil, err
	}
	applied, err := s.Step(1, nil)
	if err != nil {
		return nil, err
	}
	o.Frame.Op = true
	f, err := s.Frame(applied, o.Frame)
	if err != nil {
		return nil, err
	}
	land, err := s.View(o.View)
	if err != nil {
		return nil, err
	}
	r.m[id] = s
	if notes == nil {
		notes = []Notice{}
	}
	lo, hi := s.Problem.Bounds()
	return &Configured{Config: c.Values(), Notices: notes, Params: params, Lower: lo, Upper: hi,
		NumIneq: s.Problem.NumIneq(), NumEq: s.Problem.NumEq(), Frame: f, Landscape: land, Data: info,
		Problem: problemInfo(c, !o.Record)}, nil
}

// Reset starts run id again with the same configuration and view settings
// and returns the frame of its initial population.
func (r *Runs) Reset(id int, o FrameOptions) (*Frame, error) {
	s, err := r.Session(id)
	if err != nil {
		return nil, err
	}
	ns, err := s.Restart()
	if err != nil {
		return nil, err
	}
	applied, err := ns.Step(1, nil)
	if err != nil {
		return nil, err
	}
	r.m[id] = ns
	o.Op = true
	return ns.Frame(applied, o)
}

// ParseID reads a run id given as text (as JavaScript may send it).
func ParseID(s string) (int, error) {
	id, err := strconv.Atoi(s)
	if err != nil || id <= 0 {
		return 0, wire.Errorf(wire.CodeBadArgument, "run id %q: want a positive whole number", Cut(s, EchoMax))
	}
	return id, nil
}
