package mcp

import (
	"encoding/base64"
	"encoding/json"
	"maps"
	"mime"
	"net/url"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/service"
)

// generated turns a successful generation response into a tool result: a
// PNG, GIF or JPEG becomes image content; a PDF or EPS an embedded
// resource named by the URL that returns it (MCP specification, Tools,
// "Embedded Resources"), the PDF as a base64 blob and the EPS, 7-bit
// text, as text; SVG and JSON text content with the body as the API
// returned it. A resource link to the URL that returns the same bytes
// follows, then a JSON summary holding it, which is also the structured
// content.
func generated(resp *response, extra map[string]any) *mcp.CallToolResult {
	contentType := resp.contentType
	summary := map[string]any{"url": resp.url, "content_type": contentType, "bytes": len(resp.body)}
	if resp.version > 0 {
		summary["version"] = resp.version
	}
	if resp.level != "" {
		summary["ec"] = resp.level
	}
	// The symbol tells a Micro QR Code's version 1 from a QR Code's. The
	// output schema leaves these two unlisted, open, to keep tools/list
	// within its budget (outputs.go).
	if resp.symbol != "" {
		summary["symbol"] = resp.symbol
	}
	if resp.symbols > 0 {
		summary["symbols"] = resp.symbols
	}
	if resp.warning != "" {
		summary["warning"] = resp.warning
	}
	maps.Copy(summary, extra)
	var body mcp.Content
	switch mediaType, _, _ := mime.ParseMediaType(contentType); mediaType {
	case "image/png", "image/gif", "image/jpeg":
		body = mcp.NewImageContent(base64.StdEncoding.EncodeToString(resp.body), mediaType)
	case "application/pdf", "application/zip":
		body = mcp.NewEmbeddedResource(mcp.BlobResourceContents{URI: resp.url, MIMEType: mediaType, Blob: base64.StdEncoding.EncodeToString(resp.body)})
	case "application/postscript":
		body = mcp.NewEmbeddedResource(mcp.TextResourceContents{URI: resp.url, MIMEType: mediaType, Text: string(resp.body)})
	default:
		body = mcp.NewTextContent(string(resp.body))
	}
	// The link names the URL that returns the same bytes, for a client
	// that fetches or shows it rather than reading the content (MCP
	// specification 2025-06-18, Tools, "Resource Links").
	link := mcp.NewResourceLink(resp.url, "qr code", "The same image from the API", contentType)
	return &mcp.CallToolResult{
		Content:           []mcp.Content{body, link, mcp.NewTextContent(string(marshal(summary)))},
		StructuredContent: summary,
	}
}

// summary is a tool result that is a JSON document (size advice): the
// same document as text and as structured content.
func summary(v any) *mcp.CallToolResult {
	return &mcp.CallToolResult{
		Content:           []mcp.Content{mcp.NewTextContent(string(marshal(v)))},
		StructuredContent: v,
	}
}

// maxTextBytes is the largest JSON document a result also gives as text
// (README "For agents and tools").
const maxTextBytes = 64 << 10

// large is a tool result that is a JSON document of any size (a batch):
// up to maxTextBytes the same document as text and as structured content,
// as summary gives it; past it the document only as structured content,
// with text, a short account of it, as the text content, so the reply
// never carries it twice.
func large(v any, text string) *mcp.CallToolResult {
	doc := marshal(v)
	if len(doc) > maxTextBytes {
		return mcp.NewToolResultStructured(json.RawMessage(doc), text)
	}
	return &mcp.CallToolResult{
		Content:           []mcp.Content{mcp.NewTextContent(string(doc))},
		StructuredContent: json.RawMessage(doc),
	}
}

// answered is a tool result that is the API's JSON answer: the body as
// the API returned it, then {"url": call} naming the call that gives it.
// The structured content is the answer with that url member added.
func answered(resp *response, call string) *mcp.CallToolResult {
	link := map[string]any{"url": call}
	var doc map[string]any
	if err := json.Unmarshal(resp.body, &doc); err != nil {
		doc = map[string]any{"body": string(resp.body)}
	}
	doc["url"] = call
	return &mcp.CallToolResult{
		Content:           []mcp.Content{mcp.NewTextContent(string(resp.body)), mcp.NewTextContent(string(marshal(link)))},
		StructuredContent: doc,
	}
}

