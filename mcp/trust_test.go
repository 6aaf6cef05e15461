package mcp_test

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/options"
	"github.com/qrforge/qrforge/registry"
)

// TestFixArgumentsNeverInventIdentity breaks each identity field of every
// kind in turn through qr_generate_typed, and checks that fix_arguments
// carry no identity value other than the caller's (mechanically corrected),
// and none the caller left out.
func TestFixArgumentsNeverInventIdentity(t *testing.T) {
	base := start(t)
	c := connect(t, base, eras[0].version)
	refused := 0
	for _, k := range registry.All() {
		for _, f := range k.Fields() {
			if !f.Identity {
				continue
			}
			for _, broken := range []string{"", "x", strings.Repeat("9", 300)} {
				fields := map[string]any{}
				for name, v := range k.Example() {
					fields[name] = v
				}
				if broken == "" {
					delete(fields, f.Name)
				} else {
					fields[f.Name] = broken
				}
				res := callTool(t, c, "qr_generate_typed", map[string]any{"kind": k.Name(), "fields": fields})
				if !res.IsError {
					continue
				}
				refused++
				p := problemOf(t, res)
				if p.FixArguments == nil {
					continue
				}
				if p.Fix == "" {
					t.Errorf("%s.%s=%q: fix_arguments without fix", k.Name(), f.Name, broken)
				}
				fixed, _ := p.FixArguments["fields"].(map[string]any)
				for name, v := range fixed {
					theirs, gave := fields[name]
					switch {
					case !gave && k.IsIdentity(name):
						t.Errorf("%s.%s=%q: fix_arguments add identity field %s=%v", k.Name(), f.Name, broken, name, v)
					case gave && v != theirs && k.IsIdentity(name) && !registry.Mechanical(theirs.(string), v.(string)):
						t.Errorf("%s.%s=%q: fix_arguments change identity field %s from %v to %v", k.Name(), f.Name, broken, name, theirs, v)
					}
				}
			}
		}
	}
	if refused < 60 {
		t.Fatalf("only %d calls were refused; the test reaches too little", refused)
	}
}

// A misspelt field is renamed in fix_arguments, with the caller's value.
func TestMisspeltFieldIsRenamed(t *testing.T) {
	base := start(t)
	c := connect(t, base, eras[0].version)
	p := fail(t, c, "qr_generate_typed", map[string]any{"kind": "wifi", "fields": map[string]any{"ssid": "Home", "pasword": "secret123"}})
	fields, _ := p.FixArguments["fields"].(map[string]any)
	if fields["password"] != "secret123" || fields["pasword"] != nil || !strings.Contains(p.Detail, "did you mean password") {
		t.Fatalf("problem %+v", p)
	}
	succeed(t, c, "qr_generate_typed", p.FixArguments, nil)
	// A field under the name the standard gives it: RFC 5724's body.
	p = fail(t, c, "qr_generate_typed", map[string]any{"kind": "sms", "fields": map[string]any{"number": "+15551234567", "body": "See you"}})
	fields, _ = p.FixArguments["fields"].(map[string]any)
	if fields["message"] != "See you" || fields["body"] != nil {
		t.Fatalf("body: problem %+v", p)
	}
	succeed(t, c, "qr_generate_typed", p.FixArguments, nil)
}

