// Package server serves the built pcaplay site from an fs.FS.
//
// The handler is made for a small static site that is read once: New reads
// every file into memory, computes a strong ETag for each one and pairs each
// file with its precompressed siblings (NAME.br, NAME.gz), which it serves
// when the request's Accept-Encoding allows them, with their length (so that
// a browser shows the progress of the big WebAssembly module). It never
// lists a directory. Every file is revalidated (Cache-Control: no-cache, a
// 304 by ETag) except a content-addressed one, whose name is a prefix of its
// SHA-256 (the official data, data/cec2017/<id>.txt): that one is immutable
// for a year (ImmutableCacheControl).
//
// A response's body is written under a deadline that moves forward while
// the client reads (Handler.StallTimeout): a slow client that keeps reading
// gets the whole file, one that stops reading is dropped, so stalled
// connections do not pile up. NewHTTPServer sets the other timeouts.
package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"
)

// NotBuiltMessage is what the handler answers (with 503) on every path when
// the site has no index.html, e.g. when cmd/serve was built before the site.
const NotBuiltMessage = "site not built: run make serve"

// ContentSecurityPolicy allows the page to run WebAssembly and workers from
// its own origin, and to be framed by any page (slides embed the playground).
const ContentSecurityPolicy = "default-src 'self'; " +
	"script-src 'self' 'wasm-unsafe-eval'; " +
	"worker-src 'self'; " +
	"style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; " +
	"font-src 'self' data:; " +
	"connect-src 'self'; " +
	"object-src 'none'; " +
	"base-uri 'self'; " +
	"form-action 'self'; " +
	"frame-ancestors *"

// CacheControl is sent with every file whose name carries no content hash
// (index.html, the scripts, pcaplay.wasm, manifest.json, …), so a browser
// must revalidate each time; the ETag makes that a cheap 304.
const CacheControl = "no-cache"

// ImmutableCacheControl is sent with a content-addressed file (see
// contentAddressed): its name changes whenever its content does, so a
// browser may keep it for a year without asking again (the official CEC 2017
// data under data/cec2017/<id>.txt, which the workers fetch for every run).
const ImmutableCacheControl = "public, max-age=31536000, immutable"

// minHashDigits is the fewest hexadecimal digits a name must have to count
// as a content hash (scripts/build-site.sh's data ids have 16: 64 bits).
const minHashDigits = 16

// contentAddressed reports whether name's base, without its extension, is a
// prefix of the SHA-256 of data in lower-case hexadecimal, with at least
// minHashDigits digits. The handler checks the content rather than trusting
// the name's shape: a file that only looks hashed (or whose content was
// edited after its name was given) is revalidated like any other.
func contentAddressed(name string, data []byte) bool {
	base := path.Base(name)
	stem := strings.TrimSuffix(base, path.Ext(base))
	if len(stem) < minHashDigits || len(stem) > 2*sha256.Size {
		return false
	}
	for _, c := range []byte(stem) {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	sum := sha256.Sum256(data)
	return strings.HasPrefix(hex.EncodeToString(sum[:]), stem)
}

// contentTypes fixes the types of the files the site is made of, so that
// they do not depend on the host's mime tables.
var contentTypes = map[string]string{
	".html":        "text/html; charset=utf-8",
	".htm":         "text/html; charset=utf-8",
	".js":          "text/javascript; charset=utf-8",
	".mjs":         "text/javascript; charset=utf-8",
	".css":         "text/css; charset=utf-8",
	".json":        "application/json",
	".map":         "application/json",
	".wasm":        "application/wasm",
	".svg":         "image/svg+xml",
	".png":         "image/png",
	".jpg":         "image/jpeg",
	".jpeg":        "image/jpeg",
	".gif":         "image/gif",
	".webp":        "image/webp",
	".ico":         "image/x-icon",
	".txt":         "text/plain; charset=utf-8",
	".md":          "text/markdown; charset=utf-8",
	".webmanifest": "application/manifest+json",
	".woff2":       "font/woff2",
	".gz":          "application/gzip",
	".br":          "application/octet-stream",
}

// encodings lists the precompressed siblings the handler looks for, in the
// order it prefers them when the client accepts both equally.
var encodings = []struct{ name, ext string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

type variant struct {
	data []byte
	etag string
}

type file struct {
	name        string
	contentType string
	identity    variant
	encoded     map[string]variant // by content coding: "br", "gzip"
	// cacheControl is ImmutableCacheControl for a content-addressed file
	// (its precompressed siblings are the same content), else CacheControl.
	cacheControl string
}

// DefaultStallTimeout is Handler.StallTimeout when it is 0: a client that
// reads nothing of a response for this long is disconnected.
const DefaultStallTimeout = 30 * time.Second

// Handler serves a site read by New.
type Handler struct {
	files map[string]*file
	built bool

	// StallTimeout bounds how long writing one piece (at most 32 kB) of a
	// response body may block on a client that does not read: the write
	// deadline is moved to now + StallTimeout before each piece. 0 means
	// DefaultStallTimeout. Set it before serving.
	StallTimeout time.Duration
}

// NewHTTPServer returns an http.Server for h with the timeouts of a
// public static site:
//
//	ReadHeaderTimeout 10 s   a client has 10 s to send its request headers
//	ReadTimeout       30 s   … and its whole request (the site takes no bodies)
//	WriteTimeout      30 s   to write the response headers and the first piece
//	                         of the body; while the body is written, h moves
//	                         the deadline forward as the client reads
//	                         (Handler.StallTimeout), so a slow download of the
//	                         wasm module is never cut, a stalled one is
//	IdleTimeout       60 s   an idle keep-alive connection is closed
//	MaxHeaderBytes    64 kB
//
// Slow or stalled clients thus hold a descriptor for a bounded time.
func NewHTTPServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    64 << 10,
	}
}

