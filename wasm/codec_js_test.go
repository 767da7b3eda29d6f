//go:build js && wasm

package main

import (
	"math"
	"reflect"
	"strings"
	"syscall/js"
	"testing"

	"pcaplay/internal/play"
	"pcaplay/internal/play/protocol"
	"pcaplay/internal/play/wire"
)

func className(v js.Value) string { return v.Get("constructor").Get("name").String() }

// The encoder follows the wire rules of package wire (internal/play/wire).
func TestEncoder(t *testing.T) {
	type inner struct {
		A int `js:"a"`
	}
	type value struct {
		F       []float64            `js:"f"`
		Nil     []float64            `js:"nil"`
		Omitted []float64            `js:"omitted,omitempty"`
		Kept    []float64            `js:"kept,omitempty"`
		Extent  [4]float64           `js:"extent"`
		Mask    []byte               `js:"mask"`
		Text    []byte               `js:"text,string"`
		Texts   [][]byte             `js:"texts,string,omitempty"`
		Ints    []int                `js:"ints"`
		Names   []string             `js:"names"`
		Notices []play.Notice        `js:"notices"`
		Map     map[string]string    `js:"map"`
		Ptr     *inner               `js:"ptr"`
		NilPtr  *inner               `js:"nilPtr"`
		JSON    wire.JSONText[inner] `js:"json"`
		Run     wire.RunID           `js:"run"`
		NaN     float64              `js:"nan"`
		Hidden  int
		Dash    int `js:"-"`
	}
	v := encode(&value{F: []float64{1, math.Inf(-1)}, Kept: []float64{2}, Extent: [4]float64{-1, 1, -2, 2},
		Mask: []byte{1, 2, 3}, Text: []byte(`{"x":1}`), Texts: [][]byte{[]byte("a"), []byte("b")}, Ints: []int{2, 10},
		Map: map[string]string{"k": "v"}, Ptr: &inner{7}, JSON: []byte(`{"a":5}`), Run: 3, NaN: math.NaN(), Hidden: 1, Dash: 1})
	if got := keys(v); strings.Join(got, ",") != "f,nil,kept,extent,mask,text,texts,ints,names,notices,map,ptr,nilPtr,json,run,nan" {
		t.Errorf("keys %v", got)
	}
	for _, c := range []struct{ key, class string }{
		{"f", "Float64Array"}, {"nil", "Float64Array"}, {"kept", "Float64Array"}, {"extent", "Float64Array"},
		{"mask", "Uint8Array"}, {"texts", "Array"}, {"ints", "Array"}, {"names", "Array"}, {"notices", "Array"}, {"map", "Object"},
	} {
		if got := className(v.Get(c.key)); got != c.class {
			t.Errorf("%s is a %s, want a %s", c.key, got, c.class)
		}
	}
	if f := floats(v.Get("f")); f[0] != 1 || !math.IsInf(f[1], -1) || v.Get("nil").Length() != 0 {
		t.Errorf("f %v, nil of length %d", f, v.Get("nil").Length())
	}
	if e := floats(v.Get("extent")); e[3] != 2 || len(e) != 4 {
		t.Errorf("extent %v", e)
	}
	if v.Get("text").String() != `{"x":1}` || v.Get("texts").Index(1).String() != "b" {
		t.Errorf("text %v, texts %v", v.Get("text"), v.Get("texts"))
	}
	if v.Get("ints").Index(1).Int() != 10 || v.Get("names").Length() != 0 || v.Get("notices").Length() != 0 || v.Get("map").Get("k").String() != "v" {
		t.Errorf("ints, names, notices or map wrong")
	}
	if v.Get("ptr").Get("a").Int() != 7 || !v.Get("nilPtr").IsNull() || v.Get("json").Get("a").Int() != 5 || v.Get("run").Int() != 3 {
		t.Errorf("ptr, nilPtr, json or run wrong")
	}
	if !math.IsNaN(v.Get("nan").Float()) {
		t.Errorf("nan %v", v.Get("nan"))
	}
	if encode(wire.RunID(4)).Int() != 4 || !encode(true).Bool() || !encode((*play.Contour)(nil)).IsNull() {
		t.Errorf("plain replies wrong")
	}
}

// Every command's request and reply types are covered by the wire rules:
// their decoder and encoder build (a type the rules do not cover panics).
func TestCodecs(t *testing.T) {
	for _, c := range protocol.Commands() {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: %v", c.Name, r)
				}
			}()
			requestDecoder(c.Request)
			encoderOf(c.Reply)
		}()
	}
}

