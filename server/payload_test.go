package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// /payload answers JSON by default, with '&' as itself, and the bare
// payload as text/plain for format=text or an Accept preferring it.
func TestPayloadTextAndJSON(t *testing.T) {
	const path = "/api/v1/url/payload?url=https%3A%2F%2Fexample.com%2F%3Fa%3D1%26b%3D2"
	const want = "https://example.com/?a=1&b=2"
	for _, c := range []struct {
		name, target, accept string
		text                 bool
	}{
		{"default", path, "", false},
		{"any", path, "*/*", false},
		{"json preferred", path, "application/json, text/plain;q=0.5", false},
		{"text preferred", path, "text/plain", true},
		{"text before json", path, "text/plain, application/json;q=0.9", true},
		{"format=text", path + "&format=text", "application/json", true},
		{"format=TEXT first", "/api/v1/url/payload?format=TEXT&url=https%3A%2F%2Fexample.com%2F%3Fa%3D1%26b%3D2", "", true},
		{"f=text", path + "&f=text", "", true},
		{"type=text", path + "&type=text", "", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			var rec = get(t, c.target)
			if c.accept != "" {
				rec = get(t, c.target, "Accept", c.accept)
			}
			if rec.Code != http.StatusOK {
				t.Fatalf("status %d: %s", rec.Code, rec.Body.String())
			}
			ct := rec.Header().Get("Content-Type")
			if rec.Header().Get("Vary") != "Accept" {
				t.Errorf("Vary %q, want Accept", rec.Header().Get("Vary"))
			}
			if c.text {
				if ct != "text/plain; charset=utf-8" || rec.Body.String() != want {
					t.Errorf("%s %q, want text/plain %q", ct, rec.Body.String(), want)
				}
				return
			}
			if !strings.HasPrefix(ct, "application/json") {
				t.Errorf("Content-Type %q, want JSON", ct)
			}
			if strings.Contains(rec.Body.String(), `\u0026`) || !strings.Contains(rec.Body.String(), want) {
				t.Errorf("body %s: want %q with '&' unescaped", rec.Body.String(), want)
			}
			var p struct{ Kind, Payload string }
			if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || p.Payload != want || p.Kind != "url" {
				t.Errorf("body %s (%v)", rec.Body.String(), err)
			}
		})
	}
	// A raw ';' is part of a value, with format=text as without it.
	rec := get(t, "/api/v1/wifi/payload?ssid=a;b&password=12345678&format=text")
	if rec.Code != http.StatusOK || rec.Body.String() != `WIFI:T:WPA;S:a\;b;P:12345678;;` {
		t.Errorf("raw ';' with format=text: %d %s", rec.Code, rec.Body.String())
	}
	// text beside another format would leave one of them unread: refused,
	// and the fix answers text.
	for _, both := range []string{"&format=text&format=json", "&format=text&f=png"} {
		p := readProblem(t, get(t, path+both), http.StatusBadRequest, "invalid-parameter")
		if rec := follow(t, p); rec.Code != http.StatusOK || rec.Body.String() != want {
			t.Errorf("%s: the fix %s answers %d %q", both, p.Fix, rec.Code, rec.Body.String())
		}
	}
	// A refused field is still a problem document with format=text.
	readProblem(t, get(t, "/api/v1/url/payload?url=ftp%3A%2F%2Fx&format=text"), http.StatusBadRequest, "invalid-parameter")
}