// A misspelt argument is renamed in fix_arguments as on HTTP (colr is
// color), when the argument takes the value as given and is not given
// already; else it is dropped. A kind's field beside kind is moved into
// fields, not dropped: the network's name would be lost.
func TestMisspeltArgumentIsRenamed(t *testing.T) {
	base := start(t)
	c := connect(t, base, eras[0].version)
	for _, tc := range []struct {
		tool string
		args map[string]any
		want map[string]any
	}{
		{"qr_generate", map[string]any{"data": "hi", "colr": "1d3557"}, map[string]any{"data": "hi", "color": "1d3557"}},
		{"qr_generate", map[string]any{"data": "hi", "colr": "1d3557", "fg": "000000"}, map[string]any{"data": "hi", "fg": "000000"}},
		{"qr_generate", map[string]any{"data": "hi", "sise": 300.0}, map[string]any{"data": "hi", "size": 300.0}},
		{"qr_generate_typed", map[string]any{"kind": "wifi", "feilds": map[string]any{"ssid": "Home"}},
			map[string]any{"kind": "wifi", "fields": map[string]any{"ssid": "Home"}}},
		{"qr_generate", map[string]any{"data": "hi", "sise": "huge"}, map[string]any{"data": "hi"}},
		{"qr_verify", map[string]any{"data": "hi", "robustnes": "off"}, map[string]any{"data": "hi", "robustness": "off"}},
		// data under a name other QR APIs use keeps its value.
		{"qr_verify", map[string]any{"text": "hi"}, map[string]any{"data": "hi"}},
		{"qr_verify", map[string]any{"content": "hi", "size": 300.0}, map[string]any{"data": "hi", "size": 300.0}},
		{"qr_size_recommend", map[string]any{"url": "https://example.com", "distance_m": 1.0}, map[string]any{"data": "https://example.com", "distance_m": 1.0}},
		{"qr_generate_typed", map[string]any{"kind": "wifi", "ssid": "Home", "password": "secret123"},
			map[string]any{"kind": "wifi", "fields": map[string]any{"ssid": "Home", "password": "secret123"}}},
		{"qr_verify", map[string]any{"kind": "wifi", "fields": map[string]any{"ssid": "Home"}, "password": "secret123"},
			map[string]any{"kind": "wifi", "fields": map[string]any{"ssid": "Home", "password": "secret123"}}},
		// An option among the fields goes beside them, unless given there.
		{"qr_generate_typed", map[string]any{"kind": "wifi", "fields": map[string]any{"ssid": "Home", "color": "1d3557"}},
			map[string]any{"kind": "wifi", "fields": map[string]any{"ssid": "Home"}, "color": "1d3557"}},
		{"qr_generate_typed", map[string]any{"kind": "wifi", "fg": "000000", "fields": map[string]any{"ssid": "Home", "color": "1d3557"}},
			map[string]any{"kind": "wifi", "fields": map[string]any{"ssid": "Home"}, "fg": "000000"}},
	} {
		p := fail(t, c, tc.tool, tc.args)
		if fmt.Sprint(p.FixArguments) != fmt.Sprint(tc.want) {
			t.Errorf("%s %v: fix_arguments %v, want %v", tc.tool, tc.args, p.FixArguments, tc.want)
			continue
		}
		succeed(t, c, tc.tool, p.FixArguments, nil)
	}
}

// A code drawn as asked that may not scan says so in the result, as the
// X-QR-Warning header does on HTTP.
func TestWeakColourIsWarned(t *testing.T) {
	base := start(t)
	c := connect(t, base, eras[0].version)
	var out struct{ Warning string }
	succeed(t, c, "qr_generate", map[string]any{"data": "hi", "color": "000000", "bg": "000000"}, &out)
	if !strings.Contains(out.Warning, "lighten bg to #ffffff") {
		t.Errorf("warning %q", out.Warning)
	}
	out.Warning = ""
	succeed(t, c, "qr_generate", map[string]any{"data": "hi"}, &out)
	if out.Warning != "" {
		t.Errorf("a plain code warns %q", out.Warning)
	}
}

