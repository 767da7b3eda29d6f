package e2e

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"
)

type embedReply struct {
	Status map[string]any `json:"status"`
	Error  *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func ask(t *testing.T, tb *tab, cmd string, params any) embedReply {
	t.Helper()
	p, _ := json.Marshal(params)
	arg := "undefined"
	if params != nil {
		arg = string(p)
	}
	return eval[embedReply](tb, 90*time.Second, `window.ask(`+jsonString(cmd)+`, `+arg+`, 80000)`)
}

func jsonString(s string) string { b, _ := json.Marshal(s); return string(b) }

// In experiment mode the embed API answers like the playground's: a
// pcaplay-ready with a status, play starts the experiment and pause pauses
// it, status tells the experiment's counts, and step, reset and set (a
// run's commands) are answered with an error instead of never. Messages
// sent while the page loads are answered once it is ready.
func TestEmbedAPIInExperimentMode(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	src := h.pageURL(hash("mode", "experiment", "problems", "C01", "dim", "10", "runs", "2", "fes", "20000", "configs", "a:pmode", "workers", "1"))
	early, _ := json.Marshal([]map[string]any{{"type": "pcaplay", "cmd": "status"}, {"type": "pcaplay", "cmd": "step"}})
	tb.navigate(h.parentURL + "parent.html?src=" + url.QueryEscape(src) + "&early=" + url.QueryEscape(string(early)))
	ready := waitReadyMessage(t, tb)
	st, _ := ready["status"].(map[string]any)
	if ex, _ := st["experiment"].(map[string]any); ex == nil || ex["total"] != float64(2) || ex["state"] != "idle" {
		t.Fatalf("ready status %v: want the experiment's 2 runs, idle", st)
	}
	deadline := time.Now().Add(30 * time.Second)
	for eval[int](tb, 5*time.Second, `window.replies.length`) < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("the 2 messages sent while the page loaded got %d replies", eval[int](tb, 5*time.Second, `window.replies.length`))
		}
		time.Sleep(50 * time.Millisecond)
	}
	rs := eval[[]embedReply](tb, 5*time.Second, `window.replies`)
	if rs[0].Error != nil || rs[1].Error == nil || rs[1].Error.Code != "unknown-command" || !strings.Contains(rs[1].Error.Message, "play, pause and status") {
		t.Errorf("early status, step: %+v, %+v; want a status and an unknown-command error naming what the view has", rs[0], rs[1].Error)
	}
	for _, cmd := range []string{"reset", "set"} {
		if r := ask(t, tb, cmd, map[string]any{"seed": "3"}); r.Error == nil || r.Status == nil {
			t.Errorf("%s in experiment mode: %+v; want an error with the status", cmd, r)
		}
	}
	r := ask(t, tb, "play", nil)
	if r.Error != nil || (r.Status["running"] != true && r.Status["done"] != true) {
		t.Fatalf("play: %+v; want the experiment running (or done)", r)
	}
	for {
		r = ask(t, tb, "status", nil)
		if r.Status["done"] == true {
			break
		}
		if time.Now().After(deadline.Add(2 * time.Minute)) {
			t.Fatalf("the experiment did not finish: %v", r.Status)
		}
		time.Sleep(200 * time.Millisecond)
	}
	if ex, _ := r.Status["experiment"].(map[string]any); ex["done"] != float64(2) || ex["state"] != "done" {
		t.Errorf("status at the end: %v; want 2 runs done", r.Status)
	}
	tb.noConsoleErrors()
}

// The embed API's set takes what an address can carry: an object of
// strings, finite numbers and booleans. A string, an array, a nested
// object or NaN is answered with a bad-argument error naming it, and the
// run is left as it was.
func TestEmbedSetRefusesShapes(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.navigate(h.parentURL + "parent.html?src=" + url.QueryEscape(h.pageURL(hash("problem", "rosenbrock", "algo", "de", "seed", "5", "fes", "3000"))))
	waitReadyMessage(t, tb)
	for _, c := range []struct {
		params any
		want   string
	}{
		{"seed=7", "not string"},
		{[]any{1, 2}, "not an array"},
		{map[string]any{"seed": []any{7}}, `"seed" is an array`},
		{map[string]any{"seed": map[string]any{"v": 7}}, `"seed" is object`},
	} {
		r := ask(t, tb, "set", c.params)
		if r.Error == nil || r.Error.Code != "bad-argument" || !strings.Contains(r.Error.Message, c.want) {
			t.Errorf("set %v: %+v; want a bad-argument error with %q", c.params, r.Error, c.want)
		}
		if r.Status["maxFES"] != float64(3000) {
			t.Errorf("set %v changed the run: %v", c.params, r.Status)
		}
	}
	// NaN cannot travel as JSON: send it from the parent page itself
	r := eval[embedReply](tb, 30*time.Second, `(async () => { const n = window.replies.length; window.send("set", {seed: NaN});
		while (window.replies.length === n) await new Promise((r) => setTimeout(r, 5)); return window.replies[n]; })()`)
	if r.Error == nil || !strings.Contains(r.Error.Message, `"seed" is NaN`) {
		t.Errorf("set {seed: NaN}: %+v; want a bad-argument error naming it", r.Error)
	}
	if r := ask(t, tb, "set", map[string]any{"seed": 9}); r.Error != nil {
		t.Errorf("set {seed: 9}: %+v", r.Error)
	}
	tb.noConsoleErrors()
}

// A parent that floods a page that is not ready yet cannot grow its queue
// without bound: 3,000 messages sent while the WebAssembly loads leave at
// most 1,000 queued, and the page still becomes ready and answers.
func TestEarlyQueueBounded(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	wasmDelay.Store(int64(3 * time.Second))
	defer wasmDelay.Store(0)
	var flood []map[string]any
	for range 3000 {
		flood = append(flood, map[string]any{"type": "pcaplay", "cmd": "status"})
	}
	early, _ := json.Marshal(flood)
	src := h.pageURL(hash("problem", "rosenbrock", "algo", "de", "seed", "5", "fes", "3000"))
	tb.navigate(h.parentURL + "parent.html?src=" + url.QueryEscape(src) + "&early=" + url.QueryEscape(string(early)))
	waitReadyMessage(t, tb)
	deadline := time.Now().Add(60 * time.Second)
	n := 0
	for {
		n = eval[int](tb, 5*time.Second, `window.replies.length`)
		if n >= 1000 || time.Now().After(deadline) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(time.Second)
	if n = eval[int](tb, 5*time.Second, `window.replies.length`); n != 1000 {
		t.Errorf("%d replies to 3000 messages sent before ready; want the 1000 the queue holds", n)
	}
	if r := ask(t, tb, "status", nil); r.Error != nil || r.Status == nil {
		t.Errorf("status after the flood: %+v", r)
	}
}
