package kinds

import (
	"image/color"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/jacoelho/banking/iso3166"
	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
)

// SwissQR is the Swiss QR Code of a QR-bill: a payment to a Swiss or
// Liechtenstein account in CHF or EUR, read by every Swiss banking app.
//
// The rules follow SIX's Swiss Implementation Guidelines for the QR-bill
// (IG QR-bill) v2.3, in force since 22 November 2025: structured addresses
// only (address type S; the combined type K is withdrawn) and the extended
// Latin character set. The IG's text was not readable from a primary copy,
// so element rules are cited by the data element's name and were checked
// against SwissQRBill (manuelbl), the reference implementation that
// follows v2.3, and SIX's FAQ. The separator clause is §4.1.4.
type SwissQR struct {
	IBAN string `json:"iban" also:"account" validate:"required" jsonschema_description:"Creditor account: an IBAN or QR-IBAN of Switzerland (CH) or Liechtenstein (LI), 21 characters; spaces of the printed form are removed. A QR-IBAN (institution ID 30000-31999) takes a QR reference; an ordinary IBAN an RF creditor reference or none." identity:"true" title:"IBAN or QR-IBAN"`

	CreditorName           string `json:"creditor_name" also:"name,payee,payee_name,creditor,beneficiary" validate:"required,max=70" jsonschema_description:"Creditor (payee) name, up to 70 characters." identity:"true" title:"Payee name"`
	CreditorStreet         string `json:"creditor_street" also:"street" validate:"max=70" jsonschema_description:"Creditor street, up to 70 characters, without the building number." identity:"true" title:"Payee street"`
	CreditorBuildingNumber string `json:"creditor_building_number" also:"building_number,house_number,number" validate:"max=16" jsonschema_description:"Creditor building number, up to 16 characters." identity:"true" title:"Payee building number"`
	CreditorPostalCode     string `json:"creditor_postal_code" also:"postal_code,zip,postcode,zip_code" validate:"required,max=16" jsonschema_description:"Creditor postal code, up to 16 characters, without a country prefix." identity:"true" title:"Payee postal code"`
	CreditorTown           string `json:"creditor_town" also:"town,city" validate:"required,max=35" jsonschema_description:"Creditor town, up to 35 characters." identity:"true" title:"Payee town"`
	CreditorCountry        string `json:"creditor_country" also:"country" validate:"required" jsonschema:"pattern=^[A-Z]{2}$" jsonschema_description:"Creditor country: ISO 3166-1 alpha-2 code in capitals (CH, LI, DE ...)." identity:"true" title:"Payee country"`

	Amount   string `json:"amount" jsonschema_description:"Amount, 0.01 to 999999999.99 with '.' and at most 2 decimals; written with exactly 2 (1949.75). Omit it to let the payer enter the amount." title:"Amount"`
	Currency string `json:"currency" meant:"756=CHF,978=EUR,€=EUR,euro=EUR,euros=EUR,fr.=CHF,sfr.=CHF,franc=CHF,francs=CHF,swiss-franc=CHF,swiss-francs=CHF" validate:"omitempty,oneof=CHF EUR" jsonschema:"enum=CHF,enum=EUR" jsonschema_description:"Currency: CHF (default) or EUR." title:"Currency"`

	DebtorName           string `json:"debtor_name" also:"payer,payer_name,debtor" validate:"max=70" jsonschema_description:"Debtor (payer) name, up to 70 characters. The debtor is optional; when any debtor field is given, name, postal code, town and country are required." identity:"true" title:"Payer name"`
	DebtorStreet         string `json:"debtor_street" validate:"max=70" jsonschema_description:"Debtor street, up to 70 characters." identity:"true" title:"Payer street"`
	DebtorBuildingNumber string `json:"debtor_building_number" validate:"max=16" jsonschema_description:"Debtor building number, up to 16 characters." identity:"true" title:"Payer building number"`
	DebtorPostalCode     string `json:"debtor_postal_code" validate:"max=16" jsonschema_description:"Debtor postal code, up to 16 characters." identity:"true" title:"Payer postal code"`
	DebtorTown           string `json:"debtor_town" validate:"max=35" jsonschema_description:"Debtor town, up to 35 characters." identity:"true" title:"Payer town"`
	DebtorCountry        string `json:"debtor_country" jsonschema:"pattern=^[A-Z]{2}$" jsonschema_description:"Debtor country: ISO 3166-1 alpha-2 code in capitals." identity:"true" title:"Payer country"`

	ReferenceType string `json:"reference_type" validate:"omitempty,oneof=QRR SCOR NON" jsonschema:"enum=QRR,enum=SCOR,enum=NON" jsonschema_description:"Reference type: QRR (QR reference, required with a QR-IBAN), SCOR (ISO 11649 creditor reference) or NON (no reference). Inferred from reference when left out." title:"Reference type"`
	Reference     string `json:"reference" jsonschema_description:"Payment reference: a 27-digit QR reference with its modulo 10 recursive check digit (with a QR-IBAN), or an ISO 11649 creditor reference RF... (with an ordinary IBAN). Spaces are removed." identity:"true" title:"Payment reference"`
	Message       string `json:"message" validate:"max=140" jsonschema_description:"Unstructured message to the payer, up to 140 characters together with bill_info." title:"Message"`
	BillInfo      string `json:"bill_info" jsonschema_description:"Bill information for automated booking, starting with // (Swico syntax //S1/...); up to 140 characters together with message." title:"Bill information"`
	AltScheme1    string `json:"alt_scheme1" validate:"max=100" jsonschema_description:"First alternative procedure parameter (AV1), up to 100 characters, e.g. a parameter of another payment scheme." title:"Alternative procedure 1"`
	AltScheme2    string `json:"alt_scheme2" validate:"max=100" jsonschema_description:"Second alternative procedure parameter (AV2), up to 100 characters; needs alt_scheme1." title:"Alternative procedure 2"`
}

