package kinds_test

import (
	"bytes"
	"image"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
)

// The SIX IG QR-bill examples, as SwissQRBill's SampleQrCodeText (the
// reference implementation's test data) reproduces them, LF-separated.
var (
	swissIGExample1 = strings.Join([]string{
		"SPC", "0200", "1", "CH5800791123000889012",
		"S", "Robert Schneider AG", "Rue du Lac", "1268", "2501", "Biel", "CH",
		"", "", "", "", "", "", "",
		"3949.75", "CHF",
		"S", "Pia Rutschmann", "Marktgasse", "28", "9400", "Rorschach", "CH",
		"NON", "", "Bill no. 3139 for gardening work and disposal of waste material", "EPD",
	}, "\n")
	swissIGExample2 = strings.Join([]string{
		"SPC", "0200", "1", "CH4431999123000889012",
		"S", "Robert Schneider AG", "Rue du Lac", "1268", "2501", "Biel", "CH",
		"", "", "", "", "", "", "",
		"1949.75", "CHF",
		"S", "Pia-Maria Rutschmann-Schnyder", "Grosse Marktgasse", "28", "9400", "Rorschach", "CH",
		"QRR", "210000000003139471430009017", "Order dated 18.06.2020", "EPD",
		"//S1/01/20170309/11/10201409/20/14000000/22/36958/30/CH106017086/40/1020/41/3010",
		"UV;UltraPay005;12345", "XY;XYService;54321",
	}, "\n")
	swissIGExample3 = strings.Join([]string{
		"SPC", "0200", "1", "CH3709000000304442225",
		"S", "Salvation Army Foundation Switzerland", "", "", "3000", "Bern", "CH",
		"", "", "", "", "", "", "",
		"", "CHF",
		"", "", "", "", "", "", "",
		"NON", "", "Donnation to the Winterfest campaign", "EPD",
	}, "\n")
)

func swissCreditor(iban string) map[string]string {
	return map[string]string{"iban": iban, "creditor_name": "Robert Schneider AG", "creditor_street": "Rue du Lac", "creditor_building_number": "1268", "creditor_postal_code": "2501", "creditor_town": "Biel", "creditor_country": "CH"}
}

func with(base map[string]string, kv ...string) map[string]string {
	out := map[string]string{}
	for k, v := range base {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i]] = kv[i+1]
	}
	return out
}

const (
	qrIBAN = "CH4431999123000889012"
	iban   = "CH5800791123000889012"
)

