package kinds

import (
	"regexp"
	"strings"
	"time"

	"github.com/qrforge/qrforge/registry"
)

// PayNow is a Singapore PayNow QR code (SGQR's PayNow payload): an EMV
// QRCPS-MPM payload whose merchant account template (ID "26", GUID
// SG.PAYNOW) names the receiver by a PayNow proxy, a mobile number or a
// company's UEN, which every Singapore banking app resolves.
//
// The Association of Banks in Singapore's PayNow QR specification is not
// public; the template's sub-fields (00 GUID, 01 proxy type 0 mobile / 2
// UEN, 02 proxy value up to 16 characters, 03 amount editable 0/1, 04
// expiry YYYYMMDD or YYYYMMDDHHMMSS) are those the banks' published
// merchant tables and the reference implementations (ThunderQuoteTeam/
// PaynowQR, jaynzr/go-paynow) agree on.
type PayNow struct {
	Proxy     string `json:"proxy" validate:"required" jsonschema_description:"PayNow proxy of the receiver: a Singapore mobile number (+6591234567, or 8 digits starting with 8 or 9) or a company's UEN (Unique Entity Number, 9 or 10 characters ending in a letter: 201403121W)." identity:"true" title:"PayNow mobile or UEN"`
	ProxyType string `json:"proxy_type" meant:"phone=mobile,phone-number=mobile,mobile-number=mobile,handphone=mobile" validate:"omitempty,oneofci=mobile uen" jsonschema:"enum=mobile,enum=uen" jsonschema_description:"mobile or uen. Default: mobile for a +65 or 8-digit number, uen otherwise." title:"Proxy type"`
	Amount    string `json:"amount" jsonschema_description:"Amount in Singapore dollars with '.' and at most 2 decimals (12.34), greater than zero, at most 13 characters. Omit it to let the payer enter the amount." title:"Amount (SGD)"`
	Editable  string `json:"editable" validate:"omitempty,oneofci=true false 1 0 yes no" jsonschema:"enum=true,enum=false" jsonschema_description:"Whether the payer may change the amount: true/false (also 1/0, yes/no). Default: true without an amount, false with one." title:"Payer may change the amount"`
	Expiry    string `json:"expiry" jsonschema_description:"Last day the code may be paid, YYYYMMDD (20301231) or 2030-12-31, or a moment YYYYMMDDHHMMSS. Omit it for a code that does not expire." title:"Pay by"`
	Name      string `json:"name" jsonschema_description:"Receiver's name (merchant name, ID 59), at most 25 characters, accents removed. Default NA." identity:"true" title:"Receiver name"`
	City      string `json:"city" jsonschema_description:"Merchant city (ID 60), at most 15 characters. Default Singapore." identity:"true" title:"City"`
	Reference string `json:"reference" jsonschema_description:"Reference the payer's bank passes on (bill number, ID 62-01), at most 25 characters: an invoice or order number for reconciliation." identity:"true" title:"Bill reference"`
}

const (
	payNowGUID        = "SG.PAYNOW"
	payNowMobile      = "0"
	payNowUEN         = "2"
	payNowExampleUEN  = "201403121W"
	payNowDefaultName = "NA"
	payNowDefaultCity = "Singapore"
)

var (
	// payNowUENShape is one of ACRA's three UEN formats: 8 digits and a
	// check letter (businesses), 9 digits and a check letter (local
	// companies, the first four the year), or R/S/T, two digits of the
	// year, a two-letter entity type, 4 digits and a check letter. The
	// check letter's algorithm is not published by ACRA and is not checked.
	payNowUENShape = regexp.MustCompile(`^(?:[0-9]{8}[A-Z]|[0-9]{9}[A-Z]|[RST][0-9]{2}[A-Z]{2}[0-9]{4}[A-Z])$`)
	payNowAmount   = decimalAmount{unit: "SGD", decimals: 2, cite: "EMV QRCPS-MPM, ID 54 Transaction Amount"}
)

