package kinds

import (
	"slices"
	"sort"
	"strings"
	"unicode"
)

// Currencies by the sign or word people write for them instead of their
// ISO 4217 code. A sign or word may stand for several (the dollar sign
// for the US, Canadian, Australian ... dollars and most pesos): it names
// a currency only where the kind admits exactly one of them, and a fix
// never picks one of several.
var (
	dollars = []string{"USD", "AUD", "BBD", "BMD", "BND", "BSD", "BZD", "CAD", "FJD", "GYD", "HKD", "JMD", "KYD", "LRD", "NAD", "NZD", "SBD", "SGD", "SRD", "TTD", "TWD", "XCD"}
	pesos   = []string{"MXN", "ARS", "CLP", "COP", "CUP", "DOP", "UYU", "PHP"}
	francs  = []string{"CHF", "XOF", "XAF", "XPF", "KMF", "GNF", "BIF", "DJF", "RWF", "CDF"}
	pounds  = []string{"GBP", "EGP", "GIP", "FKP", "SHP", "SSP", "SYP", "LBP", "SDG"}
	rupees  = []string{"INR", "PKR", "NPR", "LKR", "MUR", "SCR"}
	crowns  = []string{"SEK", "NOK", "DKK", "ISK"}
)

var currencyNames = map[string][]string{
	"€": {"EUR"}, "euro": {"EUR"}, "euros": {"EUR"}, "eura": {"EUR"}, "eur.": {"EUR"},
	"$": append(slices.Clone(dollars), pesos[:7]...), "dollar": dollars, "dollars": dollars,
	"US$": {"USD"}, "us-dollar": {"USD"}, "us-dollars": {"USD"}, "us dollar": {"USD"}, "us dollars": {"USD"},
	"S$": {"SGD"}, "R$": {"BRL"}, "real": {"BRL"}, "reais": {"BRL"},
	"peso": pesos, "pesos": pesos, "₱": {"PHP"},
	"Fr.": {"CHF"}, "SFr.": {"CHF"}, "franc": francs, "francs": francs,
	"swiss-franc": {"CHF"}, "swiss-francs": {"CHF"}, "swiss franc": {"CHF"}, "swiss francs": {"CHF"}, "franken": {"CHF"},
	"£": pounds, "pound": pounds, "pounds": pounds, "sterling": {"GBP"},
	"Kč": {"CZK"}, "koruna": {"CZK"}, "koruny": {"CZK"}, "korun": {"CZK"},
	"zł": {"PLN"}, "złoty": {"PLN"}, "zloty": {"PLN"}, "złotych": {"PLN"},
	"Ft": {"HUF"}, "forint": {"HUF"},
	"kr": crowns, "kr.": crowns,
	"Rp": {"IDR"}, "rupiah": {"IDR"},
	"₹": {"INR"}, "Rs.": rupees, "Rs": rupees, "rupee": rupees, "rupees": rupees,
	"¥": {"JPY", "CNY"}, "yen": {"JPY"}, "yuan": {"CNY"}, "rmb": {"CNY"}, "renminbi": {"CNY"},
	"៛": {"KHR"}, "riel": {"KHR"}, "riels": {"KHR"},
	"₩": {"KRW", "KPW"}, "won": {"KRW", "KPW"},
	"RM": {"MYR"}, "ringgit": {"MYR"},
	"฿": {"THB"}, "baht": {"THB"},
	"₫": {"VND"}, "dong": {"VND"},
}

// currencyReadings are the ISO 4217 codes v may be written for: v
// itself in any case, its ISO 4217 numeric code (978 is EUR), or a sign
// or word of currencyNames, in any case; nil for none.
func currencyReadings(v string) []string {
	v = strings.TrimFunc(v, unicode.IsSpace)
	if n, ok := iso4217Numeric(v); ok {
		return []string{iso4217[n].alpha}
	}
	for name, codes := range currencyNames {
		if strings.EqualFold(name, v) {
			return codes
		}
	}
	return nil
}

// admittedReadings are the readings of v that admits allows.
func admittedReadings(v string, admits func(code string) bool) []string {
	var out []string
	for _, c := range currencyReadings(v) {
		if admits(c) {
			out = append(out, c)
		}
	}
	return out
}

// currencyWordFix is the error of a currency field written as a sign,
// word or numeric code: its fix is the one code it stands for among the
// codes admits allows; with several there is no fix, and the detail says
// which they are. ok is false when v is no such word.
func currencyWordFix(v string, admits func(code string) bool) (fix, why string, ok bool) {
	all := currencyReadings(v)
	if len(all) == 0 {
		return "", "", false
	}
	codes := admittedReadings(v, admits)
	switch len(codes) {
	case 0:
		return "", "; " + quoteWord(v) + " is " + strings.Join(all, " or ") + ", which this code does not carry", true
	case 1:
		return codes[0], "", true
	}
	return "", "; " + quoteWord(v) + " may be " + orList(codes) + ": write the ISO 4217 code meant", true
}

// namesOf are the signs and words of currencyNames that may stand for
// code, longest first, so that US$ is read before $.
func namesOf(code string) []string {
	var out []string
	for name, codes := range currencyNames {
		if slices.Contains(codes, code) {
			out = append(out, name)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if len(out[i]) != len(out[j]) {
			return len(out[i]) > len(out[j])
		}
		return out[i] < out[j]
	})
	return out
}

func quoteWord(v string) string {
	return "\"" + strings.TrimSpace(v) + "\""
}

// orList writes codes as "A, B or C".
func orList(codes []string) string {
	if len(codes) == 1 {
		return codes[0]
	}
	return strings.Join(codes[:len(codes)-1], ", ") + " or " + codes[len(codes)-1]
}
