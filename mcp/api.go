package mcp

import (
	"context"
	"net/url"
	"strings"

	"github.com/qrforge/qrforge/service"
)

// api is the service the tools call, the one the HTTP API serves: a
// tool's image is byte for byte what the URL in its result returns, and
// its errors are the API's problem documents.
type api struct {
	svc  *service.Service
	base string // public base URL, without a trailing slash
}

// response is one answer of the service, as a tool reports it.
type response struct {
	url         string // absolute URL that returns the same bytes
	contentType string
	version     int
	level       string
	symbol      string // as X-QR-Symbol: "M2-L", "3-M", "R13x77-M"
	symbols     int    // a structured append set's count, 0 without append
	warning     string // why the code drawn as asked may not scan (service.Image.Warning)
	body        []byte
	problem     *service.Problem
}

func (r *response) ok() bool { return r.problem == nil }

// link is the GET URL of path with q.
func (a *api) link(path string, q *query) string {
	if s := q.encode(); s != "" {
		return a.base + path + "?" + s
	}
	return a.base + path
}

// generate renders the target's code with the options in q.
func (a *api) generate(ctx context.Context, target *target, q *query) *response {
	resp := &response{url: a.link(target.path(), q)}
	if resp.problem = a.tooLong(resp.url, q); resp.problem != nil {
		return resp
	}
	img, p := a.svc.Generate(ctx, service.Request{Kind: target.kindName(), Params: q.params(), Listed: q.listed}, "")
	if p != nil {
		resp.problem = p
		return resp
	}
	resp.contentType, resp.version, resp.level, resp.body = img.ContentType, img.Version, img.Level, img.Body
	resp.symbol, resp.symbols, resp.warning = img.Symbol, img.Symbols, img.Warning
	resp.problem = a.hold(ctx, resp.body)
	return resp
}

// replyFactor is what a reply takes per byte of the answer it carries, at
// its peak: the body base64-encoded (4/3) or quoted as text beside its
// structured copy, in the JSON-RPC message the transport marshals whole.
const replyFactor = 3

// hold reserves the reply's bytes until the transport has written it
// (service.Hold; the HTTP adapter releases them).
func (a *api) hold(ctx context.Context, body []byte) *service.Problem {
	return a.svc.Hold(ctx, replyFactor*int64(len(body)))
}

// payload is the exact string a typed target encodes.
func (a *api) payload(ctx context.Context, target *target) *response {
	q := target.query()
	link := a.link(target.path()+"/payload", q)
	return a.answer(ctx, link, func() (any, *service.Problem) {
		if p := a.tooLong(link, q); p != nil {
			return nil, p
		}
		return a.svc.Payload(service.Request{Kind: target.kindName(), Params: q.params()})
	})
}

// verify renders, decodes and checks what q names.
func (a *api) verify(ctx context.Context, q *query) *response {
	link := a.link(verifyPath, q)
	return a.answer(ctx, link, func() (any, *service.Problem) {
		if p := a.tooLong(link, q); p != nil {
			return nil, p
		}
		return a.svc.Verify(ctx, service.Request{Params: q.params(), Listed: q.listed})
	})
}

// checkVerify is the problem verify would answer for q, found without
// drawing, decoding or scoring (service.CheckVerify); nil when it would
// answer.
func (a *api) checkVerify(ctx context.Context, q *query) *service.Problem {
	if p := a.tooLong(a.link(verifyPath, q), q); p != nil {
		return p
	}
	return a.svc.CheckVerify(ctx, service.Request{Params: q.params(), Listed: q.listed})
}

// decode reads the codes in an image file.
func (a *api) decode(ctx context.Context, image []byte) *response {
	return a.answer(ctx, "POST "+a.base+decodePath, func() (any, *service.Problem) {
		results, p := a.svc.Decode(ctx, image, "image")
		if p != nil {
			return nil, p
		}
		answer := map[string]any{"results": results}
		if sets := service.Sets(results); len(sets) > 0 {
			answer["sets"] = sets
		}
		return answer, nil
	})
}

// answer is a JSON answer, as the HTTP API writes it, or its problem.
func (a *api) answer(ctx context.Context, url string, serve func() (any, *service.Problem)) *response {
	resp := &response{url: url}
	v, p := serve()
	if p != nil {
		resp.problem = p
		return resp
	}
	// As the HTTP API writes it: URLs keep '&' as itself.
	resp.contentType, resp.body = "application/json", marshal(v)
	resp.problem = a.hold(ctx, resp.body)
	return resp
}

// query is an ordered query string: tools write a kind's fields and options
// in a stable order, so equal calls give equal URLs.
type query struct {
	names  []string
	values []string
	// listed names the List options given as lists, whose values hold
	// the items joined (service.Request.Listed).
	listed []string
}

func (q *query) add(name, value string) {
	q.names = append(q.names, name)
	q.values = append(q.values, value)
}

// encode writes name=value pairs with spaces as %20, which every client
// reads as a space ('+' is a space only in form encoding).
func (q *query) encode() string {
	if q == nil {
		return ""
	}
	var b strings.Builder
	for i, name := range q.names {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(escape(name))
		b.WriteByte('=')
		b.WriteString(escape(q.values[i]))
	}
	return b.String()
}

// params are the query's parameters, for the service.
func (q *query) params() url.Values {
	v := url.Values{}
	if q == nil {
		return v
	}
	for i, name := range q.names {
		v.Add(name, q.values[i])
	}
	return v
}

func escape(s string) string { return strings.ReplaceAll(url.QueryEscape(s), "+", "%20") }

// problem is the API's problem document (README "Errors").
type problem = service.Problem

// problemOf is the problem of a failed response.
func problemOf(r *response) problem { return *r.problem }
