package kinds

import (
	"regexp"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// BharatQR is India's interoperable merchant-presented code (Bharat QR,
// NPCI with Mastercard and Visa): card-scheme merchant IDs in the EMV
// card IDs (02 Visa, 04 Mastercard, 06 RuPay), the IFSC and account in
// 08, and UPI in template 26 (GUID A000000524: 01 VPA, 02 minimum amount)
// with the transaction reference in template 27 (GUID A000000524: 01
// reference). Paid in rupees (356) by Indian bank and UPI apps.
//
// NPCI's Bharat QR specification is given to member banks only; the
// layout is the one of the published Bharat QR strings that
// bharatqr_test.go rebuilds (Razorpay's QR Codes API documentation).
// Note that A000000677010111 is PromptPay's AID, not UPI's.
type BharatQR struct {
	Visa        string `json:"visa" jsonschema_description:"Visa merchant PAN (ID 02), 16 digits." identity:"true" title:"Visa merchant ID"`
	Mastercard  string `json:"mastercard" jsonschema_description:"Mastercard merchant PAN (ID 04), 15 or 16 digits." identity:"true" title:"Mastercard merchant ID"`
	RuPay       string `json:"rupay" jsonschema_description:"RuPay merchant PAN (ID 06), 16 digits." identity:"true" title:"RuPay merchant ID"`
	IFSCAccount string `json:"ifsc_account" jsonschema_description:"IFSC of the merchant's bank branch followed by the account number (ID 08), up to 40 characters (YESB0CMSNOC222333004882700)." identity:"true" title:"IFSC and account number"`
	VPA         string `json:"vpa" jsonschema_description:"UPI virtual payment address (ID 26-01), handle@psp (merchant@icici)." identity:"true" title:"UPI ID (VPA)"`
	MinAmount   string `json:"min_amount" jsonschema_description:"Minimum amount the UPI payer may pay (ID 26-02), in rupees." title:"Minimum amount"`
	TxRef       string `json:"tx_ref" jsonschema_description:"UPI transaction reference (ID 27-01), up to 35 letters and digits." identity:"true" title:"Transaction reference"`
	MCC         string `json:"mcc" validate:"required" jsonschema_description:"Merchant category code (ID 52), 4 digits of ISO 18245." title:"Merchant category code"`
	Amount      string `json:"amount" jsonschema_description:"Amount in rupees (ID 54) with '.' and at most 2 decimals. Omit it for a static code." title:"Amount"`
	Name        string `json:"name" validate:"required" jsonschema_description:"Merchant name (ID 59), 1 to 25 characters." identity:"true" title:"Merchant name"`
	City        string `json:"city" validate:"required" jsonschema_description:"Merchant city (ID 60), 1 to 15 characters." identity:"true" title:"City"`
	Postal      string `json:"postal" jsonschema_description:"PIN code (ID 61), 6 digits." identity:"true" title:"Postal code"`
	Bill        string `json:"bill" jsonschema_description:"Bill number (ID 62-01), up to 25 characters." identity:"true" title:"Bill number"`
	Reference   string `json:"reference" jsonschema_description:"Reference label (ID 62-05), up to 25 characters." identity:"true" title:"Reference label"`
	Terminal    string `json:"terminal" jsonschema_description:"Terminal label (ID 62-07), up to 25 characters." title:"Terminal label"`
}

const (
	bharatQRUPI  = "A000000524"
	bharatQRRule = "Bharat QR (NPCI) on " + emvRule
)

var (
	bharatQRPAN   = regexp.MustCompile(`^[0-9]{15,16}$`)
	bharatQRIFSC  = regexp.MustCompile(`^[A-Z]{4}0[A-Z0-9]{6}[0-9A-Z]{1,29}$`)
	bharatQRRef   = regexp.MustCompile(`^[0-9A-Za-z]{1,35}$`)
	bharatQRPIN   = regexp.MustCompile(`^[1-9][0-9]{5}$`)
	bharatQRMinAm = decimalAmount{unit: "INR", decimals: 2, cite: bharatQRRule + ", ID 26-02"}
)

func init() {
	registry.Register(registry.Kind[BharatQR]{
		Name:     "bharatqr",
		Currency: "INR",
		Title:    "Bharat QR (India)",
		Purpose:  registry.PaymentsAsia,
		Summary:  "Receive card and UPI payments in India (Bharat QR, INR)",
		Standard: registry.Standard{
			Name:    "Bharat QR (National Payments Corporation of India, Mastercard, Visa), on EMV QRCPS-MPM",
			Version: "EMV QRCPS-MPM 1.1",
			Section: "02 Visa, 04 Mastercard, 06 RuPay, 08 IFSC and account; UPI template 26 (A000000524: 01 VPA, 02 minimum amount) and 27 (01 reference); 53 = 356, 58 = IN",
			URL:     "https://razorpay.com/docs/api/payments/qr-codes/",
		},
		Examples: []BharatQR{
			{Visa: "4392630000000085", Mastercard: "540461000000008", RuPay: "6100590000000089", IFSCAccount: "YESB0CMSNOC2223330048827001", VPA: "razorpaybqr@icici", MinAmount: "1.10", TxRef: "RZPGT8ildsFTgS5Sp", MCC: "7531", Amount: "1.10", Name: "zxcbmn", City: "Delhi", Postal: "110085", Reference: "GT8ildsFTgS5Sp", Terminal: "38R00450"},
			{VPA: "shop.one@okaxis", MCC: "5411", Name: "Shop One", City: "Bengaluru", Postal: "560001"},
		},
		Check:        checkBharatQR,
		Encode:       encodeBharatQR,
		ParseNotKept: emvParseNotKept(parseBharatQR, checkBharatQR, encodeBharatQR),
	})
}

func checkBharatQR(b *BharatQR) []registry.FieldError {
	var errs []registry.FieldError
	for _, f := range []struct {
		name, id string
		v        *string
	}{{"visa", "02", &b.Visa}, {"mastercard", "04", &b.Mastercard}, {"rupay", "06", &b.RuPay}} {
		if *f.v = asciiDigitsOnlyIfSpaced(*f.v); *f.v != "" && !bharatQRPAN.MatchString(*f.v) {
			errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " is the merchant PAN the card scheme issued, 15 or 16 digits (" + bharatQRRule + ", ID " + f.id + ")", Fix: ""})
		}
	}
	if b.IFSCAccount = upperASCII(asciiDigitsOnlyIfSpaced(b.IFSCAccount)); b.IFSCAccount != "" && (!bharatQRIFSC.MatchString(b.IFSCAccount) || len(b.IFSCAccount) > 40) {
		errs = append(errs, registry.FieldError{Field: "ifsc_account", Detail: "ifsc_account is an IFSC (4 letters, 0, 6 letters or digits) followed by the account number, at most 40 characters (" + bharatQRRule + ", ID 08)", Fix: ""})
	}
	b.VPA, b.MinAmount, b.TxRef = strings.TrimSpace(b.VPA), strings.TrimSpace(b.MinAmount), strings.TrimSpace(b.TxRef)
	switch {
	case b.VPA == "" && (b.MinAmount != "" || b.TxRef != ""):
		errs = append(errs, registry.FieldError{Field: "vpa", Detail: "min_amount and tx_ref are UPI fields: give the vpa (" + bharatQRRule + ", ID 26)", Fix: ""})
	case b.VPA != "" && (!upiAddress.MatchString(b.VPA) || len(b.VPA) > 99-14):
		errs = append(errs, registry.FieldError{Field: "vpa", Detail: "vpa is a UPI address handle@psp (merchant@icici) (" + bharatQRRule + ", ID 26-01)", Fix: ""})
	}
	if b.MinAmount != "" {
		if problem, fix := bharatQRMinAm.check(b.MinAmount); problem != "" {
			errs = append(errs, registry.FieldError{Field: "min_amount", Detail: strings.Replace(problem, "amount", "min_amount", 1), Fix: fix})
		}
	}
	upiRefused := slices.ContainsFunc(errs, func(e registry.FieldError) bool { return e.Field == "vpa" || e.Field == "min_amount" })
	if b.VPA != "" && !upiRefused {
		// The VPA and the minimum amount share template 26 with its GUID:
		// each fitting alone, together they may not.
		field := "vpa"
		if b.MinAmount != "" {
			field = "min_amount"
		}
		if err := emvCheckTemplate(field, "26", emvObject{"00", bharatQRUPI}, emvObject{"01", b.VPA}, emvObject{"02", b.MinAmount}); err != nil {
			errs = append(errs, *err)
		}
	}
	if b.TxRef != "" && !bharatQRRef.MatchString(b.TxRef) {
		errs = append(errs, registry.FieldError{Field: "tx_ref", Detail: "tx_ref is 1 to 35 letters and digits (" + bharatQRRule + ", ID 27-01)", Fix: ""})
	}
	if b.Visa == "" && b.Mastercard == "" && b.RuPay == "" && b.IFSCAccount == "" && b.VPA == "" {
		errs = append(errs, registry.FieldError{Field: "vpa", Detail: "a Bharat QR code names at least one way to pay: a card scheme PAN (visa, mastercard, rupay), ifsc_account or a UPI vpa (" + bharatQRRule + ")", Fix: ""})
	}
	if err := emvCheckMCC("mcc", &b.MCC, ""); err != nil {
		errs = append(errs, *err)
	}
	if err := emvCheckAmount("amount", &b.Amount, 2, "INR"); err != nil {
		errs = append(errs, *err)
	}
	if b.Postal = strings.TrimSpace(b.Postal); b.Postal != "" && !bharatQRPIN.MatchString(b.Postal) {
		errs = append(errs, registry.FieldError{Field: "postal", Detail: "postal is an Indian PIN code, 6 digits (" + bharatQRRule + ", ID 61)", Fix: ""})
	}
	errs = append(errs, emvTexts(
		emvTextField{"name", &b.Name, 25, bharatQRRule + ", ID 59 Merchant Name: up to 25 characters", ""},
		emvTextField{"city", &b.City, 15, bharatQRRule + ", ID 60 Merchant City: up to 15 characters", ""},
	)...)
	return append(errs, emvAdditional{Bill: &b.Bill, Reference: &b.Reference, Terminal: &b.Terminal}.check()...)
}

