package mcp_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/service"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	_ "github.com/qrforge/qrforge/kinds"
	"github.com/qrforge/qrforge/mcp"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/schemas"
	"github.com/qrforge/qrforge/server"
)

// The tools of README "For agents and tools".
var allTools = []string{"qr_batch", "qr_decode", "qr_generate", "qr_generate_typed", "qr_kind_schema", "qr_list_kinds", "qr_size_recommend", "qr_verify"}

// start serves the whole API with the MCP endpoint mounted, as cmd/qrforge
// does, on a loopback port, and returns its base URL.
func start(t *testing.T) string {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	base := "http://" + ts.Listener.Addr().String()
	ts.Config.Handler = server.New(server.Config{BaseURL: base, MCP: func(svc *service.Service) http.Handler {
		return mcp.New(svc, mcp.WithLogger(slog.New(slog.DiscardHandler)))
	}})
	ts.Start()
	t.Cleanup(ts.Close)
	return base
}

// eras are the protocol generations a client may speak: the
// initialize handshake (what most clients use today) and the stateless
// 2026-07-28 core that mcp-go's client tries first.
var eras = []struct{ name, version string }{
	{"initialize " + mcpgo.LATEST_LEGACY_PROTOCOL_VERSION, mcpgo.LATEST_LEGACY_PROTOCOL_VERSION},
	{"stateless " + mcpgo.ProtocolVersion20260728, ""},
}

// connect opens an mcp-go client over Streamable HTTP and initializes it.
func connect(t *testing.T, base, version string) *client.Client {
	t.Helper()
	c, err := client.NewStreamableHttpClient(base + "/api/mcp")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	res, err := c.Initialize(ctx, mcpgo.InitializeRequest{Params: mcpgo.InitializeParams{
		ProtocolVersion: version,
		ClientInfo:      mcpgo.Implementation{Name: "qrforge-test", Version: "1"},
	}})
	if err != nil {
		t.Fatalf("initialize: %v", err)
	}
	if res.ServerInfo.Name != "qrforge" {
		t.Errorf("server name %q, want qrforge", res.ServerInfo.Name)
	}
	if res.Capabilities.Tools == nil || res.Capabilities.Resources == nil {
		t.Errorf("capabilities %+v lack tools or resources", res.Capabilities)
	}
	if c.GetSessionId() != "" {
		t.Errorf("session id %q: the server is stateless and issues none", c.GetSessionId())
	}
	return c
}

// each runs f once per protocol era, each with its own server and client.
func each(t *testing.T, f func(t *testing.T, base string, c *client.Client)) {
	for _, era := range eras {
		t.Run(era.name, func(t *testing.T) {
			base := start(t)
			f(t, base, connect(t, base, era.version))
		})
	}
}

func callTool(t *testing.T, c *client.Client, name string, args map[string]any) *mcpgo.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := c.CallTool(ctx, mcpgo.CallToolRequest{Params: mcpgo.CallToolParams{Name: name, Arguments: args}})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

// succeed calls a tool that must succeed and decodes its structured
// content into out.
func succeed(t *testing.T, c *client.Client, name string, args map[string]any, out any) *mcpgo.CallToolResult {
	t.Helper()
	res := callTool(t, c, name, args)
	if res.IsError {
		t.Fatalf("%s %v failed: %s", name, args, texts(res))
	}
	if out != nil {
		if err := json.Unmarshal(res.RawStructuredContent, out); err != nil {
			t.Fatalf("%s: structured content %s: %v", name, res.RawStructuredContent, err)
		}
	}
	return res
}

