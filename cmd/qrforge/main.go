// Command qrforge serves the qrforge QR code API.
package main

import (
	"cmp"
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
	"runtime/debug"
	"syscall"
	"time"

	"github.com/qrforge/qrforge/internal/version"
	_ "github.com/qrforge/qrforge/kinds" // every payload kind registers itself
	"github.com/qrforge/qrforge/mcp"
	"github.com/qrforge/qrforge/server"
	"github.com/qrforge/qrforge/service"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// The first signal starts the graceful shutdown; a second one ends the
	// process at once, as the signal does by default.
	context.AfterFunc(ctx, stop)
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
	// healthcheckTimeout is under Docker's default HEALTHCHECK timeout.
	healthcheckTimeout = 3 * time.Second
	// maxHeaderBytes is above the server's own 16 KiB request-target limit
	// so that long targets get a problem document rather than a bare 431.
	maxHeaderBytes = 64 << 10
)

// The operations listener's timeouts (--ops-addr): a probe or a scrape is
// a bodiless GET answered at once, so a client holding a connection any
// longer is stalled.
const (
	opsReadTimeout    = 5 * time.Second
	opsWriteTimeout   = 10 * time.Second
	opsIdleTimeout    = 30 * time.Second
	opsMaxHeaderBytes = 16 << 10
	// opsCloseWait is how long a probe or scrape under way gets to end once
	// the public listener has drained, before the operations listener
	// closes its connection.
	opsCloseWait = time.Second
)

// run is the whole program, callable from tests: it serves until ctx ends.
// Configuration comes from flags and QRFORGE_* variables (config.go).
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "healthcheck":
			return healthcheck(ctx, args[1:], getenv, stderr)
		case "version", "--version", "-version":
			// The release alone, so that scripts can tag an image with
			// $(qrforge version); docs/operations.md "Releases and images".
			_, err := fmt.Fprintln(stdout, version.Version)
			return err
		}
	}
	cfg, err := parseConfig(args, getenv, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}

	logger := cfg.logger(stderr)
	warnUnread(logger, environ())
	if limit := cfg.heapLimit(getenv); limit > 0 {
		// Without a limit the heap may grow to twice the full cache before
		// a collection; with it, peak RSS under load stays near the limit.
		debug.SetMemoryLimit(limit)
	}
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.addr, err)
	}
	var opsLn net.Listener
	if cfg.opsAddr != "" {
		if opsLn, err = net.Listen("tcp", cfg.opsAddr); err != nil {
			ln.Close()
			return fmt.Errorf("listen on %s (--ops-addr): %w", cfg.opsAddr, err)
		}
	}
	baseURL := cfg.baseURL
	if baseURL == "" {
		baseURL = "http://" + ln.Addr().String()
	}
	serverConfig := cfg.server(baseURL, logger)
	limit := cfg.processLimit(getenv, cgroupLimit)
	serverConfig.Memory = workMemory(limit, int64(cfg.cacheSize))
	budget := cmp.Or(serverConfig.Memory, service.DefaultMemory)
	logger.Info("memory", "process_limit_bytes", limit, "work_budget_bytes", budget)
	fds := fileLimit()
	conns := server.NewConnLimit(cfg.connLimit(budget, fds), logger)
	logger.Info("connections", "max_connections", conns.Stats().Max, "file_limit", fds)
	serverConfig.Connections = conns
	serverConfig.MCP = mcpServer(logger)
	serverConfig.Stopping = ctx.Done()
	var api, ops http.Handler
	if opsLn != nil {
		api, ops = server.NewWithOps(serverConfig)
	} else {
		api = server.New(serverConfig)
	}
	requests := &inFlight{next: api}
	// Every request's context descends from base, which shutdown cancels
	// when the grace period runs out.
	base, abort := context.WithCancel(context.Background())
	defer abort()
	srv := &http.Server{
		Handler:           requests,
		BaseContext:       func(net.Listener) context.Context { return base },
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ConnState:         conns.ConnState,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 2)
	var opsSrv *http.Server
	if opsLn != nil {
		// Outside the connection cap, the in-flight cap and fair use, so
		// that a flood of the public listener leaves probes and scrapes
		// their answers (docs/operations.md, "Operations listener").
		opsSrv = &http.Server{
			Handler:           ops,
			ReadHeaderTimeout: opsReadTimeout,
			ReadTimeout:       opsReadTimeout,
			WriteTimeout:      opsWriteTimeout,
			IdleTimeout:       opsIdleTimeout,
			MaxHeaderBytes:    opsMaxHeaderBytes,
			ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
		}
		fmt.Fprintf(stdout, "qrforge listening on http://%s (base URL %s), operations on http://%s\n", ln.Addr(), baseURL, opsLn.Addr())
		go func() { errc <- opsSrv.Serve(opsLn) }()
	} else {
		fmt.Fprintf(stdout, "qrforge listening on http://%s (base URL %s)\n", ln.Addr(), baseURL)
	}
	go func() { errc <- srv.Serve(conns.Listener(server.Listener(ln, baseURL))) }()
	select {
	case err := <-errc:
		srv.Close()
		if opsSrv != nil {
			opsSrv.Close()
		}
		return err
	case <-ctx.Done():
	}
	// /readyz answers 503 on both listeners from here (Config.Stopping);
	// the operations listener answers until the public one has drained.
	err = shutdown(srv, requests, abort, time.Duration(cfg.shutdownGrace), logger)
	if opsSrv != nil {
		closeOps(opsSrv)
	}
	return err
}

// closeOps closes the operations listener once the public one has
// drained, letting a probe or scrape under way end within opsCloseWait.
func closeOps(srv *http.Server) {
	ctx, cancel := context.WithTimeout(context.Background(), opsCloseWait)
	defer cancel()
	if srv.Shutdown(ctx) != nil {
		srv.Close()
	}
}

// mcpServer builds the MCP endpoint on the service the API serves.
func mcpServer(logger *slog.Logger) func(*service.Service) http.Handler {
	return func(svc *service.Service) http.Handler { return mcp.New(svc, mcp.WithLogger(logger)) }
}

// healthcheck asks a running qrforge's /healthz, for container health
// checks in an image without a shell or curl: nil (exit 0) on 200. It asks
// the operations listener when QRFORGE_OPS_ADDR names one, which a flood
// of the public listener does not hold up.
func healthcheck(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) error {
	fs := flag.NewFlagSet("qrforge healthcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	def := cmp.Or(getenv(envName("ops-addr")), getenv(envName("addr")), defaultAddr)
	addr := fs.String("addr", def, "address qrforge listens on (env "+envName("ops-addr")+", else "+envName("addr")+")")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	host, port, err := net.SplitHostPort(*addr)
	if err != nil {
		return fmt.Errorf("healthcheck: --addr %q: %w", *addr, err)
	}
	// A wildcard listen address is reached on loopback.
	switch host {
	case "", "0.0.0.0":
		host = "127.0.0.1"
	case "::":
		host = "::1"
	}
	ctx, cancel := context.WithTimeout(ctx, healthcheckTimeout)
	defer cancel()
	u := "http://" + net.JoinHostPort(host, port) + "/healthz"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("healthcheck: %w", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("healthcheck: GET %s: %s", u, resp.Status)
	}
	return nil
}
