package kinds

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// UPI is an Indian Unified Payments Interface payment request, the
// upi://pay link that every UPI app reads. The currency is always INR.
//
// The NPCI UPI Linking Specification 1.6's parameter table could not be
// read from a primary copy, so the rules below are those every copy and
// implementation agrees on (pa and pn mandatory, am with at most two
// decimals, mc of four digits, cu INR); lengths the table may set are not
// enforced.
type UPI struct {
	PA string `json:"pa" validate:"required" jsonschema_description:"Payee address (VPA, UPI ID): <handle>@<psp>, e.g. merchant@upi or shop.one@okaxis. The handle has letters, digits, '.', '-' and '_'; the PSP part letters and digits, with dots between labels (1234567890@SBIN0001234.ifsc.npci)." identity:"true" title:"UPI ID (payee address)"`
	PN string `json:"pn" validate:"required" jsonschema_description:"Payee name shown to the payer for confirmation." identity:"true" title:"Payee name"`
	AM string `json:"am" jsonschema_description:"Amount in rupees, greater than zero, with '.' and at most 2 decimals (149.50). Omit it to let the payer enter the amount." title:"Amount (INR)"`
	TN string `json:"tn" jsonschema_description:"Transaction note shown to the payer." title:"Note"`
	TR string `json:"tr" jsonschema_description:"Transaction reference (order or bill number) for reconciliation." identity:"true" title:"Transaction reference"`
	MC string `json:"mc" jsonschema_description:"Merchant category code: 4 digits (ISO 18245), e.g. 5411; 0000 for person-to-person." identity:"true" title:"Merchant category code"`
}

var (
	// upiAddress is the <handle>@<psp> shape of a VPA. The handle's
	// alphabet is the one commonly cited from the NPCI specification; the
	// PSP part allows dots because NPCI's account-number addresses use
	// <account>@<IFSC>.ifsc.npci.
	upiAddress = regexp.MustCompile(`^[A-Za-z0-9._-]+@[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*$`)
	upiAmount  = regexp.MustCompile(`^(?:0|[1-9][0-9]*)(?:\.[0-9]{1,2})?$`)
	upiMCC     = regexp.MustCompile(`^[0-9]{4}$`)
)

func init() {
	registry.Register(registry.Kind[UPI]{
		Name:    "upi",
		Title:   "UPI (India)",
		Purpose: registry.PaymentsAsia,
		Common:  true,
		Summary: "Request a UPI payment in India (upi://pay link, INR)",
		Standard: registry.Standard{
			Name:    "NPCI UPI Linking Specification",
			Version: "1.6 (2017)",
			Section: "§1.2 Link Specification and Parameters",
		},
		Examples: []UPI{
			{PA: "merchant@upi", PN: "Shop One", AM: "149.50", TN: "Order 42"},
			{PA: "friend@okaxis", PN: "A Friend"},
			{PA: "zeeshan@npci", PN: "Zeeshan Khan", AM: "1010", TN: "Pay to rohit stores", TR: "4894398cndhcd23", MC: "0000"},
		},
		Check:  checkUPI,
		Encode: encodeUPI,
		Parse:  parseUPI,
	})
}

func checkUPI(u *UPI) []registry.FieldError {
	var errs []registry.FieldError
	u.PA = strings.TrimSpace(u.PA)
	if !upiAddress.MatchString(u.PA) {
		errs = append(errs, registry.FieldError{Field: "pa", Detail: "pa is a UPI address <handle>@<psp>: letters, digits, '.', '-' or '_', then '@' and the PSP handle (NPCI UPI Linking Specification §1.2)", Fix: ""})
	}
	if strings.TrimSpace(u.PN) == "" {
		errs = append(errs, registry.FieldError{Field: "pn", Detail: "pn, the payee name, is mandatory (NPCI UPI Linking Specification §1.2)", Fix: ""})
	}
	if u.AM != "" {
		am := strings.TrimSpace(u.AM)
		if !upiAmount.MatchString(am) || strings.Trim(am, "0.") == "" {
			errs = append(errs, registry.FieldError{Field: "am", Detail: "am is an amount in rupees greater than zero, with '.' as decimal separator and at most 2 decimals (NPCI UPI Linking Specification §1.2)", Fix: upiAmountFix(am)})
		} else {
			u.AM = am
		}
	}
	if u.MC != "" && !upiMCC.MatchString(u.MC) {
		errs = append(errs, registry.FieldError{Field: "mc", Detail: "mc is a 4-digit merchant category code (ISO 18245), 0000 for person-to-person", Fix: "0000"})
	}
	return errs
}

// upiAmountFix suggests a valid amount close to a refused one: a decimal
// comma read as a point, rounded to paise.
func upiAmountFix(am string) string {
	v, err := strconv.ParseFloat(strings.ReplaceAll(am, ",", "."), 64)
	if err != nil || v < 0.005 || v > 1e12 {
		return ""
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

// encodeUPI writes pa, pn, am, cu, tn, tr, mc in that order. Values are
// percent-encoded UTF-8 with %20 for spaces; pa is left as is, since its
// alphabet is unreserved apart from the '@' every UPI app expects literal.
func encodeUPI(u UPI) string {
	var b strings.Builder
	b.WriteString("upi://pay?pa=" + u.PA + "&pn=" + pctEncode(u.PN))
	if u.AM != "" {
		b.WriteString("&am=" + u.AM)
	}
	b.WriteString("&cu=INR")
	for _, f := range []struct{ name, value string }{{"tn", u.TN}, {"tr", u.TR}, {"mc", u.MC}} {
		if f.value != "" {
			b.WriteString("&" + f.name + "=" + pctEncode(f.value))
		}
	}
	return b.String()
}

// parseUPI reads a upi://pay link. Parameters without a field here (tid,
// url or refUrl, mode, sign ...) are left out; a currency other than INR
// is not a UPI payment this kind can describe.
func parseUPI(p string) (UPI, bool) {
	rest, ok := cutSchemeFold(p, "upi://pay?")
	if !ok {
		return UPI{}, false
	}
	pairs, ok := uriQueryPairs(rest)
	if !ok {
		return UPI{}, false
	}
	var u UPI
	for _, pair := range pairs {
		switch pair.name {
		case "pa":
			u.PA = pair.value
		case "pn":
			u.PN = pair.value
		case "am":
			u.AM = pair.value
		case "tn":
			u.TN = pair.value
		case "tr":
			u.TR = pair.value
		case "mc":
			u.MC = pair.value
		case "cu":
			if pair.value != "INR" {
				return UPI{}, false
			}
		}
	}
	return u, u.PA != ""
}
