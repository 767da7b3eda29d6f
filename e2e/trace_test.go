package e2e

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// A tracer records a Chrome trace of one tab (the DevTools timeline
// categories) so that a benchmark can say what its long tasks were made of.
type tracer struct {
	t    *tab
	mu   sync.Mutex
	evs  []traceEvent
	done chan struct{}
}

type traceEvent struct {
	Name string          `json:"name"`
	Cat  string          `json:"cat"`
	Ph   string          `json:"ph"`
	Ts   float64         `json:"ts"`   // µs
	Dur  float64         `json:"dur"`  // µs
	TDur float64         `json:"tdur"` // µs of thread (CPU) time
	Pid  int             `json:"pid"`
	Tid  int             `json:"tid"`
	Args json.RawMessage `json:"args"`
}

// startTrace starts tracing the tab, with the DevTools timeline's
// categories and more.
func startTrace(t *tab, more ...string) *tracer {
	t.tb.Helper()
	tr := &tracer{t: t, done: make(chan struct{})}
	err := chromedp.Listen(t.ctx, func(ev any) {
		switch e := ev.(type) {
		case *tracing.EventDataCollected:
			tr.mu.Lock()
			for _, raw := range e.Value {
				var te traceEvent
				if json.Unmarshal(raw, &te) == nil {
					tr.evs = append(tr.evs, te)
				}
			}
			tr.mu.Unlock()
		case *tracing.EventTracingComplete:
			close(tr.done)
		}
	})
	if err != nil {
		t.tb.Fatalf("trace: %v", err)
	}
	c, cancel := context.WithTimeout(t.ctx, 10*time.Second)
	defer cancel()
	_, err = chromedp.Call(c, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig: &tracing.TraceConfig{IncludedCategories: append([]string{
			"devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel",
			"blink.user_timing", "v8", "disabled-by-default-v8.gc",
		}, more...)},
	})
	if err != nil {
		t.tb.Fatalf("Tracing.start: %v", err)
	}
	return tr
}

