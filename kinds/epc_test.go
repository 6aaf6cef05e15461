package kinds_test

import (
	"strings"
	"testing"

	"github.com/qrforge/qrforge/render"
)

func TestEPC(t *testing.T) {
	runVectors(t, "epc", []vector{
		// The sample of EPC069-12 (version 001, Red Cross of Belgium):
		// element 10 (structured reference) empty, 11 the text, 12 the
		// information.
		{"EPC069-12 sample", "EPC069-12 v2.1, 2D Code Guidelines example (103 bytes)",
			map[string]string{"version": "001", "bic": "BPOTBEB1", "name": "Red Cross of Belgium", "iban": "BE72000000001616", "amount": "1", "purpose": "CHAR", "text": "Urgency fund", "info": "Sample EPC QR code"},
			"BCD\n001\n1\nSCT\nBPOTBEB1\nRed Cross of Belgium\nBE72000000001616\nEUR1\nCHAR\n\nUrgency fund\nSample EPC QR code"},
		// Version 002 with an amount and text (EPC069-12, Data elements);
		// the BIC in capitals, as ISO 9362 writes it.
		{"002 with amount and text", "EPC069-12 v2.1, version 002 elements; IBAN in printed form (ISO 13616-1)",
			map[string]string{"name": "Red Cross", "iban": "BE72 0000 0000 1616", "bic": "BPOTBEB1", "amount": "10.50", "text": "Donation"},
			"BCD\n002\n1\nSCT\nBPOTBEB1\nRed Cross\nBE72000000001616\nEUR10.50\n\n\nDonation"},
		{"minimal 002", "EPC069-12 v2.1: version 002 makes the BIC optional, and trailing empty elements may be left out",
			map[string]string{"name": "Shop", "iban": "DE89370400440532013000"},
			"BCD\n002\n1\nSCT\n\nShop\nDE89370400440532013000"},
		{"structured reference", "EPC069-12 AT-05 with an ISO 11649 reference (de.wikipedia EPC-QR-Code example values)",
			map[string]string{"name": "Wikimedia Foerdergesellschaft", "iban": "DE33100205000001194700", "bic": "BFSWDE33BER", "amount": "123.45", "purpose": "CHAR", "reference": "RF18 5390 0754 7034", "version": "002"},
			"BCD\n002\n1\nSCT\nBFSWDE33BER\nWikimedia Foerdergesellschaft\nDE33100205000001194700\nEUR123.45\nCHAR\nRF18539007547034"},
		{"info only after empty remittance", "EPC069-12 data elements: empty middle elements keep their lines",
			map[string]string{"name": "Verein", "iban": "AT611904300234573201", "info": "Danke"},
			"BCD\n002\n1\nSCT\n\nVerein\nAT611904300234573201\n\n\n\n\nDanke"},
		{"UTF-8 name", "EPC069-12 character set 1 (UTF-8)",
			map[string]string{"name": "Franz Mustermänn", "iban": "DE71110220330123456789", "bic": "BHBLDEHHXXX", "amount": "12.3", "purpose": "GDDS", "reference": "RF18539007547034"},
			"BCD\n002\n1\nSCT\nBHBLDEHHXXX\nFranz Mustermänn\nDE71110220330123456789\nEUR12.3\nGDDS\nRF18539007547034"},
	})
	long := strings.Repeat("ä", 70)
	runBad(t, "epc", []bad{
		{"missing name", map[string]string{"iban": "BE72000000001616"}, "name"},
		{"blank name", map[string]string{"name": "   ", "iban": "BE72000000001616"}, "name"},
		{"name over 70", map[string]string{"name": strings.Repeat("x", 71), "iban": "BE72000000001616"}, "name"},
		{"line break in name", map[string]string{"name": "Red\nCross", "iban": "BE72000000001616"}, "name"},
		{"missing iban", map[string]string{"name": "Shop"}, "iban"},
		{"wrong IBAN check digit", map[string]string{"name": "Shop", "iban": "BE73000000001616"}, "iban"},
		{"wrong IBAN length for BE", map[string]string{"name": "Shop", "iban": "BE7200000000161"}, "iban"},
		{"IBAN with punctuation", map[string]string{"name": "Shop", "iban": "BE72-0000-0000-1616"}, "iban"},
		{"lower-case BIC", map[string]string{"name": "Shop", "iban": "BE72000000001616", "bic": "bpotbeb1"}, "bic"},
		{"BIC of 9 characters", map[string]string{"name": "Shop", "iban": "BE72000000001616", "bic": "BPOTBEB1X"}, "bic"},
		{"BIC with a digit in the bank code", map[string]string{"name": "Shop", "iban": "BE72000000001616", "bic": "BP0TBEB1"}, "bic"},
		{"version 001 without BIC", map[string]string{"name": "Shop", "iban": "BE72000000001616", "version": "001"}, "bic"},
		{"unknown version", map[string]string{"name": "Shop", "iban": "BE72000000001616", "version": "003"}, "version"},
		{"amount 0", map[string]string{"name": "Shop", "iban": "BE72000000001616", "amount": "0"}, "amount"},
		{"amount 0.00", map[string]string{"name": "Shop", "iban": "BE72000000001616", "amount": "0.00"}, "amount"},
		{"amount with 3 decimals", map[string]string{"name": "Shop", "iban": "BE72000000001616", "amount": "1.234"}, "amount"},
		{"amount with a comma", map[string]string{"name": "Shop", "iban": "BE72000000001616", "amount": "1,50"}, "amount"},
		{"amount over 999999999.99", map[string]string{"name": "Shop", "iban": "BE72000000001616", "amount": "1000000000"}, "amount"},
		{"amount with currency", map[string]string{"name": "Shop", "iban": "BE72000000001616", "amount": "EUR1"}, "amount"},
		{"purpose of 5 letters", map[string]string{"name": "Shop", "iban": "BE72000000001616", "purpose": "CHARI"}, "purpose"},
		{"lower-case purpose", map[string]string{"name": "Shop", "iban": "BE72000000001616", "purpose": "char"}, "purpose"},
		{"reference and text", map[string]string{"name": "Shop", "iban": "BE72000000001616", "reference": "RF18539007547034", "text": "Invoice 1"}, "text"},
		{"reference check digits", map[string]string{"name": "Shop", "iban": "BE72000000001616", "reference": "RF19539007547034"}, "reference"},
		{"reference not RF", map[string]string{"name": "Shop", "iban": "BE72000000001616", "reference": "INVOICE-12"}, "reference"},
		{"text over 140", map[string]string{"name": "Shop", "iban": "BE72000000001616", "text": strings.Repeat("x", 141)}, "text"},
		{"info over 70", map[string]string{"name": "Shop", "iban": "BE72000000001616", "info": strings.Repeat("x", 71)}, "info"},
		{"over 331 bytes", map[string]string{"name": long, "iban": "BE72000000001616", "bic": "BPOTBEB1XXX", "amount": "999999999.99", "purpose": "CHAR", "text": strings.Repeat("é", 140), "info": long}, "text"},
	})
	recogniseVectors(t, "epc", []recognised{
		{"EPC069-12 sample", "EPC069-12 v2.1 example",
			"BCD\n001\n1\nSCT\nBPOTBEB1\nRed Cross of Belgium\nBE72000000001616\nEUR1\nCHAR\n\nUrgency fund\nSample EPC QR code",
			map[string]string{"version": "001", "bic": "BPOTBEB1", "name": "Red Cross of Belgium", "iban": "BE72000000001616", "amount": "1", "purpose": "CHAR", "text": "Urgency fund", "info": "Sample EPC QR code"},
			"BCD\n001\n1\nSCT\nBPOTBEB1\nRed Cross of Belgium\nBE72000000001616\nEUR1\nCHAR\n\nUrgency fund\nSample EPC QR code"},
		{"CRLF and Latin-1 declared", "EPC069-12 allows CRLF separators and character sets 1 to 8",
			"BCD\r\n002\r\n2\r\nSCT\r\n\r\nShop\r\nDE89370400440532013000\r\nEUR5\r\n\r\n\r\nOrder 7\r\n",
			map[string]string{"version": "002", "name": "Shop", "iban": "DE89370400440532013000", "amount": "5", "text": "Order 7"},
			"BCD\n002\n1\nSCT\n\nShop\nDE89370400440532013000\nEUR5\n\n\nOrder 7"},
		{"a line break after the twelfth element", "EPC069-12 v2.1 example, ended with a line break as some banks' codes are",
			"BCD\n002\n1\nSCT\nGEBABEBB\nRed Cross Belgium\nBE72000000001616\nEUR10.50\nCHAR\n\nDonation\nThanks\n",
			map[string]string{"version": "002", "bic": "GEBABEBB", "name": "Red Cross Belgium", "iban": "BE72000000001616", "amount": "10.50", "purpose": "CHAR", "text": "Donation", "info": "Thanks"},
			"BCD\n002\n1\nSCT\nGEBABEBB\nRed Cross Belgium\nBE72000000001616\nEUR10.50\nCHAR\n\nDonation\nThanks"},
	})
	notRecognised(t, "epc", []string{
		"BCD\n003\n1\nSCT\n\nShop\nDE89370400440532013000",
		"BCD\n002\n1\nXYZ\n\nShop\nDE89370400440532013000",
		"BCD\n002\n1\nSCT\n\nShop",
		"BCD\n002\n1\nSCT\n\nShop\nDE89370400440532013000\nUSD5",
		"WIFI:S:x;;",
	})
}

