package kinds_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/qrforge/qrforge/registry"
)

const pixEVP = "123e4567-e12b-12d1-a456-426655440000"

func TestPix(t *testing.T) {
	runVectors(t, "pix", []vector{
		// Banco Central do Brasil, Manual do BR Code: the static example with
		// a random key, no amount and no txid (CRC 1D3D).
		{"BCB Manual do BR Code example", "BCB Manual do BR Code, static QR example",
			map[string]string{"key": pixEVP, "name": "Fulano de Tal", "city": "BRASILIA"},
			"00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D"},
		// The same example with an amount (Manual do BR Code, data object
		// 54), as a .NET test suite quotes it; its CRC 488D was recomputed
		// independently (CRC-16/CCITT-FALSE, data object 63).
		{"BCB example with amount", "BCB Manual do BR Code example with amount 123.45 (data object 54; CRC recomputed)",
			map[string]string{"key": pixEVP, "name": "FULANO DE TAL", "city": "BRASILIA", "amount": "123.45"},
			"00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406123.455802BR5913FULANO DE TAL6008BRASILIA62070503***6304488D"},
		// @brazilian-utils/brazilian-utils generatePixPayload README: a
		// punctuated CPF key loses its punctuation and "Brasília" its accent.
		{"CPF key, accented city", "@brazilian-utils/brazilian-utils generatePixPayload README example",
			map[string]string{"key": "123.456.789-09", "name": "Fulano de Tal", "city": "Brasília", "amount": "123.45"},
			"00020126330014br.gov.bcb.pix0111123456789095204000053039865406123.455802BR5913Fulano de Tal6008Brasilia62070503***630479EE"},
		// A phone key with description and txid, from a third-party
		// application's end-to-end test (CRC EAF0 recomputed).
		{"phone key, description, txid", "third-party BR Code (phone key, 26-02, 62-05 TX123); CRC recomputed",
			map[string]string{"key": "+55 11 99999-9999", "name": "FULANO DE TAL", "city": "SAO PAULO", "amount": "123.45", "description": "Padaria do Bairro", "txid": "TX123"},
			"00020126570014br.gov.bcb.pix0114+55119999999990217Padaria do Bairro5204000053039865406123.455802BR5913FULANO DE TAL6009SAO PAULO62090505TX1236304EAF0"},
	})
	badCases := []bad{
		{"missing key", map[string]string{"name": "A", "city": "B"}, "key"},
		{"wrong CPF check digit", map[string]string{"key": "12345678900", "name": "A", "city": "B"}, "key"},
		{"CPF of one repeated digit", map[string]string{"key": "111.111.111-11", "name": "A", "city": "B"}, "key"},
		{"wrong CNPJ check digit", map[string]string{"key": "11.222.333/0001-80", "name": "A", "city": "B"}, "key"},
		{"wrong length of digits", map[string]string{"key": "1234567890", "name": "A", "city": "B"}, "key"},
		{"phone outside Brazil", map[string]string{"key": "+14155550123", "name": "A", "city": "B"}, "key"},
		{"phone of wrong length", map[string]string{"key": "+55119876", "name": "A", "city": "B"}, "key"},
		{"e-mail over 77", map[string]string{"key": strings.Repeat("a", 70) + "@example.com", "name": "A", "city": "B"}, "key"},
		{"e-mail with a space", map[string]string{"key": "ful ano@example.com", "name": "A", "city": "B"}, "key"},
		{"bad charset in txid", map[string]string{"key": pixEVP, "name": "A", "city": "B", "txid": "PEDIDO-42"}, "txid"},
		{"txid over 25", map[string]string{"key": pixEVP, "name": "A", "city": "B", "txid": strings.Repeat("A", 26)}, "txid"},
		{"name too long", map[string]string{"key": pixEVP, "name": strings.Repeat("N", 26), "city": "B"}, "name"},
		{"name with no ASCII form", map[string]string{"key": pixEVP, "name": "東京商店", "city": "B"}, "name"},
		{"blank name", map[string]string{"key": pixEVP, "name": "   ", "city": "B"}, "name"},
		{"city too long", map[string]string{"key": pixEVP, "name": "A", "city": "Sao Jose dos Campos"}, "city"},
		{"template 26 over 99", map[string]string{"key": pixEVP, "name": "A", "city": "B", "description": strings.Repeat("d", 38)}, "description"},
		{"amount with comma", map[string]string{"key": pixEVP, "name": "A", "city": "B", "amount": "10,50"}, "amount"},
		{"amount zero", map[string]string{"key": pixEVP, "name": "A", "city": "B", "amount": "0.00"}, "amount"},
		{"amount over 13 characters", map[string]string{"key": pixEVP, "name": "A", "city": "B", "amount": "12345678901234"}, "amount"},
		{"amount with 3 decimals", map[string]string{"key": pixEVP, "name": "A", "city": "B", "amount": "1.005"}, "amount"},
		{"cep of 7 digits", map[string]string{"key": pixEVP, "name": "A", "city": "B", "cep": "0131010"}, "cep"},
	}
	runBad(t, "pix", badCases)
	checkFixes(t, "pix", badCases)
}