// The decoder reads a request's fields by the wire rules and names a bad
// one.
func TestRequestDecoder(t *testing.T) {
	dec := requestDecoder(reflect.TypeFor[protocol.LandscapeRequest]())
	r, err := dec("landscape", js.ValueOf(M{"run": 2, "nx": 30, "extent": []any{0, 1, 2, 3}}))
	if err != nil {
		t.Fatal(err)
	}
	lr := r.(*protocol.LandscapeRequest)
	if lr.Run != 2 || *lr.NX != 30 || lr.NY != nil || !reflect.DeepEqual(lr.Extent, []float64{0, 1, 2, 3}) {
		t.Errorf("landscape request %+v", lr)
	}
	r, err = requestDecoder(reflect.TypeFor[protocol.ConfigureRequest]())("configure", js.ValueOf(M{"run": 1, "state": M{"seed": 5, "zoom": true, "x": nil},
		"options": M{"view": M{"zoom": true, "grid": 30}, "record": true}}))
	if err != nil {
		t.Fatal(err)
	}
	cr := r.(*protocol.ConfigureRequest)
	if !reflect.DeepEqual(cr.State, map[string]string{"seed": "5", "zoom": "true"}) || !cr.Options.View.Zoom || cr.Options.View.Grid != 30 || !cr.Options.Record {
		t.Errorf("configure request %+v", cr)
	}
	r, err = requestDecoder(reflect.TypeFor[protocol.SummariseRequest]())("summarise", js.ValueOf(M{"jsonl": "x", "options": M{"dim": 10}}))
	if err != nil || string(r.(*protocol.SummariseRequest).Options) != `{"dim":10}` {
		t.Errorf("summarise options as an object: %v %v", r, err)
	}
	// a canvas' pixels: a Uint8ClampedArray, or a Uint8Array
	for _, ctor := range []string{"Uint8ClampedArray", "Uint8Array"} {
		px := js.Global().Get(ctor).New(js.ValueOf([]any{1, 2, 255, 0}))
		r, err = requestDecoder(reflect.TypeFor[protocol.GIFFrameRequest]())("gifFrame", js.ValueOf(M{"gif": 3, "rgba": px}))
		if err != nil || r.(*protocol.GIFFrameRequest).GIF != 3 || !reflect.DeepEqual(r.(*protocol.GIFFrameRequest).RGBA, []byte{1, 2, 255, 0}) {
			t.Errorf("gifFrame request of a %s: %+v, %v", ctor, r, err)
		}
	}
	for _, c := range []struct {
		t    reflect.Type
		req  js.Value
		want string
	}{
		{reflect.TypeFor[protocol.StepRequest](), js.ValueOf(M{"run": 1, "options": M{"chart": 1}}), "step options.chart: want a boolean, got a number"},
		{reflect.TypeFor[protocol.StepRequest](), js.ValueOf(M{"run": 1.5}), `run id "1.5"`},
		{reflect.TypeFor[protocol.StepRequest](), js.Undefined(), "step: want a request object, got undefined"},
		{reflect.TypeFor[protocol.CompareRequest](), js.ValueOf(M{"runs": M{}}), "compare runs: want an array, got an object"},
		{reflect.TypeFor[protocol.CompareRequest](), js.ValueOf(M{"runs": []any{1, "2"}}), "run id: want a number from open(), got 2"},
		{reflect.TypeFor[protocol.LandscapeRequest](), js.ValueOf(M{"run": 1, "extent": []any{0, "1"}}), "landscape extent[1]: want a number, got a string"},
		{reflect.TypeFor[protocol.SummariseRequest](), js.ValueOf(M{"jsonl": "", "options": 3}), "summarise options: want an object, got a number"},
		{reflect.TypeFor[protocol.GIFFrameRequest](), js.ValueOf(M{"gif": 1, "rgba": []any{1, 2}}), "gifFrame rgba: want a Uint8Array, got an array"},
	} {
		_, err := requestDecoder(c.t)(strings.TrimSuffix(strings.Fields(c.want)[0], ":"), c.req)
		if err == nil || !strings.Contains(err.Error(), c.want) || wire.CodeOf(err) != wire.CodeBadArgument {
			t.Errorf("%v: error %v, want a bad argument naming %q", c.req, err, c.want)
		}
	}
}

// BenchmarkStepFrame is the module's cost of one step of the playground's
// hot path, stepping included: a D = 10 PMODE frame with the chart while
// playing and the PC view with its contour (the page's step), decoded,
// run and encoded.
func BenchmarkStepFrame(b *testing.B) {
	id := api.Call("open", M{}).Int()
	api.Call("configure", M{"run": id, "state": M{"problem": "C05", "dim": "10", "algo": "pmode", "fes": "100000000"}})
	req := js.ValueOf(M{"run": id, "options": M{"n": 1, "chart": true, "playing": true, "pc": 32}})
	for b.Loop() {
		if e := api.Call("step", req).Get("error"); !e.IsUndefined() {
			b.Fatal(e)
		}
	}
}
