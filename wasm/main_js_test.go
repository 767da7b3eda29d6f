//go:build js && wasm

package main

import (
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"syscall/js"
	"testing"

	"pcaplay/internal/play"
	"pcaplay/internal/play/protocol"
	"pcaplay/internal/play/wire"
)

// api is the module's API with a test-only command beside the table's:
// forcePanic panics, as a bug in a command would.
var api = API(append(protocol.Commands(), protocol.Command{Name: "forcePanic", Doc: "panics (a test hook)",
	Request: reflect.TypeFor[protocol.Empty](), Reply: reflect.TypeFor[bool](),
	Handle: func(*protocol.Host, any) (any, error) { panic("forced panic (test hook)") }}))

// M is a request object.
type M = map[string]any

// callAPI calls command name with a request (an M, or any value as is).
func callAPI(t *testing.T, name string, req ...any) js.Value {
	t.Helper()
	return api.Call(name, req...)
}

func mustOK(t *testing.T, v js.Value) js.Value {
	t.Helper()
	if v.Type() == js.TypeObject {
		if e := v.Get("error"); e.Type() == js.TypeString {
			t.Fatalf("unexpected error: %s (code %s)", e.String(), v.Get("code").String())
		}
	}
	return v
}

// errorOf returns the error message and code of a result ("" when none).
func errorOf(v js.Value) (msg, code string) {
	if v.Type() != js.TypeObject {
		return "", ""
	}
	if e := v.Get("error"); e.Type() == js.TypeString {
		return e.String(), v.Get("code").String()
	}
	return "", ""
}

func obj(m map[string]string) js.Value {
	o := js.Global().Get("Object").New()
	for k, v := range m {
		o.Set(k, v)
	}
	return o
}

func floats(v js.Value) []float64 {
	n := v.Length()
	out := make([]float64, n)
	for i := range out {
		out[i] = v.Index(i).Float()
	}
	return out
}

func keys(v js.Value) []string {
	k := js.Global().Get("Object").Call("keys", v)
	out := make([]string, k.Length())
	for i := range out {
		out[i] = k.Index(i).String()
	}
	return out
}

// checkKeys checks that v's keys are among the protocol's keys for what
// (all of them when all is set).
func checkKeys(t *testing.T, what string, v js.Value, all bool) {
	t.Helper()
	want := protocol.Protocol().Keys[what]
	got := keys(v)
	for _, k := range got {
		if !slices.Contains(want, k) {
			t.Errorf("%s has key %q, which protocol.Protocol().Keys[%q] does not list (%v)", what, k, what, want)
		}
	}
	if all {
		for _, k := range want {
			if !slices.Contains(got, k) {
				t.Errorf("%s lacks key %q of the protocol (has %v)", what, k, got)
			}
		}
	}
}

// open returns a new run id.
func open(t *testing.T) int {
	t.Helper()
	return mustOK(t, callAPI(t, "open", M{})).Int()
}

// configured opens a run and configures it.
func configured(t *testing.T, state map[string]string) (int, js.Value) {
	t.Helper()
	id := open(t)
	return id, mustOK(t, callAPI(t, "configure", M{"run": id, "state": obj(state)}))
}

func TestCatalog(t *testing.T) {
	c := mustOK(t, callAPI(t, "catalog", M{}))
	if c.Get("problems").Length() < 28 || c.Get("algorithms").Length() < 1 {
		t.Fatalf("catalog: %d problems, %d algorithms", c.Get("problems").Length(), c.Get("algorithms").Length())
	}
	if c.Get("problems").Index(0).Get("dims").Index(0).Int() != 2 {
		t.Errorf("first problem should be a 2-D teaching problem")
	}
}

