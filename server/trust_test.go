package server_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	_ "github.com/qrforge/qrforge/kinds"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/server"
)

// brokenValues are what a caller gets wrong in an identity field: nothing,
// one character, punctuation only, a number of the wrong shape, a value far
// too long.
var brokenValues = []string{"", "x", "!!!", "0000", strings.Repeat("9", 300)}

// TestFixNeverInventsIdentity breaks each identity field of every kind in
// turn, on the typed endpoint and its payload twin, and checks that no
// value in the fix differs from the caller's except by a mechanical
// correction, and that no identity field appears that the caller did not
// give.
func TestFixNeverInventsIdentity(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	checked := 0
	for _, k := range registry.All() {
		for _, f := range k.Fields() {
			if !f.Identity {
				continue
			}
			for _, broken := range brokenValues {
				given := url.Values{}
				for name, v := range k.Example() {
					given.Set(name, v)
				}
				if broken == "" {
					given.Del(f.Name)
				} else {
					given.Set(f.Name, broken)
				}
				for _, path := range []string{k.Path(), k.Path() + "/payload"} {
					rec := fetch(t, h, base+path+"?"+given.Encode())
					if rec.Code == http.StatusOK {
						continue
					}
					checked++
					var p struct{ Fix, Example string }
					if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
						t.Fatalf("%s: %v", path, err)
					}
					assertFixKeeps(t, k, path+" with "+f.Name+"="+short(broken), given, p.Fix)
				}
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d broken identity fields were refused; the test reaches too little", checked)
	}
}

// assertFixKeeps fails when fix carries a kind field value that is not the
// caller's (mechanically corrected), or an identity field the caller left
// out.
func assertFixKeeps(t *testing.T, k registry.Entry, what string, given url.Values, fix string) {
	t.Helper()
	if fix == "" {
		return
	}
	u, err := url.Parse(fix)
	if err != nil {
		t.Fatalf("%s: fix %q: %v", what, fix, err)
	}
	for name, vs := range u.Query() {
		if !k.HasField(name) {
			continue
		}
		theirs, gave := given[name]
		switch {
		case !gave && k.IsIdentity(name):
			t.Errorf("%s: the fix adds identity field %s=%q the caller did not give", what, name, vs[0])
		case gave && vs[0] != theirs[0] && k.IsIdentity(name) && !registry.Mechanical(theirs[0], vs[0]):
			t.Errorf("%s: the fix changes identity field %s from %q to %q", what, name, theirs[0], vs[0])
		}
	}
}

// The issue's own reproduction: a wrong IBAN once got the example's
// charity IBAN as its fix.
func TestEPCWrongIBANGetsNoFix(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	rec := fetch(t, h, base+"/api/v1/epc?name=Jane%20Doe&iban=DE00123&amount=12.5")
	p := readProblem(t, rec, 400, "invalid-parameter")
	if p.Field != "iban" || p.Fix != "" || !strings.Contains(p.Detail, "iban") {
		t.Fatalf("problem %+v: want field iban, a detail and no fix", p)
	}
	if p.Example == "" || strings.Contains(p.Example, "Jane") {
		t.Errorf("example %q: want the kind's documented example, apart from the caller's values", p.Example)
	}
}

// No field is silently ignored: a misspelt password once gave a code for
// an open network.
func TestUnknownParameters(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	for _, c := range []struct {
		name, target, field, mean string
		// fixHas must be in the fix; "" when there is none.
		fixHas string
	}{
		{"misspelt wifi password", "/api/v1/wifi?ssid=Home&pasword=secret123", "pasword", "password", "password=secret123"},
		{"UPI amount under its long name", "/api/v1/upi?pa=shop@okaxis&pn=Shop&amount=250", "amount", "am", "am=250"},
		{"payload twin too", "/api/v1/wifi/payload?ssid=Home&pasword=secret123", "pasword", "password", "password=secret123"},
		{"misspelt option", "/api/v1/wifi?ssid=Home&security=nopass&colr=red", "colr", "color", "color=red"},
		{"generic endpoint", "/api/v1/qr?data=hi&colr=red", "colr", "color", "color=red"},
		{"nothing close", "/api/v1/qr?data=hi&zzzzzzzzz=1", "zzzzzzzzz", "", "data=hi"},
		{"goQR charset other than UTF-8", "/api/v1/qr?data=hi&charset-source=ISO-8859-1", "charset-source", "", "data=hi"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := readProblem(t, fetch(t, h, base+c.target), 400, "invalid-parameter")
			if p.Field != c.field || c.mean != "" && !strings.Contains(p.Detail, "did you mean "+c.mean) {
				t.Fatalf("field %q detail %q: want %s and did you mean %q", p.Field, p.Detail, c.field, c.mean)
			}
			if !strings.Contains(p.Fix, c.fixHas) || strings.Contains(p.Fix, c.field+"=") {
				t.Fatalf("fix %q: want %q in it and no %s", p.Fix, c.fixHas, c.field)
			}
			if rec := fetch(t, h, p.Fix); rec.Code != http.StatusOK {
				t.Fatalf("fix %s answers %d: %s", p.Fix, rec.Code, rec.Body)
			}
		})
	}
}

