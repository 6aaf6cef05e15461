package mcp

import (
	"encoding/json"
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