// protocol() returns protocol.Protocol (the worker compares its version).
func TestProtocolFromModule(t *testing.T) {
	p := mustOK(t, callAPI(t, "protocol", M{}))
	if p.Get("version").Int() != protocol.ProtocolVersion || p.Get("errors").Get("NO_RUN").String() != wire.CodeNoRun {
		t.Errorf("protocol(): version %v, NO_RUN %v", p.Get("version"), p.Get("errors").Get("NO_RUN"))
	}
	for _, c := range protocol.Protocol().Commands {
		if api.Get(c.Name).Type() != js.TypeFunction {
			t.Errorf("the protocol names command %q, which the module does not have", c.Name)
		}
	}
	if n := len(keys(API(protocol.Commands()))); n != len(protocol.Protocol().Commands) {
		t.Errorf("the module has %d commands, the protocol %d", n, len(protocol.Protocol().Commands))
	}
}

// Every object the module returns has the keys protocol.Protocol lists.
func TestFramesFollowTheProtocol(t *testing.T) {
	id, r := configured(t, map[string]string{"problem": "rosenbrock", "algo": "pmode", "seed": "3", "pcaprob": "1", "zoom": "pop"})
	checkKeys(t, "Configured", r, true)
	checkKeys(t, "Notice", obj(map[string]string{"key": "", "value": "", "message": ""}), true)
	checkKeys(t, "ParamInfo", r.Get("params").Index(0), true)
	checkKeys(t, "Contour", r.Get("landscape"), true)
	f := r.Get("frame")
	checkKeys(t, "Frame", f, false)
	checkKeys(t, "Status", f.Get("status"), true)
	f = mustOK(t, callAPI(t, "step", M{"run": id, "options": M{"n": 2, "chart": true, "op": true}}))
	checkKeys(t, "Frame", f, false)
	checkKeys(t, "Operator", f.Get("op"), true)
	if f.Get("charts").IsUndefined() || f.Get("x").IsUndefined() {
		t.Errorf("a D = 2 frame with chart: true lacks charts or x: %v", keys(f))
	}
	m := mustOK(t, callAPI(t, "memory", M{}))
	checkKeys(t, "Memory", m, true)
	id10, _ := configured(t, map[string]string{"problem": "C05", "dim": "10"})
	f = mustOK(t, callAPI(t, "step", M{"run": id10, "options": M{"n": 1, "pc": 24}}))
	checkKeys(t, "PCView", f.Get("pc"), true)
	checkKeys(t, "Contour", f.Get("pc").Get("contour"), true)
}

func TestRunStepAndTypedArrays(t *testing.T) {
	id, r := configured(t, map[string]string{"problem": "rosenbrock", "algo": "pmode", "seed": "11"})
	if got := r.Get("config").Get("seed").String(); got != "11" {
		t.Errorf("config seed = %s", got)
	}
	if r.Get("notices").Length() != 0 {
		t.Errorf("clean state gave notices")
	}
	f := r.Get("frame")
	st := f.Get("status")
	pop := f.Get("f").Length()
	if st.Get("fes").Int() != pop || st.Get("generation").Int() != 0 || f.Get("applied").Int() != 1 {
		t.Errorf("after init: fes %d, pop %d, gen %d", st.Get("fes").Int(), pop, st.Get("generation").Int())
	}
	x := f.Get("x")
	if x.Get("constructor").Get("name").String() != "Float64Array" || x.Length() != 2*pop {
		t.Fatalf("x is %s of length %d", x.Get("constructor").Get("name").String(), x.Length())
	}
	s, err := runs.Session(id)
	if err != nil {
		t.Fatal(err)
	}
	xs := floats(x)
	for i, want := range s.Last.X {
		if math.Float64bits(xs[i]) != math.Float64bits(want) {
			t.Fatalf("x[%d] = %v in JS, %v in Go", i, xs[i], want)
		}
	}
	f = mustOK(t, callAPI(t, "step", M{"run": id, "options": M{"n": 5, "chart": true}}))
	if c := f.Get("charts"); c.Length() != 3 || !strings.Contains(c.Index(0).String(), "best feasible f") {
		t.Errorf("frame charts: want the 3 parts of the convergence chart (PMODE has no adaptation), the first best feasible f")
	}
	if f.Get("applied").Int() != 5 || f.Get("status").Get("generation").Int() != 5 {
		t.Errorf("5 steps: applied %d, generation %d", f.Get("applied").Int(), f.Get("status").Get("generation").Int())
	}
	if fes := f.Get("status").Get("fes").Int(); fes != s.Solver.FES() || fes <= pop {
		t.Errorf("fes %d, solver %d", fes, s.Solver.FES())
	}
	l := mustOK(t, callAPI(t, "landscape", M{"run": id, "nx": 40, "ny": 40}))
	if l.Get("mask").Length() != 1600 || l.Get("levels").Length() == 0 {
		t.Errorf("landscape: mask %d, levels %d", l.Get("mask").Length(), l.Get("levels").Length())
	}
}