// New reads every regular file of site and returns a handler that serves
// them. A site without index.html is "not built": the handler then answers
// NotBuiltMessage on every path.
func New(site fs.FS) (*Handler, error) {
	h := &Handler{files: make(map[string]*file)}
	raw := make(map[string][]byte)
	err := fs.WalkDir(site, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := fs.ReadFile(site, name)
		if err != nil {
			return err
		}
		raw[name] = data
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading site: %w", err)
	}
	for name, data := range raw {
		h.files[name] = &file{
			name:        name,
			contentType: contentType(name),
			identity:    variant{data: data, etag: etag(data, "")},
		}
		h.files[name].cacheControl = CacheControl
		if contentAddressed(name, data) {
			h.files[name].cacheControl = ImmutableCacheControl
		}
	}
	for name, f := range h.files {
		for _, enc := range encodings {
			sib, ok := raw[name+enc.ext]
			if !ok {
				continue
			}
			if f.encoded == nil {
				f.encoded = make(map[string]variant)
			}
			// The ETag of an encoded variant differs from the identity's
			// (a strong ETag names one representation).
			f.encoded[enc.name] = variant{data: sib, etag: etag(sib, enc.name)}
		}
	}
	_, h.built = h.files["index.html"]
	return h, nil
}

// Built reports whether the site has an index.html.
func (h *Handler) Built() bool { return h.built }

