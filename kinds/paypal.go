package kinds

import (
	"regexp"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// PayPal asks for money through a PayPal.Me link: the payer's phone opens
// the recipient's PayPal.Me page with the amount filled in.
type PayPal struct {
	Username string `json:"username" also:"user,name,paypalme,handle" validate:"required" jsonschema_description:"The recipient's PayPal.Me name: 1 to 20 letters and digits (PayPal.Me rules), with or without the paypal.me/ in front. Case does not matter to PayPal." identity:"true" title:"PayPal.Me name"`
	Amount   string `json:"amount" jsonschema_description:"Amount to request, greater than zero, with '.' and at most 2 decimals (10.50); whole numbers only for HUF, JPY and TWD. Leave empty to let the payer choose." title:"Amount"`
	Currency string `json:"currency" jsonschema_description:"ISO 4217 code of a currency PayPal supports (EUR, USD, GBP ...); needs amount. Without it PayPal uses the recipient's currency." title:"Currency"`
}

var (
	// paypalName is PayPal's rule for a PayPal.Me link name: letters A-Z
	// and digits 0-9 only, no symbols, dashes or spaces, at most 20
	// characters (PayPal Help: setting up a PayPal.Me link). The lower
	// bound of 1 is not stated there.
	paypalName = regexp.MustCompile(`^[A-Za-z0-9]{1,20}$`)
	// paypalCurrencies are the ISO 4217 codes PayPal's REST API lists as
	// supported; paypalWholeCurrencies are those it takes without
	// decimals ("decimal amounts cause an error").
	paypalCurrencies      = []string{"AUD", "BRL", "CAD", "CHF", "CNY", "CZK", "DKK", "EUR", "GBP", "HKD", "HUF", "ILS", "JPY", "MXN", "MYR", "NOK", "NZD", "PHP", "PLN", "SEK", "SGD", "THB", "TWD", "USD"}
	paypalWholeCurrencies = []string{"HUF", "JPY", "TWD"}
	// paypalPath is <name>[/<amount>[<currency>]] after paypal.me/.
	paypalPath = regexp.MustCompile(`^([A-Za-z0-9]{1,20})(?:/([0-9]+(?:\.[0-9]+)?)([A-Z]{3})?)?/?$`)
)

const paypalCite = "PayPal.Me link; PayPal REST API currency codes"

func init() {
	registry.Register(registry.Kind[PayPal]{
		Name:    "paypal",
		Title:   "PayPal.Me",
		Purpose: registry.PaymentsWorldwide,
		Common:  true,
		Summary: "Request a payment with a PayPal.Me link (recipient, optional amount and currency)",
		Standard: registry.Standard{
			Name:    "PayPal.Me links",
			Section: "paypal.me/<name>/<amount><currency>; name rules (PayPal Help); ISO 4217 codes PayPal supports (REST API currency codes)",
			URL:     "https://www.paypal.com/paypalme/",
		},
		Examples: []PayPal{
			{Username: "example", Amount: "10.50", Currency: "EUR"},
			{Username: "JaneDoe"},
			{Username: "TokyoCafe", Amount: "1500", Currency: "JPY"},
		},
		Check:  checkPayPal,
		Encode: encodePayPal,
		Parse:  parsePayPal,
	})
}

func checkPayPal(p *PayPal) []registry.FieldError {
	var errs []registry.FieldError
	name := strings.TrimSpace(p.Username)
	for _, prefix := range []string{"https://", "http://", "www.", "paypal.me/", "PayPal.Me/", "@"} {
		name = strings.TrimPrefix(name, prefix)
	}
	if paypalName.MatchString(name) {
		p.Username = name
	} else {
		errs = append(errs, registry.FieldError{Field: "username", Detail: "username is 1 to 20 letters (A-Z) and digits (0-9), without symbols, dashes or spaces (PayPal.Me link rules)", Fix: truncateBytes(asciiAlnum(name), 20)})
	}
	p.Currency = strings.ToUpper(strings.TrimSpace(p.Currency))
	switch {
	case p.Currency != "" && !slices.Contains(paypalCurrencies, p.Currency):
		fix, why, _ := currencyWordFix(p.Currency, func(c string) bool { return slices.Contains(paypalCurrencies, c) })
		errs = append(errs, registry.FieldError{Field: "currency", Detail: "currency is the ISO 4217 code of a currency PayPal supports: " + strings.Join(paypalCurrencies, ", ") + " (" + paypalCite + ")" + why, Fix: fix})
	case p.Currency != "" && p.Amount == "":
		errs = append(errs, registry.FieldError{Field: "currency", Detail: "currency needs an amount: the link writes them together as /<amount><currency>", Fix: ""})
	}
	if p.Amount != "" {
		unit := p.Currency
		if unit == "" {
			unit = "the currency"
		}
		amount := decimalAmount{unit: unit, decimals: 2, cite: paypalCite}
		am := strings.TrimSpace(p.Amount)
		if problem, fix := amount.check(am); problem != "" {
			fe := registry.FieldError{Field: "amount", Detail: problem, Fix: fix}
			keepNamedCurrency(&fe, am, p.Currency, "", func(c string) bool { return slices.Contains(paypalCurrencies, c) }, func(unit string) string {
				return decimalAmount{unit: unit, decimals: 2}.suggest(am)
			})
			errs = append(errs, fe)
		} else if strings.Contains(am, ".") && slices.Contains(paypalWholeCurrencies, p.Currency) {
			// PayPal takes HUF, JPY and TWD amounts without decimals; only
			// zeros after the point are dropped, as a payment is never
			// rounded (amountnotation.go).
			fix := amountFix(am, 0)
			errs = append(errs, registry.FieldError{Field: "amount", Detail: "amount in " + p.Currency + " is a whole number: PayPal supports no decimals for HUF, JPY and TWD (" + paypalCite + ")", Fix: fix})
		} else {
			p.Amount = am
		}
	}
	return errs
}

// encodePayPal writes https://www.paypal.me/<name>[/<amount>[<currency>]].
func encodePayPal(p PayPal) string {
	out := "https://www.paypal.me/" + p.Username
	if p.Amount != "" {
		out += "/" + p.Amount + p.Currency
	}
	return out
}

// parsePayPal reads paypal.me links with or without www.
func parsePayPal(p string) (PayPal, bool) {
	rest, ok := cutSchemeFold(p, "https://www.paypal.me/")
	if !ok {
		if rest, ok = cutSchemeFold(p, "https://paypal.me/"); !ok {
			return PayPal{}, false
		}
	}
	m := paypalPath.FindStringSubmatch(rest)
	if m == nil {
		return PayPal{}, false
	}
	return PayPal{Username: m[1], Amount: m[2], Currency: m[3]}, true
}