func texts(res *mcpgo.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if tc, ok := mcpgo.AsTextContent(c); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// httpGet fetches an absolute URL from the test server.
func httpGet(t *testing.T, u string) (*http.Response, []byte) {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

// readQR decodes the QR code in a PNG with gozxing.
func readQR(t *testing.T, b []byte) string {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
	if err != nil {
		t.Fatalf("gozxing cannot read the code: %v", err)
	}
	return res.GetText()
}

// image is a tool result's image content, which must be a PNG.
func imageOf(t *testing.T, res *mcpgo.CallToolResult) []byte {
	t.Helper()
	for _, c := range res.Content {
		if ic, ok := mcpgo.AsImageContent(c); ok {
			if ic.MIMEType != "image/png" {
				t.Errorf("image content type %q, want image/png", ic.MIMEType)
			}
			b, err := base64.StdEncoding.DecodeString(ic.Data)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
	}
	t.Fatalf("no image content in %s", texts(res))
	return nil
}

type generated struct {
	URL         string `json:"url"`
	ContentType string `json:"content_type"`
	Version     int    `json:"version"`
	EC          string `json:"ec"`
	Symbol      string `json:"symbol"`
	Symbols     int    `json:"symbols"`
	Kind        string `json:"kind"`
	Payload     string `json:"payload"`
}

func TestToolsList(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		res, err := c.ListTools(context.Background(), mcpgo.ListToolsRequest{})
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		schemasByName := map[string]map[string]any{}
		for _, tool := range res.Tools {
			names = append(names, tool.Name)
			raw, err := json.Marshal(tool)
			if err != nil {
				t.Fatal(err)
			}
			var decoded struct {
				InputSchema map[string]any `json:"inputSchema"`
				Annotations struct {
					ReadOnly *bool `json:"readOnlyHint"`
				} `json:"annotations"`
			}
			if err := json.Unmarshal(raw, &decoded); err != nil {
				t.Fatal(err)
			}
			schemasByName[tool.Name] = decoded.InputSchema
			if decoded.InputSchema["type"] != "object" {
				t.Errorf("%s: input schema type %v, want object", tool.Name, decoded.InputSchema["type"])
			}
			// A combinator at the top makes the Anthropic Messages API refuse
			// the whole tool list of a client that forwards it.
			for _, kw := range []string{"oneOf", "anyOf", "allOf"} {
				if _, ok := decoded.InputSchema[kw]; ok {
					t.Errorf("%s: input schema has %s at the top level", tool.Name, kw)
				}
			}
			if decoded.Annotations.ReadOnly == nil || !*decoded.Annotations.ReadOnly {
				t.Errorf("%s is not annotated read-only", tool.Name)
			}
			if tool.Description == "" {
				t.Errorf("%s has no description", tool.Name)
			}
		}
		slices.Sort(names)
		if !slices.Equal(names, allTools) {
			t.Fatalf("tools %v, want exactly %v", names, allTools)
		}

		// qr_generate_typed: the kind enum, and fields as an object whose
		// schema is each kind's own, served apart (TestThreeCalls).
		typed := schemasByName["qr_generate_typed"]
		props := typed["properties"].(map[string]any)
		var enum []string
		for _, v := range props["kind"].(map[string]any)["enum"].([]any) {
			enum = append(enum, v.(string))
		}
		if !slices.Equal(enum, registry.Names()) {
			t.Errorf("kind enum %v, want the registered kinds %v", enum, registry.Names())
		}
		if fields := props["fields"].(map[string]any); fields["type"] != "object" || fields["anyOf"] != nil {
			t.Errorf("fields %v, want an object without the kinds' branches", fields)
		}

		// qr_generate: every rendering option the OpenAPI document lists,
		// typed, with the bounds and enums of README "Options".
		gen := schemasByName["qr_generate"]["properties"].(map[string]any)
		// Every option of the catalogue but the compatibility ones, with
		// the catalogue's type, values, range, default and unit.
		for _, o := range append([]options.Option{options.Data}, options.Rendering...) {
			got, ok := gen[o.Name].(map[string]any)
			// version is taken but not listed (unlistedOptions), to keep
			// tools/list within its budget.
			if ok == (o.Compat != "" || o.Name == options.Version.Name) {
				t.Errorf("qr_generate has %s: %v; compatibility option: %v", o.Name, ok, o.Compat != "")
			}
			if ok {
				sameAsCatalogue(t, "qr_generate", o, got)
			}
		}
		// qr_size_recommend takes ec, margin and dpi as the catalogue
		// declares them; dpi adds the default a length is drawn at.
		sizeProps := schemasByName["qr_size_recommend"]["properties"].(map[string]any)
		for _, o := range []options.Option{options.EC, options.Margin, options.DPI} {
			got, _ := sizeProps[o.Name].(map[string]any)
			sameAsCatalogue(t, "qr_size_recommend", o, got)
		}
		if dpi, _ := sizeProps[options.DPI.Name].(map[string]any); dpi["default"] != float64(options.DefaultDPI) {
			t.Errorf("qr_size_recommend's dpi defaults to %v, want options.DefaultDPI (%d)", dpi["default"], options.DefaultDPI)
		}
		// size: pixels 64..4096, or a length of print as a string.
		size := gen["size"].(map[string]any)
		sizeOf := asSlice(size["anyOf"])
		if len(sizeOf) != 2 || size["default"] != 512.0 {
			t.Fatalf("size schema %v, want anyOf integer 64..4096 or a length, default 512", size)
		}
		pixels, length := sizeOf[0].(map[string]any), sizeOf[1].(map[string]any)
		if pixels["type"] != "integer" || pixels["minimum"] != 64.0 || pixels["maximum"] != 4096.0 {
			t.Errorf("size's pixels %v, want integer 64..4096", pixels)
		}
		if pattern, _ := length["pattern"].(string); length["type"] != "string" || !regexp.MustCompile(pattern).MatchString("30mm") || regexp.MustCompile(pattern).MatchString("30 furlongs") {
			t.Errorf("size's length %v, want a string pattern that takes 30mm", length)
		}
		if got := asSlice(gen["format"].(map[string]any)["enum"]); len(got) != 9 {
			t.Errorf("format enum %v, want png, svg, svg-tiny, json, base64, gif, jpeg, pdf, eps", got)
		}
		for _, compat := range []string{"chld", "cht", "choe"} {
			if _, ok := gen[compat]; ok {
				t.Errorf("qr_generate offers the compatibility option %s", compat)
			}
		}
		if _, ok := schemasByName["qr_verify"]["properties"].(map[string]any)["format"]; ok {
			t.Error("qr_verify takes format, but it always verifies the PNG")
		}
	})
}

// sameAsCatalogue checks a tool's schema of option o against the
// catalogue: every keyword of o.Schema(). The unit is the options
// resource's (TestKindSchemaTemplate), which keeps tools/list short.
func sameAsCatalogue(t *testing.T, tool string, o options.Option, got map[string]any) {
	t.Helper()
	raw, err := json.Marshal(o.Schema())
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]any
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	for key, w := range want {
		if key == "default" && o.Name == options.DPI.Name {
			continue // the tool's own, checked apart
		}
		if !reflect.DeepEqual(got[key], w) {
			t.Errorf("%s: %s's %s is %v, catalogue %v", tool, o.Name, key, got[key], w)
		}
	}
	if _, ok := want["default"]; !ok && got["default"] != nil && o.Name != options.DPI.Name {
		t.Errorf("%s: %s has default %v, the catalogue none", tool, o.Name, got["default"])
	}
}

