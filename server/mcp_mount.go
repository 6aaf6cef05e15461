package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/qrforge/qrforge/service"
)

// mcpPath is the MCP endpoint (README "For agents and tools").
const mcpPath = "/api/mcp"

// maxMCPBody bounds a JSON-RPC message: qr_decode's largest image (10 MiB)
// in base64 with room for the envelope.
const maxMCPBody = 16 << 20

// mcpDecodeFactor is the memory a JSON-RPC message of at most
// maxMCPValues values takes, per byte, while it is read and decoded: the
// body, its decoded strings and the tool's copy of the arguments.
const mcpDecodeFactor = 4

// maxMCPValues bounds the JSON values (object keys, strings, numbers,
// brackets) of a message: a million keys decode to hundreds of megabytes
// of maps, whatever the message's size in bytes.
const maxMCPValues = 100_000

// jsonValues counts the tokens of a JSON text, stopping past limit or at
// the first error (the transport reports malformed JSON itself). A value
// takes at least two bytes with its separator, so a text of at most
// 2×limit bytes need not be counted.
func jsonValues(body []byte, limit int) int {
	dec := json.NewDecoder(bytes.NewReader(body))
	n := 0
	for n <= limit {
		if _, err := dec.Token(); err != nil {
			break
		}
		n++
	}
	return n
}

// mcpTools are the tools of README "For agents and tools", for the descriptions; the MCP
// server's tools/list is the authority and a test keeps the two equal.
var mcpTools = []struct{ name, about string }{
	{"qr_generate", "data plus every rendering option; PNG, GIF and JPEG as image content, PDF, EPS and a structured-append zip as embedded resources, SVG, JSON and base64 as text, with a resource link to the API URL of the same bytes"},
	{"qr_generate_typed", "`kind` (a payload kind) and `fields` (that kind's fields, from qr_kind_schema) plus the options"},
	{"qr_list_kinds", "the payload kinds, each with its summary, standard, required and identity fields and the URI of its schema"},
	{"qr_kind_schema", "one kind's fields as JSON Schema, with its required fields and the identity fields only the user can give"},
	{"qr_decode", "a base64 image (PNG, JPEG, GIF, WebP, SVG) to the text of every code in it, with the payload kind and fields when recognised, as POST /api/v1/decode"},
	{"qr_verify", "render as qr_generate or qr_generate_typed would, decode the PNG and check it, as GET /api/v1/verify: scannable, decoded, matches, version, ec, contrast and the checks"},
	{"qr_batch", "the body of POST /api/v1/qr/batch: up to 1000 items, each {data} or {type, fields} with an id and style; output url, base64, svg or json; every item's URL, and its data up to 1 MiB per reply"},
	{"qr_size_recommend", "the smallest print and pixel size that scan from a distance or fit a print width, with the reasoning"},
}

// mountMCP routes /api/mcp to the MCP handler built after the API is
// complete (New), and documents it. Without build there is no endpoint.
func (s *Server) mountMCP(build func(*service.Service) http.Handler) {
	if build == nil {
		return
	}
	serve := func(c *gin.Context) {
		if c.Request.ContentLength > maxMCPBody {
			writeProblem(c, s.problem(service.KindPayloadTooLarge, http.StatusRequestEntityTooLarge,
				fmt.Sprintf("the message is %d bytes; at most %d are read", c.Request.ContentLength, maxMCPBody),
				"", "send images of at most 10 MiB to qr_decode, and batches of at most 1000 items to qr_batch"))
			return
		}
		// A JSON-RPC message is decoded into maps and strings that take
		// several times its bytes; that is reserved from the memory budget
		// before it is read, and a message of more values than any call
		// needs is refused before it is decoded.
		n := c.Request.ContentLength
		if n < 0 {
			n = maxMCPBody
		}
		release, p := s.svc.ReserveUpload(c.Request.Context(), mcpDecodeFactor*n)
		if p != nil {
			writeProblem(c, p)
			return
		}
		defer release()
		body, err := readBody(http.MaxBytesReader(c.Writer, c.Request.Body, maxMCPBody), n)
		if err != nil {
			writeProblem(c, s.problem(service.KindPayloadTooLarge, http.StatusRequestEntityTooLarge,
				fmt.Sprintf("the message could not be read whole (%v); at most %d bytes are read", err, maxMCPBody), "", ""))
			return
		}
		if len(body) > 2*maxMCPValues && jsonValues(body, maxMCPValues) > maxMCPValues {
			writeProblem(c, s.problem(service.KindPayloadTooLarge, http.StatusRequestEntityTooLarge,
				fmt.Sprintf("the message holds more than %d JSON values; no tool call needs as many (a batch of 1000 typed items needs about 40 000): send fewer arguments, or split the batch", maxMCPValues),
				"", "send only the arguments a tool's input schema lists"))
			return
		}
		c.Request.Body = io.NopCloser(bytes.NewReader(body))
		c.Request.ContentLength = int64(len(body))
		// A tool's reply is written after the tool returns: what it holds
		// in the budget (service.Hold) is given back once it is written.
		ctx, releaseReplies := service.WithHolds(c.Request.Context())
		defer releaseReplies()
		c.Request = c.Request.WithContext(ctx)
		s.mcp.ServeHTTP(c.Writer, c.Request)
	}
	// POST carries JSON-RPC; DELETE (ending a session) is answered by the
	// transport as a server without sessions does. GET, which would open a
	// server-to-client stream, is not routed: it is a 405 problem
	// (mcpMethodNotAllowed), as every error is.
	s.engine.POST(mcpPath, serve)
	s.engine.DELETE(mcpPath, serve)

	s.extraOperations[mcpPath] = obj{"post": s.mcpOperation()}
	short := fmt.Sprintf("[MCP](%s%s): Model Context Protocol over Streamable HTTP, stateless, no authentication; tools ", s.baseURL, mcpPath)
	full := "## MCP server\n\n" +
		fmt.Sprintf("`%s%s` speaks MCP over Streamable HTTP (JSON-RPC 2.0 in POST bodies). It needs no authentication and keeps no sessions, so no Mcp-Session-Id is issued; GET answers 405 (no server-to-client stream). ", s.baseURL, mcpPath) +
		"Every tool calls the same service as the HTTP API: a generated result holds the same bytes as the API URL it reports, and a failed call is a tool result with isError whose text carries the API's problem document. Every tool declares an outputSchema that its structuredContent follows. Tools:\n\n"
	for i, t := range mcpTools {
		if i > 0 {
			short += ", "
		}
		short += t.name
		full += fmt.Sprintf("- `%s`: %s.\n", t.name, t.about)
	}
	full += "\nResources: `qrforge://kinds/{name}/schema` (listed, and as a resource template), the JSON Schema of each kind's fields; `qrforge://options/schema`, every rendering option. Prompts: payment_code, wifi_guest_card, business_card.\n"
	s.addDocs(short, full)
}

