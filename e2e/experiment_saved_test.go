package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"pcaplay/internal/server"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// rewriteSaved runs fn (a JavaScript function of (key, line) returning the
// new line, undefined to keep it, or null to delete it) over every run the
// page's IndexedDB holds, and returns how many it changed.
func rewriteSaved(t *testing.T, tb *tab, fn string) int {
	t.Helper()
	return eval[int](tb, 30*time.Second, `(async () => {
		const fn = `+fn+`;
		const db = await new Promise((res, rej) => { const r = indexedDB.open("pcaplay-experiments", 1); r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
		const t = db.transaction("runs", "readwrite"), st = t.objectStore("runs");
		const keys = await new Promise((res) => { const r = st.getAllKeys(); r.onsuccess = () => res(r.result); });
		const vals = await new Promise((res) => { const r = st.getAll(); r.onsuccess = () => res(r.result); });
		let n = 0;
		keys.forEach((k, i) => { const v = fn(k[1], vals[i]); if (v === null) { st.delete(k); n++; } else if (v !== undefined) { st.put(v, k); n++; } });
		await new Promise((res) => { t.oncomplete = res; });
		db.close();
		return n;
	})()`)
}

// slowIndexedDB makes IndexedDB's getAll answer late in every page of tb
// from now on (js/slow-indexeddb.js).
func slowIndexedDB(t *testing.T, tb *tab) {
	t.Helper()
	c, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Call(c, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: jsExpr("slow-indexeddb")}); err != nil {
		t.Fatal(err)
	}
}

// freshExperiment opens the experiment at link and runs it from scratch
// (whatever an earlier test saved) to its end.
func freshExperiment(t *testing.T, tb *tab, link string) {
	t.Helper()
	tb.openExperiment(link)
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.startOver(), true`)
	tb.waitExp("the experiment ends", 3*time.Minute, func(s ExpState) bool { return s.State == "done" })
}

func runExperimentToEnd(t *testing.T, tb *tab) ExpState {
	t.Helper()
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.start(), true`)
	return tb.waitExp("the experiment ends", 3*time.Minute, func(s ExpState) bool { return s.State == "done" })
}

// A damaged saved run, or another run's record under a run's key, is not
// counted as finished: the page names each in one message, drops it, runs
// it again on Resume, and the download holds only sound records, one per
// run.
func TestSavedRunsValidated(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	link := hash("mode", "experiment", "problems", "C01", "dim", "10", "runs", "3", "fes", "2000", "seed", "41", "configs", "v:pmode", "workers", "1")
	freshExperiment(t, tb, link)
	n := rewriteSaved(t, tb, `(key, line) => !key.startsWith("v|") ? undefined : key.endsWith("|0") ? "garbage{" : key.endsWith("|1") ? line.replace('"run":1', '"run":2') : undefined`)
	if n != 2 {
		t.Fatalf("rewrote %d saved runs, want 2", n)
	}
	tb.openExperiment(link)
	msg := eval[string](tb, 30*time.Second, jsExpr("error-text-shown"))
	for _, w := range []string{"2 saved runs were damaged or not this experiment's", "run 0", "not JSON", `"run" is 2, not 1`} {
		if !strings.Contains(msg, w) {
			t.Errorf("message %q lacks %q", msg, w)
		}
	}
	if st := tb.expState(); st.Done != 1 {
		t.Errorf("%d runs counted as saved, want 1", st.Done)
	}
	st := runExperimentToEnd(t, tb)
	if st.Done != 3 {
		t.Fatalf("%d runs done, want 3", st.Done)
	}
	lines := strings.Split(strings.TrimSpace(eval[string](tb, 10*time.Second, `window.pcaplayExperiment.jsonl()`)), "\n")
	for i, l := range lines {
		var r struct {
			Run  int    `json:"run"`
			Algo string `json:"algo"`
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil || r.Run != i || r.Algo != "v" {
			t.Errorf("line %d of the download: %.80q (%v): want run %d of v", i+1, l, err, i)
		}
	}
	tb.noConsoleErrors()
}

// A resumed experiment whose new run used other data than its saved runs
// pauses at once and says so, offering the choice, instead of finishing
// with both kinds mixed in one experiment. The page reads its saved runs
// slowly here (slowIndexedDB), so that the test cannot take the state the
// page showed before it read them for the state after: with the reopened
// link only a fragment navigation (before openExperiment went through
// about:blank), the test saw its first run's "done" and failed, always so
// with the slow reads and now and then without.
func TestResumeRefusesMixedData(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	slowIndexedDB(t, tb)
	link := hash("mode", "experiment", "problems", "C01", "dim", "10", "runs", "4", "fes", "2000", "seed", "77", "configs", "m:pmode", "workers", "1")
	freshExperiment(t, tb, link)
	// as if runs 0 and 1 had been made while the official files failed, and
	// runs 2 and 3 not yet
	n := rewriteSaved(t, tb, `(key, line) => !key.startsWith("m|") ? undefined : /\|[23]$/.test(key) ? null : line.replace('"data":"official"', '"data":"generated"')`)
	if n != 4 {
		t.Fatalf("rewrote %d saved runs, want 4", n)
	}
	tb.openExperiment(link)
	if st := tb.expState(); st.State != "idle" || st.Done != 2 {
		t.Fatalf("reopened: %+v, want idle with the 2 saved runs", st)
	}
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.start(), true`)
	st := tb.waitExp("the experiment pauses", 3*time.Minute, func(s ExpState) bool { return s.State == "paused" || s.State == "done" })
	if st.State != "paused" {
		t.Fatalf("state %q after a run on official data beside saved generated ones, want paused", st.State)
	}
	msg := eval[string](tb, 30*time.Second, jsExpr("error-text-shown"))
	if !strings.Contains(msg, `"data":"official"`) || !strings.Contains(msg, `"generated"`) || !strings.Contains(msg, "would mix them") {
		t.Errorf("message %q: want both data labels and the choice", msg)
	}
	// Resume keeps both, as asked
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.resume(), true`)
	if st := tb.waitExp("the experiment ends", 3*time.Minute, func(s ExpState) bool { return s.State == "done" }); st.Done != 4 {
		t.Errorf("%d runs done after Resume, want 4", st.Done)
	}
}