func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}

func TestGenerateIsTheAPIsBytes(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		data := "https://example.com/menu?table=7"
		var g generated
		res := succeed(t, c, "qr_generate", map[string]any{"data": data, "size": 300, "color": "navy", "style": "rounded", "margin": 2}, &g)
		img := imageOf(t, res)
		if got := readQR(t, img); got != data {
			t.Errorf("the image decodes to %q, want %q", got, data)
		}
		if !strings.HasPrefix(g.URL, base+"/api/v1/qr?") {
			t.Fatalf("url %q is not the generic endpoint on %s", g.URL, base)
		}
		resp, body := httpGet(t, g.URL)
		if resp.StatusCode != 200 || !bytes.Equal(body, img) {
			t.Errorf("GET %s: %d, %d bytes; the tool gave %d bytes that differ", g.URL, resp.StatusCode, len(body), len(img))
		}
		if g.Version != atoi(resp.Header.Get("X-QR-Version")) || g.EC != resp.Header.Get("X-QR-EC") {
			t.Errorf("version %d ec %s; the API says %s %s", g.Version, g.EC, resp.Header.Get("X-QR-Version"), resp.Header.Get("X-QR-EC"))
		}
		if !strings.Contains(texts(res), g.URL) {
			t.Error("the URL is not in the text content")
		}

		// Text formats are text content, the body as the API returns it.
		for _, format := range []string{"svg", "svg-tiny", "json", "base64"} {
			var g generated
			res := succeed(t, c, "qr_generate", map[string]any{"data": data, "format": format}, &g)
			tc, ok := mcpgo.AsTextContent(res.Content[0])
			if !ok {
				t.Fatalf("format %s: first content is %T, want text", format, res.Content[0])
			}
			_, body := httpGet(t, g.URL)
			if tc.Text != string(body) {
				t.Errorf("format %s: the text differs from GET %s", format, g.URL)
			}
		}
	})
}

// The summary names the symbol as X-QR-Symbol does, so a Micro QR Code's
// version 1 is not taken for a QR Code's, and a structured append set's
// count as X-QR-Symbols does.
func TestGenerateNamesTheSymbol(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		for _, args := range []map[string]any{
			{"data": "12345", "symbol": "micro"},
			{"data": "https://example.com/menu?table=7", "symbol": "rmqr"},
			{"data": "https://example.com/menu?table=7"},
			{"data": strings.Repeat("structured append ", 40), "append": "3", "format": "svg"},
		} {
			var g generated
			succeed(t, c, "qr_generate", args, &g)
			resp, _ := httpGet(t, g.URL)
			want := resp.Header.Get("X-QR-Symbol")
			if want == "" || g.Symbol != want {
				t.Errorf("%.60v: symbol %q; the API says %q", args, g.Symbol, want)
			}
			if n := resp.Header.Get("X-QR-Symbols"); n != "" && g.Symbols != atoi(n) || n == "" && g.Symbols != 0 {
				t.Errorf("%.60v: symbols %d; the API says %q", args, g.Symbols, n)
			}
		}
	})
}