func TestPixKeyTypes(t *testing.T) {
	k := lookup(t, "pix")
	for _, c := range []struct{ in, want string }{
		{"529.982.247-25", "52998224725"},                                                  // CPF, punctuation removed
		{"11.222.333/0001-81", "11222333000181"},                                           // CNPJ
		{"12.ABC.345/01DE-35", "12ABC34501DE35"},                                           // alphanumeric CNPJ (Receita Federal NT 49/2024 example)
		{"Fulano@Example.COM", "fulano@example.com"},                                       // e-mail in lower case (DICT)
		{"+55 (11) 98765-4321", "+5511987654321"},                                          // phone, separators removed
		{"123E4567E12B12D1A456426655440000", pixEVP},                                       // EVP without dashes, upper case
		{" 123e4567-e12b-12d1-a456-426655440000 ", "123e4567-e12b-12d1-a456-426655440000"}, // surrounding spaces
	} {
		p, errs := k.Build(map[string]string{"key": c.in, "name": "A", "city": "B"})
		if len(errs) > 0 {
			t.Errorf("%q refused: %v", c.in, errs)
			continue
		}
		if !strings.Contains(p, "01"+emvLengthField(len(c.want))+c.want) {
			t.Errorf("%q: payload %q lacks key %q", c.in, p, c.want)
		}
	}
}

// emvLengthField writes an EMV length field.
func emvLengthField(n int) string { return string([]byte{byte('0' + n/10), byte('0' + n%10)}) }

func TestPixFixes(t *testing.T) {
	k := lookup(t, "pix")
	for _, c := range []struct {
		name   string
		fields map[string]string
		field  string
		fix    string
	}{
		// 11 digits that are no CPF but read as a mobile number: +55 is
		// offered.
		// An 11-digit key could be a mobile without +55 or a CPF: adding a
		// country code would guess, so there is no fix.
		{"mobile without +55", map[string]string{"key": "11987654321", "name": "A", "city": "B"}, "key", ""},
		// PEDIDO42cao is another reconciliation id than the one the
		// merchant's system knows: no fix.
		{"txid punctuation", map[string]string{"key": pixEVP, "name": "A", "city": "B", "txid": "PEDIDO-42 / ção"}, "txid", ""},
		// Cut to fit it would be another message: no fix.
		{"description too long", map[string]string{"key": pixEVP, "name": "A", "city": "B", "description": strings.Repeat("d", 40)}, "description", ""},
		// Cut to 25 it would be another payee's name: no fix.
		{"name too long", map[string]string{"key": pixEVP, "name": strings.Repeat("N", 30), "city": "B"}, "name", ""},
	} {
		_, errs := k.Build(c.fields)
		found := false
		for _, e := range errs {
			if e.Field == c.field {
				found = true
				if e.Fix != c.fix {
					t.Errorf("%s: fix %q, want %q", c.name, e.Fix, c.fix)
				}
				if e.Fix == "" {
					continue
				}
				if _, again := k.Build(withField(c.fields, c.field, e.Fix)); len(again) > 0 {
					t.Errorf("%s: the fix %q is refused too: %v", c.name, e.Fix, again)
				}
			}
		}
		if !found {
			t.Errorf("%s: no error on %s: %v", c.name, c.field, errs)
		}
	}
}