func TestSwissQR(t *testing.T) {
	runVectors(t, "swissqr", []vector{
		{"IG example 1", "SIX IG QR-bill example 1 (NON, message), SwissQRBill SampleQrCodeText 1",
			with(swissCreditor("CH58 0079 1123 0008 8901 2"), "amount", "3949.75", "currency", "CHF",
				"debtor_name", "Pia Rutschmann", "debtor_street", "Marktgasse", "debtor_building_number", "28", "debtor_postal_code", "9400", "debtor_town", "Rorschach", "debtor_country", "CH",
				"message", "Bill no. 3139 for gardening work and disposal of waste material"),
			swissIGExample1},
		{"IG example 2", "SIX IG QR-bill example 2 (QR-IBAN, QRR, bill information, AV1 and AV2; 34 lines), SwissQRBill SampleQrCodeText 2",
			with(swissCreditor(qrIBAN), "amount", "1949.75", "currency", "CHF",
				"debtor_name", "Pia-Maria Rutschmann-Schnyder", "debtor_street", "Grosse Marktgasse", "debtor_building_number", "28", "debtor_postal_code", "9400", "debtor_town", "Rorschach", "debtor_country", "CH",
				"reference_type", "QRR", "reference", "21 00000 00003 13947 14300 09017", "message", "Order dated 18.06.2020",
				"bill_info", "//S1/01/20170309/11/10201409/20/14000000/22/36958/30/CH106017086/40/1020/41/3010",
				"alt_scheme1", "UV;UltraPay005;12345", "alt_scheme2", "XY;XYService;54321"),
			swissIGExample2},
		{"IG example 3", "SIX IG QR-bill example 3 (no amount, no debtor, no street), SwissQRBill SampleQrCodeText 3",
			map[string]string{"iban": "CH37 0900 0000 3044 4222 5", "creditor_name": "Salvation Army Foundation Switzerland", "creditor_postal_code": "3000", "creditor_town": "Bern", "creditor_country": "CH",
				"message": "Donnation to the Winterfest campaign"},
			swissIGExample3},
		// SwissQRBill's SCOR sample has a combined (K) debtor, which v2.3
		// withdraws; the same bill without a debtor.
		{"SCOR", "SwissQRBill SampleQrCodeText 4 (SCOR RF18539007547034) without its type-K debtor",
			with(swissCreditor(iban), "amount", "199.95", "reference", "RF18 5390 0754 7034"),
			strings.Join([]string{"SPC", "0200", "1", iban, "S", "Robert Schneider AG", "Rue du Lac", "1268", "2501", "Biel", "CH",
				"", "", "", "", "", "", "", "199.95", "CHF", "", "", "", "", "", "", "", "SCOR", "RF18539007547034", "", "EPD"}, "\n")},
		{"amount written with two decimals, EUR, LI", "IG QR-bill data element Amt (two decimals); Ccy EUR",
			with(swissCreditor("LI21088100002324013AA"), "amount", "50.5", "currency", "EUR", "creditor_country", "LI", "creditor_postal_code", "9490", "creditor_town", "Vaduz"),
			strings.Join([]string{"SPC", "0200", "1", "LI21088100002324013AA", "S", "Robert Schneider AG", "Rue du Lac", "1268", "9490", "Vaduz", "LI",
				"", "", "", "", "", "", "", "50.50", "EUR", "", "", "", "", "", "", "", "NON", "", "", "EPD"}, "\n")},
		{"extended Latin", "IG QR-bill v2.3 extended character set (Latin Extended-A, €)",
			with(swissCreditor(iban), "creditor_name", "Łukasz Żółć € Ș", "message", "Façture n° 7"),
			strings.Join([]string{"SPC", "0200", "1", iban, "S", "Łukasz Żółć € Ș", "Rue du Lac", "1268", "2501", "Biel", "CH",
				"", "", "", "", "", "", "", "", "CHF", "", "", "", "", "", "", "", "NON", "", "Façture n° 7", "EPD"}, "\n")},
	})
	long := strings.Repeat("x", 71)
	runBad(t, "swissqr", []bad{
		{"QR-IBAN with SCOR", with(swissCreditor(qrIBAN), "reference", "RF18539007547034"), "reference_type"},
		{"QR-IBAN with NON", swissCreditor(qrIBAN), "reference_type"},
		{"QR-IBAN with NON given", with(swissCreditor(qrIBAN), "reference_type", "NON"), "reference_type"},
		{"IBAN with QRR", with(swissCreditor(iban), "reference", "210000000003139471430009017"), "reference_type"},
		{"wrong QRR check digit", with(swissCreditor(qrIBAN), "reference", "210000000003139471430009018"), "reference"},
		{"QRR of 26 digits", with(swissCreditor(qrIBAN), "reference", "21000000000313947143000901"), "reference"},
		{"QRR all zeros", with(swissCreditor(qrIBAN), "reference", "000000000000000000000000000"), "reference"},
		{"wrong RF check digits", with(swissCreditor(iban), "reference", "RF19539007547034"), "reference"},
		{"SCOR without reference", with(swissCreditor(iban), "reference_type", "SCOR"), "reference"},
		{"NON with a reference", with(swissCreditor(iban), "reference_type", "NON", "reference", "RF18539007547034"), "reference"},
		{"unknown reference type", with(swissCreditor(iban), "reference_type", "ESR"), "reference_type"},
		{"IBAN of Germany", swissCreditor("DE89370400440532013000"), "iban"},
		{"IBAN check digits", swissCreditor("CH5900791123000889012"), "iban"},
		{"IBAN length", swissCreditor("CH580079112300088901"), "iban"},
		{"missing IBAN", with(swissCreditor(""), "iban", ""), "iban"},
		{"currency USD", with(swissCreditor(iban), "currency", "USD"), "currency"},
		{"creditor name over 70", with(swissCreditor(iban), "creditor_name", long), "creditor_name"},
		{"missing creditor name", with(swissCreditor(iban), "creditor_name", ""), "creditor_name"},
		{"creditor street over 70", with(swissCreditor(iban), "creditor_street", long), "creditor_street"},
		{"building number over 16", with(swissCreditor(iban), "creditor_building_number", strings.Repeat("1", 17)), "creditor_building_number"},
		{"postal code over 16", with(swissCreditor(iban), "creditor_postal_code", strings.Repeat("1", 17)), "creditor_postal_code"},
		{"missing postal code", with(swissCreditor(iban), "creditor_postal_code", ""), "creditor_postal_code"},
		{"town over 35", with(swissCreditor(iban), "creditor_town", strings.Repeat("x", 36)), "creditor_town"},
		{"missing town", with(swissCreditor(iban), "creditor_town", ""), "creditor_town"},
		{"lower-case country", with(swissCreditor(iban), "creditor_country", "ch"), "creditor_country"},
		{"unknown country", with(swissCreditor(iban), "creditor_country", "XX"), "creditor_country"},
		{"missing country", with(swissCreditor(iban), "creditor_country", ""), "creditor_country"},
		{"debtor without town", with(swissCreditor(iban), "debtor_name", "Pia", "debtor_postal_code", "9400", "debtor_country", "CH"), "debtor_town"},
		{"debtor without name", with(swissCreditor(iban), "debtor_town", "Rorschach", "debtor_postal_code", "9400", "debtor_country", "CH"), "debtor_name"},
		{"debtor name over 70", with(swissCreditor(iban), "debtor_name", long, "debtor_postal_code", "9400", "debtor_town", "Rorschach", "debtor_country", "CH"), "debtor_name"},
		{"debtor country", with(swissCreditor(iban), "debtor_name", "Pia", "debtor_postal_code", "9400", "debtor_town", "Rorschach", "debtor_country", "Schweiz"), "debtor_country"},
		{"amount 0", with(swissCreditor(iban), "amount", "0"), "amount"},
		{"amount with 3 decimals", with(swissCreditor(iban), "amount", "1.005"), "amount"},
		{"amount over the maximum", with(swissCreditor(iban), "amount", "1000000000.00"), "amount"},
		{"amount with a comma", with(swissCreditor(iban), "amount", "10,50"), "amount"},
		{"message over 140", with(swissCreditor(iban), "message", strings.Repeat("m", 141)), "message"},
		{"message and bill_info over 140", with(swissCreditor(iban), "message", strings.Repeat("m", 100), "bill_info", "//S1/"+strings.Repeat("1", 40)), "message"},
		{"bill_info without //", with(swissCreditor(iban), "bill_info", "S1/10/123"), "bill_info"},
		{"alt_scheme2 alone", with(swissCreditor(iban), "alt_scheme2", "XY;XYService;54321"), "alt_scheme2"},
		{"alt_scheme1 over 100", with(swissCreditor(iban), "alt_scheme1", strings.Repeat("a", 101)), "alt_scheme1"},
		{"emoji in message", with(swissCreditor(iban), "message", "Thanks 🙂"), "message"},
		{"line break in creditor name", with(swissCreditor(iban), "creditor_name", "Robert\nSchneider"), "creditor_name"},
		{"CJK in debtor town", with(swissCreditor(iban), "debtor_name", "Li", "debtor_postal_code", "100000", "debtor_town", "北京", "debtor_country", "CN"), "debtor_town"},
	})
	recogniseVectors(t, "swissqr", []recognised{
		{"IG example 2", "SIX IG QR-bill example 2", swissIGExample2, map[string]string{
			"iban": qrIBAN, "creditor_name": "Robert Schneider AG", "creditor_street": "Rue du Lac", "creditor_building_number": "1268", "creditor_postal_code": "2501", "creditor_town": "Biel", "creditor_country": "CH",
			"amount": "1949.75", "currency": "CHF",
			"debtor_name": "Pia-Maria Rutschmann-Schnyder", "debtor_street": "Grosse Marktgasse", "debtor_building_number": "28", "debtor_postal_code": "9400", "debtor_town": "Rorschach", "debtor_country": "CH",
			"reference_type": "QRR", "reference": "210000000003139471430009017", "message": "Order dated 18.06.2020",
			"bill_info":   "//S1/01/20170309/11/10201409/20/14000000/22/36958/30/CH106017086/40/1020/41/3010",
			"alt_scheme1": "UV;UltraPay005;12345", "alt_scheme2": "XY;XYService;54321",
		}, swissIGExample2},
		{"CR LF and a final separator", "IG QR-bill §4.1.4 (CR LF or LF); SIX FAQ: the last line break may be kept",
			strings.ReplaceAll(swissIGExample3, "\n", "\r\n") + "\r\n",
			map[string]string{"iban": "CH3709000000304442225", "creditor_name": "Salvation Army Foundation Switzerland", "creditor_postal_code": "3000", "creditor_town": "Bern", "creditor_country": "CH",
				"currency": "CHF", "reference_type": "NON", "message": "Donnation to the Winterfest campaign"},
			swissIGExample3},
		{"version 0203", "SwissQRBill reads any 02xx version (letter from SIX, 5 August 2020)",
			strings.Replace(swissIGExample3, "0200", "0203", 1),
			map[string]string{"iban": "CH3709000000304442225", "creditor_name": "Salvation Army Foundation Switzerland", "creditor_postal_code": "3000", "creditor_town": "Bern", "creditor_country": "CH",
				"currency": "CHF", "reference_type": "NON", "message": "Donnation to the Winterfest campaign"},
			swissIGExample3},
	})
	combined := strings.Replace(swissIGExample1, "S\nPia Rutschmann\nMarktgasse\n28\n9400\nRorschach", "K\nPia Rutschmann\nMarktgasse 28\n9400 Rorschach\n\n", 1)
	ultimate := strings.Replace(swissIGExample3, "CH\n\n\n\n\n\n\n\n\nCHF", "CH\nS\nX\n\n\n1000\nBern\nCH\n\nCHF", 1)
	notRecognised(t, "swissqr", []string{
		combined, ultimate,
		strings.Replace(swissIGExample3, "SPC", "SPD", 1),
		strings.Replace(swissIGExample3, "0200", "0100", 1),
		strings.Replace(swissIGExample3, "EPD", "END", 1),
		strings.Join(strings.Split(swissIGExample3, "\n")[:30], "\n"),
		"BCD\n002\n1\nSCT\n\nShop\nDE89370400440532013000",
	})
	if combined == swissIGExample1 || ultimate == swissIGExample3 {
		t.Fatal("the unrecognised variants did not change the example")
	}
}

