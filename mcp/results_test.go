package mcp

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/qrforge/qrforge/service"
)

// A refusal for now (429, 503) carries its wait: HTTP sends it as the
// Retry-After header, and a tool result, which has no headers, in the
// problem document.
func TestRefusalCarriesItsWait(t *testing.T) {
	for _, c := range []struct {
		p    service.Problem
		want int
	}{
		{service.Problem{Status: 429, Detail: "retry in 3 s", RetryAfter: 3}, 3},
		{service.Problem{Status: 503, Detail: "retry in 10 s", RetryAfter: 10}, 10},
		{service.Problem{Status: 400, Detail: "bad size"}, 0},
	} {
		res := failed(c.p, nil)
		last, _ := mcp.AsTextContent(res.Content[len(res.Content)-1])
		var doc map[string]any
		if err := json.Unmarshal([]byte(last.Text), &doc); err != nil {
			t.Fatalf("problem %s: %v", last.Text, err)
		}
		got, has := doc["retry_after"].(float64)
		if int(got) != c.want || has != (c.want > 0) {
			t.Errorf("status %d: retry_after %v in %s, want %d", c.p.Status, doc["retry_after"], last.Text, c.want)
		}
	}
}

// A fix that is the API's URL, restated as the tool's arguments, is
// given in the result's first text too: an agent reading only that text
// would otherwise call the URL, not the tool.
func TestFirstTextCarriesFixArguments(t *testing.T) {
	p := service.Problem{Status: 400, Detail: "url is an absolute address", Fix: "http://qr.test/api/v1/url?url=https%3A%2F%2Fexample.com"}
	args := map[string]any{"kind": "url", "fields": map[string]any{"url": "https://example.com"}}
	first, _ := mcp.AsTextContent(failed(p, args).Content[0])
	if want := `fix_arguments: {"fields":{"url":"https://example.com"},"kind":"url"}`; !strings.Contains(first.Text, want) {
		t.Errorf("first text %q lacks %s", first.Text, want)
	}
	first, _ = mcp.AsTextContent(failed(p, nil).Content[0])
	if strings.Contains(first.Text, "fix_arguments") {
		t.Errorf("first text %q names fix_arguments it does not have", first.Text)
	}
}
