package kinds

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/qrforge/qrforge/registry"
	"github.com/qrforge/qrforge/render"
)

// EPC is a SEPA credit transfer in the European Payments Council's QR code
// format (EPC069-12), sold in Germany as GiroCode: banking apps fill a
// transfer from it.
//
// The rules were read in the EPC069-12 v2.1 text ("2D Code Guidelines":
// definition and data-element table); v3.0 (13 September 2022) keeps the
// same elements, and its section numbers could not be read from a primary
// copy, so clauses are cited by the data element's name.
type EPC struct {
	Name      string `json:"name" also:"beneficiary,recipient,payee" validate:"required,max=70" jsonschema_description:"Beneficiary name (AT-21), 1 to 70 characters." identity:"true" title:"Account holder"`
	IBAN      string `json:"iban" also:"account" validate:"required" jsonschema_description:"Beneficiary IBAN (AT-20), electronic format (DE89370400440532013000); spaces of the printed form are removed. Check digits and the country's length are checked (ISO 13616, SWIFT IBAN Registry), and the country must be in the SEPA schemes' scope (EPC409): EU and EEA countries, CH, GB, SM, VA, AD, MC, AL, MD, ME, MK, RS and their territories." identity:"true" title:"IBAN"`
	BIC       string `json:"bic" also:"swift" jsonschema_description:"BIC of the beneficiary's bank (AT-23), 8 or 11 capital letters and digits (ISO 9362). Required with version 001, and for an IBAN of a SEPA country outside the EEA (CH, GB, SM, VA, AD, MC, AL, MD, ME, MK, RS ...); optional with version 002 inside the EEA." identity:"true" title:"BIC"`
	Amount    string `json:"amount" jsonschema_description:"Amount in euro (AT-04), 0.01 to 999999999.99 with '.' and at most 2 decimals (12.30). Omit it to let the payer enter the amount." title:"Amount (EUR)"`
	Purpose   string `json:"purpose" meant:"charity=CHAR,donation=CHAR,salary=SALA,wages=SALA,pension=PENS,rent=RENT,tax=TAXS,taxes=TAXS,vat=VATX,goods=GDDS,services=SCVE,insurance=INSU,loan=LOAN,dividend=DIVD,interest=INTE,bonus=BONU,electricity=ELEC,other=OTHR" jsonschema:"pattern=^[A-Z]{4}$" jsonschema_description:"Purpose of the transfer (AT-44): a 4-letter ISO 20022 ExternalPurpose1Code such as CHAR (charity), GDDS (goods), SALA (salary)." title:"Purpose code"`
	Reference string `json:"reference" jsonschema_description:"Structured remittance information (AT-05): an ISO 11649 creditor reference (RF18539007547034), check digits checked. Give either reference or text, not both." identity:"true" title:"Creditor reference"`
	Text      string `json:"text" also:"remittance,message,description" validate:"max=140" jsonschema_description:"Unstructured remittance information (AT-05) shown to the payer, up to 140 characters. Give either reference or text, not both." title:"Payment reference text"`
	Info      string `json:"info" validate:"max=70" jsonschema_description:"Beneficiary to originator information: a note shown to the payer by the banking app, up to 70 characters." title:"Note to the payer"`
	Version   string `json:"version" meant:"1=001,2=002,01=001,02=002,v1=001,v2=002" validate:"omitempty,oneof=001 002" jsonschema:"enum=001,enum=002" jsonschema_description:"Format version: 002 (default; BIC optional inside the EEA) or 001 (BIC required)." title:"Format version"`
}

const (
	// epcMaxBytes is the largest payload: QR version 13 at level M holds
	// 331 bytes (EPC069-12, 2D Code Guidelines: Definition).
	epcMaxBytes = 331
	// epcExampleIBAN is the IBAN of the EPC069-12 sample, offered as a fix.
	epcExampleIBAN = "BE72000000001616"
	epcExampleBIC  = "BPOTBEB1"
	epcExampleRef  = "RF18539007547034"
)

