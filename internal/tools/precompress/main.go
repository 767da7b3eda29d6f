// Command precompress writes NAME.gz and NAME.br beside the big text and
// WebAssembly files of a folder, for a server that serves precompressed
// siblings (see internal/server).
//
//	go run ./internal/tools/precompress [-min 1024] [-brotli 11] [-force] DIR
//
// It walks DIR, and for each file with one of the extensions of -ext and at
// least -min bytes writes gzip (best compression) and brotli (quality
// -brotli, 11 by default: about 20 s for a 5 MB wasm, 13% smaller than
// quality 9, which takes 1 s) siblings. The output is deterministic. A sibling newer than its source is
// kept (so a second run does nothing) unless -force is given. A sibling that
// would not be smaller than the source is not written, and an old one removed.
package main

import (
	"bytes"
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
	"pcaplay/internal/atomicfile"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	min   int64
	exts  []string
	force bool
	quiet bool
	brq   int
}

func run(args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("precompress", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	var o options
	fset.Int64Var(&o.min, "min", 1024, "smallest file to compress, in bytes")
	exts := fset.String("ext", ".wasm,.js,.mjs,.css,.html,.svg,.json", "comma-separated extensions to compress")
	fset.BoolVar(&o.force, "force", false, "rewrite siblings even when they are newer than the source")
	fset.BoolVar(&o.quiet, "q", false, "print nothing but errors")
	fset.IntVar(&o.brq, "brotli", brotli.BestCompression, "brotli quality, 0 to 11")
	if err := fset.Parse(args); err != nil {
		fmt.Fprintf(stderr, "precompress: %v (usage: precompress [-min N] [-ext LIST] [-brotli Q] [-force] [-q] DIR)\n", err)
		return 2
	}
	if o.brq < brotli.BestSpeed || o.brq > brotli.BestCompression {
		fmt.Fprintf(stderr, "precompress: -brotli %d: want a quality from 0 to 11\n", o.brq)
		return 2
	}
	if fset.NArg() != 1 {
		fmt.Fprintln(stderr, "precompress: want one folder (usage: precompress [-min N] [-ext LIST] [-brotli Q] [-force] [-q] DIR)")
		return 2
	}
	for e := range strings.SplitSeq(*exts, ",") {
		if e = strings.TrimSpace(e); e != "" {
			if !strings.HasPrefix(e, ".") {
				e = "." + e
			}
			o.exts = append(o.exts, strings.ToLower(e))
		}
	}
	files, err := candidates(fset.Arg(0), o)
	if err != nil {
		fmt.Fprintln(stderr, "precompress:", err)
		return 1
	}

	type result struct {
		line string
		err  error
	}
	results := make([]result, len(files))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, name := range files {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			line, err := compressFile(name, o)
			results[i] = result{line, err}
		}()
	}
	wg.Wait()
	code := 0
	for _, r := range results {
		if r.err != nil {
			fmt.Fprintln(stderr, "precompress:", r.err)
			code = 1
		} else if r.line != "" && !o.quiet {
			fmt.Fprintln(stdout, r.line)
		}
	}
	return code
}

// candidates lists the files under dir to compress, sorted.
func candidates(dir string, o options) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() || !slices.Contains(o.exts, strings.ToLower(filepath.Ext(p))) {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if info.Size() >= o.min {
			files = append(files, p)
			return nil
		}
		// Too small to compress now: a sibling from a bigger version is stale.
		for _, c := range codecs {
			if err := os.Remove(p + c.ext); err != nil && !os.IsNotExist(err) {
				return err
			}
		}
		return nil
	})
	return files, err
}

type codec struct {
	ext      string
	compress func(data []byte, o options) ([]byte, error)
}

var codecs = []codec{
	{".gz", gzipBytes},
	{".br", brotliBytes},
}

// compressFile writes the siblings of name that are missing or stale, and
// returns a line that says what it did ("" when nothing).
func compressFile(name string, o options) (string, error) {
	src, err := os.Stat(name)
	if err != nil {
		return "", err
	}
	var data []byte
	var notes []string
	for _, c := range codecs {
		sib := name + c.ext
		if !o.force {
			if st, err := os.Stat(sib); err == nil && !st.ModTime().Before(src.ModTime()) {
				continue
			}
		}
		if data == nil {
			if data, err = os.ReadFile(name); err != nil {
				return "", err
			}
		}
		out, err := c.compress(data, o)
		if err != nil {
			return "", fmt.Errorf("%s: %w", sib, err)
		}
		if len(out) >= len(data) {
			if err := os.Remove(sib); err != nil && !os.IsNotExist(err) {
				return "", err
			}
			continue // not worth serving; checked again on each run
		}
		if err := atomicfile.WriteFile(sib, out); err != nil {
			return "", err
		}
		notes = append(notes, fmt.Sprintf("%s %d (%.0f%%)", c.ext, len(out), 100*float64(len(out))/float64(len(data))))
	}
	if len(notes) == 0 {
		return "", nil
	}
	return fmt.Sprintf("%s %d: %s", name, len(data), strings.Join(notes, ", ")), nil
}

func gzipBytes(data []byte, _ options) ([]byte, error) {
	var b bytes.Buffer
	w, err := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	// No name and no time in the header: the output depends on data alone.
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func brotliBytes(data []byte, o options) ([]byte, error) {
	var b bytes.Buffer
	w := brotli.NewWriterOptions(&b, brotli.WriterOptions{Quality: o.brq, LGWin: 24})
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
