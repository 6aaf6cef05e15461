package kinds

import (
	"bytes"
	"encoding/base32"
	"encoding/binary"
	"hash/crc32"
	"io"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/ulikunitz/xz/lzma"
	"golang.org/x/text/currency"

	"github.com/qrforge/qrforge/registry"
)

// BySquare is a Slovak PAY by square payment order, the Slovak Banking
// Association's payment QR code, which Slovak banking apps read to fill a
// transfer.
//
// The specification's text could not be read from a primary copy. The
// data model (Table 15: fields numbered 1 to 33, their order and lengths)
// and the framing (CRC32, raw LZMA, header, base32hex) were checked against
// three independent implementations that cite it: the bysquare npm package
// 4.0.1 (xseman/bysquare, which cites Table 15 and §3.5-§3.16), GeneratorPP
// (mm6502, C#: Table 15's numbers and lengths) and pay-by-square (PyPI,
// matusf). Where they overlap, they agree.
//
// One payment order to one account is written: invoice ID (field 1),
// payment count 1 (2), then the payment: options 1, a payment order (3),
// amount (4), currency (5), due date (6), variable, constant and specific
// symbol (7-9), originator's reference (10), note (11), account count 1
// (12), IBAN and BIC (13-14), no standing order (15) and no direct debit
// (20) extension, and the beneficiary's name and two address lines that
// version 1.1.0 added (31-33). The fields are joined with tabs.
type BySquare struct {
	Name         string `json:"name" validate:"required,max=70" jsonschema_description:"Beneficiary's name (Table 15, field 31), up to 70 characters. Required: version 1.2.0 of the specification (2025) makes it mandatory." identity:"true" title:"Beneficiary name"`
	AddressLine1 string `json:"address_line1" validate:"max=70" jsonschema_description:"First line of the beneficiary's address (field 32), up to 70 characters, e.g. the street." identity:"true" title:"Beneficiary address, line 1"`
	AddressLine2 string `json:"address_line2" validate:"max=70" jsonschema_description:"Second line of the beneficiary's address (field 33), up to 70 characters, e.g. the postcode and town." identity:"true" title:"Beneficiary address, line 2"`
	IBAN         string `json:"iban" also:"account" validate:"required" jsonschema_description:"Beneficiary's IBAN (field 13), electronic form (SK9611000000002918599669); spaces are removed. Check digits and the country's length are checked (ISO 13616, SWIFT IBAN Registry)." identity:"true" title:"IBAN"`
	BIC          string `json:"bic" jsonschema_description:"BIC of the beneficiary's bank (field 14), 8 or 11 characters (ISO 9362). Optional." identity:"true" title:"BIC"`
	Amount       string `json:"amount" jsonschema_description:"Amount (field 4) with '.' and at most 2 decimals (25.30), greater than zero, at most 15 characters. Omit it to let the payer enter the amount." title:"Amount"`
	Currency     string `json:"currency" jsonschema_description:"Currency (field 5), an ISO 4217 code of 3 letters. Default EUR." title:"Currency"`
	Due          string `json:"due" jsonschema_description:"Due date (field 6), YYYYMMDD (20251231) or 2025-12-31." title:"Due date"`
	VS           string `json:"vs" jsonschema_description:"Variable symbol (field 7), the Slovak payment reference: 1 to 10 digits." identity:"true" title:"Variable symbol"`
	SS           string `json:"ss" jsonschema_description:"Specific symbol (field 9): 1 to 10 digits." identity:"true" title:"Specific symbol"`
	KS           string `json:"ks" jsonschema_description:"Constant symbol (field 8), a code from the National Bank of Slovakia's list: 1 to 4 digits (0308)." identity:"true" title:"Constant symbol"`
	Reference    string `json:"reference" validate:"max=35" jsonschema_description:"Originator's reference information (field 10), the payer's reference of a SEPA transfer, up to 35 characters." identity:"true" title:"Originator's reference"`
	Note         string `json:"note" validate:"max=140" jsonschema_description:"Note for the beneficiary (field 11), up to 140 characters." title:"Payment note"`
	Invoice      string `json:"invoice" validate:"max=10" jsonschema_description:"Invoice number or the issuer's own identifier (field 1), up to 10 characters." identity:"true" title:"Invoice ID"`
}