// An unknown kind is fixed only to a kind it plainly means: btc is
// bitcoin, with the caller's fields; venmo is close to no kind, and no
// payment kind is offered for it, even as an example (iban was once
// answered with tron's example).
func TestUnknownKindOnlyTheKindMeant(t *testing.T) {
	base := start(t)
	c := connect(t, base, eras[0].version)
	p := fail(t, c, "qr_generate_typed", map[string]any{"kind": "btc", "fields": map[string]any{"address": "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"}})
	if p.FixArguments["kind"] != "bitcoin" {
		t.Errorf("btc: %+v", p)
	}
	for _, name := range []string{"venmo", "iban2x"} {
		p = fail(t, c, "qr_generate_typed", map[string]any{"kind": name, "fields": map[string]any{"to": "x"}})
		if p.Fix != "" || strings.Contains(p.Example, "tron") || !strings.Contains(p.Example, "text") {
			t.Errorf("%s: fix %q example %q", name, p.Fix, p.Example)
		}
	}
}

// qr_generate reads data under the names GET /api/v1/qr reads it (text,
// content, url, ...), as the same call: the same bytes, and two
// different values refused as the API refuses them, without a fix.
func TestGenerateReadsDataAliases(t *testing.T) {
	base := start(t)
	c := connect(t, base, eras[0].version)
	for _, alias := range options.Data.Aliases {
		var g generated
		res := succeed(t, c, "qr_generate", map[string]any{alias: "Hello", "size": 300}, &g)
		_, body := httpGet(t, base+"/api/v1/qr?"+alias+"=Hello&size=300")
		if !bytes.Equal(imageOf(t, res), body) {
			t.Errorf("%s: the image differs from GET /api/v1/qr?%s=Hello&size=300", alias, alias)
		}
	}
	// Which of the two is the data only the caller knows: no fix.
	p := fail(t, c, "qr_generate", map[string]any{"data": "a", "text": "b"})
	if p.Field != "data" || p.Fix != "" || p.FixArguments != nil {
		t.Errorf("data and text differing: %+v", p)
	}
	succeed(t, c, "qr_generate", map[string]any{"data": "a", "text": "a"}, nil)
	// A near miss of data given with another value is the same conflict;
	// with the same value it is dropped.
	p = fail(t, c, "qr_generate", map[string]any{"data": "a", "dat": "b"})
	if p.Field != "dat" || p.Fix != "" || p.FixArguments != nil || !strings.Contains(p.Example, "Hello") {
		t.Errorf("data and dat differing: %+v", p)
	}
	p = fail(t, c, "qr_generate", map[string]any{"data": "a", "dat": "a"})
	if p.FixArguments["data"] != "a" || p.FixArguments["dat"] != nil {
		t.Errorf("data and dat the same: %+v", p)
	}
}

// qr_decode's fix holds only an image the caller sent: a lone unknown
// argument holding one (base64 or a data: URI) is moved into image as
// given, and following the fix reads the code; with no image anywhere the
// fix is told in words, without fix_arguments to apply.
func TestDecodeFixMovesTheImage(t *testing.T) {
	base := start(t)
	c := connect(t, base, eras[0].version)
	_, img := httpGet(t, base+"/api/v1/qr?data=Hello")
	encoded := base64.StdEncoding.EncodeToString(img)
	for _, value := range []string{encoded, "data:image/png;base64," + encoded} {
		p := fail(t, c, "qr_decode", map[string]any{"file": value})
		if len(p.FixArguments) != 1 || p.FixArguments["image"] != value {
			t.Errorf("file: fix_arguments %.200v, want image as given", p.FixArguments)
			continue
		}
		if res := succeed(t, c, "qr_decode", p.FixArguments, nil); !strings.Contains(texts(res), `"Hello"`) {
			t.Errorf("the fix reads no Hello: %.300s", texts(res))
		}
	}
	for _, args := range []map[string]any{
		{"file": "hello"},
		{"file": base64.StdEncoding.EncodeToString([]byte("not an image"))},
		{"file": encoded, "name": "code.png"},
		{},
		{"image": "***"},
	} {
		p := fail(t, c, "qr_decode", args)
		if p.FixArguments != nil || !strings.Contains(p.Fix, "base64") || strings.Contains(p.Fix, "{") {
			t.Errorf("%.100v: fix %q, fix_arguments %.100v; want words only", args, p.Fix, p.FixArguments)
		}
	}
}

