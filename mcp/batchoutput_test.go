package mcp_test

import "testing"

// qr_batch reads an output as the word meant (data is base64's data
// URIs), and has no fix for one it cannot tell (pdf) or does not offer
// (zip): url would answer links where data was asked for.
func TestBatchOutputMeant(t *testing.T) {
	base := start(t)
	c := connect(t, base, eras[0].version)
	items := []any{map[string]any{"data": "a"}}
	p := fail(t, c, "qr_batch", map[string]any{"output": "data", "items": items})
	if p.FixArguments["output"] != "base64" {
		t.Fatalf("output data: %+v", p)
	}
	succeed(t, c, "qr_batch", p.FixArguments, nil)
	for _, output := range []string{"pdf", "zip"} {
		if p := fail(t, c, "qr_batch", map[string]any{"output": output, "items": items}); p.FixArguments != nil || p.Fix != "" {
			t.Errorf("output %s: fix %q %v, want none", output, p.Fix, p.FixArguments)
		}
	}
}
