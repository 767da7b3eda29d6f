// Command serve serves the built pcaplay site, embedded in the binary.
//
// Build the site first (make serve does both): scripts/build-site.sh writes
// it into cmd/serve/public, which this command embeds.
//
//	serve [-addr 127.0.0.1:8080]
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
	"syscall"
	"time"

	"pcaplay/internal/server"
)

//go:embed public
var public embed.FS

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	site, err := fs.Sub(public, "public")
	if err != nil {
		fmt.Fprintln(os.Stderr, "serve:", err)
		os.Exit(1)
	}
	os.Exit(run(ctx, os.Args[1:], site, os.Stdout, os.Stderr))
}

// run parses args, serves site until ctx ends, then shuts down gracefully.
// It returns the exit code: 0 on a clean stop, 2 on bad flags, 1 otherwise.
func run(ctx context.Context, args []string, site fs.FS, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("serve", flag.ContinueOnError)
	fset.SetOutput(io.Discard)
	addr := fset.String("addr", "127.0.0.1:8080", "`host:port` to listen on")
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fset.SetOutput(stdout)
			fmt.Fprintln(stdout, "usage: serve [-addr host:port]")
			fset.PrintDefaults()
			return 0
		}
		fmt.Fprintf(stderr, "serve: %v (usage: serve [-addr host:port])\n", err)
		return 2
	}
	if fset.NArg() > 0 {
		fmt.Fprintf(stderr, "serve: unexpected argument %q (usage: serve [-addr host:port])\n", fset.Arg(0))
		return 2
	}

	h, err := server.New(site)
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
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
	}
	fmt.Fprintf(stdout, "pcaplay: serving on %s\n", displayURL(ln.Addr()))

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		fmt.Fprintln(stderr, "serve:", err)
		return 1
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		fmt.Fprintln(stderr, "serve: shutdown:", err)
		return 1
	}
	fmt.Fprintln(stdout, "pcaplay: stopped")
	return 0
}

// displayURL turns a listener address into a URL a person can open: an
// unspecified host (":8080", "0.0.0.0:8080") is shown as localhost.
func displayURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String() + "/"
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}