// GIF and JPEG are image content of their own type; PDF is an embedded
// resource holding the PDF as a blob and EPS one holding its text, each
// named by the URL that returns the same bytes. A size may be a length.
func TestGeneratePrintFormats(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		data := "https://example.com/menu?table=7"
		for _, tt := range []struct {
			args     map[string]any
			mimeType string
		}{
			{map[string]any{"data": data, "format": "gif"}, "image/gif"},
			{map[string]any{"data": data, "format": "jpg", "size": "20mm"}, "image/jpeg"},
			{map[string]any{"data": data, "format": "pdf", "size": "30mm", "cmyk": true}, "application/pdf"},
			{map[string]any{"data": data, "format": "eps", "size": 300, "dpi": 600}, "application/postscript"},
		} {
			var g generated
			res := succeed(t, c, "qr_generate", tt.args, &g)
			resp, body := httpGet(t, g.URL)
			if resp.StatusCode != 200 || g.ContentType != tt.mimeType || resp.Header.Get("Content-Type") != tt.mimeType {
				t.Fatalf("%v: content type %s, GET %s: %d %s", tt.args, g.ContentType, g.URL, resp.StatusCode, resp.Header.Get("Content-Type"))
			}
			var got []byte
			switch first := res.Content[0].(type) {
			case mcpgo.ImageContent:
				if first.MIMEType != tt.mimeType {
					t.Errorf("%v: image content of %s", tt.args, first.MIMEType)
				}
				got, _ = base64.StdEncoding.DecodeString(first.Data)
			case mcpgo.EmbeddedResource:
				switch r := first.Resource.(type) {
				case mcpgo.BlobResourceContents:
					if r.MIMEType != tt.mimeType || r.URI != g.URL || tt.mimeType != "application/pdf" {
						t.Errorf("%v: blob %s at %s", tt.args, r.MIMEType, r.URI)
					}
					got, _ = base64.StdEncoding.DecodeString(r.Blob)
				case mcpgo.TextResourceContents:
					if r.MIMEType != tt.mimeType || r.URI != g.URL || tt.mimeType != "application/postscript" {
						t.Errorf("%v: text resource %s at %s", tt.args, r.MIMEType, r.URI)
					}
					got = []byte(r.Text)
				default:
					t.Fatalf("%v: resource %T", tt.args, first.Resource)
				}
			default:
				t.Fatalf("%v: first content is %T", tt.args, res.Content[0])
			}
			if !bytes.Equal(got, body) {
				t.Errorf("%v: the tool's %d bytes differ from GET %s (%d bytes)", tt.args, len(got), g.URL, len(body))
			}
		}
	})
}

func TestGenerateTypedEveryKind(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		for _, k := range registry.All() {
			fields := map[string]any{}
			for name, v := range k.Example() {
				fields[name] = v
			}
			var g generated
			res := succeed(t, c, "qr_generate_typed", map[string]any{"kind": k.Name(), "fields": fields}, &g)
			resp, body := httpGet(t, g.URL)
			if !strings.HasPrefix(g.URL, base+k.Path()+"?") || resp.StatusCode != 200 || !bytes.Equal(body, imageOf(t, res)) {
				t.Errorf("%s: GET %s gave %d and other bytes than the tool", k.Name(), g.URL, resp.StatusCode)
			}
			payload, errs := k.Build(k.Example())
			if len(errs) > 0 {
				t.Fatalf("%s example: %v", k.Name(), errs)
			}
			if g.Kind != k.Name() || g.Payload != payload {
				t.Errorf("%s: kind %q payload %q, want %q", k.Name(), g.Kind, g.Payload, payload)
			}
			if got := readQR(t, imageOf(t, res)); got != payload {
				t.Errorf("%s: image decodes to %q, want %q", k.Name(), got, payload)
			}
		}
	})
}

func TestGenerateTypedWiFi(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		wifi, ok := registry.Lookup("wifi")
		if !ok {
			t.Skip("no wifi kind registered")
		}
		fields := map[string]any{"ssid": "Cafe; Guest", "password": "correct horse battery", "security": "WPA", "hidden": true}
		var g generated
		res := succeed(t, c, "qr_generate_typed", map[string]any{"type": "wifi", "fields": fields, "ec": "H", "eye": "circle"}, &g)
		want, errs := wifi.Build(map[string]string{"ssid": "Cafe; Guest", "password": "correct horse battery", "security": "WPA", "hidden": "true"})
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		if got := readQR(t, imageOf(t, res)); got != want {
			t.Errorf("decodes to %q, want %q", got, want)
		}
		if g.EC != "H" {
			t.Errorf("ec %q, want H", g.EC)
		}
	})
}

// problemDoc is the problem document part of a tool error.
type problemDoc struct {
	Type         string         `json:"type"`
	Title        string         `json:"title"`
	Status       int            `json:"status"`
	Detail       string         `json:"detail"`
	Field        string         `json:"field"`
	Fix          string         `json:"fix"`
	FixArguments map[string]any `json:"fix_arguments"`
	Example      string         `json:"example"`
}

// fail calls a tool that must fail and returns its problem.
func fail(t *testing.T, c *client.Client, name string, args map[string]any) problemDoc {
	t.Helper()
	res := callTool(t, c, name, args)
	if !res.IsError {
		t.Fatalf("%s %v succeeded: %s", name, args, texts(res))
	}
	p := problemOf(t, res)
	if p.Detail == "" || p.Fix == "" && p.Example == "" || p.Status < 400 {
		t.Errorf("%s: problem %+v lacks detail, fix (or example) or status", name, p)
	}
	if text := texts(res); !strings.Contains(text, p.Detail) || !strings.Contains(text, p.Fix) {
		t.Errorf("%s: the text content does not carry the detail and fix: %s", name, text)
	}
	return p
}

// problemOf is the problem document of an error result: its last text
// content, JSON (the result has no structured content; outputs.go).
func problemOf(t *testing.T, res *mcpgo.CallToolResult) problemDoc {
	t.Helper()
	var p problemDoc
	last, ok := mcpgo.AsTextContent(res.Content[len(res.Content)-1])
	if !ok {
		t.Fatalf("error result without text: %+v", res.Content)
	}
	if err := json.Unmarshal([]byte(last.Text), &p); err != nil {
		t.Fatalf("problem %s: %v", last.Text, err)
	}
	return p
}