func encodeBharatQR(b BharatQR) string {
	accounts := []emvObject{{"02", b.Visa}, {"04", b.Mastercard}, {"06", b.RuPay}, {"08", b.IFSCAccount}}
	if b.VPA != "" {
		accounts = append(accounts, emvObject{"26", emvJoin(emvObject{"00", bharatQRUPI}, emvObject{"01", b.VPA}, emvObject{"02", b.MinAmount})})
	}
	if b.TxRef != "" {
		accounts = append(accounts, emvObject{"27", emvJoin(emvObject{"00", bharatQRUPI}, emvObject{"01", b.TxRef})})
	}
	return emvMerchant{
		Accounts: accounts, MCC: b.MCC, Currency: "356", Amount: b.Amount, Country: "IN", Name: b.Name, City: b.City, Postal: b.Postal,
		Additional: emvAdditional{Bill: &b.Bill, Reference: &b.Reference, Terminal: &b.Terminal}.objects(),
	}.payload()
}

// parseBharatQR reads an Indian EMV code (country IN, rupees) with a card
// scheme ID or the UPI template.
func parseBharatQR(payload string) (BharatQR, bool) {
	root, ok := emvParse(payload)
	if !ok || root.get("00") != "01" || root.get("53") != "356" || root.get("58") != "IN" {
		return BharatQR{}, false
	}
	b := BharatQR{Visa: root.get("02"), Mastercard: root.get("04"), RuPay: root.get("06"), IFSCAccount: root.get("08"),
		MCC: root.get("52"), Amount: root.get("54"), Name: root.get("59"), City: root.get("60"), Postal: root.get("61")}
	for _, o := range root {
		if o.id != "26" && o.id != "27" {
			continue
		}
		if sub, ok := emvSplit(o.value); ok && sub.get("00") == bharatQRUPI {
			if o.id == "26" {
				b.VPA, b.MinAmount = sub.get("01"), sub.get("02")
			} else {
				b.TxRef = sub.get("01")
			}
		}
	}
	if extra, ok := emvSplit(root.get("62")); ok {
		emvAdditional{Bill: &b.Bill, Reference: &b.Reference, Terminal: &b.Terminal}.read(extra)
	}
	return b, b.Visa != "" || b.Mastercard != "" || b.RuPay != "" || b.IFSCAccount != "" || b.VPA != ""
}
