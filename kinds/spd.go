package kinds

import (
	"fmt"
	"hash/crc32"
	"regexp"
	"slices"
	"strings"
	"time"

	"golang.org/x/text/currency"

	"github.com/qrforge/qrforge/registry"
)

// SPD is a Czech QR Platba payment, the Czech Banking Association's Short
// Payment Descriptor: SPD*1.0* and KEY:value pairs separated by '*', which
// every Czech banking app reads to fill a domestic transfer.
//
// Sources: the format description at qr-platba.cz (the standard's authors'
// site: header, KEY:value*, keys in [A-Z-], '*' in a value written %2A,
// ISO-8859-1 strings, the alphanumeric QR character set recommended), the
// ČBA standard's published contents, and the spayd.org reference validator
// by the same authors for lengths the stored texts do not give (MSG 60, RN
// 40, AM 10 characters, X-VS/X-SS/X-KS 10 digits, DT YYYYMMDD).
type SPD struct {
	IBAN      string `json:"iban" also:"acc,account" validate:"required" jsonschema_description:"Receiver's IBAN (ACC), electronic form (CZ2806000000000168540115); spaces are removed. Check digits and the country's length are checked (ISO 13616, SWIFT IBAN Registry)." identity:"true" title:"IBAN"`
	BIC       string `json:"bic" jsonschema_description:"BIC of the receiver's bank (written after the IBAN as ACC:IBAN+BIC), 8 or 11 characters (ISO 9362). Optional for domestic payments." identity:"true" title:"BIC"`
	Amount    string `json:"amount" also:"am" jsonschema_description:"Amount (AM) with '.' and at most 2 decimals (450.00), greater than zero, at most 10 characters. Omit it to let the payer enter the amount." title:"Amount"`
	Currency  string `json:"currency" also:"cc" jsonschema_description:"Currency (CC), an ISO 4217 code of 3 letters. Default CZK." title:"Currency"`
	Message   string `json:"message" also:"msg" jsonschema_description:"Message for the receiver (MSG), at most 60 characters. '*' and '%' and letters outside ASCII (č, ř ...) are written percent-encoded (UTF-8), as the format requires." title:"Message for the receiver"`
	VS        string `json:"vs" also:"x-vs,variable_symbol" jsonschema_description:"Variable symbol (X-VS), the Czech payment reference: 1 to 10 digits." identity:"true" title:"Variable symbol"`
	SS        string `json:"ss" also:"x-ss,specific_symbol" jsonschema_description:"Specific symbol (X-SS): 1 to 10 digits." identity:"true" title:"Specific symbol"`
	KS        string `json:"ks" also:"x-ks,constant_symbol" jsonschema_description:"Constant symbol (X-KS): 1 to 10 digits." identity:"true" title:"Constant symbol"`
	Recipient string `json:"recipient" also:"rn,name,payee" jsonschema_description:"Receiver's name (RN), at most 40 characters, written like the message." identity:"true" title:"Receiver name"`
	Due       string `json:"due" also:"dt,due_date" jsonschema_description:"Due date (DT), YYYYMMDD (20241231) or 2024-12-31: the day the bank should make the payment." title:"Due date"`
}

const (
	spdHeader     = "SPD*1.0*"
	spdExampleACC = "CZ2806000000000168540115"
	spdRule       = "ČBA Short Payment Descriptor (QR Platba), format description"
)

var spdSymbol = regexp.MustCompile(`^[0-9]{1,10}$`)

