package kinds

import (
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// PromptPay is a Thai PromptPay credit transfer code (Thai QR Code Payment
// Standard, "Credit Transfer with PromptPay ID"): an EMV QRCPS-MPM payload
// whose template ID "29" (AID A000000677010111) names the receiver by
// mobile number, national ID or tax ID, or e-wallet ID.
//
// The Bank of Thailand's standard is not in the stored corpus. The layout
// follows dtinth/promptpay-qr, the reference implementation Thai banks'
// apps are tested against, and its test vectors: sub-field 01 is a mobile
// number as 0066 and 9 digits, 02 a 13-digit national or tax ID, 03 a
// 15-digit e-wallet ID (the last from implementations that add it).
type PromptPay struct {
	Proxy     string `json:"proxy" validate:"required" jsonschema_description:"PromptPay ID of the receiver: a Thai mobile number (0812345678 or +66812345678), a 13-digit national ID or company tax ID (1-2345-67890-12-1; its check digit is checked), or a 15-digit e-wallet ID." identity:"true" title:"PromptPay ID"`
	ProxyType string `json:"proxy_type" meant:"phone=mobile,phone-number=mobile,mobile-number=mobile,national-id=national_id,nationalid=national_id,citizen-id=national_id,tax-id=national_id,taxid=national_id,e-wallet=ewallet,wallet=ewallet" validate:"omitempty,oneofci=mobile national_id ewallet" jsonschema:"enum=mobile,enum=national_id,enum=ewallet" jsonschema_description:"mobile, national_id (national ID or tax ID) or ewallet. Default: from the number of digits (10 or +66: mobile, 13: national_id, 15: ewallet)." title:"ID type"`
	Amount    string `json:"amount" jsonschema_description:"Amount in baht with '.' and at most 2 decimals (4.22), greater than zero, at most 13 characters. Omit it to let the payer enter the amount." title:"Amount (THB)"`
}

const (
	promptPayAID     = "A000000677010111"
	promptPayExample = "0812345678"
	promptPayRule    = "Thai QR Code Payment Standard, template 29"
)

var promptPayAmount = decimalAmount{unit: "THB", decimals: 2, cite: "EMV QRCPS-MPM, ID 54 Transaction Amount"}

var (
	// promptPayTag is the sub-field of template 29 for each proxy type.
	promptPayTag = map[string]string{"mobile": "01", "national_id": "02", "ewallet": "03"}
	// promptPayFix is a valid proxy of each type, offered as a fix.
	promptPayFix = map[string]string{"mobile": promptPayExample, "national_id": "1111111111119", "ewallet": "140000012345678"}
)

func init() {
	registry.Register(registry.Kind[PromptPay]{
		Name:     "promptpay",
		Currency: "THB",
		Title:    "PromptPay (Thailand)",
		Purpose:  registry.PaymentsAsia,
		Summary:  "Receive a PromptPay transfer in Thailand (Thai QR, THB)",
		Standard: registry.Standard{
			Name:    "Thai QR Code Payment Standard (Bank of Thailand), Credit Transfer with PromptPay ID, on EMV QRCPS Merchant-Presented Mode",
			Version: "EMV QRCPS-MPM 1.1",
			Section: "template ID 29 (AID A000000677010111: 01 mobile, 02 national ID or tax ID, 03 e-wallet ID); 53 = 764, 58 = TH",
			URL:     "https://github.com/dtinth/promptpay-qr",
		},
		Examples: []PromptPay{
			{Proxy: promptPayExample},
			{Proxy: "1-1111-11111-11-9", Amount: "150.00"},
			{Proxy: "+66 89 123 4567", Amount: "4.22"},
			{Proxy: "140000012345678", ProxyType: "ewallet"},
		},
		Check:        checkPromptPay,
		Encode:       encodePromptPay,
		ParseNotKept: emvParseNotKept(parsePromptPay, checkPromptPay, encodePromptPay),
	})
}

func checkPromptPay(p *PromptPay) []registry.FieldError {
	var errs []registry.FieldError
	if err := promptPayProxy(p); err != nil {
		errs = append(errs, *err)
	}
	if err := checkAmount(promptPayAmount, &p.Amount, 13); err != nil {
		errs = append(errs, *err)
	}
	return errs
}

// promptPayProxy checks the proxy and writes it as template 29 carries it:
// a mobile number as 0066 and the 9 digits after the trunk 0, an ID as its
// digits.
func promptPayProxy(p *PromptPay) *registry.FieldError {
	plus, digits, bad := splitPhoneNumber(p.Proxy)
	if bad != noBadRune {
		fix, ok := promptPayFix[strings.ToLower(p.ProxyType)]
		if !ok {
			fix = promptPayExample
		}
		return &registry.FieldError{Field: "proxy", Detail: "proxy is digits only (with spaces or dashes between groups); it has " + describeRune(bad) + " (" + promptPayRule + ")", Fix: fix}
	}
	kind := strings.ToLower(p.ProxyType)
	if kind == "" {
		switch {
		// 0066 and 9 digits is how the code itself writes a mobile
		// number; no national or tax ID starts so (its second and third
		// digits are a province or office code, 10 to 99).
		case plus || len(digits) == 10 && digits[0] == '0' || len(digits) == 11 && strings.HasPrefix(digits, "66") || len(digits) == 13 && strings.HasPrefix(digits, "0066"):
			kind = "mobile"
		case len(digits) == 15:
			kind = "ewallet"
		default:
			kind = "national_id"
		}
	}
	p.ProxyType = kind
	switch kind {
	case "mobile":
		national, ok := "", false
		switch {
		case plus || len(digits) == 11 || len(digits) == 13:
			national, ok = strings.CutPrefix(strings.TrimPrefix(digits, "00"), "66")
		case len(digits) == 10 && digits[0] == '0':
			national, ok = digits[1:], true
		}
		if !ok || len(national) != 9 {
			return &registry.FieldError{Field: "proxy", Detail: "proxy is a Thai mobile number: 0 and 9 digits, or +66 and 9 digits, written 0066 and the 9 digits in the code (" + promptPayRule + ", sub-field 01)", Fix: promptPayFix[kind]}
		}
		p.Proxy = "0066" + national
	case "national_id":
		if len(digits) != 13 {
			return &registry.FieldError{Field: "proxy", Detail: "proxy is a national ID or tax ID of 13 digits; it has " + itoa(len(digits)) + " (" + promptPayRule + ", sub-field 02); a mobile number is 0 and 9 digits", Fix: promptPayFix[kind]}
		}
		if !thaiIDValid(digits) {
			return &registry.FieldError{Field: "proxy", Detail: "proxy is 13 digits but its check digit " + digits[12:] + " does not match the first twelve (Thai national ID and company tax ID: weights 13 to 2, (11 − sum mod 11) mod 10)", Fix: promptPayFix[kind]}
		}
		p.Proxy = digits
	case "ewallet":
		if len(digits) != 15 {
			return &registry.FieldError{Field: "proxy", Detail: "proxy is an e-wallet ID of 15 digits; it has " + itoa(len(digits)) + " (" + promptPayRule + ", sub-field 03)", Fix: promptPayFix[kind]}
		}
		p.Proxy = digits
	}
	return nil
}

// thaiIDValid checks the last digit of a Thai 13-digit identification
// number: the Department of Provincial Administration's national ID, whose
// algorithm the Department of Business Development also uses for company
// (juristic person) numbers, which are the companies' tax IDs.
func thaiIDValid(id string) bool {
	sum := 0
	for i := 0; i < 12; i++ {
		sum += int(id[i]-'0') * (13 - i)
	}
	return int(id[12]-'0') == (11-sum%11)%10
}

// encodePromptPay writes the payload as dtinth/promptpay-qr does, country
// (58) before currency (53): EMV fixes only 00 first and 63 last. The point
// of initiation is 12 with an amount, 11 without.
func encodePromptPay(p PromptPay) string {
	initiation := "11"
	if p.Amount != "" {
		initiation = "12"
	}
	return emvPayload(
		emvObject{"00", "01"},
		emvObject{"01", initiation},
		emvObject{"29", emvJoin(emvObject{"00", promptPayAID}, emvObject{promptPayTag[p.ProxyType], p.Proxy})},
		emvObject{"58", "TH"},
		emvObject{"53", "764"},
		emvObject{"54", p.Amount},
	)
}

// parsePromptPay reads a PromptPay credit transfer. Bill payments (template
// 30, AID A000000677010112) carry biller references instead and are left
// alone.
func parsePromptPay(payload string) (PromptPay, bool) {
	root, ok := emvParse(payload)
	if !ok || root.get("00") != "01" {
		return PromptPay{}, false
	}
	t, ok := root.template(promptPayAID)
	if !ok {
		return PromptPay{}, false
	}
	if c := root.get("53"); c != "" && c != "764" {
		return PromptPay{}, false
	}
	for kind, tag := range promptPayTag {
		if v := t.get(tag); v != "" {
			return PromptPay{Proxy: v, ProxyType: kind, Amount: root.get("54")}, true
		}
	}
	return PromptPay{}, false
}
