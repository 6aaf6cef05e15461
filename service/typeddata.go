package service

import (
	"fmt"
	"slices"

	"github.com/qrforge/qrforge/internal/text"
	"github.com/qrforge/qrforge/registry"
)

// looseKinds read almost any data (text any, url any link): their
// reading says nothing about what the caller meant.
var looseKinds = []string{"text", "url"}

// typedDataWarnings warns of data written by hand in a kind's form that
// the kind refuses: a WIFI: string, an EPC payment with an IBAN whose
// check digits fail, an otpauth:// secret that is not Base32. The
// generic endpoint encodes data exactly as given, so the code is made;
// the warning says what a scanner will make of it, and which endpoint
// builds it checked. Data some kind reads and accepts is not warned of.
func typedDataWarnings(data string, gs1 bool) []Warning {
	var first *Warning
	for _, k := range registry.All() {
		if slices.Contains(looseKinds, k.Name()) {
			continue
		}
		fields, _, ok := k.Read(data)
		if !ok || k.GS1(fields) != gs1 {
			continue
		}
		_, errs := k.Build(fields)
		if len(errs) == 0 {
			return nil
		}
		if first == nil {
			first = &Warning{Field: optData.Name, Detail: fmt.Sprintf("data is written as %s (%s), and that kind refuses it: %s; scanners may read it otherwise or refuse it, and %s builds it from fields, checked",
				k.Title(), k.Name(), text.Truncate(errs[0].Detail, 300), k.Path())}
		}
	}
	if first == nil {
		return nil
	}
	return []Warning{*first}
}
