package kinds

import (
	"regexp"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// VietQR is a Vietnamese interbank transfer code (VietQR, NAPAS 247): an
// EMV QRCPS-MPM payload whose consumer account template (ID "38", GUID
// A000000727) names the receiving bank by its NAPAS BIN and the account or
// card number, which every Vietnamese banking app reads.
//
// The rules follow NAPAS's "Technical Specifications on NAPAS QR
// Switching, Part IV: QR Code Format" v1.5.2 as far as its published
// contents and the VietQR tables restating it show (giautm/sgqr-go): root
// objects 00, 01, 38, 53 (704), 54, 58 (VN), 62 and 63; template 38 with 00
// GUID, 01 beneficiary organisation {00 acquirer/BNB ID, 01 consumer ID}
// and 02 service code; purpose of transaction 62-08 up to 25 characters.
// The consumer ID's greatest length is not in those excerpts: 19, a card
// number's most digits, is assumed.
type VietQR struct {
	Bank    string `json:"bank" validate:"required" jsonschema_description:"Receiving bank's NAPAS BIN (acquirer ID), 6 digits: 970415 (VietinBank), 970436 (Vietcombank), 970422 (MB) ..." identity:"true" title:"Bank (NAPAS BIN)"`
	Account string `json:"account" also:"account_number,acc" validate:"required" jsonschema_description:"Account number (or card number with service=card) at that bank, 1 to 19 letters and digits; spaces and dashes are removed." identity:"true" title:"Account number"`
	Service string `json:"service" meant:"card-number=card,account-number=account,bank-account=account" validate:"omitempty,oneofci=account card" jsonschema:"enum=account,enum=card" jsonschema_description:"account (transfer to an account, QRIBFTTA; default) or card (transfer to a card number, QRIBFTTC)." title:"Transfer to"`
	Amount  string `json:"amount" jsonschema_description:"Amount in whole Vietnamese dong, digits only (120000), greater than zero, at most 13 digits. Omit it to let the payer enter the amount." title:"Amount (VND)"`
	Purpose string `json:"purpose" jsonschema_description:"Transfer message (purpose of transaction, ID 62-08), at most 25 characters; Vietnamese accents are removed (ủng hộ → ung ho)." title:"Message"`
}

const (
	vietQRGUID    = "A000000727"
	vietQRAccount = "QRIBFTTA"
	vietQRCard    = "QRIBFTTC"
	vietQRRule    = "NAPAS QR Switching v1.5.2 Part IV"
)

var (
	vietQRBIN       = regexp.MustCompile(`^[0-9]{6}$`)
	vietQRConsumer  = regexp.MustCompile(`^[0-9A-Za-z]{1,19}$`)
	vietQRSeparator = strings.NewReplacer(" ", "", "-", "", ".", "")
)

func init() {
	registry.Register(registry.Kind[VietQR]{
		Name:     "vietqr",
		Currency: "VND",
		Title:    "VietQR (Vietnam)",
		Purpose:  registry.PaymentsAsia,
		Summary:  "Receive a bank transfer in Vietnam (VietQR, NAPAS 247, VND)",
		Standard: registry.Standard{
			Name:    "NAPAS Technical Specifications on NAPAS QR Switching, Part IV: QR Code Format (VietQR), on EMV QRCPS Merchant-Presented Mode",
			Version: "1.5.2 (2021)",
			Section: "§5.2.3.2 Merchant Account Information Template (ID 38, GUID A000000727), §5.2.5 currency 704, §5.2.6 amount; ID 62-08 purpose",
		},
		Examples: []VietQR{
			{Bank: "970415", Account: "0011001932418", Amount: "120000", Purpose: "ung ho lu lut"},
			{Bank: "970416", Account: "257678859"},
			{Bank: "970436", Account: "9704 3612 3456 7890", Service: "card", Amount: "50000", Purpose: "Tiền điện tháng 6"},
		},
		Check:        checkVietQR,
		Encode:       encodeVietQR,
		ParseNotKept: emvParseNotKept(parseVietQR, checkVietQR, encodeVietQR),
	})
}

func checkVietQR(v *VietQR) []registry.FieldError {
	var errs []registry.FieldError
	if v.Bank = strings.TrimSpace(v.Bank); !vietQRBIN.MatchString(v.Bank) {
		errs = append(errs, registry.FieldError{Field: "bank", Detail: "bank is the receiving bank's NAPAS BIN (acquirer ID), 6 digits (" + vietQRRule + ", ID 38-01-00)", Fix: ""})
	}
	if account := vietQRSeparator.Replace(v.Account); !vietQRConsumer.MatchString(account) {
		errs = append(errs, registry.FieldError{Field: "account", Detail: "account is the account or card number, 1 to 19 letters and digits (" + vietQRRule + ", ID 38-01-01 consumer ID)", Fix: truncateBytes(asciiAlnum(account), 19)})
	} else {
		v.Account = account
	}
	v.Service = strings.ToLower(v.Service)
	if v.Amount = strings.TrimSpace(v.Amount); v.Amount != "" {
		digits := strings.TrimLeft(v.Amount, "0")
		whole, frac, read := readAmount(v.Amount, "VND")
		switch {
		case allDigits(v.Amount) && digits != "" && len(digits) <= 13:
		case read && strings.Trim(frac, "0") != "":
			errs = append(errs, registry.FieldError{Field: "amount", Detail: "amount is whole Vietnamese dong, digits only: the dong has no minor unit (" + vietQRRule + ", §5.2.6 Transaction Amount)", Fix: ""})
		case allDigits(v.Amount) || read && (strings.TrimLeft(whole, "0") == "" || len(strings.TrimLeft(whole, "0")) > 13):
			errs = append(errs, registry.FieldError{Field: "amount", Detail: "amount is 1 to 13 digits of dong, greater than zero (" + vietQRRule + ", §5.2.6 Transaction Amount)", Fix: ""})
		default:
			// The fix is the same amount (amountnotation.go): 50.000 or
			// 120,000 have none, as the mark could group thousands (as
			// Vietnamese writes them) or start decimals.
			errs = append(errs, registry.FieldError{Field: "amount", Detail: "amount is whole dong written with digits only, no separators, decimals or currency (" + vietQRRule + ", §5.2.6 Transaction Amount)" + twoReadings(v.Amount, "VND"), Fix: amountFix(v.Amount, 0, "VND")})
		}
	}
	errs = append(errs, emvTexts(emvTextField{"purpose", &v.Purpose, 25, vietQRRule + ", ID 62-08 Purpose of Transaction: up to 25 characters", ""})...)
	return errs
}

// encodeVietQR writes the root objects in the order NAPAS lists them: 00,
// 01 (12 with an amount, 11 without), 38, 53 (704, VND), 54, 58 VN, 62
// {08}. VietQR carries no merchant category, name or city.
func encodeVietQR(v VietQR) string {
	service := vietQRAccount
	if v.Service == "card" {
		service = vietQRCard
	}
	return emvMerchant{
		Accounts: []emvObject{{"38", emvJoin(
			emvObject{"00", vietQRGUID},
			emvObject{"01", emvJoin(emvObject{"00", v.Bank}, emvObject{"01", v.Account})},
			emvObject{"02", service},
		)}},
		Currency: "704", Amount: v.Amount, Country: "VN",
		Additional: []emvObject{{"08", v.Purpose}},
	}.payload()
}

// parseVietQR reads a VietQR transfer. Other NAPAS services in template 38
// (QR cash withdrawal, merchant payments) are left alone.
func parseVietQR(payload string) (VietQR, bool) {
	root, ok := emvParse(payload)
	if !ok || root.get("00") != "01" {
		return VietQR{}, false
	}
	t, ok := root.template(vietQRGUID)
	if !ok {
		return VietQR{}, false
	}
	if c := root.get("53"); c != "" && c != "704" {
		return VietQR{}, false
	}
	v := VietQR{Amount: root.get("54")}
	switch t.get("02") {
	case vietQRAccount:
		v.Service = "account"
	case vietQRCard:
		v.Service = "card"
	default:
		return VietQR{}, false
	}
	if beneficiary, ok := emvSplit(t.get("01")); ok {
		v.Bank, v.Account = beneficiary.get("00"), beneficiary.get("01")
	}
	if extra, ok := emvSplit(root.get("62")); ok {
		v.Purpose = extra.get("08")
	}
	return v, v.Bank != "" && v.Account != ""
}
