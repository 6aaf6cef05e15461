package server

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
)

// llmsTxt is the short map of the service for language models
// (llmstxt.org): what it is, how to call it, where the details are.
func (s *Server) llmsTxt() string {
	var b strings.Builder
	b.WriteString("# qrforge\n\n")
	b.WriteString("> Keyless QR code API. Plain GET requests return a QR code as PNG, SVG, SVG Tiny 1.2, GIF, JPEG, PDF, EPS, a JSON module matrix or a base64 data URI; sizes may be lengths of print (size=30mm). No signup, no API key, nothing stored; the same call always returns the same bytes. Typed endpoints build and validate payloads (Wi-Fi, vCard, payments, calendar events and more). Every error is a problem document whose `fix` field is a corrected, runnable call made only from the caller's own values; when a payee, account, network or secret is missing or wrong there is no `fix`, and `example` shows a documented call apart. Unknown parameters are errors (names starting with `_` are ignored cache busters), and so is an option the format does not draw (a colour with format=json, cmyk=true with a PNG): each option lists its Outputs. Likewise a field that would change nothing is refused with a fix: a format on verify, a format against the path form's extension, a vCard TYPE without its value, a second file in a decode upload. A code drawn as asked that may not scan is answered with an `X-QR-Warning` header that says what to change: each check of the drawing that verify warns of for the same call (contrast, quiet_zone, module_size, polarity, style_risk, decoders), after its name, in verify's words.\n\n")
	fmt.Fprintf(&b, "Quick start: `GET %s/api/v1/qr?data=https://example.com&format=svg` or, shortest, `%s/q/hello.png`.\n\n", s.baseURL, s.baseURL)
	b.WriteString("## Docs\n\n")
	fmt.Fprintf(&b, "- [Full reference](%s/llms-full.txt): every endpoint, option and payload kind with fields and examples\n", s.baseURL)
	fmt.Fprintf(&b, "- [OpenAPI 3.1](%s/api/openapi.json): machine-readable description, no security schemes\n", s.baseURL)
	fmt.Fprintf(&b, "- [Payload kinds](%s/api/v1/kinds): JSON list of kinds with fields, required flags and example calls\n", s.baseURL)
	b.WriteString("\n## Endpoints\n\n")
	fmt.Fprintf(&b, "- [Generate](%s/api/v1/qr?data=Hello): `GET /api/v1/qr?data=...` with options %s (logo: a built-in icon or a data URI)\n", s.baseURL, strings.Join(renderingNames(), ", "))
	fmt.Fprintf(&b, "- [Path form](%s/q/Hello.png): `GET /q/<data>.%s`\n", s.baseURL, strings.Join(options.Extensions(), "|."))
	fmt.Fprintf(&b, "- [Typed kinds](%s/api/v1/kinds): `GET /api/v1/<kind>?<fields>`; `GET /api/v1/<kind>/payload` returns the payload string only. Kinds: %s\n", s.baseURL, strings.Join(registry.Names(), ", "))
	for _, e := range s.extraDocs {
		fmt.Fprintf(&b, "- %s\n", e.short)
	}
	return b.String()
}

// renderingNames are the catalogue's rendering options by canonical
// name, less those kept for another API only.
func renderingNames() []string {
	var names []string
	for _, o := range options.Rendering {
		if o.Compat == "" {
			names = append(names, o.Name)
		}
	}
	return names
}

