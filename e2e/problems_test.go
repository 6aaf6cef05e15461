//go:build e2e

package e2e

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// problem is an RFC 9457 problem document with qrforge's fix extension.
type problem struct {
	Type    string `json:"type"`
	Title   string `json:"title"`
	Status  int    `json:"status"`
	Detail  string `json:"detail"`
	Fix     string `json:"fix"`
	Example string `json:"example"`
}

// Every 4xx is a problem document whose fix URL, followed as is, works.
func TestProblemDocumentsHaveWorkingFixes(t *testing.T) {
	longData := strings.Repeat("qrforge-e2e-", 300) // beyond version 40 at level H
	cases := []struct {
		name, method, target string
		status               int
		kind                 string
	}{
		{"size too large", http.MethodGet, "/api/v1/qr?" + url.Values{"data": {shortPayload}, "size": {"5000"}}.Encode(), 400, "invalid-parameter"},
		{"unknown style", http.MethodGet, "/api/v1/qr?" + url.Values{"data": {shortPayload}, "style": {"rounded2"}}.Encode(), 400, "invalid-parameter"},
		{"unknown eye", http.MethodGet, "/api/v1/qr?" + url.Values{"data": {"hello"}, "eye": {"circel"}}.Encode(), 400, "invalid-parameter"},
		{"bad colour", http.MethodGet, "/api/v1/qr?" + url.Values{"data": {"hello"}, "color": {"#12345"}}.Encode(), 400, "invalid-parameter"},
		{"data too long", http.MethodGet, "/api/v1/qr?" + url.Values{"data": {longData}, "ec": {"H"}}.Encode(), 400, "data-too-long"},
		{"unknown path", http.MethodGet, "/galery", 404, "not-found"},
		// A common name for a QR endpoint elsewhere; the fix should lead to ours.
		{"near-miss API path", http.MethodGet, "/api/v1/qrcode?data=hello", 404, "not-found"},
		{"PUT", http.MethodPut, "/api/v1/qr?data=hello", 405, "method-not-allowed"},
		// Fields that would change nothing: the fix drops them, or keeps
		// what the call says elsewhere.
		{"verify with a format", http.MethodGet, "/api/v1/verify?data=hello&format=svg", 400, "invalid-parameter"},
		{"path form against its extension", http.MethodGet, "/q/hello.png?format=svg", 400, "invalid-parameter"},
		{"vCard TYPE without its value", http.MethodGet, "/api/v1/vcard?fn=Ann&email2_type=work", 400, "invalid-parameter"},
		// Under a near name, or twice where the values agree in meaning:
		// refused, and the fix keeps the caller's values.
		{"payload text beside json", http.MethodGet, "/api/v1/wifi/payload?ssid=Home&password=abcdefgh1&format=text&format=json", 400, "invalid-parameter"},
		{"wifi sec", http.MethodGet, "/api/v1/wifi?ssid=Home&password=12345&sec=WEP", 400, "invalid-parameter"},
		{"size not whole", http.MethodGet, "/api/v1/qr?data=hello&size=300.5", 400, "invalid-parameter"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			resp, body := do(t, c.method, baseURL+c.target)
			if resp.StatusCode != c.status {
				t.Fatalf("status %d, want %d; body: %.300s", resp.StatusCode, c.status, body)
			}
			if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/problem+json") {
				t.Fatalf("Content-Type %q, want application/problem+json", ct)
			}
			if cc := resp.Header.Get("Cache-Control"); !strings.Contains(cc, "no-store") {
				t.Errorf("Cache-Control %q: an error must not be cached (want no-store)", cc)
			}
			var p problem
			if err := json.Unmarshal(body, &p); err != nil {
				t.Fatalf("body is not JSON: %v: %.300s", err, body)
			}
			if p.Status != c.status || p.Title == "" || p.Detail == "" {
				t.Errorf("problem lacks status/title/detail: %+v", p)
			}
			if !strings.HasSuffix(p.Type, "/"+c.kind) {
				t.Errorf("type %q, want kind %s", p.Type, c.kind)
			}
			if p.Fix == "" {
				t.Fatalf("problem has no fix: %s", body)
			}
			method, fixURL := followableFix(t, p.Fix)
			fixed, fixedBody := do(t, method, fixURL)
			if fixed.StatusCode != http.StatusOK {
				t.Fatalf("following fix %q: status %d, want 200; body: %.300s", p.Fix, fixed.StatusCode, fixedBody)
			}
		})
	}
}

// A parameter given twice with different values is refused without a
// fix, as only the caller knows which value is meant (a fix chose an IBAN
// or an SSID once); the problem's example, followed, works.
func TestGivenTwiceHasNoFixButAWorkingExample(t *testing.T) {
	for _, target := range []string{
		"/qr?text=Hi&text=Bye",
		"/api/v1/verify?data=hello&robustness=off&robustness=full",
		"/api/v1/wifi?ssid=Home&SSID=Office&password=secret123",
	} {
		resp, body := do(t, http.MethodGet, baseURL+target)
		var p problem
		if err := json.Unmarshal(body, &p); err != nil || resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: %d %.300s, want a 400 problem document", target, resp.StatusCode, body)
			continue
		}
		if p.Fix != "" || p.Example == "" || !strings.Contains(p.Detail, "twice") {
			t.Errorf("%s: fix %q, example %q, detail %q: want no fix, an example, and the detail saying twice", target, p.Fix, p.Example, p.Detail)
			continue
		}
		if example, _ := do(t, http.MethodGet, p.Example); example.StatusCode != http.StatusOK {
			t.Errorf("%s: following the example %s: %d", target, p.Example, example.StatusCode)
		}
	}
}

// followableFix turns a fix into a request: either a URL (relative ones are
// resolved against the server) to GET, or a curl command line of the form
// curl [-X METHOD] 'URL'. A fix needing more (a body, a file) is not
// something a user can follow as given for these requests, so it fails.
func followableFix(t *testing.T, fix string) (method, target string) {
	t.Helper()
	method = http.MethodGet
	if strings.HasPrefix(fix, "curl ") {
		args := strings.Fields(fix)[1:]
		if len(args) >= 2 && args[0] == "-X" {
			method, args = args[1], args[2:]
		}
		if len(args) != 1 {
			t.Fatalf("fix %q needs more than a request to follow", fix)
		}
		fix = strings.Trim(args[0], "'\"")
	}
	u, err := url.Parse(fix)
	if err != nil {
		t.Fatalf("fix %q is neither a URL nor a curl call: %v", fix, err)
	}
	base, _ := url.Parse(baseURL)
	return method, base.ResolveReference(u).String()
}

// problemFix is the query of a problem document's fix URL.
func problemFix(t *testing.T, body []byte) url.Values {
	t.Helper()
	var p problem
	if err := json.Unmarshal(body, &p); err != nil || p.Fix == "" {
		t.Fatalf("not a problem document with a fix: %.300s", body)
	}
	u, err := url.Parse(p.Fix)
	if err != nil {
		t.Fatalf("fix %q is not a URL: %v", p.Fix, err)
	}
	return u.Query()
}
