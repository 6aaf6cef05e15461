package server_test

import (
	"net/http"
	"strings"
	"testing"
)

// Micro QR Codes have no ECI header (ISO/IEC 18004:2015 §7.4.2.1): with
// eci=utf8, the default, non-ASCII data is refused rather than written as
// bytes whose character set a reader guesses, and the fix, symbol=auto,
// draws the QR Code that names UTF-8. eci=none asks for the bytes as they
// are, and gets them.
func TestMicroWithDataThatNeedsECI(t *testing.T) {
	for _, q := range []string{"data=caf%C3%A9&symbol=micro", "data=caf%C3%A9&symbol=micro&eci=utf8"} {
		p := readProblem(t, get(t, "/api/v1/qr?"+q), http.StatusBadRequest, "invalid-parameter")
		if p.Field != "symbol" || !strings.Contains(p.Fix, "symbol=auto") || !strings.Contains(p.Detail, "ECI") {
			t.Fatalf("%s: field %q fix %q detail %q", q, p.Field, p.Fix, p.Detail)
		}
		_, target := fixTarget(t, p.Fix)
		rec := get(t, target)
		if rec.Code != http.StatusOK || rec.Header().Get("X-QR-Symbol") != "1-H" {
			t.Errorf("%s: the fix %s answers %d, symbol %q", q, p.Fix, rec.Code, rec.Header().Get("X-QR-Symbol"))
		}
	}
	if rec := get(t, "/api/v1/qr?data=caf%C3%A9&symbol=micro&eci=none"); rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("X-QR-Symbol"), "M") {
		t.Errorf("eci=none: %d, symbol %q", rec.Code, rec.Header().Get("X-QR-Symbol"))
	}
}

// Japanese text needs no ECI header in a Micro QR Code: Kanji mode (ISO/IEC
// 18004:2015 §7.4.6), which M3 and M4 have, is always Shift JIS. 東京 is
// two Kanji characters, which M3-M holds (Table 7: four), with either eci
// setting and with symbol=auto, whose Micro QR Code is smaller than any
// QR Code.
func TestMicroWritesJapaneseInKanjiMode(t *testing.T) {
	for _, q := range []string{"symbol=micro", "symbol=micro&eci=none", "symbol=auto"} {
		rec := get(t, "/api/v1/qr?data=%E6%9D%B1%E4%BA%AC&"+q)
		if rec.Code != http.StatusOK || rec.Header().Get("X-QR-Symbol") != "M3-M" {
			t.Errorf("%s: %d, symbol %q: %s", q, rec.Code, rec.Header().Get("X-QR-Symbol"), rec.Body.String())
		}
	}
}
