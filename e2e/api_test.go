package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// hashValue returns key's value in the page's address.
func hashValue(tb *tab, key string) string {
	tb.tb.Helper()
	return eval[string](tb, 5*time.Second, fmt.Sprintf(
		`new URLSearchParams(location.hash.slice(1)).get(%q) || ""`, key))
}

// set() applies each change to the state at the time it runs: a change
// queued after another keeps the first one's values (issue: set({fes: 500})
// then set({pop: 50}) ended with fes 40000, the first set lost).
func TestSetAppliesEachChangeInOrder(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	tb.open(hash("problem", "rosenbrock", "algo", "de", "seed", "2"))
	eval[bool](tb, 60*time.Second, jsExpr("set-fes-then-pop"))
	if s := tb.status(); s.MaxFES != 500 {
		t.Errorf("set({fes: 500}); await set({pop: 50}): maxFES %v, want 500", s.MaxFES)
	}
	if p := hashValue(tb, "pop"); p != "50" {
		t.Errorf("pop = %q in the address, want 50", p)
	}
	// D follows the same rule everywhere: fes at its default follows D,
	// fes set on purpose stays
	eval[bool](tb, 60*time.Second, `window.playground.set({problem: "C01", dim: "10", fes: null}).then(() => true)`)
	if s := tb.status(); s.MaxFES != 200000 {
		t.Errorf("set({problem: C01, dim: 10, fes: null}): maxFES %v, want the default 20000·10", s.MaxFES)
	}
	eval[bool](tb, 60*time.Second, `window.playground.set({dim: "30"}).then(() => true)`)
	if s := tb.status(); s.MaxFES != 600000 {
		t.Errorf("set({dim: 30}) with fes at its default: maxFES %v, want 600000 (it follows D)", s.MaxFES)
	}
	eval[bool](tb, 60*time.Second, jsExpr("set-fes-then-dim"))
	if s := tb.status(); s.MaxFES != 7000 {
		t.Errorf("set({fes: 7000}) then set({dim: 10}): maxFES %v, want 7000 (set on purpose)", s.MaxFES)
	}
	// the D control goes through the same transition
	eval[bool](tb, 10*time.Second, jsExpr("dim-control-to-30"))
	tb.waitFor("D = 30 from the control", 60*time.Second, func(s Status) bool { return hashValue(tb, "dim") == "30" })
	if s := tb.status(); s.MaxFES != 7000 {
		t.Errorf("D control 10 → 30 with fes=7000 set on purpose: maxFES %v, want 7000", s.MaxFES)
	}
	// and so does a hand-edited address: fes=200000 left in it at D = 10
	// follows D = 30
	eval[bool](tb, 10*time.Second, `(location.hash = "#problem=C01&dim=10&algo=de&seed=2&fes=200000", true)`)
	tb.waitFor("the edited address (D = 10)", 60*time.Second, func(s Status) bool { return s.MaxFES == 200000 })
	eval[bool](tb, 10*time.Second, `(location.hash = location.hash.replace("dim=10", "dim=30"), true)`)
	tb.waitFor("the edited address applied: dim=30, fes following it (maxFES 600000)", 60*time.Second, func(s Status) bool { return s.MaxFES == 600000 })
	tb.noConsoleErrors()
}

// Two postMessage sets sent back to back both apply (issue: only the last
// one did); each gets a reply.
func TestPostMessageSetsBackToBack(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	src := h.pageURL(hash("problem", "rosenbrock", "algo", "de", "seed", "5", "fes", "100000", "pop", "20"))
	tb.navigate(h.parentURL + "parent.html?src=" + url.QueryEscape(src))
	// ready: a status reply comes (without relying on the ready message)
	deadline := time.Now().Add(90 * time.Second)
	for eval[int](tb, 5*time.Second, `window.replies.length`) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the framed playground never answered a status command%s", tb.consoleTail())
		}
		eval[chromedp.Void](tb, 5*time.Second, `window.send("status")`)
		time.Sleep(300 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond)
	n := eval[int](tb, 5*time.Second, `window.replies.length`)
	eval[chromedp.Void](tb, 5*time.Second, `(window.send("set", {fes: 3000}), window.send("set", {seed: 9}))`)
	deadline = time.Now().Add(60 * time.Second)
	for eval[int](tb, 5*time.Second, `window.replies.length`) < n+2 {
		if time.Now().After(deadline) {
			t.Fatalf("two sets got %d replies%s", eval[int](tb, 5*time.Second, `window.replies.length`)-n, tb.consoleTail())
		}
		time.Sleep(50 * time.Millisecond)
	}
	last := eval[map[string]any](tb, 5*time.Second, `window.replies[window.replies.length - 1]`)
	st, _ := last["status"].(map[string]any)
	if st["maxFES"] != float64(3000) {
		t.Errorf("after set({fes: 3000}) and set({seed: 9}) back to back: maxFES %v, want 3000; reply %v", st["maxFES"], last)
	}
	if e := last["error"]; e != nil {
		t.Errorf("set replied with an error: %v", e)
	}
	tb.noConsoleErrors()
}