// Bad arguments are named in the message and coded; the page decides on the
// code.
func TestBadArgumentsNameTheValue(t *testing.T) {
	id, _ := configured(t, map[string]string{"problem": "valley"})
	for _, c := range []struct {
		name string
		args []any
		msg  string
		code string
	}{
		{"step", []any{M{"run": id, "options": M{"n": -3}}}, "n = -3", wire.CodeBadArgument},
		{"landscape", []any{M{"run": id, "nx": 1, "ny": 5000}}, "1×5000", wire.CodeBadArgument},
		{"view", []any{M{"run": id, "options": M{"zoom": true, "grid": 5000}}}, "5000", wire.CodeBadArgument},
		{"step", []any{M{"run": id, "options": "fast"}}, "step options: want an object, got a string", wire.CodeBadArgument},
		{"step", []any{M{"run": id, "options": M{"n": "1"}}}, "step options.n: want a number, got a string", wire.CodeBadArgument},
		{"step", []any{M{"run": "x", "options": M{"n": 1}}}, "run id", wire.CodeBadArgument},
		{"step", []any{M{"options": M{"n": 1}}}, "run id", wire.CodeBadArgument},
		{"step", []any{id}, "step: want a request object, got a number", wire.CodeBadArgument},
		{"step", []any{M{"run": id + 1000, "options": M{"n": 1}}}, "not open", wire.CodeNoRun},
		{"close", []any{M{"run": id + 1000}}, "not open", wire.CodeNoRun},
		{"export", []any{M{"run": id, "what": 5}}, "export what: want a string, got a number", wire.CodeBadArgument},
	} {
		msg, code := errorOf(callAPI(t, c.name, c.args...))
		if !strings.Contains(msg, c.msg) || code != c.code {
			t.Errorf("%s%v: error %q (code %q), want one naming %q with code %q", c.name, c.args, msg, code, c.msg, c.code)
		}
	}
	r := mustOK(t, callAPI(t, "configure", M{"run": id, "state": M{"problem": "nope", "dim": "x", "pcaprob": 7}}))
	msgs := []string{}
	for i := 0; i < r.Get("notices").Length(); i++ {
		n := r.Get("notices").Index(i)
		msgs = append(msgs, n.Get("key").String()+"="+n.Get("value").String()+": "+n.Get("message").String())
	}
	all := strings.Join(msgs, "\n")
	for _, w := range []string{"problem=nope", "dim=x", "pcaprob=7"} {
		if !strings.Contains(all, w) {
			t.Errorf("no notice naming %s in:\n%s", w, all)
		}
	}
}

func TestPanicBecomesError(t *testing.T) {
	id, _ := configured(t, map[string]string{"problem": "rosenbrock"})
	if !API(protocol.Commands()).Get("forcePanic").IsUndefined() {
		t.Error("the module's API has forcePanic: a test hook in production")
	}
	msg, code := errorOf(callAPI(t, "forcePanic", M{}))
	if !strings.Contains(msg, "forced panic") || code != wire.CodeInternal {
		t.Fatalf("forcePanic returned %q (code %q), want an internal error value", msg, code)
	}
	// the module keeps working: reset and step
	mustOK(t, callAPI(t, "reset", M{"run": id}))
	f := mustOK(t, callAPI(t, "step", M{"run": id, "options": M{"n": 1}}))
	if f.Get("status").Get("fes").Int() == 0 {
		t.Errorf("no progress after a recovered panic")
	}
}