var (
	epcAmount  = regexp.MustCompile(`^(?:0|[1-9][0-9]{0,8})(?:\.[0-9]{1,2})?$`)
	epcPurpose = regexp.MustCompile(`^[A-Z]{4}$`)
	// epcPurposeWords are the words callers write for a purpose code
	// (the field's meant tag), each one's ISO 20022 ExternalPurpose1Code.
	epcPurposeWords = meantWords(reflect.TypeFor[EPC](), "Purpose")
)

func init() {
	registry.Register(registry.Kind[EPC]{
		Name:       "epc",
		Currency:   "EUR",
		Title:      "SEPA transfer (EPC, GiroCode)",
		AlsoCalled: []string{"sepa", "girocode", "iban", "sct", "banktransfer", "bank-transfer", "transfer"},
		Purpose:    registry.PaymentsEurope,
		Common:     true,
		Summary:    "Request a SEPA credit transfer in euro (EPC QR code, GiroCode)",
		Standard: registry.Standard{
			Name:    "EPC069-12 Quick Response Code: Guidelines to Enable the Data Capture for the Initiation of an SCT",
			Version: "3.0 (2022)",
			Section: "2D Code Guidelines: Definition, Data elements",
			URL:     "https://www.europeanpaymentscouncil.eu/document-library/guidance-documents/quick-response-code-guidelines-enable-data-capture-initiation",
		},
		Examples: []EPC{
			{Name: "Red Cross of Belgium", IBAN: epcExampleIBAN, BIC: epcExampleBIC, Amount: "1", Purpose: "CHAR", Text: "Urgency fund", Info: "Sample EPC QR code", Version: "001"},
			{Name: "Wikimedia Foerdergesellschaft", IBAN: "DE33100205000001194700", BIC: "BFSWDE33BER", Amount: "123.45", Reference: epcExampleRef},
			{Name: "Shop", IBAN: "DE89370400440532013000"},
		},
		Check:  checkEPC,
		Encode: encodeEPC,
		Parse:  parseEPC,
		Warn:   warnEPC,
		// EPC069-12, 2D Code Guidelines: Definition: error level M, at
		// most version 13.
		Hints: registry.Hints{Level: render.LevelM, MaxVersion: 13},
	})
}

