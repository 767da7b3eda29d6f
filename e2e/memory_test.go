package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/systeminfo"
	"github.com/chromedp/chromedp"
)

// workerContext attaches to the page's Web Worker (the one running the Go
// module) through the DevTools protocol.
func workerContext(t *testing.T, tb *tab) context.Context {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		infos, err := chromedp.Targets(tb.ctx)
		if err != nil {
			t.Fatalf("Target.getTargets: %v", err)
		}
		for _, in := range infos {
			if in.Type == "worker" && len(in.URL) > 0 {
				wctx, cancel := chromedp.NewContext(tb.ctx, chromedp.WithTargetID(in.TargetID))
				t.Cleanup(cancel)
				if _, err := chromedp.Call(wctx, runtime.Evaluate, runtime.EvaluateParams{Expression: "1"}); err != nil {
					t.Fatalf("attaching to the worker %s: %v", in.URL, err)
				}
				return wctx
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no worker target among %d targets", len(infos))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

type memSample struct {
	At        float64 // s since play
	FES       float64
	WasmBytes float64 // the module's linear memory
	HeapAlloc float64 // Go's live heap
	WorkerJS  float64 // the worker's JavaScript heap, used after a GC
	WorkerAB  float64 // the worker's array buffers (the linear memory among them)
	PageJS    float64 // the page's JavaScript heap, used after a GC
	Renderers float64 // resident memory of the browser's renderer processes
}

// rendererRSS sums the resident memory of the renderer processes the
// browser reports (SystemInfo.getProcessInfo), read from /proc (Linux);
// 0 where it cannot be read. The page's renderer holds its worker and the
// module's linear memory.
func rendererRSS(t *testing.T, tb *tab) float64 {
	t.Helper()
	c, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	r, err := cdp.Call(c, chromedp.FromContext(tb.ctx).Browser, systeminfo.GetProcessInfo, cdp.Empty{})
	if err != nil {
		t.Logf("SystemInfo.getProcessInfo: %v", err)
		return 0
	}
	total := 0.0
	for _, p := range r.ProcessInfo {
		if p.Type != "renderer" {
			continue
		}
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.ID))
		if err != nil {
			return 0
		}
		for _, line := range strings.Split(string(b), "\n") {
			if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
				kb, _ := strconv.ParseFloat(f[1], 64)
				total += kb * 1024
			}
		}
	}
	return total
}

func sampleMemory(t *testing.T, tb *tab, wctx context.Context, t0 time.Time) memSample {
	t.Helper()
	c, cancel := context.WithTimeout(wctx, 20*time.Second)
	defer cancel()
	r, err := chromedp.Call(c, runtime.Evaluate, runtime.EvaluateParams{Expression: "JSON.stringify(self.pcaplayMemory ? self.pcaplayMemory() : {})", ReturnByValue: ptrTrue()})
	if err != nil || r.ExceptionDetails != nil {
		t.Fatalf("the worker's pcaplayMemory(): %v %v", err, r.ExceptionDetails)
	}
	var text string
	if err := json.Unmarshal(r.Result.Value, &text); err != nil {
		t.Fatal(err)
	}
	var m struct {
		WasmBytes float64 `json:"wasmBytes"`
		HeapAlloc float64 `json:"heapAlloc"`
	}
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		t.Fatal(err)
	}
	// collect garbage first: the heaps' retained size, not their litter
	if _, err := chromedp.Call(c, heapprofiler.CollectGarbage, cdp.Empty{}); err != nil {
		t.Fatalf("the worker's HeapProfiler.collectGarbage: %v", err)
	}
	wh, err := chromedp.Call(c, runtime.GetHeapUsage, cdp.Empty{})
	if err != nil {
		t.Fatalf("the worker's Runtime.getHeapUsage: %v", err)
	}
	pc, pcancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer pcancel()
	if _, err := chromedp.Call(pc, heapprofiler.CollectGarbage, cdp.Empty{}); err != nil {
		t.Fatalf("the page's HeapProfiler.collectGarbage: %v", err)
	}
	ph, err := chromedp.Call(pc, runtime.GetHeapUsage, cdp.Empty{})
	if err != nil {
		t.Fatalf("the page's Runtime.getHeapUsage: %v", err)
	}
	return memSample{At: time.Since(t0).Seconds(), FES: tb.status().FES, WasmBytes: m.WasmBytes, HeapAlloc: m.HeapAlloc,
		WorkerJS: wh.UsedSize, WorkerAB: wh.BackingStorageSize, PageJS: ph.UsedSize, Renderers: rendererRSS(t, tb)}
}