// failed is the tool error for a problem document: isError, with the
// problem's detail and fix as text, then the problem itself (with the fix
// restated as tool arguments when it is a call of this tool) as JSON text.
// It has no structured content: outputSchema describes a tool's answer,
// and a problem is none (outputs.go). The problem is bounded first: its detail, field and
// errors cut short, and a fix longer than the API reads left out with its
// arguments.
func failed(p problem, fixArguments map[string]any) *mcp.CallToolResult {
	if b := bounded(p); b.Fix != p.Fix {
		p, fixArguments = b, nil
	} else {
		p = b
	}
	doc := map[string]any{"type": p.Type, "title": p.Title, "status": p.Status, "detail": p.Detail}
	if p.Field != "" {
		doc["field"] = p.Field
	}
	if p.Fix != "" {
		doc["fix"] = p.Fix
	}
	if len(p.Errors) > 0 {
		doc["errors"] = p.Errors
	}
	if p.Example != "" {
		// A documented call, never the caller's: its payee or network
		// is an example's.
		doc["example"] = p.Example
	}
	if fixArguments != nil {
		doc["fix_arguments"] = fixArguments
	}
	if p.RetryAfter > 0 {
		// The seconds the HTTP API sends as Retry-After (RFC 9110
		// §10.2.3): a tool result has no headers to carry them.
		doc["retry_after"] = p.RetryAfter
	}
	text := p.Detail
	if p.Fix != "" {
		text += "\nfix: " + p.Fix
	}
	if fixArguments != nil && strings.HasPrefix(p.Fix, "http") {
		// The fix as the API's URL: an agent that reads only this text
		// calls the tool again, with these arguments, not the URL.
		text += "\nfix_arguments: " + string(marshal(fixArguments))
	}
	return &mcp.CallToolResult{
		Content: []mcp.Content{mcp.NewTextContent(text), mcp.NewTextContent(string(marshal(doc)))},
		IsError: true,
	}
}

// localProblem is a problem found before calling the service (an
// argument the tool cannot turn into a parameter), of the API's own kinds.
// Its fix is a corrected call, written as the tool's name and its
// arguments.
func (t *tools) localProblem(kind, field, detail, fix string) problem {
	return *t.api.svc.Problem(kind, detail, field, fix)
}

// call writes a tool call as a fix: the tool's name and its arguments.
func call(tool string, args map[string]any) string { return tool + " " + string(marshal(args)) }

// apiFailure is the tool error for a failed API response, with the fix URL
// restated as arguments of the tool.
func (t *tools) apiFailure(resp *response) *mcp.CallToolResult {
	p := problemOf(resp)
	return failed(p, t.argumentsOf(p.Fix))
}

// argumentsOf reads a fix URL of a generation endpoint back into tool
// arguments: data or kind and fields, and the options. It returns nil for
// any other URL.
func (t *tools) argumentsOf(fix string) map[string]any {
	rest, ours := strings.CutPrefix(fix, t.api.base)
	if !ours {
		return nil
	}
	u, err := url.Parse(rest)
	if err != nil {
		return nil
	}
	q := u.Query()
	args := map[string]any{}
	var kind registry.Entry
	if robustness := options.Robustness.Name; u.Path == verifyPath && q.Has(robustness) {
		// verify's own argument, which is no rendering option: the
		// fix keeps the depth the caller asked for.
		args[robustness] = q.Get(robustness)
	}
	if u.Path == verifyPath {
		// verify takes data, or type=<kind> with its fields.
		if k, ok := registry.Lookup(q.Get("type")); ok {
			kind = k
			q.Del("type")
		} else {
			u.Path = genericPath
		}
	}
	if u.Path != genericPath {
		for _, k := range registry.All() {
			if kind == nil && k.Path() == u.Path {
				kind = k
			}
		}
		if kind == nil {
			return nil
		}
		args[kindArgument] = kind.Name()
		fields := map[string]any{}
		for _, f := range kind.Fields() {
			if q.Has(f.Name) {
				fields[f.Name] = q.Get(f.Name)
			}
		}
		args["fields"] = fields
	} else if q.Has("data") {
		args["data"] = q.Get("data")
	}
	for name := range q {
		if kind != nil && kind.HasField(name) {
			continue // a field named as an option (epc's version), in fields
		}
		if o, ok := t.all.lookup(name); ok {
			written := o.name
			if kind != nil {
				written = service.OptionName(kind.Name(), o.name)
			}
			args[written] = o.typedValue(q.Get(name))
		}
	}
	return args
}

// genericPath is the generic generation endpoint (README "Make a code").
const genericPath = "/api/v1/qr"