// end ends the trace and returns its events.
func (tr *tracer) end() []traceEvent {
	tr.t.tb.Helper()
	c, cancel := context.WithTimeout(tr.t.ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Call(c, tracing.End, cdp.Empty{}); err != nil {
		tr.t.tb.Fatalf("Tracing.end: %v", err)
	}
	select {
	case <-tr.done:
	case <-time.After(60 * time.Second):
		tr.t.tb.Fatalf("Tracing.tracingComplete did not arrive")
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return slices.Clone(tr.evs)
}

// stop ends the trace and returns, for every main-thread task longer than
// minMs, one line per nested event longer than 1 ms (name, duration, and for
// script the function and its source position).
func (tr *tracer) stop(minMs float64) []string {
	tr.t.tb.Helper()
	evs := tr.end()
	// the renderer's main thread
	type key struct{ pid, tid int }
	var mains []key
	for _, e := range evs {
		if e.Ph == "M" && e.Name == "thread_name" && strings.Contains(string(e.Args), "CrRendererMain") {
			mains = append(mains, key{e.Pid, e.Tid})
		}
	}
	var out []string
	out = append(out, tr.threadCPU()...)
	for _, m := range mains {
		var evs []traceEvent
		for _, e := range evs {
			if e.Pid == m.pid && e.Tid == m.tid && (e.Ph == "X" || e.Name == "TimeStamp") {
				evs = append(evs, e)
			}
		}
		slices.SortFunc(evs, func(a, b traceEvent) int {
			if a.Ts != b.Ts {
				if a.Ts < b.Ts {
					return -1
				}
				return 1
			}
			if a.Dur > b.Dur {
				return -1
			}
			if a.Dur < b.Dur {
				return 1
			}
			return 0
		})
		end := 0.0 // of the last top-level event
		for i, e := range evs {
			if e.Ts < end || e.Ph != "X" {
				continue // nested
			}
			end = e.Ts + e.Dur
			if e.Dur < minMs*1000 {
				continue
			}
			out = append(out, fmt.Sprintf("task %.1f ms (CPU %.1f ms) at %.0f ms: %s", e.Dur/1000, e.TDur/1000, e.Ts/1000, e.Name))
			out = append(out, tr.overlap(m.pid, m.tid, e.Ts, e.Ts+e.Dur)...)
			var stack []float64 // end times of the open events
			for _, c := range evs[i+1:] {
				if c.Ts >= e.Ts+e.Dur {
					break
				}
				for len(stack) > 0 && c.Ts >= stack[len(stack)-1] {
					stack = stack[:len(stack)-1]
				}
				stack = append(stack, c.Ts+c.Dur)
				if c.Name == "TimeStamp" {
					out = append(out, fmt.Sprintf("%sTimeStamp %s", strings.Repeat("  ", len(stack)), c.Args))
				}
				if c.Dur < 1000 {
					continue
				}
				out = append(out, fmt.Sprintf("%s%s %.1f ms (CPU %.1f) %s", strings.Repeat("  ", len(stack)), c.Name, c.Dur/1000, c.TDur/1000, describe(c)))
			}
		}
	}
	return out
}

// maxTaskCPU returns the most CPU time (ms) a top-level task of the
// renderer's main thread used, and that task's wall time: on a machine
// whose cores other processes share, wall times say more about the
// machine than about the page. Call it after stop.
func (tr *tracer) maxTaskCPU() (cpu, wall float64) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	mains := map[threadKey]bool{}
	for k, n := range tr.threadNames() {
		if n == "CrRendererMain" {
			mains[k] = true
		}
	}
	evs := slices.Clone(tr.evs)
	slices.SortFunc(evs, func(a, b traceEvent) int {
		switch {
		case a.Ts < b.Ts:
			return -1
		case a.Ts > b.Ts:
			return 1
		}
		return 0
	})
	end := map[threadKey]float64{}
	for _, e := range evs {
		k := threadKey{e.Pid, e.Tid}
		if e.Ph != "X" || !mains[k] || e.Ts < end[k] {
			continue
		}
		end[k] = e.Ts + e.Dur
		if e.TDur/1000 > cpu {
			cpu, wall = e.TDur/1000, e.Dur/1000
		}
	}
	return cpu, wall
}

// describe returns the function and source of a script event.
func describe(e traceEvent) string {
	var a struct {
		Data struct {
			FunctionName string `json:"functionName"`
			URL          string `json:"url"`
			LineNumber   int    `json:"lineNumber"`
			Type         string `json:"type"`
		} `json:"data"`
		Name string `json:"name"`
	}
	if json.Unmarshal(e.Args, &a) != nil {
		return ""
	}
	d := a.Data
	s := d.FunctionName
	if d.URL != "" {
		s += " " + d.URL[strings.LastIndex(d.URL, "/")+1:] + ":" + fmt.Sprint(d.LineNumber)
	}
	if d.Type != "" {
		s += " " + d.Type
	}
	return strings.TrimSpace(s)
}

// threadKey names a thread of the trace.
type threadKey struct{ pid, tid int }

// threadNames maps each thread of the trace to its name.
func (tr *tracer) threadNames() map[threadKey]string {
	names := map[threadKey]string{}
	for _, e := range tr.evs {
		if e.Ph == "M" && e.Name == "thread_name" {
			var a struct {
				Name string `json:"name"`
			}
			json.Unmarshal(e.Args, &a)
			names[threadKey{e.Pid, e.Tid}] = a.Name
		}
	}
	return names
}

// threadCPU sums the CPU time of the top-level events per thread.
func (tr *tracer) threadCPU() []string {
	type key = threadKey
	names := tr.threadNames()
	cpu := map[key]float64{}
	end := map[key]float64{}
	var t0, t1 float64
	for _, e := range tr.evs {
		if e.Ph != "X" {
			continue
		}
		if t0 == 0 || e.Ts < t0 {
			t0 = e.Ts
		}
		t1 = max(t1, e.Ts+e.Dur)
		k := key{e.Pid, e.Tid}
		if e.Ts >= end[k] { // top level on its thread
			cpu[k] += e.TDur
			end[k] = e.Ts + e.Dur
		}
	}
	var out []string
	for k, c := range cpu {
		if c > 50000 {
			out = append(out, fmt.Sprintf("thread %s (%d/%d): CPU %.0f ms of %.0f ms", names[k], k.pid, k.tid, c/1000, (t1-t0)/1000))
		}
	}
	slices.Sort(out)
	return out
}

// startProfile starts the JavaScript CPU profiler of the tab's main thread.
func startProfile(t *tab) {
	t.tb.Helper()
	c, cancel := context.WithTimeout(t.ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Call(c, profiler.Enable, cdp.Empty{}); err != nil {
		t.tb.Fatalf("Profiler.enable: %v", err)
	}
	if _, err := chromedp.Call(c, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200}); err != nil {
		t.tb.Fatalf("Profiler.setSamplingInterval: %v", err)
	}
	if _, err := chromedp.Call(c, profiler.Start, cdp.Empty{}); err != nil {
		t.tb.Fatalf("Profiler.start: %v", err)
	}
}

// stopProfile stops the profiler and returns the self time of the top
// functions (and of "(idle)", "(program)" — native work such as style,
// layout and paint — and "(garbage collector)"), with the totals.
func stopProfile(t *tab, top int) []string {
	t.tb.Helper()
	c, cancel := context.WithTimeout(t.ctx, 30*time.Second)
	defer cancel()
	r, err := chromedp.Call(c, profiler.Stop, cdp.Empty{})
	if err != nil || r.Profile == nil {
		t.tb.Fatalf("Profiler.stop: %v", err)
	}
	p := r.Profile
	node := map[int64]*profiler.ProfileNode{}
	for _, n := range p.Nodes {
		node[n.ID] = n
	}
	self := map[string]float64{}
	var total float64
	for i, id := range p.Samples {
		if i+1 >= len(p.TimeDeltas) {
			break
		}
		dt := float64(p.TimeDeltas[i+1]) / 1000
		n := node[id]
		name := "?"
		if n != nil && n.CallFrame != nil {
			f := n.CallFrame
			name = f.FunctionName
			if name == "" {
				name = "(anonymous)"
			}
			if f.URL != "" {
				name += " " + f.URL[strings.LastIndex(f.URL, "/")+1:] + ":" + fmt.Sprint(f.LineNumber+1)
			}
		}
		self[name] += dt
		total += dt
	}
	type kv struct {
		k string
		v float64
	}
	var all []kv
	for k, v := range self {
		all = append(all, kv{k, v})
	}
	slices.SortFunc(all, func(a, b kv) int {
		if a.v > b.v {
			return -1
		}
		if a.v < b.v {
			return 1
		}
		return 0
	})
	out := []string{fmt.Sprintf("profile: %.0f ms sampled", total)}
	for i, e := range all {
		if i >= top {
			break
		}
		out = append(out, fmt.Sprintf("%8.1f ms %5.1f%%  %s", e.v, 100*e.v/total, e.k))
	}
	return out
}

// overlap sums, per other thread, the CPU of its top-level events that
// overlap [t0, t1] (prorated by the overlap).
func (tr *tracer) overlap(pid, tid int, t0, t1 float64) []string {
	type key = threadKey
	names := tr.threadNames()
	cpu := map[key]float64{}
	end := map[key]float64{}
	evs := slices.Clone(tr.evs)
	slices.SortFunc(evs, func(a, b traceEvent) int {
		if a.Ts < b.Ts {
			return -1
		}
		if a.Ts > b.Ts {
			return 1
		}
		return 0
	})
	for _, e := range evs {
		k := key{e.Pid, e.Tid}
		if e.Ph != "X" || (k.pid == pid && k.tid == tid) || e.Ts < end[k] {
			continue
		}
		end[k] = e.Ts + e.Dur
		a, b := max(t0, e.Ts), min(t1, e.Ts+e.Dur)
		if b <= a || e.Dur <= 0 {
			continue
		}
		cpu[k] += e.TDur * (b - a) / e.Dur
	}
	var out []string
	for k, c := range cpu {
		if c > 1000 {
			out = append(out, fmt.Sprintf("    meanwhile %s: CPU %.1f ms", names[k], c/1000))
		}
	}
	slices.Sort(out)
	return out
}

// renderEvents are the page's style, layout and paint steps in a trace.
var renderEvents = map[string]bool{"UpdateLayoutTree": true, "Layout": true, "PrePaint": true, "Paint": true}

// maxRenderCPU returns the most CPU time (ms) that style, layout and paint
// (UpdateLayoutTree, Layout, PrePaint, Paint: in a frame or forced by a
// script) used within one top-level task of the renderer's main thread.
// Call it after stop.
func (tr *tracer) maxRenderCPU() float64 {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	mains := map[threadKey]bool{}
	for k, n := range tr.threadNames() {
		if n == "CrRendererMain" {
			mains[k] = true
		}
	}
	var evs []traceEvent
	for _, e := range tr.evs {
		if e.Ph == "X" && mains[threadKey{e.Pid, e.Tid}] {
			evs = append(evs, e)
		}
	}
	slices.SortFunc(evs, func(a, b traceEvent) int {
		switch {
		case a.Ts < b.Ts:
			return -1
		case a.Ts > b.Ts:
			return 1
		case a.Dur > b.Dur:
			return -1
		case a.Dur < b.Dur:
			return 1
		}
		return 0
	})
	most := 0.0
	taskEnd := map[threadKey]float64{}   // of the task
	renderEnd := map[threadKey]float64{} // of the outermost render step
	sum := map[threadKey]float64{}       // its render CPU so far
	for _, e := range evs {
		k := threadKey{e.Pid, e.Tid}
		if e.Ts >= taskEnd[k] { // a new task
			taskEnd[k] = e.Ts + e.Dur
			sum[k] = 0
		}
		if renderEvents[e.Name] && e.Ts >= renderEnd[k] {
			renderEnd[k] = e.Ts + e.Dur
			sum[k] += e.TDur / 1000
			most = max(most, sum[k])
		}
	}
	return most
}

// loadTimeline summarises the trace of one page load (evs) as lines of
// milliseconds since the navigation to the site (the last navigationStart
// whose URL is the site's): each request of the page and its worker (sent,
// response, finished), then the top-level tasks of the renderer's main
// thread and of its dedicated workers longer than minMs (wall and CPU),
// with the events inside them that took 5 ms or more.
func loadTimeline(evs []traceEvent, site string, minMs float64) []string {
	var t0 float64
	for _, e := range evs {
		if e.Name == "navigationStart" && strings.Contains(string(e.Args), site) {
			t0 = max(t0, e.Ts)
		}
	}
	ms := func(ts float64) float64 { return (ts - t0) / 1000 }
	type req struct {
		url              string
		send, resp, done float64
	}
	reqs := map[string]*req{}
	var order []string
	for _, e := range evs {
		var a struct {
			Data struct {
				RequestID string `json:"requestId"`
				URL       string `json:"url"`
			} `json:"data"`
		}
		if !strings.HasPrefix(e.Name, "Resource") || json.Unmarshal(e.Args, &a) != nil || a.Data.RequestID == "" {
			continue
		}
		r := reqs[a.Data.RequestID]
		if r == nil {
			r = &req{}
			reqs[a.Data.RequestID] = r
			order = append(order, a.Data.RequestID)
		}
		switch e.Name {
		case "ResourceSendRequest":
			r.url, r.send = a.Data.URL[strings.LastIndex(a.Data.URL, "/")+1:], ms(e.Ts)
		case "ResourceReceiveResponse":
			r.resp = ms(e.Ts)
		case "ResourceFinish":
			r.done = ms(e.Ts)
		}
	}
	var out []string
	for _, id := range order {
		if r := reqs[id]; r.url != "" && r.send >= 0 {
			out = append(out, fmt.Sprintf("request %-22s sent %7.1f response %7.1f done %7.1f", r.url, r.send, r.resp, r.done))
		}
	}
	names := map[threadKey]string{}
	for _, e := range evs {
		if e.Ph == "M" && e.Name == "thread_name" {
			var a struct {
				Name string `json:"name"`
			}
			json.Unmarshal(e.Args, &a)
			names[threadKey{e.Pid, e.Tid}] = a.Name
		}
	}
	var xs []traceEvent
	for _, e := range evs {
		n := names[threadKey{e.Pid, e.Tid}]
		if e.Ph == "X" && ms(e.Ts) >= 0 && (n == "CrRendererMain" || n == "DedicatedWorker thread") {
			xs = append(xs, e)
		}
	}
	slices.SortStableFunc(xs, func(a, b traceEvent) int {
		if a.Ts != b.Ts {
			return cmp.Compare(a.Ts, b.Ts)
		}
		return cmp.Compare(b.Dur, a.Dur) // the enclosing event first
	})
	end := map[threadKey]float64{}
	shown := map[threadKey]bool{} // the current task is over minMs
	lazy := map[threadKey]float64{}
	line := map[threadKey]int{} // the current task's line in out
	flush := func(k threadKey) {
		if shown[k] && lazy[k] > 0 {
			out[line[k]] += fmt.Sprintf(", of it wasm.CompileLazy %.1f ms", lazy[k]/1000)
		}
		lazy[k] = 0
	}
	for _, e := range xs {
		k := threadKey{e.Pid, e.Tid}
		if e.Ts >= end[k] { // a new top-level task
			flush(k)
			end[k] = e.Ts + e.Dur
			shown[k] = e.Dur >= minMs*1000
			if shown[k] {
				line[k] = len(out)
				out = append(out, fmt.Sprintf("%s task at %7.1f: %.1f ms (CPU %.1f)", names[k], ms(e.Ts), e.Dur/1000, e.TDur/1000))
			}
			continue
		}
		if e.Name == "wasm.CompileLazy" {
			lazy[k] += e.Dur
		} else if shown[k] && e.Dur >= 5000 && (e.Cat == "devtools.timeline" || strings.Contains(e.Cat, "wasm") || e.Name == "v8.evaluateModule") {
			out = append(out, fmt.Sprintf("    %s at %7.1f: %.1f ms (CPU %.1f) %s", e.Name, ms(e.Ts), e.Dur/1000, e.TDur/1000, describe(e)))
		}
	}
	for k := range end {
		flush(k)
	}
	return out
}
