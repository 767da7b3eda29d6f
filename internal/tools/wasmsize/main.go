// Command wasmsize measures what the page's WebAssembly module costs, by
// command group and by package, and prints the tables of docs/wasm-size.md.
//
//	go run ./internal/tools/wasmsize [-brotli 11] [-top 25] [-only full,core] [-keep DIR]
//
// Run in the repository. For each variant (variants.go: the full table of
// internal/play/protocol.Commands, the table less a group of commands, the
// playground alone, an experiment/results module) it builds ./wasm as
// scripts/build-site.sh does (GOOS=js GOARCH=wasm, -trimpath), with
// commands.go replaced through `go build -overlay` by a copy whose table
// has only the variant's commands: the linker then leaves out every
// function only the other commands reached. It links with -ldflags=-w
// (not -s) so that the module keeps its name section, and measures the
// module less that section, which is the -s -w module but for its build
// ID; gzip -9 and brotli (github.com/andybalholm/brotli, LGWin 24, as
// internal/tools/precompress writes the .br the server sends).
//
// The second table attributes the full module's code section to packages
// by the name section's function names; the data section (strings, type
// descriptors, the pclntab, embedded files) is not attributed. Nothing in
// the repository is written: the builds go to a temporary folder.
package main

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/andybalholm/brotli"
	"pcaplay/internal/play/protocol"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type options struct {
	brq  int
	top  int
	keep string
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("wasmsize", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.IntVar(&o.brq, "brotli", brotli.BestCompression, "brotli quality, 0 to 11 (build-site.sh: 11)")
	fs.IntVar(&o.top, "top", 25, "packages in the package table")
	only := fs.String("only", "", "comma-separated variants to build (all when empty)")
	fs.StringVar(&o.keep, "keep", "", "a folder to keep the built modules in")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if o.brq < 0 || o.brq > 11 || fs.NArg() != 0 {
		fmt.Fprintln(stderr, "usage: wasmsize [-brotli 0…11] [-top N] [-only V,…] [-keep DIR]")
		return 2
	}
	vs, err := pick(*only)
	if err != nil {
		fmt.Fprintln(stderr, "wasmsize:", err)
		return 2
	}
	if err := measure(vs, o, stdout, stderr); err != nil {
		fmt.Fprintln(stderr, "wasmsize:", err)
		return 1
	}
	return 0
}

// pick returns the variants named in list (all when empty), checked
// against the command table.
func pick(list string) ([]variant, error) {
	var all []string
	for _, c := range protocol.Commands() {
		all = append(all, c.Name)
	}
	var vs []variant
	for _, v := range variants {
		if list != "" && !slices.Contains(strings.Split(list, ","), v.Name) {
			continue
		}
		if _, err := v.keep(all); err != nil {
			return nil, err
		}
		vs = append(vs, v)
	}
	if len(vs) == 0 {
		return nil, fmt.Errorf("no variant named in %q", list)
	}
	return vs, nil
}

// built is one variant's module, measured.
type built struct {
	v              variant
	raw, gz, br    int
	commands       int
	mod            *module
	codeByPackage  map[string]int
	funcsByPackage map[string]int
}

func measure(vs []variant, o options, stdout, stderr io.Writer) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "wasmsize")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	out := tmp
	if o.keep != "" {
		out = o.keep
		if err := os.MkdirAll(out, 0o755); err != nil {
			return err
		}
	}
	pkgs, err := goOutput(root, "list", "-deps", "./wasm")
	if err != nil {
		return err
	}
	pk := newPackager(strings.Fields(pkgs))
	pk.byName["main"] = "pcaplay/wasm" // the linker names the main package main
	tables := map[string][]byte{}
	for _, f := range []string{"commands.go", "commands_full.go"} {
		p := filepath.Join(root, "internal/play/protocol", f)
		if tables[p], err = os.ReadFile(p); err != nil {
			return err
		}
	}
	var all, playground []string
	for _, c := range protocol.Commands() {
		all = append(all, c.Name)
		if !c.Full {
			playground = append(playground, c.Name)
		}
	}
	var res []*built
	for _, v := range vs {
		fmt.Fprintf(stderr, "wasmsize: building %s\n", v.Name)
		cmds := all
		if v.Playground {
			cmds = playground
		}
		b, err := buildVariant(root, tmp, out, tables, cmds, v, o)
		if err != nil {
			return fmt.Errorf("%s: %w", v.Name, err)
		}
		b.codeByPackage, b.funcsByPackage = byPackage(b.mod, pk)
		res = append(res, b)
	}
	report(stdout, res, o)
	return nil
}

