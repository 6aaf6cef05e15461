package server_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// eci=utf8 (the default) marks non-ASCII data as UTF-8, eci=none does not,
// and any other value is a 400 whose fix names the default.
func TestECIOption(t *testing.T) {
	const data = "data=Gr%C3%BC%C3%9Fe&format=json"
	byDefault := ok(t, "/api/v1/qr?"+data)
	if !bytes.Equal(byDefault, ok(t, "/api/v1/qr?"+data+"&eci=utf8")) {
		t.Error("eci=utf8 differs from the default")
	}
	if bytes.Equal(byDefault, ok(t, "/api/v1/qr?"+data+"&eci=none")) {
		t.Error("eci=none draws the same modules as ECI 26")
	}
	if !bytes.Equal(ok(t, "/api/v1/qr?data=abc&format=json&eci=none"), ok(t, "/api/v1/qr?data=abc&format=json")) {
		t.Error("ASCII data got an ECI header")
	}
	rec := get(t, "/api/v1/qr?data=x&eci=latin1")
	var p problem
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || rec.Code != http.StatusBadRequest || p.Field != "eci" || !strings.Contains(p.Fix, "eci=utf8") {
		t.Errorf("eci=latin1: %d %s", rec.Code, rec.Body.String())
	}
}

// The ETag, and so the response cache, tells eci=none from ECI 26.
func TestECIChangesTheETag(t *testing.T) {
	const target = "/api/v1/qr?data=caf%C3%A9"
	utf8 := get(t, target)
	none := get(t, target+"&eci=none")
	if utf8.Header().Get("ETag") == none.Header().Get("ETag") || bytes.Equal(utf8.Body.Bytes(), none.Body.Bytes()) {
		t.Errorf("eci=none answers the ECI 26 image: ETags %s and %s", utf8.Header().Get("ETag"), none.Header().Get("ETag"))
	}
}

// Bytes that are not UTF-8 are refused wherever text is read, with a
// problem naming the parameter and no fix: ECI 26 says UTF-8, and which
// text the bytes stood for only the caller knows. Control characters no
// reader shows are refused in the fields that carry text; the fix drops
// them from a message, never from a network's name.
func TestTextIsUTF8Everywhere(t *testing.T) {
	for _, c := range []struct{ target, field, fix string }{
		{"/api/v1/qr?data=%FF%FE", "data", ""},
		{"/api/v1/qr?data=caf%E9&eci=none", "data", ""},
		{"/q/%FF%FE.png", "data", ""},
		{"/api/v1/text?text=%FF", "text", ""},
		{"/api/v1/wifi/payload?ssid=%FF&password=abcdefgh1", "ssid", ""},
		{"/api/v1/wifi/payload?ssid=a%01b&password=abcdefgh1", "ssid", ""},
		{"/api/v1/wifi/payload?ssid=a%0Ab&password=abcdefgh1", "ssid", ""},
		{"/api/v1/email/payload?to=a@b.com&subject=%FF", "subject", ""},
		{"/api/v1/email/payload?to=a@b.com&body=a%1Bb", "body", "body=ab"},
		{"/api/v1/sms/payload?number=%2B15551212&message=%FF", "message", ""},
		{"/api/v1/whatsapp/payload?number=%2B15550100100&message=%FF", "message", ""},
		{"/api/v1/dogecoin/payload?address=DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkE&message=%FF", "message", ""},
	} {
		p := readProblem(t, get(t, c.target), http.StatusBadRequest, "invalid-parameter")
		if p.Field != c.field || (p.Fix == "") != (c.fix == "") || !strings.Contains(p.Fix, c.fix) {
			t.Errorf("%s: field %q, fix %q; want %s refused, fix %q", c.target, p.Field, p.Fix, c.field, c.fix)
		}
	}
}

// A JSON body is UTF-8 (RFC 8259 §8.1): one that is not is refused, where
// a JSON decoder would read U+FFFD into the code in place of its bytes.
func TestJSONBodyIsUTF8(t *testing.T) {
	for _, c := range []struct{ target, body string }{
		{"/api/v1/qr", "{\"data\": \"caf\xe9\"}"},
		{"/api/v1/wifi", "{\"ssid\": \"\xff\", \"password\": \"abcdefgh1\"}"},
		{"/api/v1/qr/batch", "{\"items\": [{\"data\": \"caf\xe9\"}]}"},
	} {
		p := readProblem(t, post(t, handler, c.target, "application/json", []byte(c.body)), http.StatusBadRequest, "invalid-parameter")
		if !strings.Contains(p.Detail, "not UTF-8") || !strings.Contains(p.Detail, "RFC 8259") {
			t.Errorf("%s %q: detail %q, want the body refused as not UTF-8", c.target, c.body, p.Detail)
		}
	}
}

// An escaped half of a surrogate pair alone stands for no character (RFC
// 8259 §8.2): it is refused, where a JSON decoder would read U+FFFD. An
// escaped pair is its character, U+1D11E here.
func TestJSONBodyEscapesNoLoneSurrogate(t *testing.T) {
	for _, c := range []struct{ target, body string }{
		{"/api/v1/qr", `{"data": "caf\udce9"}`},
		{"/api/v1/wifi", `{"ssid": "a\ud834", "password": "abcdefgh1"}`},
		{"/api/v1/qr/batch", `{"items": [{"data": "\ud834 \udd1e"}]}`},
	} {
		p := readProblem(t, post(t, handler, c.target, "application/json", []byte(c.body)), http.StatusBadRequest, "invalid-parameter")
		if !strings.Contains(p.Detail, "surrogate pair alone") || !strings.Contains(p.Detail, "RFC 8259 §8.2") {
			t.Errorf("%s %s: detail %q; want the escape refused", c.target, c.body, p.Detail)
		}
	}
	rec := post(t, handler, "/api/v1/qr", "application/json", []byte(`{"data": "clef \ud834\udd1e"}`))
	if rec.Code != http.StatusOK || decodeQR(t, rec.Body.Bytes()) != "clef \U0001D11E" {
		t.Fatalf("an escaped pair: %d %.200s", rec.Code, rec.Body.String())
	}
}
