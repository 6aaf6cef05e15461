package service

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/qrforge/qrforge/internal/jsonkeys"
	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/registry"
)

// ExampleBatch is a body that works, for fixes.
const ExampleBatch = `{"output":"url","style":{"size":256},"items":[{"id":"home","data":"https://example.com"},{"id":"hello","data":"Hello, world!"}]}`

// BatchCurl is a runnable call of the batch endpoint with body.
func (s *Service) BatchCurl(body string) string {
	return batchCall(s.baseURL, body)
}

func batchCall(base, body string) string {
	return "curl -X POST '" + base + "/api/v1/qr/batch' -H 'Content-Type: application/json' -d " + shellQuote(body)
}

// correctedBatchCurl is the caller's body, corrected, as a call; a body too
// long to read in a fix is sent from a file instead.
func (s *Service) correctedBatchCurl(top map[string]json.RawMessage, size int) string {
	return correctedBatchCall(s.baseURL, top, size)
}

func correctedBatchCall(base string, top map[string]json.RawMessage, size int) string {
	body, err := json.Marshal(top)
	if err != nil || size > 2048 || len(body) > 2048 {
		return batchFileCall(base, "your body with the correction above")
	}
	return batchCall(base, string(body))
}

// bodyProblem is an invalid body whose fix is the caller's body corrected
// (top), kept as a body too for CheckBatch.
func (s *Service) bodyProblem(detail, field string, top map[string]json.RawMessage, size int) *Problem {
	p := s.Problem(KindInvalidParameter, detail, field, s.correctedBatchCurl(top, size))
	p.fixBody, _ = json.Marshal(top)
	return p
}

// BatchFileCurl is a call of the batch endpoint with the caller's own
// body from a file, batch.json, holding what says.
func (s *Service) BatchFileCurl(what string) string {
	return batchFileCall(s.baseURL, what)
}

func batchFileCall(base, what string) string {
	return "curl -X POST '" + base + "/api/v1/qr/batch' -H 'Content-Type: application/json' --data-binary @batch.json  # batch.json: " + what
}

// SplitFix tells how to send more than the most items a batch takes.
func (s *Service) SplitFix(n int) string {
	count := "the items"
	if n > 0 {
		count = strconv.Itoa(n) + " items"
	}
	return "curl -X POST '" + s.baseURL + "/api/v1/qr/batch' -H 'Content-Type: application/json' --data-binary @part1.json  # split " +
		count + fmt.Sprintf(" into batches of at most %d (items 0-%d in part1.json, %d-%d in part2.json, ...)", s.MaxBatchItems, s.MaxBatchItems-1, s.MaxBatchItems, 2*s.MaxBatchItems-1)
}

// SplitBodyFix tells how to send a body larger than MaxBody: as many
// parts as its size needs (size bytes; unknown when not positive), each
// under MaxBody and of at most MaxBatchItems items. Its item count is
// unread, so the count may not be what is over.
func (s *Service) SplitBodyFix(size int64) string {
	parts := "parts"
	if size > 0 {
		parts = strconv.FormatInt(size/s.MaxBody+1, 10) + " parts"
	}
	return "curl -X POST '" + s.baseURL + "/api/v1/qr/batch' -H 'Content-Type: application/json' --data-binary @part1.json  # split the items into " +
		parts + fmt.Sprintf(" of under %s each (part1.json, part2.json, ...), at most %d items a part", SizeText(s.MaxBody), s.MaxBatchItems)
}

func withKey(top map[string]json.RawMessage, key, value string) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	for k, v := range top {
		out[k] = v
	}
	out[key] = json.RawMessage(value)
	return out
}

// styleJSON writes canonical options back as a style object.
func styleJSON(v url.Values) string {
	m := map[string]string{}
	for k := range v {
		m[k] = v.Get(k)
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(text.Truncate(n, 64))
	}
	return strings.Join(q, ", ")
}

// jsonErrorDetail says where a body stops being JSON: byte offset, line
// and column.
func jsonErrorDetail(body []byte, err error, object string) string {
	var syntax *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax) && syntax.Offset >= int64(len(body)):
		return fmt.Sprintf("the body is not valid JSON: it ends early, after byte %d; close every string, array and object", len(body))
	case errors.As(err, &syntax):
		// Offset counts the bytes read, the offending one included.
		at := syntax.Offset - 1
		line, col := lineColumn(body, at)
		return fmt.Sprintf("the body is not valid JSON: %s at byte %d (line %d, column %d)", strings.TrimPrefix(syntax.Error(), "json: "), at, line, col)
	case errors.As(err, &typeErr):
		return fmt.Sprintf("the body must be a JSON object %s, not a JSON %s", object, typeErr.Value)
	}
	return "the body is not valid JSON: " + err.Error()
}

// bodyNotUTF8 says where a JSON body stops being UTF-8, or escapes a lone
// surrogate, and is "" while it does neither. JSON text is UTF-8 (RFC 8259
// §8.1); encoding/json would read such bytes, and such an escape, as
// U+FFFD, a character the caller never wrote, into the code.
func bodyNotUTF8(body []byte) string {
	if utf8.Valid(body) {
		if at := jsonkeys.FirstLoneSurrogate(body); at >= 0 {
			line, col := lineColumn(body, int64(at))
			return "the body " + jsonkeys.LoneSurrogateDetail(body, at, fmt.Sprintf("at byte %d (line %d, column %d)", at, line, col))
		}
		return ""
	}
	at := registry.FirstInvalidUTF8(string(body))
	line, col := lineColumn(body, int64(at))
	return fmt.Sprintf("the body is not UTF-8: byte 0x%02X at byte %d (line %d, column %d) belongs to another character set, and JSON text is UTF-8 (RFC 8259 §8.1); send the body as UTF-8", body[at], at, line, col)
}

// lineColumn turns a 0-based byte offset into a 1-based line and column.
func lineColumn(body []byte, offset int64) (int, int) {
	offset = min(max(offset, 0), int64(len(body)))
	before := body[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(offset) - bytes.LastIndexByte(before, '\n')
	return line, col
}

// ownFields are an item's fields as query values, those that are scalars,
// for a fix that keeps them under another kind.
func ownFields(raw json.RawMessage) url.Values {
	own := url.Values{}
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil {
		return own
	}
	for name, v := range fields {
		if value, set, err := scalar(v); err == nil && set {
			own.Set(name, value)
		}
	}
	return own
}
