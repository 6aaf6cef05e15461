package mcp_test

import (
	"context"
	"regexp"
	"slices"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
)

// TestPaymentPromptLevelsWork follows payment_code's design advice as
// written: every error-correction level it offers for a kind makes that
// kind's code. A kind whose standard fixes the level (EPC069-12 §3.1:
// level M) is offered that level alone.
func TestPaymentPromptLevelsWork(t *testing.T) {
	var kinds []registry.Entry
	for _, k := range registry.All() {
		if k.Hints().Level != 0 {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) == 0 {
		t.Fatal("no kind fixes its level; the test has nothing to follow")
	}
	if k, ok := registry.Lookup("upi"); ok {
		kinds = append(kinds, k)
	}
	advice := regexp.MustCompile(`\b` + options.EC.Name + ` ([LMQH])( or higher)?\b`)
	ladder := []string{"L", "M", "Q", "H"}
	each(t, func(t *testing.T, base string, c *client.Client) {
		for _, k := range kinds {
			res, err := c.GetPrompt(context.Background(), mcpgo.GetPromptRequest{Params: mcpgo.GetPromptParams{
				Name: "payment_code", Arguments: map[string]string{"kind": k.Name()}}})
			if err != nil {
				t.Fatalf("%s: %v", k.Name(), err)
			}
			text, _ := mcpgo.AsTextContent(res.Messages[0].Content)
			m := advice.FindStringSubmatch(text.Text)
			if m == nil {
				t.Errorf("%s: the prompt names no level:\n%s", k.Name(), text.Text)
				continue
			}
			levels := []string{m[1]}
			if m[2] != "" {
				levels = ladder[slices.Index(ladder, m[1]):]
			}
			fields := map[string]any{}
			for name, v := range k.Example() {
				fields[name] = v
			}
			for _, level := range levels {
				res := callTool(t, c, "qr_generate_typed", map[string]any{"kind": k.Name(), "fields": fields, options.EC.Name: level})
				if res.IsError {
					t.Errorf("%s with %s=%s, as the prompt offers: %s", k.Name(), options.EC.Name, level, texts(res))
				}
			}
		}
	})
}