// checkFixes applies the Fix of each bad case's error on its field and
// builds again: a fix must be a valid value ("" drops the field), so the
// corrected call succeeds. On an identity field there may be no fix at
// all, and any there is must be the caller's value, mechanically
// corrected.
func checkFixes(t *testing.T, kind string, cases []bad) {
	t.Helper()
	k := lookup(t, kind)
	for _, c := range cases {
		_, errs := k.Build(c.fields)
		for _, e := range errs {
			if e.Field != c.field {
				continue
			}
			if k.IsIdentity(e.Field) {
				if e.Fix == "" {
					continue
				}
				if !registry.Mechanical(c.fields[e.Field], e.Fix) {
					t.Errorf("%s %q: the fix %q of identity field %s is not the caller's %q", kind, c.name, e.Fix, e.Field, c.fields[e.Field])
				}
			}
			fixed := withField(c.fields, e.Field, e.Fix)
			if e.Fix == "" {
				delete(fixed, e.Field)
			}
			if _, again := k.Build(fixed); len(again) > 0 {
				t.Errorf("%s %q: the fix %q of %s is refused: %v", kind, c.name, e.Fix, e.Field, again)
			}
		}
	}
}

func withField(m map[string]string, k, v string) map[string]string {
	out := map[string]string{}
	for a, b := range m {
		out[a] = b
	}
	out[k] = v
	return out
}

func TestPixRecognise(t *testing.T) {
	recogniseVectors(t, "pix", []recognised{
		// The GUI in capitals, as many banks write it, is read and written
		// back in the BCB example's lower case.
		{"upper-case GUI", "matheusb-comp gist \"Exemplos de formato PIX\" shape, rebuilt with a correct CRC",
			"00020126360014BR.GOV.BCB.PIX0114+55119432143215204000053039865405" + "66.665802BR5907EMPRESA6008BRASILIA62070503***630404ED",
			map[string]string{"key": "+5511943214321", "name": "EMPRESA", "city": "BRASILIA", "amount": "66.66"},
			"00020126360014br.gov.bcb.pix0114+55119432143215204000053039865405" + "66.665802BR5907EMPRESA6008BRASILIA62070503***6304" + "52B5"},
	})
	notRecognised(t, "pix", []string{
		// A dynamic BR Code: its key lives behind the payload URL (26-25).
		"00020101021226480014br.gov.bcb.pix2526pix.example.com/qr/v2/12345204000053039865802BR5913Fulano de Tal6008Brasilia62070503***6304FC66",
		// The BCB example with one character changed: the CRC fails.
		"00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulana de Tal6008BRASILIA62070503***63041D3D",
		"not a pix code",
	})
}

// TestPixRepeatedDigitTaxID checks that a CPF or CNPJ key of one repeated
// digit is refused as never issued by the Receita Federal, not for its
// check digits: every such CPF and the CNPJ 00000000000000 pass the
// modulo-11 arithmetic, so a check-digit message would be false.
func TestPixRepeatedDigitTaxID(t *testing.T) {
	cases := []bad{
		{"CPF 00000000000", map[string]string{"key": "00000000000", "name": "A", "city": "B"}, "key"},
		{"CPF 111.111.111-11", map[string]string{"key": "111.111.111-11", "name": "A", "city": "B"}, "key"},
		{"CPF 99999999999", map[string]string{"key": "99999999999", "name": "A", "city": "B"}, "key"},
		{"CNPJ 00000000000000", map[string]string{"key": "00000000000000", "name": "A", "city": "B"}, "key"},
		{"CNPJ 11.111.111/1111-11", map[string]string{"key": "11.111.111/1111-11", "name": "A", "city": "B"}, "key"},
	}
	runBad(t, "pix", cases)
	k := lookup(t, "pix")
	for _, c := range cases {
		want := "a CPF of one repeated digit is not issued by Receita Federal"
		if strings.HasPrefix(c.name, "CNPJ") {
			want = "a CNPJ of one repeated digit is not issued by Receita Federal"
		}
		_, errs := k.Build(c.fields)
		if len(errs) != 1 || !strings.Contains(errs[0].Detail, want) || strings.Contains(errs[0].Detail, "do not match") || errs[0].Fix != "" {
			t.Errorf("%s: errors %+v, want one on key saying %q, with no fix", c.name, errs, want)
		}
	}
}