const (
	swissExampleIBAN   = "CH5800791123000889012"
	swissExampleQRIBAN = "CH4431999123000889012"
	swissExampleQRR    = "210000000003139471430009017"
	swissExampleRF     = "RF18539007547034"
	// swissMaxBytes keeps the code within version 25 at level M, the
	// largest the IG allows (997 characters).
	swissMaxBytes = 997
)

var swissAmount = regexp.MustCompile(`^(?:0|[1-9][0-9]{0,8})(?:\.[0-9]{1,2})?$`)

// swissCross is the Swiss cross the IG puts over the centre of every Swiss
// QR Code: 7 × 7 mm on a 46 × 46 mm code, a black square with a white
// border and a white cross whose arms are a sixth longer than they are
// wide (IG QR-bill, Swiss QR Code measurements; SIX's Swiss cross
// graphic: 6 mm black square, cross 7/6 mm wide and 35/9 mm long).
var swissCross = func() render.Overlay {
	white, black := color.NRGBA{255, 255, 255, 255}, color.NRGBA{0, 0, 0, 255}
	const width, length = 1.0 / 6, 5.0 / 9 // of the 7 mm emblem
	w0, w1 := 0.5-width/2, 0.5+width/2
	l0, l1 := 0.5-length/2, 0.5+length/2
	square := func(a, b float64) [][2]float64 { return [][2]float64{{a, a}, {b, a}, {b, b}, {a, b}} }
	return render.Overlay{Size: 7.0 / 46, Layers: []render.OverlayLayer{
		{Color: white, Polygons: [][][2]float64{square(0, 1)}},
		{Color: black, Polygons: [][][2]float64{square(0.5/7, 6.5/7)}},
		{Color: white, Polygons: [][][2]float64{
			{{w0, l0}, {w1, l0}, {w1, l1}, {w0, l1}},
			{{l0, w0}, {l1, w0}, {l1, w1}, {l0, w1}},
		}},
	}}
}()