func TestErrorsCarryTheAPIsProblem(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		// A bad option: the tool's problem is the API's, and its fix,
		// restated as arguments, succeeds.
		p := fail(t, c, "qr_generate", map[string]any{"data": "hello", "size": 99999})
		resp, body := httpGet(t, base+"/api/v1/qr?data=hello&size=99999")
		var api problemDoc
		if err := json.Unmarshal(body, &api); err != nil || resp.StatusCode != 400 {
			t.Fatalf("GET: %d %s", resp.StatusCode, body)
		}
		if p.Detail != api.Detail || p.Fix != api.Fix || p.Field != "size" || p.Type != api.Type {
			t.Errorf("tool problem %+v, API problem %+v", p, api)
		}
		if p.FixArguments["size"] != 4096.0 || p.FixArguments["data"] != "hello" {
			t.Errorf("fix_arguments %v, want data hello and size 4096", p.FixArguments)
		}
		succeed(t, c, "qr_generate", p.FixArguments, nil)

		// A bad typed field, the same way. A password cannot be
		// corrected by anyone but its owner: no fix and no
		// fix_arguments, and the example is apart, named as one.
		if _, ok := registry.Lookup("wifi"); ok {
			p := fail(t, c, "qr_generate_typed", map[string]any{"type": "wifi", "fields": map[string]any{"ssid": "Home", "password": "short", "security": "WPA"}})
			_, body := httpGet(t, base+"/api/v1/wifi?ssid=Home&password=short&security=WPA")
			var api problemDoc
			json.Unmarshal(body, &api)
			if p.Detail != api.Detail || p.Fix != api.Fix || p.Field != "password" {
				t.Errorf("tool problem %+v, API problem %+v", p, api)
			}
			if p.Fix != "" || p.FixArguments != nil || api.Example == "" || p.Example != api.Example {
				t.Errorf("a password got a fix: tool %+v, API %+v", p, api)
			}
		}

		// Arguments the API never sees: an unknown name, an unknown kind.
		p = fail(t, c, "qr_generate", map[string]any{"data": "hello", "colr": "red"})
		if p.Field != "colr" || !strings.Contains(p.Detail, "color") {
			t.Errorf("unknown argument: %+v", p)
		}
		succeed(t, c, "qr_generate", p.FixArguments, nil)
		p = fail(t, c, "qr_generate_typed", map[string]any{"type": "wify", "fields": map[string]any{"ssid": "Home"}})
		if p.Field != "type" || !strings.Contains(p.Type, "/errors/invalid-parameter") {
			t.Errorf("unknown kind: %+v", p)
		}
		succeed(t, c, "qr_generate_typed", p.FixArguments, nil)
		fail(t, c, "qr_generate", map[string]any{})
	})
}

func TestDecode(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		data := "WIFI:T:WPA;S:Home Network;P:correct horse battery;;"
		_, img := httpGet(t, base+"/api/v1/qr?data="+url.QueryEscape(data)+"&bg=transparent")
		var out struct {
			Results []struct {
				Text    string            `json:"text"`
				Bounds  [][2]int          `json:"bounds"`
				Kind    string            `json:"kind"`
				Fields  map[string]string `json:"fields"`
				Rebuild string            `json:"rebuild"`
			} `json:"results"`
		}
		succeed(t, c, "qr_decode", map[string]any{"image": base64.StdEncoding.EncodeToString(img)}, &out)
		if len(out.Results) != 1 || out.Results[0].Text != data {
			t.Fatalf("results %+v, want one with %q", out.Results, data)
		}
		if len(out.Results[0].Bounds) < 3 {
			t.Errorf("bounds %v, want the finder points", out.Results[0].Bounds)
		}
		if _, ok := registry.Lookup("wifi"); ok && (out.Results[0].Kind != "wifi" || out.Results[0].Fields["ssid"] != "Home Network") {
			t.Errorf("kind %q fields %v, want wifi with its ssid", out.Results[0].Kind, out.Results[0].Fields)
		}
		// The fields build the text byte for byte, and qr_decode says so.
		if _, ok := registry.Lookup("wifi"); ok && out.Results[0].Rebuild != "exact" {
			t.Errorf("rebuild %q, want exact", out.Results[0].Rebuild)
		}
		// The answer is POST /api/v1/decode's, byte for byte.
		res := succeed(t, c, "qr_decode", map[string]any{"image": "data:image/png;base64," + base64.StdEncoding.EncodeToString(img)}, nil)
		resp, body := httpPost(t, base+"/api/v1/decode", "image/png", img)
		if tc, ok := mcpgo.AsTextContent(res.Content[0]); !ok || resp.StatusCode != 200 || tc.Text != string(body) {
			t.Errorf("qr_decode's answer differs from POST /api/v1/decode (%d): %s", resp.StatusCode, body)
		}

		// Failures are the endpoint's problems for the same file, sent
		// as bytes of no declared type (a tool call has no Content-Type).
		for _, bad := range [][]byte{[]byte("not an image"), blankPNG(t)} {
			p := fail(t, c, "qr_decode", map[string]any{"image": base64.StdEncoding.EncodeToString(bad)})
			resp, body := httpPost(t, base+"/api/v1/decode", "application/octet-stream", bad)
			var api problemDoc
			json.Unmarshal(body, &api)
			if p.Status != resp.StatusCode || p.Detail != api.Detail || p.Type != api.Type {
				t.Errorf("tool problem %+v, endpoint %d %+v", p, resp.StatusCode, api)
			}
		}
		if p := fail(t, c, "qr_decode", map[string]any{"image": base64.StdEncoding.EncodeToString(blankPNG(t))}); p.Status != 422 || !strings.HasSuffix(p.Type, "/errors/no-code-found") {
			t.Errorf("blank image: %+v, want 422 no-code-found", p)
		}
		fail(t, c, "qr_decode", map[string]any{"image": "***"})

		// An SVG reads in base64, as its markup, and in a data URI
		// percent-encoded (RFC 2397) or not.
		_, svg := httpGet(t, base+"/api/v1/qr?data="+url.QueryEscape(data)+"&format=svg&style=rounded")
		for name, image := range map[string]string{
			"base64":           base64.StdEncoding.EncodeToString(svg),
			"markup":           string(svg),
			"percent data URI": "data:image/svg+xml," + url.PathEscape(string(svg)),
			"plain data URI":   "data:image/svg+xml;utf8," + string(svg),
			"base64 data URI":  "data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(svg),
		} {
			out.Results = nil
			succeed(t, c, "qr_decode", map[string]any{"image": image}, &out)
			if len(out.Results) != 1 || out.Results[0].Text != data {
				t.Errorf("svg as %s: %+v", name, out.Results)
			}
		}
	})
}

