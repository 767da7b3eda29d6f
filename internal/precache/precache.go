// Package precache stamps a built site for its service worker (site/sw.js):
// the list of the files the worker precaches, each with its SHA-256, and
// the site's version, a hash of that list.
//
// Stamp writes three kinds of file:
//
//   - sw.js: its line `const PRECACHE = …;` becomes {version, files} (the
//     source in site/ keeps {version: "dev", files: null}, which the worker
//     reads as "not built: cache nothing");
//   - every page (*.html at the top of the site): its
//     <meta name="pcaplay-version" content="…"> carries the version, so the
//     worker can tell which version a page fetched from the network is
//     (and serve that page's files from that version only, never a mix);
//   - nothing else: the other files are listed as they are.
//
// What is listed: every file of the site but sw.js itself, the .gz and .br
// siblings (the server's content negotiation; the worker caches what the
// browser decoded), README.md, .nojekyll, and the official data under
// data/cec2017/ except its manifest.json (the data files are cached when a
// run first fetches them: content-addressed, they never change, and
// precaching all of them would cost 1.1 MB for a visitor who never opens a
// CEC problem).
//
// The version is computed with every page's stamp read as "dev", so a
// stamped site stamps to the same bytes again (the build stays idempotent,
// and a test can change one file of a built site and stamp it anew).
package precache

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"pcaplay/internal/atomicfile"
)

// WorkerFile is the service worker's name in the site.
const WorkerFile = "sw.js"

// Unstamped is the version of a page or worker the build has not stamped.
const Unstamped = "dev"

var (
	metaRE  = regexp.MustCompile(`<meta name="pcaplay-version" content="[^"]*">`)
	constRE = regexp.MustCompile(`(?m)^const PRECACHE = .*;$`)
)

// Manifest is what Stamp writes into sw.js.
type Manifest struct {
	Version string            `json:"version"`
	Files   map[string]string `json:"files"` // path relative to the site → SHA-256, hexadecimal
}

// Listed reports whether the worker precaches the site's file name (a
// slash-separated path relative to the site's root).
func Listed(name string) bool {
	base := path.Base(name)
	switch {
	case name == WorkerFile, base == "README.md", base == ".nojekyll":
		return false
	case strings.HasSuffix(name, ".gz"), strings.HasSuffix(name, ".br"):
		return false
	case strings.HasPrefix(name, "data/cec2017/"):
		return name == "data/cec2017/manifest.json"
	}
	return true
}

// isPage reports whether name is one of the site's pages (stamped).
func isPage(name string) bool {
	return !strings.Contains(name, "/") && strings.HasSuffix(name, ".html")
}

// StampPage returns page with its version meta set to version; a page
// without the meta is an error (the worker could not tell its version).
func StampPage(name string, page []byte, version string) ([]byte, error) {
	if n := len(metaRE.FindAllIndex(page, -1)); n != 1 {
		return nil, fmt.Errorf("%s: want one <meta name=\"pcaplay-version\" content=\"…\">, found %d", name, n)
	}
	return metaRE.ReplaceAllLiteral(page, []byte(`<meta name="pcaplay-version" content="`+version+`">`)), nil
}

// StampWorker returns the worker's source with m in its PRECACHE line.
func StampWorker(src []byte, m Manifest) ([]byte, error) {
	if n := len(constRE.FindAllIndex(src, -1)); n != 1 {
		return nil, fmt.Errorf("%s: want one line `const PRECACHE = …;`, found %d", WorkerFile, n)
	}
	b, err := json.Marshal(m) // map keys sorted: the same site gives the same bytes
	if err != nil {
		return nil, err
	}
	return constRE.ReplaceAllLiteral(src, []byte("const PRECACHE = "+string(b)+";")), nil
}

// Compute lists site's files (Listed) with their SHA-256 and the version.
// The pages are hashed as they will be stamped; pages maps each page's name
// to its source (the stamp ignored), which Stamp then writes.
func Compute(site fs.FS) (Manifest, map[string][]byte, error) {
	var names []string
	err := fs.WalkDir(site, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && Listed(p) {
			names = append(names, p)
		}
		return nil
	})
	if err != nil {
		return Manifest{}, nil, err
	}
	sort.Strings(names)
	sums := map[string]string{}
	pages := map[string][]byte{}
	h := sha256.New()
	for _, n := range names {
		b, err := fs.ReadFile(site, n)
		if err != nil {
			return Manifest{}, nil, err
		}
		if isPage(n) {
			if b, err = StampPage(n, b, Unstamped); err != nil {
				return Manifest{}, nil, err
			}
			pages[n] = b
		}
		s := sha256.Sum256(b)
		sums[n] = hex.EncodeToString(s[:])
		fmt.Fprintf(h, "%s\x00%s\n", n, sums[n])
	}
	if _, ok := sums["index.html"]; !ok {
		return Manifest{}, nil, fmt.Errorf("the site has no index.html")
	}
	m := Manifest{Version: hex.EncodeToString(h.Sum(nil))[:16], Files: sums}
	for n, b := range pages { // the listed sums are those of the stamped pages
		if b, err = StampPage(n, b, m.Version); err != nil {
			return Manifest{}, nil, err
		}
		s := sha256.Sum256(b)
		m.Files[n] = hex.EncodeToString(s[:])
		pages[n] = b
	}
	return m, pages, nil
}