func TestSameSeedSameRun(t *testing.T) {
	run := func() float64 {
		id, _ := configured(t, map[string]string{"problem": "C01", "dim": "10", "algo": "heco-pde", "seed": "77"})
		f := mustOK(t, callAPI(t, "step", M{"run": id, "options": M{"n": 30}}))
		mustOK(t, callAPI(t, "close", M{"run": id}))
		return f.Get("status").Get("bestF").Float()
	}
	a, b := run(), run()
	if math.Float64bits(a) != math.Float64bits(b) {
		t.Errorf("same seed: bestF %v then %v", a, b)
	}
}

// Two runs in one module, stepped in turn, are each the run they would be
// alone.
func TestTwoRunsInOneModule(t *testing.T) {
	state := map[string]string{"problem": "C05", "dim": "10", "algo": "pmode", "seed": "4"}
	a, _ := configured(t, state)
	b, _ := configured(t, map[string]string{"problem": "rosenbrock", "algo": "heco-pde", "seed": "4"})
	for range 10 {
		mustOK(t, callAPI(t, "step", M{"run": a, "options": M{"n": 2}}))
		mustOK(t, callAPI(t, "step", M{"run": b, "options": M{"n": 3}}))
	}
	fa := mustOK(t, callAPI(t, "step", M{"run": a, "options": M{"n": 0}})).Get("status").Get("bestF").Float()
	alone, _ := configured(t, state)
	fl := mustOK(t, callAPI(t, "step", M{"run": alone, "options": M{"n": 20}})).Get("status").Get("bestF").Float()
	if math.Float64bits(fa) != math.Float64bits(fl) {
		t.Errorf("run beside another: bestF %v; alone %v", fa, fl)
	}
}

// The browser gives exactly the golden run computed natively.
func TestGoldenInBrowser(t *testing.T) {
	d := mustOK(t, callAPI(t, "digest", M{"state": obj(play.Golden.State), "steps": play.Golden.Steps}))
	checkKeys(t, "DigestReply", d, true)
	if got := d.Get("hash").String(); got != play.Golden.Hash {
		t.Errorf("hash %s, want %s (native)", got, play.Golden.Hash)
	}
	if got := d.Get("bestF").Float(); math.Float64bits(got) != math.Float64bits(play.Golden.BestF) {
		t.Errorf("bestF %s, want %s (native)", strconv.FormatFloat(got, 'g', -1, 64), strconv.FormatFloat(play.Golden.BestF, 'g', -1, 64))
	}
}

func TestPCViewFrame(t *testing.T) {
	id, _ := configured(t, map[string]string{"problem": "C05", "dim": "10", "algo": "pmode"})
	f := mustOK(t, callAPI(t, "step", M{"run": id, "options": M{"n": 2, "pc": 24}}))
	pc := f.Get("pc")
	if pc.IsUndefined() {
		t.Fatal("no pc view for D=10")
	}
	if pc.Get("values").Length() != 10 || pc.Get("coords").Length() != 2*f.Get("f").Length() {
		t.Errorf("pc values %d, coords %d", pc.Get("values").Length(), pc.Get("coords").Length())
	}
	if pc.Get("contour").Get("nx").Int() != 24 || !strings.Contains(pc.Get("variance").String(), "explained variance") {
		t.Errorf("pc contour/variance missing")
	}
	if !f.Get("x").IsUndefined() {
		t.Errorf("D=10 frame should not carry the raw population")
	}
}

