//go:build js && wasm

package main

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"syscall/js"
	"unsafe"

	"github.com/norunners/vert"

	"pcaplay/core/solver"
	"pcaplay/core/suite"
	"pcaplay/internal/play"
)

// runs are the module's runs by id (several can live side by side).
var runs = play.NewRuns()

func main() {
	js.Global().Set("pcaplay", API())
	select {}
}

// API returns the object installed as globalThis.pcaplay: the commands of
// play.Protocol (see internal/play/protocol.go for their arguments and
// results). Every function recovers panics and returns {error, code}
// instead of throwing, so a bug in one call never kills the module: the page
// shows the error and a reset builds a fresh run.
func API() js.Value {
	api := js.Global().Get("Object").New()
	api.Set("protocol", guard(protocol))
	api.Set("catalog", guard(catalog))
	api.Set("open", guard(func([]js.Value) (any, error) { return runs.Open(), nil }))
	api.Set("close", guard(closeRun))
	api.Set("configure", guard(configure))
	api.Set("step", guard(step))
	api.Set("reset", guard(reset))
	api.Set("view", guard(view))
	api.Set("landscape", guard(landscape))
	api.Set("digest", guard(digest))
	api.Set("memory", guard(memory))
	api.Set("lesson", guard(lessonCmd))
	api.Set("needData", guard(needData))
	api.Set("loadData", guard(loadData))
	api.Set("dataFailed", guard(dataFailed))
	api.Set("record", guard(record))
	api.Set("summarise", guard(summarise))
	api.Set("compareSetup", guard(compareSetup))
	api.Set("compare", guard(compareCmd))
	api.Set("export", guard(exportCmd))
	api.Set("forcePanic", guard(func([]js.Value) (any, error) { panic("forced panic (test hook)") }))
	return api
}

type handler func(args []js.Value) (any, error)

func guard(h handler) js.Func {
	return js.FuncOf(func(_ js.Value, args []js.Value) (res any) {
		defer func() {
			if r := recover(); r != nil {
				res = errValue(play.CodeInternal, fmt.Sprintf("internal error: %v", r))
			}
		}()
		v, err := h(args)
		if err != nil {
			return errValue(play.CodeOf(err), err.Error())
		}
		return v
	})
}

func errValue(code, msg string) js.Value {
	o := object()
	o.Set("error", msg)
	o.Set("code", code)
	return o
}

func object() js.Value { return js.Global().Get("Object").New() }

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

// options reads an options object into o (missing keys keep o's values).
func options(v js.Value, what string, o any) error {
	switch v.Type() {
	case js.TypeUndefined, js.TypeNull:
		return nil
	case js.TypeObject:
		if err := vert.ValueOf(v).AssignTo(o); err != nil {
			return play.Errorf(play.CodeBadArgument, "%s options: %v", what, err)
		}
		return nil
	}
	return play.Errorf(play.CodeBadArgument, "%s options: want an object, got a %s", what, v.Type())
}

// session returns the session of the run id in args[0].
func session(args []js.Value) (*play.Session, error) {
	id, err := runID(arg(args, 0))
	if err != nil {
		return nil, err
	}
	return runs.Session(id)
}

func runID(v js.Value) (int, error) {
	if v.Type() != js.TypeNumber {
		return 0, play.Errorf(play.CodeBadArgument, "run id: want a number from open(), got %s", js.Global().Get("String").Invoke(v).String())
	}
	return play.ParseID(strconv.FormatFloat(v.Float(), 'f', -1, 64))
}

// jsonProtocol is play.Protocol as JSON.
func jsonProtocol() []byte {
	b, err := json.Marshal(play.Protocol())
	if err != nil {
		panic(err)
	}
	return b
}

