package kinds

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/qrforge/qrforge/registry"
)

// KHQR is Cambodia's national payment code (KHQR, National Bank of
// Cambodia, Bakong): an individual's code carries template 29 and a
// merchant's template 30, each with the Bakong account ID in sub-field 00
// (no GUID: the account ID is name@bank), then account information or
// merchant ID in 01 and the acquiring bank in 02. Paid in riel (116) or US
// dollars (840) by every Cambodian bank app.
//
// The rules follow "KHQR Code Specification for Retail Payments in
// Cambodia, Merchant-Presented Mode" v1.0 (December 2019) and NBC's
// "KHQR SDK Documentation" v1.8 (generateIndividual, generateMerchant),
// whose sample outputs are the test vectors; template 99 holds the
// creation (00) and expiry (01) times in milliseconds that SDK 1.0.18 and
// later write into codes with an amount. qrforge's encoder has no clock:
// the caller gives both.
type KHQR struct {
	Account     string `json:"account" validate:"required" jsonschema_description:"Bakong account ID, name@bank (jonhsmith@nbcq), at most 32 characters (ID 29-00 or 30-00)." identity:"true" title:"Merchant account"`
	MerchantID  string `json:"merchant_id" jsonschema_description:"Merchant ID at the acquiring bank (ID 30-01), up to 32 characters. With it the code is a merchant code (template 30) and bank is required; without it an individual's (29)." identity:"true" title:"Merchant ID"`
	Bank        string `json:"bank" jsonschema_description:"Acquiring bank's name (ID 29-02 or 30-02), up to 32 characters (Dev Bank, ACLEDA Bank)." identity:"true" title:"Acquiring bank"`
	AccountInfo string `json:"account_info" jsonschema_description:"Account information of an individual's code (ID 29-01): the bank account number, up to 32 characters." identity:"true" title:"Account information"`
	Currency    string `json:"currency" meant:"riel=KHR,riels=KHR,៛=KHR,$=USD,us$=USD,dollar=USD,dollars=USD,us-dollar=USD,us-dollars=USD" validate:"omitempty,oneofci=KHR USD 116 840" jsonschema:"enum=KHR,enum=USD" jsonschema_description:"KHR (riel, default) or USD; written as 116 or 840 (ID 53)." title:"Currency"`
	Amount      string `json:"amount" jsonschema_description:"Amount (ID 54) with '.' and at most 2 decimals, at most 13 characters. Omit it for a static code." title:"Amount"`
	MCC         string `json:"mcc" jsonschema_description:"Merchant category code (ID 52); default 5999, the SDK's." title:"Merchant category code"`
	Name        string `json:"name" validate:"required" jsonschema_description:"Merchant or account holder name (ID 59), 1 to 25 characters." identity:"true" title:"Merchant name"`
	City        string `json:"city" jsonschema_description:"City (ID 60), 1 to 15 characters; default Phnom Penh." identity:"true" title:"City"`
	Bill        string `json:"bill" jsonschema_description:"Bill number (ID 62-01), up to 25 characters." identity:"true" title:"Bill number"`
	Mobile      string `json:"mobile" jsonschema_description:"Merchant's mobile number (ID 62-02), digits with the country code (85512345678), up to 25." identity:"true" title:"Mobile number"`
	Store       string `json:"store" jsonschema_description:"Store label (ID 62-03), up to 25 characters." title:"Store label"`
	Terminal    string `json:"terminal" jsonschema_description:"Terminal label (ID 62-07), up to 25 characters." title:"Terminal label"`
	Purpose     string `json:"purpose" jsonschema_description:"Purpose of transaction (ID 62-08), up to 25 characters." title:"Purpose of the payment"`
	Created     string `json:"created" jsonschema_description:"Creation time, milliseconds since 1970 UTC, 13 digits (ID 99-00)." title:"Created at"`
	Expires     string `json:"expires" jsonschema_description:"Expiry time, milliseconds since 1970 UTC, 13 digits, after created (ID 99-01); Bakong SDK 1.0.18 writes one into every code with an amount. A code past it is drawn with a warning." title:"Expires at"`
}

const (
	khqrRule        = "KHQR Code Specification v1.0 (NBC, 2019)"
	khqrDefaultCity = "Phnom Penh"
)

var (
	khqrAccount = regexp.MustCompile(`^[A-Za-z0-9._-]+@[A-Za-z0-9._-]+$`)
	khqrMillis  = regexp.MustCompile(`^[0-9]{13}$`)
	khqrMobile  = regexp.MustCompile(`^[0-9]{8,25}$`)
)

