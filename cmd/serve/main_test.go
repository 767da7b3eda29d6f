package main

import (
	"bufio"
	"context"
	"io"
	"io/fs"
	"net"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"pcaplay/internal/server"
)

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-nope"},
		{"-addr"},
		{"extra-arg"},
	} {
		var out, errb strings.Builder
		code := run(context.Background(), args, fstest.MapFS{}, &out, &errb)
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
	if code := run(context.Background(), []string{"-h"}, fstest.MapFS{}, &out, &errb); code != 0 {
		t.Errorf("run(-h) = %d, want 0", code)
	}
	if !strings.Contains(out.String(), "-addr") {
		t.Errorf("run(-h) printed %q, want the flags", out.String())
	}
}

func TestListenError(t *testing.T) {
	var out, errb strings.Builder
	if code := run(context.Background(), []string{"-addr", "256.0.0.1:bad"}, fstest.MapFS{}, &out, &errb); code != 1 {
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

// TestServeAndShutdown starts the real server on a random port, fetches a
// file, then ends the context as SIGINT would and expects a clean exit.
func TestServeAndShutdown(t *testing.T) {
	site := fstest.MapFS{
		"index.html":   {Data: []byte("<!doctype html><p>hi")},
		"pcaplay.wasm": {Data: []byte("\x00asm\x01\x00\x00\x00")},
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stdout := lineWriter{make(chan string, 10)}
	var errb strings.Builder
	done := make(chan int, 1)
	go func() { done <- run(ctx, []string{"-addr", "127.0.0.1:0"}, site, stdout, &errb) }()

	var url string
	select {
	case line := <-stdout.lines:
		const prefix = "pcaplay: serving on "
		if !strings.HasPrefix(line, prefix) {
			t.Fatalf("first line %q, want %q + URL", line, prefix)
		}
		url = strings.TrimPrefix(line, prefix)
	case code := <-done:
		t.Fatalf("run exited early with %d: %s", code, errb.String())
	case <-time.After(10 * time.Second):
		t.Fatal("server printed no URL within 10s")
	}
	if !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/") {
		t.Fatalf("URL %q", url)
	}

	resp, err := http.Get(url + "pcaplay.wasm")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/wasm" {
		t.Errorf("GET pcaplay.wasm: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}

	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("run returned %d after shutdown, want 0 (stderr %q)", code, errb.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("server did not shut down within 10s")
	}
	if _, err := net.DialTimeout("tcp", strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/"), time.Second); err == nil {
		t.Error("port still accepts connections after shutdown")
	}
}

func TestNotBuiltSays(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	stdout := lineWriter{make(chan string, 10)}
	errr, errw := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0"}, fstest.MapFS{"README.md": {Data: []byte("x")}}, stdout, errw)
		errw.Close()
	}()
	line, err := bufio.NewReader(errr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(line, server.NotBuiltMessage) {
		t.Errorf("stderr %q, want %q", line, server.NotBuiltMessage)
	}
	cancel()
	go io.Copy(io.Discard, errr)
	<-done
}

func TestDisplayURL(t *testing.T) {
	for addr, want := range map[string]string{
		"127.0.0.1:8080": "http://127.0.0.1:8080/",
		"0.0.0.0:80":     "http://localhost:80/",
		"[::]:9000":      "http://localhost:9000/",
		"[::1]:9000":     "http://[::1]:9000/",
	} {
		a, err := net.ResolveTCPAddr("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := displayURL(a); got != want {
			t.Errorf("displayURL(%s) = %s, want %s", addr, got, want)
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
	h, err := server.New(site)
	if err != nil {
		t.Fatal(err)
	}
	_, hasIndex := fs.Stat(site, "index.html")
	if h.Built() != (hasIndex == nil) {
		t.Errorf("Built() = %v, index.html present = %v", h.Built(), hasIndex == nil)
	}
}