// mcpListTools is the JSON-RPC message of the example a 405 on mcpPath
// shows (bodyExample): tools/list, which a stateless server answers
// without an initialize first.
const mcpListTools = `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`

// mcpMethodNotAllowed answers mcpPath asked with a method other than
// POST or DELETE: GET above all, which would open a stream this server
// does not offer (MCP Streamable HTTP lets a server answer it 405). As on
// the other paths that read only a body, no fix can be made of the call,
// and a working one is the example.
func (s *Server) mcpMethodNotAllowed(c *gin.Context, allowed []string) {
	c.Header("Allow", strings.Join(append(allowed, http.MethodOptions), ", "))
	p := s.problem(service.KindMethodNotAllowed, http.StatusMethodNotAllowed,
		c.Request.Method+" is not allowed on "+mcpPath+": it opens no server-to-client stream; POST a JSON-RPC 2.0 message (initialize, tools/list, tools/call), as the example does", "", "")
	p.Example = s.bodyExample(mcpPath)
	writeProblem(c, p)
}

// mcpOperation documents POST /api/mcp.
func (s *Server) mcpOperation() obj {
	problem := obj{"application/problem+json": obj{"schema": obj{"$ref": "#/components/schemas/Problem"}}}
	desc := "Model Context Protocol over Streamable HTTP, stateless and without authentication. Tools:"
	for _, t := range mcpTools {
		desc += " `" + t.name + "` (" + t.about + ");"
	}
	desc += " resources `qrforge://kinds/{name}/schema` and `qrforge://options/schema`; prompts payment_code, wifi_guest_card, business_card. GET answers 405: the server opens no stream."
	return obj{
		"operationId": "mcp",
		"summary":     "MCP server (Streamable HTTP)",
		"description": desc,
		"tags":        []string{"mcp"},
		"parameters": []any{
			obj{"name": "Mcp-Protocol-Version", "in": "header", "required": false, "schema": obj{"type": "string"},
				"description": "The negotiated MCP protocol version, sent after initialize.", "example": "2025-06-18"},
		},
		"requestBody": obj{
			"required":    true,
			"description": "One JSON-RPC 2.0 message.",
			"content": obj{"application/json": obj{
				"schema": obj{"type": "object", "required": []string{"jsonrpc"}, "properties": obj{
					"jsonrpc": obj{"const": "2.0"},
					"id":      obj{"type": []string{"string", "integer"}},
					"method":  obj{"type": "string"},
					"params":  obj{"type": "object"},
				}},
				"example": obj{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": obj{
					"protocolVersion": "2025-06-18", "capabilities": obj{}, "clientInfo": obj{"name": "example", "version": "1.0.0"}}},
			}},
		},
		"responses": obj{
			"200": obj{"description": "The JSON-RPC response, as JSON or as a one-message event stream.", "content": obj{
				"application/json":  obj{"schema": obj{"type": "object"}},
				"text/event-stream": obj{"schema": obj{"type": "string"}},
			}},
			"202": obj{"description": "A notification or response was accepted."},
			"400": obj{"description": "The body is not a JSON-RPC message.", "content": obj{"application/json": obj{"schema": obj{"type": "object"}}}},
			"413": obj{"description": "The message is larger than 16 MiB.", "content": problem},
		},
	}
}
