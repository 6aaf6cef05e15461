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
