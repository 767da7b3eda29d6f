package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/andybalholm/brotli"
)

func gz(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	io.WriteString(w, s)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func br(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := brotli.NewWriter(&b)
	io.WriteString(w, s)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

const (
	indexHTML = "<!doctype html><title>pcaplay</title>"
	wasmBody  = "\x00asm\x01\x00\x00\x00 pretend this is a big module"
	appJS     = "console.log('app');"
)

func testSite(t *testing.T) fstest.MapFS {
	return fstest.MapFS{
		"index.html":        {Data: []byte(indexHTML)},
		"index.html.gz":     {Data: gz(t, indexHTML)},
		"style.css":         {Data: []byte("body{margin:0}")},
		"app.js":            {Data: []byte(appJS)},
		"app.js.gz":         {Data: gz(t, appJS)},
		"app.js.br":         {Data: br(t, appJS)},
		"pcaplay.wasm":      {Data: []byte(wasmBody)},
		"pcaplay.wasm.gz":   {Data: gz(t, wasmBody)},
		"pcaplay.wasm.br":   {Data: br(t, wasmBody)},
		"wasm_exec.js":      {Data: []byte("// go wasm glue")},
		"echarts.min.js":    {Data: []byte("/* echarts */")},
		"README.md":         {Data: []byte("# placeholder")},
		"docs/notes.txt":    {Data: []byte("notes")},
		"docs/sub/deep.txt": {Data: []byte("deep")},
	}
}

func newHandler(t *testing.T, site fstest.MapFS) *Handler {
	t.Helper()
	h, err := New(site)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func get(t *testing.T, h http.Handler, method, target string, hdr map[string]string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, resp *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestContentTypes(t *testing.T) {
	h := newHandler(t, testSite(t))
	for path, want := range map[string]string{
		"/":               "text/html; charset=utf-8",
		"/index.html":     "text/html; charset=utf-8",
		"/style.css":      "text/css; charset=utf-8",
		"/app.js":         "text/javascript; charset=utf-8",
		"/wasm_exec.js":   "text/javascript; charset=utf-8",
		"/echarts.min.js": "text/javascript; charset=utf-8",
		"/pcaplay.wasm":   "application/wasm",
		"/docs/notes.txt": "text/plain; charset=utf-8",
	} {
		resp := get(t, h, "GET", path, nil)
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: status %d, want 200", path, resp.StatusCode)
			continue
		}
		if got := resp.Header.Get("Content-Type"); got != want {
			t.Errorf("GET %s: Content-Type %q, want %q", path, got, want)
		}
	}
	if got := body(t, get(t, h, "GET", "/", nil)); got != indexHTML {
		t.Errorf("GET /: body %q, want index.html", got)
	}
}

func TestEncodingNegotiation(t *testing.T) {
	h := newHandler(t, testSite(t))
	cases := []struct {
		path, accept, wantCoding, wantBody string
	}{
		{"/pcaplay.wasm", "", "", wasmBody},
		{"/pcaplay.wasm", "gzip", "gzip", wasmBody},
		{"/pcaplay.wasm", "gzip, deflate, br, zstd", "br", wasmBody},
		{"/pcaplay.wasm", "br;q=0.5, gzip;q=0.8", "gzip", wasmBody},
		{"/pcaplay.wasm", "br;q=0, gzip;q=0", "", wasmBody},
		{"/pcaplay.wasm", "*", "br", wasmBody},
		{"/pcaplay.wasm", "*;q=0.5, br;q=0", "gzip", wasmBody},
		{"/pcaplay.wasm", "identity", "", wasmBody},
		{"/pcaplay.wasm", "x-gzip", "gzip", wasmBody},
		{"/pcaplay.wasm", "BR", "br", wasmBody},
		{"/index.html", "br, gzip", "gzip", indexHTML}, // only a .gz sibling
		{"/", "br, gzip", "gzip", indexHTML},
		{"/style.css", "br, gzip", "", "body{margin:0}"}, // no sibling at all
	}
	for _, c := range cases {
		resp := get(t, h, "GET", c.path, map[string]string{"Accept-Encoding": c.accept})
		if resp.StatusCode != http.StatusOK {
			t.Errorf("%s (Accept-Encoding %q): status %d", c.path, c.accept, resp.StatusCode)
			continue
		}
		if got := resp.Header.Get("Content-Encoding"); got != c.wantCoding {
			t.Errorf("%s (Accept-Encoding %q): Content-Encoding %q, want %q", c.path, c.accept, got, c.wantCoding)
			continue
		}
		raw := []byte(body(t, resp))
		var r io.Reader = bytes.NewReader(raw)
		switch c.wantCoding {
		case "gzip":
			zr, err := gzip.NewReader(r)
			if err != nil {
				t.Fatalf("%s: %v", c.path, err)
			}
			r = zr
		case "br":
			r = brotli.NewReader(r)
		}
		dec, err := io.ReadAll(r)
		if err != nil {
			t.Fatalf("%s (%s): decoding: %v", c.path, c.wantCoding, err)
		}
		if string(dec) != c.wantBody {
			t.Errorf("%s (%s): decoded body %q, want %q", c.path, c.wantCoding, dec, c.wantBody)
		}
		if got := resp.Header.Get("Content-Length"); got != "" && got != strconv.Itoa(len(raw)) {
			t.Errorf("%s: Content-Length %s, body has %d bytes", c.path, got, len(raw))
		}
		// The content type is the file's, not the sibling's.
		if c.path == "/pcaplay.wasm" && resp.Header.Get("Content-Type") != "application/wasm" {
			t.Errorf("%s (%s): Content-Type %q", c.path, c.wantCoding, resp.Header.Get("Content-Type"))
		}
		vary := resp.Header.Values("Vary")
		hasSibling := c.path != "/style.css"
		if hasSibling && !contains(vary, "Accept-Encoding") {
			t.Errorf("%s: Vary %q lacks Accept-Encoding", c.path, vary)
		}
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		for part := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(strings.TrimSpace(part), s) {
				return true
			}
		}
	}
	return false
}

func TestETagAndConditionalGet(t *testing.T) {
	h := newHandler(t, testSite(t))
	first := get(t, h, "GET", "/pcaplay.wasm", nil)
	tag := first.Header.Get("ETag")
	if tag == "" || !strings.HasPrefix(tag, `"`) || !strings.HasSuffix(tag, `"`) {
		t.Fatalf("ETag %q: want a strong quoted ETag", tag)
	}
	if got := first.Header.Get("Cache-Control"); got != CacheControl {
		t.Errorf("Cache-Control %q, want %q", got, CacheControl)
	}
	again := get(t, h, "GET", "/pcaplay.wasm", nil)
	if again.Header.Get("ETag") != tag {
		t.Errorf("ETag changed between requests: %q then %q", tag, again.Header.Get("ETag"))
	}

	nm := get(t, h, "GET", "/pcaplay.wasm", map[string]string{"If-None-Match": tag})
	if nm.StatusCode != http.StatusNotModified {
		t.Fatalf("If-None-Match with the current ETag: status %d, want 304", nm.StatusCode)
	}
	if b := body(t, nm); b != "" {
		t.Errorf("304 has a body: %q", b)
	}
	if nm.Header.Get("ETag") != tag {
		t.Errorf("304 ETag %q, want %q", nm.Header.Get("ETag"), tag)
	}
	list := get(t, h, "GET", "/pcaplay.wasm", map[string]string{"If-None-Match": `"other", ` + tag})
	if list.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match list containing the ETag: status %d, want 304", list.StatusCode)
	}
	stale := get(t, h, "GET", "/pcaplay.wasm", map[string]string{"If-None-Match": `"stale"`})
	if stale.StatusCode != http.StatusOK {
		t.Errorf("If-None-Match with another ETag: status %d, want 200", stale.StatusCode)
	}

	// Each representation has its own ETag, and each revalidates.
	brResp := get(t, h, "GET", "/pcaplay.wasm", map[string]string{"Accept-Encoding": "br"})
	brTag := brResp.Header.Get("ETag")
	if brTag == "" || brTag == tag {
		t.Errorf("br ETag %q must differ from the identity ETag %q", brTag, tag)
	}
	brNM := get(t, h, "GET", "/pcaplay.wasm", map[string]string{"Accept-Encoding": "br", "If-None-Match": brTag})
	if brNM.StatusCode != http.StatusNotModified {
		t.Errorf("br If-None-Match: status %d, want 304", brNM.StatusCode)
	}
	// Different files have different ETags.
	if other := get(t, h, "GET", "/app.js", nil).Header.Get("ETag"); other == tag {
		t.Errorf("app.js and pcaplay.wasm share ETag %q", tag)
	}
}

func TestHead(t *testing.T) {
	h := newHandler(t, testSite(t))
	resp := get(t, h, "HEAD", "/pcaplay.wasm", nil)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("HEAD: status %d", resp.StatusCode)
	}
	if b := body(t, resp); b != "" {
		t.Errorf("HEAD has a body: %q", b)
	}
	if resp.Header.Get("Content-Type") != "application/wasm" || resp.Header.Get("ETag") == "" {
		t.Errorf("HEAD headers: %v", resp.Header)
	}
}