func init() {
	registry.Register(registry.Kind[KHQR]{
		Name:       "khqr",
		Title:      "KHQR Bakong (Cambodia)",
		AlsoCalled: []string{"bakong"},
		Purpose:    registry.PaymentsAsia,
		Summary:    "Receive a Bakong payment in Cambodia (KHQR, KHR or USD)",
		Standard: registry.Standard{
			Name:    "KHQR Code Specification for Retail Payments in Cambodia, Merchant-Presented Mode (National Bank of Cambodia), and the KHQR SDK Documentation",
			Version: "1.0 (2019); SDK documentation 1.8",
			Section: "§4: individual template 29 / merchant template 30 (00 Bakong account ID, 01 account information or merchant ID, 02 acquiring bank); 53 = 116 or 840; 58 = KH; 99 timestamps",
			URL:     "https://api-bakong.nbc.gov.kh/document",
		},
		Examples: []KHQR{
			{Account: "jonhsmith@nbcq", MerchantID: "123456", Bank: "Dev Bank", Name: "Jonh Smith", City: "Siem Reap", Mobile: "85512345678"},
			{Account: "jonhsmith@nbcq", Amount: "500", Name: "Jonh Smith", City: "PHNOM PENH", Created: "1742250594187", Expires: "1742250654184"},
			{Account: "john_smith@devb", Currency: "USD", Amount: "1.50", Name: "John Smith", Bill: "INV-2003", Store: "Coffee Klaing"},
		},
		Check:        checkKHQR,
		Encode:       encodeKHQR,
		ParseNotKept: emvParseNotKept(parseKHQR, checkKHQR, encodeKHQR),
		Expires:      khqrExpiry,
	})
}

// khqrExpiry is a code's expiry time (template 99-01): the time the
// payee set for it to be paid by.
func khqrExpiry(k KHQR) (registry.Expiry, bool) {
	ms, err := strconv.ParseInt(k.Expires, 10, 64)
	if k.Expires == "" || err != nil {
		return registry.Expiry{}, false
	}
	return registry.Expiry{Field: "expires", At: time.UnixMilli(ms).UTC(), Rule: "KHQR SDK 1.0.18, template 99-01: the code's expiry time"}, true
}

func checkKHQR(k *KHQR) []registry.FieldError {
	var errs []registry.FieldError
	if k.Account = strings.TrimSpace(k.Account); !khqrAccount.MatchString(k.Account) || len(k.Account) > 32 {
		errs = append(errs, registry.FieldError{Field: "account", Detail: "account is a Bakong account ID, name@bank, at most 32 characters (" + khqrRule + ", ID 29-00/30-00)", Fix: ""})
	}
	k.MerchantID, k.Bank, k.AccountInfo = strings.TrimSpace(k.MerchantID), strings.TrimSpace(k.Bank), strings.TrimSpace(k.AccountInfo)
	if k.MerchantID != "" {
		if k.Bank == "" {
			errs = append(errs, registry.FieldError{Field: "bank", Detail: "bank, the acquiring bank, is mandatory in a merchant code (" + khqrRule + ", ID 30-02)", Fix: ""})
		}
		if k.AccountInfo != "" {
			errs = append(errs, registry.FieldError{Field: "account_info", Detail: "account_info belongs to an individual's code; a merchant code (merchant_id given) writes the merchant ID in 30-01 (" + khqrRule + ")", Fix: ""})
		}
	}
	for _, f := range []struct {
		name string
		v    *string
	}{{"merchant_id", &k.MerchantID}, {"bank", &k.Bank}, {"account_info", &k.AccountInfo}} {
		if err := emvCheckPrintable(f.name, *f.v, 32, khqrRule+", template 29/30"); err != nil {
			errs = append(errs, *err)
		}
	}
	givenCurrency := ""
	switch strings.ToUpper(k.Currency) {
	case "":
		k.Currency = "KHR"
	case "KHR", "116":
		k.Currency, givenCurrency = "KHR", "KHR"
	default:
		k.Currency, givenCurrency = "USD", "USD"
	}
	amount := k.Amount
	if err := emvCheckAmount("amount", &k.Amount, 2, k.Currency); err != nil {
		keepNamedCurrency(err, amount, givenCurrency, "KHR", func(c string) bool { return c == "KHR" || c == "USD" }, func(unit string) string {
			return amountFix(amount, 2, unit)
		})
		errs = append(errs, *err)
	}
	if err := emvCheckMCC("mcc", &k.MCC, "5999"); err != nil {
		errs = append(errs, *err)
	}
	if k.City == "" {
		k.City = khqrDefaultCity
	}
	errs = append(errs, emvTexts(
		emvTextField{"name", &k.Name, 25, khqrRule + ", ID 59 Merchant Name: up to 25 characters", ""},
		emvTextField{"city", &k.City, 15, khqrRule + ", ID 60 Merchant City: up to 15 characters", khqrDefaultCity},
	)...)
	if k.Mobile = strings.TrimPrefix(asciiDigitsOnlyIfSpaced(k.Mobile), "+"); k.Mobile != "" && !khqrMobile.MatchString(k.Mobile) {
		errs = append(errs, registry.FieldError{Field: "mobile", Detail: "mobile is the phone number in digits with its country code, no + or spaces (85512345678) (" + khqrRule + ", ID 62-02)", Fix: ""})
	}
	errs = append(errs, emvAdditional{Bill: &k.Bill, Store: &k.Store, Terminal: &k.Terminal, Purpose: &k.Purpose}.check()...)
	k.Created, k.Expires = strings.TrimSpace(k.Created), strings.TrimSpace(k.Expires)
	for _, f := range []struct {
		name string
		v    string
	}{{"created", k.Created}, {"expires", k.Expires}} {
		if f.v != "" && !khqrMillis.MatchString(f.v) {
			errs = append(errs, registry.FieldError{Field: f.name, Detail: f.name + " is a time in milliseconds since 1970 UTC, 13 digits (KHQR SDK 1.0.18, template 99)", Fix: ""})
		}
	}
	if k.Expires != "" && (k.Created == "" || k.Expires <= k.Created) {
		errs = append(errs, registry.FieldError{Field: "expires", Detail: "expires comes with created and is later than it (KHQR SDK 1.0.18, template 99)", Fix: ""})
	}
	if len(errs) == 0 {
		if err := emvCheckTemplate("bill", "62", k.additionalObjects()...); err != nil {
			errs = append(errs, *err)
		}
	}
	return errs
}