func buildVariant(root, tmp, out string, tables map[string][]byte, all []string, v variant, o options) (*built, error) {
	keep, _ := v.keep(all)
	replace := map[string]string{}
	for table, src := range tables {
		gen, err := filterCommands(src, keep)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Base(table), err)
		}
		genPath := filepath.Join(tmp, v.Name+"-"+filepath.Base(table))
		if err := os.WriteFile(genPath, gen, 0o644); err != nil {
			return nil, err
		}
		replace[table] = genPath
	}
	j, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		return nil, err
	}
	overlay := filepath.Join(tmp, v.Name+"-overlay.json")
	if err := os.WriteFile(overlay, j, 0o644); err != nil {
		return nil, err
	}
	wasm := filepath.Join(out, "pcaplay-"+strings.TrimPrefix(v.Name, "-")+".wasm")
	args := []string{"build", "-trimpath", "-ldflags=-w", "-overlay", overlay, "-o", wasm}
	if v.Playground {
		args = append(args, "-tags", playgroundTag)
	}
	if _, err := goOutput(root, append(args, "./wasm")...); err != nil {
		return nil, err
	}
	b, err := os.ReadFile(wasm)
	if err != nil {
		return nil, err
	}
	mod, err := parseModule(b)
	if err != nil {
		return nil, err
	}
	stripped := withoutNames(b, mod)
	r := &built{v: v, raw: len(stripped), commands: len(keep), mod: mod}
	var wg sync.WaitGroup
	var gzErr, brErr error
	wg.Go(func() { r.gz, gzErr = gzipSize(stripped) })
	wg.Go(func() { r.br, brErr = brotliSize(stripped, o.brq) })
	wg.Wait()
	return r, cmp.Or(gzErr, brErr)
}

func moduleRoot() (string, error) {
	gomod, err := goOutput("", "env", "GOMOD")
	if err != nil {
		return "", err
	}
	gomod = strings.TrimSpace(gomod)
	if gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("not in a Go module: run it in the repository")
	}
	return filepath.Dir(gomod), nil
}

// goOutput runs the go command for GOOS=js GOARCH=wasm in dir.
func goOutput(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return string(b), nil
}

func gzipSize(b []byte) (int, error) {
	var out bytes.Buffer
	w, err := gzip.NewWriterLevel(&out, gzip.BestCompression)
	if err != nil {
		return 0, err
	}
	if _, err := w.Write(b); err != nil {
		return 0, err
	}
	err = w.Close()
	return out.Len(), err
}

func brotliSize(b []byte, q int) (int, error) {
	var out bytes.Buffer
	w := brotli.NewWriterOptions(&out, brotli.WriterOptions{Quality: q, LGWin: 24})
	if _, err := w.Write(b); err != nil {
		return 0, err
	}
	err := w.Close()
	return out.Len(), err
}

// byPackage sums the code section's function bodies by package.
func byPackage(m *module, pk *packager) (code, funcs map[string]int) {
	code, funcs = map[string]int{}, map[string]int{}
	for _, f := range m.Funcs {
		p := pk.of(f.Name)
		code[p] += f.Size
		funcs[p]++
	}
	return code, funcs
}