func blankPNG(t *testing.T) []byte {
	img := image.NewGray(image.Rect(0, 0, 200, 200))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	img.Set(100, 100, color.Black)
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestVerify(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		type verification struct {
			Scannable     bool    `json:"scannable"`
			Decoded       string  `json:"decoded"`
			Matches       bool    `json:"matches"`
			Version       int     `json:"version"`
			EC            string  `json:"ec"`
			ContrastRatio float64 `json:"contrast_ratio"`
			Checks        []any   `json:"checks"`
			URL           string  `json:"url"`
		}
		var v verification
		data := "https://example.com/a/longer/path?with=query"
		res := succeed(t, c, "qr_verify", map[string]any{"data": data, "style": "dot", "color": "#1a237e"}, &v)
		if !v.Scannable || !v.Matches || v.Decoded != data || v.Version == 0 || v.EC == "" || v.ContrastRatio <= 1 || len(v.Checks) == 0 {
			t.Errorf("verify %+v, want scannable and matching %q, with version, ec, contrast and checks", v, data)
		}
		// The answer is GET /api/v1/verify's, byte for byte.
		resp, body := httpGet(t, v.URL)
		if tc, ok := mcpgo.AsTextContent(res.Content[0]); !ok || resp.StatusCode != 200 || !strings.HasPrefix(v.URL, base+"/api/v1/verify?") || tc.Text != string(body) {
			t.Errorf("qr_verify's answer differs from GET %s (%d)", v.URL, resp.StatusCode)
		}
		for _, k := range registry.All() {
			fields := map[string]any{}
			for name, val := range k.Example() {
				fields[name] = val
			}
			v = verification{}
			succeed(t, c, "qr_verify", map[string]any{"type": k.Name(), "fields": fields}, &v)
			if !v.Scannable || !v.Matches {
				t.Errorf("%s example: %+v", k.Name(), v)
			}
		}
		fail(t, c, "qr_verify", map[string]any{"data": "x", "format": "svg"})
	})
}

