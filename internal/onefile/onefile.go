// Package onefile writes the playground as one self-contained HTML file:
// the page, its scripts and styles, ECharts, the WebAssembly module
// (gzip-compressed, inflated by the browser's DecompressionStream) and the
// official CEC 2017 data files its state needs, in one .html that opens
// from file:// with no server and no network, in the state of the address
// it was made from, and runs bit for bit as the served page and `cec run`
// do (docs/guide/offline.md).
//
// Build reads the built site (scripts/build-site.sh: cmd/serve/public, or
// make dist's folder) and checks the address with Go's own sanitising
// (CheckHash); the same files and address give the same bytes.
//
// How the file runs (loader.js, worker-shim.js): the page's ES modules
// become blob: modules (modules.go), the worker one classic script started
// from a blob: URL (worker.go), and every URL under Base — the wasm, the
// worker, the data — is answered from the file by the loader's fetch and
// Worker.
package onefile

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"strings"

	"pcaplay/core/problem/cec2017/datalabel"
	"pcaplay/internal/play"
)

//go:embed loader.js
var loaderJS string

//go:embed worker-shim.js
var workerShimJS string

// WasmFile is the WebAssembly module the file carries: the full module
// (internal/play/protocol.FullModule, every command), whatever the mode,
// so that everything the page offers works in the file (a GIF recording
// of a playground run too: the playground's own module lacks it); the
// page takes it for every client when it is one file (site/worker-client.js's
// pageModule).
const WasmFile = "pcaplay-full.wasm"

// The site's files the file is made of.
const (
	indexHTML = "index.html"
	workerJS  = "worker.js"
	wasmFile  = WasmFile
	dataDir   = "data/cec2017/"
)

// Page is a built file and what it holds.
type Page struct {
	HTML  []byte
	State State
	// Modules is the number of the page's ES modules it carries.
	Modules int
	// Wasm and WasmGzip are the module's size and its size compressed
	// (before base64).
	Wasm, WasmGzip int
	// DataBytes is the size of the official data files it carries.
	DataBytes int
}

// file is one file the loader or the worker's shim serves, by its path
// under Base.
type file struct {
	Type string `json:"type"`
	// Gzip: B64 is the gzip of the file (the browser inflates it).
	Gzip bool   `json:"gzip,omitempty"`
	B64  string `json:"b64"`
}

// payload is what loader.js reads from the file (a JSON script element).
type payload struct {
	Base  string   `json:"base"`
	Hash  string   `json:"hash"`
	Order []string `json:"order"` // the modules, dependencies first
	// Entries are the page's module scripts, in order: the loader imports
	// each, as the browser runs them.
	Entries []string `json:"entries"`
	// Code is the gzip, in base64, of the JSON of code: the modules and
	// the worker's script (text compresses about 4×).
	Code string `json:"code"`
	// Deferred are the page's deferred classic scripts (ECharts), in
	// order, names of Files: the loader runs them before the modules, as
	// the browser runs a defer script after parsing.
	Deferred []string `json:"deferred"`
	// Workers are the paths under Base that start the worker's script.
	Workers []string `json:"workers"`
	// Files are what the page fetches (the wasm) and the deferred scripts.
	Files map[string]file `json:"files"`
}

// code is the text payload.Code compresses.
type code struct {
	// Modules are the modules' sources, specifiers rewritten.
	Modules map[string]string `json:"modules"`
	// Worker is the worker's classic script, worker-shim.js and its files first.
	Worker string `json:"worker"`
}

