//go:build js && wasm

package main

import (
	"errors"
	"fmt"
	"strconv"
	"syscall/js"
	"time"
	"unsafe"

	"github.com/norunners/vert"

	"pcaplay/core/solver"
	"pcaplay/core/suite"
)

// The module keeps one run (the page's Web Worker owns the module).
var (
	cur    *Session
	opSent *Operator
)

func main() {
	js.Global().Set("pcaplay", API())
	select {}
}

// API returns the object installed as globalThis.pcaplay. Every function
// recovers panics and returns {error: "..."} instead of throwing, so a bug
// in one call never kills the module: the page shows the error and a reset
// builds a fresh run.
func API() js.Value {
	api := js.Global().Get("Object").New()
	api.Set("catalog", guard(catalog))
	api.Set("configure", guard(configure))
	api.Set("reset", guard(reset))
	api.Set("step", guard(step))
	api.Set("status", guard(status))
	api.Set("landscape", guard(landscape))
	api.Set("view", guard(view))
	api.Set("pcview", guard(pcview))
	api.Set("convergence", guard(convergence))
	api.Set("digest", guard(digest))
	api.Set("forcePanic", guard(func([]js.Value) (any, error) { panic("forced panic (test hook)") }))
	return api
}

type handler func(args []js.Value) (any, error)

func guard(h handler) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) (res any) {
		defer func() {
			if r := recover(); r != nil {
				res = errValue(fmt.Sprintf("internal error: %v", r))
			}
		}()
		v, err := h(args)
		if err != nil {
			return errValue(err.Error())
		}
		return v
	})
}

func errValue(msg string) js.Value {
	o := js.Global().Get("Object").New()
	o.Set("error", msg)
	return o
}

// f64 copies a into a new Float64Array.
func f64(a []float64) js.Value {
	arr := js.Global().Get("Float64Array").New(len(a))
	if len(a) > 0 {
		u8 := js.Global().Get("Uint8Array").New(arr.Get("buffer"))
		js.CopyBytesToJS(u8, unsafe.Slice((*byte)(unsafe.Pointer(&a[0])), len(a)*8))
	}
	return arr
}

// u8 copies a into a new Uint8Array.
func u8(a []uint8) js.Value {
	arr := js.Global().Get("Uint8Array").New(len(a))
	js.CopyBytesToJS(arr, a)
	return arr
}

// rawState reads a plain JS object into key → text (values are stringified
// with String(), so numbers and booleans are accepted).
func rawState(v js.Value) map[string]string {
	m := map[string]string{}
	if v.Type() != js.TypeObject {
		return m
	}
	keys := js.Global().Get("Object").Call("keys", v)
	str := js.Global().Get("String")
	for i := 0; i < keys.Length(); i++ {
		k := keys.Index(i).String()
		x := v.Get(k)
		if x.IsUndefined() || x.IsNull() {
			continue
		}
		m[k] = str.Invoke(x).String()
	}
	return m
}

func arg(args []js.Value, i int) js.Value {
	if i < len(args) {
		return args[i]
	}
	return js.Undefined()
}

func num(v js.Value, def float64) float64 {
	if v.Type() == js.TypeNumber {
		return v.Float()
	}
	return def
}

type problemInfo struct {
	Name        string `js:"name"`
	Description string `js:"description"`
	Teaching    bool   `js:"teaching"`
	Dims        []int  `js:"dims"`
	NumIneq     int    `js:"numIneq"`
	NumEq       int    `js:"numEq"`
}

type algoInfo struct {
	Name  string `js:"name"`
	Title string `js:"title"`
	Help  string `js:"help"`
}

type catalogValue struct {
	Problems   []problemInfo `js:"problems"`
	Algorithms []algoInfo    `js:"algorithms"`
}

func catalog([]js.Value) (any, error) {
	var c catalogValue
	for _, in := range suite.List() {
		c.Problems = append(c.Problems, problemInfo{in.Name, in.Description, in.Teaching, in.Dims, in.NumIneq, in.NumEq})
	}
	for _, n := range solver.Names() {
		a, err := solver.Lookup(n)
		if err != nil {
			continue
		}
		c.Algorithms = append(c.Algorithms, algoInfo{a.Name, a.Title, a.Help})
	}
	return vert.ValueOf(c).JSValue(), nil
}

// configure(state) sanitizes the URL state, starts a new run (not stepped
// yet) and returns {config, notices, params, bounds}.
func configure(args []js.Value) (any, error) {
	c, notes, params, err := Sanitize(rawState(arg(args, 0)))
	if err != nil {
		return nil, err
	}
	s, err := NewSession(c)
	if err != nil {
		return nil, err
	}
	cur, opSent = s, nil
	if notes == nil {
		notes = []Notice{}
	}
	cfg := js.Global().Get("Object").New()
	for k, v := range c.Values() {
		cfg.Set(k, v)
	}
	lo, hi := s.P.Bounds()
	o := js.Global().Get("Object").New()
	o.Set("config", cfg)
	o.Set("notices", vert.ValueOf(notes).JSValue())
	o.Set("params", vert.ValueOf(params).JSValue())
	o.Set("lower", f64(lo))
	o.Set("upper", f64(hi))
	o.Set("numIneq", s.P.NumIneq())
	o.Set("numEq", s.P.NumEq())
	return o, nil
}