func init() {
	registry.Register(registry.Kind[SwissQR]{
		Name:       "swissqr",
		Title:      "Swiss QR-bill",
		AlsoCalled: []string{"qrbill", "qr-bill", "qrrechnung", "swiss"},
		Purpose:    registry.PaymentsEurope,
		Summary:    "Request a payment with a Swiss QR-bill code (CHF or EUR to a CH or LI account)",
		Standard: registry.Standard{
			Name:    "SIX Swiss Implementation Guidelines for the QR-bill",
			Version: "2.3 (2025)",
			Section: "§4 Swiss QR Code: data structure and elements; §4.1.4 separator element",
			URL:     "https://www.six-group.com/en/products-services/banking-services/billing-and-payments/qr-bill.html",
		},
		Examples: []SwissQR{
			{
				IBAN: swissExampleQRIBAN, CreditorName: "Robert Schneider AG", CreditorStreet: "Rue du Lac", CreditorBuildingNumber: "1268", CreditorPostalCode: "2501", CreditorTown: "Biel", CreditorCountry: "CH",
				Amount: "1949.75", Currency: "CHF",
				DebtorName: "Pia-Maria Rutschmann-Schnyder", DebtorStreet: "Grosse Marktgasse", DebtorBuildingNumber: "28", DebtorPostalCode: "9400", DebtorTown: "Rorschach", DebtorCountry: "CH",
				ReferenceType: "QRR", Reference: swissExampleQRR, Message: "Order dated 18.06.2020",
				BillInfo:   "//S1/01/20170309/11/10201409/20/14000000/22/36958/30/CH106017086/40/1020/41/3010",
				AltScheme1: "UV;UltraPay005;12345", AltScheme2: "XY;XYService;54321",
			},
			{
				IBAN: swissExampleIBAN, CreditorName: "Robert Schneider AG", CreditorStreet: "Rue du Lac", CreditorBuildingNumber: "1268", CreditorPostalCode: "2501", CreditorTown: "Biel", CreditorCountry: "CH",
				Amount: "199.95", Currency: "CHF", ReferenceType: "SCOR", Reference: swissExampleRF,
			},
			{
				IBAN: "CH3709000000304442225", CreditorName: "Salvation Army Foundation Switzerland", CreditorPostalCode: "3000", CreditorTown: "Bern", CreditorCountry: "CH",
				Currency: "CHF", ReferenceType: "NON", Message: "Donation to the Winterfest campaign",
			},
		},
		Check:   checkSwissQR,
		Encode:  encodeSwissQR,
		Parse:   parseSwissQR,
		Misread: swissQRMisread,
		// IG QR-bill: error correction level M, at most version 25, and
		// the Swiss cross over the centre.
		Hints: registry.Hints{Level: render.LevelM, MaxVersion: 25, Overlay: swissCross},
	})
}

