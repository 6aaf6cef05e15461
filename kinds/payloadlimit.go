package kinds

import "github.com/qrforge/qrforge/registry"

// payloadTooLong blames the longest of fields for a payload of n bytes over
// limit and offers it cut by the excess, or emptied when cutting it alone
// cannot make the payload fit. rule says what the standard allows.
func payloadTooLong(n, limit int, rule string, fields ...textField) registry.FieldError {
	longest := fields[0]
	for _, f := range fields[1:] {
		if len(f.value) > len(longest.value) {
			longest = f
		}
	}
	return registry.FieldError{
		Field:  longest.name,
		Detail: "the payload is " + itoa(n) + " bytes of UTF-8; " + rule + ". Shorten " + longest.name,
		Fix:    truncateBytes(longest.value, max(0, len(longest.value)-(n-limit))),
	}
}
