package onefile

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"pcaplay/core/problem/cec2017/official"
	"pcaplay/core/problem/formula"
	"pcaplay/core/suite"
	"pcaplay/internal/play"
)

func TestParseHash(t *testing.T) {
	for _, c := range []struct {
		hash string
		want map[string]string
	}{
		{"", map[string]string{}},
		{"#", map[string]string{}},
		{"#problem=C05&dim=10", map[string]string{"problem": "C05", "dim": "10"}},
		{"problem=C05", map[string]string{"problem": "C05"}},
		{"#a=1&a=2", map[string]string{"a": "2"}},
		{"#x=a+b%20c", map[string]string{"x": "a b c"}},
		{"#x=%zz", map[string]string{"x": "%zz"}},
		{"#x=%4", map[string]string{"x": "%4"}},
		{"#x=%FF", map[string]string{"x": "%FF"}},
		{"#x=%C3%A9+%41", map[string]string{"x": "é A"}},
		{"#%70roblem=C05", map[string]string{"problem": "C05"}},
		{"#flag&&=v& k =1", map[string]string{"flag": "", "k": "1"}},
		{"#__proto__=1&constructor=2&prototype=3", map[string]string{}},
	} {
		if got := ParseHash(c.hash); !mapsEqual(got, c.want) {
			t.Errorf("ParseHash(%q) = %v, want %v", c.hash, got, c.want)
		}
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

func TestCheckHash(t *testing.T) {
	c05, err := suite.DataFiles("C05", 10)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(c05)
	for _, c := range []struct {
		hash, mode string
		data       []string
	}{
		{"", ModePlay, nil},
		{"#problem=rosenbrock&algo=pmode&seed=4", ModePlay, nil},
		{"#problem=C05&dim=10&algo=heco-pde&seed=9&fes=6000&speed=10", ModePlay, c05},
		{"problem=c05&dim=10", ModePlay, c05},
		{"#problem=C05&dim=20", ModePlay, nil}, // no official files at D = 20: generated, as the page says
		{"#compare=2&problem=C05&dim=10", ModeCompare, c05},
		{"#problem=rosenbrock&b.pca=false", ModeCompare, nil},
		{"#compare=3&problem=C05&dim=10&c.algo=cmode", ModeCompare, c05},
		{"#lesson=fig1&step=3", ModeLesson, nil},
		{"#typed=" + typedRing(t) + "&algo=pmode", ModePlay, nil}, // a problem typed as formulas: no data
		{"#mode=experiment&problems=C05,rosenbrock&dim=10&runs=2&configs=a:heco-pde", ModeExperiment, c05},
		{"#mode=experiment&problems=rosenbrock", ModeExperiment, nil},
	} {
		st, err := CheckHash(c.hash)
		if err != nil {
			t.Errorf("CheckHash(%q): %v", c.hash, err)
			continue
		}
		if st.Mode != c.mode || !slices.Equal(st.Data, append([]string{}, c.data...)) {
			t.Errorf("CheckHash(%q) = mode %s data %v, want %s %v", c.hash, st.Mode, st.Data, c.mode, c.data)
		}
		if want := "#" + strings.TrimPrefix(c.hash, "#"); c.hash != "" && st.Hash != want {
			t.Errorf("CheckHash(%q).Hash = %q, want %q", c.hash, st.Hash, want)
		}
	}
}

// typedRing is the typed= value of a problem typed as formulas.
func typedRing(t *testing.T) string {
	t.Helper()
	def, err := formula.Parse([]byte(`{"name": "ring", "dim": 2, "lower": -3, "upper": 3,
		"f": "sum(i, 1, D, (x[i] - 0.5)^2)", "g": ["1 - sum(i, 1, D, x[i]^2)"]}`))
	if err != nil {
		t.Fatal(err)
	}
	return play.EncodeTyped(def)
}

func TestCheckHashErrors(t *testing.T) {
	for _, c := range []struct{ hash, names string }{
		{"#problem=C05&dim=7", "dim"},
		{"#algo=nope", "algo"},
		{"#problem=C99", "C99"},
		{"#seed=-1", "seed"},
		{"#fes=12", "fes"},
		{"#pcaprob=2", "pcaprob"},
		{"#compare=9", "compare=\"9\""},
		{"#compare=two", "compare"},
		{"#b.seed=2", "b.seed"},
		{"#mode=experiment&runs=zero", "runs"},
		{"#mode=experiment&configs=a:pmode(pcaprob=7)", "pcaprob"},
		{"#lesson=fig1&step=99", "step"},
		{"#lesson=fig9", "lesson"},
		{"#typed=notadefinition", "typed"},
	} {
		_, err := CheckHash(c.hash)
		if err == nil {
			t.Errorf("CheckHash(%q): no error", c.hash)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, c.names) || strings.Contains(msg, "\n") {
			t.Errorf("CheckHash(%q): %q, want one line naming %q", c.hash, msg, c.names)
		}
	}
}

// fakeSite is a small built site: the tags and module forms of the real
// one, and the official files of C05 at D = 10 under content ids.
func fakeSite(t *testing.T) fstest.MapFS {
	t.Helper()
	site := fstest.MapFS{
		"index.html": {Data: []byte(`<!doctype html><html><head>
<link rel="stylesheet" href="style.css">
<script src="early.js"></script>
<script type="module" src="boot.js"></script>
<link rel="modulepreload" href="app.js">
<link rel="manifest" href="manifest.webmanifest">
<link rel="icon" href="data:,">
<script src="echarts.min.js" defer></script>
</head><body><a href="results.html">results</a><div id="error" hidden></div></body></html>`)},
		"style.css":         {Data: []byte("body { color: #000; }")},
		"early.js":          {Data: []byte("window.early = 1;")},
		"echarts.min.js":    {Data: []byte("window.echarts = {};")},
		"boot.js":           {Data: []byte("import { a } from \"./app.js\";\nif (a) import('./lazy.js');\n")},
		"app.js":            {Data: []byte("import { PROTOCOL } from \"./protocol.js\";\n/** @type {import(\"./protocol.js\").X} */\nexport const a = PROTOCOL.v;\nexport const w = new URL(\"./worker.js\", import.meta.url);\n")},
		"lazy.js":           {Data: []byte("export const lazy = 1;\n")},
		"protocol.js":       {Data: []byte("const freeze = Object.freeze;\nexport const PROTOCOL = freeze({ v: 1 });\nexport const ERR = PROTOCOL;\nexport class Commands {}\n")},
		"worker.js":         {Data: []byte("import \"./wasm_exec.js\";\nimport { PROTOCOL, ERR as E } from \"./protocol.js\";\nconst DATA = new URL(\"data/cec2017/\", import.meta.url);\nself.onmessage = () => self.postMessage([PROTOCOL.v, E.v, String(DATA)]);\n")},
		"wasm_exec.js":      {Data: []byte("\"use strict\";\n(() => { globalThis.Go = class {}; })();\n")},
		"pcaplay-full.wasm": {Data: append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte{7}, 1000)...)},
	}
	names, err := suite.DataFiles("C05", 10)
	if err != nil {
		t.Fatal(err)
	}
	m := manifest{Files: map[string]string{}, Contents: map[string]struct {
		SHA256 string `json:"sha256"`
		Bytes  int    `json:"bytes"`
	}{}}
	for _, n := range names {
		b, err := fs.ReadFile(official.FS(), n)
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(b)
		id := hex.EncodeToString(sum[:8])
		m.Files[n] = id
		m.Contents[id] = struct {
			SHA256 string `json:"sha256"`
			Bytes  int    `json:"bytes"`
		}{hex.EncodeToString(sum[:]), len(b)}
		site["data/cec2017/"+id+".txt"] = &fstest.MapFile{Data: b}
	}
	mb, _ := json.Marshal(m)
	site["data/cec2017/manifest.json"] = &fstest.MapFile{Data: mb}
	return site
}