func TestBatch(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		k := registry.All()[0]
		fields := map[string]any{}
		for name, v := range k.Example() {
			fields[name] = v
		}
		var out struct {
			Count, Succeeded, Failed int
			Items                    []struct {
				Index int         `json:"index"`
				ID    string      `json:"id"`
				URL   string      `json:"url"`
				Data  string      `json:"data"`
				Error *problemDoc `json:"error"`
			}
		}
		succeed(t, c, "qr_batch", map[string]any{
			"output": "base64",
			"style":  map[string]any{"size": 200, "fg": "darkgreen"},
			"items": []any{
				map[string]any{"data": "first", "id": "one", "style": map[string]any{"color": "maroon"}},
				map[string]any{"type": k.Name(), "fields": fields},
				map[string]any{"data": "bad", "style": map[string]any{"size": 5}},
			},
		}, &out)
		if out.Count != 3 || out.Succeeded != 2 || out.Failed != 1 {
			t.Fatalf("count %d succeeded %d failed %d, want 3, 2, 1", out.Count, out.Succeeded, out.Failed)
		}
		first := out.Items[0]
		if first.ID != "one" || !strings.HasPrefix(first.Data, "data:image/png;base64,") {
			t.Errorf("first item %+v", first)
		}
		// The URL is the one output url gives, with the API's canonical
		// values: maroon is 800000.
		u, _ := url.Parse(first.URL)
		if q := u.Query(); q.Get("color") != "800000" || q.Get("size") != "200" || q.Get("format") != "base64" {
			t.Errorf("first item's URL %s: the item's colour overrides the shared one, size is shared, format is base64", first.URL)
		}
		if _, body := httpGet(t, first.URL); string(body) != first.Data {
			t.Errorf("GET %s differs from the item's data", first.URL)
		}
		if !strings.HasPrefix(out.Items[1].URL, base+k.Path()+"?") {
			t.Errorf("typed item URL %s", out.Items[1].URL)
		}
		if e := out.Items[2].Error; e == nil || e.Field != "size" || e.Fix == "" {
			t.Errorf("bad item error %+v, want size with a fix", e)
		}

		items := make([]any, 1001)
		for i := range items {
			items[i] = map[string]any{"data": "x"}
		}
		if p := fail(t, c, "qr_batch", map[string]any{"items": items}); p.Field != "items" {
			t.Errorf("1001 items: %+v", p)
		}
	})
}

func TestSizeRecommend(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		type advice struct {
			Version         int     `json:"version"`
			TotalModules    int     `json:"total_modules"`
			ModuleMM        float64 `json:"module_mm"`
			PrintMM         float64 `json:"print_mm"`
			Fits            *bool   `json:"fits"`
			Pixels          int     `json:"pixels"`
			PixelsPerModule int     `json:"pixels_per_module"`
			URL             string  `json:"url"`
			PrintURL        string  `json:"print_url"`
			Rule            string  `json:"rule"`
			Explanation     string  `json:"explanation"`
		}
		var a advice
		succeed(t, c, "qr_size_recommend", map[string]any{"data": "https://example.com", "distance_m": 2}, &a)
		// 10:1: the code with its quiet zone is at least 200 mm wide, and
		// each module at least 2000/330 mm.
		if a.PrintMM < 200 || a.ModuleMM < 2000.0/330 {
			t.Errorf("from 2 m: %.1f mm wide, %.2f mm modules; want at least 200 and 6.06", a.PrintMM, a.ModuleMM)
		}
		if a.Pixels != a.TotalModules*a.PixelsPerModule {
			t.Errorf("pixels %d is not %d modules of %d px", a.Pixels, a.TotalModules, a.PixelsPerModule)
		}
		for _, cite := range []string{"10:1", "DENSO WAVE", "0.4 mm"} {
			if !strings.Contains(a.Rule, cite) {
				t.Errorf("the rule does not state %q: %s", cite, a.Rule)
			}
		}
		if !strings.Contains(a.Explanation, "Version") || !strings.Contains(a.Explanation, "size=") {
			t.Errorf("explanation %q does not reason from the version to the size", a.Explanation)
		}
		resp, body := httpGet(t, a.URL)
		if resp.StatusCode != 200 {
			t.Fatalf("GET %s: %d", a.URL, resp.StatusCode)
		}
		if cfg, err := png.DecodeConfig(bytes.NewReader(body)); err != nil || cfg.Width != a.Pixels {
			t.Errorf("the recommended URL gives a %d px PNG, want %d", cfg.Width, a.Pixels)
		}
		// The print URL is a PDF page of the recommended width.
		resp, body = httpGet(t, a.PrintURL)
		box := regexp.MustCompile(`/MediaBox \[0 0 ([\d.]+) `).FindSubmatch(body)
		if resp.StatusCode != 200 || box == nil {
			t.Fatalf("GET %s: %d %.100s", a.PrintURL, resp.StatusCode, body)
		}
		if points, _ := strconv.ParseFloat(string(box[1]), 64); math.Abs(points-a.PrintMM/25.4*72) > 0.01 {
			t.Errorf("print_url's page is %g pt, want %.2f mm", points, a.PrintMM)
		}
		// From 10 m the print, a metre, outgrows 4096 dots at 300 dpi: a
		// lower dpi.
		far := advice{}
		succeed(t, c, "qr_size_recommend", map[string]any{"data": "https://example.com", "distance_m": 10}, &far)
		if u, err := url.Parse(far.PrintURL); err != nil || atoi(u.Query().Get("dpi")) >= 300 {
			t.Errorf("from 10 m, %s: want a dpi under 300", far.PrintURL)
		}
		if resp, body := httpGet(t, far.PrintURL); resp.StatusCode != 200 || !bytes.HasPrefix(body, []byte("%PDF-")) {
			t.Errorf("from 10 m, %s: %d %.200s", far.PrintURL, resp.StatusCode, body)
		}

		// Close up, the print floor decides: 0.4 mm and 4 dots at 300 dpi.
		a = advice{}
		succeed(t, c, "qr_size_recommend", map[string]any{"version": 1, "distance_m": 0.1}, &a)
		if a.ModuleMM < 0.4 || a.TotalModules != 29 || a.URL != "" {
			t.Errorf("version 1 close up: %+v", a)
		}
		// A version-40 code does not fit 30 mm.
		a = advice{}
		succeed(t, c, "qr_size_recommend", map[string]any{"version": 40, "print_mm": 30}, &a)
		if a.Fits == nil || *a.Fits || a.PrintMM <= 30 {
			t.Errorf("version 40 in 30 mm: fits %v, needs %.1f mm", a.Fits, a.PrintMM)
		}
		// The scan distance and the print width are the caller's facts: a
		// fix would make one up, and an agent would send it.
		for _, args := range []map[string]any{{}, {"data": "x"}, {"version": 41, "distance_m": 2}, {"version": 2, "data": "x", "distance_m": 2}} {
			if p := fail(t, c, "qr_size_recommend", args); p.FixArguments != nil || p.Fix != "" || !strings.Contains(p.Example, "distance_m") {
				t.Errorf("%v: fix %q, fix_arguments %v, example %q; want no fix and the example", args, p.Fix, p.FixArguments, p.Example)
			}
		}
		// dpi is the catalogue's: past its maximum the tool refuses it, as
		// the API would refuse the print_url; at it, print_url answers.
		res := callTool(t, c, "qr_size_recommend", map[string]any{"version": 2, "print_mm": 20, "dpi": options.DPI.Max + 1})
		if p := problemOf(t, res); !res.IsError || p.Field != options.DPI.Name {
			t.Errorf("dpi %d: error %v, field %q; want a problem on dpi", options.DPI.Max+1, res.IsError, p.Field)
		}
		a = advice{}
		succeed(t, c, "qr_size_recommend", map[string]any{"data": "https://example.com", "print_mm": 20, "dpi": options.DPI.Max}, &a)
		if resp, _ := httpGet(t, a.PrintURL); resp.StatusCode != 200 {
			t.Errorf("print_url at dpi %d: %d", options.DPI.Max, resp.StatusCode)
		}
	})
}