// Verify checks a built site against its stamp: the PRECACHE line of its
// sw.js lists every file of the site's version with its SHA-256, and each
// must be there with those bytes. A file missing or different (a
// half-copied site, files of two versions, a changed file) is an error
// naming it, and so is a site whose sw.js is missing or not stamped. It
// returns the stamp.
func Verify(site fs.FS) (Manifest, error) {
	w, err := fs.ReadFile(site, WorkerFile)
	if err != nil {
		return Manifest{}, fmt.Errorf("%s: %w (a site the build made has it)", WorkerFile, err)
	}
	line := constRE.Find(w)
	if line == nil {
		return Manifest{}, fmt.Errorf("%s has no line `const PRECACHE = …;`: not the site's service worker", WorkerFile)
	}
	var m Manifest
	raw := bytes.TrimSuffix(bytes.TrimPrefix(line, []byte("const PRECACHE = ")), []byte(";"))
	if err := json.Unmarshal(raw, &m); err != nil {
		return Manifest{}, fmt.Errorf("%s: its PRECACHE line is not a stamp: %v", WorkerFile, err)
	}
	if m.Version == Unstamped || m.Files == nil {
		return Manifest{}, fmt.Errorf("%s is not stamped (version %q): the site's sources, not a built site (scripts/build-site.sh)", WorkerFile, m.Version)
	}
	names := make([]string, 0, len(m.Files))
	for n := range m.Files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		b, err := fs.ReadFile(site, n)
		if err != nil {
			return Manifest{}, fmt.Errorf("the site lacks %s, which its version %s lists (a half-copied site?)", n, m.Version)
		}
		if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != m.Files[n] {
			return Manifest{}, fmt.Errorf("%s is not the file of the site's version %s (its SHA-256 differs from the stamp in %s): a half-copied or changed site", n, m.Version, WorkerFile)
		}
	}
	return m, nil
}

// Stamp stamps the site in dir: its pages and its sw.js, written from
// their sources in src (the folder of site/'s sources; src == dir
// re-stamps a built site in place). Each page of src must be in dir
// already (the build copies the other files first) and is listed with the
// bytes Stamp writes. A file is written only when its bytes change.
func Stamp(dir, src string) (Manifest, error) {
	if err := copyPages(dir, src); err != nil {
		return Manifest{}, err
	}
	m, pages, err := Compute(os.DirFS(dir))
	if err != nil {
		return Manifest{}, err
	}
	for n, b := range pages {
		if err := writeIfChanged(filepath.Join(dir, n), b); err != nil {
			return Manifest{}, err
		}
	}
	w, err := os.ReadFile(filepath.Join(src, WorkerFile))
	if err != nil {
		return Manifest{}, err
	}
	if w, err = StampWorker(w, m); err != nil {
		return Manifest{}, err
	}
	return m, writeIfChanged(filepath.Join(dir, WorkerFile), w)
}

// copyPages makes each page of src, stamped "dev", the page in dir unless
// dir's already holds the same bytes but for its stamp.
func copyPages(dir, src string) error {
	if filepath.Clean(dir) == filepath.Clean(src) {
		return nil
	}
	names, err := filepath.Glob(filepath.Join(src, "*.html"))
	if err != nil {
		return err
	}
	for _, p := range names {
		n := filepath.Base(p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if b, err = StampPage(n, b, Unstamped); err != nil {
			return err
		}
		old, err := os.ReadFile(filepath.Join(dir, n))
		if err == nil {
			if old, err = StampPage(n, old, Unstamped); err == nil && bytes.Equal(old, b) {
				continue
			}
		}
		if err := atomicfile.WriteFile(filepath.Join(dir, n), b); err != nil {
			return err
		}
	}
	return nil
}

func writeIfChanged(p string, b []byte) error {
	if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, b) {
		return nil
	}
	return atomicfile.WriteFile(p, b)
}
