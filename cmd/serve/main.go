// Command serve serves the built pcaplay site, embedded in the binary.
//
// Build the site first (make serve does both): scripts/build-site.sh writes
// it into cmd/serve/public, which this command embeds. Only the site is
// served: the folder's README.md (build notes) is not.
//
//	serve [-addr 127.0.0.1:8080]
//
// The default address is loopback only. An address without a host
// (":8080") or with an unspecified one ("0.0.0.0:8080", "[::]:8080")
// listens on every network interface, and serve says so; an empty -addr is
// refused rather than read as "every interface, any port".
//
// SIGINT, SIGTERM and SIGHUP stop the server gracefully: it stops accepting
// connections, closes idle ones and waits for the responses in flight to
// finish (a client that stops reading is dropped after
// server.DefaultStallTimeout, so the wait is bounded). The same signal
// again stops at once.
package main

import (
	"context"
	"embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"sync/atomic"
	"syscall"

	"pcaplay/internal/server"
)

//go:embed public
var public embed.FS

// buildNotes is the placeholder README of cmd/serve/public: it documents the
// build and is not part of the site.
const buildNotes = "README.md"

// stopSignals stop the server (SIGHUP too: a closed terminal or a
// supervisor's reload should not kill it mid-response).
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

func main() {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, stopSignals...)
	site, err := fs.Sub(public, "public")
	if err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
	os.Exit(run(sigs, os.Args[1:], site, os.Stdout, os.Stderr))
}

const usage = "usage: serve [-addr host:port]"

// run parses args and serves site (without its build notes) until a value
// arrives on stop, then shuts down gracefully; a second value stops at
// once. It returns the exit code: 0 on a clean stop, 2 on bad flags, 1
// otherwise.
func run(stop <-chan os.Signal, args []string, site fs.FS, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("serve", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	addr := fset.String("addr", "127.0.0.1:8080", "`host:port` to listen on (127.0.0.1: this machine only; :8080 or 0.0.0.0:8080: every network interface)")
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fset.SetOutput(stdout)
			fmt.Fprintln(stdout, usage)
			fset.PrintDefaults()
			return 0
		}
		fmt.Fprintf(stderr, "serve: %v (%s)\n", err, usage)
		return 2
	}
	if fset.NArg() > 0 {
		fmt.Fprintf(stderr, "serve: unexpected argument %q (%s)\n", fset.Arg(0), usage)
		return 2
	}
	if *addr == "" {
		fmt.Fprintf(stderr, "serve: -addr '': empty address; want host:port, e.g. 127.0.0.1:8080 (this machine only) or :8080 (every network interface)\n")
		return 2
	}

	h, err := server.New(without(site, buildNotes))
	if err != nil {
		fmt.Fprintln(stderr, "serve:", err)
		return 1
	}
	if !h.Built() {
		fmt.Fprintln(stderr, "serve: "+server.NotBuiltMessage)
	}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(stderr, "serve:", err)
		return 1
	}
	var inFlight atomic.Int64
	srv := server.NewHTTPServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		inFlight.Add(1)
		defer inFlight.Add(-1)
		h.ServeHTTP(w, r)
	}))
	fmt.Fprintln(stdout, "pcaplay: serving on "+describeAddr(ln.Addr()))

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		fmt.Fprintln(stderr, "serve:", err)
		return 1
	case sig := <-stop:
		if n := inFlight.Load(); n > 0 {
			fmt.Fprintf(stdout, "pcaplay: %v: stopping after the %d response(s) in flight (%v again stops at once)\n", sig, n, sig)
		}
	}
	// Shutdown waits for the responses in flight; each is bounded by the
	// handler's stall timeout, so there is no deadline here, only a second
	// signal.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		select {
		case <-stop:
			cancel()
		case <-ctx.Done():
		}
	}()
	if err := srv.Shutdown(ctx); err != nil {
		srv.Close()
		fmt.Fprintf(stderr, "serve: stopped at once, %d response(s) cut\n", inFlight.Load())
		return 1
	}
	fmt.Fprintln(stdout, "pcaplay: stopped")
	return 0
}

// describeAddr says where the listener is reachable. A specific host gives
// its URL. An unspecified one (":8080", "0.0.0.0:8080", "[::]:8080") means
// every network interface: the address is printed as it is, with the URL
// to use on this machine.
func describeAddr(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String() + "/"
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsUnspecified() {
		return "http://" + net.JoinHostPort(host, port) + "/"
	}
	return fmt.Sprintf("%s, every network interface (reachable from other machines); on this machine: http://localhost:%s/", a, port)
}

// without hides the root-level file name of fsys.
func without(fsys fs.FS, name string) fs.FS { return hideFS{fsys, name} }

type hideFS struct {
	fs.FS
	name string
}

func (h hideFS) Open(name string) (fs.File, error) {
	if name == h.name {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return h.FS.Open(name)
}

func (h hideFS) ReadDir(name string) ([]fs.DirEntry, error) {
	ents, err := fs.ReadDir(h.FS, name)
	if name == "." {
		ents = slices.DeleteFunc(ents, func(e fs.DirEntry) bool { return e.Name() == h.name })
	}
	return ents, err
}
