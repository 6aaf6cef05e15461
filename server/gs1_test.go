package server_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
)

// The gs1 kind's element form is a GS1 QR Code: FNC1 in first position,
// which gozxing reports as the symbology identifier ]Q3 (ISO/IEC
// 18004:2015 Annex F), and the element string with its group separator.
func TestGS1ElementFormIsAGS1QRCode(t *testing.T) {
	body := ok(t, "/api/v1/gs1?gtin=9506000134352&batch=LOT-ABC&serial=1234&expiry=2027-12-31&form=element")
	bmp, err := gozxing.NewBinaryBitmapFromImage(pngImage(t, body))
	if err != nil {
		t.Fatal(err)
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatalf("gozxing cannot read the code: %v", err)
	}
	want := "010950600013435217271231" + "10LOT-ABC\x1d" + "211234"
	id := res.GetResultMetadata()[gozxing.ResultMetadataType_SYMBOLOGY_IDENTIFIER]
	if res.GetText() != want || id != "]Q3" {
		t.Errorf("read %q with identifier %v; want %q with ]Q3", res.GetText(), id, want)
	}
	link := ok(t, "/api/v1/gs1?gtin=9506000134352&batch=LOT-ABC")
	bmp, _ = gozxing.NewBinaryBitmapFromImage(pngImage(t, link))
	res, err = qrcode.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		t.Fatal(err)
	}
	if id := res.GetResultMetadata()[gozxing.ResultMetadataType_SYMBOLOGY_IDENTIFIER]; id != "]Q1" {
		t.Errorf("a Digital Link reads with identifier %v, want ]Q1 (no FNC1)", id)
	}
}

// What a GS1 QR Code cannot be is refused with the reason: Micro QR has
// no FNC1 mode, and no logo is drawn over one.
func TestGS1ElementFormRefusals(t *testing.T) {
	for _, c := range []struct{ query, field, says string }{
		{"&symbol=micro", "symbol", "Micro QR"},
		{"&logo=wifi", "logo", "no logo"},
		{"&domain=brand.example.com", "domain", "form element carries no link"},
		{"&append=2", "append", "drop append"},
		{"&symbol=rmqr", "symbol", "rMQR"},
	} {
		rec := get(t, "/api/v1/gs1?gtin=9506000134352&form=element"+c.query)
		p := readProblem(t, rec, http.StatusBadRequest, "invalid-parameter")
		if !strings.Contains(rec.Body.String(), `"`+c.field+`"`) || !strings.Contains(p.Detail+rec.Body.String(), c.says) {
			t.Errorf("%s: %s", c.query, rec.Body.String())
		}
	}
	// auto means the smaller symbol that can hold the data: a QR Code.
	rec := get(t, "/api/v1/gs1?gtin=9506000134352&form=element&symbol=auto")
	if rec.Code != http.StatusOK || strings.HasPrefix(rec.Header().Get("X-QR-Symbol"), "M") {
		t.Errorf("symbol=auto: %d, X-QR-Symbol %q", rec.Code, rec.Header().Get("X-QR-Symbol"))
	}
}

// A serial GS1 cannot carry has no fix: one that drops the '#' would name
// another item. The problem shows the kind's example instead.
func TestGS1SerialIsNeverCut(t *testing.T) {
	rec := get(t, "/api/v1/gs1/payload?gtin=09506000134352&serial=a/b%23d%25%26%3F%2B&batch=AB%22")
	p := readProblem(t, rec, http.StatusBadRequest, "invalid-parameter")
	if p.Field != "serial" || p.Fix != "" || !strings.Contains(p.Detail, "'#'") {
		t.Errorf("field %q, fix %q, detail %q: want serial refused for its '#', without a fix", p.Field, p.Fix, p.Detail)
	}
}
