package service

import (
	"fmt"
	"slices"
	"strings"

	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/registry"
)

// currencyWords are the names callers give a payment's currency (ISO 4217
// calls it the currency code; EMV QRCPS-MPM's data object 53, the
// transaction currency).
var currencyWords = []string{"currency", "currency_code", "currencycode", "cur", "curr", "ccy"}

// CurrencyClash is the detail of a parameter name, which kind k does not
// read, naming a currency other than the one k's amounts are in
// (registry.Kind.Currency): dropped, as an unknown name is, it would turn
// 20 USD into 20 EUR, so it is refused without a fix. ok is false for any
// other name, and for k's own currency, which dropping does not change.
func CurrencyClash(k registry.Entry, name, value string) (detail string, ok bool) {
	own := k.Currency()
	if own == "" || !slices.Contains(currencyWords, strings.ToLower(name)) || strings.EqualFold(strings.TrimSpace(value), own) {
		return "", false
	}
	return fmt.Sprintf("%s has no field %q: its amounts are in %s only (%s), so %s=%q cannot be carried, and leaving it out would ask for %s instead; give the amount in %s, or use a kind paid in %s",
		k.Name(), text.Truncate(name, 64), own, k.Standard().Name, text.Truncate(name, 64), text.Truncate(value, 32), own, own, text.Truncate(value, 32)), true
}

// foreignCurrencies are the errors, without a fix, of the parameters
// among stray that name a currency k's amounts are not in.
func foreignCurrencies(k registry.Entry, q query, stray []string) []paramError {
	var errs []paramError
	for _, name := range stray {
		if detail, ok := CurrencyClash(k, name, q[name][0]); ok {
			errs = append(errs, paramError{field: name, detail: detail, unfixable: true})
		}
	}
	return errs
}
