package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"pcaplay/internal/onefile"
	"pcaplay/internal/precache"
)

// defaultSite is the built site (scripts/build-site.sh, make site) that
// export-html reads, found from the repository root as findFile finds it.
const defaultSite = "cmd/serve/public"

// cmdExportHTML writes the playground as one self-contained HTML file in
// the state of a page address (internal/onefile, docs/guide/offline.md):
//
//	cec export-html -o demo.html '#problem=C05&dim=10&algo=heco-pde&seed=3'
//
// The address is checked by Go's sanitising: a value the page would
// replace is an error naming it. It reads the built site (-site, default
// cmd/serve/public) and prints the file's size and what it holds.
func cmdExportHTML(args []string, stdout io.Writer) error {
	fl := newFlags("export-html", "export-html -o FILE.html [-site DIR] ['#problem=…&seed=…']", stdout)
	outPath := fl.String("o", "", "the HTML file to write (required)")
	siteDir := fl.String("site", defaultSite, "the built site: make site's "+defaultSite+" or make dist's folder")
	pos, err := parseFlags(fl, args)
	if err != nil {
		return err
	}
	if *outPath == "" {
		return badInput("-o is required (the HTML file to write)")
	}
	if len(pos) > 1 {
		return badInput("%q: one page address at most (quote it: '#problem=C05&dim=10')", pos[1])
	}
	hash := ""
	if len(pos) == 1 {
		hash = pos[0]
		if i := strings.IndexByte(hash, '#'); i >= 0 {
			hash = hash[i:] // a whole link: the part after #
		}
	}
	if _, err := onefile.CheckHash(hash); err != nil {
		return badInput("#%s: %v", strings.TrimPrefix(hash, "#"), err)
	}
	if dir := filepath.Dir(*outPath); !fileExists(dir) {
		return badInput("-o %s: the directory %s does not exist", *outPath, dir)
	}
	dir := findFile(*siteDir)
	if st, err := os.Stat(filepath.Join(dir, "index.html")); err != nil || st.IsDir() {
		return badInput("-site %s: no built site there (no index.html); run make site, or pass -site DIR", *siteDir)
	}
	// the site must be one whole version: a half-copied site would give a
	// file running mixed code
	if _, err := precache.Verify(os.DirFS(dir)); err != nil {
		return badInput("-site %s: %v", *siteDir, err)
	}
	p, err := onefile.Build(os.DirFS(dir), hash)
	if err != nil {
		return badInput("%v", err)
	}
	if err := writeFileAtomic(*outPath, p.HTML); err != nil {
		return failure("-o %v", err)
	}
	fmt.Fprintf(stdout, "%s: %d bytes (%s mode; %d modules; %s %d bytes, %d gzip; %d official data files, %d bytes)\n",
		*outPath, len(p.HTML), p.State.Mode, p.Modules, onefile.WasmFile, p.Wasm, p.WasmGzip, len(p.State.Data), p.DataBytes)
	return nil
}