func TestNoDirectoryListingAndNotFound(t *testing.T) {
	h := newHandler(t, testSite(t))
	for _, path := range []string{
		"/docs", "/docs/", "/docs/sub/", "/docs/sub",
		"/nope.js", "/index.htm", "/pcaplay.wasm/", "/../../etc/passwd",
		"/%2e%2e/%2e%2e/etc/passwd", "/style.css/x",
	} {
		resp := get(t, h, "GET", path, nil)
		if resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", path, resp.StatusCode)
		}
		if b := body(t, resp); strings.Contains(b, "notes.txt") || strings.Contains(b, "<a href") {
			t.Errorf("GET %s: looks like a listing: %q", path, b)
		}
	}
	// A file inside a subfolder is served.
	if resp := get(t, h, "GET", "/docs/sub/deep.txt", nil); resp.StatusCode != http.StatusOK {
		t.Errorf("GET /docs/sub/deep.txt: status %d", resp.StatusCode)
	}
	// A directory with its own index.html serves it.
	site := testSite(t)
	site["docs/index.html"] = &fstest.MapFile{Data: []byte("docs index")}
	h2 := newHandler(t, site)
	if resp := get(t, h2, "GET", "/docs/", nil); resp.StatusCode != http.StatusOK || body(t, resp) != "docs index" {
		t.Errorf("GET /docs/ with an index.html: status %d", resp.StatusCode)
	}
}

