package kinds

import "testing"

func TestCPFAndCNPJCheckDigits(t *testing.T) {
	for _, c := range []struct {
		in   string
		cpf  bool
		cnpj bool
	}{
		{"12345678909", true, false}, // check digits 09 by the Receita Federal's modulo 11 rule, recomputed
		{"52998224725", true, false}, // check digits 25, likewise
		{"12345678900", false, false},
		{"11111111111", false, false}, // passes the arithmetic, never issued
		{"11222333000181", false, true},
		{"11222333000180", false, false},
		// Receita Federal's alphanumeric CNPJ example (Nota Técnica
		// COCAD/SUARA/RFB 49/2024): letters count as ASCII minus 48.
		{"12ABC34501DE35", false, true},
		{"12ABC34501DE36", false, false},
		{"12abc34501de35", false, false}, // letters are capitals
		{"00000000000000", false, false},
		{"1122233300018", false, false},
	} {
		if got := cpfValid(c.in); got != c.cpf {
			t.Errorf("cpfValid(%q) = %v", c.in, got)
		}
		if got := cnpjValid(c.in); got != c.cnpj {
			t.Errorf("cnpjValid(%q) = %v", c.in, got)
		}
	}
}