// The wifi fix above makes a WPA network, not the open one the misspelt
// call would have made.
func TestRenamedPasswordProtectsTheNetwork(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	p := readProblem(t, fetch(t, h, base+"/api/v1/wifi/payload?ssid=Home&pasword=secret123"), 400, "invalid-parameter")
	rec := fetch(t, h, p.Fix)
	var got struct{ Payload string }
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || got.Payload != "WIFI:T:WPA;S:Home;P:secret123;;" {
		t.Fatalf("fix %s gives %s", p.Fix, rec.Body)
	}
}

// Cache busters start with '_' and are the only parameters left unread.
func TestUnderscoreParametersAreIgnored(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	for _, target := range []string{"/api/v1/qr?data=hi&_=123", "/api/v1/qr?data=hi&charset-source=UTF-8&charset-target=utf-8", "/api/v1/wifi?ssid=Home&security=nopass&_cb=9", "/q/hi.svg?_v=2"} {
		if rec := fetch(t, h, base+target); rec.Code != http.StatusOK {
			t.Errorf("%s: %d %s", target, rec.Code, rec.Body)
		}
	}
}

// An unencoded '&' in a URL given as data: the code would hold only the
// start of the URL.
func TestUnencodedAmpersandInData(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	for _, c := range []struct{ target, want string }{
		{"/api/v1/qr?data=https://ex.com/?a=1&b=2", "https://ex.com/?a=1&b=2"},
		{"/api/v1/qr?data=https://ex.com/?a=1&b=2&c=3&size=300", "https://ex.com/?a=1&b=2&c=3"},
		{"/q/https://ex.com/path?a=1&b=2", "https://ex.com/path?a=1&b=2"},
	} {
		p := readProblem(t, fetch(t, h, base+c.target), 400, "invalid-parameter")
		if p.Field != "data" || !strings.Contains(p.Detail, "percent-encode") {
			t.Errorf("%s: field %q detail %q", c.target, p.Field, p.Detail)
			continue
		}
		rec := fetch(t, h, strings.Replace(p.Fix, "format=png", "format=json", 1))
		if rec.Code != http.StatusOK {
			t.Errorf("%s: fix %s answers %d: %s", c.target, p.Fix, rec.Code, rec.Body)
			continue
		}
		u, _ := url.Parse(p.Fix)
		got := u.Query().Get("data")
		if strings.HasPrefix(u.Path, "/q/") {
			got, _ = url.PathUnescape(strings.TrimPrefix(u.EscapedPath(), "/q/"))
		}
		if got != c.want {
			t.Errorf("%s: fix data %q, want %q", c.target, got, c.want)
		}
	}
}

