package server_test

import (
	"bytes"
	"fmt"
	"net/http"
	"testing"

	"github.com/qrforge/qrforge/server"
)

// The text to encode under a word people use for it (?message=hello,
// ?link=…) and no data has one reading: the fix gives it as data, and
// draws what data draws; the same holds for a batch item. Two such words,
// or value holding a number (an amount?), keep no fix.
func TestTextUnderAnotherWordIsData(t *testing.T) {
	h := server.New(server.Config{BaseURL: base})
	for call, want := range map[string]string{
		"/api/v1/qr?message=hello":                              "/api/v1/qr?data=hello",
		"/api/v1/qr?link=https%3A%2F%2Fexample.com%2Fa":         "/api/v1/qr?data=https%3A%2F%2Fexample.com%2Fa",
		"/api/v1/qr?value=hello%20world&size=300":               "/api/v1/qr?data=hello%20world&size=300",
		"/api/v1/qr?payload=WIFI%3AS%3ACafe%3BT%3Anopass%3B%3B": "/api/v1/qr?data=WIFI%3AS%3ACafe%3BT%3Anopass%3B%3B",
	} {
		p := readProblem(t, fetch(t, h, base+call), http.StatusBadRequest, "invalid-parameter")
		if p.Fix != base+want {
			t.Errorf("%s: fix %q, want %s (%s)", call, p.Fix, want, p.Detail)
			continue
		}
		fixed, direct := fetch(t, h, p.Fix), fetch(t, h, base+want)
		if fixed.Code != http.StatusOK || !bytes.Equal(fixed.Body.Bytes(), direct.Body.Bytes()) {
			t.Errorf("%s: the fix answers %d or other bytes than data's call", call, fixed.Code)
		}
	}
	for _, call := range []string{"/api/v1/qr?value=12.50", "/api/v1/qr?message=a&link=b", "/api/v1/qr?message=a&foo=b", "/api/v1/qr?message="} {
		if p := readProblem(t, fetch(t, h, base+call), http.StatusBadRequest, "invalid-parameter"); p.Fix != "" {
			t.Errorf("%s: fix %q (%s), want none", call, p.Fix, p.Detail)
		}
	}
	a := postBatch(t, h, `{"items": [{"message": "hello"}, {"message": "a", "link": "b"}, {"value": "12.5"}]}`)
	for i, want := range []string{base + "/api/v1/qr?data=hello", "", ""} {
		item := a.Items[i]
		if item.Error == nil {
			t.Fatalf("item %d drawn", i)
		}
		if item.Error.Fix != want {
			t.Errorf("item %d: fix %q, want %q (%s)", i, item.Error.Fix, want, fmt.Sprint(item.Error.Detail))
		}
	}
}