// TestEPCFits checks that the largest payload EPC069-12 allows, 331 bytes,
// fits the version-13 symbol the guidelines require at level M.
func TestEPCFits(t *testing.T) {
	k := lookup(t, "epc")
	fields := map[string]string{"name": strings.Repeat("ä", 35), "iban": "BE72000000001616", "bic": "BPOTBEB1XXX", "amount": "999999999.99", "purpose": "CHAR", "info": strings.Repeat("x", 70)}
	base, errs := k.Build(fields)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	fields["text"] = strings.Repeat("y", 331-len(base))
	payload, errs := k.Build(fields)
	if len(errs) > 0 || len(payload) != 331 {
		t.Fatalf("payload of %d bytes, errors %v; want exactly 331 bytes", len(payload), errs)
	}
	sym, err := render.Encode(payload, k.Hints().Level)
	if err != nil || sym.Version > k.Hints().MaxVersion {
		t.Fatalf("331 bytes give version %d (%v), want at most %d", sym.Version, err, k.Hints().MaxVersion)
	}
	fields["text"] += "y"
	if _, errs := k.Build(fields); len(errs) != 1 || errs[0].Field != "text" || errs[0].Fix != "" || !strings.Contains(errs[0].Detail, "at least 1 bytes") {
		t.Fatalf("332 bytes: errors %+v, want text named, one byte over, and no fix", errs)
	}
}

