// Package mcp serves qrforge over the Model Context Protocol (README "For
// agents and tools"): Streamable HTTP, stateless, no authentication. Its
// tools are thin adapters over package service, which the HTTP API
// serves too, so a tool's image is byte for byte what the URL in its
// result returns, and its errors carry the API's problem documents. The
// tools' options and kinds come from the option catalogue and the
// registry; no tool names a rendering option or a kind. Only two prompts
// name the kind they walk through (prompts.go), as a caller would.
package mcp

import (
	"log/slog"
	"net/http"

	"github.com/mark3labs/mcp-go/server"
	"github.com/qrforge/qrforge/service"
)

// version is the MCP server's version, the API's (README "For agents and tools").
const version = "1.0.0"

const instructions = "qrforge generates QR codes. Use qr_generate for a URL or text, qr_generate_typed for a payload qrforge builds and validates " +
	"(Wi-Fi, contact cards, payments, events...: qr_list_kinds names the kinds, qr_kind_schema gives one kind's fields), qr_verify to check that a design still scans, qr_batch for many codes, qr_decode to read an image, " +
	"and qr_size_recommend before printing. Every generated result includes the API URL that returns the same image; errors carry a corrected call in `fix` built from your own arguments; when a payee, account, network or secret is missing or wrong there is none, and `example` shows a documented call that is not the user's."

// Option configures New.
type Option func(*config)

type config struct {
	logger *slog.Logger
}

// WithLogger sets where the transport logs (refused requests, write
// errors); the default is slog.Default().
func WithLogger(l *slog.Logger) Option { return func(c *config) { c.logger = l } }

// New returns the MCP endpoint's handler over svc, whose base address is
// written into the URLs results carry. The handler answers POST
// (JSON-RPC), and GET and DELETE as the Streamable HTTP transport defines
// them for a server without sessions.
func New(svc *service.Service, opts ...Option) http.Handler {
	cfg := config{logger: slog.Default()}
	for _, o := range opts {
		o(&cfg)
	}
	a := &api{svc: svc, base: svc.BaseURL()}
	t, err := newTools(a, renderingOptions())
	if err != nil {
		panic("mcp: " + err.Error())
	}
	hooks := &server.Hooks{}
	hooks.AddOnRequestInitialization(refuseDuplicateKeys)
	hooks.AddOnRequestInitialization(refuseLoneSurrogates)
	hooks.AddOnRequestInitialization(refuseUnreadableArguments)
	srv := server.NewMCPServer("qrforge", version,
		server.WithTitle("qrforge"),
		server.WithDescription("Keyless QR code generation, validation and decoding"),
		server.WithWebsiteURL(a.base),
		server.WithInstructions(instructions),
		server.WithToolCapabilities(false),
		server.WithResourceCapabilities(false, false),
		server.WithPromptCapabilities(false),
		server.WithRecovery(),
		server.WithHooks(hooks),
	)
	srv.AddTools(t.definitions()...)
	srv.AddResources(append(kindResources(), optionsResource())...)
	srv.AddResourceTemplates(kindTemplates()...)
	srv.AddPrompts(prompts()...)
	return server.NewStreamableHTTPServer(srv,
		// Stateless (README "For agents and tools": it stores nothing): no session IDs, so any
		// request can go to any instance.
		server.WithStateLess(true),
		// Nothing is ever pushed to a client, so there is no stream to hold
		// open; GET answers 405, as the transport allows.
		server.WithDisableStreaming(true),
		// The rebinding check guards local servers that hold private data;
		// qrforge holds none, answers every origin (README "Responses"), and runs
		// behind proxies that keep the public Host on loopback.
		server.WithDisableLocalhostProtection(true),
		server.WithStreamableHTTPLogger(cfg.logger),
		server.WithHTTPContextFunc(withDuplicateSlot),
	)
}