// TestMemoryFlatOverALongRun plays a 1e8-FES random search with pop = 1 at
// full speed for 60 s (PCAPLAY_MEMORY_SECONDS): one generation per FES, the
// worst case for the convergence history. The worker's memory (the Go
// module's linear memory and live heap, the worker's and the page's
// JavaScript heaps, read through the DevTools protocol) stays flat (issue:
// the worker ran out of memory after ~7 M generations, the renderer at
// 3.6 GB, because the history grew by one point per generation).
func TestMemoryFlatOverALongRun(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	secs := 60
	if v, err := strconv.Atoi(os.Getenv("PCAPLAY_MEMORY_SECONDS")); err == nil && v >= 20 {
		secs = v
	}
	tb.open("algo=random&pop=1&fes=1e8&speed=10&autoplay=1" + os.Getenv("PCAPLAY_MEMORY_EXTRA"))
	tb.noNotice()
	wctx := workerContext(t, tb)
	t0 := time.Now()
	var samples []memSample
	for {
		s := sampleMemory(t, tb, wctx, t0)
		samples = append(samples, s)
		t.Logf("%5.1f s: FES %10.0f, wasm memory %6.1f MiB, Go heap %6.1f MiB, worker JS %5.1f MiB, page JS %5.1f MiB, renderers %6.1f MiB",
			s.At, s.FES, s.WasmBytes/(1<<20), s.HeapAlloc/(1<<20), s.WorkerJS/(1<<20), s.PageJS/(1<<20), s.Renderers/(1<<20))
		if s.At >= float64(secs) {
			break
		}
		time.Sleep(5 * time.Second)
	}
	if st := tb.status(); !st.Running {
		t.Errorf("the run stopped: %v%s", st, tb.consoleTail())
	}
	first, last := samples[0], samples[len(samples)-1]
	if last.FES-first.FES < 1e6 {
		t.Fatalf("only %.0f FES in %.0f s: too few generations to say anything about memory", last.FES-first.FES, last.At-first.At)
	}
	// flat: after a warm-up of a third of the time, nothing grows by more
	// than a few MiB however many generations follow
	var warm memSample
	for _, s := range samples {
		if s.At >= float64(secs)/3 {
			warm = s
			break
		}
	}
	const MiB = 1 << 20
	peak := func(get func(memSample) float64, from float64) float64 {
		m := 0.0
		for _, s := range samples {
			if s.At >= from {
				m = max(m, get(s))
			}
		}
		return m
	}
	for _, c := range []struct {
		name  string
		get   func(memSample) float64
		slack float64
	}{
		{"the module's linear memory", func(s memSample) float64 { return s.WasmBytes }, 8 * MiB},
		{"Go's live heap", func(s memSample) float64 { return s.HeapAlloc }, 8 * MiB},
		{"the worker's JS heap", func(s memSample) float64 { return s.WorkerJS }, 8 * MiB},
		{"the page's JS heap", func(s memSample) float64 { return s.PageJS }, 16 * MiB},
		{"the renderers' resident memory", func(s memSample) float64 { return s.Renderers }, 64 * MiB},
	} {
		early := 0.0
		for _, s := range samples {
			if s.At <= warm.At {
				early = max(early, c.get(s))
			}
		}
		late := peak(c.get, warm.At)
		if late > early+c.slack {
			t.Errorf("%s grew from at most %.1f MiB (first %.0f s, FES %.0f) to %.1f MiB (FES %.0f): not flat",
				c.name, early/MiB, warm.At, warm.FES, late/MiB, last.FES)
		}
	}
	t.Logf("memory over %.0f s of a 1e8-FES random search (pop 1, speed 10), %.0f FES: wasm memory %.1f → %.1f MiB, Go heap %.1f → %.1f MiB, worker JS %.1f → %.1f MiB, page JS %.1f → %.1f MiB, renderers %.0f → %.0f MiB",
		last.At, last.FES, first.WasmBytes/MiB, last.WasmBytes/MiB, first.HeapAlloc/MiB, last.HeapAlloc/MiB,
		first.WorkerJS/MiB, last.WorkerJS/MiB, first.PageJS/MiB, last.PageJS/MiB, first.Renderers/MiB, last.Renderers/MiB)
	tb.call("pause")
}

func ptrTrue() *bool { b := true; return &b }