// An amount's fix leaves out the currency's sign as it leaves out its code
// (README, Errors): R$ 10,00 once got no fix on pix while BRL 10.00 got 10.
func TestAmountSignFixes(t *testing.T) {
	for _, c := range []struct{ kind, amount, fix string }{
		{"pix", "R$ 10,00", "10"},
		{"pix", "R$10.00", "10"},
		{"pix", "10,50 R$", "10.5"},
		{"pix", "BRL 10.00", "10"},
		{"paynow", "S$ 12.50", "12.5"},
		{"sgqr", "S$12.50", "12.50"},
		{"duitnow", "RM 5,00", "5.00"},
		{"qris", "Rp 15000", "15000.00"},
		{"qrph", "₱ 99.50", "99.50"},
		{"bharatqr", "₹ 250", "250.00"},
		{"promptpay", "฿100", "100"},
		{"epc", "€ 1.000,50", "1000.50"},
		{"upi", "₹ 1000,50", "1000.50"},
		{"pix", "$ 10.00", ""},
		{"pix", "€ 10.00", ""},
	} {
		k := lookup(t, c.kind)
		fields := k.Example()
		fields["amount"] = c.amount
		if c.kind == "upi" {
			delete(fields, "amount")
			fields["am"] = c.amount
		}
		_, errs := k.Build(fields)
		i := slices.IndexFunc(errs, func(e registry.FieldError) bool { return e.Field == "amount" || e.Field == "am" })
		if i < 0 || errs[i].Fix != c.fix {
			t.Errorf("%s amount %q: errors %+v, want fix %q", c.kind, c.amount, errs, c.fix)
		}
	}
}

// A key copied with its type label (CPF: 123.456.789-09, chave: ...) was
// refused as none of the key types; BCB's Manual de Padrões para
// Iniciação do Pix writes the key alone, so the label is left out where
// it names the key's type, and a label of another type is refused. 11
// digits that are no CPF but have a mobile number's shape say both
// readings, with no fix.
func TestPixKeyWithItsLabel(t *testing.T) {
	k := lookup(t, "pix")
	for key, want := range map[string]string{
		"CPF: 123.456.789-09":         "0111" + "12345678909",
		"Chave Pix: 123.456.789-09":   "0111" + "12345678909",
		"chave: fulano@example.com":   "0118" + "fulano@example.com",
		"CNPJ: 11.222.333/0001-81":    "0114" + "11222333000181",
		"telefone: +55 11 98765-4321": "0114" + "+5511987654321",
		"CPF: fulano@example.com":     "",
	} {
		payload, errs := k.Build(map[string]string{"key": key, "name": "A", "city": "B"})
		switch {
		case want == "" && (len(errs) != 1 || errs[0].Fix != ""):
			t.Errorf("key=%q: %v, want one error without a fix", key, errs)
		case want != "" && (len(errs) > 0 || !strings.Contains(payload, want)):
			t.Errorf("key=%q: %q %v, want it to hold %q", key, payload, errs, want)
		}
	}
	_, errs := k.Build(map[string]string{"key": "11987654321", "name": "A", "city": "B"})
	if len(errs) != 1 || !strings.Contains(errs[0].Detail, "+5511987654321") || !strings.Contains(errs[0].Detail, "CPF") {
		t.Errorf("11987654321: %v, want a detail that says it may be a CPF or +5511987654321", errs)
	}
}
