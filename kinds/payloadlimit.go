package kinds

import "github.com/qrforge/qrforge/registry"

// payloadTooLong blames the longest of fields for a payload of n bytes over
// limit, and says how many bytes must go. It has no fix: a remittance text
// or a name cut short is another payment's, and which part to leave out
// only the caller can tell. rule says what the standard allows.
func payloadTooLong(n, limit int, rule string, fields ...textField) registry.FieldError {
	longest := fields[0]
	for _, f := range fields[1:] {
		if len(f.value) > len(longest.value) {
			longest = f
		}
	}
	return registry.FieldError{
		Field:  longest.name,
		Detail: "the payload is " + itoa(n) + " bytes of UTF-8; " + rule + ". Shorten " + longest.name + " (or another text field) by at least " + itoa(n-limit) + " bytes; which part to leave out is yours to choose",
	}
}