func checkSwissQR(q *SwissQR) []registry.FieldError {
	var errs []registry.FieldError
	errs = append(errs, checkSwissText(q)...)
	errs = append(errs, checkSwissIBAN(q)...)
	errs = append(errs, checkSwissAddress("creditor", true, q.CreditorName, q.CreditorStreet, q.CreditorBuildingNumber, q.CreditorPostalCode, q.CreditorTown, q.CreditorCountry)...)
	errs = append(errs, checkSwissAddress("debtor", false, q.DebtorName, q.DebtorStreet, q.DebtorBuildingNumber, q.DebtorPostalCode, q.DebtorTown, q.DebtorCountry)...)
	if q.Amount != "" {
		if am, ok := swissAmountValue(q.Amount); ok {
			q.Amount = am
		} else {
			fixIn := func(unit string) string {
				if fix := amountFix(q.Amount, 2, unit); swissAmount.MatchString(fix) {
					return fix
				}
				return ""
			}
			currency := upperASCII(strings.TrimSpace(q.Currency))
			if currency == "" {
				currency = "CHF"
			}
			fe := registry.FieldError{Field: "amount", Detail: "amount is 0.01 to 999999999.99 with '.' and at most 2 decimals (IG QR-bill, data element Amt)" + twoReadings(q.Amount, currency), Fix: fixIn(currency)}
			// IG QR-bill, data element Ccy: CHF or EUR only.
			keepNamedCurrency(&fe, q.Amount, q.Currency, "CHF", func(c string) bool { return c == "CHF" || c == "EUR" }, fixIn)
			errs = append(errs, fe)
		}
	}
	errs = append(errs, checkSwissReference(q)...)
	if n := utf8.RuneCountInString(q.Message) + utf8.RuneCountInString(q.BillInfo); n > 140 {
		errs = append(errs, registry.FieldError{Field: "message", Detail: "message and bill_info together are at most 140 characters (IG QR-bill, data group AddInf); they are " + itoa(n), Fix: string([]rune(q.Message)[:max(0, 140-utf8.RuneCountInString(q.BillInfo))])})
	}
	if q.BillInfo != "" && (!strings.HasPrefix(q.BillInfo, "//") || len(q.BillInfo) < 4) {
		errs = append(errs, registry.FieldError{Field: "bill_info", Detail: "bill_info starts with // and a syntax code, as in //S1/10/... (IG QR-bill, data element StrdBkgInf; Swico syntax)", Fix: ""})
	}
	if q.AltScheme2 != "" && q.AltScheme1 == "" {
		errs = append(errs, registry.FieldError{Field: "alt_scheme2", Detail: "alt_scheme2 is the second alternative procedure: give alt_scheme1 first (IG QR-bill, data group AltPmtInf)", Fix: ""})
	}
	if len(errs) > 0 {
		return errs
	}
	if n := len(encodeSwissQR(*q)); n > swissMaxBytes {
		errs = append(errs, payloadTooLong(n, swissMaxBytes, "a Swiss QR Code holds at most 997 characters, version 25 at level M (IG QR-bill, Swiss QR Code)",
			textField{"message", q.Message}, textField{"alt_scheme1", q.AltScheme1}, textField{"alt_scheme2", q.AltScheme2}, textField{"creditor_name", q.CreditorName}, textField{"debtor_name", q.DebtorName}))
	}
	return errs
}

// swissText lists every free-text field with its value.
func swissText(q *SwissQR) []textField {
	return []textField{
		{"creditor_name", q.CreditorName}, {"creditor_street", q.CreditorStreet}, {"creditor_building_number", q.CreditorBuildingNumber},
		{"creditor_postal_code", q.CreditorPostalCode}, {"creditor_town", q.CreditorTown},
		{"debtor_name", q.DebtorName}, {"debtor_street", q.DebtorStreet}, {"debtor_building_number", q.DebtorBuildingNumber},
		{"debtor_postal_code", q.DebtorPostalCode}, {"debtor_town", q.DebtorTown},
		{"message", q.Message}, {"bill_info", q.BillInfo}, {"alt_scheme1", q.AltScheme1}, {"alt_scheme2", q.AltScheme2},
	}
}

// checkSwissText refuses characters outside the IG v2.3 character set:
// Basic Latin and Latin-1 Supplement printable characters, Latin
// Extended-A, Ș ș Ț ț and the euro sign (as SwissQRBill's EXTENDED_LATIN
// set). A line break would also split the element and shift every element
// after it.
func checkSwissText(q *SwissQR) []registry.FieldError {
	var errs []registry.FieldError
	for _, f := range swissText(q) {
		if strings.IndexFunc(f.value, func(r rune) bool { return !swissChar(r) }) < 0 {
			continue
		}
		errs = append(errs, registry.FieldError{
			Field:  f.name,
			Detail: f.name + " has a character outside the QR-bill character set (IG QR-bill v2.3: Latin letters with their accents, digits, punctuation and €; no line breaks, emoji or other scripts)",
			Fix: strings.Map(func(r rune) rune {
				if swissChar(r) {
					return r
				}
				return -1
			}, spacedLineBreaks(f.value)),
		})
	}
	return errs
}