// The same mistake in a kind's web address field: the fix once cut the
// address at its '&', dropping the rest as an unknown parameter.
func TestUnencodedAmpersandInURLField(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	for _, c := range []struct{ target, field, want, kept string }{
		{"/api/v1/url?url=https://shop.example.com/item?id=42&ref=qr", "url", "https://shop.example.com/item?id=42&ref=qr", ""},
		// Without its scheme the address is the same one: once its ref
		// was cut off as an unknown parameter.
		{"/api/v1/url?url=shop.example.com/item?id=42&ref=qr", "url", "https://shop.example.com/item?id=42&ref=qr", ""},
		{"/api/v1/url/payload?url=https://ex.com/?a=1&b=2&c=3&utm_source=qr", "url", "https://ex.com/?a=1&b=2&c=3", "utm_source=qr"},
		{"/api/v1/event/payload?title=Party&start=2026-10-01T18:00:00Z&url=https://ex.com/e?id=1&ref=qr&dtstamp=2026-09-01T00:00:00Z", "url", "https://ex.com/e?id=1&ref=qr", "title=Party"},
	} {
		p := readProblem(t, fetch(t, h, base+c.target), 400, "invalid-parameter")
		if p.Field != c.field || !strings.Contains(p.Detail, "percent-encode") {
			t.Errorf("%s: field %q detail %q", c.target, p.Field, p.Detail)
			continue
		}
		u, err := url.Parse(p.Fix)
		if err != nil || u.Query().Get(c.field) != c.want || !strings.Contains(p.Fix, c.kept) || u.Query().Has("ref") || u.Query().Has("b") {
			t.Errorf("%s: fix %q, want %s=%q and %s", c.target, p.Fix, c.field, c.want, c.kept)
			continue
		}
		if rec := fetch(t, h, p.Fix); rec.Code != http.StatusOK {
			t.Errorf("%s: fix %s answers %d: %s", c.target, p.Fix, rec.Code, rec.Body)
		}
	}
}

// TestBatchFixNeverInventsIdentity is TestFixNeverInventsIdentity for batch
// items: each item's error carries the corrected GET call as its fix, under
// the same rule.
func TestBatchFixNeverInventsIdentity(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	type sent struct {
		kind  registry.Entry
		what  string
		given url.Values
	}
	var items []map[string]any
	var sents []sent
	for _, k := range registry.All() {
		for _, f := range k.Fields() {
			if !f.Identity {
				continue
			}
			for _, broken := range brokenValues {
				given := url.Values{}
				fields := map[string]string{}
				for name, v := range k.Example() {
					given.Set(name, v)
				}
				if broken == "" {
					given.Del(f.Name)
				} else {
					given.Set(f.Name, broken)
				}
				for name := range given {
					fields[name] = given.Get(name)
				}
				items = append(items, map[string]any{"type": k.Name(), "fields": fields})
				sents = append(sents, sent{k, k.Name() + " item with " + f.Name + "=" + short(broken), given})
			}
		}
	}
	// A batch holds at most 1000 items (README, "Batch, decode, verify"),
	// fewer than every kind's broken identity fields: they go in as many
	// batches as they fill.
	const perBatch = 1000
	failed := 0
	for start := 0; start < len(items); start += perBatch {
		end := min(start+perBatch, len(items))
		body, err := json.Marshal(map[string]any{"items": items[start:end]})
		if err != nil {
			t.Fatal(err)
		}
		answer := postBatch(t, h, string(body))
		if len(answer.Items) != end-start {
			t.Fatalf("%d items answered, %d sent", len(answer.Items), end-start)
		}
		failed += answer.Failed
		for _, item := range answer.Items {
			if item.Error != nil {
				s := sents[start+item.Index]
				assertFixKeeps(t, s.kind, s.what, s.given, item.Error.Fix)
			}
		}
	}
	if failed < 100 {
		t.Fatalf("only %d broken identity fields were refused; the test reaches too little", failed)
	}
}

// A 404 whose nearest endpoint is a kind that needs an identity field gets
// no fix (none may invent the key) and the kind's documented example.
func TestNotFoundNeverInventsIdentity(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	rec := fetch(t, h, base+"/api/v1/pixx")
	var p problem
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || rec.Code != http.StatusNotFound {
		t.Fatalf("%d %s", rec.Code, rec.Body.String())
	}
	if p.Fix != "" || !strings.HasPrefix(p.Example, base+"/api/v1/pix?") {
		t.Errorf("fix %q, example %q: want no fix and the pix example", p.Fix, p.Example)
	}
	if ex := fetch(t, h, p.Example); ex.Code != http.StatusOK {
		t.Errorf("the example answers %d", ex.Code)
	}
}