func init() {
	registry.Register(registry.Kind[SPD]{
		Name:       "spd",
		Title:      "Czech QR Platba",
		AlsoCalled: []string{"qrplatba", "qr-platba", "czech"},
		Purpose:    registry.PaymentsEurope,
		Summary:    "Request a bank transfer in the Czech Republic (QR Platba, Short Payment Descriptor)",
		Standard: registry.Standard{
			Name:    "Czech Banking Association (ČBA) standard: Short Payment Descriptor (QR Platba) — Formát pro sdílení platebních údajů v rámci tuzemského platebního styku v CZK prostřednictvím QR kódů",
			Version: "1.0 (November 2012)",
			Section: "Popis formátu řetězce (attribute table); annex 2, encoding of special characters",
			URL:     "https://qr-platba.cz/pro-vyvojare/specifikace-formatu/",
		},
		Examples: []SPD{
			{IBAN: spdExampleACC, Amount: "450.00", Currency: "CZK", Message: "PLATBA ZA ZBOZI", VS: "1234567890"},
			{IBAN: "CZ65 0800 0000 1920 0014 5399", BIC: "GIBACZPX", Amount: "1250.50", Message: "Faktura 2024/17: předplatné", VS: "202417", KS: "0308", Recipient: "Spolek Přátel Přírody", Due: "2024-12-31"},
			{IBAN: spdExampleACC},
		},
		Check:        checkSPD,
		Encode:       encodeSPD,
		ParseNotKept: parseSPD,
	})
}

func checkSPD(s *SPD) []registry.FieldError {
	errs := checkIBAN("iban", &s.IBAN, spdExampleACC)
	if s.BIC != "" {
		errs = append(errs, checkBIC("bic", &s.BIC, "")...)
	}
	givenCurrency := s.Currency
	if s.Currency = strings.TrimSpace(s.Currency); s.Currency == "" {
		s.Currency = "CZK"
	}
	if u, err := currency.ParseISO(s.Currency); err != nil {
		fix, why, _ := currencyWordFix(s.Currency, isISO4217)
		errs = append(errs, registry.FieldError{Field: "currency", Detail: "currency is an ISO 4217 code of 3 letters, such as CZK or EUR (" + spdRule + ", CC)" + why, Fix: fix})
	} else {
		s.Currency = u.String()
	}
	// AM is at most 10 characters, 9999999.99 at the most.
	if err := checkAmount(decimalAmount{unit: s.Currency, decimals: 2, cite: spdRule + ", AM"}, &s.Amount, 10); err != nil {
		keepNamedCurrency(err, s.Amount, givenCurrency, "CZK", isISO4217, func(unit string) string {
			return decimalAmount{unit: unit, decimals: 2}.suggest(s.Amount)
		})
		errs = append(errs, *err)
	}
	errs = append(errs, checkTextFields(textField{"message", s.Message}, textField{"recipient", s.Recipient})...)
	for _, f := range []struct {
		name, key string
		value     *string
		max       int
	}{{"message", "MSG", &s.Message, 60}, {"recipient", "RN", &s.Recipient, 40}} {
		*f.value = strings.Join(strings.Fields(*f.value), " ")
		if n := len([]rune(*f.value)); n > f.max {
			errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " is at most " + itoa(f.max) + " characters; this one has " + itoa(n) + " (" + spdRule + ", " + f.key + ")", Fix: string([]rune(*f.value)[:f.max])})
		}
	}
	for _, f := range []struct {
		name, key string
		value     *string
	}{{"vs", "X-VS", &s.VS}, {"ss", "X-SS", &s.SS}, {"ks", "X-KS", &s.KS}} {
		*f.value = strings.ReplaceAll(*f.value, " ", "")
		if *f.value != "" && !spdSymbol.MatchString(*f.value) {
			fix := asciiDigits(*f.value)
			if len(fix) > 10 {
				fix = ""
			}
			errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " is a payment symbol of 1 to 10 digits (" + spdRule + ", " + f.key + ")", Fix: fix})
		}
	}
	if s.Due != "" {
		due := strings.ReplaceAll(strings.TrimSpace(s.Due), "-", "")
		if _, err := time.Parse("20060102", due); err != nil || len(due) != 8 {
			errs = append(errs, registry.FieldError{Field: "due", Detail: "due is a date, YYYYMMDD or YYYY-MM-DD (" + spdRule + ", DT: ISO 8601 date)", Fix: ""})
		} else {
			s.Due = due
		}
	}
	return errs
}

