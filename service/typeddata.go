package service

import (
	"fmt"

	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/registry"
)

// looseKinds read almost any data (text any, url any link): their
// reading says nothing about what the caller meant.
var looseKinds = []string{"text", "url"}

// typedDataWarnings warns of data written by hand in a kind's form that
// the kind refuses (registry.Refused): a WIFI: string with a four-letter
// WPA password, an EPC payment with an IBAN whose check digits fail, an
// otpauth:// secret that is not Base32. The generic endpoint encodes data
// exactly as given, so the code is made; the warning says what a scanner
// may make of it, and which endpoint builds it checked.
func typedDataWarnings(data string, gs1 bool) []Warning {
	k, e, refused := registry.Refused(data, gs1, looseKinds...)
	if !refused {
		return nil
	}
	return []Warning{{Code: "payload", Field: optData.Name, Detail: fmt.Sprintf("data is written as %s (%s), and that kind refuses it: %s; scanners may read it otherwise or refuse it, and %s builds it from fields, checked",
		k.Title(), k.Name(), text.Truncate(e.Detail, 300), k.Path())}}
}
