//go:build js && wasm

package main

import (
	"math"
	"strconv"
	"strings"
	"syscall/js"
	"testing"
)

var api = API()

func callAPI(t *testing.T, name string, args ...any) js.Value {
	t.Helper()
	return api.Call(name, args...)
}

func mustOK(t *testing.T, v js.Value) js.Value {
	t.Helper()
	if v.Type() == js.TypeObject {
		if e := v.Get("error"); e.Type() == js.TypeString {
			t.Fatalf("unexpected error: %s", e.String())
		}
	}
	return v
}

func errorOf(v js.Value) string {
	if v.Type() != js.TypeObject {
		return ""
	}
	if e := v.Get("error"); e.Type() == js.TypeString {
		return e.String()
	}
	return ""
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

func TestCatalog(t *testing.T) {
	c := mustOK(t, callAPI(t, "catalog"))
	if c.Get("problems").Length() < 28 || c.Get("algorithms").Length() < 1 {
		t.Fatalf("catalog: %d problems, %d algorithms", c.Get("problems").Length(), c.Get("algorithms").Length())
	}
	if c.Get("problems").Index(0).Get("dims").Index(0).Int() != 2 {
		t.Errorf("first problem should be a 2-D teaching problem")
	}
}

func TestRunStepAndTypedArrays(t *testing.T) {
	r := mustOK(t, callAPI(t, "configure", obj(map[string]string{"problem": "rosenbrock", "algo": "pmode", "seed": "11"})))
	if got := r.Get("config").Get("seed").String(); got != "11" {
		t.Errorf("config seed = %s", got)
	}
	if r.Get("notices").Length() != 0 {
		t.Errorf("clean state gave notices")
	}
	f := mustOK(t, callAPI(t, "step", map[string]any{"n": 1, "chart": true}))
	st := f.Get("status")
	pop := f.Get("f").Length()
	if st.Get("fes").Int() != pop || st.Get("generation").Int() != 0 || f.Get("applied").Int() != 1 {
		t.Errorf("after init: fes %d, pop %d, gen %d", st.Get("fes").Int(), pop, st.Get("generation").Int())
	}
	x := f.Get("x")
	if x.Get("constructor").Get("name").String() != "Float64Array" || x.Length() != 2*pop {
		t.Fatalf("x is %s of length %d", x.Get("constructor").Get("name").String(), x.Length())
	}
	xs := floats(x)
	for i, want := range cur.Last.X {
		if math.Float64bits(xs[i]) != math.Float64bits(want) {
			t.Fatalf("x[%d] = %v in JS, %v in Go", i, xs[i], want)
		}
	}
	if c := f.Get("charts"); c.Length() != 3 || !strings.Contains(c.Index(0).String(), "best feasible f") {
		t.Errorf("frame charts: want the 3 parts of the convergence chart (PMODE has no adaptation), the first best feasible f")
	}
	f = mustOK(t, callAPI(t, "step", map[string]any{"n": 5}))
	if f.Get("applied").Int() != 5 || f.Get("status").Get("generation").Int() != 5 {
		t.Errorf("5 steps: applied %d, generation %d", f.Get("applied").Int(), f.Get("status").Get("generation").Int())
	}
	if fes := f.Get("status").Get("fes").Int(); fes != cur.S.FES() || fes <= pop {
		t.Errorf("fes %d, solver %d", fes, cur.S.FES())
	}
	l := mustOK(t, callAPI(t, "landscape", 40, 40))
	if l.Get("mask").Length() != 1600 || l.Get("levels").Length() == 0 {
		t.Errorf("landscape: mask %d, levels %d", l.Get("mask").Length(), l.Get("levels").Length())
	}
}

func TestBadArgumentsNameTheValue(t *testing.T) {
	mustOK(t, callAPI(t, "configure", obj(map[string]string{"problem": "valley"})))
	if e := errorOf(callAPI(t, "step", map[string]any{"n": -3})); !strings.Contains(e, "n = -3") {
		t.Errorf("step n=-3: error %q", e)
	}
	if e := errorOf(callAPI(t, "landscape", 1, 5000)); !strings.Contains(e, "1×5000") {
		t.Errorf("landscape 1×5000: error %q", e)
	}
	r := mustOK(t, callAPI(t, "configure", obj(map[string]string{"problem": "nope", "dim": "x", "pcaprob": "7"})))
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
	mustOK(t, callAPI(t, "configure", obj(map[string]string{"problem": "rosenbrock"})))
	e := errorOf(callAPI(t, "forcePanic"))
	if !strings.Contains(e, "forced panic") {
		t.Fatalf("forcePanic returned %q, want an error value", e)
	}
	// the module keeps working: reset and step
	mustOK(t, callAPI(t, "reset"))
	f := mustOK(t, callAPI(t, "step", 1))
	if f.Get("status").Get("fes").Int() == 0 {
		t.Errorf("no progress after a recovered panic")
	}
}

func TestSameSeedSameRun(t *testing.T) {
	run := func() float64 {
		mustOK(t, callAPI(t, "configure", obj(map[string]string{"problem": "C01", "dim": "10", "algo": "heco-pde", "seed": "77"})))
		f := mustOK(t, callAPI(t, "step", map[string]any{"n": 30}))
		return f.Get("status").Get("bestF").Float()
	}
	a, b := run(), run()
	if math.Float64bits(a) != math.Float64bits(b) {
		t.Errorf("same seed: bestF %v then %v", a, b)
	}
}

// The browser gives exactly the golden run computed natively.
func TestGoldenInBrowser(t *testing.T) {
	d := mustOK(t, callAPI(t, "digest", obj(goldenState), goldenSteps))
	if got := d.Get("hash").String(); got != goldenHash {
		t.Errorf("hash %s, want %s (native)", got, goldenHash)
	}
	if got := d.Get("bestF").Float(); math.Float64bits(got) != math.Float64bits(goldenBestF) {
		t.Errorf("bestF %s, want %s (native)", strconv.FormatFloat(got, 'g', -1, 64), strconv.FormatFloat(goldenBestF, 'g', -1, 64))
	}
}

func TestPCViewFrame(t *testing.T) {
	mustOK(t, callAPI(t, "configure", obj(map[string]string{"problem": "C05", "dim": "10", "algo": "pmode"})))
	f := mustOK(t, callAPI(t, "step", map[string]any{"n": 2, "pc": 24}))
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
	mustOK(t, callAPI(t, "configure", obj(map[string]string{"problem": "C01", "dim": "2", "algo": "de", "seed": "3", "pop": "20"})))
	mustOK(t, callAPI(t, "step", 1))
	box := floats(mustOK(t, callAPI(t, "view", map[string]any{"zoom": false, "grid": 30})).Get("extent"))
	if box[0] != -100 || box[1] != 100 {
		t.Fatalf("zoom off: extent %v, want the box ±100", box)
	}
	mustOK(t, callAPI(t, "view", map[string]any{"zoom": true, "grid": 30}))
	frames, withLandscape := 0, 0
	var last []float64
	for g := 0; g < 300; g++ {
		f := mustOK(t, callAPI(t, "step", 1))
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
	mustOK(t, callAPI(t, "reset"))
	f := mustOK(t, callAPI(t, "step", 1))
	if f.Get("landscape").IsUndefined() {
		t.Errorf("after reset with zoom on, the first frame has no landscape for the new population")
	}
	if e := errorOf(callAPI(t, "view", map[string]any{"zoom": true, "grid": 5000})); !strings.Contains(e, "5000") {
		t.Errorf("view grid 5000: error %q", e)
	}
}
