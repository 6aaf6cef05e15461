//go:build e2e

package e2e

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// bySquarePayment is what the bysquare package reads from a PAY by square
// string (its DataModel): a field it leaves out of its JSON, because the
// code has it empty, is "" here; an empty amount reads as 0.
type bySquarePayment struct {
	Type                            int               `json:"type"`
	Amount                          float64           `json:"amount"`
	CurrencyCode                    string            `json:"currencyCode"`
	PaymentDueDate                  string            `json:"paymentDueDate"`
	VariableSymbol                  string            `json:"variableSymbol"`
	ConstantSymbol                  string            `json:"constantSymbol"`
	SpecificSymbol                  string            `json:"specificSymbol"`
	OriginatorsReferenceInformation string            `json:"originatorsReferenceInformation"`
	PaymentNote                     string            `json:"paymentNote"`
	BankAccounts                    []bySquareAccount `json:"bankAccounts"`
	Beneficiary                     struct {
		Name   string `json:"name"`
		Street string `json:"street"` // address line 1 (Table 15, field 32)
		City   string `json:"city"`   // address line 2 (field 33)
	} `json:"beneficiary"`
}

type bySquareAccount struct {
	IBAN string `json:"iban"`
	BIC  string `json:"bic"`
}

type bySquareModel struct {
	InvoiceID string            `json:"invoiceId"`
	Payments  []bySquarePayment `json:"payments"`
}

// TestBySquareReadsOnTheBysquarePackage asks the service for PAY by
// square payments, reads each payload with the bysquare npm package, whose
// base32hex, LZMA and CRC32 are its own, and compares every field it
// reports with what was asked. It also reads each code's PNG with zbar, so
// that the payload is what the code holds.
func TestBySquareReadsOnTheBysquarePackage(t *testing.T) {
	// 140 characters, the longest note (Table 15, field 11), whose
	// repeats the compressor codes as matches.
	note140 := string([]rune(strings.Repeat("Platba za služby, ", 8))[:133]) + "č. 2025"
	cases := []struct {
		name   string
		fields url.Values
		want   bySquarePayment
		// invoice is the model's invoice ID.
		invoice string
	}{
		{"canonical example", url.Values{"name": {"John Doe"}, "iban": {"SK9611000000002918599669"}, "amount": {"100"}, "vs": {"123"}, "invoice": {"random-id"}},
			payment("100", "EUR", "", "123", "", "", "", "", "SK9611000000002918599669", "", "John Doe", "", ""), "random-id"},
		{"every field, Slovak letters, fields normalised", url.Values{
			"name": {"Ján Kováč"}, "address_line1": {"Štúrova 27"}, "address_line2": {"040 01 Košice"},
			"iban": {"SK56 8180 0000 0070 0015 7042"}, "bic": {"SPSRSKBA"}, "amount": {"25.30"}, "currency": {"eur"},
			"due": {"2025-12-31"}, "vs": {"2015001"}, "ks": {"0308"}, "ss": {"1234567890"},
			"reference": {"E2E/2015001"}, "note": {"Faktúra 2015001 & 50 % záloha?"}, "invoice": {"FA-2015001"}},
			payment("25.30", "EUR", "20251231", "2015001", "0308", "1234567890", "E2E/2015001", "Faktúra 2015001 & 50 % záloha?", "SK5681800000007000157042", "SPSRSKBA", "Ján Kováč", "Štúrova 27", "040 01 Košice"), "FA-2015001"},
		{"no amount", url.Values{"name": {"Jane Doe"}, "iban": {"SK2738545237537948273958"}},
			payment("", "EUR", "", "", "", "", "", "", "SK2738545237537948273958", "", "Jane Doe", "", ""), ""},
		{"Czech koruna, largest amount", url.Values{"name": {"Spolek Přátel Přírody"}, "iban": {"CZ6508000000192000145399"}, "bic": {"GIBACZPX"}, "amount": {"999999999999.99"}, "currency": {"CZK"}, "vs": {"9999999999"}},
			payment("999999999999.99", "CZK", "", "9999999999", "", "", "", "", "CZ6508000000192000145399", "GIBACZPX", "Spolek Přátel Přírody", "", ""), ""},
		{"longest note and name, repeated text", url.Values{"name": {strings.Repeat("Ľudová ", 9) + "Ľudovák"}, "iban": {"AT611904300234573201"}, "bic": {"BKAUATWWXXX"}, "amount": {"0.01"}, "note": {note140}, "address_line1": {strings.Repeat("a", 70)}},
			payment("0.01", "EUR", "", "", "", "", "", note140, "AT611904300234573201", "BKAUATWWXXX", strings.Repeat("Ľudová ", 9)+"Ľudovák", strings.Repeat("a", 70), ""), ""},
	}

	payloads := make([]string, len(cases))
	for i, c := range cases {
		q := url.Values{}
		for k, v := range c.fields {
			q[k] = v
		}
		q.Set("format", "text")
		resp, body := get(t, "/api/v1/bysquare/payload", q)
		if resp.StatusCode != 200 {
			t.Fatalf("%s: GET /api/v1/bysquare/payload: status %d: %s", c.name, resp.StatusCode, body)
		}
		payloads[i] = string(body)

		q.Set("format", "png")
		q.Set("size", "600")
		resp, png := get(t, "/api/v1/bysquare", q)
		if resp.StatusCode != 200 {
			t.Fatalf("%s: GET /api/v1/bysquare: status %d: %s", c.name, resp.StatusCode, png)
		}
		assertDecodes(t, png, sanitize(c.name)+".png", payloads[i])
	}

	decoder, results := bysquarePackageDecode(t, payloads)
	t.Logf("decoder: %s", decoder)
	for i, c := range cases {
		r := results[i]
		if r.Error != "" {
			t.Errorf("%s: the bysquare package cannot read %q: %s", c.name, payloads[i], r.Error)
			continue
		}
		var m bySquareModel
		dec := json.NewDecoder(bytes.NewReader(r.Model))
		dec.DisallowUnknownFields() // a field it reads that we do not compare fails
		if err := dec.Decode(&m); err != nil {
			t.Errorf("%s: model %s: %v", c.name, r.Model, err)
			continue
		}
		if m.InvoiceID != c.invoice {
			t.Errorf("%s: invoiceId %q, want %q", c.name, m.InvoiceID, c.invoice)
		}
		if len(m.Payments) != 1 {
			t.Errorf("%s: %d payments, want 1: %s", c.name, len(m.Payments), r.Model)
			continue
		}
		got, want := m.Payments[0], c.want
		if len(got.BankAccounts) != 1 {
			t.Errorf("%s: %d bank accounts, want 1: %s", c.name, len(got.BankAccounts), r.Model)
			continue
		}
		for _, f := range []struct{ field, got, want string }{
			{"type", strconv.Itoa(got.Type), strconv.Itoa(want.Type)},
			{"amount", strconv.FormatFloat(got.Amount, 'f', -1, 64), strconv.FormatFloat(want.Amount, 'f', -1, 64)},
			{"currencyCode", got.CurrencyCode, want.CurrencyCode},
			{"paymentDueDate", got.PaymentDueDate, want.PaymentDueDate},
			{"variableSymbol", got.VariableSymbol, want.VariableSymbol},
			{"constantSymbol", got.ConstantSymbol, want.ConstantSymbol},
			{"specificSymbol", got.SpecificSymbol, want.SpecificSymbol},
			{"originatorsReferenceInformation", got.OriginatorsReferenceInformation, want.OriginatorsReferenceInformation},
			{"paymentNote", got.PaymentNote, want.PaymentNote},
			{"iban", got.BankAccounts[0].IBAN, want.BankAccounts[0].IBAN},
			{"bic", got.BankAccounts[0].BIC, want.BankAccounts[0].BIC},
			{"beneficiary.name", got.Beneficiary.Name, want.Beneficiary.Name},
			{"beneficiary.street", got.Beneficiary.Street, want.Beneficiary.Street},
			{"beneficiary.city", got.Beneficiary.City, want.Beneficiary.City},
		} {
			if f.got != f.want {
				t.Errorf("%s: %s is %q, want %q (payload %s)", c.name, f.field, f.got, f.want, payloads[i])
			}
		}
	}
}

