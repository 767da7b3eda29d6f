package main

import (
	"bufio"
	"bytes"
	"io"
	"io/fs"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"

	"pcaplay/internal/server"
)

// TestMain runs main itself when the test binary is started as the server
// by TestSignals.
func TestMain(m *testing.M) {
	if os.Getenv("PCAPLAY_SERVE_MAIN") == "1" {
		os.Args = []string{"serve", "-addr", "127.0.0.1:0"}
		main()
		return
	}
	os.Exit(m.Run())
}

func noSignals() chan os.Signal { return make(chan os.Signal, 2) }

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-nope"},
		{"-addr"},
		{"extra-arg"},
		{"-addr", ""},
	} {
		var out, errb strings.Builder
		code := run(noSignals(), args, fstest.MapFS{}, &out, &errb)
		if code != 2 {
			t.Errorf("run(%q) = %d, want 2", args, code)
		}
		msg := errb.String()
		if strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "serve: ") {
			t.Errorf("run(%q): stderr %q, want one line starting with \"serve: \"", args, msg)
		}
		if out.Len() != 0 {
			t.Errorf("run(%q): stdout %q, want nothing", args, out.String())
		}
	}
}

func TestHelp(t *testing.T) {
	var out, errb strings.Builder
	if code := run(noSignals(), []string{"-h"}, fstest.MapFS{}, &out, &errb); code != 0 {
		t.Errorf("run(-h) = %d, want 0", code)
	}
	if !strings.Contains(out.String(), "-addr") {
		t.Errorf("run(-h) printed %q, want the flags", out.String())
	}
}

// TestDefaultAddrIsLoopback: without -addr the server listens on this
// machine only (the loopback default, so that serving is never public by
// accident); -h says so.
func TestDefaultAddrIsLoopback(t *testing.T) {
	var out, errb strings.Builder
	if code := run(noSignals(), []string{"-h"}, fstest.MapFS{}, &out, &errb); code != 0 {
		t.Fatalf("run(-h) = %d", code)
	}
	m := regexp.MustCompile(`\(default "([^"]*)"\)`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("-h prints no default address: %q", out.String())
	}
	host, _, err := net.SplitHostPort(m[1])
	if err != nil {
		t.Fatalf("default address %q: %v", m[1], err)
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		t.Errorf("default address %q is not loopback", m[1])
	}
}

func TestListenError(t *testing.T) {
	var out, errb strings.Builder
	if code := run(noSignals(), []string{"-addr", "256.0.0.1:bad"}, fstest.MapFS{}, &out, &errb); code != 1 {
		t.Errorf("run with an unusable address = %d, want 1", code)
	}
	if errb.Len() == 0 {
		t.Error("no error message for an unusable address")
	}
}

// lineWriter hands the lines that run prints to the test as they come.
type lineWriter struct{ lines chan string }

func (w lineWriter) Write(p []byte) (int, error) {
	for line := range strings.SplitSeq(strings.TrimRight(string(p), "\n"), "\n") {
		w.lines <- line
	}
	return len(p), nil
}

// server is run in a goroutine.
type running struct {
	t      *testing.T
	stop   chan os.Signal
	stdout lineWriter
	stderr *syncBuilder
	done   chan int
	first  string // the first line printed
	exited bool
}

type syncBuilder struct {
	ch chan string
	b  strings.Builder
}

func (s *syncBuilder) Write(p []byte) (int, error) { s.ch <- string(p); return len(p), nil }
func (s *syncBuilder) String() string {
	for {
		select {
		case x := <-s.ch:
			s.b.WriteString(x)
		default:
			return s.b.String()
		}
	}
}

func start(t *testing.T, site fs.FS, args ...string) *running {
	t.Helper()
	r := &running{t: t, stop: noSignals(), stdout: lineWriter{make(chan string, 10)},
		stderr: &syncBuilder{ch: make(chan string, 100)}, done: make(chan int, 1)}
	go func() { r.done <- run(r.stop, args, site, r.stdout, r.stderr) }()
	select {
	case r.first = <-r.stdout.lines:
	case code := <-r.done:
		t.Fatalf("run exited early with %d: %s", code, r.stderr.String())
	case <-time.After(10 * time.Second):
		t.Fatal("server printed nothing within 10s")
	}
	t.Cleanup(func() {
		if !r.exited {
			r.stop <- syscall.SIGTERM
			r.stop <- syscall.SIGTERM
			<-r.done
		}
	})
	return r
}