// An address changed while the experiment starts (reading its saved runs
// from the store, slowly here: 1.5 s) is refused as it is while the
// experiment runs: the address goes back, the page says why, and the
// start runs its own definition's jobs under its own id. (It used to take
// the new definition's jobs with the old one's id and saved runs: the
// saved runs dropped as "not this experiment's", and the other
// experiment's runs saved in their place.)
func TestDefinitionKeptWhileStarting(t *testing.T) {
	h := setup(t)
	tb := h.newTab(t)
	slowIndexedDB(t, tb)
	// a seed of its own, so that no saved runs of an earlier test are offered
	seed := strconv.FormatInt(time.Now().UnixNano()%1_000_000_000+1000, 10)
	link := hash("mode", "experiment", "problems", "C01", "dim", "10", "runs", "2", "fes", "2000", "seed", seed, "configs", "ks:pmode", "workers", "1")
	other := hash("mode", "experiment", "problems", "C02", "dim", "10", "runs", "3", "fes", "2000", "seed", seed, "configs", "ks:pmode", "workers", "1")
	tb.openExperiment(link)
	if st := tb.expState(); st.State != "idle" || st.Done != 0 {
		t.Fatalf("opened: %+v, want idle with no saved runs", st)
	}
	started := eval[string](tb, 10*time.Second, `location.hash`) // its canonical form
	eval[bool](tb, 5*time.Second, `window.__idbDelayMs = 1500, window.pcaplayExperiment.start(),
	  setTimeout(() => { location.hash = `+strconv.Quote(other)+`; }, 100), true`)
	st := tb.waitExp("the experiment ends", 3*time.Minute, func(s ExpState) bool { return s.State == "done" })
	if st.Done != 2 {
		t.Errorf("%d runs done, want the 2 of the definition it started with", st.Done)
	}
	for i, l := range strings.Split(strings.TrimSpace(eval[string](tb, 10*time.Second, `window.pcaplayExperiment.jsonl()`)), "\n") {
		var r struct {
			Problem string `json:"problem"`
		}
		if err := json.Unmarshal([]byte(l), &r); err != nil || r.Problem != "C01" {
			t.Errorf("run %d: %.80q (%v), want a run of C01", i, l, err)
		}
	}
	if addr := eval[string](tb, 10*time.Second, `location.hash`); addr != started {
		t.Errorf("the address after a change refused while starting: %s, want the started definition's, %s", addr, started)
	}
	if msg := eval[string](tb, 10*time.Second, `document.getElementById("message").textContent`); !strings.Contains(msg, "cancel it to change its definition") {
		t.Errorf("the page's last note %q: want it to say why the change was refused", msg)
	}
	tb.noConsoleErrors()
}

// The experiment view warns, as the playground does, when its runs did not
// use the official CEC 2017 data: here the server's data files have one
// digit changed (the module's compiled sums tell them from the official
// ones, whatever the server's manifest says).
func TestExperimentWarnsAboutOtherData(t *testing.T) {
	h := setup(t)
	srv, err := server.New(os.DirFS(h.siteDir))
	if err != nil {
		t.Fatal(err)
	}
	changed := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, "/data/cec2017/") && strings.HasSuffix(r.URL.Path, ".txt") {
			b, err := os.ReadFile(filepath.Join(h.siteDir, strings.TrimPrefix(r.URL.Path, "/")))
			if err != nil {
				http.NotFound(w, r)
				return
			}
			if i := bytes.IndexAny(b, "123456789"); i >= 0 {
				b[i] = '0' + (b[i]-'0')%9 + 1
			}
			w.Header().Set("Content-Type", "text/plain")
			w.Write(b)
			return
		}
		srv.ServeHTTP(w, r)
	}))
	defer changed.Close()
	tb := h.newTab(t)
	tb.navigate(changed.URL + "/#" + hash("mode", "experiment", "problems", "C01", "dim", "10", "runs", "1", "fes", "2000", "seed", "5", "configs", "w:pmode", "workers", "1"))
	eval[bool](tb, 90*time.Second, jsExpr("experiment-ready"))
	eval[bool](tb, 5*time.Second, `window.pcaplayExperiment.startOver(), true`)
	tb.waitExp("the experiment ends", 3*time.Minute, func(s ExpState) bool { return s.State == "done" })
	msg := eval[string](tb, 30*time.Second, jsExpr("error-text-shown"))
	if !strings.Contains(msg, "not the official") {
		t.Errorf("error %q: want a warning that the runs did not use the official data", msg)
	}
	t.Logf("warning: %s", msg)
	line := eval[string](tb, 10*time.Second, `window.pcaplayExperiment.jsonl()`)
	if strings.Contains(line, `"data":"official"`) {
		t.Errorf("a run on changed files is labelled official: %.200s", line)
	}
}