// Files returns the names of the files the handler serves, sorted.
func (h *Handler) Files() []string {
	names := make([]string, 0, len(h.files))
	for name := range h.files {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

func contentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

func etag(data []byte, coding string) string {
	sum := sha256.Sum256(data)
	tag := base64.RawURLEncoding.EncodeToString(sum[:16])
	if coding != "" {
		tag += "-" + coding
	}
	return `"` + tag + `"`
}

func setSecurityHeaders(hd http.Header) {
	hd.Set("Content-Security-Policy", ContentSecurityPolicy)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
}

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	setSecurityHeaders(hd)
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hd.Set("Allow", "GET, HEAD")
		http.Error(w, "405 method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if !h.built {
		hd.Set("Cache-Control", "no-store")
		http.Error(w, NotBuiltMessage, http.StatusServiceUnavailable)
		return
	}
	f := h.lookup(r.URL.Path)
	if f == nil {
		http.NotFound(w, r)
		return
	}

	v, coding := f.identity, ""
	if len(f.encoded) > 0 {
		// The answer depends on Accept-Encoding whenever there is a choice.
		hd.Add("Vary", "Accept-Encoding")
		coding = negotiate(r.Header.Get("Accept-Encoding"), f.encoded)
		if coding != "" {
			v = f.encoded[coding]
			hd.Set("Content-Encoding", coding)
		}
	}
	hd.Set("Content-Type", f.contentType)
	hd.Set("Cache-Control", f.cacheControl)
	hd.Set("ETag", v.etag)
	stall := h.StallTimeout
	if stall <= 0 {
		stall = DefaultStallTimeout
	}
	body := &progressReader{r: bytes.NewReader(v.data), rc: http.NewResponseController(w), stall: stall}
	if tooManyRanges(r.Header.Get("Range")) {
		// Answered with the whole file (200), as RFC 9110 §14.2 allows a
		// server to ignore a Range: thousands of tiny ranges would cost
		// more in multipart framing than the file itself.
		r.Header.Del("Range")
	}
	// ServeContent answers If-None-Match (304), HEAD and Range requests. It
	// sends no Content-Length with a Content-Encoding (it cannot know that
	// the bytes are not compressed on the fly); lengthWriter adds it.
	http.ServeContent(&lengthWriter{ResponseWriter: w, n: len(v.data)}, r, f.name, time.Time{}, body)
}

// MaxRanges is the most byte ranges one request may ask for; a Range with
// more is ignored and the whole file sent. Browsers ask for one (media
// seeking, resumed downloads); download managers for a handful.
const MaxRanges = 16

// tooManyRanges reports whether a Range header lists more than MaxRanges
// ranges. It counts commas, linear in the header and allocation-free.
func tooManyRanges(h string) bool {
	return strings.Count(h, ",") >= MaxRanges
}

// lengthWriter sets Content-Length to n on a 200 response that has none:
// the whole of a precompressed variant is sent as it is stored.
type lengthWriter struct {
	http.ResponseWriter
	n int
}

func (w *lengthWriter) WriteHeader(code int) {
	hd := w.Header()
	if code == http.StatusOK && hd.Get("Content-Length") == "" && hd.Get("Content-Encoding") != "" {
		hd.Set("Content-Length", strconv.Itoa(w.n))
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *lengthWriter) Write(p []byte) (int, error) { return w.ResponseWriter.Write(p) }

// Unwrap lets http.ResponseController reach the connection.
func (w *lengthWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// progressReader is the body handed to ServeContent: before each piece it
// gives out, it moves the connection's write deadline to now + stall, so
// that writing the piece may block on the client for at most stall.
// (Writers that have no deadline, such as httptest.ResponseRecorder, are
// left alone.)
type progressReader struct {
	r     *bytes.Reader
	rc    *http.ResponseController
	stall time.Duration
}

// maxPiece bounds one Read, so that a deadline covers at most that much.
const maxPiece = 32 << 10

func (p *progressReader) Read(b []byte) (int, error) {
	if len(b) > maxPiece {
		b = b[:maxPiece]
	}
	_ = p.rc.SetWriteDeadline(time.Now().Add(p.stall)) // ErrNotSupported: no deadline to move
	return p.r.Read(b)
}

func (p *progressReader) Seek(offset int64, whence int) (int64, error) {
	return p.r.Seek(offset, whence)
}

// lookup maps a URL path to a file: "/" and "/dir/" to their index.html, a
// file path to the file. Directories are never listed.
func (h *Handler) lookup(urlPath string) *file {
	if !strings.HasPrefix(urlPath, "/") {
		urlPath = "/" + urlPath
	}
	name := strings.TrimPrefix(path.Clean(urlPath), "/")
	if strings.HasSuffix(urlPath, "/") {
		if name == "" {
			name = "index.html"
		} else {
			name += "/index.html"
		}
	}
	if name == "" || !fs.ValidPath(name) {
		return nil
	}
	return h.files[name]
}

// negotiate picks the content coding among the available ones that the
// Accept-Encoding header value allows with the highest weight, preferring
// br to gzip on a tie. It returns "" for identity.
func negotiate(accept string, available map[string]variant) string {
	if accept == "" {
		return ""
	}
	weights := parseAcceptEncoding(accept)
	best, bestQ := "", 0.0
	for _, enc := range encodings {
		if _, ok := available[enc.name]; !ok {
			continue
		}
		q, ok := weights[enc.name]
		if !ok {
			if enc.name == "gzip" {
				q, ok = weights["x-gzip"]
			}
			if !ok {
				q = weights["*"] // 0 when absent
			}
		}
		if q > bestQ {
			best, bestQ = enc.name, q
		}
	}
	return best
}

// parseAcceptEncoding returns the weight of each coding named in an
// Accept-Encoding header value (RFC 9110, section 12.5.3).
func parseAcceptEncoding(accept string) map[string]float64 {
	weights := make(map[string]float64)
	for part := range strings.SplitSeq(accept, ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		q := 1.0
		for p := range strings.SplitSeq(params, ";") {
			k, val, ok := strings.Cut(strings.TrimSpace(p), "=")
			if !ok || strings.ToLower(strings.TrimSpace(k)) != "q" {
				continue
			}
			f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
			if err != nil || f < 0 || f > 1 {
				f = 0
			}
			q = f
		}
		weights[coding] = q
	}
	return weights
}