// A 404 outside /api/v1 offers only the page or endpoint the path plainly
// means (a typo, its last segment, a unique prefix): a fix is a call a
// client may follow, and /favicon.ico was sent to /facetime, /docs to
// /sms and a GET of /mcp to /epc. Without one, the answer names where the
// endpoints are listed.
func TestNotFoundOffersOnlyThePageMeant(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	for _, c := range []struct{ path, nearest string }{
		{"/favicon.ico", ""},
		{"/mcp", ""}, // /api/mcp is POSTed
		{"/robots.txt", ""},
		{"/docs", ""},
		{"/reference", ""},
		{"/index.html", ""},
		{"/api/openapi", "/api/openapi.json"},
		{"/openapi.json", "/api/openapi.json"},
		{"/llms-full", "/llms-full.txt"},
		{"/wiffi", "/wifi"},
		{"/galery", "/gallery"},
		{"/health", "/healthz"},
		{"/metricz", "/metrics"},
		{"/api/v2/qr?data=hi", "/api/v1/qr"},
		{"/create-qr-code/?data=hi", "/v1/create-qr-code/"},
	} {
		rec := fetch(t, h, base+c.path)
		var p problem
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || rec.Code != http.StatusNotFound {
			t.Fatalf("%s: %d %s", c.path, rec.Code, rec.Body.String())
		}
		switch {
		case c.nearest == "" && (strings.Contains(p.Detail, "nearest") || p.Fix != "" || !strings.Contains(p.Detail, base+"/api/openapi.json")):
			t.Errorf("%s: %q, fix %q: want no nearest, and where the endpoints are listed", c.path, p.Detail, p.Fix)
		case c.nearest != "" && !strings.HasSuffix(p.Detail, "the nearest is "+c.nearest) && !strings.Contains(p.Detail, "the nearest is "+c.nearest+", "):
			t.Errorf("%s: %q, want the nearest %s", c.path, p.Detail, c.nearest)
		}
	}

	// With the operations apart, /metrics is theirs: said, with no fix.
	api, _ := server.NewWithOps(server.Config{BaseURL: base})
	rec := fetch(t, api, base+"/metrics")
	var p problem
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || rec.Code != http.StatusNotFound {
		t.Fatalf("/metrics with the operations apart: %d %s", rec.Code, rec.Body.String())
	}
	if p.Fix != "" || !strings.Contains(p.Detail, "operations listener") {
		t.Errorf("/metrics with the operations apart: %q, fix %q; want the operations listener named, no fix", p.Detail, p.Fix)
	}
}