func TestKindSchemasAreResources(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		res, err := c.ListResources(context.Background(), mcpgo.ListResourcesRequest{})
		if err != nil {
			t.Fatal(err)
		}
		uris := map[string]bool{}
		for _, r := range res.Resources {
			uris[r.URI] = true
		}
		for _, k := range registry.All() {
			uri := "qrforge://kinds/" + k.Name() + "/schema"
			if !uris[uri] {
				t.Errorf("no resource %s", uri)
				continue
			}
			read, err := c.ReadResource(context.Background(), mcpgo.ReadResourceRequest{Params: mcpgo.ReadResourceParams{URI: uri}})
			if err != nil {
				t.Fatal(err)
			}
			tc, ok := mcpgo.AsTextResourceContents(read.Contents[0])
			if !ok || tc.Text != string(schemas.Kind(k)) {
				t.Errorf("%s is not the kind's schema file", uri)
			}
		}
	})
}

// TestDocumentedTools keeps the server's description of /api/mcp (OpenAPI
// and llms-full.txt) in step with tools/list.
func TestDocumentedTools(t *testing.T) {
	base := start(t)
	c := connect(t, base, mcpgo.LATEST_LEGACY_PROTOCOL_VERSION)
	res, err := c.ListTools(context.Background(), mcpgo.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	_, llms := httpGet(t, base+"/llms-full.txt")
	_, openapi := httpGet(t, base+"/api/openapi.json")
	for _, tool := range res.Tools {
		if !strings.Contains(string(llms), "`"+tool.Name+"`") {
			t.Errorf("llms-full.txt does not describe %s", tool.Name)
		}
		if !strings.Contains(string(openapi), tool.Name) {
			t.Errorf("the OpenAPI document does not mention %s", tool.Name)
		}
	}
}

// TestTransport checks the HTTP side of the endpoint: CORS preflight,
// no stream on GET, and the body limit.
func TestTransport(t *testing.T) {
	base := start(t)
	req, _ := http.NewRequest(http.MethodOptions, base+"/api/mcp", nil)
	req.Header.Set("Origin", "https://app.example")
	req.Header.Set("Access-Control-Request-Method", "POST")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 204 || resp.Header.Get("Access-Control-Allow-Origin") != "*" ||
		!strings.Contains(resp.Header.Get("Access-Control-Allow-Headers"), "Mcp-Protocol-Version") {
		t.Errorf("preflight: %d %v", resp.StatusCode, resp.Header)
	}
	resp, _ = httpGet(t, base+"/api/mcp")
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET /api/mcp: %d, want 405 (no server stream)", resp.StatusCode)
	}
	big := strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"` + strings.Repeat("a", 17<<20) + `"}}`)
	resp, err = http.Post(base+"/api/mcp", "application/json", big)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge || resp.Header.Get("Content-Type") != "application/problem+json" {
		t.Errorf("17 MiB message: %d %s, want a 413 problem", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

// httpPost posts a body to an absolute URL of the test server.
func httpPost(t *testing.T, u, contentType string, b []byte) (*http.Response, []byte) {
	t.Helper()
	resp, err := http.Post(u, contentType, bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}
