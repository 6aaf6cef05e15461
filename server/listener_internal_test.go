package server

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// FuzzRejectedResponse feeds the rewriting of net/http's bare answers any
// answer and request line: an answer recognised as bare must become a
// well-formed 4xx problem document with a fix, and nothing may panic.
func FuzzRejectedResponse(f *testing.F) {
	f.Add("HTTP/1.1 400 Bad Request"+bareErrorHeaders+"400 Bad Request", "GET /q/%zz.png HTTP/1.1")
	f.Add("HTTP/1.1 505 HTTP Version Not Supported: unsupported protocol version"+bareErrorHeaders+"505", "GET / HTTP/3.0")
	f.Add("HTTP/1.1 431 Request Header Fields Too Large"+bareErrorHeaders+"431", "")
	f.Add("HTTP/1.1 400"+bareErrorHeaders, "POST x HTTP/")
	s := &Server{baseURL: "http://qr.test"}
	f.Fuzz(func(t *testing.T, answer, line string) {
		status, ok := bareError([]byte(answer))
		if !ok {
			return
		}
		out := s.rejectedResponse(status, answer, line)
		resp, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(out)), nil)
		if err != nil {
			t.Fatalf("not an HTTP response: %v\n%q", err, out)
		}
		body, _ := io.ReadAll(resp.Body)
		var p Problem
		if err := json.Unmarshal(body, &p); err != nil || resp.StatusCode >= 500 || p.Status != resp.StatusCode || p.Fix == "" {
			t.Fatalf("status %d, body %q", resp.StatusCode, body)
		}
		if !strings.Contains(p.Fix, "http://qr.test/") {
			t.Fatalf("fix %q is not a call on the base URL", p.Fix)
		}
	})
}

func TestRepairTarget(t *testing.T) {
	for in, want := range map[string]string{
		"/q/%zz.png":          "/q/%25zz.png",
		"/q/100%":             "/q/100%25",
		"/q/%4":               "/q/%254",
		"/q/%41b.png":         "/q/%41b.png",
		"/q/a b\x00c\xff.svg": "/q/a%20b%00c%FF.svg",
		"/api/v1/qr?data=x":   "/api/v1/qr?data=x",
	} {
		if got := repairTarget(in); got != want {
			t.Errorf("repairTarget(%q) = %q, want %q", in, got, want)
		}
	}
}