// A 404 at /api/v1/<name> offers only the endpoint or kind the name plainly
// means: its words (sepa is epc), a typo, or a unique prefix. A name merely
// a few letters from a payment kind is not sent there: iban was answered
// with tron, sepa with spd, and venmo with event.
func TestNotFoundOffersOnlyTheKindMeant(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	for _, c := range []struct{ path, nearest string }{
		{"/api/v1/sepa", "/api/v1/epc"},
		{"/api/v1/iban", "/api/v1/epc"},
		{"/api/v1/btc", "/api/v1/bitcoin"},
		{"/api/v1/bitcion", "/api/v1/bitcoin"},
		{"/api/v1/link", "/api/v1/url"},
		{"/api/v1/calendar", "/api/v1/event"},
		{"/api/v1/qrcode?data=hi", "/api/v1/qr"},
		{"/api/v1/venmo", ""},
		{"/api/v1/zelle", ""},
		{"/api/v1/pay", ""}, // paynow or paypal: not guessed
		{"/api/v1/openapi", "/api/openapi.json"},
		{"/api/v1/health", "/healthz"},
		// A kind's payload: sepa/payload was spd's, otp/payload dpp's.
		{"/api/v1/sepa/payload", "/api/v1/epc/payload"},
		{"/api/v1/otp/payload", "/api/v1/otpauth/payload"},
		{"/api/v1/wifii/payload", "/api/v1/wifi/payload"},
		{"/api/v1/wifi/paylod", "/api/v1/wifi/payload"},
		{"/api/v1/venmo/payload", ""},
		{"/api/v1/wifi/png", "/api/v1/wifi"},
	} {
		rec := fetch(t, h, base+c.path)
		var p problem
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || rec.Code != http.StatusNotFound {
			t.Fatalf("%s: %d %s", c.path, rec.Code, rec.Body.String())
		}
		switch {
		case c.nearest == "" && (strings.Contains(p.Detail, "nearest") || p.Fix != "" || !strings.Contains(p.Detail, base+"/api/v1/kinds")):
			t.Errorf("%s: %q, fix %q: want no nearest, and the list of kinds", c.path, p.Detail, p.Fix)
		case c.nearest != "" && !strings.HasSuffix(p.Detail, "the nearest is "+c.nearest) && !strings.Contains(p.Detail, "the nearest is "+c.nearest+", "):
			t.Errorf("%s: %q, want the nearest %s", c.path, p.Detail, c.nearest)
		}
	}
	// A kind's verify, as its payload, is /api/v1/verify with the kind as
	// type; the fix is the call the service answers.
	for path, want := range map[string]string{
		"/api/v1/wifi/verify?ssid=Cafe&password=abcdefgh":                 "/api/v1/verify?type=wifi&ssid=Cafe&password=abcdefgh",
		"/api/v1/sepa/verify?name=A&iban=DE89370400440532013000&amount=1": "/api/v1/verify?type=epc&name=A&iban=DE89370400440532013000&amount=1",
		"/api/v1/qr/verify?data=hi":                                       "/api/v1/verify?data=hi",
	} {
		rec := fetch(t, h, base+path)
		var p problem
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || rec.Code != http.StatusNotFound || p.Fix != base+want {
			t.Errorf("%s: %d, fix %q, want %s", path, rec.Code, p.Fix, want)
			continue
		}
		if rec := fetch(t, h, p.Fix); rec.Code != http.StatusOK {
			t.Errorf("%s: the fix answers %d", path, rec.Code)
		}
	}
	// A word of a longer path: batch is POST /api/v1/qr/batch.
	rec := post(t, h, base+"/api/v1/batch", "application/json", []byte(`{"items":[{"data":"hi"}]}`))
	if !strings.Contains(rec.Body.String(), "the nearest is /api/v1/qr/batch") {
		t.Errorf("POST /api/v1/batch: %d %s", rec.Code, rec.Body.String())
	}
	rec = post(t, h, base+"/api/v1/qr/batchh", "application/json", []byte(`{"items":[{"data":"hi"}]}`))
	if !strings.Contains(rec.Body.String(), "the nearest is /api/v1/qr/batch") {
		t.Errorf("POST /api/v1/qr/batchh: %d %s", rec.Code, rec.Body.String())
	}
}

// A code drawn as asked that may not scan says so in X-QR-Warning, which a
// browser's script may read (CORS), and a problem never carries it.
func TestWeakColourIsWarnedInAHeader(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	rec := fetch(t, h, base+"/api/v1/qr?data=hi&color=000000&bg=000000")
	if rec.Code != http.StatusOK || !strings.Contains(rec.Header().Get("X-QR-Warning"), "lighten bg to #ffffff") || !strings.Contains(rec.Header().Get("Access-Control-Expose-Headers"), "X-QR-Warning") {
		t.Errorf("%d warning %q", rec.Code, rec.Header().Get("X-QR-Warning"))
	}
	if rec := fetch(t, h, base+"/api/v1/qr?data=hi"); rec.Header().Get("X-QR-Warning") != "" {
		t.Errorf("a plain code warns %q", rec.Header().Get("X-QR-Warning"))
	}
}

// A payee name past EPC217-08's conversion table is carried by EPC069-12's
// UTF-8 as given, with a warning on the code and on its payload.
func TestEPCCharactersAreWarnedInAHeader(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	query := "?name=%C3%84rzte%20%E2%82%AC%F0%9F%98%80&iban=DE89370400440532013000"
	for _, path := range []string{"/api/v1/epc" + query, "/api/v1/epc/payload" + query, "/api/v1/epc/payload" + query + "&format=text"} {
		rec := fetch(t, h, base+path)
		if w := rec.Header().Get("X-QR-Warning"); rec.Code != http.StatusOK || !strings.Contains(w, "name has U+20AC, U+1F600") {
			t.Errorf("%s: %d warning %q", path, rec.Code, w)
		}
		if strings.HasSuffix(path, "format=text") && rec.Body.String() != "BCD\n002\n1\nSCT\n\nÄrzte €😀\nDE89370400440532013000" {
			t.Errorf("%s: %q, want the name as given", path, rec.Body)
		}
	}
	if rec := fetch(t, h, base+"/api/v1/epc/payload"+query); !strings.Contains(rec.Body.String(), `"warning":"name has U+20AC`) {
		t.Errorf("payload JSON: %s", rec.Body)
	}
	if rec := fetch(t, h, base+"/api/v1/epc?name=M%C3%BCller&iban=DE89370400440532013000"); rec.Header().Get("X-QR-Warning") != "" {
		t.Errorf("Müller warns %q; EPC217-08 converts ü", rec.Header().Get("X-QR-Warning"))
	}
}