// llmsFullTxt documents every endpoint, option and kind, from the same
// tables the server runs on.
func (s *Server) llmsFullTxt() string {
	var b strings.Builder
	b.WriteString(s.llmsTxt())
	b.WriteString("\n## Rendering options (every generation endpoint)\n\n")
	b.WriteString("Names are case-insensitive. Aliases are part of the contract. Giving one option twice with different values is a 400; so is giving a key of a JSON body twice with different values, at any depth: the problem names its path (`style.size`) and both values, without a fix, as only the caller knows which is meant. The same value twice passes.\n\n")
	fmt.Fprintf(&b, "- `%s` (aliases: %s): %s Required on /api/v1/qr (on /q/ the path is the data). Typed endpoints take their fields instead.\n",
		options.Data.Name, strings.Join(options.Data.Aliases, ", "), options.Data.Description)
	for _, d := range optionDocs() {
		fmt.Fprintf(&b, "- `%s`", d.opt.Name)
		if len(d.opt.Aliases) > 0 {
			fmt.Fprintf(&b, " (aliases: %s)", strings.Join(d.opt.Aliases, ", "))
		}
		fmt.Fprintf(&b, ": %s", d.desc)
		if enum, ok := d.schema["enum"].([]string); ok {
			fmt.Fprintf(&b, " Values: %s.", strings.Join(enum, ", "))
		}
		if def, ok := d.schema["default"]; ok && def != "" {
			fmt.Fprintf(&b, " Default: %v.", def)
		}
		if r := options.RangeText(d.opt); r != "" {
			fmt.Fprintf(&b, " Range: %s.", r)
		}
		if d.opt.Unit != "" {
			fmt.Fprintf(&b, " Unit: %s.", d.opt.Unit)
		}
		fmt.Fprintf(&b, " Outputs: %s.", strings.Join(d.opt.Outputs, ", "))
		b.WriteString("\n")
	}
	b.WriteString("\n## Responses\n\n")
	b.WriteString("- png: image/png, exactly size x size pixels; an rMQR code's is size wide and exactly as tall as its rows, quiet zone and label at the same whole pixels a module. svg and svg-tiny: image/svg+xml. json: {\"symbol\",\"designator\",\"version\",\"ec\",\"size\",\"margin\",\"matrix\"} with 1 = dark, top row first; symbol is qr, micro or rmqr and designator names it (M1, M2-L, 3-M, R13x27-M); an rMQR code adds \"width\" and \"height\", its rows. base64: text/plain `data:image/png;base64,...`. gif: image/gif and jpeg: image/jpeg, the PNG's pixels. pdf: application/pdf and eps: application/postscript, one vector page whose side is a length given as size (30mm), else size at dpi, else a point a pixel; an rMQR code's page (and SVG) is that wide and as tall as the PNG's strip, its modules the PNG's whole pixels.\n")
	b.WriteString("- Headers: Cache-Control public, max-age=31536000, immutable; ETag (If-None-Match gives 304); X-QR-Version; X-QR-EC; X-QR-Symbol (M2-L for a Micro QR Code, 3-M for a QR Code, R13x77-M for an rMQR code); X-QR-Symbols with append (the structured append set's count); Access-Control-Allow-Origin *.\n")
	b.WriteString("- Errors: application/problem+json with type, title, status, detail, field and fix (a corrected, runnable URL made from the caller's values only; absent when an identity field such as a payee, IBAN, SSID or password is missing or wrong, with `example` holding the kind's documented call instead). Kinds of error: invalid-parameter, data-too-long, not-found, method-not-allowed, uri-too-long, bad-request (not valid HTTP, e.g. a malformed escape in the path), headers-too-large, payload-too-large, unsupported-media-type, no-code-found, rate-limited.\n")
	for _, e := range s.extraDocs {
		if e.full != "" {
			b.WriteString("\n" + e.full + "\n")
		}
	}

	b.WriteString("\n## Payload kinds\n\n")
	fmt.Fprintf(&b, "Each kind is `GET %s/api/v1/<kind>?<fields>&<rendering options>`. Field values are strings.\n", s.baseURL)
	for _, k := range registry.All() {
		fmt.Fprintf(&b, "\n### %s\n\n%s. Standard: %s", k.Name(), k.Summary(), k.Standard())
		if u := k.Standard().URL; u != "" {
			fmt.Fprintf(&b, " (%s)", u)
		}
		b.WriteString(".\n\nFields:\n")
		for _, f := range k.Fields() {
			req := "optional"
			if f.Required {
				req = "required"
			}
			fmt.Fprintf(&b, "- `%s` (%s): %s", f.Name, req, f.Description)
			if len(f.Enum) > 0 {
				fmt.Fprintf(&b, " Values: %s.", strings.Join(f.Enum, ", "))
			}
			b.WriteString("\n")
		}
		if h := k.Hints(); h.Level != 0 {
			fmt.Fprintf(&b, "\nError correction is fixed at %s by the standard.\n", h.Level)
		}
		fmt.Fprintf(&b, "\nExample: %s\n", s.svc.ExampleURL(k))
	}
	return b.String()
}

// extraDoc lets endpoint families outside this file add themselves to
// llms.txt (short line) and llms-full.txt (section).
type extraDoc struct {
	short, full string
}

func (s *Server) addDocs(short, full string) {
	s.extraDocs = append(s.extraDocs, extraDoc{short, full})
}

func (s *Server) serveText(body string) gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Header("Cache-Control", "public, max-age=3600")
		c.Data(http.StatusOK, "text/plain; charset=utf-8", []byte(body))
	}
}
