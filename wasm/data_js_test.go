//go:build js && wasm

package main

import (
	"context"
	"io/fs"
	"strings"
	"syscall/js"
	"testing"

	"pcaplay/core/problem/cec2017/official"
	"pcaplay/core/suite"
	"pcaplay/internal/experiment"
)

// needData, loadData (files as Uint8Arrays, as the worker passes them),
// configure's data and record: the record of a run on the loaded official
// data is the record experiment.RunOne makes natively on the embedded copy
// (same bits: the same code under GOOS=js).
func TestOfficialDataAndRecord(t *testing.T) {
	state := map[string]string{"problem": "c5", "dim": "10", "algo": "heco-pde", "seed": "12", "fes": "3000"}
	need := mustOK(t, callAPI(t, "needData", M{"state": obj(state)}))
	checkKeys(t, "DataNeed", need, true)
	if need.Get("problem").String() != "C05" || need.Get("dim").Int() != 10 || need.Get("files").Length() != 3 || need.Get("loaded").Bool() {
		t.Fatalf("needData: %v %v %v %v", need.Get("problem"), need.Get("dim"), need.Get("files").Length(), need.Get("loaded"))
	}
	files := js.Global().Get("Object").New()
	sums := js.Global().Get("Object").New()
	for i := 0; i < need.Get("files").Length(); i++ {
		n := need.Get("files").Index(i).String()
		b, err := fs.ReadFile(official.FS(), n)
		if err != nil {
			t.Fatal(err)
		}
		u := js.Global().Get("Uint8Array").New(len(b))
		js.CopyBytesToJS(u, b)
		files.Set(n, u)
		sums.Set(n, official.SHA256()[n])
	}
	if msg, code := errorOf(callAPI(t, "loadData", M{"problem": "C05", "dim": 10, "files": obj(map[string]string{"shift_data_5.txt": "text"}), "sums": sums})); code != "bad-argument" || !strings.Contains(msg, "Uint8Array") {
		t.Errorf("a file as text: %q %q", msg, code)
	}
	info := mustOK(t, callAPI(t, "loadData", M{"problem": "C05", "dim": 10, "files": files, "sums": sums}))
	checkKeys(t, "DataInfo", info, true)
	if info.Get("label").String() != "official" {
		t.Errorf("label %v", info.Get("label"))
	}
	id := open(t)
	r := mustOK(t, callAPI(t, "configure", M{"run": id, "state": obj(state), "options": M{"record": true}}))
	checkKeys(t, "Configured", r, true)
	if r.Get("data").Get("label").String() != "official" || r.Get("data").Get("note").String() != "" {
		t.Errorf("configured data %v %v", r.Get("data").Get("label"), r.Get("data").Get("note"))
	}
	for {
		f := mustOK(t, callAPI(t, "step", M{"run": id, "options": M{"n": 500}}))
		if f.Get("status").Get("done").Bool() {
			break
		}
	}
	if api.Get("record").Type() == js.TypeFunction { // the full module's (the playground's has no record)
		checkRecord(t, id)
	}
	// a failed fetch at another problem: generated data and a notice
	mustOK(t, callAPI(t, "dataFailed", M{"problem": "C07", "dim": 30, "reason": "HTTP 503"}))
	_, r2 := configured(t, map[string]string{"problem": "C07", "dim": "30", "fes": "500"})
	if r2.Get("data").Get("label").String() != "generated" || r2.Get("notices").Length() != 1 ||
		!strings.Contains(r2.Get("notices").Index(0).Get("message").String(), "HTTP 503") {
		t.Errorf("after dataFailed: %v, %d notices", r2.Get("data").Get("label"), r2.Get("notices").Length())
	}
}

// checkRecord checks the record of finished run id (C05, D = 10,
// heco-pde, seed 12, 3000 FES on the official data) against
// experiment.RunOne's natively.
func checkRecord(t *testing.T, id int) {
	t.Helper()
	line := mustOK(t, callAPI(t, "record", M{"run": id, "name": "heco-pde", "index": 4})).String()

	p, err := suite.New("C05", 10, suite.Options{Data: official.FS()})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := experiment.NewSettings("heco-pde", 10, nil)
	want, err := experiment.RunOne(context.Background(), p, s, 12, 3000)
	if err != nil {
		t.Fatal(err)
	}
	want.Problem, want.Run, want.Data = "C05", 4, "official"
	wl, _ := experiment.MarshalLine(want)
	if line != string(wl) {
		t.Errorf("record\n%.300s\nwant\n%.300s", line, wl)
	}
	if msg, code := errorOf(callAPI(t, "record", M{"run": id, "name": "heco-pde", "index": "4"})); code != "bad-argument" || !strings.Contains(msg, "record index: want a number") {
		t.Errorf("run number as text: %q %q", msg, code)
	}
}
