package server

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"syscall"
	"testing"
	"testing/fstest"
	"time"
)

// These tests run the handler behind a real http.Server (connections,
// chunking, deadlines), which httptest.ResponseRecorder does not model.

// noise returns n pseudo-random bytes (incompressible, like a wasm module's
// brotli stream).
func noise(n int) []byte {
	b := make([]byte, n)
	r := rand.New(rand.NewPCG(7, 8))
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// rawGet sends a GET for path on a new connection and returns the
// connection and a reader of the response. rcvbuf > 0 sets the
// connection's receive buffer (small: a slow network).
func rawGet(t *testing.T, addr, path, accept string, rcvbuf int) (net.Conn, *bufio.Reader) {
	t.Helper()
	d := net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		if rcvbuf <= 0 {
			return nil
		}
		var err error
		c.Control(func(fd uintptr) { err = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, rcvbuf) })
		return err
	}}
	conn, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: x\r\nAccept-Encoding: %s\r\n\r\n", path, accept)
	return conn, bufio.NewReaderSize(conn, 4096)
}

// TestPrecompressedContentLength: a precompressed response carries its
// length (the browser shows the wasm download's progress) instead of being
// chunked; so do HEAD and the identity variant. A file too large for the
// server's output buffer is needed to see it: small bodies get a length
// from net/http anyway.
func TestPrecompressedContentLength(t *testing.T) {
	wasm := noise(300 << 10)
	site := fstest.MapFS{
		"index.html":      {Data: []byte(indexHTML)},
		"pcaplay.wasm":    {Data: wasm},
		"pcaplay.wasm.br": {Data: wasm[:200<<10]}, // stands for the brotli stream
		"pcaplay.wasm.gz": {Data: wasm[:250<<10]},
	}
	srv := httptest.NewServer(newHandler(t, site))
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	for _, c := range []struct {
		method, accept, coding string
		n                      int
	}{
		{"GET", "br", "br", 200 << 10},
		{"GET", "gzip", "gzip", 250 << 10},
		{"GET", "", "", 300 << 10},
		{"HEAD", "br", "br", 200 << 10},
	} {
		req, _ := http.NewRequest(c.method, srv.URL+"/pcaplay.wasm", nil)
		if c.accept != "" {
			req.Header.Set("Accept-Encoding", c.accept)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		where := c.method + " " + c.accept
		if resp.Header.Get("Content-Encoding") != c.coding {
			t.Errorf("%s: Content-Encoding %q, want %q", where, resp.Header.Get("Content-Encoding"), c.coding)
		}
		if resp.ContentLength != int64(c.n) || len(resp.TransferEncoding) != 0 {
			t.Errorf("%s: Content-Length %d, Transfer-Encoding %v; want %d and none", where, resp.ContentLength, resp.TransferEncoding, c.n)
		}
		if c.method == "GET" && len(b) != c.n {
			t.Errorf("%s: %d bytes of body, want %d", where, len(b), c.n)
		}
	}
	// A range of the encoded variant has the range's length; a 304 has none.
	req, _ := http.NewRequest("GET", srv.URL+"/pcaplay.wasm", nil)
	req.Header.Set("Accept-Encoding", "br")
	req.Header.Set("Range", "bytes=10-19")
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusPartialContent || resp.ContentLength != 10 || !bytes.Equal(b, wasm[10:20]) {
		t.Errorf("range: %d, length %d, %d bytes", resp.StatusCode, resp.ContentLength, len(b))
	}
	req.Header.Del("Range")
	req.Header.Set("If-None-Match", resp.Header.Get("ETag"))
	resp, err = client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotModified || resp.Header.Get("Content-Length") != "" {
		t.Errorf("conditional GET: %d, Content-Length %q", resp.StatusCode, resp.Header.Get("Content-Length"))
	}
}

// serveWithStall runs h with the given stall timeout behind NewHTTPServer
// and reports when each connection closes.
func serveWithStall(t *testing.T, site fstest.MapFS, stall time.Duration) (addr string, closed <-chan struct{}) {
	t.Helper()
	h := newHandler(t, site)
	h.StallTimeout = stall
	srv := NewHTTPServer(h)
	ch := make(chan struct{}, 16)
	var mu sync.Mutex
	srv.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateClosed {
			mu.Lock()
			defer mu.Unlock()
			ch <- struct{}{}
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String(), ch
}

// TestStalledReaderDropped: a client that requests a big file and stops
// reading is disconnected once the server has waited StallTimeout on a
// write, so stalled clients cannot hold descriptors for ever.
func TestStalledReaderDropped(t *testing.T) {
	big := noise(32 << 20) // more than the socket buffers hold
	addr, closed := serveWithStall(t, fstest.MapFS{"index.html": {Data: []byte(indexHTML)}, "big.bin": {Data: big}}, 300*time.Millisecond)
	_, r := rawGet(t, addr, "/big.bin", "identity", 4096)
	if line, err := r.ReadString('\n'); err != nil || line != "HTTP/1.1 200 OK\r\n" {
		t.Fatalf("status line %q, %v", line, err)
	}
	t0 := time.Now()
	select {
	case <-closed:
		t.Logf("stalled connection closed after %v", time.Since(t0).Round(time.Millisecond))
	case <-time.After(10 * time.Second):
		t.Fatal("a client that reads nothing still holds its connection after 10 s (stall timeout 300 ms)")
	}
}

// TestSlowReaderServed: a client that reads slowly but steadily gets the
// whole file although the download takes several times the stall timeout
// (the server's writes block on it, but never for the stall timeout in a
// row). The stall timeout is 2 s, the client's pauses 120 ms: a loaded
// machine that does not schedule the client for 500 ms (go test ./... on
// two busy cores) made a 500 ms timeout cut it.
func TestSlowReaderServed(t *testing.T) {
	const stall = 2 * time.Second
	big := noise(16 << 20)
	addr, _ := serveWithStall(t, fstest.MapFS{"index.html": {Data: []byte(indexHTML)}, "big.bin": {Data: big}}, stall)
	_, r := rawGet(t, addr, "/big.bin", "identity", 0)
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.ContentLength != int64(len(big)) {
		t.Errorf("Content-Length %d", resp.ContentLength)
	}
	t0 := time.Now()
	var got bytes.Buffer
	buf := make([]byte, 256<<10)
	for {
		n, err := io.ReadFull(resp.Body, buf)
		got.Write(buf[:n])
		if err != nil {
			break
		}
		time.Sleep(120 * time.Millisecond) // ~2 MB/s
	}
	took := time.Since(t0)
	if !bytes.Equal(got.Bytes(), big) {
		t.Fatalf("got %d of %d bytes in %v", got.Len(), len(big), took)
	}
	if took < 3*stall {
		t.Errorf("the download took %v, not long enough to test the stall timeout", took)
	}
	t.Logf("%d MB in %v with a stall timeout of %v", len(big)>>20, took.Round(time.Millisecond), stall)
}

// TestNewHTTPServerTimeouts: every timeout is set.
func TestNewHTTPServerTimeouts(t *testing.T) {
	s := NewHTTPServer(http.NotFoundHandler())
	for name, d := range map[string]time.Duration{"ReadHeaderTimeout": s.ReadHeaderTimeout, "ReadTimeout": s.ReadTimeout,
		"WriteTimeout": s.WriteTimeout, "IdleTimeout": s.IdleTimeout} {
		if d <= 0 || d > 2*time.Minute {
			t.Errorf("%s = %v", name, d)
		}
	}
	if s.MaxHeaderBytes <= 0 {
		t.Errorf("MaxHeaderBytes = %d", s.MaxHeaderBytes)
	}
}