func checkEPC(e *EPC) []registry.FieldError {
	var errs []registry.FieldError
	for _, f := range []textField{{"name", e.Name}, {"bic", e.BIC}, {"amount", e.Amount}, {"purpose", e.Purpose}, {"reference", e.Reference}, {"text", e.Text}, {"info", e.Info}} {
		// A line break would end the data element early and shift every
		// element after it (EPC069-12: one element per line).
		if strings.ContainsAny(f.value, "\r\n") {
			errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " is one line: the EPC QR code separates its data elements with line feeds", Fix: strings.Join(strings.Fields(f.value), " ")})
		}
	}
	errs = append(errs, checkTextFields(textField{"name", e.Name}, textField{"text", e.Text}, textField{"info", e.Info})...)
	if strings.TrimSpace(e.Name) == "" {
		errs = append(errs, registry.FieldError{Field: "name", Detail: "name, the beneficiary's name (AT-21), is mandatory (EPC069-12, data element Name)", Fix: ""})
	}
	ibanErrs := checkIBAN("iban", &e.IBAN, epcExampleIBAN)
	errs = append(errs, ibanErrs...)
	switch {
	case e.BIC != "":
		errs = append(errs, checkBIC("bic", &e.BIC, epcExampleBIC)...)
	case e.Version == "001":
		errs = append(errs, registry.FieldError{Field: "bic", Detail: "bic is mandatory in version 001 (EPC069-12, data element BIC of the Beneficiary Bank); use version 002 to leave it out inside the EEA", Fix: epcExampleBIC})
	}
	if len(ibanErrs) == 0 {
		// The code initiates a SEPA credit transfer (EPC069-12,
		// identification SCT), which reaches only the countries of the
		// SEPA schemes' scope (EPC409).
		errs = append(errs, checkSEPAIBAN("iban", e.IBAN)...)
		if e.BIC == "" && e.Version != "001" && sepaOutsideEEA(e.IBAN) {
			// No fix: the BIC names the beneficiary's bank, which only
			// the caller knows.
			errs = append(errs, registry.FieldError{Field: "bic", Detail: "bic is required for an IBAN from " + e.IBAN[:2] + ", a SEPA country outside the EEA: version 002 leaves the BIC out only for transfers within the EEA (EPC069-12, data element BIC of the Beneficiary Bank); give the BIC of the beneficiary's bank", Fix: ""})
		}
	}
	if e.Amount != "" {
		if fix, ok := checkEuroAmount(e.Amount); !ok {
			errs = append(errs, registry.FieldError{Field: "amount", Detail: "amount is 0.01 to 999999999.99 euro, with '.' and at most 2 decimals (EPC069-12, data element AT-04 Amount)" + twoReadings(e.Amount, "EUR"), Fix: fix})
		}
	}
	if e.Purpose != "" && !epcPurpose.MatchString(e.Purpose) {
		// Only a code in another case, or a word that names one: any
		// other code would tell the bank a purpose the payer never gave
		// (a donation relabelled a purchase of goods).
		fix := epcPurposeWords[strings.ToLower(strings.TrimSpace(e.Purpose))]
		if up := strings.ToUpper(strings.TrimSpace(e.Purpose)); epcPurpose.MatchString(up) {
			fix = up
		}
		detail := "purpose is a 4-letter ISO 20022 ExternalPurpose1Code in capitals, such as CHAR (charity), GDDS (goods), SCVE (services), SALA (salary), RENT or TAXS (EPC069-12, data element AT-44 Purpose)"
		if fix == "" {
			detail += "; " + strconv.Quote(truncateBytes(e.Purpose, 32)) + " is not one: give the code of the ISO 20022 list that names the transfer's purpose, or leave purpose out"
		}
		errs = append(errs, registry.FieldError{Field: "purpose", Detail: detail, Fix: fix})
	}
	if e.Reference != "" && e.Text == "" && freeTextReference(e.Reference) {
		errs = append(errs, movedToText("reference", e.Reference, "text", "an ISO 11649 creditor reference, RF and 2 check digits (EPC069-12, data element AT-05, structured)", "unstructured remittance information (AT-05)"))
	} else if e.Reference != "" {
		if e.Text != "" {
			errs = append(errs, registry.FieldError{Field: "text", Detail: "text cannot be combined with reference: remittance information is either structured or unstructured (EPC069-12, data element AT-05)", Fix: ""})
		}
		errs = append(errs, checkCreditorReference("reference", &e.Reference, epcExampleRef)...)
	}
	if len(errs) > 0 {
		return errs
	}
	if n := len(encodeEPC(*e)); n > epcMaxBytes {
		errs = append(errs, payloadTooLong(n, epcMaxBytes, "an EPC QR code holds at most 331 (EPC069-12, 2D Code Guidelines: version 13 at level M)",
			textField{"name", e.Name}, textField{"text", e.Text}, textField{"info", e.Info}))
	}
	return errs
}

// checkEuroAmount accepts 0.01 to 999999999.99 with at most two decimals,
// or returns the same amount written so (amountnotation.go), if it can be.
func checkEuroAmount(am string) (fix string, ok bool) {
	if epcAmount.MatchString(am) && strings.Trim(am, "0.") != "" {
		return "", true
	}
	if fix = amountFix(am, 2, "EUR"); !epcAmount.MatchString(fix) {
		fix = ""
	}
	return fix, false
}