// fields.type naming one of the kind's field values is that field, as
// type is on the kind's HTTP calls: WEP is wifi's security. It was
// dropped, and the fix made a WEP key a WPA passphrase. A value only the
// caller can place (facetime's audio is a field of its own) has no fix.
func TestFieldsTypeNamingAFieldValue(t *testing.T) {
	base := start(t)
	c := connect(t, base, eras[0].version)
	p := fail(t, c, "qr_generate_typed", map[string]any{"kind": "wifi", "fields": map[string]any{"ssid": "Home", "password": "abcdefghijklm", "type": "WEP"}})
	fields, _ := p.FixArguments["fields"].(map[string]any)
	if fields["security"] != "WEP" || fields["type"] != nil || !strings.Contains(p.Detail, `did you mean security="WEP"?`) {
		t.Fatalf("problem %+v", p)
	}
	succeed(t, c, "qr_generate_typed", p.FixArguments, nil)
	p = fail(t, c, "qr_generate_typed", map[string]any{"kind": "facetime", "fields": map[string]any{"contact": "+14085551234", "type": "audio"}})
	if p.FixArguments != nil || !strings.Contains(p.Detail, "did you mean the field audio?") {
		t.Fatalf("facetime: problem %+v", p)
	}
}

// A currency other than the one the kind's amounts are in is refused
// without fix_arguments, which once dropped it and asked for 19.99 EUR
// where the caller meant 19.99 USD; the kind's own currency is dropped.
func TestForeignCurrencyHasNoFixArguments(t *testing.T) {
	c := connect(t, start(t), eras[0].version)
	fields := map[string]any{"name": "Red Cross", "iban": "DE89370400440532013000", "amount": 19.99, "currency": "USD"}
	p := fail(t, c, "qr_generate_typed", map[string]any{"kind": "epc", "fields": fields})
	if p.FixArguments != nil || p.Fix != "" || !strings.Contains(p.Detail, "EUR only") {
		t.Errorf("currency USD on epc: detail %q fix_arguments %v, want EUR named and no fix", p.Detail, p.FixArguments)
	}
	fields["currency"] = "EUR"
	p = fail(t, c, "qr_generate_typed", map[string]any{"kind": "epc", "fields": fields})
	if got, _ := p.FixArguments["fields"].(map[string]any); got == nil || got["currency"] != nil || got["amount"] != 19.99 {
		t.Errorf("currency EUR on epc: fix_arguments %v, want the fields without it", p.FixArguments)
	}
}

// null is an argument or a field not given, as in an HTTP body: agents
// fill optional arguments with null, and color null was refused ("color
// is a string, not null") where POST /api/v1/qr drew the code.
func TestNullArgumentIsNotGiven(t *testing.T) {
	base := start(t)
	c := connect(t, base, eras[0].version)
	succeed(t, c, "qr_generate", map[string]any{"data": "hi", "color": nil, "size": nil}, nil)
	succeed(t, c, "qr_generate_typed", map[string]any{"kind": "wifi", "fields": map[string]any{"ssid": "Home", "password": "secret123", "hidden": nil}, "bg": nil}, nil)
}