// waitReadyMessage waits for the framed playground's pcaplay-ready message.
func waitReadyMessage(t *testing.T, tb *tab) map[string]any {
	t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for eval[int](tb, 5*time.Second, `window.readies.length`) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no pcaplay-ready message from the framed playground%s", tb.consoleTail())
		}
		time.Sleep(50 * time.Millisecond)
	}
	return eval[map[string]any](tb, 5*time.Second, `window.readies[0]`)
}

// A parent gets {type: "pcaplay-ready", status} once the playground is
// ready; commands it sent earlier (while the WebAssembly was still loading)
// are queued and applied in order, never dropped; a message with no or an
// unknown cmd is answered with an error.
func TestReadyHandshakeAndEarlyCommands(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	wasmDelay.Store(int64(2 * time.Second))
	defer wasmDelay.Store(0)
	src := h.pageURL(hash("problem", "rosenbrock", "algo", "de", "seed", "5", "fes", "100000", "pop", "20"))
	early, _ := json.Marshal([]map[string]any{
		{"type": "pcaplay", "cmd": "set", "params": map[string]any{"seed": "7", "fes": "50000"}},
		{"type": "pcaplay", "cmd": "step"},
		{"type": "pcaplay", "cmd": "step"},
		{"type": "pcaplay", "cmd": "status"},
		{"type": "pcaplay"},
		{"type": "pcaplay", "cmd": "fly"},
		{"type": "pcaplay", "cmd": "play"},
	})
	tb.navigate(h.parentURL + "parent.html?src=" + url.QueryEscape(src) + "&early=" + url.QueryEscape(string(early)))
	ready := waitReadyMessage(t, tb)
	sentAt := eval[float64](tb, 5*time.Second, `window.earlySentAt || -1`)
	if at, _ := ready["at"].(float64); sentAt < 0 || sentAt > at {
		t.Fatalf("the early commands were sent at %v ms, the ready message came at %v ms: not before ready", sentAt, at)
	}
	if want := strings.TrimSuffix(h.siteURL, "/"); ready["origin"] != want {
		t.Errorf("ready message from origin %v, want %s", ready["origin"], want)
	}
	if st, _ := ready["status"].(map[string]any); st == nil || st["maxFES"] == nil {
		t.Errorf("ready message without a status: %v", ready)
	}
	deadline := time.Now().Add(60 * time.Second)
	for eval[int](tb, 5*time.Second, `window.replies.length`) < 7 {
		if time.Now().After(deadline) {
			t.Fatalf("%d replies to 7 early commands%s", eval[int](tb, 5*time.Second, `window.replies.length`), tb.consoleTail())
		}
		time.Sleep(50 * time.Millisecond)
	}
	type reply struct {
		Status map[string]any `json:"status"`
		Error  *struct {
			Code    string `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	rs := eval[[]reply](tb, 5*time.Second, `window.replies`)
	// in order: set, step, step, status, (no cmd), fly, play
	if rs[0].Status["maxFES"] != float64(50000) {
		t.Errorf("the early set was not applied (or overwritten by the address): reply %v", rs[0].Status)
	}
	if rs[1].Status["generation"] != float64(1) || rs[2].Status["generation"] != float64(2) || rs[3].Status["generation"] != float64(2) {
		t.Errorf("early step, step, status: generations %v, %v, %v; want 1, 2, 2", rs[1].Status["generation"], rs[2].Status["generation"], rs[3].Status["generation"])
	}
	for i, r := range rs[:4] {
		if r.Error != nil {
			t.Errorf("reply %d: error %+v", i, r.Error)
		}
	}
	for i, r := range rs[4:6] {
		if r.Error == nil || r.Error.Code != "unknown-command" || r.Status == nil {
			t.Errorf("reply to a message with %s: %+v; want an unknown-command error with the status", []string{"no cmd", "cmd fly"}[i], r)
		}
	}
	if rs[5].Error != nil && !strings.Contains(rs[5].Error.Message, "fly") {
		t.Errorf("the error does not name the unknown command: %q", rs[5].Error.Message)
	}
	if rs[6].Status["running"] != true && rs[6].Status["done"] != true {
		t.Errorf("the early play did not start the run: %v", rs[6].Status)
	}
	if n := eval[int](tb, 5*time.Second, `window.readies.length`); n != 1 {
		t.Errorf("%d ready messages, want 1", n)
	}
	tb.noConsoleErrors()
}

// window.playground calls made before the page is ready are queued and
// applied in order (issue: play() was dropped, set() was overwritten by the
// address). They are made at two moments: at DOMContentLoaded (the modules
// have run, the WebAssembly is still loading: the app's command queue holds
// them), and the moment embed-early.js defines window.playground, while the
// head is parsed and before any module runs (embed-early.js's own queue
// holds them until the app connects).
func TestPlaygroundCallsBeforeReady(t *testing.T) {
	// the script: the wrapper (a function of the calls) applied to the calls
	script := func(wrapper string) string {
		return "(" + jsExpr(wrapper) + "\n)(" + jsExpr("early-calls") + ");"
	}
	for _, c := range []struct {
		name, script string
		parsing      bool // the calls are made while the document is parsed
	}{
		{"at DOMContentLoaded", script("calls-at-domcontentloaded"), false},
		{"before the modules run", script("calls-when-playground-defined"), true},
	} {
		t.Run(c.name, func(t *testing.T) { playgroundCallsBeforeReady(t, c.script, c.parsing) })
	}
}

func playgroundCallsBeforeReady(t *testing.T, script string, parsing bool) {
	h := setup(t)
	tb := h.newTab(t)
	wasmDelay.Store(int64(1500 * time.Millisecond))
	defer wasmDelay.Store(0)
	// runs in the page before its own scripts; calls the API long before
	// the WebAssembly is there
	c, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Call(c, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script}); err != nil {
		t.Fatal(err)
	}
	tb.navigate(h.pageURL(hash("problem", "rosenbrock", "algo", "de", "fes", "100000", "pop", "20")))
	tb.waitReady()
	type result struct {
		What       string  `json:"what"`
		MaxFES     float64 `json:"maxFES"`
		Running    bool    `json:"running"`
		Generation float64 `json:"generation"`
	}
	type earlyState struct {
		ReadyBefore bool     `json:"readyBefore"`
		Parsing     bool     `json:"parsing"`
		Results     []result `json:"results"`
	}
	var early earlyState
	deadline := time.Now().Add(30 * time.Second)
	for {
		early = eval[earlyState](tb, 5*time.Second, `window.__early || {results: []}`)
		if len(early.Results) == 3 || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if early.ReadyBefore {
		t.Fatal("the page was ready before the calls: the test did not call early")
	}
	if early.Parsing != parsing {
		t.Fatalf("calls made while the document was parsed: %v, want %v", early.Parsing, parsing)
	}
	if len(early.Results) != 3 {
		t.Fatalf("early calls resolved: %+v; want set, step, play", early.Results)
	}
	for i, w := range []string{"set", "step", "play"} {
		if early.Results[i].What != w {
			t.Errorf("early call %d resolved as %q, want %q (in order)", i, early.Results[i].What, w)
		}
	}
	if r := early.Results[0]; r.MaxFES != 60000 {
		t.Errorf("early set: maxFES %v, want 60000 (not overwritten by the address)", r.MaxFES)
	}
	if r := early.Results[1]; r.Generation != 1 {
		t.Errorf("early step: generation %v, want 1", r.Generation)
	}
	if r := early.Results[2]; !r.Running {
		t.Errorf("early play: not running (dropped)")
	}
	if seed := hashValue(tb, "seed"); seed != "3" {
		t.Errorf("seed %q in the address, want 3", seed)
	}
	tb.call("pause")
	tb.noConsoleErrors()
}

// A huge value in the address is cut in the notice (issue: a 1 MB seed was
// copied whole into it, a 370 ms task), and speed=0x5 is named.
func TestNoticesCutValues(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	huge := strings.Repeat("9", 1<<20)
	tb.open("seed=" + huge + "&speed=0x5&zoom=" + strings.Repeat("z", 5000))
	shown, text := tb.notice()
	if !shown {
		t.Fatal("no notice for seed=<1 MB>&speed=0x5")
	}
	if len(text) > 2000 {
		t.Errorf("the notice is %d characters long: values are not cut", len(text))
	}
	for _, want := range []string{"seed=9999", "1048576 characters", "speed=0x5", "zoom=zzz", "5000 characters"} {
		if !strings.Contains(text, want) {
			t.Errorf("notice %q does not say %q", text, want)
		}
	}
	if s := hashValue(tb, "speed"); s != "" {
		t.Errorf("speed=0x5: the address keeps speed=%q, want the default (no key)", s)
	}
	if sp := eval[string](tb, 5*time.Second, `document.getElementById("speed").value`); sp != "6" {
		t.Errorf("speed=0x5: the slider is at %s, want the default 6", sp)
	}
	if n := len(eval[string](tb, 5*time.Second, `location.hash`)); n > 2000 {
		t.Errorf("the address is still %d characters long after the bad values were replaced", n)
	}
}