// encodeEPC writes the data elements one per line, separated by LF, with
// character set 1 (UTF-8) and identification SCT. Trailing empty elements
// are left out and the last element has no line feed after it (EPC069-12,
// Data elements).
func encodeEPC(e EPC) string {
	version := e.Version
	if version == "" {
		version = "002"
	}
	amount := ""
	if e.Amount != "" {
		amount = "EUR" + e.Amount
	}
	lines := []string{"BCD", version, "1", "SCT", e.BIC, e.Name, e.IBAN, amount, e.Purpose, e.Reference, e.Text, e.Info}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return strings.Join(lines, "\n")
}

// parseEPC reads an EPC QR code. CRLF separators, which some generators
// write, are read as LF; a character set other than 1 is accepted because
// the decoder has already turned the bytes into text, and the fields are
// written back as UTF-8.
func parseEPC(p string) (EPC, bool) {
	lines := strings.Split(strings.ReplaceAll(p, "\r\n", "\n"), "\n")
	if len(lines) == 13 && lines[12] == "" {
		// A line break after the twelfth element, as some banks' codes
		// end: EPC069-12 separates elements, and ends none, but what it
		// ends is still the twelve.
		lines = lines[:12]
	}
	if len(lines) < 7 || len(lines) > 12 || lines[0] != "BCD" || lines[3] != "SCT" {
		return EPC{}, false
	}
	if lines[1] != "001" && lines[1] != "002" {
		return EPC{}, false
	}
	if len(lines[2]) != 1 || lines[2][0] < '1' || lines[2][0] > '8' {
		return EPC{}, false
	}
	for len(lines) < 12 {
		lines = append(lines, "")
	}
	amount, ok := strings.CutPrefix(lines[7], "EUR")
	if !ok && lines[7] != "" {
		return EPC{}, false
	}
	e := EPC{
		Version: lines[1], BIC: lines[4], Name: lines[5], IBAN: lines[6], Amount: amount,
		Purpose: lines[8], Reference: lines[9], Text: lines[10], Info: lines[11],
	}
	return e, e.Name != "" && e.IBAN != "" && utf8.ValidString(p)
}

// sepaConvertible is the end of the Unicode subset that EPC217-08 (SEPA
// Requirements for an Extended Character Set (Unicode Subset), Best
// Practices) converts to the SEPA Latin character set: its conversion
// table runs from U+0000 to U+045F, the Latin, Greek and Cyrillic letters
// of Europe's languages.
const sepaConvertible = 0x045F

// warnEPC warns of characters of the payee's name (AT-21) and the
// remittance text (AT-05) that no SEPA bank is bound to carry. EPC069-12
// refuses none: its character set element (1 = UTF-8, 2 to 8 = parts of
// ISO 8859) sets the encoding and not a repertoire, and qrforge writes 1,
// in which every character is written. But the code initiates a SEPA
// credit transfer, whose rulebook carries the Latin set (a-z, A-Z, 0-9,
// space and / - ? : ( ) . , ' +), and EPC217-08 converts only its table's
// characters to it: Ä becomes A, while €, an emoji or a Chinese name has
// no conversion, and a bank may drop it, write another character or refuse
// the transfer. The name is an identity field, so it is warned of, never
// changed.
func warnEPC(e EPC) []registry.FieldError {
	var warns []registry.FieldError
	for _, f := range []textField{{"name", e.Name}, {"text", e.Text}} {
		// Named by code point: the warning is also an HTTP header,
		// whose value is ASCII (RFC 9110 §5.5).
		var outside []string
		for _, r := range f.value {
			if cp := fmt.Sprintf("U+%04X", r); r > sepaConvertible && !slices.Contains(outside, cp) {
				outside = append(outside, cp)
			}
		}
		if len(outside) > 0 {
			warns = append(warns, registry.FieldError{Field: f.name, Detail: f.name + " has " + strings.Join(outside, ", ") + ", outside the characters SEPA banks convert to the SEPA Latin character set (EPC217-08): the payer's bank may drop or replace them, or refuse the transfer; EPC069-12's UTF-8 carries them into the banking app"})
		}
	}
	return warns
}
