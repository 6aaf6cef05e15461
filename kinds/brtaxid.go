package kinds

import "strings"

// Brazilian taxpayer numbers, the CPF (people) and the CNPJ (companies),
// which are also Pix keys.
//
// Both end in two check digits computed modulo 11. Since July 2026 the
// Receita Federal issues alphanumeric CNPJs: the first 12 characters may be
// capital letters, each counted as its ASCII code minus 48 (A = 17), and the
// arithmetic is unchanged, so every numeric CNPJ keeps its check digits
// (Receita Federal, Nota Técnica COCAD/SUARA/RFB nº 49/2024). The one Go
// library in common use, github.com/paemuri/brdoc (last release 2021),
// predates that change and refuses those CNPJs, so the check is written
// here.

// oneRepeatedDigit reports whether s is one digit repeated, as 00000000000
// or 11111111111111. Every such CPF, and the CNPJ 00000000000000, passes
// the modulo-11 arithmetic, yet the Receita Federal issues none of them, so
// they are refused with that reason rather than as a check-digit error.
func oneRepeatedDigit(s string) bool {
	return s != "" && allDigits(s) && strings.Count(s, s[:1]) == len(s)
}

// cpfValid reports whether s is 11 digits whose last two are the CPF check
// digits, and not one digit repeated.
func cpfValid(s string) bool {
	if len(s) != 11 || !allDigits(s) || oneRepeatedDigit(s) {
		return false
	}
	return s[9:] == mod11Digits(s[:9], 10, 10)
}

// cnpjValid reports whether s is 12 capital letters or digits followed by
// the two CNPJ check digits, and not one digit repeated.
func cnpjValid(s string) bool {
	if len(s) != 14 || !allDigits(s[12:]) || oneRepeatedDigit(s) {
		return false
	}
	for i := 0; i < 12; i++ {
		if c := s[i]; !('0' <= c && c <= '9' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return s[12:] == mod11Digits(s[:12], 5, 9)
}

// mod11Digits computes two check digits of the CPF and CNPJ family: each
// character's value (ASCII minus 48) is weighted from first down to 2 and
// wrapping back to wrap, the sum taken modulo 11, and a remainder under 2
// gives 0, any other r gives 11 − r. The second digit repeats this over the
// number with the first digit appended, starting one weight higher.
func mod11Digits(body string, first, wrap int) string {
	digit := func(s string, w int) byte {
		sum := 0
		for i := 0; i < len(s); i++ {
			sum += int(s[i]-'0') * w
			if w--; w < 2 {
				w = wrap
			}
		}
		if r := sum % 11; r >= 2 {
			return byte('0' + 11 - r)
		}
		return '0'
	}
	d1 := digit(body, first)
	d2 := digit(body+string(d1), first+1)
	return string([]byte{d1, d2})
}