// asciiDigits keeps the digits of s.
func asciiDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if '0' <= r && r <= '9' {
			return r
		}
		return -1
	}, s)
}

// spdEscape writes a value for the descriptor: '*' ends a value and '%'
// starts an escape, so both are percent-encoded, and so is every byte
// outside printable ASCII, which leaves the string ISO-8859-1 as the format
// requires and lets readers decode UTF-8 text (the spayd.org reference
// reader percent-decodes values as UTF-8).
func spdEscape(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '*' || c == '%' || c < 0x20 || c >= 0x7f {
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// encodeSPD writes the attributes in alphabetical order of their keys, the
// canonical order the format's CRC32 is computed over; the format's own
// example is in that order.
func encodeSPD(s SPD) string {
	acc := s.IBAN
	if s.BIC != "" {
		acc += "+" + s.BIC
	}
	pairs := []string{"ACC:" + acc}
	for _, p := range []struct{ key, value string }{
		{"AM", s.Amount},
		{"CC", s.Currency},
		{"DT", s.Due},
		{"MSG", spdEscape(s.Message)},
		{"RN", spdEscape(s.Recipient)},
		{"X-KS", s.KS},
		{"X-SS", s.SS},
		{"X-VS", s.VS},
	} {
		if p.value != "" {
			pairs = append(pairs, p.key+":"+p.value)
		}
	}
	return spdHeader + strings.Join(pairs, "*")
}

// parseSPD reads a descriptor of version 1.x. An attribute without a
// field here (ALT-ACC, RF, PT, NT, NTA, X-PER, X-ID, X-URL, a proprietary
// key such as QR Faktura's X-INV ...) is named as written, and so is the
// earlier of a key given twice, whose last value is read. A CRC32
// attribute, when present, must match: CRC-32 (IEEE) of the header and the
// other attributes sorted by key, as 8 hex digits; it is a sum of the
// others, not named, and a rebuilt code is the same payment without it.
func parseSPD(p string) (SPD, []string, bool) {
	rest, ok := strings.CutPrefix(p, "SPD*1.")
	if !ok {
		return SPD{}, nil, false
	}
	version, rest, _ := strings.Cut(rest, "*")
	if !allDigits(version) || version == "" {
		return SPD{}, nil, false
	}
	var s SPD
	var pairs []string
	sum := ""
	left, at := notKept{}, map[string]int{}
	parts := strings.Split(strings.TrimSuffix(rest, "*"), "*")
	for i, part := range parts {
		key, raw, ok := strings.Cut(part, ":")
		if !ok {
			return SPD{}, nil, false
		}
		if key == "CRC32" {
			sum = strings.ToLower(raw)
			continue
		}
		pairs = append(pairs, part)
		value, ok := pctDecode(raw)
		if !ok {
			value = raw
		}
		switch key {
		case "ACC":
			s.IBAN, s.BIC, _ = strings.Cut(value, "+")
		case "AM":
			s.Amount = value
		case "CC":
			s.Currency = value
		case "DT":
			s.Due = value
		case "MSG":
			s.Message = value
		case "RN":
			s.Recipient = value
		case "X-VS":
			s.VS = value
		case "X-SS":
			s.SS = value
		case "X-KS":
			s.KS = value
		default:
			left[i] = part
			continue
		}
		if j, given := at[key]; given {
			left[j] = parts[j] // the later value is the one read
		}
		at[key] = i
	}
	if sum != "" {
		slices.Sort(pairs)
		canonical := "SPD*1." + version + "*" + strings.Join(pairs, "*")
		if sum != fmt.Sprintf("%08x", crc32.ChecksumIEEE([]byte(canonical))) {
			return SPD{}, nil, false
		}
	}
	return s, left.list(), s.IBAN != ""
}