// payment is a payment order (type 1) to one account as the bysquare
// package reports it; amount "" is read as 0.
func payment(amount, currency, due, vs, ks, ss, reference, note, iban, bic, name, line1, line2 string) bySquarePayment {
	p := bySquarePayment{
		Type: 1, CurrencyCode: currency, PaymentDueDate: due,
		VariableSymbol: vs, ConstantSymbol: ks, SpecificSymbol: ss,
		OriginatorsReferenceInformation: reference, PaymentNote: note,
	}
	if amount != "" {
		v, err := strconv.ParseFloat(amount, 64)
		if err != nil {
			panic("payment: amount " + amount)
		}
		p.Amount = v
	}
	p.BankAccounts = []bySquareAccount{{IBAN: iban, BIC: bic}}
	p.Beneficiary.Name, p.Beneficiary.Street, p.Beneficiary.City = name, line1, line2
	return p
}

type bysquareResult struct {
	Model json.RawMessage `json:"model"`
	Error string          `json:"error"`
}

// bysquarePackageDecode runs e2e/decoders/bysquare.mjs under node. Node or
// the package missing is a failure, never a skip: a green run must have
// read every payload.
func bysquarePackageDecode(t *testing.T, payloads []string) (string, []bysquareResult) {
	t.Helper()
	dir := decodersDir(t)
	cmd := exec.Command("node", append([]string{filepath.Join(dir, "bysquare.mjs")}, payloads...)...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node bysquare.mjs: %v\n%.2000s\ninstall with: cd e2e/decoders && npm ci (bash .ci/run e2e does it)", err, stderr.String())
	}
	var out struct {
		Decoder string           `json:"decoder"`
		Results []bysquareResult `json:"results"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("bysquare.mjs: output is not the documented JSON: %v: %.300s", err, stdout.String())
	}
	if len(out.Results) != len(payloads) {
		t.Fatalf("bysquare.mjs: %d results for %d payloads", len(out.Results), len(payloads))
	}
	return out.Decoder, out.Results
}