// An unknown field is renamed or dropped by the rules HTTP's calls follow
// (README "Errors"): an amount under another name (amt beside an EPC
// transfer) is neither dropped, which asked for any amount, nor renamed;
// a second value for a field given already (pasword beside password) has
// no fix, where the fix kept one of the two; a slip alone is renamed.
func TestUnknownFieldsFollowHTTPsRules(t *testing.T) {
	base := start(t)
	c := connect(t, base, eras[0].version)
	epc := map[string]any{"name": "Red Cross", "iban": "BE72000000001616"}
	with := func(m map[string]any, k string, v any) map[string]any {
		m = maps(m)
		m[k] = v
		return m
	}
	for _, args := range []map[string]any{
		{"kind": "epc", "fields": with(epc, "amt", "10")},
		{"kind": "epc", "fields": with(epc, "total", "10")},
		{"kind": "wifi", "fields": map[string]any{"ssid": "Home", "password": "secret123", "pasword": "other9999"}},
		{"kind": "epc", "fields": with(with(epc, "amount", "10"), "ammount", "20")},
	} {
		for _, tool := range []string{"qr_generate_typed", "qr_verify"} {
			if p := fail(t, c, tool, args); p.FixArguments != nil || p.Fix != "" {
				t.Errorf("%s %v: fix %v, want none", tool, args, p.FixArguments)
			}
		}
	}
	p := fail(t, c, "qr_generate_typed", map[string]any{"kind": "wifi", "fields": map[string]any{"ssid": "Home", "pasword": "secret123"}})
	if fields, _ := p.FixArguments["fields"].(map[string]any); fields["password"] != "secret123" {
		t.Errorf("pasword alone: fix %v, want it renamed to password", p.FixArguments)
	}
	// The same value twice is one value: the fix drops the other name.
	p = fail(t, c, "qr_generate_typed", map[string]any{"kind": "wifi", "fields": map[string]any{"ssid": "Home", "password": "secret123", "pasword": "secret123"}})
	if fields, _ := p.FixArguments["fields"].(map[string]any); fields["password"] != "secret123" || fields["pasword"] != nil {
		t.Errorf("the same password twice: fix %v, want pasword dropped", p.FixArguments)
	}
}

// A whole payload given as a field is read by the kind's own reader, as on
// HTTP: the fix writes what it holds under the kind's fields and draws;
// one with parts no field carries has no fix.
func TestPastedPayloadFieldIsReadAsOnHTTP(t *testing.T) {
	base := start(t)
	c := connect(t, base, eras[0].version)
	p := fail(t, c, "qr_generate_typed", map[string]any{"kind": "wifi", "fields": map[string]any{"data": "WIFI:S:home;T:WPA;P:secret12;;"}})
	fields, _ := p.FixArguments["fields"].(map[string]any)
	if fields["ssid"] != "home" || fields["password"] != "secret12" || fields["security"] != "WPA" || fields["data"] != nil {
		t.Fatalf("wifi data: fix %v, want the payload's ssid, password and security", p.FixArguments)
	}
	succeed(t, c, "qr_generate_typed", p.FixArguments, nil)
	fail(t, c, "qr_generate_typed", map[string]any{"kind": "wifi", "fields": map[string]any{"data": "WIFI:S:home;T:WPA;P:secret12;;", "ssid": "other"}})
	p = fail(t, c, "qr_generate_typed", map[string]any{"kind": "vcard", "fields": map[string]any{"data": "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:A\r\nX-FOO:b\r\nEND:VCARD"}})
	if p.FixArguments != nil || !strings.Contains(p.Detail, "X-FOO:b") {
		t.Errorf("vcard with X-FOO: %+v, want no fix and the part named", p)
	}
}

// A parameter named as some kind's identity field (address, password)
// that nothing reads is not dropped by a fix, as on HTTP: the code would
// leave out the address or secret given.
func TestIdentityWordsAreNotDropped(t *testing.T) {
	base := start(t)
	c := connect(t, base, eras[0].version)
	for _, call := range []struct {
		tool string
		args map[string]any
	}{
		{"qr_generate", map[string]any{"data": "hi", "password": "secret123"}},
		{"qr_generate_typed", map[string]any{"kind": "vcard", "fields": map[string]any{"fn": "Jane", "iban": "DE89370400440532013000"}}},
	} {
		if p := fail(t, c, call.tool, call.args); p.FixArguments != nil || p.Fix != "" {
			t.Errorf("%s %v: fix %v, want none", call.tool, call.args, p.FixArguments)
		}
	}
}
