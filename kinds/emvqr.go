package kinds

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// EMVQR is a generic EMVCo merchant-presented payment code (EMV QR Code
// Specification for Payment Systems, Merchant-Presented Mode, v1.1): one
// merchant account information template (IDs 26 to 51) named by its
// Globally Unique Identifier, with the sub-fields the payment scheme
// defines, and the merchant's category, currency, country, name and city.
// The national profiles (qris, duitnow, sgqr, khqr, qrph, bharatqr,
// paynow, vietqr, promptpay, pix) are the same payload with their
// scheme's template filled in for the caller.
//
// The rules are EMV QRCPS-MPM v1.1 §4 as the national specifications
// restate it (PayNet DuitNow QR v1.5 "QR Data Object", KHQR v1.0 §4,
// NAPAS QR Switching v1.5.2 §5): the EMVCo text itself is not in the
// stored corpus.
type EMVQR struct {
	GUI        string `json:"gui" validate:"required" jsonschema_description:"Globally Unique Identifier of the payment scheme (merchant account template sub-field 00): a reverse domain name (SG.PAYNOW, ID.CO.QRIS.WWW) or an application identifier of 5 to 16 bytes in hex (A0000006150001), at most 32 characters." identity:"true" title:"Scheme identifier (GUID or AID)"`
	Tag        string `json:"tag" jsonschema_description:"ID of the merchant account information template, 26 to 51 (default 26)." title:"Account template ID"`
	Account    string `json:"account" jsonschema_description:"The template's other sub-fields as ID=value pairs separated by ';', IDs 01 to 99 ascending: 01=201403121W;03=1. Each value is printable ASCII without ';'." identity:"true" title:"Merchant account"`
	MCC        string `json:"mcc" jsonschema_description:"Merchant category code (ID 52), 4 digits of ISO 18245 (5411 groceries, 5812 restaurants). Default 0000." title:"Merchant category code"`
	Currency   string `json:"currency" validate:"required" jsonschema_description:"Transaction currency (ID 53): ISO 4217 numeric code or letters (702 or SGD); written as the numeric code." title:"Currency"`
	Amount     string `json:"amount" jsonschema_description:"Transaction amount (ID 54) with '.' as decimal point, at most 13 characters and the currency's decimals. With an amount the code is dynamic (ID 01 = 12); without, static (11) and the payer enters it." title:"Amount"`
	Tip        string `json:"tip" validate:"omitempty,oneof=01 02 03" jsonschema:"enum=01,enum=02,enum=03" jsonschema_description:"Tip or convenience indicator (ID 55): 01 asks the payer for a tip, 02 adds the fixed fee, 03 the percentage fee_percent." title:"Tip"`
	Fee        string `json:"fee" jsonschema_description:"Fixed convenience fee (ID 56), with tip 02." title:"Convenience fee"`
	FeePercent string `json:"fee_percent" jsonschema_description:"Percentage convenience fee (ID 57), 00.01 to 99.99, with tip 03." title:"Convenience fee (%)"`
	Country    string `json:"country" validate:"required" jsonschema_description:"Merchant's country (ID 58), ISO 3166-1 alpha-2 (SG, ID, MY)." title:"Country"`
	Name       string `json:"name" validate:"required" jsonschema_description:"Merchant name (ID 59), 1 to 25 characters; accents are removed." identity:"true" title:"Merchant name"`
	City       string `json:"city" validate:"required" jsonschema_description:"Merchant city (ID 60), 1 to 15 characters." identity:"true" title:"City"`
	Postal     string `json:"postal" jsonschema_description:"Postal code (ID 61), up to 10 characters." identity:"true" title:"Postal code"`
	Bill       string `json:"bill" jsonschema_description:"Bill or invoice number (ID 62-01), up to 25 characters." identity:"true" title:"Bill number"`
	Mobile     string `json:"mobile" jsonschema_description:"Mobile number (ID 62-02), up to 25 characters." identity:"true" title:"Mobile number"`
	Store      string `json:"store" jsonschema_description:"Store label (ID 62-03), up to 25 characters." title:"Store label"`
	Loyalty    string `json:"loyalty" jsonschema_description:"Loyalty number (ID 62-04), up to 25 characters." identity:"true" title:"Loyalty number"`
	Reference  string `json:"reference" jsonschema_description:"Reference label (ID 62-05) for reconciliation, up to 25 characters." identity:"true" title:"Reference label"`
	Customer   string `json:"customer" jsonschema_description:"Customer label (ID 62-06), up to 25 characters." identity:"true" title:"Customer label"`
	Terminal   string `json:"terminal" jsonschema_description:"Terminal label (ID 62-07), up to 25 characters." title:"Terminal label"`
	Purpose    string `json:"purpose" jsonschema_description:"Purpose of transaction (ID 62-08), up to 25 characters." title:"Purpose of the payment"`
}

var (
	// emvGUIShape is EMV QRCPS-MPM §4.2.1's GUI: an AID (RID and PIX,
	// 5 to 16 bytes written in hex) or a reverse domain name.
	emvGUIShape  = regexp.MustCompile(`^(?:[0-9A-Fa-f]{10,32}|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)$`)
	emvSubTagIDs = regexp.MustCompile(`^[0-9]{2}$`)
)

