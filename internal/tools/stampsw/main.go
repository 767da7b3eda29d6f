// Command stampsw stamps a built site for its service worker: sw.js gets
// the site's version and the list of files it precaches with their
// SHA-256, every page the version (package internal/precache).
//
//	go run ./internal/tools/stampsw [-src site] DIR
//
// The pages and sw.js are written from their sources in -src (site/ by
// scripts/build-site.sh; DIR itself, the default, re-stamps a built site).
// It prints the version, the number of files and their bytes.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"pcaplay/internal/precache"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("stampsw", flag.ContinueOnError)
	fl.SetOutput(stderr)
	src := fl.String("src", "", "the folder of the pages' and sw.js's sources (default: DIR)")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if fl.NArg() != 1 {
		fmt.Fprintln(stderr, "stampsw: want one DIR, the built site")
		return 2
	}
	dir := fl.Arg(0)
	if *src == "" {
		*src = dir
	}
	m, err := precache.Stamp(dir, *src)
	if err != nil {
		fmt.Fprintln(stderr, "stampsw:", err)
		return 1
	}
	var size int64
	for n := range m.Files {
		if st, err := os.Stat(filepath.Join(dir, n)); err == nil {
			size += st.Size()
		}
	}
	fmt.Fprintf(stdout, "version %s: %d files, %d B precached\n", m.Version, len(m.Files), size)
	return 0
}