func session() (*Session, error) {
	if cur == nil {
		return nil, errors.New("no run: call configure first")
	}
	return cur, nil
}

func reset([]js.Value) (any, error) {
	s, err := session()
	if err != nil {
		return nil, err
	}
	ns, err := NewSession(s.Cfg)
	if err != nil {
		return nil, err
	}
	// the view settings outlive the run; the zoom window is fitted again
	ns.Zoom = Zoom{On: s.Zoom.On, Grid: s.Zoom.Grid}
	cur, opSent = ns, nil
	return vert.ValueOf(ns.Status()).JSValue(), nil
}

func status([]js.Value) (any, error) {
	s, err := session()
	if err != nil {
		return nil, err
	}
	return vert.ValueOf(s.Status()).JSValue(), nil
}

// stepOptions is step's argument.
type stepOptions struct {
	N     int     `js:"n"`     // generations wanted (≥ 1)
	MaxMs float64 `js:"maxMs"` // stop early after this much time (0: no limit)
	Chart bool    `js:"chart"` // include the convergence chart, one option per part ("charts")
	// Playing thins the chart to ChartPointsPlaying points per series
	Playing bool `js:"playing"`
	PC      int  `js:"pc"` // D > 2: include the PC view; > 1 also samples an PC×PC grid
	Op      bool `js:"op"` // include the last operator even if it was sent before
}

// step({n, maxMs, chart, playing, pc, op}) applies up to n generations and
// returns the frame the page draws.
func step(args []js.Value) (any, error) {
	s, err := session()
	if err != nil {
		return nil, err
	}
	var o stepOptions
	if a := arg(args, 0); a.Type() == js.TypeObject {
		if err := vert.ValueOf(a).AssignTo(&o); err != nil {
			return nil, fmt.Errorf("step options: %v", err)
		}
	} else if a.Type() == js.TypeNumber {
		o.N = a.Int()
	}
	if o.N < 0 {
		return nil, fmt.Errorf("n = %d: must be ≥ 0", o.N)
	}
	var stop func() bool
	if o.MaxMs > 0 {
		deadline := time.Now().Add(time.Duration(o.MaxMs * float64(time.Millisecond)))
		stop = func() bool { return time.Now().After(deadline) }
	}
	applied, err := s.Step(o.N, stop)
	if err != nil {
		return nil, err
	}
	return frame(s, applied, o)
}

func frame(s *Session, applied int, o stepOptions) (js.Value, error) {
	f := js.Global().Get("Object").New()
	f.Set("applied", applied)
	f.Set("status", vert.ValueOf(s.Status()).JSValue())
	l := &s.Last
	if s.P.Dim() == 2 {
		f.Set("x", f64(l.X))
		if applied > 0 && s.UpdateZoom() {
			c, err := s.ZoomLandscape()
			if err != nil {
				return js.Value{}, err
			}
			f.Set("landscape", contourValue(c))
		}
	}
	f.Set("f", f64(l.F))
	f.Set("v", f64(l.V))
	f.Set("best", f64(l.Best.X))
	f.Set("history", len(s.History))
	if o.Chart {
		pts := ChartPoints
		if o.Playing {
			pts = ChartPointsPlaying
		}
		parts, err := s.ConvergenceParts(pts)
		if err != nil {
			return js.Value{}, err
		}
		a := js.Global().Get("Array").New(len(parts))
		for i, b := range parts {
			a.SetIndex(i, string(b))
		}
		f.Set("charts", a)
	}
	if s.Op != nil && (s.Op != opSent || o.Op) {
		opSent = s.Op
		f.Set("op", operatorValue(s.Op))
	}
	if o.PC > 0 && s.P.Dim() > 2 && s.HasLast {
		grid := o.PC
		if grid == 1 {
			grid = 0
		}
		pv, err := s.PCView(grid)
		if err != nil {
			return js.Value{}, err
		}
		f.Set("pc", pcValue(pv))
	}
	return f, nil
}

func operatorValue(op *Operator) js.Value {
	o := js.Global().Get("Object").New()
	o.Set("generation", op.Generation)
	o.Set("n", op.N)
	o.Set("count", op.Count)
	o.Set("k", op.K)
	o.Set("m", op.M)
	o.Set("selected", f64(op.Selected))
	o.Set("inputs", f64(op.Inputs))
	o.Set("mean", f64(op.Mean))
	o.Set("values", f64(op.Values))
	o.Set("vectors", f64(op.Vectors))
	o.Set("coords", f64(op.Coords))
	o.Set("points", f64(op.Points))
	o.Set("pf", f64(op.PF))
	o.Set("pv", f64(op.PV))
	o.Set("accepted", f64(op.Accepted))
	return o
}