func init() {
	registry.Register(registry.Kind[PayNow]{
		Name:     "paynow",
		Currency: "SGD",
		Title:    "PayNow (Singapore)",
		Purpose:  registry.PaymentsAsia,
		Summary:  "Receive a PayNow payment in Singapore (SGQR PayNow code, SGD)",
		Standard: registry.Standard{
			Name:    "PayNow QR (Association of Banks in Singapore) on EMV QRCPS Merchant-Presented Mode",
			Version: "EMV QRCPS-MPM 1.1",
			Section: "merchant account template ID 26 (GUID SG.PAYNOW: 01 proxy type, 02 proxy value, 03 editable, 04 expiry); 53 = 702, 58 = SG",
		},
		Examples: []PayNow{
			{Proxy: payNowExampleUEN, Amount: "500", Editable: "true", Expiry: "20301231", Name: "ACME Pte Ltd.", Reference: "TQINV-10001"},
			{Proxy: "+6591234567"},
			{Proxy: "9123 4567", Amount: "12.34", Reference: "INV1234"},
		},
		Check:        checkPayNow,
		Encode:       encodePayNow,
		ParseNotKept: emvParseNotKept(parsePayNow, checkPayNow, encodePayNow),
	})
}

func checkPayNow(p *PayNow) []registry.FieldError {
	var errs []registry.FieldError
	if err := payNowProxy(p); err != nil {
		errs = append(errs, *err)
	}
	if err := checkAmount(payNowAmount, &p.Amount, 13); err != nil {
		errs = append(errs, *err)
	}
	if p.Editable == "" {
		p.Editable = "true"
		if p.Amount != "" {
			p.Editable = "false"
		}
	}
	p.Editable = strings.ToLower(p.Editable)
	if p.Expiry != "" {
		e, ok := payNowExpiry(p.Expiry)
		if !ok {
			fix, why := payNowDateFix(p.Expiry, true)
			errs = append(errs, registry.FieldError{Field: "expiry", Detail: "expiry is a calendar date YYYYMMDD or a moment YYYYMMDDHHMMSS (PayNow template 26, sub-field 04)" + why, Fix: fix})
		} else {
			p.Expiry = e
		}
	}
	if p.Name == "" {
		p.Name = payNowDefaultName
	}
	if p.City == "" {
		p.City = payNowDefaultCity
	}
	errs = append(errs, emvTexts(
		emvTextField{"name", &p.Name, 25, "EMV QRCPS-MPM, ID 59 Merchant Name: up to 25 characters", payNowDefaultName},
		emvTextField{"city", &p.City, 15, "EMV QRCPS-MPM, ID 60 Merchant City: up to 15 characters", payNowDefaultCity},
		emvTextField{"reference", &p.Reference, 25, "EMV QRCPS-MPM, ID 62-01 Bill Number: up to 25 characters", ""},
	)...)
	return errs
}