var payloadRE = regexp.MustCompile(`<script type="application/json" id="pcaplay-offline">(.*?)</script>`)

// readPayload returns the payload of a built page.
func readPayload(t *testing.T, html []byte) payload {
	t.Helper()
	m := payloadRE.FindSubmatch(html)
	if m == nil {
		t.Fatal("no payload in the page")
	}
	var p payload
	if err := json.Unmarshal(m[1], &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// inflate returns the bytes of base64 b64 of a gzip stream.
func inflate(t *testing.T, b64 string) []byte {
	t.Helper()
	gz, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// readCode returns the modules and the worker's script of a payload.
func readCode(t *testing.T, p payload) code {
	t.Helper()
	var c code
	if err := json.Unmarshal(inflate(t, p.Code), &c); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestBuild(t *testing.T) {
	site := fakeSite(t)
	const hash = "#problem=C05&dim=10&algo=heco-pde&seed=9"
	pg, err := Build(site, hash)
	if err != nil {
		t.Fatal(err)
	}
	html := string(pg.HTML)
	for _, frag := range []string{"body { color: #000; }", "window.early = 1;", `href="results.html"`} {
		if !strings.Contains(html, frag) {
			t.Errorf("the page lacks %q", frag)
		}
	}
	for _, frag := range []string{`src="early.js"`, `src="boot.js"`, `href="style.css"`, "modulepreload", `src="echarts.min.js"`, "manifest.webmanifest"} {
		if strings.Contains(html, frag) {
			t.Errorf("the page still loads %q from beside it", frag)
		}
	}
	p := readPayload(t, pg.HTML)
	if p.Hash != hash || p.Base != Base {
		t.Errorf("payload hash %q base %q", p.Hash, p.Base)
	}
	// dependencies first, the entry last, each module once
	if want := []string{"protocol.js", "app.js", "lazy.js", "boot.js"}; !slices.Equal(p.Order, want) {
		t.Errorf("order %v, want %v", p.Order, want)
	}
	c := readCode(t, p)
	if got := c.Modules["app.js"]; !strings.Contains(got, `from "pcaplay-module:protocol.js"`) ||
		!strings.Contains(got, `import("pcaplay-module:protocol.js")`) || !strings.Contains(got, `"`+Base+`app.js"`) || strings.Contains(got, "import.meta") {
		t.Errorf("app.js rewritten as %q", got)
	}
	if got := c.Modules["boot.js"]; !strings.Contains(got, `import('pcaplay-module:lazy.js')`) {
		t.Errorf("boot.js rewritten as %q", got)
	}
	// the worker: one classic script, its data served from the file
	for _, frag := range []string{"globalThis.Go = class", "const { PROTOCOL, ERR: E } = pcaplayModule0;", `new URL("data/cec2017/", "` + Base + `worker.js")`, "return { PROTOCOL, ERR, Commands };", "data/cec2017/manifest.json"} {
		if !strings.Contains(c.Worker, frag) {
			t.Errorf("the worker lacks %q", frag)
		}
	}
	if regexp.MustCompile(`(?m)^\s*(import|export)\b[^(.]`).MatchString(c.Worker) {
		t.Error("the worker's script still imports or exports")
	}
	if len(pg.State.Data) != 3 || pg.DataBytes == 0 {
		t.Errorf("data %v (%d bytes), want C05's three files", pg.State.Data, pg.DataBytes)
	}
	// the module and ECharts (a deferred script), gzip-compressed:
	// they inflate to the site's bytes
	for name, typ := range map[string]string{wasmFile: "application/wasm", "echarts.min.js": "text/javascript"} {
		f := p.Files[name]
		if back := inflate(t, f.B64); !bytes.Equal(back, site[name].Data) || !f.Gzip || f.Type != typ {
			t.Errorf("%s does not inflate to the site's (gzip %v, type %q)", name, f.Gzip, f.Type)
		}
	}
	if !slices.Equal(p.Deferred, []string{"echarts.min.js"}) {
		t.Errorf("deferred scripts %v, want echarts.min.js", p.Deferred)
	}
	// the same site and address, the same bytes
	again, err := Build(site, hash)
	if err != nil || !bytes.Equal(again.HTML, pg.HTML) {
		t.Errorf("a second build differs (%v)", err)
	}
}

func TestBuildErrors(t *testing.T) {
	for _, c := range []struct {
		name  string
		edit  func(fstest.MapFS)
		hash  string
		names string
	}{
		{"bad hash", nil, "#problem=C05&dim=7", "dim"},
		{"no wasm", func(s fstest.MapFS) { delete(s, "pcaplay-full.wasm") }, "", "pcaplay-full.wasm"},
		{"not wasm", func(s fstest.MapFS) { s["pcaplay-full.wasm"].Data = []byte("<html>") }, "", "pcaplay-full.wasm"},
		{"no index", func(s fstest.MapFS) { delete(s, "index.html") }, "", "index.html"},
		{"missing module", func(s fstest.MapFS) { delete(s, "lazy.js") }, "", "lazy.js"},
		{"missing style", func(s fstest.MapFS) { delete(s, "style.css") }, "", "style.css"},
		{"cycle", func(s fstest.MapFS) {
			s["protocol.js"].Data = []byte("import { a } from \"./app.js\";\nexport const PROTOCOL = a;\n")
		}, "", "cycle"},
		{"parent folder", func(s fstest.MapFS) { s["lazy.js"].Data = []byte("import \"../up.js\";\n") }, "", "lazy.js"},
		{"import.meta other", func(s fstest.MapFS) { s["lazy.js"].Data = []byte("export const r = import.meta.resolve(\"x\");\n") }, "", "lazy.js"},
		{"close tag", func(s fstest.MapFS) { s["early.js"].Data = []byte("document.write('</script>');") }, "", "early.js"},
		{"second module script missing", func(s fstest.MapFS) {
			s["index.html"].Data = bytes.Replace(s["index.html"].Data, []byte("</head>"), []byte(`<script type="module" src="x.js"></script></head>`), 1)
		}, "", "x.js"},
		{"no module script", func(s fstest.MapFS) {
			s["index.html"].Data = bytes.Replace(s["index.html"].Data, []byte(`<script type="module" src="boot.js"></script>`), nil, 1)
		}, "", "module"},
		{"other asset", func(s fstest.MapFS) {
			s["index.html"].Data = bytes.Replace(s["index.html"].Data, []byte("</head>"), []byte(`<img src="data.json"></head>`), 1)
		}, "", "data.json"},
		{"other link", func(s fstest.MapFS) {
			s["index.html"].Data = bytes.Replace(s["index.html"].Data, []byte("</head>"), []byte(`<link rel="apple-touch-icon" href="icon.png"></head>`), 1)
		}, "", "icon.png"},
		{"worker default export", func(s fstest.MapFS) {
			s["protocol.js"].Data = []byte("export default 1;\nexport const PROTOCOL = 1;\n")
		}, "", "protocol.js"},
		{"worker missing script", func(s fstest.MapFS) { delete(s, "wasm_exec.js") }, "", "wasm_exec.js"},
		{"changed data", func(s fstest.MapFS) {
			for k, f := range s {
				if strings.HasSuffix(k, ".txt") {
					f.Data = append(append([]byte{}, f.Data...), ' ')
					break
				}
			}
		}, "#problem=C05&dim=10", "not the official file"},
		{"no manifest", func(s fstest.MapFS) { delete(s, "data/cec2017/manifest.json") }, "#problem=C05&dim=10", "manifest.json"},
	} {
		site := fakeSite(t)
		if c.edit != nil {
			c.edit(site)
		}
		_, err := Build(site, c.hash)
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, c.names) || strings.Contains(msg, "\n") {
			t.Errorf("%s: %q, want one line naming %q", c.name, msg, c.names)
		}
	}
}

// The page's module scripts are the entries, in order: one loader where
// the first was, the others gone, each imported after the one before.
func TestBuildTwoModuleScripts(t *testing.T) {
	site := fakeSite(t)
	site["index.html"].Data = bytes.Replace(site["index.html"].Data, []byte("</head>"), []byte(`<script type="module" src="nav.js"></script></head>`), 1)
	site["nav.js"] = &fstest.MapFile{Data: []byte("import { lazy } from \"./lazy.js\";\nwindow.nav = lazy;\n")}
	pg, err := Build(site, "")
	if err != nil {
		t.Fatal(err)
	}
	p := readPayload(t, pg.HTML)
	if !slices.Equal(p.Entries, []string{"boot.js", "nav.js"}) || !slices.Contains(p.Order, "nav.js") {
		t.Errorf("entries %v, order %v", p.Entries, p.Order)
	}
	if n := strings.Count(string(pg.HTML), `id="pcaplay-offline"`); n != 1 || strings.Contains(string(pg.HTML), `type="module"`) {
		t.Errorf("%d payloads; module scripts left: %v", n, strings.Contains(string(pg.HTML), `type="module"`))
	}
}

// TestBuildBuiltSite builds from the real site when it is built (make
// site): every module of the page is in the file, the worker's script has
// no import or export left, and C05 at D = 10 carries its official files.
func TestBuildBuiltSite(t *testing.T) {
	const dir = "../../cmd/serve/public"
	if _, err := os.Stat(dir + "/pcaplay-full.wasm"); err != nil {
		t.Skip("the site is not built (make site)")
	}
	pg, err := Build(os.DirFS(dir), "#problem=C05&dim=10&algo=heco-pde")
	if err != nil {
		t.Fatal(err)
	}
	if miss, err := Needs(os.DirFS(dir), "#problem=C05&dim=10&algo=heco-pde"); err != nil || len(miss) > 0 {
		t.Errorf("Needs of the built site: %v, %v; want nothing missing", miss, err)
	}
	p := readPayload(t, pg.HTML)
	for _, m := range []string{"boot.js", "app.js", "compare-app.js", "lesson-app.js", "experiment-app.js", "worker-client.js", "protocol.js"} {
		if _, ok := readCode(t, p).Modules[m]; !ok {
			t.Errorf("the file lacks %s", m)
		}
	}
	if len(p.Entries) == 0 || p.Entries[0] != "boot.js" {
		t.Errorf("the entries are %v, want boot.js first", p.Entries)
	}
	if len(pg.State.Data) != 3 {
		t.Errorf("data %v, want C05's three files at D = 10", pg.State.Data)
	}
	t.Logf("%d bytes: %d modules, pcaplay-full.wasm %d → %d gzip, data %d bytes", len(pg.HTML), pg.Modules, pg.Wasm, pg.WasmGzip, pg.DataBytes)
}

// TestNeedsRounds fetches the site as the page's download does: Needs
// names what is missing, the caller adds it, until nothing is; the file
// built from what was fetched is the file built from the site.
func TestNeedsRounds(t *testing.T) {
	site := fakeSite(t)
	const hash = "#problem=C05&dim=10"
	got := Files{}
	rounds := 0
	for ; ; rounds++ {
		miss, err := Needs(got, hash)
		if err != nil {
			t.Fatal(err)
		}
		if len(miss) == 0 {
			break
		}
		if rounds == 10 {
			t.Fatalf("still missing %v after 10 rounds", miss)
		}
		if rounds == 0 && !slices.Equal(miss, []string{"data/cec2017/manifest.json", "index.html", "pcaplay-full.wasm", "worker.js"}) {
			t.Errorf("first round asks for %v", miss)
		}
		for _, name := range miss {
			f, ok := site[name]
			if !ok {
				t.Fatalf("Needs asks for %s, which the site lacks", name)
			}
			got[name] = f.Data
		}
	}
	fromFetched, err := Build(got, hash)
	if err != nil {
		t.Fatal(err)
	}
	fromSite, err := Build(site, hash)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(fromFetched.HTML, fromSite.HTML) {
		t.Error("the file built from the fetched files differs from the site's")
	}
	if len(got) != len(site) {
		t.Errorf("fetched %d files, the site has %d", len(got), len(site))
	}
	if _, err := Needs(got, "#dim=7&problem=C05"); err == nil || !strings.Contains(err.Error(), "dim") {
		t.Errorf("Needs of a bad address: %v", err)
	}
	t.Logf("%d rounds", rounds)
}

// FuzzCheckHash: any address (the command line's, the page's) is checked
// without a panic; an error is one line; a good one names a mode, and its
// data files are official names of one problem's dimension, sorted.
func FuzzCheckHash(f *testing.F) {
	for _, s := range []string{"", "#problem=C05&dim=10", "#compare=3&c.algo=cmode", "#lesson=fig1&step=9",
		"#b.seed=1", "#mode=experiment", "#%zz=%", "#problem=C28&dim=100&algo=heco-pde&pcak=-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, hash string) {
		st, err := CheckHash(hash)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("CheckHash(%q): a message of several lines: %q", hash, err)
			}
			return
		}
		if st.Mode != ModePlay && st.Mode != ModeCompare && st.Mode != ModeLesson && st.Mode != ModeExperiment {
			t.Errorf("CheckHash(%q): mode %q", hash, st.Mode)
		}
		if !slices.IsSorted(st.Data) {
			t.Errorf("CheckHash(%q): data %v not sorted", hash, st.Data)
		}
	})
}