// view({zoom}) fits the 2-D landscape to the population; frames carry a new
// contour only when the window changes, and reset keeps the zoom on.
func TestZoomView(t *testing.T) {
	id, _ := configured(t, map[string]string{"problem": "C01", "dim": "2", "algo": "de", "seed": "3", "pop": "20"})
	box := floats(mustOK(t, callAPI(t, "view", M{"run": id, "options": M{"zoom": false, "grid": 30}})).Get("extent"))
	if box[0] != -100 || box[1] != 100 {
		t.Fatalf("zoom off: extent %v, want the box ±100", box)
	}
	mustOK(t, callAPI(t, "view", M{"run": id, "options": M{"zoom": true, "grid": 30}}))
	frames, withLandscape := 0, 0
	var last []float64
	for g := 0; g < 300; g++ {
		f := mustOK(t, callAPI(t, "step", M{"run": id, "options": M{"n": 1}}))
		frames++
		if l := f.Get("landscape"); !l.IsUndefined() {
			withLandscape++
			last = floats(l.Get("extent"))
			if l.Get("nx").Int() != 30 {
				t.Errorf("zoom landscape has %d nodes per side, want the view's 30", l.Get("nx").Int())
			}
		}
	}
	if withLandscape == 0 || withLandscape > frames/5 {
		t.Errorf("%d of %d frames carried a new landscape; want a few", withLandscape, frames)
	}
	if last == nil || last[1]-last[0] > 50 {
		t.Errorf("after 300 generations the zoom window is %v; want much smaller than the box", last)
	}
	f := mustOK(t, callAPI(t, "reset", M{"run": id}))
	if f.Get("landscape").IsUndefined() {
		t.Errorf("after reset with zoom on, the first frame has no landscape for the new population")
	}
	if v := mustOK(t, callAPI(t, "view", M{"run": id, "options": M{"zoom": true}})); v.Get("nx").Int() != play.LandscapeGrid {
		t.Errorf("view without grid: %d nodes, want LandscapeGrid", v.Get("nx").Int())
	}
}

// configure's options reach the view and the first frame.
func TestConfigureOptions(t *testing.T) {
	id := open(t)
	r := mustOK(t, callAPI(t, "configure", M{"run": id, "state": obj(map[string]string{"problem": "C01", "dim": "2", "seed": "5"}),
		"options": M{"view": M{"zoom": true, "grid": 30}, "frame": M{"chart": true}}}))
	l := r.Get("landscape")
	if l.Get("nx").Int() != 30 {
		t.Errorf("configure with view {zoom, grid: 30}: landscape of %d nodes per side", l.Get("nx").Int())
	}
	if s, _ := runs.Session(id); !s.Zoom.On {
		t.Errorf("configure with view {zoom: true}: zoom is off")
	}
	if r.Get("frame").Get("charts").IsUndefined() || r.Get("frame").Get("op").Type() == js.TypeObject && r.Get("frame").Get("op").Get("n").Int() != 2 {
		t.Errorf("configure with frame {chart: true}: no charts in the first frame")
	}
	id10 := open(t)
	r = mustOK(t, callAPI(t, "configure", M{"run": id10, "state": obj(map[string]string{"problem": "C01", "dim": "10"}), "options": M{"frame": M{"pc": 20}}}))
	if r.Get("frame").Get("pc").Get("contour").Get("nx").Int() != 20 || !r.Get("landscape").IsNull() {
		t.Errorf("configure at D = 10 with frame {pc: 20}: %v", keys(r.Get("frame")))
	}
}