// Build makes the one-file page of the address hash ("#problem=C05&…", the
// "#" optional; empty: the default run) from site, a built site
// (scripts/build-site.sh). An address that Go's sanitising would change,
// or of a mode that is not exported, is an error naming the value; so is
// a missing or malformed file of the site, and an official data file that
// is not byte-identical to the one whose SHA-256 is compiled in (it would
// not count as official). Cost: reading the site and compressing the
// module (about a second for its 7 MB).
func Build(site fs.FS, hash string) (*Page, error) {
	st, err := CheckHash(hash)
	if err != nil {
		return nil, fmt.Errorf("#%s: %w", cutHash(hash), err)
	}
	index, err := fs.ReadFile(site, indexHTML)
	if err != nil {
		return nil, siteError(indexHTML, err)
	}
	entries := moduleEntries(string(index))
	if len(entries) == 0 {
		return nil, fmt.Errorf("%s: no <script type=\"module\" src=\"…\">: not the page of a built site", indexHTML)
	}
	mods, err := moduleGraph(site, entries)
	if err != nil {
		return nil, err
	}
	wasm, err := fs.ReadFile(site, wasmFile)
	if err != nil {
		return nil, siteError(wasmFile, err)
	}
	if !bytes.HasPrefix(wasm, []byte("\x00asm")) {
		return nil, fmt.Errorf("%s: not a WebAssembly module (no \\0asm header)", wasmFile)
	}
	gz, err := gzipBytes(wasm)
	if err != nil {
		return nil, err
	}
	worker, dataBytes, err := workerScript(site, st.Data)
	if err != nil {
		return nil, err
	}
	c := code{Modules: map[string]string{}, Worker: worker}
	p := payload{Base: Base, Hash: st.Hash, Entries: entries, Workers: []string{workerJS}, Deferred: []string{},
		Files: map[string]file{wasmFile: {Type: "application/wasm", Gzip: true, B64: base64.StdEncoding.EncodeToString(gz)}}}
	for _, m := range mods {
		p.Order = append(p.Order, m.name)
		c.Modules[m.name] = m.src
	}
	cj, err := json.Marshal(c)
	if err != nil {
		return nil, err
	}
	if cj, err = gzipBytes(cj); err != nil {
		return nil, err
	}
	p.Code = base64.StdEncoding.EncodeToString(cj)
	html, err := page(site, string(index), &p)
	if err != nil {
		return nil, err
	}
	return &Page{HTML: html, State: st, Modules: len(mods), Wasm: len(wasm), WasmGzip: len(gz), DataBytes: dataBytes}, nil
}

// cutHash is the address without its "#", cut to 80 characters for an
// error's line.
func cutHash(h string) string { return play.Cut(strings.TrimPrefix(h, "#"), 80) }

func siteError(name string, err error) error {
	return fmt.Errorf("the built site lacks %s (%v): run make site", name, err)
}