func contourValue(c *Contour) js.Value {
	o := js.Global().Get("Object").New()
	o.Set("nx", c.NX)
	o.Set("ny", c.NY)
	o.Set("extent", f64([]float64{c.X0, c.X1, c.Y0, c.Y1}))
	o.Set("levels", f64(c.Levels))
	o.Set("logScale", c.LogScale)
	o.Set("lines", f64(c.Lines))
	o.Set("lineStart", f64(c.LineStart))
	o.Set("lineKind", f64(c.LineKind))
	o.Set("lineIndex", f64(c.LineIndex))
	o.Set("mask", u8(c.Mask))
	return o
}

func pcValue(pv *PCView) js.Value {
	o := js.Global().Get("Object").New()
	o.Set("generation", pv.Generation)
	o.Set("mean", f64(pv.Mean))
	o.Set("v1", f64(pv.V1))
	o.Set("v2", f64(pv.V2))
	o.Set("values", f64(pv.Values))
	o.Set("coords", f64(pv.Coords))
	o.Set("f", f64(pv.F))
	o.Set("v", f64(pv.V))
	o.Set("best", f64(pv.Best))
	o.Set("variance", string(pv.VarianceJS))
	if pv.Contour != nil {
		o.Set("contour", contourValue(pv.Contour))
	}
	return o
}

// landscape(nx, ny[, x0, x1, y0, y1]) samples the 2-D landscape.
func landscape(args []js.Value) (any, error) {
	s, err := session()
	if err != nil {
		return nil, err
	}
	nx := int(num(arg(args, 0), 160))
	ny := int(num(arg(args, 1), float64(nx)))
	if nx < 2 || nx > 1024 || ny < 2 || ny > 1024 {
		return nil, fmt.Errorf("landscape grid %d×%d: each side must be in [2, 1024]", nx, ny)
	}
	c, err := s.Landscape(nx, ny, num(arg(args, 2), 0), num(arg(args, 3), 0), num(arg(args, 4), 0), num(arg(args, 5), 0))
	if err != nil {
		return nil, err
	}
	return contourValue(c), nil
}

// viewOptions is view's argument.
type viewOptions struct {
	Zoom bool `js:"zoom"` // fit the 2-D landscape to the population (see Zoom)
	Grid int  `js:"grid"` // nodes per side of the landscape grid
}

// view({zoom, grid}) sets how the 2-D landscape is shown and returns its
// contour for the resulting window (null for D ≠ 2). Later frames carry a
// new contour as "landscape" whenever the zoom window changes.
func view(args []js.Value) (any, error) {
	s, err := session()
	if err != nil {
		return nil, err
	}
	o := viewOptions{Grid: 160}
	if a := arg(args, 0); a.Type() == js.TypeObject {
		if err := vert.ValueOf(a).AssignTo(&o); err != nil {
			return nil, fmt.Errorf("view options: %v", err)
		}
	}
	if o.Grid == 0 {
		o.Grid = 160
	}
	if o.Grid < 2 || o.Grid > 1024 {
		return nil, fmt.Errorf("view grid = %d: must be in [2, 1024]", o.Grid)
	}
	s.Zoom.Grid = o.Grid
	s.SetZoom(o.Zoom)
	if s.P.Dim() != 2 {
		return js.Null(), nil
	}
	c, err := s.ZoomLandscape()
	if err != nil {
		return nil, err
	}
	return contourValue(c), nil
}

// pcview(grid) returns the principal-component view of the population.
func pcview(args []js.Value) (any, error) {
	s, err := session()
	if err != nil {
		return nil, err
	}
	pv, err := s.PCView(int(num(arg(args, 0), 64)))
	if err != nil {
		return nil, err
	}
	return pcValue(pv), nil
}

func convergence([]js.Value) (any, error) {
	s, err := session()
	if err != nil {
		return nil, err
	}
	b, err := s.ConvergenceJSON(ChartPoints)
	if err != nil {
		return nil, err
	}
	return string(b), nil
}

// digest(state, steps) runs a fresh, separate run and returns its digest
// (the current run is not touched).
func digest(args []js.Value) (any, error) {
	steps := int(num(arg(args, 1), 50))
	d, err := RunDigest(rawState(arg(args, 0)), steps)
	if err != nil {
		return nil, err
	}
	o := js.Global().Get("Object").New()
	o.Set("hash", strconv.FormatUint(d.Hash, 16))
	o.Set("bestF", d.BestF)
	o.Set("bestV", d.BestV)
	o.Set("fes", d.FES)
	o.Set("generations", d.Generations)
	return o, nil
}