func init() {
	registry.Register(registry.Kind[EMVQR]{
		Name:       "emvqr",
		Title:      "EMV merchant QR (any scheme)",
		AlsoCalled: []string{"emv", "emvco", "merchant"},
		Purpose:    registry.PaymentsWorldwide,
		Summary:    "Receive a payment with any EMVCo merchant-presented QR scheme (EMV QRCPS-MPM)",
		Standard: registry.Standard{
			Name:    "EMV QR Code Specification for Payment Systems (EMV QRCPS), Merchant-Presented Mode",
			Version: "1.1",
			Section: "§4 data objects 00-63; §4.2.1 merchant account information 26-51; §4.2.10 additional data 62; CRC-16/CCITT-FALSE in 63",
			URL:     "https://www.emvco.com/specifications/emv-qr-code-specification-for-payment-systems-emv-qrcps-merchant-presented-mode/",
		},
		Examples: []EMVQR{
			{GUI: "SG.PAYNOW", Account: "01=2;02=201403121W;03=1", Currency: "SGD", Country: "SG", Name: "ACME Pte Ltd.", City: "Singapore"},
			{GUI: "A0000006150001", Account: "01=890053;02=110292837332", Currency: "458", Amount: "12.50", Country: "MY", Name: "JAMESONLAM", City: "Kuala Lumpur", Reference: "INV-42"},
			{GUI: "com.example.pay", Tag: "40", Account: "01=SHOP-0042", MCC: "5812", Currency: "EUR", Amount: "9.90", Tip: "01", Country: "DE", Name: "Cafe Mitte", City: "Berlin", Postal: "10115", Terminal: "T1"},
		},
		Check:     checkEMVQR,
		SplitWord: splitEMVAmount,
		Encode:    encodeEMVQR,
		Parse:     parseEMVQR,
		Misread:   emvMisread,
	})
}

func checkEMVQR(e *EMVQR) []registry.FieldError {
	var errs []registry.FieldError
	if e.GUI = strings.TrimSpace(e.GUI); !emvGUIShape.MatchString(e.GUI) || len(e.GUI) > 32 {
		errs = append(errs, registry.FieldError{Field: "gui", Detail: "gui is the scheme's Globally Unique Identifier: an AID in hex (A0000006150001) or a reverse domain name (SG.PAYNOW), at most 32 characters (" + emvRule + " §4.2.1, sub-field 00)", Fix: ""})
	}
	if e.Tag = strings.TrimSpace(e.Tag); e.Tag == "" {
		e.Tag = "26"
	}
	if len(e.Tag) != 2 || e.Tag < "26" || e.Tag > "51" || !allDigits(e.Tag) {
		errs = append(errs, registry.FieldError{Field: "tag", Detail: "tag is the merchant account template's ID, 26 to 51 (" + emvRule + " §4.2.1; 02-25 are reserved for card schemes)", Fix: "26"})
	}
	subs, err := emvParseSubTags(e.Account)
	if err != nil {
		errs = append(errs, *err)
	} else {
		e.Account = emvFormatSubTags(subs)
		if terr := emvCheckTemplate("account", e.Tag, append([]emvObject{{"00", e.GUI}}, subs...)...); terr != nil {
			errs = append(errs, *terr)
		}
	}
	if err := emvCheckMCC("mcc", &e.MCC, "0000"); err != nil {
		errs = append(errs, *err)
	}
	minor, cerr := emvCheckCurrency("currency", &e.Currency, "")
	if cerr != nil {
		errs = append(errs, *cerr)
	} else {
		if err := emvCheckAmount("amount", &e.Amount, minor, iso4217[e.Currency].alpha); err != nil {
			errs = append(errs, *err)
		}
		errs = append(errs, emvCheckTip(&e.Tip, &e.Fee, &e.FeePercent, minor)...)
	}
	if err := emvCheckCountry("country", &e.Country, ""); err != nil {
		errs = append(errs, *err)
	}
	errs = append(errs, emvTexts(
		emvTextField{"name", &e.Name, 25, emvRule + " §4.2.7, ID 59 Merchant Name: up to 25 characters", ""},
		emvTextField{"city", &e.City, 15, emvRule + " §4.2.8, ID 60 Merchant City: up to 15 characters", ""},
		emvTextField{"postal", &e.Postal, 10, emvRule + " §4.2.9, ID 61 Postal Code: up to 10 characters", ""},
	)...)
	add := e.additional()
	errs = append(errs, add.check()...)
	if len(errs) == 0 {
		if err := emvCheckTemplate("reference", "62", add.objects()...); err != nil {
			errs = append(errs, *err)
		}
	}
	return errs
}

func (e *EMVQR) additional() emvAdditional {
	return emvAdditional{&e.Bill, &e.Mobile, &e.Store, &e.Loyalty, &e.Reference, &e.Customer, &e.Terminal, &e.Purpose}
}