func swissChar(r rune) bool {
	return r >= 0x20 && r <= 0x7e || r >= 0xa0 && r <= 0x17f || r >= 0x218 && r <= 0x21b || r == 0x20ac
}

// checkSwissIBAN checks the creditor account: a valid IBAN of CH or LI.
func checkSwissIBAN(q *SwissQR) []registry.FieldError {
	if errs := checkIBAN("iban", &q.IBAN, swissExampleIBAN); len(errs) > 0 {
		return errs
	}
	if c := q.IBAN[:2]; c != "CH" && c != "LI" {
		return []registry.FieldError{{Field: "iban", Detail: "iban is the creditor's account in Switzerland (CH) or Liechtenstein (LI), not " + c + " (IG QR-bill, data element IBAN)", Fix: swissExampleIBAN}}
	}
	return nil
}

// isQRIBAN reports whether a CH or LI IBAN is a QR-IBAN: its institution
// ID (positions 5 to 9) lies in 30000-31999, the range SIX reserves for
// QR-IIDs (SIX, Technical information about the QR-IID and QR-IBAN).
func isQRIBAN(iban string) bool {
	return len(iban) == 21 && iban[4] == '3' && (iban[5] == '0' || iban[5] == '1')
}

// checkSwissAddress checks a structured address (type S): name, postal
// code, town and country are mandatory, street and building number
// optional. An optional address may be left out entirely.
func checkSwissAddress(party string, required bool, name, street, building, postal, town, country string) []registry.FieldError {
	if !required && name+street+building+postal+town+country == "" {
		return nil
	}
	var errs []registry.FieldError
	for _, f := range []struct{ field, value, fix string }{
		{"name", name, "Robert Schneider AG"}, {"postal_code", postal, "2501"}, {"town", town, "Biel"},
	} {
		if strings.TrimSpace(f.value) == "" {
			errs = append(errs, registry.FieldError{Field: party + "_" + f.field, Detail: party + "_" + f.field + " is mandatory in a structured address (IG QR-bill v2.3, address type S)", Fix: f.fix})
		}
	}
	switch {
	case country == "":
		errs = append(errs, registry.FieldError{Field: party + "_country", Detail: party + "_country is mandatory in a structured address (IG QR-bill v2.3, address type S)", Fix: ""})
	case !iso3166.IsCountryCode(country):
		fix := "CH"
		if up := strings.ToUpper(country); iso3166.IsCountryCode(up) {
			fix = up
		}
		errs = append(errs, registry.FieldError{Field: party + "_country", Detail: party + "_country is an ISO 3166-1 alpha-2 country code in capitals (IG QR-bill, data element Ctry)", Fix: fix})
	}
	return errs
}

// swissAmountValue writes a valid amount with exactly two decimals, as the
// IG's examples do (1949.75, 0.50).
func swissAmountValue(am string) (string, bool) {
	if !swissAmount.MatchString(am) || strings.Trim(am, "0.") == "" {
		return "", false
	}
	whole, frac, _ := strings.Cut(am, ".")
	return whole + "." + (frac + "00")[:2], true
}