const (
	bySquareRule = "PAY by square Table 15"
	// bySquareDictCap is the LZMA dictionary every reader assumes: the
	// raw stream carries no header to say otherwise (128 KiB).
	bySquareDictCap = 1 << 17
	// bySquareMaxModel bounds what a reader inflates: the length field
	// holds 16 bits.
	bySquareMaxModel = 1<<16 - 1
	// lzmaHeaderLen is the classic .lzma header (properties, dictionary
	// size, uncompressed size), which the raw stream leaves out.
	lzmaHeaderLen = 13
)

// bySquareHeader is the first two bytes: by square type 0 (PAY), version
// 1 (1.1.0), document type 0 and a reserved nibble 0 (§3.5). Version
// 1.2.0 (2025) changes no field and only makes the name mandatory, which
// this kind requires anyway; readers made before it refuse a version they
// do not know (the bysquare package up to 3.0.0 refuses any after 1.1.0).
var bySquareHeader = [2]byte{0<<4 | 1, 0<<4 | 0}

// bySquareBase32 is base32hex (RFC 4648 §7) without padding, whose
// alphabet 0-9A-V fits the QR alphanumeric mode.
var bySquareBase32 = base32.HexEncoding.WithPadding(base32.NoPadding)

// bySquareLZMA is LZMA1 with lc=3, lp=0, pb=2 (§3.11). The length is
// known, yet the stream also ends with LZMA's end marker: readers that
// take the length from the code (the bysquare package) stop before the
// marker, and readers that decode a raw stream without a length (liblzma:
// Python's lzma, xz --format=raw, which PHP readers call) refuse a stream
// without it. Published codes exist both ways.
var bySquareLZMA = lzma.Properties{LC: 3, LP: 0, PB: 2}

func init() {
	registry.Register(registry.Kind[BySquare]{
		Name:       "bysquare",
		Title:      "Slovak PAY by square",
		AlsoCalled: []string{"paybysquare", "pay-by-square"},
		Purpose:    registry.PaymentsEurope,
		Summary:    "Request a bank transfer in Slovakia (PAY by square payment order)",
		Standard: registry.Standard{
			Name:    "PAY by square (Slovak Banking Association)",
			Version: "1.1.0 (2015)",
			Section: "Table 15 (data model); §3.5-§3.16 (header, length, CRC32, LZMA, base32hex)",
			URL:     "https://www.sbaonline.sk/sk/projekty/qr-platby/podmienky-pouzitia-specifikacia-standardu-pay-square.html",
		},
		Examples: []BySquare{
			{Name: "John Doe", IBAN: "SK9611000000002918599669", Amount: "100", VS: "123", Invoice: "random-id"},
			{Name: "Ján Kováč", AddressLine1: "Štúrova 27", AddressLine2: "040 01 Košice", IBAN: "SK56 8180 0000 0070 0015 7042", BIC: "SPSRSKBA", Amount: "25.30", Due: "2025-12-31", VS: "2015001", KS: "0308", Note: "Faktúra 2015001"},
			{Name: "Jane Doe", IBAN: "SK2738545237537948273958"},
		},
		Check:  checkBySquare,
		Encode: encodeBySquare,
		Parse:  parseBySquare,
	})
}

