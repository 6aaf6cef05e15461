package server_test

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// version draws the QR Code version asked for: X-QR-Version names it,
// the symbol is 17 + 4v modules a side (ISO/IEC 18004:2015 §5.3.1), and
// ZXing reads it back.
func TestVersionOption(t *testing.T) {
	const data = "HTTPS://QR.TEST/V1" // alphanumeric: version 1 holds 25 at L
	for _, v := range []int{1, 7, 25, 40} {
		target := "/api/v1/qr?data=" + url.QueryEscape(data) + "&version=" + strconv.Itoa(v)
		rec := get(t, target+"&size=1000")
		if rec.Code != http.StatusOK || rec.Header().Get("X-QR-Version") != strconv.Itoa(v) {
			t.Fatalf("%s: %d, X-QR-Version %q; %s", target, rec.Code, rec.Header().Get("X-QR-Version"), short(rec.Body.String()))
		}
		if got := decodeQR(t, rec.Body.Bytes()); got != data {
			t.Errorf("%s: read %q", target, got)
		}
		m := readMatrix(t, ok(t, target+"&format=json"))
		if n := 17 + 4*v; m.Version != v || m.Size != n || len(m.Matrix) != n {
			t.Errorf("%s: version %d, %d modules, %d rows; want %d modules", target, m.Version, m.Size, len(m.Matrix), n)
		}
	}
	// The version is part of the canonical request, and so of the ETag.
	if a, b := get(t, "/api/v1/qr?data=x&version=7").Header().Get("ETag"), get(t, "/api/v1/qr?data=x").Header().Get("ETag"); a == b {
		t.Errorf("version=7 and none share the ETag %s", a)
	}
}

// Too little room is a 400 whose fix is the smallest version that holds
// it all, and following it draws that version.
func TestVersionRefusals(t *testing.T) {
	long := strings.Repeat("abcdefghij", 10)
	for _, c := range []struct{ target, field, want string }{
		{"/api/v1/qr?data=" + long + "&version=3", "version", "5"},
		{"/api/v1/qr?data=" + long + "&version=3&ec=H", "version", "10"},
		{"/api/v1/qr?data=https://example.com&logo=wifi&version=10", "version", "6"},
		{"/api/v1/qr?data=12345&symbol=micro&version=3", "version", ""},
		{"/api/v1/qr?data=12345&symbol=rmqr&version=3", "version", ""},
		{"/api/v1/epc?name=Wikimedia&iban=DE33100205000001194700&bic=BFSWDE33BER&amount=1.23&version=002&qrversion=20", "qrversion", "13"},
	} {
		p := readProblem(t, get(t, c.target), http.StatusBadRequest, "invalid-parameter")
		fix, _ := url.Parse(p.Fix)
		if p.Field != c.field || fix.Query().Get(c.field) != c.want {
			t.Errorf("%s: field %s, fix %s; want %s=%q", c.target, p.Field, p.Fix, c.field, c.want)
		}
		rec := follow(t, p)
		if rec.Code != http.StatusOK || c.want != "" && rec.Header().Get("X-QR-Version") != c.want {
			t.Errorf("%s: fix %s answers %d, version %s", c.target, p.Fix, rec.Code, rec.Header().Get("X-QR-Version"))
		}
		if strings.Contains(c.target, "epc") && fix.Query().Get("version") != "002" {
			t.Errorf("%s: fix %s loses the EPC version field", c.target, p.Fix)
		}
	}
}

// On epc the version field is the payload's (EPC069-12 §3.3 BCD format
// version); qrversion sets the symbol's.
func TestVersionFieldAndOptionOnEPC(t *testing.T) {
	rec := get(t, "/api/v1/epc?name=Wikimedia&iban=DE33100205000001194700&bic=BFSWDE33BER&amount=1.23&version=002&qrversion=10&size=600")
	if rec.Code != http.StatusOK || rec.Header().Get("X-QR-Version") != "10" {
		t.Fatalf("%d, X-QR-Version %q: %s", rec.Code, rec.Header().Get("X-QR-Version"), short(rec.Body.String()))
	}
	if got := decodeQR(t, rec.Body.Bytes()); !strings.HasPrefix(got, "BCD\n002\n1\nSCT\n") {
		t.Errorf("payload %q, want EPC version 002", got)
	}
}
