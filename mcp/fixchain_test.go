package mcp_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
)

// A frame's margin and a logo too large for level L, found only when the
// code is made, once got fix_arguments naming the margin alone, which the
// tool refused in turn: the fix now corrects both, and is served.
func TestFixArgumentsAreServed(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		for _, c2 := range []struct {
			tool string
			args map[string]any
		}{
			{"qr_generate", map[string]any{"data": "x", "margin": 0, "tpl": "corners", "logo": "heart", "logosize": 0.2, "ec": "L"}},
			{"qr_generate_typed", map[string]any{"kind": "text", "fields": map[string]any{"text": "x"}, "margin": 0, "tpl": "corners", "logo": "heart", "logosize": 0.2, "ec": "L"}},
		} {
			p := fail(t, c, c2.tool, c2.args)
			if fmt.Sprint(p.FixArguments["margin"]) != "1" || fmt.Sprint(p.FixArguments["logosize"]) != "0.16" {
				t.Fatalf("%s: fix_arguments %v, want margin 1 and logosize 0.16", c2.tool, p.FixArguments)
			}
			succeed(t, c, c2.tool, p.FixArguments, nil)
		}
	})
}

// An argument the tool renames (margn, did you mean margin) was given as
// fix_arguments without asking the service, which then refused the
// frame's margin of 0: the fix now corrects what the renamed call still
// refuses, and lists both.
func TestRenamedArgumentFixIsServed(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		args := map[string]any{"data": "x", "margn": 0, "tpl": "corners", "logo": "heart", "logosize": 0.2, "ec": "L"}
		p := fail(t, c, "qr_generate", args)
		if fmt.Sprint(p.FixArguments["margin"]) != "1" || fmt.Sprint(p.FixArguments["logosize"]) != "0.16" || p.FixArguments["margn"] != nil {
			t.Fatalf("fix_arguments %v, want margin 1 and logosize 0.16", p.FixArguments)
		}
		if !strings.Contains(p.Detail, "margn") || !strings.Contains(p.Detail, "3 parameters") {
			t.Errorf("detail %q: want margn named, and three problems", p.Detail)
		}
		succeed(t, c, "qr_generate", p.FixArguments, nil)
	})
}

// A verify fix keeps the robustness depth asked for: robustness is
// verify's own argument, no rendering option, and was left out of
// fix_arguments, whose call then scored the code the caller did not want
// scored.
func TestVerifyFixKeepsRobustness(t *testing.T) {
	each(t, func(t *testing.T, base string, c *client.Client) {
		p := fail(t, c, "qr_verify", map[string]any{"data": "x", "margin": 0, "tpl": "corners", "robustness": "off"})
		if p.FixArguments["robustness"] != "off" || fmt.Sprint(p.FixArguments["margin"]) != "1" {
			t.Fatalf("fix_arguments %v, want margin 1 and robustness off", p.FixArguments)
		}
		var v struct{ Robustness any }
		succeed(t, c, "qr_verify", p.FixArguments, &v)
		if v.Robustness != nil {
			t.Errorf("robustness %v, want none with robustness off", v.Robustness)
		}
	})
}