func checkBySquare(b *BySquare) []registry.FieldError {
	text := []textField{{"name", b.Name}, {"address_line1", b.AddressLine1}, {"address_line2", b.AddressLine2}, {"reference", b.Reference}, {"note", b.Note}, {"invoice", b.Invoice}}
	errs := checkTextFields(text...)
	for _, f := range text {
		// A tab would end the field early and shift every field after
		// it: tabs separate the data model's fields.
		if strings.Contains(f.value, "\t") {
			errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " has a tab, which separates the fields of the PAY by square data model (" + bySquareRule + ")", Fix: strings.ReplaceAll(f.value, "\t", " ")})
		}
	}
	if strings.TrimSpace(b.Name) == "" {
		errs = append(errs, registry.FieldError{Field: "name", Detail: "name, the beneficiary's name, is required (" + bySquareRule + ", field 31; mandatory since version 1.2.0)", Fix: ""})
	}
	errs = append(errs, checkIBAN("iban", &b.IBAN, "")...)
	if b.BIC != "" {
		errs = append(errs, checkBIC("bic", &b.BIC, "")...)
	}
	givenCurrency := b.Currency
	if b.Currency = strings.TrimSpace(b.Currency); b.Currency == "" {
		b.Currency = "EUR"
	}
	if u, err := currency.ParseISO(b.Currency); err != nil {
		fix, why, _ := currencyWordFix(b.Currency, isISO4217)
		errs = append(errs, registry.FieldError{Field: "currency", Detail: "currency is an ISO 4217 code of 3 letters, such as EUR or CZK (" + bySquareRule + ", field 5)" + why, Fix: fix})
	} else {
		b.Currency = u.String()
	}
	if err := checkAmount(decimalAmount{unit: b.Currency, decimals: 2, cite: bySquareRule + ", field 4"}, &b.Amount, 15); err != nil {
		keepNamedCurrency(err, b.Amount, givenCurrency, "EUR", isISO4217, func(unit string) string {
			return decimalAmount{unit: unit, decimals: 2}.suggest(b.Amount)
		})
		errs = append(errs, *err)
	}
	if b.Due != "" {
		due := strings.ReplaceAll(strings.TrimSpace(b.Due), "-", "")
		if _, err := time.Parse("20060102", due); err != nil || len(due) != 8 {
			errs = append(errs, registry.FieldError{Field: "due", Detail: "due is a date, YYYYMMDD or YYYY-MM-DD (" + bySquareRule + ", field 6)", Fix: ""})
		} else {
			b.Due = due
		}
	}
	for _, s := range []struct {
		name       string
		value      *string
		max, field int
	}{{"vs", &b.VS, 10, 7}, {"ks", &b.KS, 4, 8}, {"ss", &b.SS, 10, 9}} {
		// Spaces only group the digits on paper.
		*s.value = strings.ReplaceAll(*s.value, " ", "")
		if *s.value == "" || (allDigits(*s.value) && len(*s.value) <= s.max) {
			continue
		}
		errs = append(errs, registry.FieldError{Field: s.name, Detail: s.name + " is 1 to " + itoa(s.max) + " digits (" + bySquareRule + ", field " + itoa(s.field) + ")", Fix: symbolWithoutSeparators(*s.value, s.max)})
	}
	return errs
}

// symbolWithoutSeparators is a payment symbol written with separators
// (12-34, 12/34) as its digits alone, or "" when it has letters or too
// many digits: those are another symbol, which only the caller knows.
func symbolWithoutSeparators(v string, max int) string {
	if strings.IndexFunc(v, unicode.IsLetter) >= 0 {
		return ""
	}
	if d := asciiDigits(v); d != "" && len(d) <= max {
		return d
	}
	return ""
}

func encodeBySquare(b BySquare) string {
	return packBySquare(strings.Join([]string{
		b.Invoice, "1",
		"1", b.Amount, b.Currency, b.Due, b.VS, b.KS, b.SS, b.Reference, b.Note,
		"1", b.IBAN, b.BIC,
		"0", "0",
		b.Name, b.AddressLine1, b.AddressLine2,
	}, "\t"))
}