// url returns the URL of a loopback server from its first line.
func (r *running) url() string {
	const prefix = "pcaplay: serving on "
	if !strings.HasPrefix(r.first, prefix) {
		r.t.Fatalf("first line %q, want %q + URL", r.first, prefix)
	}
	u := strings.TrimPrefix(r.first, prefix)
	if !strings.HasPrefix(u, "http://127.0.0.1:") || !strings.HasSuffix(u, "/") {
		r.t.Fatalf("URL %q", u)
	}
	return u
}

// wait returns the exit code after a stop signal.
func (r *running) wait(within time.Duration) int {
	select {
	case code := <-r.done:
		r.exited = true
		return code
	case <-time.After(within):
		r.t.Fatalf("server did not stop within %v", within)
	}
	return -1
}

var smallSite = fstest.MapFS{
	"index.html":   {Data: []byte("<!doctype html><p>hi")},
	"pcaplay.wasm": {Data: []byte("\x00asm\x01\x00\x00\x00")},
	"README.md":    {Data: []byte("# build notes")},
}

// TestServeAndShutdown starts the real server on a random port, fetches a
// file, then stops it as SIGINT would and expects a clean exit.
func TestServeAndShutdown(t *testing.T) {
	r := start(t, smallSite, "-addr", "127.0.0.1:0")
	url := r.url()
	resp, err := http.Get(url + "pcaplay.wasm")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/wasm" {
		t.Errorf("GET pcaplay.wasm: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	r.stop <- os.Interrupt
	if code := r.wait(10 * time.Second); code != 0 {
		t.Errorf("run returned %d after shutdown, want 0 (stderr %q)", code, r.stderr.String())
	}
	if _, err := net.DialTimeout("tcp", strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/"), time.Second); err == nil {
		t.Error("port still accepts connections after shutdown")
	}
}

// TestBuildNotesNotServed: cmd/serve/public/README.md documents the build;
// it is not part of the site.
func TestBuildNotesNotServed(t *testing.T) {
	r := start(t, smallSite, "-addr", "127.0.0.1:0")
	for path, want := range map[string]int{"README.md": 404, "index.html": 200, "": 200} {
		resp, err := http.Get(r.url() + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("GET /%s: %d, want %d", path, resp.StatusCode, want)
		}
	}
}

// TestEveryInterfaceSaysSo: an address without a host listens on every
// interface; the first line says so and prints the real address instead of
// claiming localhost.
func TestEveryInterfaceSaysSo(t *testing.T) {
	r := start(t, smallSite, "-addr", ":0")
	ln := r.first
	if !strings.Contains(ln, "every network interface") {
		t.Errorf("first line %q does not say that every interface listens", ln)
	}
	if !strings.Contains(ln, "[::]:") && !strings.Contains(ln, "0.0.0.0:") {
		t.Errorf("first line %q does not print the listening address", ln)
	}
	i := strings.Index(ln, "http://localhost:")
	if i < 0 {
		t.Fatalf("first line %q has no URL for this machine", ln)
	}
	resp, err := http.Get(strings.Replace(ln[i:], "localhost", "127.0.0.1", 1))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("GET %s: %d", ln[i:], resp.StatusCode)
	}
}

func TestNotBuiltSays(t *testing.T) {
	stop := noSignals()
	stdout := lineWriter{make(chan string, 10)}
	errr, errw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- run(stop, []string{"-addr", "127.0.0.1:0"}, fstest.MapFS{"README.md": {Data: []byte("x")}}, stdout, errw)
		errw.Close()
	}()
	line, err := bufio.NewReader(errr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(line, server.NotBuiltMessage) {
		t.Errorf("stderr %q, want %q", line, server.NotBuiltMessage)
	}
	stop <- syscall.SIGTERM
	go io.Copy(io.Discard, errr)
	<-done
}

func TestDescribeAddr(t *testing.T) {
	for addr, want := range map[string]string{
		"127.0.0.1:8080": "http://127.0.0.1:8080/",
		"[::1]:9000":     "http://[::1]:9000/",
		"0.0.0.0:80":     "0.0.0.0:80, every network interface (reachable from other machines); on this machine: http://localhost:80/",
		"[::]:9000":      "[::]:9000, every network interface (reachable from other machines); on this machine: http://localhost:9000/",
	} {
		a, err := net.ResolveTCPAddr("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := describeAddr(a); got != want {
			t.Errorf("describeAddr(%s) = %s, want %s", addr, got, want)
		}
	}
}

