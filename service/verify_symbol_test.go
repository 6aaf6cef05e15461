package service

import (
	"context"
	"testing"
)

// Verify names a Micro QR Code or an rMQR as decode does: its symbol type
// and its designator (M1 to M4-Q, ISO/IEC 18004:2015 Table 7; R7x43-M to
// R17x139-H, ISO/IEC 23941:2022 Table 1), since version alone does not
// tell M1 from a QR Code of version 1, nor says which of 32 sizes an rMQR
// is. A QR Code is named by version and level as before.
func TestVerifyNamesMicroAndRMQRSymbols(t *testing.T) {
	s := New(Config{BaseURL: "http://qr.test"})
	for _, c := range []struct{ query, symbol, designator string }{
		{"data=12345&symbol=micro", "micro", "M1"},
		{"data=hello%20wor&symbol=micro&ec=Q", "micro", "M4-Q"},
		{"data=LOT-4711&symbol=rmqr&rmqrheight=7", "rmqr", "R7x59-H"},
		{"data=12345", "", ""},
	} {
		v, p := s.Verify(context.Background(), Request{Query: c.query + "&robustness=off"})
		if p != nil {
			t.Fatalf("%s: %s", c.query, p.Detail)
		}
		if !v.Matches || v.Symbol != c.symbol || v.Designator != c.designator {
			t.Errorf("%s: matches %v, symbol %q, designator %q; want %q, %q", c.query, v.Matches, v.Symbol, v.Designator, c.symbol, c.designator)
		}
	}
}
