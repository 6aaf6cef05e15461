package server_test

import (
	"net/http"
	"net/url"
	"testing"
)

// TestDecodeReadsMicroAndRMQR: a Micro QR Code and an rMQR made by
// /api/v1/qr read back through /api/v1/decode, with the symbol named as
// the X-QR-Symbol header of the image named it.
func TestDecodeReadsMicroAndRMQR(t *testing.T) {
	for _, c := range []struct {
		query, data, symbol string
	}{
		{"symbol=micro", "12345", "micro"},
		{"symbol=micro&level=M", "qrforge", "micro"},
		{"symbol=micro&level=Q&size=64", "HELLO", "micro"},
		{"symbol=rmqr&rmqrheight=7", "LOT-47", "rmqr"},
		{"symbol=rmqr&level=H&size=600", "https://qrforge.example/lot/4711", "rmqr"},
	} {
		target := "/api/v1/qr?data=" + url.QueryEscape(c.data) + "&" + c.query
		rec := get(t, target)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: status %d: %s", target, rec.Code, rec.Body.String())
		}
		designator := rec.Header().Get("X-QR-Symbol")
		d := postImage(t, handler, "image/png", rec.Body.Bytes())
		if len(d.Results) != 1 {
			t.Fatalf("%s: %d results, want 1: %+v", c.query, len(d.Results), d)
		}
		r := d.Results[0]
		if r.Text != c.data || r.Symbol != c.symbol || r.Designator != designator {
			t.Errorf("%s: read %q %s %s, want %q %s %s", c.query, r.Text, r.Symbol, r.Designator, c.data, c.symbol, designator)
		}
		if len(r.Bounds) != 4 {
			t.Errorf("%s: bounds %v", c.query, r.Bounds)
		}
	}
	// A QR Code's result names no symbol.
	d := postImage(t, handler, "image/png", ok(t, "/api/v1/qr?data=plain"))
	if len(d.Results) != 1 || d.Results[0].Symbol != "" || d.Results[0].Designator != "" {
		t.Errorf("QR Code: %+v", d)
	}
}

// TestVerifyReadsMicroAndRMQR: verify reads its own Micro QR Codes and
// rMQRs back, so they are scannable, their decode check passes, and the
// robustness grid reads them undegraded (its gentlest levels).
func TestVerifyReadsMicroAndRMQR(t *testing.T) {
	for _, q := range []string{"data=12345&symbol=micro", "data=LOT-47&symbol=rmqr&rmqrheight=7"} {
		v := verifyWith(t, handler, "/api/v1/verify?robustness=full&"+q)
		if r := v.Robustness; r == nil || r.Score == 0 || len(r.Conditions) == 0 || !r.Conditions[0].Levels[0].Read {
			t.Errorf("%s: robustness %+v", q, r)
		}
		if !v.Matches || !v.Scannable {
			t.Errorf("%s: matches %v, scannable %v, decoded %q", q, v.Matches, v.Scannable, v.Decoded)
		}
		if c := v.Checks[0]; c.Name != "decode" || !c.Pass || c.Status != "pass" {
			t.Errorf("%s: decode check %+v", q, c)
		}
	}
}