// Compare mode's commands: the address split into runs, then the compare
// frame of those runs, each with the protocol's keys; bad arguments are
// coded errors.
func TestCompareCommands(t *testing.T) {
	s := mustOK(t, callAPI(t, "compareSetup", M{"state": obj(map[string]string{"problem": "circle", "b.pcaprob": "9"})}))
	checkKeys(t, "CompareSetup", s, true)
	if s.Get("values").Length() != 2 || s.Get("overrides").Index(1).Get("pcaprob").String() != "1" ||
		s.Get("notices").Index(0).Get("key").String() != "b.pcaprob" {
		t.Fatalf("compareSetup: overrides %v, notices %d", keys(s.Get("overrides").Index(1)), s.Get("notices").Length())
	}
	ids := []any{}
	for i := 0; i < 2; i++ {
		id := open(t)
		mustOK(t, callAPI(t, "configure", M{"run": id, "state": s.Get("values").Index(i)}))
		mustOK(t, callAPI(t, "step", M{"run": id, "options": M{"n": 20}}))
		ids = append(ids, id)
	}
	f := mustOK(t, callAPI(t, "compare", M{"runs": ids, "options": M{"chart": true, "view": true, "names": []any{"A", "B"}}}))
	checkKeys(t, "CompareFrame", f, false) // pc only for D > 2
	if f.Get("landscape").IsUndefined() || f.Get("chart").IsUndefined() {
		t.Errorf("compare frame with chart and view at D = 2: %v", keys(f))
	}
	checkKeys(t, "Scoreboard", f.Get("scoreboard"), true)
	if f.Get("scoreboard").Get("fes").Index(1).Length() != 4 || !strings.Contains(f.Get("chart").String(), `"B"`) {
		t.Errorf("scoreboard or chart wrong: %s", f.Get("chart").String()[:80])
	}
	// D = 10: every run on one principal-component plane
	s10 := mustOK(t, callAPI(t, "compareSetup", M{"state": obj(map[string]string{"problem": "C05", "dim": "10"}), "n": 2}))
	ids10 := []any{}
	for i := 0; i < 2; i++ {
		id := open(t)
		mustOK(t, callAPI(t, "configure", M{"run": id, "state": s10.Get("values").Index(i)}))
		ids10 = append(ids10, id)
	}
	f10 := mustOK(t, callAPI(t, "compare", M{"runs": ids10, "options": M{"pc": 16}}))
	if f10.Get("pc").Length() != 2 || f10.Get("pc").Index(1).Get("contour").IsUndefined() {
		t.Errorf("compare at D = 10 with pc: %v", keys(f10))
	} else {
		checkKeys(t, "PCView", f10.Get("pc").Index(0), true)
	}
	for _, bad := range []js.Value{js.ValueOf(nil), js.ValueOf([]any{}), js.ValueOf([]any{"x"}), js.ValueOf([]any{1, 2, 3, 4, 5}), js.ValueOf("1")} {
		if msg, code := errorOf(callAPI(t, "compare", M{"runs": bad})); code != wire.CodeBadArgument {
			t.Errorf("compare(%v): %q %q, want a bad-argument error", bad, msg, code)
		}
	}
	if _, code := errorOf(callAPI(t, "compareSetup", M{"state": obj(nil), "n": 7})); code != wire.CodeBadArgument {
		t.Errorf("compareSetup with 7 runs: code %q", code)
	}
}

// export(run, what): every kind with the protocol's keys; a bad kind is a
// coded error.
func TestExportCommand(t *testing.T) {
	id, _ := configured(t, map[string]string{"problem": "circle", "pcaprob": "0.5"})
	mustOK(t, callAPI(t, "step", M{"run": id, "options": M{"n": 5}}))
	for _, w := range play.Exports {
		if w == "problem" { // a typed problem's file: circle has none
			if _, code := errorOf(callAPI(t, "export", M{"run": id, "what": w})); code != wire.CodeBadArgument {
				t.Errorf("export problem of circle: code %q, want bad-argument", code)
			}
			continue
		}
		e := mustOK(t, callAPI(t, "export", M{"run": id, "what": w}))
		checkKeys(t, "Export", e, true)
		if e.Get("text").String() == "" {
			t.Errorf("export %s is empty", w)
		}
	}
	if c := callAPI(t, "export", M{"run": id, "what": "command"}).Get("text").String(); !strings.Contains(c, "-set pcaprob=0.5") {
		t.Errorf("command %q", c)
	}
	if _, code := errorOf(callAPI(t, "export", M{"run": id, "what": "gif"})); code != wire.CodeBadArgument {
		t.Errorf("export gif: code %q", code)
	}
}