// TestEmbedded checks the embedded folder: the placeholder is always there,
// and the handler either serves a built site or says it is not built.
func TestEmbedded(t *testing.T) {
	site, err := fs.Sub(public, "public")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fs.Stat(site, "README.md"); err != nil {
		t.Fatalf("placeholder missing from the embedded site: %v", err)
	}
	h, err := server.New(without(site, buildNotes))
	if err != nil {
		t.Fatal(err)
	}
	_, hasIndex := fs.Stat(site, "index.html")
	if h.Built() != (hasIndex == nil) {
		t.Errorf("Built() = %v, index.html present = %v", h.Built(), hasIndex == nil)
	}
	for _, f := range h.Files() {
		if f == buildNotes {
			t.Errorf("the served files include %s", f)
		}
	}
}

// slowClient is an HTTP client whose connections have a small receive
// buffer, so that the server's writes block on it as on a slow network.
func slowClient() *http.Client {
	d := &net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		var err error
		c.Control(func(fd uintptr) { err = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4096) })
		return err
	}}
	return &http.Client{Transport: &http.Transport{DialContext: d.DialContext, DisableCompression: true}}
}

// TestShutdownWaitsForDownloads: a stop signal during a slow download lets
// it finish, even when that takes longer than 5 s (the fixed limit the
// server used to give up after), and the exit is clean.
func TestShutdownWaitsForDownloads(t *testing.T) {
	big := make([]byte, 24<<20) // larger than the socket buffers
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range big {
		big[i] = byte(rng.Uint32())
	}
	site := fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}, "big.bin": {Data: big}}
	r := start(t, site, "-addr", "127.0.0.1:0")
	resp, err := slowClient().Get(r.url() + "big.bin")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got := make(chan []byte, 1)
	t0 := time.Now()
	go func() {
		// About 3 MB/s: 8 s for the whole file.
		var b bytes.Buffer
		buf := make([]byte, 96<<10)
		for {
			n, err := io.ReadFull(resp.Body, buf)
			b.Write(buf[:n])
			if err != nil {
				break
			}
			time.Sleep(30 * time.Millisecond)
		}
		got <- b.Bytes()
	}()
	time.Sleep(300 * time.Millisecond)
	r.stop <- syscall.SIGTERM
	body := <-got
	took := time.Since(t0)
	if !bytes.Equal(body, big) {
		t.Errorf("download cut by the shutdown: %d of %d bytes after %v", len(body), len(big), took)
	}
	if code := r.wait(30 * time.Second); code != 0 {
		t.Errorf("exit %d after a graceful stop, want 0 (stderr %q)", code, r.stderr.String())
	}
	t.Logf("download of %d MB during the shutdown took %v", len(big)>>20, took.Round(time.Millisecond))
}

// TestSecondSignalStopsAtOnce: during a graceful stop, a second signal
// closes the connections in flight.
func TestSecondSignalStopsAtOnce(t *testing.T) {
	big := make([]byte, 24<<20)
	site := fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}, "big.bin": {Data: big}}
	r := start(t, site, "-addr", "127.0.0.1:0")
	resp, err := slowClient().Get(r.url() + "big.bin") // and never read
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	r.stop <- syscall.SIGTERM
	select {
	case line := <-r.stdout.lines:
		if !strings.Contains(line, "1 response(s) in flight") {
			t.Errorf("after the first signal: %q", line)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("nothing said after the first signal")
	}
	r.stop <- syscall.SIGTERM
	if code := r.wait(5 * time.Second); code != 1 {
		t.Errorf("exit %d after a forced stop, want 1", code)
	}
	if !strings.Contains(r.stderr.String(), "stopped at once") {
		t.Errorf("stderr %q", r.stderr.String())
	}
}

// TestSignals starts the command itself and stops it with each stop signal;
// SIGHUP (a closed terminal) must stop it cleanly like SIGTERM, not kill it.
func TestSignals(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM, syscall.SIGINT} {
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), "PCAPLAY_SERVE_MAIN=1")
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		br := bufio.NewReader(out)
		line, err := br.ReadString('\n')
		if err != nil || !strings.HasPrefix(line, "pcaplay: serving on http://127.0.0.1:") {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("%v: first line %q, %v (stderr %q)", sig, line, err, errb.String())
		}
		cmd.Process.Signal(sig)
		rest, _ := io.ReadAll(br)
		err = cmd.Wait()
		if err != nil || !strings.Contains(string(rest), "pcaplay: stopped") {
			t.Errorf("%v: exit %v, stdout %q, stderr %q; want a clean stop", sig, err, rest, errb.String())
		}
	}
}