// payNowProxy checks and normalises the proxy in place: a mobile number
// as +65 and 8 digits, a UEN in capitals.
func payNowProxy(p *PayNow) *registry.FieldError {
	plus, digits, bad := splitPhoneNumber(p.Proxy)
	kind := strings.ToLower(p.ProxyType)
	if kind == "" {
		kind = "uen"
		if bad == noBadRune && (plus || len(digits) == 8 || len(digits) == 10 && strings.HasPrefix(digits, "65")) {
			kind = "mobile"
		}
	}
	p.ProxyType = kind
	if kind == "uen" {
		uen := strings.ToUpper(strings.TrimSpace(p.Proxy))
		if !payNowUENShape.MatchString(uen) {
			return &registry.FieldError{Field: "proxy", Detail: "proxy is not a UEN: 8 or 9 digits and a check letter, or R/S/T, 2 digits, 2 letters, 4 digits and a check letter (ACRA Unique Entity Number formats); a mobile number is +65 and 8 digits", Fix: payNowExampleUEN}
		}
		p.Proxy = uen
		return nil
	}
	national := digits
	if len(digits) == 10 && strings.HasPrefix(digits, "65") || plus {
		national = strings.TrimPrefix(digits, "65")
	}
	switch {
	case bad != noBadRune:
		return &registry.FieldError{Field: "proxy", Detail: "proxy is a mobile number with " + describeRune(bad) + "; write +65 and 8 digits", Fix: ""}
	case plus && !strings.HasPrefix(digits, "65"):
		return &registry.FieldError{Field: "proxy", Detail: "proxy is a mobile number outside Singapore; PayNow mobile proxies are +65 numbers", Fix: ""}
	case len(national) != 8 || national[0] != '8' && national[0] != '9':
		return &registry.FieldError{Field: "proxy", Detail: "proxy is a Singapore mobile number: +65 and 8 digits starting with 8 or 9 (IMDA national numbering plan)", Fix: ""}
	}
	p.Proxy = "+65" + national
	return nil
}

// payNowExpiry reads an expiry date or moment and writes it as the PayNow
// template's sub-field 04 carries it.
func payNowExpiry(s string) (string, bool) {
	s = strings.ReplaceAll(strings.TrimSpace(s), "-", "")
	layout := map[int]string{8: "20060102", 14: "20060102150405"}[len(s)]
	if layout == "" || !allDigits(s) {
		return "", false
	}
	if _, err := time.Parse(layout, s); err != nil {
		return "", false
	}
	return s, true
}

// encodePayNow writes the fields in the order of ThunderQuoteTeam's
// PaynowQR generator: 00, 01, 26 {00, 01, 02, 03, 04}, 52 (0000), 53
// (702, SGD), 54, 58 SG, 59, 60, 62 {01}. The point of initiation is 12
// (dynamic, one payment) when the code carries an amount and 11 (static,
// reusable) otherwise, as in every reference vector but one.
func encodePayNow(p PayNow) string {
	proxyType := payNowUEN
	if p.ProxyType == "mobile" {
		proxyType = payNowMobile
	}
	editable := "0"
	if parseBool(p.Editable) {
		editable = "1"
	}
	return emvMerchant{
		Accounts: []emvObject{{"26", emvJoin(
			emvObject{"00", payNowGUID},
			emvObject{"01", proxyType},
			emvObject{"02", p.Proxy},
			emvObject{"03", editable},
			emvObject{"04", p.Expiry},
		)}},
		MCC: "0000", Currency: "702", Amount: p.Amount, Country: "SG", Name: p.Name, City: p.City,
		Additional: []emvObject{{"01", p.Reference}},
	}.payload()
}

// parsePayNow reads a PayNow payload. Proxy types other than mobile and UEN
// (NRIC, VPA) have no field here and are left alone.
func parsePayNow(payload string) (PayNow, bool) {
	root, ok := emvParse(payload)
	if !ok || root.get("00") != "01" {
		return PayNow{}, false
	}
	t, ok := root.template(payNowGUID)
	if !ok {
		return PayNow{}, false
	}
	if c := root.get("53"); c != "" && c != "702" {
		return PayNow{}, false
	}
	p := PayNow{
		Proxy:  t.get("02"),
		Expiry: t.get("04"),
		Amount: root.get("54"),
		Name:   root.get("59"),
		City:   root.get("60"),
	}
	switch t.get("01") {
	case payNowMobile:
		p.ProxyType = "mobile"
	case payNowUEN:
		p.ProxyType = "uen"
	default:
		return PayNow{}, false
	}
	switch t.get("03") {
	case "1":
		p.Editable = "true"
	case "0":
		p.Editable = "false"
	}
	if extra, ok := emvSplit(root.get("62")); ok {
		p.Reference = extra.get("01")
	}
	return p, p.Proxy != ""
}