// gzipBytes compresses b at the best level; the same b gives the same bytes.
func gzipBytes(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(b); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// manifest is the site's data/cec2017/manifest.json (its fields the page
// reads).
type manifest struct {
	Files    map[string]string `json:"files"`
	Contents map[string]struct {
		SHA256 string `json:"sha256"`
		Bytes  int    `json:"bytes"`
	} `json:"contents"`
}

// contentIDRE matches a content id of the manifest (data/<id>.txt).
var contentIDRE = regexp.MustCompile(`^[0-9a-f]{16}$`)

// workerScript returns the worker's classic script: the shim with the
// official files names (a manifest of those files only, and each file as
// the page fetches it, data/cec2017/<id>.txt), then the worker's modules.
func workerScript(site fs.FS, names []string) (string, int, error) {
	files := map[string]file{}
	total := 0
	if len(names) > 0 {
		b, err := fs.ReadFile(site, dataDir+"manifest.json")
		if err != nil {
			return "", 0, siteError(dataDir+"manifest.json", err)
		}
		var all, sub manifest
		if err := json.Unmarshal(b, &all); err != nil {
			return "", 0, fmt.Errorf("%smanifest.json: %v", dataDir, err)
		}
		sub.Files, sub.Contents = map[string]string{}, map[string]struct {
			SHA256 string `json:"sha256"`
			Bytes  int    `json:"bytes"`
		}{}
		for _, name := range names {
			id, ok := all.Files[name]
			if !ok || !contentIDRE.MatchString(id) {
				return "", 0, fmt.Errorf("%smanifest.json: no content id for %s", dataDir, name)
			}
			content, err := fs.ReadFile(site, dataDir+id+".txt")
			if err != nil {
				return "", 0, siteError(dataDir+id+".txt", err)
			}
			sum := sha256.Sum256(content)
			if want, ok := datalabel.OfficialSHA256(name); !ok || hex.EncodeToString(sum[:]) != want {
				return "", 0, fmt.Errorf("%s%s.txt (%s): SHA-256 %s is not the official file's %s", dataDir, id, name, hex.EncodeToString(sum[:8]), cut(want, 16))
			}
			sub.Files[name], sub.Contents[id] = id, all.Contents[id]
			if _, dup := files[dataDir+id+".txt"]; !dup {
				total += len(content)
			}
			gz, err := gzipBytes(content)
			if err != nil {
				return "", 0, err
			}
			files[dataDir+id+".txt"] = file{Type: "text/plain", Gzip: true, B64: base64.StdEncoding.EncodeToString(gz)}
		}
		mb, _ := json.Marshal(sub)
		files[dataDir+"manifest.json"] = file{Type: "application/json", B64: base64.StdEncoding.EncodeToString(mb)}
	}
	bundle, err := bundleWorker(site, workerJS)
	if err != nil {
		return "", 0, err
	}
	fb, err := json.Marshal(files)
	if err != nil {
		return "", 0, err
	}
	head := "const pcaplayOffline = { base: " + jsString(Base) + ", files: " + string(fb) + " };\n"
	return head + workerShimJS + "\n" + bundle, total, nil
}

func cut(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// The tags of index.html that name the site's files.
var (
	styleRE      = regexp.MustCompile(`<link rel="stylesheet" href="([A-Za-z0-9_.-]+\.css)">`)
	scriptRE     = regexp.MustCompile(`<script src="([A-Za-z0-9_.-]+\.js)"( defer)?></script>`)
	moduleRE     = regexp.MustCompile(`<script type="module" src="([A-Za-z0-9_.-]+\.js)"></script>`)
	chartsMetaRE = regexp.MustCompile(`<meta name="pcaplay-charts" content="([A-Za-z0-9_.-]+\.js)">`)
	preloadRE    = regexp.MustCompile(`<link rel="(?:modulepreload|manifest)" href="[^"]*">\n?`) // a file has no use for them
	closeTagRE   = regexp.MustCompile(`(?i)</(script|style)|<!--`)
	localAssetRE = regexp.MustCompile(`<(?:link|script|img|source|iframe|video|audio|embed|object)\b[^>]*\b(src|href|data)="([^"#:][^":]*)"`)
)

// moduleEntries are the src of index's module scripts, in order.
func moduleEntries(index string) []string {
	var out []string
	for _, m := range moduleRE.FindAllStringSubmatch(index, -1) {
		out = append(out, m[1])
	}
	return out
}

// page returns index.html with its styles and classic scripts inline, its
// deferred scripts moved into p (compressed), and its module script
// replaced by the payload and the loader.
func page(site fs.FS, index string, p *payload) ([]byte, error) {
	rest := index
	for _, re := range []*regexp.Regexp{styleRE, scriptRE, moduleRE, preloadRE} {
		rest = re.ReplaceAllString(rest, "")
	}
	if m := localAssetRE.FindStringSubmatch(rest); m != nil {
		return nil, fmt.Errorf("%s: %s=%q would load from beside the file (not a tag the file inlines)", indexHTML, m[1], m[2])
	}
	var err error
	note := func(e error) {
		if err == nil {
			err = e
		}
	}
	// the deferred scripts: into the payload, compressed
	deferred := func(name string) bool {
		b, e := fs.ReadFile(site, name)
		if e != nil {
			note(siteError(name, e))
			return false
		}
		gz, e := gzipBytes(b)
		note(e)
		p.Deferred = append(p.Deferred, name)
		p.Files[name] = file{Type: "text/javascript", Gzip: true, B64: base64.StdEncoding.EncodeToString(gz)}
		return true
	}
	index = scriptRE.ReplaceAllStringFunc(index, func(s string) string {
		m := scriptRE.FindStringSubmatch(s)
		if m[2] == "" || !deferred(m[1]) {
			return s
		}
		return ""
	})
	// the script the page loads later (ECharts: site/charts.js loadCharts)
	// runs here as a deferred one: the file has no server to load it from
	// (the meta stays: loadCharts finds ECharts there)
	for _, m := range chartsMetaRE.FindAllStringSubmatch(index, -1) {
		deferred(m[1])
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(true) // no "</script" or "<!--" inside the element
	note(enc.Encode(p))
	if closeTagRE.MatchString(loaderJS) {
		note(fmt.Errorf("loader.js holds </script or <!--"))
	}
	boot := `<script type="application/json" id="pcaplay-offline">` + strings.TrimSpace(buf.String()) + "</script>\n<script>/* pcaplay one-file loader (internal/onefile/loader.js) */\n" + loaderJS + "</script>"
	first := true // the payload and the loader where the first module script was
	index = moduleRE.ReplaceAllStringFunc(index, func(string) string {
		if !first {
			return ""
		}
		first = false
		return boot
	})
	inline := func(re *regexp.Regexp, tag string) {
		index = re.ReplaceAllStringFunc(index, func(s string) string {
			name := re.FindStringSubmatch(s)[1]
			b, e := fs.ReadFile(site, path.Clean(name))
			if e != nil {
				note(siteError(name, e))
				return s
			}
			if closeTagRE.Match(b) {
				note(fmt.Errorf("%s: holds </script, </style or <!--: it cannot be inlined as it is", name))
				return s
			}
			return "<" + tag + ">/* " + name + " */\n" + string(b) + "\n</" + tag + ">"
		})
	}
	inline(styleRE, "style")
	inline(scriptRE, "script")
	if err != nil {
		return nil, err
	}
	index = preloadRE.ReplaceAllString(index, "")
	return []byte(index), nil
}
