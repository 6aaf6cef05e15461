package kinds

import (
	"strings"

	"github.com/qrforge/qrforge/registry"
)

// checkAmount checks a payment kind's amount field in place: trimmed, a
// decimal the rules accept (digits, '.', the currency's decimals, greater
// than zero) and at most maxLen characters, the width the format gives the
// field. The amount is written as given: "500" and "500.00" are both
// valid, and reference implementations differ in which they write.
func checkAmount(rules decimalAmount, value *string, maxLen int) *registry.FieldError {
	*value = strings.TrimSpace(*value)
	if *value == "" {
		return nil
	}
	if problem, fix := rules.check(*value); problem != "" {
		return &registry.FieldError{Field: "amount", Detail: problem, Fix: fix}
	}
	if len(*value) > maxLen {
		return &registry.FieldError{Field: "amount", Detail: "amount is at most " + itoa(maxLen) + " characters (" + rules.cite + ")", Fix: ""}
	}
	return nil
}