func protocol([]js.Value) (any, error) {
	return js.Global().Get("JSON").Call("parse", string(jsonProtocol())), nil
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

func closeRun(args []js.Value) (any, error) {
	id, err := runID(arg(args, 0))
	if err != nil {
		return nil, err
	}
	return true, runs.Close(id)
}

// configure(run, state, {view, frame}) starts the run afresh from URL state.
func configure(args []js.Value) (any, error) {
	id, err := runID(arg(args, 0))
	if err != nil {
		return nil, err
	}
	var o play.ConfigureOptions
	if err := options(arg(args, 2), "configure", &o); err != nil {
		return nil, err
	}
	c, err := runs.Configure(id, rawState(arg(args, 1)), o)
	if err != nil {
		return nil, err
	}
	cfg := object()
	for k, v := range c.Config.Values() {
		cfg.Set(k, v)
	}
	r := object()
	r.Set("config", cfg)
	r.Set("notices", vert.ValueOf(c.Notices).JSValue())
	r.Set("params", vert.ValueOf(c.Params).JSValue())
	r.Set("lower", f64(c.Lower))
	r.Set("upper", f64(c.Upper))
	r.Set("numIneq", c.NumIneq)
	r.Set("numEq", c.NumEq)
	r.Set("frame", frameValue(c.Frame))
	r.Set("landscape", contourValue(c.Landscape))
	r.Set("data", vert.ValueOf(c.Data).JSValue())
	return r, nil
}

// needData(state) → {problem, dim, files, loaded}: the official files the
// run of state needs (play.Runs.NeedData).
func needData(args []js.Value) (any, error) {
	n, err := runs.NeedData(rawState(arg(args, 0)))
	if err != nil {
		return nil, err
	}
	o := vert.ValueOf(n).JSValue()
	files := js.Global().Get("Array").New(len(n.Files))
	for i, f := range n.Files {
		files.SetIndex(i, f)
	}
	o.Set("files", files)
	return o, nil
}

// loadData(problem, dim, files, sums) → {label, note}: files maps official
// names to Uint8Arrays, sums names to the SHA-256 of the manifest
// (play.Runs.LoadData).
func loadData(args []js.Value) (any, error) {
	dim := arg(args, 1)
	if dim.Type() != js.TypeNumber {
		return nil, play.Errorf(play.CodeBadArgument, "loadData: dim must be a number")
	}
	files := map[string][]byte{}
	if f := arg(args, 2); f.Type() == js.TypeObject {
		keys := js.Global().Get("Object").Call("keys", f)
		u8 := js.Global().Get("Uint8Array")
		for i := 0; i < keys.Length(); i++ {
			k := keys.Index(i).String()
			v := f.Get(k)
			if !v.InstanceOf(u8) {
				return nil, play.Errorf(play.CodeBadArgument, "loadData: file %s is not a Uint8Array", play.Cut(k, play.EchoMax))
			}
			b := make([]byte, v.Length())
			js.CopyBytesToGo(b, v)
			files[k] = b
		}
	}
	info, err := runs.LoadData(arg(args, 0).String(), dim.Int(), files, rawState(arg(args, 3)))
	if err != nil {
		return nil, err
	}
	return vert.ValueOf(info).JSValue(), nil
}

// dataFailed(problem, dim, reason) → true: the files could not be fetched.
func dataFailed(args []js.Value) (any, error) {
	return true, runs.DataFailed(arg(args, 0).String(), int(num(arg(args, 1), 0)), arg(args, 2).String())
}

// record(run, name, index) → the run's record as one JSON line of the
// cec run -o schema (play.Runs.Record).
func record(args []js.Value) (any, error) {
	id, err := runID(arg(args, 0))
	if err != nil {
		return nil, err
	}
	if arg(args, 2).Type() != js.TypeNumber {
		return nil, play.Errorf(play.CodeBadArgument, "record: the run number must be a number")
	}
	return runs.Record(id, arg(args, 1).String(), arg(args, 2).Int())
}

// reset(run, frameOptions) starts the run again from its configuration.
func reset(args []js.Value) (any, error) {
	id, err := runID(arg(args, 0))
	if err != nil {
		return nil, err
	}
	var o play.FrameOptions
	if err := options(arg(args, 1), "reset", &o); err != nil {
		return nil, err
	}
	f, err := runs.Reset(id, o)
	if err != nil {
		return nil, err
	}
	return frameValue(f), nil
}

// step(run, {n, untilFES, maxMs, chart, playing, pc, op}) applies
// generations and returns the frame the page draws (a number is n).
func step(args []js.Value) (any, error) {
	s, err := session(args)
	if err != nil {
		return nil, err
	}
	var o play.StepOptions
	if a := arg(args, 1); a.Type() == js.TypeNumber {
		o.N = a.Int()
	} else if err := options(a, "step", &o); err != nil {
		return nil, err
	}
	f, err := s.Advance(o)
	if err != nil {
		return nil, err
	}
	return frameValue(f), nil
}

// view(run, {zoom, grid}) sets how the 2-D landscape is shown and returns
// its contour (null for D ≠ 2).
func view(args []js.Value) (any, error) {
	s, err := session(args)
	if err != nil {
		return nil, err
	}
	var o play.ViewOptions
	if err := options(arg(args, 1), "view", &o); err != nil {
		return nil, err
	}
	c, err := s.View(o)
	if err != nil {
		return nil, err
	}
	return contourValue(c), nil
}

// landscape(run, nx, ny[, x0, x1, y0, y1]) samples the 2-D landscape.
func landscape(args []js.Value) (any, error) {
	s, err := session(args)
	if err != nil {
		return nil, err
	}
	nx := int(num(arg(args, 1), play.LandscapeGrid))
	ny := int(num(arg(args, 2), float64(nx)))
	c, err := s.Landscape(nx, ny, num(arg(args, 3), 0), num(arg(args, 4), 0), num(arg(args, 5), 0), num(arg(args, 6), 0))
	if err != nil {
		return nil, err
	}
	return contourValue(c), nil
}

// digest(state, steps) runs a fresh, separate run and returns its digest
// (no open run is touched).
func digest(args []js.Value) (any, error) {
	steps := int(num(arg(args, 1), 50))
	d, err := play.RunDigest(rawState(arg(args, 0)), steps)
	if err != nil {
		return nil, err
	}
	o := object()
	o.Set("hash", strconv.FormatUint(d.Hash, 16))
	o.Set("bestF", d.BestF)
	o.Set("bestV", d.BestV)
	o.Set("fes", d.FES)
	o.Set("generations", d.Generations)
	return o, nil
}

// memory() reports the Go heap and the number of open runs; the worker adds
// wasmBytes, the size of the module's linear memory.
func memory([]js.Value) (any, error) {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	o := object()
	o.Set("heapAlloc", float64(m.HeapAlloc))
	o.Set("heapSys", float64(m.HeapSys))
	o.Set("runs", runs.Len())
	return o, nil
}

// lessonCmd(state, {landscape}) returns the guided lesson of Fig. 1 for the
// URL values state: {frame, notices, values, landscape}.
func lessonCmd(args []js.Value) (any, error) {
	var o play.LessonOptions
	if err := options(arg(args, 1), "lesson", &o); err != nil {
		return nil, err
	}
	r, err := play.Lesson(rawState(arg(args, 0)), o)
	if err != nil {
		return nil, err
	}
	vals := object()
	for k, v := range r.Values {
		vals.Set(k, v)
	}
	notices := vert.ValueOf(r.Notices).JSValue()
	if len(r.Notices) == 0 {
		notices = js.Global().Get("Array").New()
	}
	res := object()
	res.Set("frame", vert.ValueOf(r.Frame).JSValue())
	res.Set("notices", notices)
	res.Set("values", vals)
	res.Set("landscape", contourValue(r.Landscape))
	return res, nil
}

func frameValue(fr *play.Frame) js.Value {
	f := object()
	f.Set("applied", fr.Applied)
	f.Set("status", vert.ValueOf(fr.Status).JSValue())
	if fr.X != nil {
		f.Set("x", f64(fr.X))
	}
	f.Set("f", f64(fr.F))
	f.Set("v", f64(fr.V))
	f.Set("best", f64(fr.Best))
	f.Set("generations", fr.Generations)
	if fr.Charts != nil {
		a := js.Global().Get("Array").New(len(fr.Charts))
		for i, b := range fr.Charts {
			a.SetIndex(i, string(b))
		}
		f.Set("charts", a)
	}
	if fr.Op != nil {
		f.Set("op", operatorValue(fr.Op))
	}
	if fr.PC != nil {
		f.Set("pc", pcValue(fr.PC))
	}
	if fr.Landscape != nil {
		f.Set("landscape", contourValue(fr.Landscape))
	}
	return f
}

func operatorValue(op *play.Operator) js.Value {
	o := object()
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
	o.Set("trial", f64(op.Trial))
	o.Set("children", f64(op.Children))
	o.Set("pf", f64(op.PF))
	o.Set("pv", f64(op.PV))
	o.Set("accepted", f64(op.Accepted))
	return o
}

// contourValue returns the contour, or null for nil.
func contourValue(c *play.Contour) js.Value {
	if c == nil {
		return js.Null()
	}
	o := object()
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

func pcValue(pv *play.PCView) js.Value {
	o := object()
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
	o.Set("varianceCSV", string(pv.VarianceCSV))
	if pv.Contour != nil {
		o.Set("contour", contourValue(pv.Contour))
	}
	return o
}

// summarise(jsonl, options) returns the results view of run records
// (play.Summarise): jsonl the records as text, options a JSON text (or
// an object, stringified here) of play.SummariseOptions.
func summarise(args []js.Value) (any, error) {
	in := arg(args, 0)
	if in.Type() != js.TypeString {
		return nil, play.Errorf(play.CodeBadArgument, "summarise: want the records as a string of JSON lines, got a %s", in.Type())
	}
	opts := arg(args, 1)
	var o string
	switch opts.Type() {
	case js.TypeUndefined, js.TypeNull:
	case js.TypeString:
		o = opts.String()
	case js.TypeObject:
		o = js.Global().Get("JSON").Call("stringify", opts).String()
	default:
		return nil, play.Errorf(play.CodeBadArgument, "summarise options: want an object, got a %s", opts.Type())
	}
	b, err := play.Summarise([]byte(in.String()), []byte(o))
	if err != nil {
		return nil, err
	}
	return js.Global().Get("JSON").Call("parse", string(b)), nil
}

// stringsObject returns m as a plain JS object of strings.
func stringsObject(m map[string]string) js.Value {
	o := object()
	for k, v := range m {
		o.Set(k, v)
	}
	return o
}

// compareSetup(state, n) splits URL values into n compared runs:
// {values, overrides, names, notices}.
func compareSetup(args []js.Value) (any, error) {
	s, err := play.SanitizeCompare(rawState(arg(args, 0)), int(num(arg(args, 1), 2)))
	if err != nil {
		return nil, err
	}
	vals := js.Global().Get("Array").New(len(s.Values))
	over := js.Global().Get("Array").New(len(s.Overrides))
	for i := range s.Values {
		vals.SetIndex(i, stringsObject(s.Values[i]))
		over.SetIndex(i, stringsObject(s.Overrides[i]))
	}
	notices := js.Global().Get("Array").New()
	if len(s.Notices) > 0 {
		notices = vert.ValueOf(s.Notices).JSValue()
	}
	names := js.Global().Get("Array").New(len(s.Names))
	for i, n := range s.Names {
		names.SetIndex(i, n)
	}
	r := object()
	r.Set("values", vals)
	r.Set("overrides", over)
	r.Set("names", names)
	r.Set("notices", notices)
	return r, nil
}

// compare([run…], {chart, playing, zoom, view, names}) returns the compare
// frame of the runs: {chart, scoreboard, colors, landscape}.
func compareCmd(args []js.Value) (any, error) {
	a := arg(args, 0)
	if a.Type() != js.TypeObject || a.Get("length").Type() != js.TypeNumber {
		return nil, play.Errorf(play.CodeBadArgument, "compare: want an array of run ids")
	}
	n := a.Length()
	if n < 1 || n > play.MaxCompareRuns {
		return nil, play.Errorf(play.CodeBadArgument, "compare: %d runs; want 1 to %d", n, play.MaxCompareRuns)
	}
	ids := make([]int, n)
	for i := range ids {
		id, err := runID(a.Index(i))
		if err != nil {
			return nil, err
		}
		ids[i] = id
	}
	var o play.CompareOptions
	if err := options(arg(args, 1), "compare", &o); err != nil {
		return nil, err
	}
	cf, err := runs.Compare(ids, o)
	if err != nil {
		return nil, err
	}
	r := object()
	if cf.Chart != nil {
		r.Set("chart", string(cf.Chart))
	}
	r.Set("scoreboard", vert.ValueOf(cf.Scoreboard).JSValue())
	colors := js.Global().Get("Array").New(len(cf.Colors))
	for i, c := range cf.Colors {
		colors.SetIndex(i, c)
	}
	r.Set("colors", colors)
	if cf.Landscape != nil {
		r.Set("landscape", contourValue(cf.Landscape))
	}
	if cf.PC != nil {
		pcs := js.Global().Get("Array").New(len(cf.PC))
		for i, pv := range cf.PC {
			pcs.SetIndex(i, pcValue(pv))
		}
		r.Set("pc", pcs)
	}
	return r, nil
}

// export(run, what) returns an export of the run (play.Session.Export):
// {text, name, type}, what one of play.Exports.
func exportCmd(args []js.Value) (any, error) {
	s, err := session(args)
	if err != nil {
		return nil, err
	}
	w := arg(args, 1)
	if w.Type() != js.TypeString {
		return nil, play.Errorf(play.CodeBadArgument, "export: want one of %v", play.Exports)
	}
	e, err := s.Export(w.String())
	if err != nil {
		return nil, err
	}
	return vert.ValueOf(*e).JSValue(), nil
}
