package registry

// Purpose is what a person uses a kind for; the pages group kinds by it, in
// the order of the constants, which puts the codes most people make first.
// Payments are split by the region their scheme serves, since a person
// looks for the scheme their bank or country uses.
type Purpose int

// Purposes, in the order the pages list them. The zero value is a kind
// that declares none; it is listed last.
const (
	OtherPurpose Purpose = iota
	LinksAndText
	Contact
	WiFi
	PaymentsWorldwide
	PaymentsEurope
	PaymentsAmericas
	PaymentsAsia
	Crypto
	Calendar
	Apps
)

var purposeTitles = map[Purpose]string{
	OtherPurpose:      "Other codes",
	LinksAndText:      "Links and text",
	Contact:           "Contact and messages",
	WiFi:              "Wi-Fi",
	PaymentsWorldwide: "Payments worldwide",
	PaymentsEurope:    "Payments in Europe",
	PaymentsAmericas:  "Payments in the Americas",
	PaymentsAsia:      "Payments in Asia",
	Crypto:            "Crypto",
	Calendar:          "Calendar",
	Apps:              "Apps and devices",
}

// String is the purpose's heading on a page.
func (p Purpose) String() string { return purposeTitles[p] }

// Purposes lists every purpose in the pages' order: declared ones first,
// then OtherPurpose.
func Purposes() []Purpose {
	var out []Purpose
	for p := LinksAndText; p <= Apps; p++ {
		out = append(out, p)
	}
	return append(out, OtherPurpose)
}
