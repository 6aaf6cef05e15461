package kinds

import "strings"

// gs1GroupSeparator ends a variable-length field that another element
// follows (GS1 General Specifications §7.8.5.2): ASCII GS, which a GS1 QR
// Code carries after FNC1 in first position (ISO/IEC 18004:2015 §7.4.8.2).
const gs1GroupSeparator = "\x1d"

// gs1ElementString is the GS1 element string of checked fields, for a GS1
// QR Code rather than a Digital Link: each application identifier followed
// by its data. The fixed-length elements, (01) GTIN N14 and (17) expiry N6
// (General Specifications Figure 7.8.5-2, predefined lengths), come first
// and need no separator; the variable-length ones, (10) batch and (21)
// serial X..20, follow, a group separator after each but the last.
func gs1ElementString(g GS1) string {
	var b strings.Builder
	b.WriteString("01" + g.GTIN)
	if g.Expiry != "" {
		b.WriteString("17" + g.Expiry)
	}
	var variable []string
	if g.Batch != "" {
		variable = append(variable, "10"+g.Batch)
	}
	if g.Serial != "" {
		variable = append(variable, "21"+g.Serial)
	}
	b.WriteString(strings.Join(variable, gs1GroupSeparator))
	return b.String()
}

// parseGS1Element reads back what gs1ElementString writes: (01) first,
// then (17), then (10) and (21), each variable-length field ended by a
// group separator or the end. Strings with other application identifiers
// have no fields here and are not recognised.
func parseGS1Element(s string) (GS1, bool) {
	if !strings.HasPrefix(s, "01") || len(s) < 16 || !allDigits(s[2:16]) || gs1CheckDigit(s[2:15]) != s[15] {
		return GS1{}, false
	}
	g := GS1{GTIN: s[2:16], Form: gs1ElementForm}
	rest := s[16:]
	if strings.HasPrefix(rest, "17") {
		if len(rest) < 8 {
			return GS1{}, false
		}
		date, ok := gs1Date(rest[2:8])
		if !ok {
			return GS1{}, false
		}
		g.Expiry, rest = date, rest[8:]
	}
	for _, f := range []struct {
		ai    string
		value *string
	}{{"10", &g.Batch}, {"21", &g.Serial}} {
		if !strings.HasPrefix(rest, f.ai) {
			continue
		}
		value, after, more := strings.Cut(rest[2:], gs1GroupSeparator)
		if value == "" || gs1CSet82Problem(value, 20) != "" {
			return GS1{}, false
		}
		*f.value, rest = value, after
		if more && rest == "" {
			return GS1{}, false
		}
	}
	return g, rest == ""
}
