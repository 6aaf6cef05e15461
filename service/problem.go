package service

import (
	"bytes"
	"encoding/json"
	"net/url"
)

// Problem is an RFC 9457 problem document with qrforge's `field` and `fix`
// members. Every 4xx and 5xx answer is one.
type Problem struct {
	Type   string `json:"type"`
	Title  string `json:"title"`
	Status int    `json:"status"`
	Detail string `json:"detail"`
	Field  string `json:"field,omitempty"`
	Fix    string `json:"fix,omitempty"`
	// Example is the kind's documented example call, shown when no fix
	// can be made from the caller's own values. It is an example: its
	// payee, account or network is not the caller's.
	Example  string `json:"example,omitempty"`
	Instance string `json:"instance,omitempty"`
	// Hint names another way to the caller's goal than the fix: data
	// too long for one symbol fits a structured append set.
	Hint string `json:"hint,omitempty"`
	// Errors lists every field problem when there are several; the fix
	// corrects all of them.
	Errors []FieldProblem `json:"errors,omitempty"`
	// RetryAfter, when set, is the seconds to wait before retrying, for
	// the Retry-After header.
	RetryAfter int `json:"-"`
	// fixed and fixAt are the fix's parameters and the call they are
	// sent to, kept so that settle can try the fix before it is given;
	// nil when the fix was not written from parameters.
	fixed url.Values
	fixAt fixTarget
	// fixBody is the batch body a fix sends (bodyProblem), for callers
	// that send it themselves rather than as curl (CheckBatch).
	fixBody json.RawMessage
}

// FixBody is the batch body a batch's fix sends, nil when its fix is no
// body: a caller that sends bodies itself (MCP's qr_batch) restates it.
func (p *Problem) FixBody() json.RawMessage { return p.fixBody }

// FieldProblem is one bad parameter among several.
type FieldProblem struct {
	Field  string `json:"field"`
	Detail string `json:"detail"`
}

// Error kinds, the last segment of a problem's type URI.
const (
	KindInvalidParameter     = "invalid-parameter"
	KindDataTooLong          = "data-too-long"
	KindNotFound             = "not-found"
	KindMethodNotAllowed     = "method-not-allowed"
	KindPayloadTooLarge      = "payload-too-large"
	KindUnsupportedMediaType = "unsupported-media-type"
	KindNoCodeFound          = "no-code-found"
	KindRateLimited          = "rate-limited"
	KindURITooLong           = "uri-too-long"
	KindBadRequest           = "bad-request"
	KindHeadersTooLarge      = "headers-too-large"
	KindInternal             = "internal-error"
	KindNotReady             = "not-ready"
	KindOverloaded           = "overloaded"
)

// ErrorKinds documents each kind at /errors/<kind>.
var ErrorKinds = map[string]struct {
	Status int
	Title  string
	About  string
}{
	KindInvalidParameter:     {400, "Invalid parameter", "A query parameter or typed field is missing, malformed or out of range. `field` names it and `fix` is the same call with a valid value."},
	KindDataTooLong:          {400, "Data too long", "The data does not fit a version-40 QR code at the requested error-correction level, or a structured append set of 16 of them. `fix` lowers the level, or else asks for a structured append set (append=auto), whose symbols readers join, when one holds all the data, which `hint` names too. A fix never shortens the data: data nothing holds has no fix."},
	KindNotFound:             {404, "Not found", "No endpoint has this path. `fix` is the nearest one."},
	KindMethodNotAllowed:     {405, "Method not allowed", "The endpoint exists but not for this method. `fix` uses the right method."},
	KindPayloadTooLarge:      {413, "Payload too large", "The request body or image is larger than the service accepts."},
	KindUnsupportedMediaType: {415, "Unsupported media type", "The request body's content type is not one the endpoint reads."},
	KindNoCodeFound:          {422, "No code found", "The image decoded, but no QR code was found in it."},
	KindRateLimited:          {429, "Rate limited", "Too many requests from one client. `fix` says when to retry."},
	KindURITooLong:           {414, "URI too long", "The request line is longer than the service accepts (16 KiB). A generation call takes the same parameters as a POST form body, which its fix sends; elsewhere, send less data."},
	KindBadRequest:           {400, "Bad request", "The request is not valid HTTP: a malformed escape or a control character in the path, a malformed header, no Host header, or a transfer coding or protocol version qrforge does not speak. `fix` is the call corrected, or as curl sends it."},
	KindHeadersTooLarge:      {431, "Request headers too large", "The request headers are larger than the service accepts. `fix` is the call with curl's headers."},
	KindInternal:             {500, "Internal error", "Something failed inside qrforge. The request may succeed if retried; please report it."},
	KindOverloaded:           {503, "Overloaded", "The instance is busy with others: the request waited for memory, or large work for a processor, and found none, or it arrived while the instance served as many requests as it takes at once. Retry after the seconds in Retry-After; smaller requests (a smaller size, a smaller image) fit sooner."},
	KindNotReady:             {503, "Not ready", "The instance cannot serve yet, or no longer can (GET /readyz): a load balancer sends the request to another instance."},
}

// Problem is the problem document of the given kind, with the kind's
// status, its type URI on the service's base address.
func (s *Service) Problem(kind, detail, field, fix string) *Problem {
	return NewProblem(s.baseURL, kind, ErrorKinds[kind].Status, detail, field, fix)
}

// NewProblem is the problem document of the given kind, its type URI on
// base.
func NewProblem(base, kind string, status int, detail, field, fix string) *Problem {
	return &Problem{
		Type:   base + "/errors/" + kind,
		Title:  ErrorKinds[kind].Title,
		Status: status,
		Detail: detail,
		Field:  field,
		Fix:    fix,
	}
}

// EncodeProblem is a problem document's JSON body. Fixes are URLs: '&'
// stays readable rather than \u0026.
func EncodeProblem(p *Problem) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(p); err != nil {
		return []byte(`{"type":"about:blank","title":"Internal error","status":500}`)
	}
	return buf.Bytes()
}