// checkSwissReference applies the IG's coupling of account and reference:
// a QR-IBAN takes a QR reference (QRR), an ordinary IBAN an ISO 11649
// creditor reference (SCOR) or none (NON). The type is inferred from the
// reference when not given.
func checkSwissReference(q *SwissQR) []registry.FieldError {
	if (q.ReferenceType == "" || q.ReferenceType == "NON") && !isQRIBAN(q.IBAN) && q.Message == "" && freeTextReference(q.Reference) {
		return []registry.FieldError{movedToText("reference", q.Reference, "message", "a QR reference of 27 digits or an ISO 11649 creditor reference, RF and 2 check digits (IG QR-bill, data element Ref)", "the unstructured message (Ustrd)")}
	}
	q.Reference = strings.ReplaceAll(q.Reference, " ", "")
	if q.ReferenceType == "" {
		switch {
		case q.Reference == "":
			q.ReferenceType = "NON"
		case strings.HasPrefix(strings.ToUpper(q.Reference), "RF"):
			q.ReferenceType = "SCOR"
		default:
			q.ReferenceType = "QRR"
		}
	}
	qrIBAN := isQRIBAN(q.IBAN)
	switch q.ReferenceType {
	case "QRR":
		if !qrIBAN {
			return []registry.FieldError{{Field: "reference_type", Detail: "a QR reference (QRR) needs a QR-IBAN (institution ID 30000-31999); with the ordinary IBAN " + q.IBAN + " use an RF creditor reference (SCOR) or none (NON) (IG QR-bill, data element Tp)", Fix: "NON"}}
		}
		if !validQRReference(q.Reference) {
			return []registry.FieldError{{Field: "reference", Detail: "a QR reference is 27 digits, the last a modulo 10 recursive check digit (IG QR-bill, data element Ref; Annex B)", Fix: swissExampleQRR}}
		}
	case "SCOR", "NON":
		if qrIBAN {
			return []registry.FieldError{{Field: "reference_type", Detail: "the QR-IBAN " + q.IBAN + " takes a QR reference (QRR) of 27 digits, not " + q.ReferenceType + " (IG QR-bill, data element Tp)", Fix: "QRR"}}
		}
		if q.ReferenceType == "NON" {
			if q.Reference != "" {
				return []registry.FieldError{{Field: "reference", Detail: "reference_type NON has no reference (IG QR-bill, data element Ref)", Fix: ""}}
			}
			return nil
		}
		if q.Reference == "" {
			return []registry.FieldError{{Field: "reference", Detail: "reference_type SCOR needs an ISO 11649 creditor reference (IG QR-bill, data element Ref)", Fix: swissExampleRF}}
		}
		return checkCreditorReference("reference", &q.Reference, swissExampleRF)
	}
	return nil
}

// validQRReference checks a QR reference: 27 digits, not all zero, whose
// last digit is the modulo 10 recursive check digit of the first 26.
func validQRReference(ref string) bool {
	return len(ref) == 27 && allDigits(ref) && strings.Trim(ref, "0") != "" && mod10Recursive(ref[:26]) == ref[26]-'0'
}

// mod10Recursive is the check digit of the modulo 10 recursive method
// (IG QR-bill Annex B; also the Swiss ESR/ISR reference).
func mod10Recursive(digits string) byte {
	table := [10]byte{0, 9, 4, 6, 8, 2, 7, 1, 3, 5}
	carry := byte(0)
	for i := 0; i < len(digits); i++ {
		carry = table[(carry+digits[i]-'0')%10]
	}
	return (10 - carry) % 10
}

// encodeSwissQR writes the 31 to 34 elements in the IG's order, one per
// line, separated by LF (§4.1.4 allows CR LF or LF) and with no separator
// after the last. Empty elements keep their lines: the ultimate creditor,
// reserved for future use, is always seven empty lines. Bill information
// is written when it or an alternative procedure is given.
func encodeSwissQR(q SwissQR) string {
	currency := q.Currency
	if currency == "" {
		currency = "CHF"
	}
	refType := q.ReferenceType
	if refType == "" {
		refType = "NON"
	}
	lines := []string{"SPC", "0200", "1", q.IBAN}
	lines = append(lines, swissAddressLines(q.CreditorName, q.CreditorStreet, q.CreditorBuildingNumber, q.CreditorPostalCode, q.CreditorTown, q.CreditorCountry)...)
	lines = append(lines, "", "", "", "", "", "", "")
	lines = append(lines, q.Amount, currency)
	lines = append(lines, swissAddressLines(q.DebtorName, q.DebtorStreet, q.DebtorBuildingNumber, q.DebtorPostalCode, q.DebtorTown, q.DebtorCountry)...)
	lines = append(lines, refType, q.Reference, q.Message, "EPD")
	if q.BillInfo != "" || q.AltScheme1 != "" {
		lines = append(lines, q.BillInfo)
	}
	for _, alt := range []string{q.AltScheme1, q.AltScheme2} {
		if alt != "" {
			lines = append(lines, alt)
		}
	}
	return strings.Join(lines, "\n")
}