func encodeEMVQR(e EMVQR) string {
	subs, _ := emvParseSubTags(e.Account)
	return emvMerchant{
		Accounts: []emvObject{{e.Tag, emvJoin(append([]emvObject{{"00", e.GUI}}, subs...)...)}},
		MCC:      e.MCC, Currency: e.Currency, Amount: e.Amount, Tip: e.Tip, FeeFixed: e.Fee, FeePercent: e.FeePercent,
		Country: e.Country, Name: e.Name, City: e.City, Postal: e.Postal,
		Additional: e.additional().objects(),
	}.payload()
}

// parseEMVQR reads a payload with exactly one merchant account template
// (26-51) and only the root objects above; a payload it cannot write back
// byte for byte (two schemes, card-scheme IDs 02-25, proprietary
// templates) is left alone. It is a generic kind: a scheme's own kind
// names the payload first.
func parseEMVQR(payload string) (EMVQR, bool) {
	root, ok := emvParse(payload)
	if !ok || root.get("00") != "01" {
		return EMVQR{}, false
	}
	var e EMVQR
	templates := 0
	for _, o := range root {
		switch {
		case o.id >= "26" && o.id <= "51":
			templates++
			sub, ok := emvSplit(o.value)
			if !ok || sub[0].id != "00" {
				return EMVQR{}, false
			}
			e.Tag, e.GUI, e.Account = o.id, sub[0].value, emvFormatSubTags(sub[1:])
		case strings.Contains(" 00 01 52 53 54 55 56 57 58 59 60 61 62 ", " "+o.id+" "):
		default:
			return EMVQR{}, false
		}
	}
	if templates != 1 {
		return EMVQR{}, false
	}
	e.MCC, e.Currency, e.Amount, e.Tip, e.Fee, e.FeePercent = root.get("52"), root.get("53"), root.get("54"), root.get("55"), root.get("56"), root.get("57")
	e.Country, e.Name, e.City, e.Postal = root.get("58"), root.get("59"), root.get("60"), root.get("61")
	if extra, ok := emvSplit(root.get("62")); ok {
		e.additional().read(extra)
	}
	return emvRoundTrip(payload, e, checkEMVQR, encodeEMVQR)
}

// emvRoundTrip returns the parsed fields only when they pass the kind's
// checks and write the payload back unchanged, so that a payload with
// objects the kind has no field for is never claimed.
func emvRoundTrip[F any](payload string, f F, check func(*F) []registry.FieldError, encode func(F) string) (F, bool) {
	g := f
	if errs := check(&g); len(errs) > 0 || encode(g) != payload {
		var zero F
		return zero, false
	}
	return f, true
}

// emvParseSubTags reads "01=value;02=value" into data objects with IDs
// 01 to 99 in ascending order and printable ASCII values.
func emvParseSubTags(s string) ([]emvObject, *registry.FieldError) {
	var out []emvObject
	bad := func(detail string) *registry.FieldError {
		return &registry.FieldError{Field: "account", Detail: "account is the template's sub-fields as ID=value pairs separated by ';' (01=201403121W;03=1): " + detail + " (" + emvRule + " §4.2.1)", Fix: ""}
	}
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	last := "00"
	for _, pair := range strings.Split(strings.TrimSuffix(strings.TrimSpace(s), ";"), ";") {
		id, value, ok := strings.Cut(strings.TrimSpace(pair), "=")
		switch {
		case !ok || !emvSubTagIDs.MatchString(id):
			return nil, bad(strconv.Quote(pair) + " is not ID=value with a two-digit ID")
		case id <= last:
			return nil, bad("ID " + id + " comes after " + last + "; IDs are 01 to 99, each once, ascending")
		case value == "":
			return nil, bad("ID " + id + " has no value")
		case len(value) > emvMaxValue:
			return nil, bad("ID " + id + " has more than 99 characters")
		}
		for _, r := range value {
			if r < 0x20 || r > 0x7e {
				return nil, bad("ID " + id + " has characters outside printable ASCII")
			}
		}
		out = append(out, emvObject{id, value})
		last = id
	}
	return out, nil
}

func emvFormatSubTags(objs []emvObject) string {
	parts := make([]string, len(objs))
	for i, o := range objs {
		parts[i] = o.id + "=" + o.value
	}
	return strings.Join(parts, ";")
}

// splitEMVAmount reads an amount written with the one currency it names
// (12.50 SGD, 12,50 €) where currency is left out: EMV QRCPS-MPM v1.1
// carries the currency apart, as its ISO 4217 numeric code in ID 53
// (§4.2.4), and the amount in ID 54 (§4.2.5), so the fix writes each
// under its field. A sign of several currencies ($) names none.
func splitEMVAmount(word, value string) (map[string]string, bool) {
	if word != "amount" {
		return nil, false
	}
	_, codes := namedCurrency(value)
	if len(codes) != 1 {
		return nil, false
	}
	n, ok := iso4217Numeric(codes[0])
	if !ok {
		return nil, false
	}
	amount := amountFix(value, iso4217[n].minor, codes[0])
	if amount == "" {
		return nil, false
	}
	return map[string]string{"amount": amount, "currency": codes[0]}, true
}
