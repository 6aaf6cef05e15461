package mcp_test

import (
	"strings"
	"testing"
)

// TestListOptionFixJoinsItems: a comma-separated option (gradientcolors,
// the eye colours) given as a JSON list is refused with fix_arguments
// that hold the caller's items joined with commas, never without them,
// and the fix succeeds at once, other corrections included; a list with
// no one reading has no fix.
func TestListOptionFixJoinsItems(t *testing.T) {
	base := start(t)
	c := connect(t, base, eras[0].version)
	for _, call := range []struct {
		tool string
		args map[string]any
		name string
		want string
	}{
		{"qr_generate", map[string]any{"data": "x", "gradientcolors": []any{"#1a237e", "#880e4f"}}, "gradientcolors", "1a237e@0,880e4f@100"},
		{"qr_generate", map[string]any{"data": "x", "eyecolor": []any{"red", "blue", "green"}, "size": 9999}, "eyecolor", "ff0000,0000ff,008000"},
		{"qr_generate_typed", map[string]any{"kind": "wifi", "fields": map[string]any{"ssid": "Home", "password": "secret123"}, "eyeballcolor": []any{"navy"}}, "eyeballcolor", "000080"},
		{"qr_verify", map[string]any{"data": "x", "eyeframecolor": []any{"red", "blue", "green"}}, "eyeframecolor", "ff0000,0000ff,008000"},
	} {
		p := fail(t, c, call.tool, call.args)
		if got := p.FixArguments[call.name]; got != call.want || !strings.Contains(p.Detail, "joins yours with commas") {
			t.Errorf("%s %v: fix_arguments %v, want %s=%s (%s)", call.tool, call.args, p.FixArguments, call.name, call.want, p.Detail)
			continue
		}
		succeed(t, c, call.tool, p.FixArguments, nil)
	}
	for _, list := range [][]any{{"1a237e,00695c", "880e4f"}, {"1a237e", 880}, {}} {
		p := fail(t, c, "qr_generate", map[string]any{"data": "x", "gradientcolors": list})
		if p.FixArguments != nil || p.Fix != "" || p.Example == "" {
			t.Errorf("gradientcolors %v: fix %q %v, want none but an example", list, p.Fix, p.FixArguments)
		}
	}
}

// On otpauth, a label among the fields is the Key Uri Format's label: the
// fix writes its issuer and account under their fields and succeeds; a
// label with no one reading has no fix.
func TestOTPAuthLabelField(t *testing.T) {
	base := start(t)
	c := connect(t, base, eras[0].version)
	p := fail(t, c, "qr_generate_typed", map[string]any{"kind": "otpauth", "fields": map[string]any{"label": "ACME:alice@example.com", "secret": "JBSWY3DPEHPK3PXP"}})
	fields, _ := p.FixArguments["fields"].(map[string]any)
	if fields["issuer"] != "ACME" || fields["account"] != "alice@example.com" || fields["label"] != nil {
		t.Fatalf("problem %+v", p)
	}
	succeed(t, c, "qr_generate_typed", p.FixArguments, nil)
	if p := fail(t, c, "qr_generate_typed", map[string]any{"kind": "otpauth", "fields": map[string]any{"label": "a:b:c", "secret": "JBSWY3DPEHPK3PXP"}}); p.FixArguments != nil || p.Fix != "" {
		t.Errorf("label a:b:c: fix %q %v, want none", p.Fix, p.FixArguments)
	}
}