// emvCheckPrintable refuses a value with characters outside printable
// ASCII or longer than max.
func emvCheckPrintable(field, v string, max int, rule string) *registry.FieldError {
	for _, r := range v {
		if r < 0x20 || r > 0x7e {
			return &registry.FieldError{Field: field, Detail: field + " is printable ASCII (" + rule + ")", Fix: ""}
		}
	}
	if len(v) > max {
		return &registry.FieldError{Field: field, Detail: field + " is at most " + itoa(max) + " characters (" + rule + ")", Fix: ""}
	}
	return nil
}

func (k KHQR) additionalObjects() []emvObject {
	return emvAdditional{Bill: &k.Bill, Mobile: &k.Mobile, Store: &k.Store, Terminal: &k.Terminal, Purpose: &k.Purpose}.objects()
}

// encodeKHQR writes the objects in the SDK's order: 00, 01, 29/30, 52,
// 53, 54, 58, 59, 60, 62, 99.
func encodeKHQR(k KHQR) string {
	tag, second := "29", k.AccountInfo
	if k.MerchantID != "" {
		tag, second = "30", k.MerchantID
	}
	currency := "116"
	if k.Currency == "USD" {
		currency = "840"
	}
	var after []emvObject
	if k.Created != "" {
		after = []emvObject{{"99", emvJoin(emvObject{"00", k.Created}, emvObject{"01", k.Expires})}}
	}
	return emvMerchant{
		Accounts: []emvObject{{tag, emvJoin(emvObject{"00", k.Account}, emvObject{"01", second}, emvObject{"02", k.Bank})}},
		MCC:      k.MCC, Currency: currency, Amount: k.Amount, Country: "KH", Name: k.Name, City: k.City,
		Additional: k.additionalObjects(), After: after,
	}.payload()
}

func parseKHQR(payload string) (KHQR, bool) {
	root, ok := emvParse(payload)
	if !ok || root.get("00") != "01" || root.get("58") != "KH" {
		return KHQR{}, false
	}
	k := KHQR{MCC: root.get("52"), Amount: root.get("54"), Name: root.get("59"), City: root.get("60")}
	switch root.get("53") {
	case "116":
		k.Currency = "KHR"
	case "840":
		k.Currency = "USD"
	default:
		return KHQR{}, false
	}
	switch {
	case root.get("29") != "":
		t, _ := emvSplit(root.get("29"))
		k.Account, k.AccountInfo, k.Bank = t.get("00"), t.get("01"), t.get("02")
	case root.get("30") != "":
		t, _ := emvSplit(root.get("30"))
		k.Account, k.MerchantID, k.Bank = t.get("00"), t.get("01"), t.get("02")
	default:
		return KHQR{}, false
	}
	if extra, ok := emvSplit(root.get("62")); ok {
		emvAdditional{Bill: &k.Bill, Mobile: &k.Mobile, Store: &k.Store, Terminal: &k.Terminal, Purpose: &k.Purpose}.read(extra)
	}
	if ts, ok := emvSplit(root.get("99")); ok {
		k.Created, k.Expires = ts.get("00"), ts.get("01")
	}
	return k, strings.Contains(k.Account, "@")
}
