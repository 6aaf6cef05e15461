package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
)

// api calls qrforge's HTTP API in-process: a tool builds the same URL a
// client would send, serves it through the API's own handler and hands back
// the bytes unchanged, so a tool result and its URL never disagree.
type api struct {
	handler http.Handler
	base    string // public base URL, without a trailing slash
}

// response is one in-process API answer.
type response struct {
	url    string // absolute URL that returns the same bytes
	status int
	header http.Header
	body   []byte
}

func (r *response) ok() bool { return r.status >= 200 && r.status < 300 }

// get serves GET path?query through the API handler.
func (a *api) get(ctx context.Context, path string, q *query) *response {
	return a.do(ctx, http.MethodGet, path, q, "", nil)
}

// post serves a POST of body, of the given content type, to path.
func (a *api) post(ctx context.Context, path, contentType string, body []byte) *response {
	return a.do(ctx, http.MethodPost, path, nil, contentType, body)
}

func (a *api) do(ctx context.Context, method, path string, q *query, contentType string, body []byte) *response {
	target := path
	if s := q.encode(); s != "" {
		target += "?" + s
	}
	req, err := http.NewRequestWithContext(ctx, method, target, bytes.NewReader(body))
	if err != nil {
		// Paths are built from the registry and query values are escaped,
		// so a target that does not parse is a bug.
		panic("mcp: request target " + target + ": " + err.Error())
	}
	// As net/http's server sets them: the API checks the raw target's length.
	req.RequestURI = target
	req.ContentLength = int64(len(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	rec := &recorder{header: http.Header{}}
	a.handler.ServeHTTP(rec, req)
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	return &response{url: a.base + target, status: rec.status, header: rec.header, body: rec.body.Bytes()}
}

// recorder is the in-memory ResponseWriter in-process calls are served to.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	return r.body.Write(b)
}

// query is an ordered query string: tools write a kind's fields and options
// in a stable order, so equal calls give equal URLs.
type query struct {
	names  []string
	values []string
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

func escape(s string) string { return strings.ReplaceAll(url.QueryEscape(s), "+", "%20") }

// problem is the API's problem document (README "Errors").
type problem struct {
	Type   string `json:"type"`
	Title  string `json:"title"`
	Status int    `json:"status"`
	Detail string `json:"detail"`
	Field  string `json:"field,omitempty"`
	Fix    string `json:"fix,omitempty"`
	// Example is a documented call shown when no fix can be made from
	// the caller's values.
	Example string `json:"example,omitempty"`
	Errors  []struct {
		Field  string `json:"field"`
		Detail string `json:"detail"`
	} `json:"errors,omitempty"`
}

// problemOf reads the problem document of a failed response.
func problemOf(r *response) problem {
	var p problem
	if err := json.Unmarshal(r.body, &p); err != nil || p.Detail == "" {
		p = problem{Title: http.StatusText(r.status), Status: r.status,
			Detail: "the API answered " + http.StatusText(r.status) + ": " + strings.TrimSpace(string(r.body))}
	}
	return p
}