// POST /api/v1/qr/batch and /api/v1/decode read their bodies only: a query
// they would ignore (?output=zip, which answered the JSON of URLs) is a
// 400. The batch's fix moves output into the body and options into its
// style, and answers what the query asked for; cache busters pass.
func TestBodyEndpointsRefuseAQuery(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	body := []byte(`{"items":[{"data":"a"}],"style":{"color":"navy"}}`)
	rec := post(t, h, base+"/api/v1/qr/batch?output=zip&size=300", "application/json", body)
	p := readProblem(t, rec, http.StatusBadRequest, "invalid-parameter")
	if p.Field != "output" || !strings.Contains(p.Detail, "output, size") {
		t.Errorf("batch query: field %q, detail %q", p.Field, p.Detail)
	}
	_, fixed, ok := strings.Cut(p.Fix, "-d '")
	if !ok {
		t.Fatalf("fix %q is not a curl call with a body", p.Fix)
	}
	fixed = strings.TrimSuffix(fixed, "'")
	if want := `{"items":[{"data":"a"}],"output":"zip","style":{"color":"navy","size":"300"}}`; fixed != want {
		t.Errorf("fix's body %s, want %s", fixed, want)
	}
	if rec := post(t, h, base+"/api/v1/qr/batch", "application/json", []byte(fixed)); rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/zip" {
		t.Errorf("the fix answers %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	if rec := post(t, h, base+"/api/v1/qr/batch?_=1", "application/json", body); rec.Code != http.StatusOK {
		t.Errorf("a cache buster: %d %s", rec.Code, rec.Body.String())
	}

	png := fetch(t, h, base+"/api/v1/qr?data=hi").Body.Bytes()
	rec = post(t, h, base+"/api/v1/decode?mode=fast", "image/png", png)
	if p := readProblem(t, rec, http.StatusBadRequest, "invalid-parameter"); p.Field != "mode" || !strings.Contains(p.Fix, "/api/v1/decode") {
		t.Errorf("decode query: field %q, fix %q", p.Field, p.Fix)
	}
	if rec := post(t, h, base+"/api/v1/decode?_=1", "image/png", png); rec.Code != http.StatusOK {
		t.Errorf("decode with a cache buster: %d %s", rec.Code, rec.Body.String())
	}
}

// A 404 whose nearest kind would refuse the query without a fix says
// why there is none: /api/v1/calendar?title=X lacks the event's start,
// and read as having no fix while /api/v1/sepa?name=X&iban=Y had one.
func TestNotFoundSaysWhyTheKindMeantHasNoFix(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	for _, c := range []struct{ path, says string }{
		{"/api/v1/calendar?title=Launch", "start"},
		{"/api/v1/ical?title=Launch&start=2026-10-01T19:00", "start is an RFC 3339 date-time"},
		{"/api/v1/sepa?name=Jo", "iban"},
	} {
		rec := fetch(t, h, base+c.path)
		var p problem
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || rec.Code != http.StatusNotFound {
			t.Fatalf("%s: %d %s", c.path, rec.Code, rec.Body.String())
		}
		if p.Fix != "" || p.Example == "" || !strings.Contains(p.Detail, "refused with no fix") || !strings.Contains(p.Detail, c.says) {
			t.Errorf("%s: %q, fix %q, example %q", c.path, p.Detail, p.Fix, p.Example)
		}
	}
	rec := fetch(t, h, base+"/api/v1/calendar?title=Launch&start=2026-10-01T19:00:00Z")
	if !strings.Contains(rec.Body.String(), `"fix":"`+base+`/api/v1/event?title=Launch`) {
		t.Errorf("a whole query: %s", rec.Body.String())
	}
}