// TestSwissQRCross renders every example with the kind's Swiss cross at
// three sizes and reads it back with gozxing at level M.
func TestSwissQRCross(t *testing.T) {
	k := lookup(t, "swissqr")
	h := k.Hints()
	if h.Level != render.LevelM || h.Overlay.Size != 7.0/46 || len(h.Overlay.Layers) == 0 {
		t.Fatalf("hints %+v: want level M and the 7/46 Swiss cross", h)
	}
	for _, ex := range k.Examples() {
		payload, errs := k.Build(ex)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		sym, err := render.Encode(payload, h.Level)
		if err != nil || sym.Version > h.MaxVersion {
			t.Fatalf("version %d (%v), want at most %d", sym.Version, err, h.MaxVersion)
		}
		for _, size := range []int{300, 600, 1200} {
			o := render.DefaultOptions()
			o.Size, o.Overlay = size, h.Overlay
			png, err := render.PNG(sym, o)
			if err != nil {
				t.Fatal(err)
			}
			img, _, err := image.Decode(bytes.NewReader(png))
			if err != nil {
				t.Fatal(err)
			}
			bmp, _ := gozxing.NewBinaryBitmapFromImage(img)
			res, err := qrcode.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true, gozxing.DecodeHintType_CHARACTER_SET: "UTF-8"})
			if err != nil || res.GetText() != payload {
				t.Fatalf("v%d with the Swiss cross at %d px: %v", sym.Version, size, err)
			}
		}
	}
}

