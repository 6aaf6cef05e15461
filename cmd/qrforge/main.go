// Command qrforge serves the qrforge QR code API.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	_ "github.com/qrforge/qrforge/kinds" // every payload kind registers itself
	"github.com/qrforge/qrforge/mcp"
	"github.com/qrforge/qrforge/server"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "qrforge:", err)
		os.Exit(1)
	}
}

// Server timeouts: a slow or stalled client cannot hold a connection.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 30 * time.Second
	writeTimeout      = 60 * time.Second
	idleTimeout       = 120 * time.Second
	shutdownGrace     = 15 * time.Second
	// maxHeaderBytes is above the server's own 16 KiB request-target limit
	// so that long targets get a problem document rather than a bare 431.
	maxHeaderBytes = 64 << 10
)

// run is the whole program, callable from tests: it serves until ctx ends.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("qrforge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", envOr(getenv, "QRFORGE_ADDR", "127.0.0.1:8080"), "listen address (env QRFORGE_ADDR)")
	baseURL := fs.String("base-url", getenv("QRFORGE_BASE_URL"), "public base URL used in fixes and links (env QRFORGE_BASE_URL; default http://<addr>)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: qrforge [flags]\n\nServes the qrforge QR code API.\n\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (see --help)", fs.Arg(0))
	}

	logger := slog.New(slog.NewJSONHandler(stderr, nil))
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", *addr, err)
	}
	if *baseURL == "" {
		*baseURL = "http://" + ln.Addr().String()
	}
	srv := &http.Server{
		Handler:           server.New(server.Config{BaseURL: *baseURL, Logger: logger, MCP: mcpServer(*baseURL, logger)}),
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	fmt.Fprintf(stdout, "qrforge listening on http://%s (base URL %s)\n", ln.Addr(), *baseURL)

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// mcpServer builds the MCP endpoint on the finished API.
func mcpServer(baseURL string, logger *slog.Logger) func(http.Handler) http.Handler {
	return func(api http.Handler) http.Handler { return mcp.New(api, baseURL, mcp.WithLogger(logger)) }
}

func envOr(getenv func(string) string, key, def string) string {
	if v := getenv(key); v != "" {
		return v
	}
	return def
}