// packBySquare turns the tab-separated data model into the QR string
// (§3.16): the model's CRC32 (IEEE) as 4 bytes little-endian before it
// (§3.10), that compressed with raw LZMA (§3.11), after the header (§3.5)
// and the uncompressed length, CRC included, as 2 bytes little-endian
// (§3.6), all in base32hex.
func packBySquare(model string) string {
	data := binary.LittleEndian.AppendUint32(nil, crc32.ChecksumIEEE([]byte(model)))
	data = append(data, model...)
	var stream bytes.Buffer
	w, err := lzma.WriterConfig{Properties: &bySquareLZMA, DictCap: bySquareDictCap, Size: int64(len(data)), EOSMarker: true}.NewWriter(&stream)
	if err == nil {
		_, err = w.Write(data)
	}
	if err == nil {
		err = w.Close()
	}
	if err != nil {
		// A fixed configuration writing to memory: a programming error.
		panic("bysquare: lzma: " + err.Error())
	}
	out := binary.LittleEndian.AppendUint16(bySquareHeader[:], uint16(len(data)))
	out = append(out, stream.Bytes()[lzmaHeaderLen:]...)
	return bySquareBase32.EncodeToString(out)
}

// unpackBySquare reads the data model back from a QR string of a PAY
// document, versions 1.0.0 to 1.2.0, whose CRC32 matches.
func unpackBySquare(qr string) (string, bool) {
	raw, err := bySquareBase32.DecodeString(qr)
	if err != nil || len(raw) < 5 {
		return "", false
	}
	if kind, version, document := raw[0]>>4, raw[0]&15, raw[1]>>4; kind != 0 || version > 2 || document != 0 {
		return "", false
	}
	data, ok := inflateBySquare(raw[4:], int64(binary.LittleEndian.Uint16(raw[2:4])))
	if !ok || len(data) < 4 || binary.LittleEndian.Uint32(data) != crc32.ChecksumIEEE(data[4:]) || !utf8.Valid(data[4:]) {
		return "", false
	}
	return string(data[4:]), true
}

// inflateBySquare decompresses the raw stream under the classic header it
// lacks. The length field is tried first; codes of early encoders carry a
// wrong one (the bysquare package's README example says 17757 for 69
// bytes) and end with the end marker, so the stream is read to its marker
// next. The CRC32 guards the data either way.
func inflateBySquare(stream []byte, size int64) ([]byte, bool) {
	for _, n := range []int64{size, -1} {
		header := make([]byte, lzmaHeaderLen)
		header[0] = byte((bySquareLZMA.PB*5+bySquareLZMA.LP)*9 + bySquareLZMA.LC)
		binary.LittleEndian.PutUint32(header[1:], bySquareDictCap)
		binary.LittleEndian.PutUint64(header[5:], uint64(n))
		r, err := lzma.NewReader(io.MultiReader(bytes.NewReader(header), bytes.NewReader(stream)))
		if err != nil {
			return nil, false
		}
		data, err := io.ReadAll(io.LimitReader(r, bySquareMaxModel+1))
		if err == nil && len(data) <= bySquareMaxModel {
			return data, true
		}
	}
	return nil, false
}

// parseBySquare reads a PAY document of one payment order to one account.
// Version 1.0.0 ends after the direct debit flag (16 fields); 1.1.0 adds
// the beneficiary (19). Standing orders, direct debits and several
// payments or accounts are another document than this kind writes.
func parseBySquare(p string) (BySquare, bool) {
	model, ok := unpackBySquare(p)
	if !ok {
		return BySquare{}, false
	}
	f := strings.Split(model, "\t")
	if len(f) != 16 && len(f) != 19 {
		return BySquare{}, false
	}
	if f[1] != "1" || f[2] != "1" || f[11] != "1" || f[14] != "0" || f[15] != "0" {
		return BySquare{}, false
	}
	f = append(f, "", "", "")
	b := BySquare{
		Invoice: f[0], Amount: f[3], Currency: f[4], Due: f[5], VS: f[6], KS: f[7], SS: f[8],
		Reference: f[9], Note: f[10], IBAN: f[12], BIC: f[13],
		Name: f[16], AddressLine1: f[17], AddressLine2: f[18],
	}
	return b, b.IBAN != ""
}