// TestSwissQRCheckDigit checks the modulo 10 recursive digit (IG QR-bill,
// Annex B) on the QR reference of the IG QR-bill's example and on
// references built from it.
func TestSwissQRCheckDigit(t *testing.T) {
	k := lookup(t, "swissqr")
	good := 0
	for d := '0'; d <= '9'; d++ {
		ref := "21000000000313947143000901" + string(d)
		if _, errs := k.Build(with(swissCreditor(qrIBAN), "reference", ref)); len(errs) == 0 {
			good++
			if d != '7' {
				t.Errorf("check digit %c accepted, want only 7 (IG QR-bill, Annex B: modulo 10, recursive)", d)
			}
		}
	}
	if good != 1 {
		t.Fatalf("%d check digits accepted, want exactly one", good)
	}
}

// A Swiss QR Code with a combined (K) address, which IG QR-bill v2.3
// withdrew, is not read, and says why: a scan named it text without a
// word.
func TestSwissQRWithACombinedAddressSaysWhy(t *testing.T) {
	k := strings.Replace(swissIGExample1, "\nS\nRobert Schneider AG\nRue du Lac\n1268\n2501\nBiel\n", "\nK\nRobert Schneider AG\nRue du Lac 1268\n2501 Biel\n\n\n", 1)
	if k == swissIGExample1 {
		t.Fatal("the example did not change")
	}
	kind, e, ok := registry.Refused(k, false, "text", "url")
	if !ok || kind.Name() != "swissqr" || !strings.Contains(e.Detail, "type K") {
		t.Errorf("K address: refused %v by %v: %+v", ok, kind, e)
	}
	if _, _, ok := registry.Refused(swissIGExample1, false, "text", "url"); ok {
		t.Error("the SIX example is refused")
	}
}
