package kinds

import (
	"regexp"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// DuitNow is Malaysia's national QR payment code (DuitNow QR, PayNet):
// merchant account template 26 with PayNet's application identifier
// A0000006150001, the acquirer's 6-digit ID and the merchant's account ID,
// paid in ringgit (458) by every Malaysian bank and e-wallet app.
//
// PayNet's "DuitNow QR Data Object" (developer docs, V1.5) sets the
// Payload Format Indicator to "02" and restates EMV QRCPS-MPM for the
// other root objects (MCC 0000 for person-to-person codes); the template's
// sub-fields are not in the public pages and follow the published
// payloads (see duitnow_test.go).
type DuitNow struct {
	Acquirer  string `json:"acquirer" validate:"required" jsonschema_description:"PayNet acquirer ID of the receiving bank or e-wallet, 6 digits (ID 26-01, e.g. 890053)." identity:"true" title:"Acquirer ID"`
	Account   string `json:"account" validate:"required" jsonschema_description:"Merchant or DuitNow account ID at that acquirer (ID 26-02), 1 to 30 letters and digits." identity:"true" title:"Merchant account"`
	MCC       string `json:"mcc" jsonschema_description:"Merchant category code (ID 52), 4 digits; default 0000, PayNet's code for person-to-person QR." title:"Merchant category code"`
	Amount    string `json:"amount" jsonschema_description:"Amount in ringgit (ID 54) with '.' and at most 2 decimals. Omit it for a static code." title:"Amount"`
	Name      string `json:"name" validate:"required" jsonschema_description:"Merchant or account holder name (ID 59), 1 to 25 characters." identity:"true" title:"Merchant name"`
	City      string `json:"city" validate:"required" jsonschema_description:"Merchant city (ID 60), 1 to 15 characters." identity:"true" title:"City"`
	Postal    string `json:"postal" jsonschema_description:"Postal code (ID 61), 5 digits." identity:"true" title:"Postal code"`
	Bill      string `json:"bill" jsonschema_description:"Bill number (ID 62-01), up to 25 characters." identity:"true" title:"Bill number"`
	Reference string `json:"reference" jsonschema_description:"Reference label (ID 62-05), up to 25 characters." identity:"true" title:"Reference label"`
	Customer  string `json:"customer" jsonschema_description:"Customer label (ID 62-06), up to 25 characters." identity:"true" title:"Customer label"`
	Purpose   string `json:"purpose" jsonschema_description:"Purpose of transaction (ID 62-08), up to 25 characters." title:"Purpose of the payment"`
}

const (
	duitNowAID  = "A0000006150001"
	duitNowRule = "PayNet DuitNow QR V1.5, QR Data Object"
)

var (
	duitNowAcquirer = regexp.MustCompile(`^[0-9]{6}$`)
	duitNowAccount  = regexp.MustCompile(`^[0-9A-Za-z]{1,30}$`)
	duitNowPostal   = regexp.MustCompile(`^[0-9]{5}$`)
)

func init() {
	registry.Register(registry.Kind[DuitNow]{
		Name:     "duitnow",
		Currency: "MYR",
		Title:    "DuitNow QR (Malaysia)",
		Purpose:  registry.PaymentsAsia,
		Summary:  "Receive a DuitNow QR payment in Malaysia (MYR)",
		Standard: registry.Standard{
			Name:    "DuitNow National QR Code Standard, Merchant-Presented Mode (Payments Network Malaysia), on EMV QRCPS-MPM",
			Version: "V1.5",
			Section: "QR Data Object: 00 = 02, template 26 (AID A0000006150001, 01 acquirer ID, 02 account ID), 52 (0000 for P2P), 53 = 458, 58 = MY",
			URL:     "https://docs.developer.paynet.my/docs/duitNow-QR/integration/QR-generation-specification/merchant-presented-mode/qr-data-object",
		},
		Examples: []DuitNow{
			{Acquirer: "890053", Account: "110292837332", Name: "JAMESONLAM", City: "MY", Customer: "888664793"},
			{Acquirer: "890053", Account: "110292837332", MCC: "5812", Amount: "12.50", Name: "Kedai Kopi Ali", City: "Kuala Lumpur", Postal: "50450", Reference: "ORDER42"},
		},
		Check:        checkDuitNow,
		Encode:       encodeDuitNow,
		ParseNotKept: emvParseNotKept(parseDuitNow, checkDuitNow, encodeDuitNow),
	})
}

func checkDuitNow(d *DuitNow) []registry.FieldError {
	var errs []registry.FieldError
	if d.Acquirer = strings.TrimSpace(d.Acquirer); !duitNowAcquirer.MatchString(d.Acquirer) {
		errs = append(errs, registry.FieldError{Field: "acquirer", Detail: "acquirer is the PayNet acquirer ID, 6 digits (" + duitNowRule + ", ID 26-01)", Fix: ""})
	}
	if d.Account = asciiDigitsOnlyIfSpaced(d.Account); !duitNowAccount.MatchString(d.Account) {
		errs = append(errs, registry.FieldError{Field: "account", Detail: "account is the merchant account ID, 1 to 30 letters and digits (" + duitNowRule + ", ID 26-02)", Fix: ""})
	}
	if err := emvCheckMCC("mcc", &d.MCC, "0000"); err != nil {
		errs = append(errs, *err)
	}
	if err := emvCheckAmount("amount", &d.Amount, 2, "MYR"); err != nil {
		errs = append(errs, *err)
	}
	if d.Postal = strings.TrimSpace(d.Postal); d.Postal != "" && !duitNowPostal.MatchString(d.Postal) {
		errs = append(errs, registry.FieldError{Field: "postal", Detail: "postal is a Malaysian postcode, 5 digits (" + duitNowRule + ", ID 61)", Fix: ""})
	}
	errs = append(errs, emvTexts(
		emvTextField{"name", &d.Name, 25, duitNowRule + ", ID 59 Merchant Name: up to 25 characters", ""},
		emvTextField{"city", &d.City, 15, duitNowRule + ", ID 60 Merchant City: up to 15 characters", ""},
	)...)
	return append(errs, d.additional().check()...)
}

func (d *DuitNow) additional() emvAdditional {
	return emvAdditional{Bill: &d.Bill, Reference: &d.Reference, Customer: &d.Customer, Purpose: &d.Purpose}
}

func encodeDuitNow(d DuitNow) string {
	return emvMerchant{
		Format:   "02",
		Accounts: []emvObject{{"26", emvJoin(emvObject{"00", duitNowAID}, emvObject{"01", d.Acquirer}, emvObject{"02", d.Account})}},
		MCC:      d.MCC, Currency: "458", Amount: d.Amount, Country: "MY", Name: d.Name, City: d.City, Postal: d.Postal,
		Additional: d.additional().objects(),
	}.payload()
}

// parseDuitNow reads a DuitNow payload (format 01 or 02); proprietary
// templates after 62 (PayNet's 82) are left out of the fields.
func parseDuitNow(payload string) (DuitNow, bool) {
	root, ok := emvParse(payload)
	if !ok || (root.get("00") != "02" && root.get("00") != "01") || root.get("53") != "458" {
		return DuitNow{}, false
	}
	t, ok := root.template(duitNowAID)
	if !ok {
		return DuitNow{}, false
	}
	d := DuitNow{Acquirer: t.get("01"), Account: t.get("02"), MCC: root.get("52"), Amount: root.get("54"), Name: root.get("59"), City: root.get("60"), Postal: root.get("61")}
	if extra, ok := emvSplit(root.get("62")); ok {
		d.additional().read(extra)
	}
	return d, d.Acquirer != "" && d.Account != ""
}