// swissAddressLines writes an address as AdrTp S and its six elements, or
// seven empty lines for no address.
func swissAddressLines(name, street, building, postal, town, country string) []string {
	if name+street+building+postal+town+country == "" {
		return []string{"", "", "", "", "", "", ""}
	}
	return []string{"S", name, street, building, postal, town, country}
}

// swissQRMisread says why a Swiss QR Code its parser does not read is
// none scanners take today: an address of the combined type K, withdrawn
// in IG QR-bill v2.3 (structured addresses, S, only), which banking apps
// refuse, or an ultimate creditor, whose lines are reserved and empty.
func swissQRMisread(p string) (registry.FieldError, bool) {
	lines := strings.Split(strings.ReplaceAll(p, "\r\n", "\n"), "\n")
	if len(lines) < 31 || lines[0] != "SPC" || !strings.HasPrefix(lines[1], "02") || lines[30] != "EPD" {
		return registry.FieldError{}, false
	}
	for _, at := range []struct {
		line  int
		field string
	}{{4, "creditor"}, {20, "debtor"}} {
		if lines[at.line] == "K" {
			return registry.FieldError{Field: at.field + "_street", Detail: "its " + at.field + "'s address is of the combined type K, which IG QR-bill v2.3 withdrew: an address is structured (type S), street, building number, postal code and town apart, and banking apps refuse type K"}, true
		}
	}
	if strings.Join(lines[11:18], "") != "" {
		return registry.FieldError{Field: "iban", Detail: "it fills the ultimate creditor, whose seven lines IG QR-bill v2.3 reserves for future use and leaves empty"}, true
	}
	return registry.FieldError{}, false
}

// parseSwissQR reads a Swiss QR Code with LF or CR LF separators and an
// optional final separator (SIX FAQ: the last line break may be kept or
// left out). Combined (type K) addresses, withdrawn in v2.3, and a filled
// ultimate creditor have no fields here and are not recognised.
func parseSwissQR(p string) (SwissQR, bool) {
	lines := strings.Split(strings.ReplaceAll(p, "\r\n", "\n"), "\n")
	if len(lines) > 31 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	if len(lines) < 31 || len(lines) > 34 || lines[0] != "SPC" || !strings.HasPrefix(lines[1], "02") || len(lines[1]) != 4 || lines[2] != "1" || lines[30] != "EPD" {
		return SwissQR{}, false
	}
	for _, l := range lines[11:18] {
		if l != "" {
			return SwissQR{}, false
		}
	}
	if lines[4] != "S" || (lines[20] != "S" && strings.Join(lines[20:27], "") != "") {
		return SwissQR{}, false
	}
	for len(lines) < 34 {
		lines = append(lines, "")
	}
	q := SwissQR{
		IBAN: lines[3], CreditorName: lines[5], CreditorStreet: lines[6], CreditorBuildingNumber: lines[7], CreditorPostalCode: lines[8], CreditorTown: lines[9], CreditorCountry: lines[10],
		Amount: lines[18], Currency: lines[19],
		DebtorName: lines[21], DebtorStreet: lines[22], DebtorBuildingNumber: lines[23], DebtorPostalCode: lines[24], DebtorTown: lines[25], DebtorCountry: lines[26],
		ReferenceType: lines[27], Reference: lines[28], Message: lines[29], BillInfo: lines[31], AltScheme1: lines[32], AltScheme2: lines[33],
	}
	return q, utf8.ValidString(p)
}