// TestEPCSEPAScope checks that only IBANs of the SEPA schemes' scope
// (EPC409, as of Serbia's inclusion on 22 May 2025) are accepted, and that
// an IBAN of a SEPA country outside the EEA needs a BIC: EPC069-12 leaves
// the BIC out only for transfers within the EEA.
func TestEPCSEPAScope(t *testing.T) {
	vectors := []vector{
		{"DE, no BIC", "SWIFT IBAN Registry example DE; EPC409 (EU), EPC069-12 BIC optional in the EEA",
			map[string]string{"name": "Shop", "iban": "DE89370400440532013000"},
			"BCD\n002\n1\nSCT\n\nShop\nDE89370400440532013000"},
		{"GB with BIC", "SWIFT IBAN Registry example GB; EPC409 (outside the EEA), BIC given",
			map[string]string{"name": "Shop", "iban": "GB82WEST12345698765432", "bic": "NWBKGB2L"},
			"BCD\n002\n1\nSCT\nNWBKGB2L\nShop\nGB82WEST12345698765432"},
		{"CH with BIC", "SWIFT IBAN Registry example CH; EPC409 (outside the EEA), BIC given",
			map[string]string{"name": "Shop", "iban": "CH9300762011623852957", "bic": "UBSWCHZH80A"},
			"BCD\n002\n1\nSCT\nUBSWCHZH80A\nShop\nCH9300762011623852957"},
		{"AL with BIC", "SWIFT IBAN Registry example AL; EPC409 (joined November 2024)",
			map[string]string{"name": "Shop", "iban": "AL47212110090000000235698741", "bic": "NCBAALTX"},
			"BCD\n002\n1\nSCT\nNCBAALTX\nShop\nAL47212110090000000235698741"},
	}
	runVectors(t, "epc", vectors)
	snapVectors(t, vectors)
	cases := []bad{
		{"BR is outside SEPA", map[string]string{"name": "Loja", "iban": "BR1800360305000010009795493C1", "bic": "CEFXBRSP"}, "iban"},
		{"SA is outside SEPA", map[string]string{"name": "Shop", "iban": "SA0380000000608010167519"}, "iban"},
		{"XK had not joined", map[string]string{"name": "Shop", "iban": "XK051212012345678906"}, "iban"},
		{"GB without BIC", map[string]string{"name": "Shop", "iban": "GB82WEST12345698765432"}, "bic"},
		{"CH without BIC", map[string]string{"name": "Shop", "iban": "CH9300762011623852957"}, "bic"},
		{"ME without BIC", map[string]string{"name": "Shop", "iban": "ME25505000012345678951"}, "bic"},
	}
	runBad(t, "epc", cases)
	k := lookup(t, "epc")
	for _, c := range cases {
		_, errs := k.Build(c.fields)
		want := "is not in the SEPA scheme (EPC409); an EPC QR code pays SEPA credit transfers only"
		if c.field == "bic" {
			want = "only for transfers within the EEA"
		}
		if len(errs) != 1 || errs[0].Field != c.field || !strings.Contains(errs[0].Detail, want) || errs[0].Fix != "" {
			t.Errorf("%s: errors %+v, want one on %s saying %q, with no fix", c.name, errs, c.field, want)
		}
		if c.field == "iban" && !strings.Contains(errs[0].Detail, c.fields["iban"][:2]+" is not in the SEPA scheme") {
			t.Errorf("%s: %q does not name the country", c.name, errs[0].Detail)
		}
	}
	// Version 001 already requires the BIC: one error, not two.
	if _, errs := k.Build(map[string]string{"name": "Shop", "iban": "GB82WEST12345698765432", "version": "001"}); len(errs) != 1 || errs[0].Field != "bic" {
		t.Errorf("001 without BIC, GB IBAN: errors %+v, want one on bic", errs)
	}
}