// TestBuildChartsMeta: a page that loads ECharts later (site/index.html's
// <meta name="pcaplay-charts">, site/charts.js loadCharts) gets it as a
// deferred script of the file, run before the modules; the meta stays (it
// finds ECharts there).
func TestBuildChartsMeta(t *testing.T) {
	site := fakeSite(t)
	index := strings.Replace(string(site["index.html"].Data), `<script src="echarts.min.js" defer></script>`, `<meta name="pcaplay-charts" content="echarts.min.js">`, 1)
	site["index.html"] = &fstest.MapFile{Data: []byte(index)}
	pg, err := Build(site, "#problem=C05&dim=10")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(pg.HTML), `<meta name="pcaplay-charts" content="echarts.min.js">`) {
		t.Error("the page lost its charts meta")
	}
	p := readPayload(t, pg.HTML)
	if !slices.Equal(p.Deferred, []string{"echarts.min.js"}) {
		t.Errorf("deferred scripts %v, want echarts.min.js", p.Deferred)
	}
	if f := p.Files["echarts.min.js"]; !bytes.Equal(inflate(t, f.B64), site["echarts.min.js"].Data) {
		t.Error("echarts.min.js does not inflate to the site's")
	}
	// the page's "Download as one HTML file" fetches what Needs names
	delete(site, "echarts.min.js")
	if missing, err := Needs(site, "#problem=C05&dim=10"); err != nil || !slices.Contains(missing, "echarts.min.js") {
		t.Errorf("Needs without echarts.min.js: %v, %v", missing, err)
	}
}
