package e2e

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Firefox is driven through Marionette, the remote protocol built into
// Firefox (the one geckodriver speaks): JSON messages over TCP, each
// written as "LENGTH:JSON". A command is [0, id, name, params], its
// answer [1, id, error, result]. No driver binary and no Go module beyond
// the standard library are needed, only Debian's firefox-esr.

// firefox is a headless Firefox with one Marionette session.
type firefox struct {
	tb   testing.TB
	cmd  *exec.Cmd
	conn net.Conn
	rd   *bufio.Reader
	id   int
	logs *strings.Builder
}

// firefoxBinary returns Firefox's path, or "" where none is installed
// (PCAPLAY_FIREFOX names one; else firefox-esr or firefox on PATH).
func firefoxBinary() string {
	if p := os.Getenv("PCAPLAY_FIREFOX"); p != "" {
		return p
	}
	for _, name := range []string{"firefox-esr", "firefox"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// offlinePrefs sends every request other than file:// to a proxy on a
// port where nothing listens, so that any use of the network fails.
const offlinePrefs = `user_pref("network.proxy.type", 1);
user_pref("network.proxy.http", "127.0.0.1");
user_pref("network.proxy.http_port", 9);
user_pref("network.proxy.ssl", "127.0.0.1");
user_pref("network.proxy.ssl_port", 9);
user_pref("network.proxy.no_proxies_on", "");
user_pref("network.proxy.allow_hijacking_localhost", true);
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("toolkit.telemetry.enabled", false);
user_pref("app.update.disabledForTesting", true);
`

// startFirefox starts a headless Firefox on a fresh profile with the
// network off and opens a Marionette session.
func startFirefox(tb testing.TB, bin string) *firefox {
	tb.Helper()
	profile := tb.TempDir()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	prefs := offlinePrefs + fmt.Sprintf("user_pref(\"marionette.port\", %d);\n", port)
	if err := os.WriteFile(filepath.Join(profile, "user.js"), []byte(prefs), 0o644); err != nil {
		tb.Fatal(err)
	}
	ff := &firefox{tb: tb, logs: &strings.Builder{}}
	ff.cmd = exec.Command(bin, "--headless", "--marionette", "--no-remote", "--profile", profile, "about:blank")
	ff.cmd.Stdout, ff.cmd.Stderr = ff.logs, ff.logs
	ff.cmd.Env = append(os.Environ(), "MOZ_CRASHREPORTER_DISABLE=1")
	if err := ff.cmd.Start(); err != nil {
		tb.Fatalf("start %s: %v", bin, err)
	}
	tb.Cleanup(ff.close)
	deadline := time.Now().Add(60 * time.Second)
	for {
		ff.conn, err = net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			tb.Fatalf("Firefox's Marionette did not listen on port %d within 60 s: %v\n%s", port, err, ff.logs)
		}
		time.Sleep(200 * time.Millisecond)
	}
	ff.rd = bufio.NewReader(ff.conn)
	var hello struct {
		Protocol int `json:"marionetteProtocol"`
	}
	if err := ff.read(&hello); err != nil || hello.Protocol < 3 {
		tb.Fatalf("Marionette greeting: protocol %d, %v", hello.Protocol, err)
	}
	ff.command("WebDriver:NewSession", map[string]any{"capabilities": map[string]any{}}, nil)
	ff.command("WebDriver:SetTimeouts", map[string]any{"script": 240000, "pageLoad": 120000}, nil)
	return ff
}

func (ff *firefox) close() {
	if ff.conn != nil {
		ff.conn.Close()
	}
	if ff.cmd.Process != nil {
		ff.cmd.Process.Kill()
		ff.cmd.Wait()
	}
}

// read reads one message into v.
func (ff *firefox) read(v any) error {
	n, err := ff.rd.ReadString(':')
	if err != nil {
		return err
	}
	size, err := strconv.Atoi(strings.TrimSuffix(n, ":"))
	if err != nil || size < 0 || size > 64<<20 {
		return fmt.Errorf("Marionette: message length %q", n)
	}
	b := make([]byte, size)
	if _, err := io.ReadFull(ff.rd, b); err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}

// command sends one command and decodes its result into out (when not
// nil); a Marionette error fails the test.
func (ff *firefox) command(name string, params any, out any) {
	ff.tb.Helper()
	if err := ff.try(name, params, out); err != nil {
		ff.tb.Fatalf("Marionette %s: %v", name, err)
	}
}

func (ff *firefox) try(name string, params any, out any) error {
	ff.id++
	b, err := json.Marshal([]any{0, ff.id, name, params})
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(ff.conn, "%d:%s", len(b), b); err != nil {
		return err
	}
	for {
		var msg []json.RawMessage
		if err := ff.read(&msg); err != nil {
			return err
		}
		if len(msg) != 4 {
			continue
		}
		var id int
		if json.Unmarshal(msg[1], &id) != nil || id != ff.id {
			continue
		}
		if s := string(msg[2]); s != "null" {
			return errors.New(s)
		}
		if out == nil {
			return nil
		}
		return json.Unmarshal(msg[3], out)
	}
}

// evalAsync runs body as the body of an async function in the page and
// decodes what it returns (the value of the WebDriver answer's "value").
func ffEval[T any](ff *firefox, body string) T {
	ff.tb.Helper()
	script := `const done = arguments[arguments.length - 1];
(async () => {` + body + `})().then((v) => done({ok: v}), (e) => done({err: String(e && e.stack || e)}));`
	var res struct {
		Value struct {
			OK  T      `json:"ok"`
			Err string `json:"err"`
		} `json:"value"`
	}
	ff.command("WebDriver:ExecuteAsyncScript", map[string]any{"script": script, "args": []any{}}, &res)
	if res.Value.Err != "" {
		ff.tb.Fatalf("in Firefox: %s", res.Value.Err)
	}
	return res.Value.OK
}

// ffReady waits for the page's window.playground.ready.
const ffReady = `const ready0 = performance.now();
while (!(window.playground && window.playground.ready)) {
	if (performance.now() - ready0 > 60000) throw new Error("no window.playground within 60 s");
	await new Promise((r) => setTimeout(r, 20));
}
await window.playground.ready;
`

// TestFirefoxOneFile: the one-HTML-file export (`cec export-html`) opened
// from file:// in headless Firefox with every network request failed runs
// a PMODE run on Rosenbrock and a HECO-PDE run on C05 at D = 10 to the
// final best of `cec run`, bit for bit; its compare and lesson files
// render in their mode. It needs Firefox (Debian's firefox-esr: `make
// test-firefox` installs it); without one it is skipped.
func TestFirefoxOneFile(t *testing.T) {
	if os.Getenv("PCAPLAY_E2E") != "1" {
		t.Skip("end-to-end test skipped: set PCAPLAY_E2E=1 to run it")
	}
	bin := firefoxBinary()
	if bin == "" {
		t.Skip("no Firefox: install Debian's firefox-esr (make test-firefox does) or set PCAPLAY_FIREFOX")
	}
	site, err := checkSite()
	if err != nil {
		t.Fatal(err)
	}
	if site, err = filepath.Abs(site); err != nil {
		t.Fatal(err)
	}
	ff := startFirefox(t, bin)
	dir := t.TempDir()
	open := func(name, state string) {
		t.Helper()
		file := filepath.Join(dir, name+".html")
		cec(t, "export-html", "-site", site, "-o", file, "#"+state)
		ff.command("WebDriver:Navigate", map[string]any{"url": "file://" + file}, nil)
	}
	for _, c := range oneFileRuns {
		open(c.problem, hash("problem", c.problem, "dim", fmt.Sprint(c.dim), "algo", c.algo,
			"seed", fmt.Sprint(c.seed), "fes", fmt.Sprint(c.fes), "speed", "10"))
		got := ffEval[[]string](ff, ffReady+`
const pg = window.playground;
await pg.play();
const t0 = performance.now();
while (!pg.status().done) {
	if (performance.now() - t0 > 180000) throw new Error("the run did not end within 180 s");
	await new Promise((r) => setTimeout(r, 50));
}
const d = new DataView(new ArrayBuffer(8));
d.setFloat64(0, pg.status().bestF);
let bits = "";
for (let i = 0; i < 8; i++) bits += d.getUint8(i).toString(16).padStart(2, "0");
return [bits, String(pg.status().bestF), `+jsExpr("data-note")+`[0]];`)
		want, f := cecRunBest(t, c.problem, c.dim, c.algo, c.seed, c.fes)
		if got[0] != want {
			t.Errorf("%s %s in Firefox: best f %s (bits %s), cec run %v (bits %s)", c.algo, c.problem, got[1], got[0], f, want)
		}
		if c.dim > 2 && got[2] != "official" {
			t.Errorf("%s in Firefox: data label %q, want the official instance from the file", c.problem, got[2])
		}
	}
	// the network is off for the page and for a worker
	probe := ffEval[[]string](ff, `return Promise.all([
	fetch("http://example.com/page").then(() => "answered", () => "failed"),
	new Promise((r) => { const w = new Worker(URL.createObjectURL(new Blob(
		['fetch("http://example.com/worker").then(() => postMessage("answered"), () => postMessage("failed"))']))); w.onmessage = (e) => r(e.data); }),
]);`)
	if len(probe) != 2 || probe[0] != "failed" || probe[1] != "failed" {
		t.Errorf("the network was not off in Firefox: page and worker %v", probe)
	}

	open("compare", hash("compare", "2", "problem", "C05", "dim", "10", "seed", "3"))
	if n := ffEval[int](ff, ffReady+`return window.playground.status().runs.length;`); n != 2 {
		t.Errorf("the compare file in Firefox shows %d runs, want 2", n)
	}
	open("lesson", hash("lesson", "fig1", "step", "3"))
	drawn := ffEval[string](ff, `const t0 = performance.now();
for (;;) {
	const root = document.querySelector("[data-lesson-root]");
	if (root && root.dataset.drawn === "3") return "3";
	if (performance.now() - t0 > 60000) return root ? String(root.dataset.drawn) : "no lesson root";
	await new Promise((r) => setTimeout(r, 50));
}`)
	if drawn != "3" {
		t.Errorf("the lesson file in Firefox drew step %q, want 3", drawn)
	}
}
