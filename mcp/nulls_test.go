package mcp_test

import (
	"testing"

	"github.com/mark3labs/mcp-go/client"
)

// An argument given as null is one not given, as in an HTTP body: clients
// in strict mode send every property of a tool's schema, null for those
// unused. qr_verify refused {"data":"hi","kind":null,"fields":null} as
// data beside kind, and qr_size_recommend a null print_mm or version, with
// no fix.
func TestNullArgumentsAreNotGiven(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		for _, tc := range []struct {
			tool string
			args map[string]any
		}{
			{"qr_verify", map[string]any{"data": "hi", "kind": nil, "fields": nil, "robustness": nil, "size": nil}},
			{"qr_verify", map[string]any{"data": nil, "kind": "text", "fields": map[string]any{"text": "hi"}, "robustness": "off"}},
			{"qr_size_recommend", map[string]any{"data": "hi", "kind": nil, "fields": nil, "version": nil, "ec": nil, "margin": nil, "distance_m": 2, "print_mm": nil, "dpi": nil}},
			{"qr_kind_schema", map[string]any{"kind": "wifi", "name": nil}},
		} {
			succeed(t, c, tc.tool, tc.args, nil)
		}
	})
}