// A purpose is fixed only to the code the caller wrote in another case or
// named by a word (ISO 20022 ExternalPurpose1Code): charity was once fixed
// to GDDS, a purchase of goods.
func TestEPCPurposeFix(t *testing.T) {
	k := lookup(t, "epc")
	for _, c := range []struct{ given, fix string }{
		{"char", "CHAR"},
		{"Char", "CHAR"},
		{"charity", "CHAR"},
		{"Salary", "SALA"},
		{"pension", "PENS"},
		{"rent", "RENT"},
		{"tax", "TAXS"},
		{"CHARI", ""},
		{"shopping", ""},
		{"C4R", ""},
	} {
		_, errs := k.Build(map[string]string{"name": "Red Cross", "iban": "BE72000000001616", "purpose": c.given})
		if len(errs) != 1 || errs[0].Field != "purpose" || errs[0].Fix != c.fix {
			t.Errorf("purpose %q: errors %+v, want one on purpose with fix %q", c.given, errs, c.fix)
			continue
		}
		if c.fix == "" && !strings.Contains(errs[0].Detail, "ExternalPurpose1Code") {
			t.Errorf("purpose %q: detail %q does not name the format", c.given, errs[0].Detail)
		}
	}
}

// TestEPCCharacterWarning checks the warning on characters past EPC217-08's
// conversion table (U+0000 to U+045F): EPC069-12's UTF-8 (character set 1)
// carries them, so the code is made as asked, name unchanged; a SEPA bank
// converts Ä to A but has no conversion for € or an emoji.
func TestEPCCharacterWarning(t *testing.T) {
	k := lookup(t, "epc")
	fields := map[string]string{"name": "Ärzte €😀", "iban": "DE89370400440532013000", "text": "Rechnung 7 € 😀😀", "info": "Danke 😀"}
	p, errs := k.Build(fields)
	if len(errs) > 0 || !strings.Contains(p, "\nÄrzte €😀\n") {
		t.Fatalf("%q %v: want the name written as given", p, errs)
	}
	warns := k.Warnings(fields)
	if len(warns) != 2 || warns[0].Field != "name" || warns[1].Field != "text" {
		t.Fatalf("warnings %+v, want name and text (info is the app's note, not the transfer's)", warns)
	}
	if d := warns[0].Detail; !strings.Contains(d, "has U+20AC, U+1F600, outside") || strings.Contains(d, "U+00C4") || !strings.Contains(d, "EPC217-08") {
		t.Errorf("name: %q, want € and 😀 named, not Ä, citing EPC217-08", d)
	}
	if d := warns[1].Detail; !strings.Contains(d, "has U+20AC, U+1F600, outside") {
		t.Errorf("text: %q, want each character named once", d)
	}
	for _, ok := range []map[string]string{
		{"name": "Müller, Zoë & Søn", "iban": "DE89370400440532013000"},
		{"name": "Ωμέγα Ѐ", "iban": "DE89370400440532013000"},
	} {
		if w := k.Warnings(ok); len(w) > 0 {
			t.Errorf("%q: %+v; EPC217-08 converts Latin, Greek and Cyrillic letters", ok["name"], w)
		}
	}
	if w := k.Warnings(map[string]string{"name": "😀"}); len(w) > 0 {
		t.Errorf("a refused call is warned of: %+v", w)
	}
}