func TestSecurityHeaders(t *testing.T) {
	h := newHandler(t, testSite(t))
	for _, path := range []string{"/", "/pcaplay.wasm", "/missing"} {
		resp := get(t, h, "GET", path, nil)
		if xfo := resp.Header.Get("X-Frame-Options"); xfo != "" {
			t.Errorf("%s: X-Frame-Options %q forbids framing", path, xfo)
		}
		csp := resp.Header.Get("Content-Security-Policy")
		for _, want := range []string{
			"frame-ancestors *",
			"script-src 'self' 'wasm-unsafe-eval'",
			"worker-src 'self'",
			"default-src 'self'",
		} {
			if !strings.Contains(csp, want) {
				t.Errorf("%s: CSP %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "'unsafe-eval'") && !strings.Contains(csp, "'wasm-unsafe-eval'") {
			t.Errorf("%s: CSP allows eval: %q", path, csp)
		}
		if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
			t.Errorf("%s: X-Content-Type-Options %q", path, got)
		}
	}
}

func TestMethods(t *testing.T) {
	h := newHandler(t, testSite(t))
	for _, m := range []string{"POST", "PUT", "DELETE"} {
		resp := get(t, h, m, "/", nil)
		if resp.StatusCode != http.StatusMethodNotAllowed {
			t.Errorf("%s /: status %d, want 405", m, resp.StatusCode)
		}
		if resp.Header.Get("Allow") != "GET, HEAD" {
			t.Errorf("%s /: Allow %q", m, resp.Header.Get("Allow"))
		}
	}
}

func TestRange(t *testing.T) {
	h := newHandler(t, testSite(t))
	resp := get(t, h, "GET", "/pcaplay.wasm", map[string]string{"Range": "bytes=0-3"})
	if resp.StatusCode != http.StatusPartialContent || body(t, resp) != "\x00asm" {
		t.Errorf("Range bytes=0-3: status %d", resp.StatusCode)
	}
}

// TestManyRanges: a Range of more than MaxRanges ranges is ignored (the
// whole file, 200, not a multipart reply larger than the file); MaxRanges
// ranges are still answered as asked.
func TestManyRanges(t *testing.T) {
	h := newHandler(t, testSite(t))
	ranges := func(n int) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = fmt.Sprintf("%d-%d", i, i)
		}
		return "bytes=" + strings.Join(parts, ",")
	}
	whole := body(t, get(t, h, "GET", "/pcaplay.wasm", nil))
	resp := get(t, h, "GET", "/pcaplay.wasm", map[string]string{"Range": ranges(2000)})
	if got := body(t, resp); resp.StatusCode != http.StatusOK || got != whole {
		t.Errorf("2000 ranges: status %d, %d bytes; want 200 and the whole file (%d bytes)", resp.StatusCode, len(got), len(whole))
	}
	resp = get(t, h, "GET", "/pcaplay.wasm", map[string]string{"Range": ranges(MaxRanges)})
	if resp.StatusCode != http.StatusPartialContent || !strings.HasPrefix(resp.Header.Get("Content-Type"), "multipart/byteranges") {
		t.Errorf("%d ranges: status %d, Content-Type %q; want 206 multipart", MaxRanges, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

func TestNotBuilt(t *testing.T) {
	h := newHandler(t, fstest.MapFS{"README.md": {Data: []byte("# placeholder")}})
	if h.Built() {
		t.Fatal("Built() = true for a site with only README.md")
	}
	for _, path := range []string{"/", "/index.html", "/README.md", "/pcaplay.wasm"} {
		resp := get(t, h, "GET", path, nil)
		if resp.StatusCode != http.StatusServiceUnavailable {
			t.Errorf("GET %s on an unbuilt site: status %d, want 503", path, resp.StatusCode)
		}
		if b := body(t, resp); !strings.Contains(b, NotBuiltMessage) {
			t.Errorf("GET %s on an unbuilt site: body %q lacks %q", path, b, NotBuiltMessage)
		}
	}
	if !newHandler(t, testSite(t)).Built() {
		t.Error("Built() = false for a site with index.html")
	}
}

func TestFiles(t *testing.T) {
	got := strings.Join(newHandler(t, fstest.MapFS{
		"b.js": {Data: []byte("b")}, "a/index.html": {Data: []byte("a")},
	}).Files(), ",")
	if got != "a/index.html,b.js" {
		t.Errorf("Files() = %s", got)
	}
}

func TestParseAcceptEncoding(t *testing.T) {
	w := parseAcceptEncoding(" gzip ; q=0.5 , br;Q=1, deflate;q=abc, *;q=0.1")
	if w["gzip"] != 0.5 || w["br"] != 1 || w["deflate"] != 0 || w["*"] != 0.1 {
		t.Errorf("parseAcceptEncoding: %v", w)
	}
}

func TestContentAddressed(t *testing.T) {
	data := []byte("official data\n")
	sum := sha256.Sum256(data)
	full := hex.EncodeToString(sum[:])
	for _, c := range []struct {
		name string
		want bool
	}{
		{"data/cec2017/" + full[:16] + ".txt", true},
		{full[:16] + ".txt", true},
		{"a/" + full + ".js", true},                                    // the whole sum
		{full[:20], true},                                              // no extension
		{"data/cec2017/" + full[:15] + ".txt", false},                  // too short
		{"data/cec2017/" + strings.ToUpper(full[:16]) + ".txt", false}, // not lower case
		{"data/cec2017/" + full[1:17] + ".txt", false},                 // not a prefix
		{"data/cec2017/0123456789abcdef.txt", false},                   // shaped like a hash, other content
		{"data/cec2017/" + full[:16] + "x.txt", false},
		{full + "0.txt", false}, // longer than a SHA-256
		{"manifest.json", false},
		{"pcaplay.wasm", false},
	} {
		if got := contentAddressed(c.name, data); got != c.want {
			t.Errorf("contentAddressed(%q) = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestImmutableCaching: a content-addressed file is served (identity, each
// precompressed variant, a 304, HEAD) with ImmutableCacheControl; every
// other file, including one that only looks hashed, keeps CacheControl.
func TestImmutableCaching(t *testing.T) {
	const content = "1.5 2.5\n-3 4\n"
	sum := sha256.Sum256([]byte(content))
	id := hex.EncodeToString(sum[:])[:16]
	hashed := "data/cec2017/" + id + ".txt"
	site := testSite(t)
	site[hashed] = &fstest.MapFile{Data: []byte(content)}
	site[hashed+".gz"] = &fstest.MapFile{Data: gz(t, content)}
	site[hashed+".br"] = &fstest.MapFile{Data: br(t, content)}
	site["data/cec2017/manifest.json"] = &fstest.MapFile{Data: []byte(`{"files":{}}`)}
	site["data/cec2017/0123456789abcdef.txt"] = &fstest.MapFile{Data: []byte(content)} // a wrong name
	h := newHandler(t, site)

	for _, c := range []struct {
		method, path string
		hdr          map[string]string
		status       int
		want         string
	}{
		{"GET", "/" + hashed, nil, 200, ImmutableCacheControl},
		{"GET", "/" + hashed, map[string]string{"Accept-Encoding": "gzip"}, 200, ImmutableCacheControl},
		{"GET", "/" + hashed, map[string]string{"Accept-Encoding": "br"}, 200, ImmutableCacheControl},
		{"HEAD", "/" + hashed, nil, 200, ImmutableCacheControl},
		{"GET", "/data/cec2017/manifest.json", nil, 200, CacheControl},
		{"GET", "/data/cec2017/0123456789abcdef.txt", nil, 200, CacheControl},
		{"GET", "/" + hashed + ".gz", nil, 200, CacheControl}, // a sibling asked for by its own name
		{"GET", "/pcaplay.wasm", nil, 200, CacheControl},
		{"GET", "/app.js", map[string]string{"Accept-Encoding": "br"}, 200, CacheControl},
		{"GET", "/", nil, 200, CacheControl},
	} {
		resp := get(t, h, c.method, c.path, c.hdr)
		if resp.StatusCode != c.status {
			t.Errorf("%s %s %v: status %d, want %d", c.method, c.path, c.hdr, resp.StatusCode, c.status)
		}
		if got := resp.Header.Get("Cache-Control"); got != c.want {
			t.Errorf("%s %s %v: Cache-Control %q, want %q", c.method, c.path, c.hdr, got, c.want)
		}
		if c.method == "GET" && c.hdr == nil && c.path == "/"+hashed && body(t, resp) != content {
			t.Errorf("GET %s %v: wrong body", c.path, c.hdr)
		}
	}
	// a revalidation (a browser that kept the file from before) still gets its 304
	tag := get(t, h, "GET", "/"+hashed, nil).Header.Get("ETag")
	nm := get(t, h, "GET", "/"+hashed, map[string]string{"If-None-Match": tag})
	if nm.StatusCode != http.StatusNotModified || nm.Header.Get("Cache-Control") != ImmutableCacheControl {
		t.Errorf("If-None-Match: status %d, Cache-Control %q; want 304 with %q", nm.StatusCode, nm.Header.Get("Cache-Control"), ImmutableCacheControl)
	}
}

// TestOfficialDataImmutable: every data file scripts/build-site.sh
// publishes under data/cec2017/ is content-addressed; its manifest and
// SOURCE.md are not.
func TestOfficialDataImmutable(t *testing.T) {
	const dir = "../../core/problem/cec2017/official/data" // what build-site.sh copies to data/cec2017/
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	site := testSite(t)
	var ids, others []string
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		site["data/cec2017/"+e.Name()] = &fstest.MapFile{Data: data}
		if strings.HasSuffix(e.Name(), ".txt") {
			ids = append(ids, e.Name())
		} else {
			others = append(others, e.Name())
		}
	}
	if len(ids) < 20 || !contains(others, "manifest.json") {
		t.Fatalf("%s: %d data files, others %v: not the official data folder", dir, len(ids), others)
	}
	h := newHandler(t, site)
	for _, name := range ids {
		if got := get(t, h, "GET", "/data/cec2017/"+name, nil).Header.Get("Cache-Control"); got != ImmutableCacheControl {
			t.Errorf("data/cec2017/%s: Cache-Control %q, want %q", name, got, ImmutableCacheControl)
		}
	}
	for _, name := range others {
		if got := get(t, h, "GET", "/data/cec2017/"+name, nil).Header.Get("Cache-Control"); got != CacheControl {
			t.Errorf("data/cec2017/%s: Cache-Control %q, want %q", name, got, CacheControl)
		}
	}
}
